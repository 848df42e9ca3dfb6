// Eight float lanes on AVX2: the vocabulary ray_triangle_simd_kernels.inl is written in.
// Included inside an anonymous namespace by every user: ray_triangle_simd_avx2.cpp (compiled
// with -mavx2) and the AVX2 and AVX-512 BVH traversals of wide_bvh_simd.cpp (portable files
// whose functions carry target attributes). Each includer defines LANE_FN, the attributes
// every function here gets (empty, or a target attribute with always_inline).

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

LANE_FN F load(const float* p) {
    return {_mm256_load_ps(p)};
}
LANE_FN F splat(float x) {
    return {_mm256_set1_ps(x)};
}
LANE_FN I splat_int(int x) {
    return {_mm256_set1_epi32(x)};
}
LANE_FN F operator+(F a, F b) {
    return {_mm256_add_ps(a.v, b.v)};
}
LANE_FN F operator-(F a, F b) {
    return {_mm256_sub_ps(a.v, b.v)};
}
LANE_FN F operator*(F a, F b) {
    return {_mm256_mul_ps(a.v, b.v)};
}
LANE_FN F operator/(F a, F b) {
    return {_mm256_div_ps(a.v, b.v)};
}
LANE_FN M lt(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_LT_OQ)};
}
LANE_FN M le(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_LE_OQ)};
}
LANE_FN M gt(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_GT_OQ)};
}
LANE_FN M ge(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_GE_OQ)};
}
LANE_FN M eq(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_EQ_OQ)};
}
LANE_FN M neq(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_NEQ_UQ)};
}
LANE_FN M operator&(M a, M b) {
    return {_mm256_and_ps(a.v, b.v)};
}
LANE_FN M operator|(M a, M b) {
    return {_mm256_or_ps(a.v, b.v)};
}
LANE_FN M not_mask(M a) {
    return {_mm256_xor_ps(a.v, _mm256_castsi256_ps(_mm256_set1_epi32(-1)))};
}
LANE_FN unsigned mask_bits(M a) {
    return unsigned(_mm256_movemask_ps(a.v));
}
LANE_FN F select(M m, F a, F b) {
    return {_mm256_blendv_ps(b.v, a.v, m.v)};
}
LANE_FN I select_int(M m, I a, I b) {
    return {_mm256_castps_si256(
        _mm256_blendv_ps(_mm256_castsi256_ps(b.v), _mm256_castsi256_ps(a.v), m.v))};
}
LANE_FN void store(float* p, F a) {
    _mm256_store_ps(p, a.v);
}
LANE_FN void store_int(int* p, I a) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(p), a.v);
}
