#include "nonogram.h"

#include <puzzlesat/clause_writer.h>
#include <puzzlesat/runs.h>

namespace puzzlesat::nonogram {

// [START model]
Rules rules(const Puzzle& p, const std::string& solver, enc::RunsEncoding encoding) {
  Model m(solver);
  const RectGrid grid(p.rows, p.cols);
  auto fill = m.bools(grid, "fill");
  enc::ClauseWriter out(m.cnf());
  for (int r = 0; r < p.rows; ++r) {
    auto clue = m.clue("row " + std::to_string(r));
    enc::encode_runs(out, fill[grid.row(r)], p.row_clues[static_cast<std::size_t>(r)], encoding);
  }
  for (int c = 0; c < p.cols; ++c) {
    auto clue = m.clue("column " + std::to_string(c));
    enc::encode_runs(out, fill[grid.column(c)], p.col_clues[static_cast<std::size_t>(c)], encoding);
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
