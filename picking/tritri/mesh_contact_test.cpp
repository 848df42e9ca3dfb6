// Mesh–mesh contact: the BVH-against-BVH candidates must lose no intersecting pair that testing
// every pair finds (same algorithm, same world-space triangles), for every algorithm; the
// segments lie on both triangles; apart means nothing; the limit keeps counting.

#include "picking/tritri/mesh_contact.h"

#include <cmath>
#include <set>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

namespace picking {
namespace {

/// A closed UV sphere of radius 1 about the origin: rings x segments quads, split in two.
struct TestSphere {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;

    TestSphere(int rings, int segments) {
        for (int r = 0; r <= rings; ++r)
            for (int s = 0; s < segments; ++s) {
                const float theta = 3.14159265f * float(r) / float(rings);
                const float phi = 6.28318531f * float(s) / float(segments);
                positions.push_back({std::sin(theta) * std::cos(phi), std::cos(theta),
                                     std::sin(theta) * std::sin(phi)});
            }
        const auto at = [&](int r, int s) { return std::uint32_t(r * segments + s % segments); };
        for (int r = 0; r < rings; ++r)
            for (int s = 0; s < segments; ++s) {
                indices.insert(indices.end(), {at(r, s), at(r + 1, s), at(r + 1, s + 1)});
                indices.insert(indices.end(), {at(r, s), at(r + 1, s + 1), at(r, s + 1)});
            }
    }
    [[nodiscard]] MeshView view() const { return {positions, indices}; }
};

using PairSet = std::set<std::pair<std::uint32_t, std::uint32_t>>;

PairSet pairs_of(const MeshContacts& contacts) {
    PairSet out;
    for (const auto& p : contacts.pairs)
        EXPECT_TRUE(out.insert({p.triangle_a, p.triangle_b}).second) << "a pair twice";
    return out;
}

/// Distance from p to the closed triangle t (small when p lies on it).
float distance_to(const Triangle& t, glm::vec3 p) {
    const glm::vec3 n = glm::normalize(glm::cross(t.p1 - t.p0, t.p2 - t.p0));
    const glm::vec3 on_plane = p - glm::dot(p - t.p0, n) * n;
    const glm::vec3 c[3] = {t.p0, t.p1, t.p2};
    bool inside = true;
    for (int i = 0; i < 3; ++i)
        inside = inside && glm::dot(glm::cross(c[(i + 1) % 3] - c[i], on_plane - c[i]), n) >= 0.0f;
    if (inside) return std::abs(glm::dot(p - t.p0, n));
    float best = INFINITY;
    for (int i = 0; i < 3; ++i) {
        const glm::vec3 e = c[(i + 1) % 3] - c[i];
        const float s = glm::clamp(glm::dot(p - c[i], e) / glm::dot(e, e), 0.0f, 1.0f);
        best = std::min(best, glm::length(p - (c[i] + s * e)));
    }
    return best;
}

class MeshContactTest : public ::testing::TestWithParam<TriTriMethod> {};

TEST_P(MeshContactTest, BvhTraversalFindsWhatEveryPairFinds) {
    const TestSphere sphere(16, 24);
    const Bvh bvh = build_bvh(sphere.view());
    const TriTriAlgorithm& algorithm = tri_tri_algorithm(GetParam());
    // A placed off the origin; B a copy turned about a skew axis, scaled, half-way through A.
    glm::mat4 world_a = glm::translate(glm::mat4(1.0f), {3.0f, -1.0f, 2.0f});
    glm::mat4 world_b = glm::translate(world_a, {0.9f, 0.3f, -0.2f});
    world_b = glm::rotate(world_b, 0.6f, glm::normalize(glm::vec3(1, 2, 3)));
    world_b = glm::scale(world_b, glm::vec3(0.8f));
    const PlacedMesh a{sphere.view(), &bvh, world_a}, b{sphere.view(), &bvh, world_b};

    const MeshContacts fast = mesh_contacts(a, b, algorithm);
    const MeshContacts slow = mesh_contacts_brute_force(a, b, algorithm);
    EXPECT_GT(fast.stats.intersecting_pairs, 20u);
    EXPECT_EQ(fast.stats.intersecting_pairs, slow.stats.intersecting_pairs);
    EXPECT_EQ(pairs_of(fast), pairs_of(slow));
    EXPECT_FALSE(fast.truncated);
    // The traversal tests far fewer pairs than all of them.
    EXPECT_LT(fast.stats.candidate_pairs, slow.stats.candidate_pairs / 20);
    EXPECT_GE(fast.stats.candidate_pairs, fast.stats.intersecting_pairs);

    const float size = 2.0f;
    for (const auto& p : fast.pairs) {
        ASSERT_FALSE(p.contact.coplanar);
        for (glm::vec3 end : {p.contact.segment.a, p.contact.segment.b}) {
            EXPECT_LT(distance_to(p.world_a, end), 1e-4f * size);
            EXPECT_LT(distance_to(p.world_b, end), 1e-4f * size);
        }
    }
}

TEST_P(MeshContactTest, ApartThereIsNothingToTest) {
    const TestSphere sphere(8, 12);
    const Bvh bvh = build_bvh(sphere.view());
    const PlacedMesh a{sphere.view(), &bvh, glm::mat4(1.0f)};
    const PlacedMesh b{sphere.view(), &bvh, glm::translate(glm::mat4(1.0f), {2.5f, 0.0f, 0.0f})};
    const MeshContacts contacts = mesh_contacts(a, b, tri_tri_algorithm(GetParam()));
    EXPECT_EQ(contacts.stats.candidate_pairs, 0u);
    EXPECT_EQ(contacts.stats.intersecting_pairs, 0u);
    EXPECT_TRUE(contacts.pairs.empty());
}

INSTANTIATE_TEST_SUITE_P(EveryAlgorithm, MeshContactTest,
                         ::testing::Values(TriTriMethod::Seed003, TriTriMethod::Moller97,
                                           TriTriMethod::GuigueDevillers, TriTriMethod::Exact),
                         [](const ::testing::TestParamInfo<TriTriMethod>& param_info) {
                             return std::string(tri_tri_algorithm(param_info.param).name);
                         });

TEST(MeshContact, TheLimitKeepsCountingButStopsKeeping) {
    const TestSphere sphere(16, 24);
    const Bvh bvh = build_bvh(sphere.view());
    const PlacedMesh a{sphere.view(), &bvh, glm::mat4(1.0f)};
    const PlacedMesh b{
        sphere.view(), &bvh,
        glm::rotate(glm::translate(glm::mat4(1.0f), {0.7f, 0.0f, 0.0f}), 0.4f, glm::vec3(0, 0, 1))};
    const auto& algorithm = tri_tri_algorithm(TriTriMethod::Moller97);
    const MeshContacts all = mesh_contacts(a, b, algorithm);
    ASSERT_GT(all.stats.intersecting_pairs, 10u);
    const MeshContacts few = mesh_contacts(a, b, algorithm, 5);
    EXPECT_EQ(few.pairs.size(), 5u);
    EXPECT_TRUE(few.truncated);
    EXPECT_EQ(few.stats.intersecting_pairs, all.stats.intersecting_pairs);
}

TEST(MeshContact, AMeshOnItsOwnCopyTouchesEverywhereForTheExactAlgorithms) {
    // Every triangle is coplanar with its twin and touches its neighbours' twins: the robust
    // algorithms find each twin pair (docs/triangle_triangle.md, touching pairs).
    const TestSphere sphere(6, 8);
    const Bvh bvh = build_bvh(sphere.view());
    const PlacedMesh a{sphere.view(), &bvh, glm::mat4(1.0f)};
    for (TriTriMethod method : {TriTriMethod::GuigueDevillers, TriTriMethod::Exact}) {
        const MeshContacts contacts = mesh_contacts(a, a, tri_tri_algorithm(method));
        const PairSet found = pairs_of(contacts);
        int twins = 0;
        for (std::uint32_t i = 0; i < sphere.view().triangle_count(); ++i) {
            const Triangle t = sphere.view().triangle(i);
            // The pole's triangles of the first ring have no area: degenerate, no contact.
            const bool degenerate = glm::length(glm::cross(t.p1 - t.p0, t.p2 - t.p0)) == 0.0f;
            EXPECT_EQ(found.count({i, i}), degenerate ? 0u : 1u) << "triangle " << i;
            twins += degenerate ? 0 : 1;
        }
        EXPECT_GT(twins, 70);
    }
}

TEST(MeshContact, NoBvhOrNothingFiniteIsNoContact) {
    const TestSphere sphere(4, 6);
    const Bvh bvh = build_bvh(sphere.view());
    const auto& algorithm = tri_tri_algorithm(TriTriMethod::Moller97);
    EXPECT_TRUE(mesh_contacts({sphere.view(), nullptr, glm::mat4(1.0f)},
                              {sphere.view(), &bvh, glm::mat4(1.0f)}, algorithm)
                    .pairs.empty());
    // A placement with NaN: the boxes overlap nothing, nothing traps.
    glm::mat4 broken(1.0f);
    broken[3][0] = NAN;
    const MeshContacts contacts = mesh_contacts({sphere.view(), &bvh, glm::mat4(1.0f)},
                                                {sphere.view(), &bvh, broken}, algorithm);
    EXPECT_EQ(contacts.stats.intersecting_pairs, 0u);
}

}  // namespace
}  // namespace picking
