// The batched Möller 97: run-time dispatch between the AVX-512, AVX2 and scalar paths. The
// vector paths exist only in x86-64 builds (RAYPICK_TRI_TRI_SIMD); the build stays portable and
// the CPU is asked once which of them it can run.

#include <cstring>

#include "picking/tritri/triangle_triangle.h"
#include "picking/tritri/triangle_triangle_batch_simd.h"

namespace picking {

static_assert(sizeof(TrianglePair) == 18 * sizeof(float), "pairs are 18 packed floats");

namespace batch {

bool moller97_scalar(const float* pair) {
    TrianglePair p;
    std::memcpy(&p, pair, sizeof p);
    return triangles_intersect_moller97(p.v, p.q);
}

}  // namespace batch

// AVX-512 first: sixteen pairs per step, loaded by transposes (no gathers), measured faster
// than the AVX2 batch on an AVX-512 CPU (AMD EPYC, 10^7 pairs: 5.4 against 6.5 ns per test on
// near-equilateral pairs, 13.3 against 16.1 on seed 003's mix; with per-coordinate gathers it
// had been the slower one, 20.5 against 12.1 on 10^6 near-equilateral pairs).
BatchIsa best_batch_isa() {
#if defined(RAYPICK_TRI_TRI_SIMD)
    static const BatchIsa best = [] {
        __builtin_cpu_init();
        if (__builtin_cpu_supports("avx512f")) return BatchIsa::Avx512;
        if (__builtin_cpu_supports("avx2")) return BatchIsa::Avx2;
        return BatchIsa::Scalar;
    }();
    return best;
#else
    return BatchIsa::Scalar;
#endif
}

std::string_view batch_isa_name(BatchIsa isa) {
    switch (isa) {
        case BatchIsa::Avx512:
            return "avx512";
        case BatchIsa::Avx2:
            return "avx2";
        case BatchIsa::Scalar:
            break;
    }
    return "scalar";
}

std::size_t intersect_batch_moller97(std::span<const TrianglePair> pairs,
                                     std::span<std::uint8_t> out) {
    return intersect_batch_moller97(pairs, out, best_batch_isa());
}

std::size_t intersect_batch_moller97(std::span<const TrianglePair> pairs,
                                     std::span<std::uint8_t> out, BatchIsa isa) {
    const BatchIsa best = best_batch_isa();
    if (int(isa) > int(best)) isa = best;
    const auto* floats = reinterpret_cast<const float*>(pairs.data());
#if defined(RAYPICK_TRI_TRI_SIMD)
    if (isa == BatchIsa::Avx512) return batch::moller97_avx512(floats, pairs.size(), out.data());
    if (isa == BatchIsa::Avx2) return batch::moller97_avx2(floats, pairs.size(), out.data());
#else
    (void)floats;
#endif
    return intersect_batch_scalar<triangles_intersect_moller97>(pairs, out);
}

}  // namespace picking
