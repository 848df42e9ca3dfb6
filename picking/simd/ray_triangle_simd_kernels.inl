// The SIMD kernels' body, written once in the lane vocabulary (simd_lanes_avx2.inl or
// simd_lanes_avx512.inl) and included inside an ISA region and a namespace, after the lanes, by
// each instruction-set file (ray_triangle_simd_avx2.cpp, ray_triangle_simd_avx512.cpp) and by
// the BVH traversals (wide_bvh_simd.cpp, which test their leaves inline). It uses:
//   kLanes; F (floats), M (lane mask), I (int32 lanes);
//   load(const float*), splat(float), splat_int(int), + - * / on F;
//   lt, le, gt, ge, eq (ordered: false for NaN), neq (unordered: true for NaN);
//   & | on M, not_mask(M), mask_bits(M), select(M, F, F), select_int(M, I, I);
//   store(float*, F), store_int(int*, I).
// Every step mirrors the scalar function it replaces (same operations, same order, no FMA),
// so the results are bit-identical: ray_triangle_simd_test checks it.

/// The ray's numbers in every lane, loaded once per call.
struct RayLanes {
    F o[3], d[3], t_min, t_max, sx, sy, sz;
    RayLanes() = default;  // filled in later (a traversal makes them at its first leaf)
    inline explicit RayLanes(const BlockRay& ray)
        : o{splat(ray.origin[0]), splat(ray.origin[1]), splat(ray.origin[2])},
          d{splat(ray.direction[0]), splat(ray.direction[1]), splat(ray.direction[2])},
          t_min(splat(ray.t_min)),
          t_max(splat(ray.t_max)),
          sx(splat(ray.sx)),
          sy(splat(ray.sy)),
          sz(splat(ray.sz)) {}
};

struct LaneHits {
    M hit;
    F t, u, v;
};

// Each algorithm in two stages: the arithmetic up to the division, then the rest (the division,
// t and the range). Watertight's first stage decides most misses (its edge tests), and callers
// skip its second stage when no lane passed them; Möller–Trumbore's first stage decides
// nothing on its own (a sign test on α and β before dividing rejected too few blocks of a
// mesh to pay for itself: brute force 0.74 -> 1.18 ns per triangle with it, on AVX-512).

/// Möller–Trumbore's first stage: the determinant and the numerators of t, α and β.
struct MollerStage {
    M hit;
    F det, alpha_det, beta_det, t_det;
};

/// intersect_moller_trumbore's arithmetic up to the division, on kLanes triangles starting at
/// `lane` of the block.
template <std::size_t W>
inline MollerStage moller_trumbore_stage(const BlockRay& ray, const RayLanes& r,
                                         const TriangleBlock<W>& block, std::size_t lane) {
    // Seed 002's corners A, B, C are p0, p1, p2: E1 = A − C, E2 = B − C, S = O − C.
    F c[3], e1[3], e2[3], s[3];
    for (int a = 0; a < 3; ++a) {
        c[a] = load(block.corner[2][a] + lane);
        e1[a] = load(block.corner[0][a] + lane) - c[a];
        e2[a] = load(block.corner[1][a] + lane) - c[a];
        s[a] = r.o[a] - c[a];
    }
    MollerStage m;
    // S1 = D × E2 and det = E1 · S1, as glm::cross and glm::dot compute them.
    const F s1x = r.d[1] * e2[2] - e2[1] * r.d[2];
    const F s1y = r.d[2] * e2[0] - e2[2] * r.d[0];
    const F s1z = r.d[0] * e2[1] - e2[0] * r.d[1];
    m.det = e1[0] * s1x + e1[1] * s1y + e1[2] * s1z;
    const F zero = splat(0.0f);
    m.hit = ray.cull_backfaces ? gt(m.det, zero) : neq(m.det, zero);
    // S2 = S × E1
    const F s2x = s[1] * e1[2] - e1[1] * s[2];
    const F s2y = s[2] * e1[0] - e1[2] * s[0];
    const F s2z = s[0] * e1[1] - e1[0] * s[1];
    m.t_det = s2x * e2[0] + s2y * e2[1] + s2z * e2[2];
    m.alpha_det = s[0] * s1x + s[1] * s1y + s[2] * s1z;
    m.beta_det = r.d[0] * s2x + r.d[1] * s2y + r.d[2] * s2z;
    return m;
}

