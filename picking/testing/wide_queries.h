#pragma once
/// What the wide BVH's tests run their queries on: every instruction-set path this CPU has, and
/// a query for a block algorithm on one of them.

#include <vector>

#include "picking/bvh/wide_bvh.h"
#include "picking/core/isa.h"

namespace picking::testing {

/// Scalar, and AVX2 and AVX-512 where this CPU runs them.
inline std::vector<Isa> isa_levels_here() {
    std::vector<Isa> levels{Isa::Scalar};
    for (Isa isa : {Isa::Avx2, Isa::Avx512})
        if (cpu_supports(isa)) levels.push_back(isa);
    return levels;
}

/// A query for `algorithm`'s block kernels on `isa` (the table's test of the same algorithm on
/// the scalar path).
inline WideQuery block_query(BlockAlgorithm algorithm, Isa isa) {
    WideQuery query;
    query.intersect =
        algorithm == BlockAlgorithm::Watertight ? intersect_watertight : intersect_moller_trumbore;
    query.block_algorithm = algorithm;
    query.isa = isa;
    return query;
}

}  // namespace picking::testing
