#include "picking/studies/triangle_pair_generator.h"

#include <gtest/gtest.h>

#include "picking/tritri/triangle_pair_distance.h"

namespace picking {
namespace {

TEST(TriTriGenerator, Seed3_EveryCaseComesOutAsThatCaseAndEveryAlgorithmAgrees) {
    std::mt19937_64 rng(3);
    for (int c = 0; c < kSeedCaseCount; ++c) {
        const auto id = TriTriCase(c);
        const bool expected = tri_tri_case_info(id).intersecting;
        for (int i = 0; i < 300; ++i) {
            const TrianglePair pair = generate_case_pair(id, rng);
            ASSERT_EQ(classify_triangle_pair(pair.v, pair.q), id);
            for (const TriTriAlgorithm& algorithm : kTriTriAlgorithms)
                if (algorithm.intersects(pair.v, pair.q) != expected) {
                    // Only a pair within float rounding of touching may be answered otherwise.
                    EXPECT_LT(distance_to_touching(pair.v, pair.q), 1e-5)
                        << algorithm.name << " on " << tri_tri_case_info(id).name << " #" << i;
                }
        }
    }
}

TEST(TriTriGenerator, Seed1_TheSeedMixIsFiveEighthsIntersecting) {
    const GeneratedPairs mix = generate_seed_mix(1600, 1);
    ASSERT_EQ(mix.pairs.size(), 1600u);
    int intersecting = 0, per_case[kSeedCaseCount] = {};
    for (std::size_t i = 0; i < mix.pairs.size(); ++i) {
        ASSERT_EQ(classify_triangle_pair(mix.pairs[i].v, mix.pairs[i].q), mix.cases[i]);
        intersecting += tri_tri_case_info(mix.cases[i]).intersecting;
        ++per_case[int(mix.cases[i])];
    }
    EXPECT_EQ(intersecting, 1000);  // 62.5%
    for (int c = 0; c < kSeedCaseCount; ++c)
        EXPECT_EQ(per_case[c], tri_tri_case_info(TriTriCase(c)).intersecting ? 250 : 120);
    // The same seed gives the same pairs.
    const GeneratedPairs again = generate_seed_mix(1600, 1);
    EXPECT_EQ(again.pairs[1599].q.p2, mix.pairs[1599].q.p2);
}

TEST(TriTriGenerator, Seed2_NearEquilateralPairsIntersectAboutHalfTheTime) {
    const auto pairs = generate_near_equilateral_pairs(4000, 2);
    int intersecting = 0;
    for (const TrianglePair& pair : pairs) {
        const float e = glm::length(pair.v.p1 - pair.v.p0);
        ASSERT_GT(e, 0.8f);
        ASSERT_LT(e, 1.2f);
        intersecting += triangles_intersect_exact(pair.v, pair.q);
    }
    EXPECT_GT(intersecting, 4000 * 40 / 100);
    EXPECT_LT(intersecting, 4000 * 60 / 100);
}

TEST(TriTriGenerator, Seed4_StressKindsComeInTurn) {
    const auto pairs = generate_stress_pairs(96, 4);
    ASSERT_EQ(pairs.size(), 96u);
    int per_kind[kStressKindCount] = {};
    for (std::size_t i = 0; i < 32; ++i)
        ++per_kind[int(stress_kind_of(i))];
    for (int k = 0; k < kStressKindCount; ++k)
        EXPECT_GE(per_kind[k], 2) << stress_kind_name(StressKind(k));
    // Shared-vertex pairs share a corner exactly; shared-edge pairs two.
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const auto kind = stress_kind_of(i);
        if (kind != StressKind::SharedVertex && kind != StressKind::SharedEdge) continue;
        int shared = 0;
        for (glm::vec3 a : {pairs[i].v.p0, pairs[i].v.p1, pairs[i].v.p2})
            for (glm::vec3 b : {pairs[i].q.p0, pairs[i].q.p1, pairs[i].q.p2})
                shared += a == b;
        EXPECT_EQ(shared, kind == StressKind::SharedEdge ? 2 : 1) << i;
    }
}

}  // namespace
}  // namespace picking
