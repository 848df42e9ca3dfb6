// Möller 97, sixteen pairs per step with AVX-512F (this file is compiled with -mavx512f and
// chosen at run time). The arithmetic is moller97_kernel's, so every lane rounds as the scalar
// function does.

// GCC 12's AVX-512 intrinsics start from _mm512_undefined_ps() and then warn about it.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>

#include "picking/triangle_triangle_batch_simd.h"
#include "picking/triangle_triangle_moller97_kernel.h"

namespace picking::batch {

namespace {

// Wrapped, because the vector type's attributes do not survive as a template argument.
struct V16 {
    __m512 v;
};

struct Avx512Ops {
    using F = V16;
    using M = __mmask16;
    static F splat(float x) { return {_mm512_set1_ps(x)}; }
    static F add(F a, F b) { return {_mm512_add_ps(a.v, b.v)}; }
    static F sub(F a, F b) { return {_mm512_sub_ps(a.v, b.v)}; }
    static F mul(F a, F b) { return {_mm512_mul_ps(a.v, b.v)}; }
    static F div(F a, F b) { return {_mm512_div_ps(a.v, b.v)}; }
    static F neg(F a) {
        return {_mm512_castsi512_ps(
            _mm512_xor_si512(_mm512_castps_si512(a.v), _mm512_set1_epi32(int(0x80000000u))))};
    }
    static F abs(F a) { return {_mm512_abs_ps(a.v)}; }
    static F max(F a, F b) { return {_mm512_max_ps(a.v, b.v)}; }  // a > b ? a : b, as scalar
    static F min(F a, F b) { return {_mm512_min_ps(a.v, b.v)}; }  // a < b ? a : b
    static M lt(F a, F b) { return _mm512_cmp_ps_mask(a.v, b.v, _CMP_LT_OQ); }
    static M gt(F a, F b) { return _mm512_cmp_ps_mask(a.v, b.v, _CMP_GT_OQ); }
    static M ge(F a, F b) { return _mm512_cmp_ps_mask(a.v, b.v, _CMP_GE_OQ); }
    static M eq(F a, F b) { return _mm512_cmp_ps_mask(a.v, b.v, _CMP_EQ_OQ); }
    static M ne(F a, F b) { return _mm512_cmp_ps_mask(a.v, b.v, _CMP_NEQ_UQ); }
    static M and_(M a, M b) { return M(a & b); }
    static M or_(M a, M b) { return M(a | b); }
    static M not_(M a) { return M(~a); }
    static bool any(M m) { return m != 0; }
    static F select(M m, F a, F b) { return {_mm512_mask_blend_ps(m, b.v, a.v)}; }
};

constexpr int kLanes = 16;
constexpr int kFloatsPerPair = 18;

}  // namespace

std::size_t moller97_avx512(const float* pairs, std::size_t count, std::uint8_t* out) {
    using P = moller97_kernel::Point<V16>;
    const __m512i stride =
        _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                           _mm512_set1_epi32(kFloatsPerPair));
    std::size_t hits = 0, i = 0;
    for (; i + kLanes <= count; i += kLanes) {
        const float* base = pairs + i * kFloatsPerPair;
        const auto load = [&](int j) { return V16{_mm512_i32gather_ps(stride, base + j, 4)}; };
        const P v[3] = {
            {load(0), load(1), load(2)}, {load(3), load(4), load(5)}, {load(6), load(7), load(8)}};
        const P q[3] = {{load(9), load(10), load(11)},
                        {load(12), load(13), load(14)},
                        {load(15), load(16), load(17)}};
        const auto outcome = moller97_kernel::decide<Avx512Ops>(v, q);
        const unsigned intersect = outcome.intersect, scalar = outcome.scalar;
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
