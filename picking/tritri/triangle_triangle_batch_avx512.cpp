// Möller 97, sixteen pairs per step with AVX-512, in an AVX-512 region (isa_begin_avx512.h),
// chosen at run time. The arithmetic is moller97_kernel's, so every lane rounds as the scalar
// function does.

// GCC 12's AVX-512 intrinsics start from _mm512_undefined_ps() and then warn about it.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "picking/tritri/triangle_triangle_batch_simd.h"

#include "picking/core/isa_begin_avx512.h"

// Inside the region: its templates are instantiated for the AVX-512 lanes here.
#include "picking/tritri/triangle_triangle_moller97_kernel.h"

namespace picking::batch {

namespace {

#include "picking/simd/simd_lanes_avx512.inl"

#include "picking/tritri/triangle_triangle_batch_ops.inl"

constexpr int kFloatsPerPair = 18;

/// Elements 0 .. 15 of sixteen consecutive pairs, one vector per element (lane l: pair l):
/// sixteen unaligned row loads and a 16x16 transpose (unpacks, in-lane shuffles, then two
/// rounds of 128-bit block shuffles), much cheaper than sixteen gathers.
void transpose16(const float* base, __m512 e[16]) {
    __m512 r[16], t[16];
    for (int l = 0; l < int(kLanes); ++l)
        r[l] = _mm512_loadu_ps(base + l * kFloatsPerPair);
    for (int k = 0; k < 16; k += 2) {
        t[k] = _mm512_unpacklo_ps(r[k], r[k + 1]);
        t[k + 1] = _mm512_unpackhi_ps(r[k], r[k + 1]);
    }
    for (int k = 0; k < 16; k += 4) {
        r[k] = _mm512_shuffle_ps(t[k], t[k + 2], 0x44);
        r[k + 1] = _mm512_shuffle_ps(t[k], t[k + 2], 0xEE);
        r[k + 2] = _mm512_shuffle_ps(t[k + 1], t[k + 3], 0x44);
        r[k + 3] = _mm512_shuffle_ps(t[k + 1], t[k + 3], 0xEE);
    }
    // r[k] now holds, in each 128-bit block b, element (k % 4) + 4 b of rows 4 (k / 4) .. + 3.
    for (int k = 0; k < 16; k += 8)
        for (int j = 0; j < 4; ++j) {
            t[k + j] = _mm512_shuffle_f32x4(r[k + j], r[k + j + 4], 0x88);
            t[k + j + 4] = _mm512_shuffle_f32x4(r[k + j], r[k + j + 4], 0xDD);
        }
    for (int j = 0; j < 8; ++j) {
        e[j] = _mm512_shuffle_f32x4(t[j], t[j + 8], 0x88);
        e[j + 8] = _mm512_shuffle_f32x4(t[j], t[j + 8], 0xDD);
    }
}

/// Elements 16 and 17 of the sixteen pairs: each pair's two as one 64-bit load, two pairs to a
/// 128-bit block, four blocks to a vector (pairs 0..7, then 8..15), then the even and the odd
/// floats of both vectors picked out.
void last_two(const float* base, __m512& e16, __m512& e17) {
    __m512 half[2];
    for (int h = 0; h < 2; ++h) {
        __m128 block[4];
        for (int b = 0; b < 4; ++b) {
            const float* pair = base + (h * 8 + b * 2) * kFloatsPerPair + 16;
            block[b] =
                _mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(pair)),
                             reinterpret_cast<const __m64*>(pair + kFloatsPerPair));
        }
        half[h] = _mm512_insertf32x4(_mm512_castps128_ps512(block[0]), block[1], 1);
        half[h] = _mm512_insertf32x4(half[h], block[2], 2);
        half[h] = _mm512_insertf32x4(half[h], block[3], 3);
    }
    const __m512i even =
        _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    e16 = _mm512_permutex2var_ps(half[0], even, half[1]);
    e17 = _mm512_permutex2var_ps(half[0], _mm512_add_epi32(even, _mm512_set1_epi32(1)), half[1]);
}

}  // namespace

std::size_t moller97_avx512(const float* pairs, std::size_t count, std::uint8_t* out) {
    using P = moller97_kernel::Point<F>;
    std::size_t hits = 0, i = 0;
    for (; i + kLanes <= count; i += kLanes) {
        // Lane l reads pair i + l: element j sits at (i + l) * 18 + j. Elements 0..15 by one
        // transpose, the last two by 64-bit loads; no gathers (they made this batch slower
        // than the AVX2 one).
        const float* base = pairs + i * kFloatsPerPair;
        __m512 e[18];
        transpose16(base, e);
        last_two(base, e[16], e[17]);
        const P v[3] = {
            {F{e[0]}, F{e[1]}, F{e[2]}}, {F{e[3]}, F{e[4]}, F{e[5]}}, {F{e[6]}, F{e[7]}, F{e[8]}}};
        const P q[3] = {{F{e[9]}, F{e[10]}, F{e[11]}},
                        {F{e[12]}, F{e[13]}, F{e[14]}},
                        {F{e[15]}, F{e[16]}, F{e[17]}}};
        const auto outcome = moller97_kernel::decide<LaneOps>(v, q);
        const unsigned intersect = mask_bits(outcome.intersect), scalar = mask_bits(outcome.scalar);
        if (scalar == 0) {  // the usual case: the mask as sixteen bytes 0 or 1
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i),
                             _mm512_cvtepi32_epi8(_mm512_maskz_set1_epi32(outcome.intersect.v, 1)));
            hits += std::size_t(__builtin_popcount(intersect));
            continue;
        }
        for (int l = 0; l < int(kLanes); ++l) {
            const bool hit = (scalar >> l) & 1u ? moller97_scalar(base + l * kFloatsPerPair)
                                                : ((intersect >> l) & 1u) != 0;
            out[i + l] = hit ? 1 : 0;
            hits += hit ? 1 : 0;
        }
    }
    for (; i < count; ++i) {
        const bool hit = moller97_scalar(pairs + i * kFloatsPerPair);
        out[i] = hit ? 1 : 0;
        hits += hit ? 1 : 0;
    }
    return hits;
}

}  // namespace picking::batch

#include "picking/core/isa_end.h"
