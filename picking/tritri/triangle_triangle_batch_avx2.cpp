// Möller 97, eight pairs per step with AVX2 (this file is compiled with -mavx2 and chosen at run
// time). The arithmetic is moller97_kernel's, so every lane rounds as the scalar function does.

#include <immintrin.h>

#include "picking/tritri/triangle_triangle_batch_simd.h"
#include "picking/tritri/triangle_triangle_moller97_kernel.h"

namespace picking::batch {

namespace {

// Wrapped, because the vector types' attributes do not survive as template arguments.
struct V8 {
    __m256 v;
};
struct M8 {
    __m256 m;
};

struct Avx2Ops {
    using F = V8;
    using M = M8;
    static F splat(float x) { return {_mm256_set1_ps(x)}; }
    static F add(F a, F b) { return {_mm256_add_ps(a.v, b.v)}; }
    static F sub(F a, F b) { return {_mm256_sub_ps(a.v, b.v)}; }
    static F mul(F a, F b) { return {_mm256_mul_ps(a.v, b.v)}; }
    static F div(F a, F b) { return {_mm256_div_ps(a.v, b.v)}; }
    static F neg(F a) { return {_mm256_xor_ps(a.v, _mm256_set1_ps(-0.0f))}; }
    static F abs(F a) { return {_mm256_andnot_ps(_mm256_set1_ps(-0.0f), a.v)}; }
    static F max(F a, F b) { return {_mm256_max_ps(a.v, b.v)}; }  // a > b ? a : b, as scalar
    static F min(F a, F b) { return {_mm256_min_ps(a.v, b.v)}; }  // a < b ? a : b
    static M lt(F a, F b) { return {_mm256_cmp_ps(a.v, b.v, _CMP_LT_OQ)}; }
    static M gt(F a, F b) { return {_mm256_cmp_ps(a.v, b.v, _CMP_GT_OQ)}; }
    static M ge(F a, F b) { return {_mm256_cmp_ps(a.v, b.v, _CMP_GE_OQ)}; }
    static M eq(F a, F b) { return {_mm256_cmp_ps(a.v, b.v, _CMP_EQ_OQ)}; }
    static M ne(F a, F b) { return {_mm256_cmp_ps(a.v, b.v, _CMP_NEQ_UQ)}; }  // NaN: true, as !=
    static M and_(M a, M b) { return {_mm256_and_ps(a.m, b.m)}; }
    static M or_(M a, M b) { return {_mm256_or_ps(a.m, b.m)}; }
    static M not_(M a) { return {_mm256_xor_ps(a.m, _mm256_castsi256_ps(_mm256_set1_epi32(-1)))}; }
    static bool any(M m) { return _mm256_movemask_ps(m.m) != 0; }
    static F select(M m, F a, F b) { return {_mm256_blendv_ps(b.v, a.v, m.m)}; }
};

constexpr int kLanes = 8;
constexpr int kFloatsPerPair = 18;

/// Elements `first` .. `first` + 7 of eight consecutive pairs, one vector per element (lane l:
/// pair l): eight unaligned row loads and an 8x8 transpose, much cheaper than eight gathers.
void transpose8(const float* base, int first, __m256 out[8]) {
    __m256 r[8];
    for (int l = 0; l < kLanes; ++l)
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
    using P = moller97_kernel::Point<V8>;
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
        const P v[3] = {{V8{e[0]}, V8{e[1]}, V8{e[2]}},
                        {V8{e[3]}, V8{e[4]}, V8{e[5]}},
                        {V8{e[6]}, V8{e[7]}, V8{e[8]}}};
        const P q[3] = {{V8{e[9]}, V8{e[10]}, V8{e[11]}},
                        {V8{e[12]}, V8{e[13]}, V8{e[14]}},
                        {V8{e[15]}, V8{e[16]}, V8{e[17]}}};
        const auto outcome = moller97_kernel::decide<Avx2Ops>(v, q);
        const unsigned intersect = unsigned(_mm256_movemask_ps(outcome.intersect.m));
        const unsigned scalar = unsigned(_mm256_movemask_ps(outcome.scalar.m));
        if (scalar == 0) {  // the usual case: the lane masks (all ones or zero) as eight bytes
            const __m256i mask = _mm256_castps_si256(outcome.intersect.m);
            const __m128i words =
                _mm_packs_epi32(_mm256_castsi256_si128(mask), _mm256_extracti128_si256(mask, 1));
            const __m128i bytes = _mm_packs_epi16(words, words);
            _mm_storel_epi64(reinterpret_cast<__m128i*>(out + i),
                             _mm_and_si128(bytes, _mm_set1_epi8(1)));
            hits += std::size_t(__builtin_popcount(intersect));
            continue;
        }
        for (int l = 0; l < kLanes; ++l) {
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
