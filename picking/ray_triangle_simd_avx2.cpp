// The SIMD kernels on AVX2: 8 triangles per step. This file is compiled with -mavx2 (and no
// FMA, so every product is rounded as in the scalar code); it uses nothing inline from other
// headers, so no AVX2 code can leak into functions the rest of the program shares.

#include <immintrin.h>

#include "picking/ray_triangle_simd_isa.h"

namespace picking::simd {

namespace {

constexpr std::size_t kLanes = 8;
struct F {
    __m256 v;
};
struct M {
    __m256 v;
};
struct I {
    __m256i v;
};

F load(const float* p) {
    return {_mm256_load_ps(p)};
}
F splat(float x) {
    return {_mm256_set1_ps(x)};
}
I splat_int(int x) {
    return {_mm256_set1_epi32(x)};
}
F operator+(F a, F b) {
    return {_mm256_add_ps(a.v, b.v)};
}
F operator-(F a, F b) {
    return {_mm256_sub_ps(a.v, b.v)};
}
F operator*(F a, F b) {
    return {_mm256_mul_ps(a.v, b.v)};
}
F operator/(F a, F b) {
    return {_mm256_div_ps(a.v, b.v)};
}
M lt(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_LT_OQ)};
}
M le(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_LE_OQ)};
}
M gt(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_GT_OQ)};
}
M ge(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_GE_OQ)};
}
M eq(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_EQ_OQ)};
}
M neq(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_NEQ_UQ)};
}
M operator&(M a, M b) {
    return {_mm256_and_ps(a.v, b.v)};
}
M operator|(M a, M b) {
    return {_mm256_or_ps(a.v, b.v)};
}
M not_mask(M a) {
    return {_mm256_xor_ps(a.v, _mm256_castsi256_ps(_mm256_set1_epi32(-1)))};
}
unsigned mask_bits(M a) {
    return unsigned(_mm256_movemask_ps(a.v));
}
F select(M m, F a, F b) {
    return {_mm256_blendv_ps(b.v, a.v, m.v)};
}
I select_int(M m, I a, I b) {
    return {_mm256_castps_si256(
        _mm256_blendv_ps(_mm256_castsi256_ps(b.v), _mm256_castsi256_ps(a.v), m.v))};
}
void store(float* p, F a) {
    _mm256_store_ps(p, a.v);
}
void store_int(int* p, I a) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(p), a.v);
}

#include "picking/ray_triangle_simd_kernels.inl"

}  // namespace

BlockHit avx2_moller_trumbore_8(const BlockRay& ray, const TriangleBlock8* blocks,
                                std::size_t count) {
    return closest_in_blocks<8, false>(ray, blocks, count);
}
BlockHit avx2_watertight_8(const BlockRay& ray, const TriangleBlock8* blocks, std::size_t count) {
    return closest_in_blocks<8, true>(ray, blocks, count);
}
BlockHit avx2_moller_trumbore_16(const BlockRay& ray, const TriangleBlock16* blocks,
                                 std::size_t count) {
    return closest_in_blocks<16, false>(ray, blocks, count);
}
BlockHit avx2_watertight_16(const BlockRay& ray, const TriangleBlock16* blocks, std::size_t count) {
    return closest_in_blocks<16, true>(ray, blocks, count);
}

}  // namespace picking::simd
