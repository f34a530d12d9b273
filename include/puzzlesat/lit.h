// Var and Lit: propositional variables and literals, the vocabulary every other layer
// speaks. Variables are numbered from 1 as in DIMACS, so a literal converts to and from
// its DIMACS integer without a table.
//
//   sat::Lit x = cnf.new_lit("x");
//   sat::Lit not_x = ~x;                  // x.var() == not_x.var(), not_x.negated()
//   sat::Lit::from_dimacs(-3).to_dimacs() == -3
#pragma once

#include <compare>
#include <cstdint>
#include <cstdlib>
#include <functional>

namespace puzzlesat::sat {

class Var {
 public:
  constexpr Var() = default;  // "no variable" (id 0)
  constexpr explicit Var(std::int32_t id) : id_(id) {}

  constexpr std::int32_t id() const { return id_; }
  constexpr bool valid() const { return id_ > 0; }
  constexpr auto operator<=>(const Var&) const = default;

 private:
  std::int32_t id_ = 0;
};

class Lit {
 public:
  constexpr Lit() = default;  // undefined literal
  constexpr explicit Lit(Var v, bool negated = false)
      : code_(static_cast<std::uint32_t>(v.id()) * 2 + (negated ? 1U : 0U)) {}

  // DIMACS form: v for the positive literal, -v for the negative one; d must not be 0.
  static constexpr Lit from_dimacs(std::int32_t d) { return Lit(Var(d < 0 ? -d : d), d < 0); }
  constexpr std::int32_t to_dimacs() const { return negated() ? -var().id() : var().id(); }

  constexpr Var var() const { return Var(static_cast<std::int32_t>(code_ >> 1)); }
  constexpr bool negated() const { return (code_ & 1U) != 0; }
  constexpr bool valid() const { return code_ >= 2; }
  // Dense index (2·var + sign) for arrays indexed by literal.
  constexpr std::uint32_t code() const { return code_; }

  constexpr Lit operator~() const { return from_code(code_ ^ 1U); }
  // l ^ true is ~l: handy when a literal's polarity comes from data.
  constexpr Lit operator^(bool flip) const { return from_code(code_ ^ (flip ? 1U : 0U)); }
  constexpr auto operator<=>(const Lit&) const = default;

  static constexpr Lit from_code(std::uint32_t code) {
    Lit l;
    l.code_ = code;
    return l;
  }

 private:
  std::uint32_t code_ = 0;
};

}  // namespace puzzlesat::sat

template <>
struct std::hash<puzzlesat::sat::Lit> {
  size_t operator()(puzzlesat::sat::Lit l) const noexcept { return l.code(); }
};
template <>
struct std::hash<puzzlesat::sat::Var> {
  size_t operator()(puzzlesat::sat::Var v) const noexcept { return static_cast<size_t>(v.id()); }
};
