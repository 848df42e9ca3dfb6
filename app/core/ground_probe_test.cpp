#include "app/core/ground_probe.h"

#include <random>

#include <gtest/gtest.h>

#include "assets/load_model.h"
#include "picking/testing/seeded_draws.h"

namespace app {
namespace {

/// The default scene's terrain: its instance and its index count.
std::uint32_t terrain_instance(const SceneSession& session) {
    const std::vector<assets::MeshInstance> instances = session.scene().instances();
    for (std::uint32_t i = 0; i < instances.size(); ++i)
        if (session.scene().nodes[instances[i].node].name == "terrain") return i;
    ADD_FAILURE() << "no terrain";
    return 0;
}

/// The oracle: the highest point of the instance's world triangles above (x, z), by
/// barycentric interpolation in double over every triangle whose xz shadow holds the point.
std::optional<double> brute_force_height(const SceneSession& session, std::uint32_t instance,
                                         double x, double z) {
    const std::uint32_t mesh = session.scene().instances()[instance].mesh;
    const std::size_t triangles = session.scene().meshes[mesh].indices.size() / 3;
    std::optional<double> top;
    for (std::uint32_t t = 0; t < triangles; ++t) {
        const picking::Triangle w = session.world_triangle(instance, t);
        const glm::dvec3 a(w.p0), b(w.p1), c(w.p2);
        const double det = (b.x - a.x) * (c.z - a.z) - (c.x - a.x) * (b.z - a.z);
        if (det == 0.0) continue;
        const double u = ((x - a.x) * (c.z - a.z) - (c.x - a.x) * (z - a.z)) / det;
        const double v = ((b.x - a.x) * (z - a.z) - (x - a.x) * (b.z - a.z)) / det;
        if (u < 0.0 || v < 0.0 || u + v > 1.0) continue;
        const double y = (1.0 - u - v) * a.y + u * b.y + v * c.y;
        top = top ? std::max(*top, y) : y;
    }
    return top;
}

// Seeded points over the terrain: the corrected probe's height is the top surface an exact
// interpolation finds, and what a pick straight down finds when nothing stands above it; the
// seed's probe, starting at y = 0.2, reaches ground lower than that only behind its origin.
TEST(GroundProbe, HeightsEqualAnExactInterpolationAndAPickStraightDown_Seed11) {
    SceneSession session(assets::load_model("default"));
    session.set_time(0.0);
    const std::uint32_t terrain = terrain_instance(session);
    const picking::Aabb box = session.world_bounds();
    std::mt19937 rng(11);
    int probed = 0, below_start = 0, picked_alike = 0;
    for (int i = 0; i < 60; ++i) {
        const float x = picking::testing::between(rng, box.min.x, box.max.x);
        const float z = picking::testing::between(rng, box.min.z, box.max.z);
        const GroundProbe probe = probe_ground(session, terrain, x, z);
        const std::optional<double> exact =
            brute_force_height(session, terrain, double(x), double(z));
        ASSERT_EQ(probe.ground.has_value(), exact.has_value()) << x << "," << z;
        if (!exact) continue;
        ++probed;
        EXPECT_NEAR(*probe.height(), *exact, 1e-4 * (1.0 + std::abs(*exact))) << x << "," << z;
        EXPECT_EQ(probe.ground->instance, terrain);
        EXPECT_GE(probe.ground->t, 0.0f);
        // The same ray through the whole scene's pick: equal when the terrain is on top.
        const picking::PickResult pick = session.pick(probe.ground_ray, PickChoice{});
        if (pick.hit && pick.hit->instance == terrain) {
            ++picked_alike;
            EXPECT_EQ(pick.hit->triangle, probe.ground->triangle);
            EXPECT_EQ(pick.hit->point.y, probe.ground->point.y);
        }
        // The seed's hits lie on the vertical line; those below 0.2 are behind its origin.
        for (const picking::PickHit& h : probe.seed_hits) {
            EXPECT_NEAR(h.point.x, x, 1e-4);
            EXPECT_NEAR(h.point.z, z, 1e-4);
            EXPECT_EQ(h.t < 0.0f, h.point.y < kSeedProbeStartY) << h.t << " " << h.point.y;
        }
        if (*exact < double(kSeedProbeStartY) - 1e-3) {
            ++below_start;
            EXPECT_GT(probe.seed_hits_behind(), 0u) << x << "," << z;
        }
        ASSERT_TRUE(probe.seed_last.has_value());
        for (const picking::PickHit& h : probe.seed_hits)
            EXPECT_LE(h.triangle, probe.seed_hits[*probe.seed_last].triangle);
    }
    EXPECT_GT(probed, 20);
    EXPECT_GT(below_start, 5);
    EXPECT_GT(picked_alike, 10);
}

TEST(GroundProbe, NothingUnderThePointGivesNoHeight) {
    SceneSession session(assets::load_model("default"));
    const std::uint32_t terrain = terrain_instance(session);
    const picking::Aabb box = session.world_bounds();
    const GroundProbe probe = probe_ground(session, terrain, box.max.x + 10.0f, box.max.z + 10.0f);
    EXPECT_FALSE(probe.height().has_value());
    EXPECT_TRUE(probe.seed_hits.empty());
    EXPECT_FALSE(probe.seed_last.has_value());
}

}  // namespace
}  // namespace app
