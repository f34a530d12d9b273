// Batch: one command's per-input function run over many inputs (include/puzzlesat/batch.h).
#include <puzzlesat/batch.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>

#include <puzzlesat/command.h>
#include <puzzlesat/dimacs.h>
#include <puzzlesat/input_error.h>
#include <puzzlesat/progress.h>

namespace puzzlesat::cli {

int BatchSummary::exit_code() const {
  if (failed > 0) return kExitBadInput;
  if (unsolved > 0) return kExitUnsolved;
  return 0;
}

CLI::Option* Batch::add_options(CLI::App& cmd, const std::string& name, const std::string& help) {
  add_jsonl_flag(cmd);
  return cmd.add_option(name, inputs_, help + " (several: one result each, see --jsonl)")->required();
}

CLI::Option* Batch::add_jsonl_flag(CLI::App& cmd) {
  return cmd.add_flag("--jsonl", jsonl_,
                      "One JSON object per input per line, in input order: {\"input\": NAME, ...}, or "
                      "{\"input\": NAME, \"error\": \"...\"} for an input that failed (docs/batch.md)");
}

CLI::Option* Batch::add_output_option(CLI::App& cmd, const std::string& names, std::string& value,
                                      const std::string& help) {
  outputs_.emplace_back(names.substr(0, names.find(',')), &value);
  return cmd.add_option(names, value, help);
}

CLI::Option* Batch::add_cell_proofs_option(CLI::App& cmd, std::string& dir, const std::string& files,
                                           const std::string& formula) {
  return add_output_option(cmd, "--proof", dir,
                           "Write into folder DIR one DRAT proof (by cadical) per forced cell, " + files + ", with " +
                               formula + " beside it (.cnf); check with `puzzlesat cnf check`");
}

CLI::Option* Batch::add_unique_proof_option(CLI::App& cmd, std::string& file, const std::string& what,
                                            const std::string& formula) {
  return add_output_option(cmd, "--proof", file,
                           "When unique: write a DRAT proof (by cadical) that no other " + what + " exists to FILE, and " +
                               formula + " beside it (FILE with .cnf); check with `puzzlesat cnf check`");
}

void Batch::add_cnf_options(CLI::App& cmd, std::string& output, bool& json) {
  add_output_option(cmd, "-o,--output", output, "Write to this file instead of standard output (one input)");
  cmd.add_flag("--json", json, R"(Print {"variables": n, "clauses": n, "dimacs": "p cnf ..."})");
}

BatchSummary Batch::run(bool json, const std::function<void(BatchItem&)>& one) const {
  return run(inputs_, json, one);
}

namespace {

// The message of a failed input, naming the input when the error itself does not.
std::string error_message(const std::string& input, std::exception_ptr error) {
  try {
    std::rethrow_exception(error);
  } catch (const InputError& e) {
    return e.where().file.empty() ? input + ": " + e.what() : std::string(e.what());
  } catch (const std::bad_alloc&) {
    return input + ": out of memory";
  } catch (const std::exception& e) {
    return input + ": " + e.what();
  }
}

// {"input": NAME} followed by the command's fields.
nlohmann::ordered_json with_input(const std::string& input, const nlohmann::ordered_json& result) {
  nlohmann::ordered_json line = {{"input", input}};
  if (result.is_object()) {
    for (const auto& [key, value] : result.items())
      if (key != "input") line[key] = value;
  } else {
    line["result"] = result;
  }
  return line;
}

std::string dump(const nlohmann::ordered_json& j) { return j.dump(-1, ' ', false, kUtf8Replace); }

}  // namespace

BatchSummary Batch::run(const std::vector<std::string>& inputs, bool json,
                        const std::function<void(BatchItem&)>& one) const {
  if (inputs.empty()) throw InputError("no input given");
  if (std::count(inputs.begin(), inputs.end(), "-") > 1)
    throw InputError("standard input ('-') can be given only once");
  for (const auto& [name, value] : outputs_)
    if (!value->empty() && (jsonl_ || inputs.size() > 1))
      throw InputError(name + " names one output: give one input (and no --jsonl)");
  BatchSummary summary;
  summary.inputs = inputs.size();
  auto count = [&summary](const BatchItem& item) {
    ++(item.outcome == Outcome::unsolved ? summary.unsolved : summary.answered);
  };

  if (!batched(inputs.size())) {  // one input: errors propagate to run() as for any command
    BatchItem item{inputs[0], 0, json};
    one(item);
    count(item);
    if (json) std::cout << dump(item.result) << "\n";
    set_exit_code(summary.exit_code());
    return summary;
  }

  const bool as_json = json || jsonl_;
  const bool several_text = !as_json;
  nlohmann::ordered_json array = nlohmann::ordered_json::array();
  Progress progress("inputs", static_cast<std::int64_t>(inputs.size()));
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    progress.clear();
    BatchItem item{inputs[i], i, as_json};
    if (several_text && style_.headers) std::cout << (i ? "\n" : "") << "==> " << inputs[i] << " <==\n";
    std::optional<std::string> error;
    try {
      one(item);
    } catch (...) {
      error = error_message(inputs[i], std::current_exception());
    }
    if (error) {
      ++summary.failed;
    } else {
      count(item);
    }
    if (as_json) {
      nlohmann::ordered_json line =
          error ? nlohmann::ordered_json{{"input", inputs[i]}, {"error", *error}} : with_input(inputs[i], item.result);
      if (jsonl_)
        std::cout << dump(line) << "\n";
      else
        array.push_back(std::move(line));
    } else if (error) {
      std::cout.flush();
      std::cerr << program_name() << ": error: " << *error << "\n";
    }
    std::cout.flush();
    progress.update(static_cast<std::int64_t>(i + 1));
  }
  progress.clear();
  if (!jsonl_ && json) std::cout << dump(array) << "\n";
  if (several_text) {
    std::cout << summary.inputs << " inputs: " << summary.answered << " " << style_.answered << ", "
              << summary.unsolved << " " << style_.unsolved << ", " << summary.failed << " failed\n";
  }
  std::cout.flush();
  set_exit_code(summary.exit_code());
  return summary;
}

void write_cnf_result(const sat::Cnf& cnf, BatchItem& item) {
  if (!item.json) {
    sat::write_dimacs(std::cout, cnf);
    return;
  }
  std::ostringstream dimacs;
  sat::write_dimacs(dimacs, cnf);
  item.result = {{"variables", cnf.num_vars()}, {"clauses", cnf.num_clauses()}, {"dimacs", dimacs.str()}};
}

}  // namespace puzzlesat::cli
