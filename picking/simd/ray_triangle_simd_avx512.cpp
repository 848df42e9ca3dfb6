// The SIMD kernels on AVX-512: 16 triangles per step, lane masks in mask registers. This
// file is compiled with -mavx512f (no FMA); like the AVX2 file it uses nothing inline from
// other headers.

#include <immintrin.h>

#include "picking/simd/ray_triangle_simd_isa.h"

namespace picking::simd {

namespace {

constexpr std::size_t kLanes = 16;
struct F {
    __m512 v;
};
struct M {
    __mmask16 v;
};
struct I {
    __m512i v;
};

F load(const float* p) {
    return {_mm512_load_ps(p)};
}
F splat(float x) {
    return {_mm512_set1_ps(x)};
}
I splat_int(int x) {
    return {_mm512_set1_epi32(x)};
}
F operator+(F a, F b) {
    return {_mm512_add_ps(a.v, b.v)};
}
F operator-(F a, F b) {
    return {_mm512_sub_ps(a.v, b.v)};
}
F operator*(F a, F b) {
    return {_mm512_mul_ps(a.v, b.v)};
}
F operator/(F a, F b) {
    return {_mm512_div_ps(a.v, b.v)};
}
M lt(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_LT_OQ)};
}
M le(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_LE_OQ)};
}
M gt(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_GT_OQ)};
}
M ge(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_GE_OQ)};
}
M eq(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_EQ_OQ)};
}
M neq(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_NEQ_UQ)};
}
M operator&(M a, M b) {
    return {__mmask16(a.v & b.v)};
}
M operator|(M a, M b) {
    return {__mmask16(a.v | b.v)};
}
M not_mask(M a) {
    return {__mmask16(~a.v)};
}
unsigned mask_bits(M a) {
    return unsigned(a.v);
}
F select(M m, F a, F b) {
    return {_mm512_mask_blend_ps(m.v, b.v, a.v)};
}
I select_int(M m, I a, I b) {
    return {_mm512_mask_blend_epi32(m.v, b.v, a.v)};
}
void store(float* p, F a) {
    _mm512_store_ps(p, a.v);
}
void store_int(int* p, I a) {
    _mm512_store_si512(p, a.v);
}

#define LANE_FN
#include "picking/simd/ray_triangle_simd_kernels.inl"
#undef LANE_FN

}  // namespace

BlockHit avx512_moller_trumbore_16(const BlockRay& ray, const TriangleBlock16* blocks,
                                   std::size_t count) {
    return closest_in_blocks<16, false>(ray, blocks, count);
}
BlockHit avx512_watertight_16(const BlockRay& ray, const TriangleBlock16* blocks,
                              std::size_t count) {
    return closest_in_blocks<16, true>(ray, blocks, count);
}

}  // namespace picking::simd
