// `puzzlesat hexcells …`: draw a board, deduce the forced cells (with reasons), play
// levels to the end, and export the current state's CNF.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <memory>

#include <puzzlesat/batch.h>
#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include <puzzlesat/input_error.h>
#include <puzzlesat/progress.h>
#include "cli/vision.h"
#include "problems/hexcells/deduce.h"
#include "problems/hexcells/encode.h"
#include "problems/hexcells/explain.h"
#include "problems/hexcells/format.h"
#include "problems/hexcells/play.h"
#include "problems/hexcells/proofs.h"
#include "problems/hexcells/render.h"
#include <puzzlesat/dimacs.h>
#include <puzzlesat/proof.h>

namespace puzzlesat::cli {
// This file's own names: the command files are compiled several to a unit (cli/CMakeLists.txt).
namespace hexcells_cli {
namespace {

using namespace puzzlesat::hexcells;
using nlohmann::json;

Board load(const std::string& path) { return read_board(read_input(path), path); }

json cells_json(const std::vector<Pos>& cells) {
  json a = json::array();
  for (Pos p : cells) a.push_back({p.x, p.y});
  return a;
}

std::string cells_text(const Board& b, const std::vector<Pos>& cells) {
  std::string s;
  for (Pos p : cells) s += " " + tile_name(b, p);
  return s;
}

json names_json(const Board& b, const std::vector<Pos>& cells) {
  json a = json::array();
  for (Pos p : cells) a.push_back(tile_name(b, p));
  return a;
}

// --proof DIR / --proof-format for the per-cell proofs of deduce and solve.
struct CellProofArgs {
  std::string dir;
  std::string format = "text";
  double timeout = 30;
  std::string over = "explanation";
  mutable std::vector<std::string> unproved;  // names of cells whose proof ran out of time
  void add_options(CLI::App* cmd) {
    cmd->add_option("--proof", dir,
                    "Write one DRAT proof per forced cell into folder DIR: NAME-COLOUR.drat refutes the other colour, "
                    "NAME-COLOUR.cnf is the formula it refers to (see --proof-over, plus that unit clause)");
    cmd->add_option("--proof-over", over,
                    "What each proof refutes: 'explanation' (the hints that force the cell, as --explain names "
                    "them, with REMAINING's count shared with theirs: small and quick to prove) or 'state' (the "
                    "state's whole formula, as `hexcells cnf` writes it)")
        ->check(CLI::IsMember({"explanation", "state"}))
        ->capture_default_str();
    cmd->add_option("--proof-format", format, "DRAT encoding of --proof")
        ->check(CLI::IsMember({"text", "binary"}))
        ->capture_default_str();
    cmd->add_option("--proof-timeout", timeout,
                    "Seconds allowed per cell's proof (counting over REMAINING can be hard for CDCL); "
                    "a cell past it is listed without a proof")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
  }
  // The number of proofs written; cells without one are added to `unproved`.
  std::size_t prove(const Board& b, const Deduction& d, const std::string& prefix = "") const {
    if (dir.empty()) return 0;
    std::size_t written = 0;
    for (const CellProof& p : prove_forced(b, d, dir, *sat::parse_proof_format(format), "cadical", prefix, timeout,
                                              over == "state" ? ProofScope::state : ProofScope::explanation)) {
      if (p.proved)
        ++written;
      else
        unproved.push_back(prefix + tile_name(b, p.cell));
    }
    return written;
  }
  std::string unproved_note() const {
    if (unproved.empty()) return "";
    std::string names;
    for (const auto& n : unproved) names += " " + n;
    return std::to_string(unproved.size()) + " forced cells without a proof within " + fmt::format("{:g}", timeout) +
           " s each:" + names + "\n";
  }
};

void print_header(const Board& b) {
  std::cout << b.title << (b.author.empty() ? "" : " — by " + b.author) << "\n";
  for (const auto& t : b.text)
    if (!t.empty()) std::cout << t << "\n";
}

const char* mark_name(Mark m) {
  switch (m) {
    case Mark::none: return "none";
    case Mark::plain: return "plain";
    case Mark::together: return "together";
    case Mark::apart: return "apart";
  }
  return "none";
}

json number_json(const Tile& t) { return t.shows_number() && t.number ? json(*t.number) : json(nullptr); }

void show(BatchItem& item) {
  Board b = load(item.input);
  if (item.json) {
    json cells = json::array(), lines = json::array();
    for (Pos p : Board::positions()) {
      const Tile& t = b.at(p);
      if (t.is_cell()) {
        const char* colour = t.color == Color::blue ? "blue" : t.color == Color::black ? "black" : nullptr;
        cells.push_back({{"x", p.x}, {"y", p.y}, {"name", tile_name(b, p)}, {"revealed", t.revealed},
                         {"colour", colour ? json(colour) : json(nullptr)}, {"number", number_json(t)},
                         {"mark", mark_name(t.mark)}});
      } else if (t.is_line()) {
        const char* dir = t.kind == Kind::line_down ? "|" : t.kind == Kind::line_down_right ? "\\" : "/";
        lines.push_back({{"x", p.x}, {"y", p.y}, {"dir", dir}, {"number", number_json(t)}, {"mark", mark_name(t.mark)}});
      }
    }
    item.result = {{"title", b.title}, {"author", b.author}, {"text", b.text}, {"remaining", b.remaining.value()},
                   {"cells", cells}, {"lines", lines}};
    return;
  }
  print_header(b);
  std::cout << "\n" << render(b) << "\nREMAINING " << b.remaining.value() << "\n" << render_legend();
}

struct DeduceArgs {
  Batch batch;
  std::string path;  // the input being deduced
  bool explain = false, json = false;
  std::string solver = "minisat";
  CellProofArgs proof;
  std::string picture;
  std::string cell;
};

// -o: the explanation of --cell (default the first forced cell) as a picture.
void write_picture(const DeduceArgs& a, const Board& b, const std::vector<Reason>& reasons) {
  const Reason* chosen = reasons.empty() ? nullptr : &reasons.front();
  if (!a.cell.empty()) {
    std::optional<Pos> p = parse_tile_name(b, a.cell);
    if (!p) throw InputError("--cell: '" + a.cell + "' names no tile of this board (e.g. C7: column letter, row number)");
    chosen = nullptr;
    for (const Reason& r : reasons)
      if (r.cell == *p) chosen = &r;
    if (!chosen) throw InputError("--cell: " + a.cell + " is not a forced cell of this state");
  }
  if (!chosen) throw InputError("-o: no cell is forced, so there is nothing to explain", {a.path});
  hexcells_picture()(a.picture, b, *chosen);  // drawn by the vision module (OpenCV)
}

void deduce_command(const DeduceArgs& a, BatchItem& item, const std::string& proof_prefix) {
  Board b = load(a.path);
  DeduceOptions deduce_options;
  deduce_options.solver = a.solver;
  ElapsedProgress shown("deducing " + a.path);
  Deduction d = deduce(b, deduce_options);
  if (!d.consistent)
    throw InputError("impossible state: no colouring of the hidden cells agrees with the visible hints and REMAINING",
                     {a.path, 0, 0});
  std::vector<Reason> reasons;
  if (a.explain || !a.picture.empty()) reasons = explain(b, d, a.solver);
  if (!a.picture.empty()) write_picture(a, b, reasons);
  std::size_t proofs = a.proof.prove(b, d, proof_prefix);
  shown.stop();
  if (item.json) {
    json out = {{"blue", cells_json(d.blue)}, {"black", cells_json(d.black)},
                {"blue_names", names_json(b, d.blue)}, {"black_names", names_json(b, d.black)}};
    if (a.explain) {
      json ex = json::array();
      for (const Reason& r : reasons) {
        json hints = json::array(), hint_names = json::array();
        bool remaining = false;
        for (const Constraint& c : r.because) {
          if (c.is_remaining) {
            remaining = true;
          } else {
            hints.push_back({c.source.x, c.source.y});
            hint_names.push_back(tile_name(b, c.source));
          }
        }
        ex.push_back({{"cell", {r.cell.x, r.cell.y}},
                      {"name", tile_name(b, r.cell)},
                      {"colour", r.colour == Color::blue ? "blue" : "black"},
                      {"hints", hints},
                      {"hint_names", hint_names},
                      {"remaining", remaining},
                      {"minimal", r.minimal},
                      {"whole_state", r.whole_state}});
      }
      out["explanations"] = ex;
    }
    if (!a.proof.dir.empty()) {
      out["proofs"] = proofs;
      out["unproved"] = a.proof.unproved;
      a.proof.unproved.clear();
    }
    item.result = out;
    return;
  }
  std::map<Pos, Color> highlight;
  for (Pos p : d.blue) highlight[p] = Color::blue;
  for (Pos p : d.black) highlight[p] = Color::black;
  std::cout << render_labelled(b, highlight) << "(B) forced blue, (K) forced black\n\n";
  std::cout << "blue (" << d.blue.size() << "):" << cells_text(b, d.blue) << "\n";
  std::cout << "black (" << d.black.size() << "):" << cells_text(b, d.black) << "\n";
  for (const Reason& r : reasons) {
    if (!a.explain) break;
    std::cout << tile_name(b, r.cell) << (r.colour == Color::blue ? " blue" : " black") << " because";
    if (r.whole_state) {
      std::cout << " of the whole board (no smaller set of hints was found within the search budget)\n";
      continue;
    }
    const char* sep = " ";
    for (const Constraint& c : r.because) {
      std::cout << sep << describe(c, b);
      sep = " + ";
    }
    if (!r.minimal) std::cout << " (perhaps not minimal: dropping a hint was not decided in time)";
    std::cout << "\n";
  }
  if (!a.proof.dir.empty()) {
    std::cout << proofs << " DRAT proofs (one per forced cell) in " << a.proof.dir
              << "/; check each with: puzzlesat cnf check NAME.cnf NAME.drat\n"
              << a.proof.unproved_note();
    a.proof.unproved.clear();
  }
}

json solve_one(const std::string& path, bool steps, bool as_json, bool hints_first, const CellProofArgs& proof,
              const std::string& solver, Outcome& outcome) {
  Board level = load(path);
  Board before = level;  // the state each round deduced from, for its proofs
  std::size_t proofs = 0;
  if (!level.colours_known())
    throw InputError("'solve' plays a level file, which holds the solution; for a state use 'deduce'", {path, 1, 1});
  json step_list = json::array();
  auto on_round = [&](const Round& r, const Board& after) {
    if (!proof.dir.empty()) {
      Deduction d;
      d.blue = r.blue;
      d.black = r.black;
      std::string level_stem = std::filesystem::path(path).stem().string();
      proofs += proof.prove(before, d, level_stem + "-round" + std::to_string(r.number) + "-");
    }
    before = after;
    if (!steps) return;
    if (as_json) {
      step_list.push_back({{"round", r.number}, {"blue", cells_json(r.blue)}, {"black", cells_json(r.black)},
                           {"solver_calls", r.stats.solver_calls}, {"remaining", r.stats.remaining_solved},
                           {"complete", r.complete}, {"seconds", r.seconds}});
    } else {
      std::cout << "round " << r.number << ": blue" << cells_text(after, r.blue) << "; black" << cells_text(after, r.black) << " ("
                << r.stats.solver_calls << " solver calls" << (r.stats.remaining_solved ? ", REMAINING used" : "")
                << ")\n";
    }
  };
  PlayOptions options;
  options.hints_first = hints_first;
  options.deduce.solver = solver;
  PlayResult res = play(level, on_round, options);
  if (res.verdict == Verdict::stuck) outcome = Outcome::unsolved;
  json out = {{"level", path},
              {"verdict", to_string(res.verdict)},
              {"rounds", res.rounds},
              {"revealed", res.revealed},
              {"hidden_left", res.hidden_left},
              {"seconds", res.seconds}};
  if (steps) out["steps"] = step_list;
  if (!proof.dir.empty()) {
    out["proofs"] = proofs;
    out["unproved"] = proof.unproved;
  }
  if (!as_json) {
    std::cout << path << ": " << to_string(res.verdict) << " after " << res.rounds << " rounds, " << res.revealed
              << " revealed, " << res.hidden_left << " hidden left, " << res.solver_calls << " solver calls, "
              << res.seconds << " s\n";
    if (!proof.dir.empty()) {
      std::cout << proofs << " DRAT proofs (one per revealed cell) in " << proof.dir << "/\n"
                << proof.unproved_note();
    }
    if (res.verdict == Verdict::stuck) std::cout << "stuck state:\n" << render(res.final_board);
  }
  proof.unproved.clear();
  return out;
}

}  // namespace

void add_hexcells_commands(Commands& commands) {
  CLI::App* hex = &commands.app;

  struct ShowArgs {
    Batch batch;
    bool json = false;
  };
  auto* show_cmd = hex->add_subcommand("show", "Draw a level or state in the terminal");
  auto sh = std::make_shared<ShowArgs>();
  sh->batch.add_options(*show_cmd, "LEVEL", "Level or state files ('-' = stdin)");
  show_cmd->add_flag("--json", sh->json,
                     R"(Print {"title", "author", "text", "remaining", "cells": [{x, y, name, revealed, colour, number, )"
                     R"(mark}], "lines": [{x, y, dir, number, mark}]} on one line)");
  show_cmd->callback([sh] { sh->batch.run(sh->json, [](BatchItem& item) { show(item); }); });

  auto* deduce_cmd = hex->add_subcommand("deduce", "One round: every hidden cell the visible hints force");
  auto da = std::make_shared<DeduceArgs>();
  da->batch.add_options(*deduce_cmd, "LEVEL", "Level or state files ('-' = stdin)");
  deduce_cmd->add_flag("--explain", da->explain,
                       "For each forced cell, a minimal set of hints forcing it (cells named as the drawing labels "
                       "them: column letter, row number); marked when dropping a hint could not be decided in "
                       "time (then a hint may be spare)");
  deduce_cmd->add_flag("--json", da->json,
                       R"(Output {"blue": [[x,y]...], "black": [[x,y]...], "blue_names": ["C7"...], ...})");
  add_solver_option(*deduce_cmd, da->solver);
  da->proof.add_options(deduce_cmd);
  deduce_cmd->add_option("-o,--output", da->picture,
                         "Draw one forced cell's explanation (the cell and the hints forcing it) to a PNG/JPEG");
  deduce_cmd->add_option("--cell", da->cell, "With -o: the cell to explain, e.g. C7 (default: the first forced)");
  deduce_cmd->callback([da] {
    const bool several = da->batch.batched(da->batch.inputs().size());
    if (several && !da->picture.empty()) throw InputError("-o draws one level's explanation, not several (or --jsonl)");
    da->batch.run(da->json, [&](BatchItem& item) {
      DeduceArgs one = *da;
      one.path = item.input;
      // Several levels share the proof folder: each level's proofs are named after it.
      deduce_command(one, item, several ? std::filesystem::path(item.input).stem().string() + "-" : "");
    });
  });

  auto* solve_cmd = hex->add_subcommand("solve", "Play levels to the end: solved (no guessing needed) or stuck");
  struct SolveArgs {
    Batch batch{Batch::Style{"solved", "stuck", false}};
    bool steps = false, json = false, hints_first = false;
    std::string solver = "minisat";
    CellProofArgs proof;
  };
  auto sa = std::make_shared<SolveArgs>();
  sa->batch.add_options(*solve_cmd, "LEVEL", "Level files");
  solve_cmd->add_flag("--steps", sa->steps, "Show each round");
  solve_cmd->add_flag("--json", sa->json, "One JSON object per level (an array when several)");
  solve_cmd->add_flag("--hints-first", sa->hints_first,
                      "Each round reveal what the hints force, using REMAINING only when they force nothing "
                      "(same verdict and final board, other rounds)");
  add_solver_option(*solve_cmd, sa->solver);
  sa->proof.add_options(solve_cmd);
  solve_cmd->callback([sa] {
    // Exit 3 (kExitUnsolved) when a level is stuck; several levels end with a summary line.
    sa->batch.run(sa->json, [&](BatchItem& item) {
      json out = solve_one(item.input, sa->steps, item.json, sa->hints_first, sa->proof, sa->solver, item.outcome);
      if (item.json) item.result = out;
    });
  });

  struct CnfArgs {
    Batch batch;
    bool json = false;
  };
  auto* cnf_cmd = hex->add_subcommand("cnf", "The current state's formula as DIMACS (c var names cell(x,y))");
  auto ca = std::make_shared<CnfArgs>();
  ca->batch.add_options(*cnf_cmd, "LEVEL", "Level or state files ('-' = stdin)");
  cnf_cmd->add_flag("--json", ca->json, R"(Print {"variables": n, "clauses": n, "dimacs": "p cnf ..."} on one line)");
  cnf_cmd->callback([ca] {
    ca->batch.run(ca->json, [](BatchItem& item) { write_cnf_result(state_formula(load(item.input)), item); });
  });
}

}  // namespace hexcells_cli

const CommandGroup hexcells_group{
    "hexcells", "Hexcells levels: show, deduce forced cells, play to the end, export CNF", hexcells_cli::add_hexcells_commands};

}  // namespace puzzlesat::cli
