// The operations moller97_kernel asks of a lane type, written once in the lane vocabulary
// (simd_lanes_avx2.inl or simd_lanes_avx512.inl): included after the lanes, inside the ISA
// region and namespace of each batch file.

struct LaneOps {
    using F = ::picking::batch::F;
    using M = ::picking::batch::M;
    static F splat(float x) { return batch::splat(x); }
    static F add(F a, F b) { return a + b; }
    static F sub(F a, F b) { return a - b; }
    static F mul(F a, F b) { return a * b; }
    static F div(F a, F b) { return a / b; }
    static F neg(F a) { return -a; }
    static F abs(F a) { return batch::abs(a); }
    static F max(F a, F b) { return batch::max(a, b); }  // a > b ? a : b, as scalar
    static F min(F a, F b) { return batch::min(a, b); }  // a < b ? a : b
    static M lt(F a, F b) { return batch::lt(a, b); }
    static M gt(F a, F b) { return batch::gt(a, b); }
    static M ge(F a, F b) { return batch::ge(a, b); }
    static M eq(F a, F b) { return batch::eq(a, b); }
    static M ne(F a, F b) { return neq(a, b); }  // NaN: true, as !=
    static M and_(M a, M b) { return a & b; }
    static M or_(M a, M b) { return a | b; }
    static M not_(M a) { return not_mask(a); }
    static bool any(M m) { return batch::any(m); }
    static F select(M m, F a, F b) { return batch::select(m, a, b); }
};