/// The rest of intersect_moller_trumbore: t, α, β and the tests on them.
inline LaneHits moller_trumbore_finish(const RayLanes& r, const MollerStage& m) {
    // Lanes with det = 0 divide by zero here; they are already masked out.
    const F inv_det = splat(1.0f) / m.det;
    const F t = m.t_det * inv_det;
    const F alpha = m.alpha_det * inv_det;
    const F beta = m.beta_det * inv_det;
    M hit = m.hit & gt(t, r.t_min) & lt(t, r.t_max);
    hit = hit & gt(alpha, splat(0.0f)) & gt(beta, splat(0.0f)) & lt(alpha + beta, splat(1.0f));
    return {hit, t, beta, splat(1.0f) - alpha - beta};
}

/// Watertight's first stage: the sheared corners' edge functions and their signs.
struct WatertightStage {
    M hit;
    F u, v, w, pz[3];
};

/// Watertight's edge functions of kLanes triangles.
struct EdgeFunctions {
    F u, v, w;
};

/// The corners of kLanes triangles of a block relative to the ray's origin on its permuted
/// axes, x and y sheared: px[c], py[c], pz[c] for corner c.
template <std::size_t W>
inline __attribute__((always_inline)) void sheared_corners(const RayLanes& r, int kx, int ky,
                                                           int kz, const TriangleBlock<W>& block,
                                                           std::size_t lane, F* px, F* py, F* pz) {
    for (int c = 0; c < 3; ++c) {
        const F ax = load(block.corner[c][kx] + lane) - r.o[kx];
        const F ay = load(block.corner[c][ky] + lane) - r.o[ky];
        pz[c] = load(block.corner[c][kz] + lane) - r.o[kz];
        px[c] = ax - r.sx * pz[c];
        py[c] = ay - r.sy * pz[c];
    }
}

/// The edge functions of the lanes in `bits` (those with one exactly zero) again in double,
/// as the scalar code computes them, from the corners sheared again as watertight_stage did
/// (the same operations, so the same floats). Rare: kept out of line, so the kernels that
/// call it stay small enough to be inlined into a traversal; and it takes the block rather
/// than the stage's values, whose addresses a call would take: those would then live in memory
/// throughout the kernel, a dozen stores and reloads on every leaf.
template <std::size_t W>
[[gnu::noinline, gnu::cold]] EdgeFunctions edges_in_double(unsigned bits, const BlockRay& ray,
                                                           const RayLanes& r,
                                                           const TriangleBlock<W>& block,
                                                           std::size_t lane, EdgeFunctions e) {
    F px[3], py[3], pz[3];
    sheared_corners(r, ray.kx, ray.ky, ray.kz, block, lane, px, py, pz);
    alignas(64) float uu[kLanes], vv[kLanes], ww[kLanes];
    alignas(64) float x[3][kLanes], y[3][kLanes];
    store(uu, e.u);
    store(vv, e.v);
    store(ww, e.w);
    for (int c = 0; c < 3; ++c) {
        store(x[c], px[c]);
        store(y[c], py[c]);
    }
    for (std::size_t l = 0; l < kLanes; ++l) {
        if (!(bits & (1u << l))) continue;
        uu[l] = float(double(x[2][l]) * double(y[1][l]) - double(y[2][l]) * double(x[1][l]));
        vv[l] = float(double(x[0][l]) * double(y[2][l]) - double(y[0][l]) * double(x[2][l]));
        ww[l] = float(double(x[1][l]) * double(y[0][l]) - double(y[1][l]) * double(x[0][l]));
    }
    return {load(uu), load(vv), load(ww)};
}

