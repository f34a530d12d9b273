// `puzzlesat set …`: SET cards on the table — find sets or prove by SAT that none
// remains, play whole games, statistics, DIMACS export and the largest set-free board.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>

#include <puzzlesat/batch.h>
#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include "cli/proof_args.h"
#include <puzzlesat/input_error.h>
#include <puzzlesat/progress.h>
#include "problems/set/board.h"
#include "problems/set/cap.h"
#include "problems/set/card_text.h"
#include "problems/set/encoding.h"
#include "problems/set/finder.h"
#include "problems/set/game.h"
#include "problems/set/sat_finder.h"
#include "problems/set/stats.h"
#include "problems/set/stream_finder.h"
#include <puzzlesat/dimacs.h>
#include <puzzlesat/proof.h>

namespace puzzlesat::cli {

// This file's own names: the command files are compiled several to a unit (cli/CMakeLists.txt).
namespace set_cli {
namespace {

using namespace puzzlesat::set;
using nlohmann::json;

// Where a command's cards come from: --file F (one or more boards), the CARD arguments
// (one board), or standard input. Each board is one input of a batch (<puzzlesat/batch.h>).
struct CardSource {
  std::vector<std::string> files;
  std::vector<std::string> words;
  Batch batch;

  void add_options(CLI::App* cmd) {
    auto* f = cmd->add_option("--file,-f", files, "Board files, one card per line ('-' = stdin); several: one result each");
    auto* c = cmd->add_option("cards", words,
                              "Cards as words (\"two red striped diamonds\") or codes (2rtd)");
    f->excludes(c);
    batch.add_jsonl_flag(*cmd);
  }

  // The inputs' names: the files, the card words as one input, or "-".
  std::vector<std::string> inputs() const {
    if (!words.empty()) return {fmt::format("{}", fmt::join(words, " "))};
    return files.empty() ? std::vector<std::string>{"-"} : files;
  }

  // The cards of one input; a board without cards is bad input.
  std::vector<Card> read(const std::string& input) const {
    std::vector<Card> cards;
    if (!words.empty()) {
      cards = parse_card_arguments(words);
    } else {
      cards = parse_board(read_input(input), input);
    }
    if (cards.empty()) throw InputError("no cards: give them as arguments, with --file or on standard input", {words.empty() ? input : ""});
    return cards;
  }

