// Headers that nearly every test includes, compiled once for every test executable.
//
// Catch2's single header and nlohmann-json cost about 1.3 s and 3.5 s of each test file's
// compile on their own (g++ -O2); 125 test files paid them again and again, in both of
// CI's builds (docs/fuzzing.md, "CI"). Tests still include what they use: this header only
// makes it cheap, and a test compiles the same without it.
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
