#include "app/core/id_buffer_check.h"

#include <gtest/gtest.h>

namespace app {
namespace {

/// A click on triangle 5 of instance 2 at the middle of a unit right triangle, t = 10, with the
/// GPU's answer `gpu`.
Selection click(std::optional<std::pair<std::uint32_t, std::uint32_t>> gpu) {
    Selection s;
    s.choice.options().method = picking::RayTriangleMethod::Watertight;
    s.ray.t_max = std::numeric_limits<float>::infinity();
    picking::PickHit hit;
    hit.instance = 2;
    hit.triangle = 5;
    hit.t = 10.0f;
    hit.u = hit.v = 0.3f;
    hit.local_triangle = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    hit.local_point = {0.3f, 0.3f, 0.0f};
    s.result.hit = hit;
    s.id_buffer_read = true;
    s.id_buffer = gpu;
    return s;
}

IdBufferContext context() {
    IdBufferContext c;
    c.near_plane = 0.1f;
    c.far_plane = 100.0f;
    c.world_per_pixel = 0.001f;
    return c;
}

TEST(IdBufferCheck, TheSameTriangleAgrees) {
    const IdBufferVerdict v = check_id_buffer(click(std::pair{2u, 5u}), context());
    EXPECT_TRUE(v.read);
    EXPECT_TRUE(v.agrees);
    EXPECT_EQ(v.gpu, "instance 2, triangle 5");
    EXPECT_EQ(v.cause, "");
    Selection miss = click(std::nullopt);
    miss.result.hit.reset();
    EXPECT_TRUE(check_id_buffer(miss, context()).agrees);  // nothing drawn where nothing hit
    Selection unread = click(std::pair{2u, 5u});
    unread.id_buffer_read = false;
    EXPECT_FALSE(check_id_buffer(unread, context()).read);
}

// Repro: every disagreement was "an edge or a clipped pixel", whatever the cause.
TEST(IdBufferCheck, EachDisagreementSaysItsRealCause) {
    const auto cause = [](Selection s, IdBufferContext c = context()) {
        const IdBufferVerdict v = check_id_buffer(s, c);
        EXPECT_FALSE(v.agrees);
        return v.cause;
    };
    const auto has = [](const std::string& text, const char* word) {
        return text.find(word) != std::string::npos;
    };
    Selection behind = click(std::pair{2u, 6u});
    behind.result.hit->t = -3.0f;
    EXPECT_TRUE(has(cause(behind), "behind the eye")) << cause(behind);

    Selection culled = click(std::pair{2u, 6u});
    culled.choice.options().triangle_options.cull_backfaces = true;
    EXPECT_TRUE(has(cause(culled), "culled")) << cause(culled);

    Selection first = click(std::pair{2u, 6u});
    first.choice.options().method = picking::RayTriangleMethod::XnaPlane;
    first.choice.options().triangle_options.xna_first_found = true;
    EXPECT_TRUE(has(cause(first), "first found")) << cause(first);

    Selection slack = click(std::pair{2u, 6u});
    slack.result.hit->u = -0.00001f;
    EXPECT_TRUE(has(cause(slack), "tolerance")) << cause(slack);

    Selection range = click(std::pair{2u, 6u});
    range.ray.t_max = 50.0f;
    EXPECT_TRUE(has(cause(range), "t range")) << cause(range);

    Selection edge = click(std::pair{2u, 6u});
    edge.result.hit->local_point = {0.5f, 0.4999f, 0.0f};  // 7e-5 from the hypotenuse
    EXPECT_TRUE(has(cause(edge), "edge")) << cause(edge);

    IdBufferContext far = context();
    far.far_offset = 1e6;
    EXPECT_TRUE(has(cause(click(std::pair{2u, 6u}), far), "from the origin"));

    Selection leak = click(std::pair{2u, 6u});
    leak.result.hit.reset();
    leak.choice.options().method = picking::RayTriangleMethod::MollerTrumbore;
    EXPECT_TRUE(has(cause(leak), "leak")) << cause(leak);

    // Nothing in the settings, the place or the geometry explains it: it says so.
    EXPECT_TRUE(has(cause(click(std::pair{2u, 6u})), "please report"));
}

}  // namespace
}  // namespace app
