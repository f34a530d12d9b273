// Test-only helpers that judge a gadget against brute force: the models of a formula
// projected on its inputs (enumerated with MiniSat), and an arc-consistency check that
// runs its own small unit propagator over every partial assignment of the inputs.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <puzzlesat/cnf.h>
#include <puzzlesat/lit.h>

namespace puzzlesat::enc::testing {

using Mask = std::uint32_t;  // bit i = value of input i

// Every input assignment (as a mask) that extends to a model of cnf, sorted.
std::vector<Mask> projected_models(const sat::Cnf& cnf, std::span<const sat::Lit> inputs);

// Every assignment of n inputs that satisfies pred, sorted.
std::vector<Mask> brute_force(int n, const std::function<bool(Mask)>& pred);

// Empty when unit propagation on cnf is arc-consistent for the constraint whose solutions
// are `models`: for every partial assignment of the inputs (3^n of them) it derives a
// conflict iff no model extends it, and otherwise exactly the input literals that every
// extending model shares. Else a description of the first partial assignment that fails.
std::string gac_failure(const sat::Cnf& cnf, std::span<const sat::Lit> inputs, const std::vector<Mask>& models);

// Unit propagation of cnf plus the assumptions, with the same propagator: nothing on a
// conflict, else the value of each `watch` literal (+1 true, -1 false, 0 open). For spot
// checks of arc consistency on inputs too many for gac_failure.
std::optional<std::vector<int>> propagate(const sat::Cnf& cnf, std::span<const sat::Lit> assumptions,
                                          std::span<const sat::Lit> watch);

}  // namespace puzzlesat::enc::testing
