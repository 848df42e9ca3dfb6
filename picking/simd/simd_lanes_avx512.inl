// Sixteen float lanes on AVX-512, lane masks in mask registers: the one vocabulary of 16-lane
// SIMD code (the ray–triangle block kernels, the triangle–triangle batch). Included inside the
// AVX-512 ISA region (isa_begin_avx512.h) and a namespace of the includer's, never anywhere
// else. The same operations as simd_lanes_avx2.inl, so code is written once for both.

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

inline F load(const float* p) {
    return {_mm512_load_ps(p)};
}
inline F splat(float x) {
    return {_mm512_set1_ps(x)};
}
inline I splat_int(int x) {
    return {_mm512_set1_epi32(x)};
}
inline F operator+(F a, F b) {
    return {_mm512_add_ps(a.v, b.v)};
}
inline F operator-(F a, F b) {
    return {_mm512_sub_ps(a.v, b.v)};
}
inline F operator*(F a, F b) {
    return {_mm512_mul_ps(a.v, b.v)};
}
inline F operator/(F a, F b) {
    return {_mm512_div_ps(a.v, b.v)};
}
/// a < b ? a : b, lane by lane (b when either is NaN), as the scalar code writes it.
inline F min(F a, F b) {
    return {_mm512_min_ps(a.v, b.v)};
}
/// a > b ? a : b, lane by lane (b when either is NaN).
inline F max(F a, F b) {
    return {_mm512_max_ps(a.v, b.v)};
}
inline F abs(F a) {
    return {_mm512_abs_ps(a.v)};
}
inline F operator-(F a) {
    return {_mm512_castsi512_ps(
        _mm512_xor_si512(_mm512_castps_si512(a.v), _mm512_set1_epi32(int(0x80000000u))))};
}
inline M lt(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_LT_OQ)};
}
inline M le(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_LE_OQ)};
}
inline M gt(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_GT_OQ)};
}
inline M ge(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_GE_OQ)};
}
inline M eq(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_EQ_OQ)};
}
inline M neq(F a, F b) {
    return {_mm512_cmp_ps_mask(a.v, b.v, _CMP_NEQ_UQ)};
}
inline M operator&(M a, M b) {
    return {__mmask16(a.v & b.v)};
}
inline M operator|(M a, M b) {
    return {__mmask16(a.v | b.v)};
}
inline M not_mask(M a) {
    return {__mmask16(~a.v)};
}
inline unsigned mask_bits(M a) {
    return unsigned(a.v);
}
inline bool any(M a) {
    return a.v != 0;
}
inline F select(M m, F a, F b) {
    return {_mm512_mask_blend_ps(m.v, b.v, a.v)};
}
inline I select_int(M m, I a, I b) {
    return {_mm512_mask_blend_epi32(m.v, b.v, a.v)};
}
inline void store(float* p, F a) {
    _mm512_store_ps(p, a.v);
}
inline void store_int(int* p, I a) {
    _mm512_store_si512(p, a.v);
}
