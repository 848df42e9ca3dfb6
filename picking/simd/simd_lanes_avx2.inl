// Eight float lanes on AVX2: the one vocabulary of 8-lane SIMD code (the ray–triangle block
// kernels, the wide BVH's box tests and leaves, the triangle–triangle batch). Included inside an
// ISA region (isa_begin_avx2.h or isa_begin_avx512.h) and a namespace of the includer's, never
// anywhere else: each region compiles it for its own path. Every operation is the plain IEEE
// one, so code written in it rounds exactly like the scalar code it mirrors.

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

[[gnu::always_inline]] inline F load(const float* p) {
    return {_mm256_load_ps(p)};
}
[[gnu::always_inline]] inline F splat(float x) {
    return {_mm256_set1_ps(x)};
}
[[gnu::always_inline]] inline I splat_int(int x) {
    return {_mm256_set1_epi32(x)};
}
[[gnu::always_inline]] inline F operator+(F a, F b) {
    return {_mm256_add_ps(a.v, b.v)};
}
[[gnu::always_inline]] inline F operator-(F a, F b) {
    return {_mm256_sub_ps(a.v, b.v)};
}
[[gnu::always_inline]] inline F operator*(F a, F b) {
    return {_mm256_mul_ps(a.v, b.v)};
}
[[gnu::always_inline]] inline F operator/(F a, F b) {
    return {_mm256_div_ps(a.v, b.v)};
}
/// a < b ? a : b, lane by lane (b when either is NaN), as the scalar code writes it.
[[gnu::always_inline]] inline F min(F a, F b) {
    return {_mm256_min_ps(a.v, b.v)};
}
/// a > b ? a : b, lane by lane (b when either is NaN).
[[gnu::always_inline]] inline F max(F a, F b) {
    return {_mm256_max_ps(a.v, b.v)};
}
[[gnu::always_inline]] inline F abs(F a) {
    return {_mm256_andnot_ps(_mm256_set1_ps(-0.0f), a.v)};
}
[[gnu::always_inline]] inline F operator-(F a) {
    return {_mm256_xor_ps(a.v, _mm256_set1_ps(-0.0f))};
}
[[gnu::always_inline]] inline M lt(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_LT_OQ)};
}
[[gnu::always_inline]] inline M le(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_LE_OQ)};
}
[[gnu::always_inline]] inline M gt(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_GT_OQ)};
}
[[gnu::always_inline]] inline M ge(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_GE_OQ)};
}
[[gnu::always_inline]] inline M eq(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_EQ_OQ)};
}
[[gnu::always_inline]] inline M neq(F a, F b) {
    return {_mm256_cmp_ps(a.v, b.v, _CMP_NEQ_UQ)};
}
[[gnu::always_inline]] inline M operator&(M a, M b) {
    return {_mm256_and_ps(a.v, b.v)};
}
[[gnu::always_inline]] inline M operator|(M a, M b) {
    return {_mm256_or_ps(a.v, b.v)};
}
[[gnu::always_inline]] inline M not_mask(M a) {
    return {_mm256_xor_ps(a.v, _mm256_castsi256_ps(_mm256_set1_epi32(-1)))};
}
[[gnu::always_inline]] inline unsigned mask_bits(M a) {
    return unsigned(_mm256_movemask_ps(a.v));
}
[[gnu::always_inline]] inline bool any(M a) {
    return _mm256_movemask_ps(a.v) != 0;
}
[[gnu::always_inline]] inline F select(M m, F a, F b) {
    return {_mm256_blendv_ps(b.v, a.v, m.v)};
}
[[gnu::always_inline]] inline I select_int(M m, I a, I b) {
    return {_mm256_castps_si256(
        _mm256_blendv_ps(_mm256_castsi256_ps(b.v), _mm256_castsi256_ps(a.v), m.v))};
}
[[gnu::always_inline]] inline void store(float* p, F a) {
    _mm256_store_ps(p, a.v);
}
[[gnu::always_inline]] inline void store_int(int* p, I a) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(p), a.v);
}