/// intersect_watertight's edge tests on kLanes triangles starting at `lane` of the block.
template <std::size_t W>
inline WatertightStage watertight_stage(const BlockRay& ray, const RayLanes& r,
                                        const TriangleBlock<W>& block, std::size_t lane) {
    WatertightStage e;
    // Corners relative to the origin on the permuted axes, then sheared.
    F px[3], py[3];
    sheared_corners(r, ray.kx, ray.ky, ray.kz, block, lane, px, py, e.pz);
    e.u = px[2] * py[1] - py[2] * px[1];
    e.v = px[0] * py[2] - py[0] * px[2];
    e.w = px[1] * py[0] - py[1] * px[0];

    const F zero_f = splat(0.0f);
    M any_negative = lt(e.u, zero_f) | lt(e.v, zero_f) | lt(e.w, zero_f);
    M any_positive = gt(e.u, zero_f) | gt(e.v, zero_f) | gt(e.w, zero_f);
    M miss = ray.cull_backfaces ? any_negative : any_negative & any_positive;
    // An edge function of exactly zero: redo that lane's three in double, as the scalar code,
    // unless its other two already miss. Rounding never flips a sign (a nonzero float edge
    // function has its exact value's sign, as the double one has), so such a lane misses
    // whatever the zero becomes, and a missed lane's t, u, v are never read. Degenerate
    // triangles (two equal corners: one edge function zero, the other two opposite) are
    // common in CAD models and would take this path on every ray that reaches them.
    const M zero = eq(e.u, zero_f) | eq(e.v, zero_f) | eq(e.w, zero_f);
    if (const unsigned bits = mask_bits(zero) & ~mask_bits(miss)) [[unlikely]] {
        const EdgeFunctions redone = edges_in_double(bits, ray, r, block, lane, {e.u, e.v, e.w});
        e.u = redone.u;
        e.v = redone.v;
        e.w = redone.w;
        any_negative = lt(e.u, zero_f) | lt(e.v, zero_f) | lt(e.w, zero_f);
        any_positive = gt(e.u, zero_f) | gt(e.v, zero_f) | gt(e.w, zero_f);
        miss = ray.cull_backfaces ? any_negative : any_negative & any_positive;
    }
    e.hit = not_mask(miss);
    return e;
}

/// The rest of intersect_watertight: the determinant, t and its range.
inline LaneHits watertight_finish(const RayLanes& r, const WatertightStage& e) {
    const F zero_f = splat(0.0f);
    const F det = e.u + e.v + e.w;
    M hit = e.hit & neq(det, zero_f);
    const F t_scaled = e.u * (r.sz * e.pz[0]) + e.v * (r.sz * e.pz[1]) + e.w * (r.sz * e.pz[2]);
    const F inv_det = splat(1.0f) / det;
    const F t = t_scaled * inv_det;
    hit = hit & ge(t, r.t_min) & le(t, r.t_max);
    return {hit, t, e.v * inv_det, e.w * inv_det};
}

/// One algorithm on kLanes triangles of a block: both stages (watertight's second only when a
/// lane passed its edge tests; else no lane hits, and t, u, v are zero).
template <bool kWatertight, std::size_t W>
inline LaneHits block_lanes(const BlockRay& ray, const RayLanes& r, const TriangleBlock<W>& block,
                            std::size_t lane) {
    const F zero = splat(0.0f);
    if constexpr (kWatertight) {
        const WatertightStage e = watertight_stage(ray, r, block, lane);
        if (!mask_bits(e.hit)) return {e.hit, zero, zero, zero};
        return watertight_finish(r, e);
    } else {
        return moller_trumbore_finish(r, moller_trumbore_stage(ray, r, block, lane));
    }
}

