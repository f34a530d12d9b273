// DratProof: the reader of DRAT proofs (the clausal proofs SAT solvers such as CaDiCaL
// write for their UNSAT answers), in both encodings, detected from the bytes as drat-trim
// does. It only parses; sat/drat_checker.h decides whether a proof is valid.
//
//   Text:    one step per `0`-terminated list of DIMACS literals; `d` before a list makes
//            it a deletion; `c …` lines are comments. `1 -3 0` adds the lemma (1 ∨ ¬3).
//   Binary:  'a' (0x61) or 'd' (0x64), then each literal as the unsigned LEB128 number
//            2·var + (negative ? 1 : 0), then a 0 byte.
//
//   DratProof proof = parse_drat(bytes, "proof.drat");
//   for (const DratStep& s : proof.steps) use(s.deletion, proof.clause(s));
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace puzzlesat::sat {

struct DratStep {
  bool deletion = false;
  std::size_t begin = 0;  // first literal in DratProof::literals
  std::uint32_t size = 0;
  // Where the step is: its 1-based line in a text proof, its 1-based index in a binary one.
  std::size_t line = 0;
};

struct DratProof {
  bool binary = false;
  std::vector<std::int32_t> literals;  // DIMACS literals of all steps, in file order
  std::vector<DratStep> steps;

  std::span<const std::int32_t> clause(const DratStep& s) const { return {literals.data() + s.begin, s.size}; }
};

// Whether `bytes` look like a binary proof: the first byte is 'a', or one of the first
// ten bytes cannot occur in text (a control character other than blanks, or a byte
// above 0x7e). The rule drat-trim applies; an empty proof counts as text.
bool is_binary_drat(std::string_view bytes);

// Parses a whole proof. `name` is used in error locations. Throws puzzlesat::InputError
// naming the line and column (text) or the step and byte offset (binary) of: a token that
// is not an integer, an integer beyond 32 bits, `-0`, a `d` not followed by a clause, a
// last step without its final 0, an unknown binary marker, and a literal 2·var+sign that
// is not a valid variable.
DratProof parse_drat(std::string_view bytes, const std::string& name = "proof");

}  // namespace puzzlesat::sat
