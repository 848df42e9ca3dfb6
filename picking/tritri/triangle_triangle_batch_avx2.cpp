// Möller 97, eight pairs per step with AVX2, in an AVX2 region (isa_begin_avx2.h), chosen at
// run time. The arithmetic is moller97_kernel's, so every lane rounds as the scalar function
// does.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "picking/tritri/triangle_triangle_batch_simd.h"

#include "picking/core/isa_begin_avx2.h"

// Inside the region: its templates are instantiated for the AVX2 lanes here.
#include "picking/tritri/triangle_triangle_moller97_kernel.h"

namespace picking::batch {

namespace {

#include "picking/simd/simd_lanes_avx2.inl"

#include "picking/tritri/triangle_triangle_batch_ops.inl"

constexpr int kFloatsPerPair = 18;

/// Elements `first` .. `first` + 7 of eight consecutive pairs, one vector per element (lane l:
/// pair l): eight unaligned row loads and an 8x8 transpose, much cheaper than eight gathers.
void transpose8(const float* base, int first, __m256 out[8]) {
    __m256 r[8];
    for (int l = 0; l < int(kLanes); ++l)
        r[l] = _mm256_loadu_ps(base + l * kFloatsPerPair + first);
    const __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
    const __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
    const __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
    const __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
    const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    const __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    const __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
    const __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
    out[0] = _mm256_permute2f128_ps(u0, u4, 0x20);
    out[1] = _mm256_permute2f128_ps(u1, u5, 0x20);
    out[2] = _mm256_permute2f128_ps(u2, u6, 0x20);
    out[3] = _mm256_permute2f128_ps(u3, u7, 0x20);
    out[4] = _mm256_permute2f128_ps(u0, u4, 0x31);
    out[5] = _mm256_permute2f128_ps(u1, u5, 0x31);
    out[6] = _mm256_permute2f128_ps(u2, u6, 0x31);
    out[7] = _mm256_permute2f128_ps(u3, u7, 0x31);
}

}  // namespace

std::size_t moller97_avx2(const float* pairs, std::size_t count, std::uint8_t* out) {
    using P = moller97_kernel::Point<F>;
    const __m256i stride = _mm256_setr_epi32(0, 18, 36, 54, 72, 90, 108, 126);
    std::size_t hits = 0, i = 0;
    for (; i + kLanes <= count; i += kLanes) {
        // Lane l reads pair i + l: element j sits at (i + l) * 18 + j. Elements 0..15 by two
        // transposes, the last two by gathers.
        const float* base = pairs + i * kFloatsPerPair;
        __m256 e[18];
        transpose8(base, 0, e);
        transpose8(base, 8, e + 8);
        e[16] = _mm256_i32gather_ps(base + 16, stride, 4);
        e[17] = _mm256_i32gather_ps(base + 17, stride, 4);
        const P v[3] = {
            {F{e[0]}, F{e[1]}, F{e[2]}}, {F{e[3]}, F{e[4]}, F{e[5]}}, {F{e[6]}, F{e[7]}, F{e[8]}}};
        const P q[3] = {{F{e[9]}, F{e[10]}, F{e[11]}},
                        {F{e[12]}, F{e[13]}, F{e[14]}},
                        {F{e[15]}, F{e[16]}, F{e[17]}}};
        const auto outcome = moller97_kernel::decide<LaneOps>(v, q);
        const unsigned intersect = mask_bits(outcome.intersect);
        const unsigned scalar = mask_bits(outcome.scalar);
        if (scalar == 0) {  // the usual case: the lane masks (all ones or zero) as eight bytes
            const __m256i mask = _mm256_castps_si256(outcome.intersect.v);
            const __m128i words =
                _mm_packs_epi32(_mm256_castsi256_si128(mask), _mm256_extracti128_si256(mask, 1));
            const __m128i bytes = _mm_packs_epi16(words, words);
            _mm_storel_epi64(reinterpret_cast<__m128i*>(out + i),
                             _mm_and_si128(bytes, _mm_set1_epi8(1)));
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
