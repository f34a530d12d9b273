// Catch2, which every test includes, and nlohmann-json, which many do, compiled once for
// every test executable.
//
// On their own (each alone in a file, g++ -O2 -g) they take about 1.3 s and 3.5 s to
// compile, and some 120 test files paid that again and again, in both of CI's builds
// (docs/fuzzing.md, "CI"). Tests still include what they use: this header only makes it
// cheap.
#pragma once

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>
