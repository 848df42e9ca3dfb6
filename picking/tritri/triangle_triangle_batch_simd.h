#pragma once
/// The SIMD batches of Möller 97, each in an ISA region of its own file: plain declarations on
/// raw floats, all the dispatcher needs.

#include <cstddef>
#include <cstdint>

namespace picking::batch {

/// Pairs are 18 floats each (V0 V1 V2 Q0 Q1 Q2); writes out[i] for i < count, returns hits.
/// Call only when the CPU has the instruction set.
std::size_t moller97_avx2(const float* pairs, std::size_t count, std::uint8_t* out);
std::size_t moller97_avx512(const float* pairs, std::size_t count, std::uint8_t* out);

/// The scalar function on one pair: what lanes the vector code cannot settle defer to.
bool moller97_scalar(const float* pair);

}  // namespace picking::batch
