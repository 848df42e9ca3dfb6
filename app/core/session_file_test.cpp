#include "app/core/session_file.h"

#include <cmath>
#include <cstdint>
#include <random>

#include <gtest/gtest.h>

#include "app/core/json_line.h"
#include "picking/testing/seeded_draws.h"

namespace app {
namespace {

using picking::testing::below;
using picking::testing::between;
using picking::testing::coin;

SessionFile through_text(const SessionFile& session) {
    return parse_session(json_line(session_to_json(session)));
}

/// A session with every field away from its default, drawn from `rng`.
SessionFile random_session(std::mt19937& rng) {
    SessionFile s;
    s.model.path = "models/crate \xc3\xa9.obj";
    s.model.sha256 = std::string(64, 'a');
    s.model.bytes = 1234;
    s.animation.clip = 2;
    s.animation.clip_name = "Walk";
    s.animation.loop = false;
    s.animation.time = double(between(rng, 0.0f, 9.0f)) / 3.0;
    s.playing = coin(rng);
    s.camera.target = {between(rng, -5.0f, 5.0f), 1.0f, -2.0f};
    s.camera.distance = between(rng, 0.5f, 40.0f);
    s.camera.yaw = between(rng, -3.0f, 3.0f);
    s.camera.pitch = between(rng, -1.5f, 1.5f);
    s.camera.projection = Projection::Orthographic;
    s.camera.scene_radius = 7.25f;
    s.camera.lens_shift = {0.125f, -0.0625f};
    s.layout.outliner_open = true;
    s.layout.inspector_open = false;
    s.layout.tools_open = true;
    s.layout.outliner_width = between(rng, 180.0f, 900.0f);
    s.layout.tools_height = 333.5f;
    s.mode = "lab";
    s.tool = "lasso";
    s.tools_tab = "bone-space";
    s.wireframe = true;
    s.show_ray = false;
    EXPECT_FALSE(parse_pick_choice("watertight", "bvh", s.choice));
    s.choice.options().triangle_options.dx_det_epsilon = between(rng, 0.0f, 1e-3f);
    s.choice.options().triangle_options.cull_backfaces = true;
    s.t_min = 0.5f;
    s.t_max = between(rng, 10.0f, 100.0f);
    s.hover = true;
    s.snap = true;
    s.snap_radius_px = 17.0f;
    s.snap_targets.edge = false;
    s.rule = picking::RegionRule::FullyInside;
    s.xray = true;
    s.bvh_build = BvhBuildChoice::Morton;
    s.pick = SessionPick{{412.5f, 300.5f}, {0.1f, 2.0f, 9.0f}, {0.0f, -0.6f, -0.8f}};
    picking::TriangleSet set(std::vector<std::size_t>{100, 0, 5000});
    for (int k = 0; k < 700; ++k) {
        const auto instance = std::uint32_t(below(rng, 3));
        const auto triangle = std::uint32_t(below(rng, 5000));
        set.insert(instance, triangle);
    }
    s.region = session_region(set);
    MeasurePoint p;
    p.instance = 2;
    p.triangle = 17;
    p.world = {1.0 / 3.0, -2.0, 1e-9};
    p.mesh = {0.5, 0.25, 0.125};
    p.corners[1] = {1.0, 0.0, 0.0};
    p.corners[2] = {0.0, 1.0, 0.0};
    p.world_from_mesh[3] = glm::dvec4(3.0, 4.0, 5.0, 1.0);
    p.world_from_mesh[0].x = 2.0;
    s.measure = {p, p};
    return s;
}

void expect_same(const SessionFile& a, const SessionFile& b) {
    EXPECT_EQ(session_to_json(a).dump(), session_to_json(b).dump());
    EXPECT_EQ(a.camera.distance, b.camera.distance);
    EXPECT_EQ(a.camera.yaw, b.camera.yaw);
    EXPECT_EQ(a.layout, b.layout);
    EXPECT_EQ(a.region, b.region);
    EXPECT_EQ(a.animation, b.animation);
    EXPECT_EQ(a.choice.options().triangle_options.dx_det_epsilon,
              b.choice.options().triangle_options.dx_det_epsilon);
    ASSERT_EQ(a.measure.size(), b.measure.size());
    for (std::size_t i = 0; i < a.measure.size(); ++i) {
        EXPECT_EQ(a.measure[i].world, b.measure[i].world);
        EXPECT_EQ(a.measure[i].world_from_mesh, b.measure[i].world_from_mesh);
    }
}

TEST(SessionFile, EveryFieldComesBackBitForBit) {
    for (std::uint32_t seed = 1; seed <= 20; ++seed) {
        std::mt19937 rng(seed);
        const SessionFile session = random_session(rng);
        const SessionFile back = through_text(session);
        expect_same(session, back);
        ASSERT_TRUE(back.pick);
        EXPECT_EQ(back.pick->direction, session.pick->direction);
        EXPECT_EQ(back.model.sha256, session.model.sha256);
        EXPECT_EQ(back.mode, "lab");
    }
}

TEST(SessionFile, TheDefaultsComeBackToo) {
    SessionFile defaults;
    defaults.model.path = "default";
    const SessionFile back = through_text(defaults);
    expect_same(defaults, back);
    EXPECT_TRUE(std::isinf(back.t_max));
    EXPECT_FALSE(back.pick);
    EXPECT_TRUE(back.region.empty());
}

TEST(SessionFile, RunsGiveBackTheSameTrianglesAndDropWhatTheSceneLacks) {
    std::mt19937 rng(7);
    const std::vector<std::size_t> sizes{64, 1, 0, 1000};
    picking::TriangleSet set(sizes);
    for (int k = 0; k < 400; ++k) {
        const auto instance = std::uint32_t(below(rng, 4));
        const auto triangle = std::uint32_t(below(rng, 1000));
        set.insert(instance, triangle);
    }
    const std::vector<SessionRegion> region = session_region(set);
    std::uint64_t dropped = 99;
    EXPECT_EQ(region_triangles(region, sizes, dropped), set);
    EXPECT_EQ(dropped, 0u);
    // Runs are maximal: no two touch.
    for (const SessionRegion& r : region)
        for (std::size_t i = 1; i < r.runs.size(); ++i)
            EXPECT_GT(r.runs[i].first, r.runs[i - 1].second + 1);

    // A smaller scene keeps what it has and counts the rest.
    const std::vector<std::size_t> smaller{64, 1, 0, 500};
    const picking::TriangleSet kept = region_triangles(region, smaller, dropped);
    std::uint64_t beyond = 0;
    set.for_each([&](std::uint32_t i, std::uint32_t t) {
        if (i == 3 && t >= 500) ++beyond;
    });
    EXPECT_EQ(dropped, beyond);
    EXPECT_EQ(kept.count(), set.count() - beyond);
    // An instance the scene does not have at all.
    const std::vector<SessionRegion> far{{9, {{0, 9}}}};
    EXPECT_EQ(region_triangles(far, sizes, dropped).count(), 0u);
    EXPECT_EQ(dropped, 10u);
}

/// The session's JSON with one change, read back: the error's message.
template <typename Edit>
std::string error_after(Edit edit) {
    std::mt19937 rng(3);
    nlohmann::json j = nlohmann::json::parse(session_to_json(random_session(rng)).dump());
    edit(j);
    try {
        (void)session_from_json(j);
    } catch (const RecordError& e) {
        return e.what();
    }
    return "(read without an error)";
}

// The BVH's build method comes back; a file saved before it was recorded reads as auto.
TEST(SessionFile, TheBvhBuildMethodComesBackAndAnOlderFileMeansAuto) {
    std::mt19937 rng(4);
    const SessionFile session = random_session(rng);
    EXPECT_EQ(through_text(session).bvh_build, BvhBuildChoice::Morton);
    nlohmann::json j = nlohmann::json::parse(session_to_json(session).dump());
    j["pick"].erase("bvh_build");
    EXPECT_EQ(session_from_json(j).bvh_build, BvhBuildChoice::Auto);
}

TEST(SessionFile, ABadFieldIsNamed) {
    EXPECT_NE(error_after([](auto& j) { j["camera"]["extra"] = 1; }).find("camera"),
              std::string::npos);
    EXPECT_NE(error_after([](auto& j) { j["camera"]["yaw_bits"] = "0x00000001"; }).find("yaw"),
              std::string::npos);
    EXPECT_NE(error_after([](auto& j) { j["layout"]["tools_height"] = 5.0; }).find("tools_height"),
              std::string::npos);
    EXPECT_NE(error_after([](auto& j) { j["layout"]["mode"] = "Pick; rm"; }).find("mode"),
              std::string::npos);
    EXPECT_NE(error_after([](auto& j) { j["pick"]["rule"] = "mostly"; }).find("rule"),
              std::string::npos);
    EXPECT_NE(error_after([](auto& j) {
                  j["selection"]["region"][0]["runs"] = {{5, 9}, {10, 12}};  // touching runs
              }).find("runs"),
              std::string::npos);
    EXPECT_NE(error_after([](auto& j) {
                  j["selection"]["region"][0]["runs"] = {{9, 5}};
              }).find("runs"),
              std::string::npos);
    EXPECT_NE(error_after([](auto& j) {
                  j["selection"]["region"][1]["instance"] = j["selection"]["region"][0]["instance"];
              }).find("increasing"),
              std::string::npos);
    EXPECT_NE(error_after([](auto& j) {
                  auto& m = j["selection"]["measure"];
                  m = {m[0], m[0], m[0], m[0]};
              }).find("measure"),
              std::string::npos);
    EXPECT_NE(
        error_after([](auto& j) {
            j["selection"]["pick"]["direction"] = {0.0, 0.0, 0.0};
            j["selection"]["pick"]["direction_bits"] = {"0x00000000", "0x00000000", "0x00000000"};
        }).find("direction"),
        std::string::npos);
    EXPECT_NE(error_after([](auto& j) { j["pick"]["bvh_build"] = "fast"; }).find("bvh_build"),
              std::string::npos);
    EXPECT_NE(error_after([](auto& j) { j["version"] = 2; }).find("version"), std::string::npos);
    EXPECT_THROW((void)parse_session("{\"record\":"), RecordError);
    EXPECT_THROW((void)parse_session(""), RecordError);
}

TEST(SessionFile, ASessionIsToldFromAModelByItsFirstBytes) {
    SessionFile session;
    session.model.path = "default";
    EXPECT_TRUE(looks_like_session(json_line(session_to_json(session))));
    EXPECT_TRUE(looks_like_session("  \n{\"record\":\"raypick session\",\"version\":1}"));
    EXPECT_FALSE(looks_like_session("{\"record\":\"raypick pick\"}"));
    EXPECT_FALSE(looks_like_session("ply\nformat ascii 1.0\n"));
    EXPECT_FALSE(looks_like_session(""));
}

}  // namespace
}  // namespace app
