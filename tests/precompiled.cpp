// The object that carries tests/precompiled.h for every test executable (tests/CMakeLists.txt).