/// The closest hit over `count` blocks: per lane, the best so far (strictly closer wins, so
/// the earlier block keeps a tie), then across lanes (ties: the lower block, then lane).
template <std::size_t W, bool kWatertight>
inline BlockHit closest_in_blocks(const BlockRay& ray, const TriangleBlock<W>* blocks,
                                  std::size_t count) {
    static_assert(W % kLanes == 0);
    constexpr std::size_t kParts = W / kLanes;
    const RayLanes r(ray);
    F best_t[kParts], best_u[kParts], best_v[kParts];
    I best_block[kParts];
    for (std::size_t p = 0; p < kParts; ++p) {
        best_t[p] = splat(__builtin_inff());
        best_u[p] = best_v[p] = splat(0.0f);
        best_block[p] = splat_int(-1);
    }
    unsigned any_hit = 0;  // most calls from a BVH leaf hit nothing: skip the reduction then
    for (std::size_t b = 0; b < count; ++b) {
        const I block_index = splat_int(int(b));
        for (std::size_t p = 0; p < kParts; ++p) {
            const LaneHits h = block_lanes<kWatertight>(ray, r, blocks[b], p * kLanes);
            const M closer = h.hit & lt(h.t, best_t[p]);
            any_hit |= mask_bits(closer);
            best_t[p] = select(closer, h.t, best_t[p]);
            best_u[p] = select(closer, h.u, best_u[p]);
            best_v[p] = select(closer, h.v, best_v[p]);
            best_block[p] = select_int(closer, block_index, best_block[p]);
        }
    }

    if (!any_hit) return BlockHit{__builtin_inff(), 0.0f, 0.0f, kEmptyLane, 0, 0};
    alignas(64) float t[W], u[W], v[W];
    alignas(64) int block[W];
    for (std::size_t p = 0; p < kParts; ++p) {
        store(t + p * kLanes, best_t[p]);
        store(u + p * kLanes, best_u[p]);
        store(v + p * kLanes, best_v[p]);
        store_int(block + p * kLanes, best_block[p]);
    }
    BlockHit result{__builtin_inff(), 0.0f, 0.0f, kEmptyLane, 0, 0};
    for (std::size_t l = 0; l < W; ++l) {
        if (block[l] < 0) continue;
        const auto b = std::uint32_t(block[l]);
        const bool better =
            t[l] < result.t ||
            (t[l] == result.t && (b < result.block || (b == result.block && l < result.lane)));
        if (result.id != kEmptyLane && !better) continue;
        result = {t[l], u[l], v[l], blocks[b].id[l], b, std::uint32_t(l)};
    }
    return result;
}

/// The closest hit in one block of exactly kLanes triangles with the ray's lanes made by the
/// caller (a BVH traversal makes them once per ray): ties to the lower triangle id, so that
/// the answer does not depend on how the builder ordered a leaf. Watertight's second stage runs
/// whatever its first found: in a traversal, whether a leaf's edge tests pass is a coin toss,
/// and a mispredicted early exit cost more than the division it saved.
template <bool kWatertight>
inline __attribute__((always_inline)) BlockHit closest_in_block(
    const BlockRay& ray, const RayLanes& r, const TriangleBlock<kLanes>& block) {
    LaneHits h;
    if constexpr (kWatertight)
        h = watertight_finish(r, watertight_stage(ray, r, block, 0));
    else
        h = moller_trumbore_finish(r, moller_trumbore_stage(ray, r, block, 0));
    unsigned bits = mask_bits(h.hit & lt(h.t, splat(__builtin_inff())));
    if (!bits) return BlockHit{__builtin_inff(), 0.0f, 0.0f, kEmptyLane, 0, 0};
    alignas(64) float t[kLanes];
    store(t, h.t);
    unsigned best = unsigned(__builtin_ctz(bits));
    for (bits &= bits - 1; bits; bits &= bits - 1) {
        const unsigned lane = unsigned(__builtin_ctz(bits));
        if (t[lane] < t[best] || (t[lane] == t[best] && block.id[lane] < block.id[best]))
            best = lane;
    }
    alignas(64) float u[kLanes], v[kLanes];
    store(u, h.u);
    store(v, h.v);
    return BlockHit{t[best], u[best], v[best], block.id[best], 0, best};
}
