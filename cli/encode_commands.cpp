// `puzzlesat encode …`: writes one gadget of encodings/ as DIMACS (inputs are variables
// 1..N in slot order, auxiliaries follow), or its size with --stats, so that users and
// reviewers can inspect an encoding with external tools.
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <puzzlesat/command.h>
#include <puzzlesat/plugin.h>

#include "cli/groups.h"
#include <puzzlesat/input_error.h>
#include <puzzlesat/cardinality.h>
#include <puzzlesat/contiguity.h>
#include <puzzlesat/set_rule.h>

namespace puzzlesat::cli {
// This file's own names: the command files are compiled several to a unit (cli/CMakeLists.txt).
namespace encode_cli {
namespace {

struct EncodeOptions {
  int n = -1;
  std::optional<int> k;
  std::string encoding = "auto";
  std::string topology = "line";
  std::string gaps;
  std::string gap_rule = "breaks";
  bool stats = false;
  bool json = false;
};

// "2,5" -> {2, 5}: 1-based slot positions, each in 1..n and listed once.
std::vector<bool> parse_gaps(const std::string& text, int n) {
  std::vector<bool> gap(n, false);
  if (text.empty()) return gap;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    std::size_t used = 0;
    int pos = 0;
    try {
      pos = std::stoi(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size() || pos < 1 || pos > n)
      throw InputError("--gaps: '" + item + "' is not a slot position in 1.." + std::to_string(n));
    if (gap[pos - 1]) throw InputError("--gaps: slot " + item + " is listed twice");
    gap[pos - 1] = true;
  }
  return gap;
}

void write_dimacs(const sat::Cnf& cnf, std::ostream& out) {
  out << "p cnf " << cnf.num_vars() << ' ' << cnf.num_clauses() << '\n';
  for (std::span<const sat::Lit> clause : cnf.clauses()) {
    for (sat::Lit l : clause) out << l.to_dimacs() << ' ';
    out << "0\n";
  }
}

void run_encode(const std::string& gadget, const EncodeOptions& o) {
  constexpr int kMaxSlots = 100000;
  if (o.n < 0 || o.n > kMaxSlots) throw InputError("--n must be between 0 and " + std::to_string(kMaxSlots));
  const bool cardinality = gadget == "atmost" || gadget == "atleast" || gadget == "exactly";
  const bool contiguity = gadget == "connected" || gadget == "notconnected";
  if (!o.k && gadget != "setrule") throw InputError("encode " + gadget + " needs --k");
  auto encoding = enc::parse_card_encoding(o.encoding);
  if (!encoding) throw InputError("--encoding: unknown encoding '" + o.encoding +
                                  "' (auto, pairwise, seqcounter, totalizer, cardnet)");
  if (!cardinality && o.encoding != "auto")
    throw InputError("--encoding applies to atmost, atleast and exactly only");
  if (o.topology != "line" && o.topology != "ring") throw InputError("--topology must be line or ring");
  if (o.gap_rule != "breaks" && o.gap_rule != "skipped") throw InputError("--gap-rule must be breaks or skipped");
  if (!contiguity && o.topology != "line") throw InputError("--topology applies to connected and notconnected only");
  const std::vector<bool> gap = parse_gaps(o.gaps, o.n);

  sat::Cnf cnf;
  std::vector<enc::Slot> slots;
  std::vector<sat::Lit> inputs;
  for (int i = 0; i < o.n; ++i) {
    if (gap[i]) {
      slots.push_back(std::nullopt);
    } else {
      inputs.push_back(cnf.new_lit());
      slots.push_back(inputs.back());
    }
  }
  const int k = o.k.value_or(0);
  const auto topology = o.topology == "ring" ? enc::Topology::ring : enc::Topology::line;
  const auto rule = o.gap_rule == "skipped" ? enc::GapRule::skipped : enc::GapRule::breaks;
  try {
    if (gadget == "atmost") enc::at_most(cnf, inputs, k, *encoding);
    if (gadget == "atleast") enc::at_least(cnf, inputs, k, *encoding);
    if (gadget == "exactly") enc::exactly(cnf, inputs, k, *encoding);
    if (gadget == "connected") enc::connected(cnf, slots, k, topology, rule);
    if (gadget == "notconnected") enc::not_connected(cnf, slots, k, topology, rule);
  } catch (const std::invalid_argument& e) {
    throw InputError(e.what());
  }
  if (gadget == "setrule") {
    if (inputs.size() != 3) throw InputError("encode setrule needs exactly 3 inputs (--n 3)");
    enc::set_rule(cnf, inputs[0], inputs[1], inputs[2]);
  }
  const int aux = cnf.num_vars() - static_cast<int>(inputs.size());
  if (o.json) {
    std::cout << nlohmann::ordered_json{{"gadget", gadget}, {"inputs", inputs.size()}, {"aux_vars", aux},
                                        {"clauses", cnf.num_clauses()}}
                     .dump(-1, ' ', false, kUtf8Replace)
              << '\n';
  } else if (o.stats) {
    std::cout << "vars=" << aux << " clauses=" << cnf.num_clauses() << '\n';
  } else {
    write_dimacs(cnf, std::cout);
  }
}

}  // namespace

void add_encode_commands(Commands& commands) {
  CLI::App* encode = &commands.app;
  auto options = std::make_shared<EncodeOptions>();
  const std::pair<const char*, const char*> gadgets[] = {
      {"atmost", "At most K of the N inputs true"},
      {"atleast", "At least K of the N inputs true"},
      {"exactly", "Exactly K of the N inputs true"},
      {"connected", "Exactly K true, forming one contiguous run of slots"},
      {"notconnected", "Exactly K true, not forming one contiguous run"},
      {"setrule", "The SET rule over 3 inputs: not exactly two true"},
  };
  for (auto [name, help] : gadgets) {
    // Each gadget lists only the options it reads.
    const std::string gadget = name;
    const bool cardinality = gadget == "atmost" || gadget == "atleast" || gadget == "exactly";
    const bool contiguity = gadget == "connected" || gadget == "notconnected";
    auto* sub = encode->add_subcommand(name, help);
    sub->add_option("--n", options->n, gadget == "setrule" ? "Number of slots: 3 inputs plus gaps"
                                                            : "Number of slots (inputs plus gaps)")
        ->required();
    if (cardinality || contiguity) sub->add_option("--k", options->k, "The count K")->required();
    if (cardinality)
      sub->add_option("--encoding", options->encoding, "auto, pairwise, seqcounter, totalizer or cardnet")
          ->capture_default_str();
    if (contiguity) sub->add_option("--topology", options->topology, "line or ring")->capture_default_str();
    sub->add_option("--gaps", options->gaps, "Comma-separated 1-based slot positions that are gaps, e.g. 2,5");
    if (contiguity)
      sub->add_option("--gap-rule", options->gap_rule, "breaks (a gap separates runs) or skipped (ignored)")
          ->capture_default_str();
    sub->add_flag("--stats", options->stats, "Print `vars=<auxiliaries> clauses=<count>` instead of DIMACS");
    sub->add_flag("--json", options->json, "Print the sizes as JSON (inputs, aux_vars, clauses) instead of DIMACS");
    sub->callback([gadget, options] { run_encode(gadget, *options); });
  }
}

}  // namespace encode_cli

const CommandGroup encode_group{
    "encode", "Write one encoding gadget as DIMACS: inputs are variables 1..N, auxiliaries follow", encode_cli::add_encode_commands};

}  // namespace puzzlesat::cli