  void run(bool json, const std::function<void(BatchItem&, const std::vector<Card>&)>& one) const {
    batch.run(inputs(), json, [&](BatchItem& item) { one(item, read(item.input)); });
  }
};

void check_solver(const std::string& spec) {
  if (!sat::is_solver_spec(spec))
    throw InputError(fmt::format("--solver: unknown solver '{}' (expected {})", spec, sat::solver_spec_help()));
}

json card_texts(std::span<const Card> cards) {
  json out = json::array();
  for (Card c : cards) out.push_back(to_string(c));
  return out;
}

struct SolveOptions {
  CardSource source;
  bool all = false;
  bool json = false;
  std::string solver = "minisat";
  ProofArgs proof;
};

// Cards are numbered from 1 in the text and in JSON alike ("cards 1, 4, 7"). One set is
// asked of `stream`, which keeps its solver from board to board of a batch.
void solve_board(const SolveOptions& opt, const std::string& backend, StreamSetFinder& stream,
                 const std::vector<Card>& cards, BatchItem& item) {
    SatSearch search;
    if (opt.all) {
      search = sat_find_all_sets(cards, backend);
    } else if (auto t = stream.find_one(cards)) {
      search.sets.push_back(*t);
    }
    // The direct finder checks the solver's answer: a disagreement is a bug, never output.
    std::vector<Triple> direct = find_all_sets(cards);
    bool agrees = opt.all ? search.sets == direct : search.sets.empty() == direct.empty();
    if (!agrees) throw std::logic_error("SAT and the direct finder disagree on this board");
    auto proof = opt.proof.options();
    if (proof && search.sets.empty() && !prove_no_set(cards, backend, *proof)) {
      throw std::logic_error("no set was found, but the proof run found one");
    }

    if (item.json) {
      json sets = json::array();
      for (const Triple& t : search.sets) sets.push_back({t[0] + 1, t[1] + 1, t[2] + 1});
      item.result = {{"cards", card_texts(cards)}, {"sets", sets}, {"no_set", search.sets.empty()}};
      if (proof && search.sets.empty()) item.result["proof"] = proof->path;
      return;
    }
    if (search.sets.empty()) {
      std::cout << fmt::format(
          "No set among these {} cards: proved by SAT (the encoding is unsatisfiable, {}).\n",
          cards.size(), backend);
      if (proof) std::cout << proof_note(*proof) << "\n";
      return;
    }
    if (proof) std::cout << "(no proof written: a set exists)\n";
    if (opt.all) {
      std::cout << fmt::format("{} set{} among {} cards:\n", search.sets.size(),
                               search.sets.size() == 1 ? "" : "s", cards.size());
    } else {
      std::cout << fmt::format("A set among {} cards:\n", cards.size());
    }
    for (const Triple& t : search.sets) {
      std::cout << fmt::format("  {}, {}, {}   (cards {}, {}, {})\n", to_string(cards[t[0]]),
                               to_string(cards[t[1]]), to_string(cards[t[2]]), t[0] + 1,
                               t[1] + 1, t[2] + 1);
    }
}

void add_solve(CLI::App* group) {
  auto opt = std::make_shared<SolveOptions>();
  auto* cmd = group->add_subcommand(
      "solve", "Find a set among the cards (or all with --all), or prove by SAT that none remains");
  opt->source.add_options(cmd);
  cmd->add_flag("--all", opt->all, "List every set (SAT model enumeration)");
  cmd->add_flag("--json", opt->json, "Print {\"cards\", \"sets\", \"no_set\"} as JSON");
  auto* solver = add_solver_option(*cmd, opt->solver);
  opt->proof.add_options(cmd, "no set is among the cards (written only when none is)", solver);
  cmd->callback([opt] {
    std::string backend = opt->proof.backend(opt->solver);
    check_solver(backend);
    if (opt->proof.requested() && opt->source.batch.batched(opt->source.inputs().size()))
      throw InputError("--proof FILE takes one board, not several (or --jsonl)");
    StreamSetFinder stream(backend);
    opt->source.run(opt->json, [&](BatchItem& item, const std::vector<Card>& cards) {
      solve_board(*opt, backend, stream, cards, item);
    });
  });
}

std::string card_list(std::span<const Card> cards) {
  std::string out;
  for (Card c : cards) {
    if (!out.empty()) out += ", ";
    out += to_string(c);
  }
  return out;
}

void add_play(CLI::App* group) {
  struct Options {
    std::optional<std::uint64_t> seed;
    bool quiet = false;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand("play", "Play a whole game of SET (one player, seeded)");
  cmd->add_option("--seed", opt->seed, "Shuffle seed (default: random; the narration and --json show it)")
      ->check(whole_number());
  cmd->add_flag("--quiet", opt->quiet, "Print only the sets taken, one per line");
  cmd->add_flag("--json", opt->json, "Print {\"seed\", \"sets\", \"final_board\"} as JSON");
  cmd->callback([opt] {
    std::uint64_t seed = opt->seed ? *opt->seed : std::random_device{}();
    Game game = play_game(seed);
    if (opt->json) {
      json sets = json::array();
      for (const auto& s : game.sets) sets.push_back(card_texts(s));
      std::cout << json{{"seed", seed}, {"sets", sets}, {"final_board", card_texts(game.final_board)}}
                       .dump(-1, ' ', false, kUtf8Replace)
                << "\n";
      return;
    }
    if (opt->quiet) {
      for (const auto& s : game.sets) std::cout << card_list(s) << "\n";
      return;
    }
    std::cout << fmt::format("SET game, seed {}\n", seed);
    int taken = 0;
    for (const GameStep& step : game.steps) {
      if (step.kind == GameStep::Kind::take) {
        std::cout << fmt::format("Set {}: {}\n", ++taken, card_list(step.cards));
        continue;
      }
      switch (step.why) {
        case GameStep::Why::start:
          std::cout << fmt::format("Deal 12: {}\n", card_list(step.cards));
          break;
        case GameStep::Why::replace:
          std::cout << fmt::format("  replaced by {}\n", card_list(step.cards));
          break;
        case GameStep::Why::no_set:
          std::cout << fmt::format("No set among {} cards (proved by SAT); deal 3 more: {}\n",
                                   step.board.size() - 3, card_list(step.cards));
          break;
      }
    }
    std::cout << fmt::format("The deck is empty and no set remains among the last {} cards (proved by SAT): {}\n",
                             game.final_board.size(), card_list(game.final_board));
    std::cout << fmt::format("{} sets taken.\n", game.sets.size());
  });
}

void add_stats(CLI::App* group) {
  struct Options {
    std::int64_t games = 100000;
    std::uint64_t seed = 1;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "stats", "Monte Carlo estimates (95% intervals) of how often no set is on the table");
  cmd->add_option("--games", opt->games,
                  "Games to play, and random 12- and 15-card boards to draw")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40))
      ->capture_default_str();
  cmd->add_option("--seed", opt->seed, "Random seed")->check(whole_number())->capture_default_str();
  cmd->add_flag("--json", opt->json, "Print the estimates as JSON");
  cmd->callback([opt] {
    Progress progress("games", opt->games);
    SetStatistics s = estimate_statistics(opt->games, opt->seed,
                                          [&](std::int64_t done) { progress.update(done); });
    progress.clear();  // the results start on a line of their own
    struct Row {
      const char* key;
      const char* text;
      Estimate e;
      Estimate published;  // an exact figure has low == high
      bool percent;
    };
    auto exact = [](double x) { return Estimate{x, x, x}; };
    const Row rows[] = {
        {"p_no_set_12_random", "P(no set among 12 random cards)", s.p_no_set_12_random,
         exact(published::p_no_set_12_random), true},
        {"p_no_set_15_random", "P(no set among 15 random cards)", s.p_no_set_15_random,
         exact(published::p_no_set_15_random), true},
        {"mean_sets_12_random", "mean number of sets among 12 random cards",
         s.mean_sets_12_random, exact(published::mean_sets_12_random), false},
        {"p_no_set_12_in_play", "P(no set on a 12-card board in play)", s.p_no_set_12_in_play,
         published::p_no_set_12_in_play_interval(), true},
    };
    if (opt->json) {
      json out{{"games", s.games}, {"seed", s.seed}, {"boards_12_in_play", s.boards_in_play}};
      for (const Row& r : rows) {
        out[r.key] = {{"estimate", r.e.value},
                      {"ci95", {r.e.low, r.e.high}},
                      {"published", r.published.value},
                      {"agrees", agree(r.e, r.published)}};
      }
      std::cout << out.dump(-1, ' ', false, kUtf8Replace) << "\n";
      return;
    }
    std::cout << fmt::format(
        "{} games (seed {}), {} random 12- and 15-card boards, {} 12-card boards met in play\n"
        "(in-play interval: cluster-robust over games; Norvig's figure with its own interval)\n",
        s.games, s.seed, s.games, s.boards_in_play);
    for (const Row& r : rows) {
      double f = r.percent ? 100 : 1;
      const char* unit = r.percent ? "%" : "";
      std::string published = fmt::format("{:.4f}{}", r.published.value * f, unit);
      if (r.published.high > r.published.low) {
        published += fmt::format(" [{:.4f}, {:.4f}]", r.published.low * f, r.published.high * f);
      }
      std::cout << fmt::format("{:<42} {:8.4f}{}  95% [{:.4f}, {:.4f}]  published {}  {}\n",
                               r.text, r.e.value * f, unit, r.e.low * f, r.e.high * f, published,
                               agree(r.e, r.published) ? "agrees" : "DISAGREES");
    }
  });
}

void add_cnf(CLI::App* group) {
  struct Options {
    CardSource source;
    bool json = false;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "cnf", "Print the find-a-set instance as DIMACS, with `c var` names, for external solvers");
  opt->source.add_options(cmd);
  cmd->add_flag("--json", opt->json, R"(Print {"variables": n, "clauses": n, "dimacs": "p cnf ..."} on one line)");
  cmd->callback([opt] {
    opt->source.run(opt->json, [](BatchItem& item, const std::vector<Card>& cards) {
      sat::Cnf cnf;
      cnf.add_comment(fmt::format("SET: is there a set among these {} cards? UNSAT = none", cards.size()));
      encode_set_search(cnf, cards, {.names = true});
      write_cnf_result(cnf, item);
    });
  });
}

void add_cap(CLI::App* group) {
  struct Options {
    int size = 20;
    std::string solver = "minisat";
    bool json = false;
    std::string cnf;
    ProofArgs proof;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = group->add_subcommand(
      "cap", "Find a board of K cards without a set, or prove by UNSAT that none exists");
  cmd->add_option("--size,-k", opt->size, "Number of cards K")
      ->required()
      ->check(CLI::Range(0, kDeckSize));
  auto* solver = add_solver_option(*cmd, opt->solver);
  cmd->add_flag("--json", opt->json, "Print {\"size\", \"status\", \"cards\", \"seconds\"} as JSON");
  cmd->add_option("--cnf", opt->cnf,
                  "Also write the formula, symmetry breaking included (docs/set.md), as DIMACS to FILE: "
                  "satisfiable iff K cards without a set exist");
  opt->proof.add_options(cmd, "every K cards hold a set", solver);
  cmd->callback([opt] {
    std::string backend = opt->proof.backend(opt->solver);
    check_solver(backend);
    if (!opt->cnf.empty()) sat::write_formula_file(opt->cnf, cap_formula(opt->size).cnf);
    auto proof = opt->proof.options();
    ElapsedProgress shown(fmt::format("searching {} cards without a set", opt->size));
    CapResult r = find_cap(opt->size, backend, proof ? &*proof : nullptr);
    shown.stop();
    // A proof exists only for UNSAT; a found board is its own certificate.
    if (proof && r.cards) {
      std::remove(proof->path.c_str());
    } else if (proof) {
      sat::write_formula_file(sat::proof_formula_path(proof->path), cap_formula(opt->size).cnf);
    }
    if (opt->json) {
      json out{{"size", opt->size},
               {"status", r.cards ? "sat" : "unsat"},
               {"cards", r.cards ? card_texts(*r.cards) : json::array()},
               {"seconds", r.seconds}};
      if (proof && !r.cards) out["proof"] = proof->path;
      std::cout << out.dump(-1, ' ', false, kUtf8Replace) << "\n";
      return;
    }
    if (r.cards) {
      std::cout << fmt::format("{} cards without a set ({:.2f} s, {}):\n", opt->size, r.seconds, backend);
      for (Card c : *r.cards) std::cout << "  " << to_string(c) << "\n";
      if (proof) std::cout << "(no proof written: a board was found)\n";
    } else {
      std::cout << fmt::format(
          "UNSAT: every {} cards contain a set (proved in {:.2f} s, {}, {} SAT calls).\n",
          opt->size, r.seconds, backend, r.solver_calls);
      if (proof) std::cout << proof_note(*proof) << "\n";
    }
  });
}

}  // namespace

void add_set_commands(Commands& commands) {
  CLI::App* group = &commands.app;
  add_solve(group);
  add_play(group);
  add_stats(group);
  add_cnf(group);
  add_cap(group);
}

}  // namespace set_cli

const CommandGroup set_group{"set", "SET: find sets, prove none remains, play games", set_cli::add_set_commands};

}  // namespace puzzlesat::cli
