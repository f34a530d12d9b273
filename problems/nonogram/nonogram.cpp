#include "nonogram.h"

#include <puzzlesat/clause_writer.h>
#include <puzzlesat/regular.h>

namespace puzzlesat::nonogram {

// [START model]
namespace {
// The clue as an automaton: state p = how much of the pattern 1^a 0 1^b 0 ... 1^z is read;
// a 0 may repeat before a run and after the last one, never inside a run.
void require_clue(Model& m, const std::vector<sat::Lit>& line, const Clue& clue) {
  std::vector<bool> pattern;
  for (int run : clue) {
    if (!pattern.empty()) pattern.push_back(false);
    pattern.insert(pattern.end(), static_cast<std::size_t>(run), true);
  }
  const int end = static_cast<int>(pattern.size());
  enc::detail::Automaton a;
  a.next = [&](int p, int, bool filled) {
    if (p == end) return filled ? -1 : end;
    if (pattern[static_cast<std::size_t>(p)]) {
      const bool between_runs = p == 0 || !pattern[static_cast<std::size_t>(p) - 1];
      return filled ? p + 1 : between_runs ? p : -1;
    }
    return filled ? -1 : p + 1;
  };
  a.accepts = [&](int p) { return p == end; };
  enc::ClauseWriter out(m.cnf());
  enc::detail::encode_regular(out, line, a);
}
}  // namespace

Rules rules(const Puzzle& p, const std::string& solver) {
  Model m(solver);
  const RectGrid grid(p.rows, p.cols);
  auto fill = m.bools(grid, "fill");
  for (int r = 0; r < p.rows; ++r) {
    auto clue = m.clue("row " + std::to_string(r));
    require_clue(m, fill[grid.row(r)], p.row_clues[static_cast<std::size_t>(r)]);
  }
  for (int c = 0; c < p.cols; ++c) {
    auto clue = m.clue("column " + std::to_string(c));
    require_clue(m, fill[grid.column(c)], p.col_clues[static_cast<std::size_t>(c)]);
  }
  return {std::move(m), std::move(fill)};
}
// [END model]

Clue runs(const std::string& line) {
  Clue out;
  int run = 0;
  for (char c : line + ".") {
    if (c == '#') {
      ++run;
    } else if (run) {
      out.push_back(run);
      run = 0;
    }
  }
  return out;
}

Puzzle clues_of(const Picture& picture) {
  Puzzle p;
  p.rows = static_cast<int>(picture.size());
  p.cols = picture.empty() ? 0 : static_cast<int>(picture[0].size());
  for (const std::string& row : picture) p.row_clues.push_back(runs(row));
  for (int c = 0; c < p.cols; ++c) {
    std::string column;
    for (const std::string& row : picture) column += row[static_cast<std::size_t>(c)];
    p.col_clues.push_back(runs(column));
  }
  return p;
}

bool satisfies(const Puzzle& p, const Picture& picture) {
  if (static_cast<int>(picture.size()) != p.rows) return false;
  for (const std::string& row : picture)
    if (static_cast<int>(row.size()) != p.cols || row.find_first_not_of("#.") != std::string::npos) return false;
  const Puzzle shown = clues_of(picture);
  return shown.row_clues == p.row_clues && shown.col_clues == p.col_clues;
}

std::optional<std::vector<Deduced>> deduce(const Puzzle& p, const std::string& solver, bool explain) {
  const Rules r = rules(p, solver);
  const Forced f = r.model.forced(r.fill.all());
  if (!f.satisfiable) return std::nullopt;
  std::vector<Deduced> out;
  std::vector<sat::Lit> facts;
  const auto cells = r.fill.grid().cells();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (!f.value[i]) continue;
    out.push_back({cells[i], *f.value[i], {}});
    facts.push_back(*f.value[i] ? r.fill.all()[i] : ~r.fill.all()[i]);
  }
  if (explain) {
    const auto why = r.model.explanations(facts);
    for (std::size_t k = 0; k < out.size(); ++k) {
      out[k].because = why[k].value().clues;
      out[k].smallest = why[k]->smallest;
    }
  }
  return out;
}

}  // namespace puzzlesat::nonogram
