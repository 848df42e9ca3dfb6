// Möller 97, eight pairs per step with AVX2 (this file is compiled with -mavx2 and chosen at run
// time). The arithmetic is moller97_kernel's, so every lane rounds as the scalar function does.

#include <immintrin.h>

#include "picking/triangle_triangle_batch_simd.h"
#include "picking/triangle_triangle_moller97_kernel.h"

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

}  // namespace

std::size_t moller97_avx2(const float* pairs, std::size_t count, std::uint8_t* out) {
    using P = moller97_kernel::Point<V8>;
    const __m256i stride = _mm256_setr_epi32(0, 18, 36, 54, 72, 90, 108, 126);
    std::size_t hits = 0, i = 0;
    for (; i + kLanes <= count; i += kLanes) {
        // Lane l reads pair i + l: element j sits at (i + l) * 18 + j.
        const float* base = pairs + i * kFloatsPerPair;
        const auto load = [&](int j) { return V8{_mm256_i32gather_ps(base + j, stride, 4)}; };
        const P v[3] = {
            {load(0), load(1), load(2)}, {load(3), load(4), load(5)}, {load(6), load(7), load(8)}};
        const P q[3] = {{load(9), load(10), load(11)},
                        {load(12), load(13), load(14)},
                        {load(15), load(16), load(17)}};
        const auto outcome = moller97_kernel::decide<Avx2Ops>(v, q);
        const unsigned intersect = unsigned(_mm256_movemask_ps(outcome.intersect.m));
        const unsigned scalar = unsigned(_mm256_movemask_ps(outcome.scalar.m));
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
