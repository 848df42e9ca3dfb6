#pragma once
/// What a harness asserts about a parser's answer, beyond "no crash": a failed check ends the
/// run the way a crash does (abort), so libFuzzer keeps the input as a finding.

#include <cstdio>
#include <cstdlib>

/// Aborts with the condition and where it failed when `condition` is false.
#define FUZZ_CHECK(condition)                                                             \
    do {                                                                                  \
        if (!(condition)) {                                                               \
            std::fprintf(stderr, "FUZZ_CHECK failed: %s (%s:%d)\n", #condition, __FILE__, \
                         __LINE__);                                                       \
            std::abort();                                                                 \
        }                                                                                 \
    } while (false)
