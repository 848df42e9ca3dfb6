// The batched Möller 97: run-time dispatch between the AVX-512, AVX2 and scalar paths, on the
// one CPU check of picking/core/isa.h.

#include <cstring>

#include "picking/core/isa.h"
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

std::size_t intersect_batch_moller97(std::span<const TrianglePair> pairs,
                                     std::span<std::uint8_t> out) {
    return intersect_batch_moller97(pairs, out, active_isa());
}

std::size_t intersect_batch_moller97(std::span<const TrianglePair> pairs,
                                     std::span<std::uint8_t> out, Isa isa) {
    // AVX-512 first on a CPU that has it: sixteen pairs per step, loaded by transposes (no
    // gathers), measured faster than the AVX2 batch on an AVX-512 CPU (AMD EPYC, 10^7 pairs:
    // 5.4 against 6.5 ns per test on near-equilateral pairs, 13.3 against 16.1 on seed 003's
    // mix; with per-coordinate gathers it had been the slower one).
    const auto* floats = reinterpret_cast<const float*>(pairs.data());
    switch (supported_isa_at_most(isa)) {
        case Isa::Avx512:
            return batch::moller97_avx512(floats, pairs.size(), out.data());
        case Isa::Avx2:
            return batch::moller97_avx2(floats, pairs.size(), out.data());
        case Isa::Scalar:
            break;
    }
    return intersect_batch_scalar<triangles_intersect_moller97>(pairs, out);
}

}  // namespace picking
