#include "picking/select/snap_window.h"

#include <cmath>
#include <limits>
#include <random>

#include <gtest/gtest.h>
#include <glm/ext/matrix_clip_space.hpp>
#include <glm/ext/matrix_transform.hpp>

#include "picking/select/selection_volume.h"
#include "picking/testing/seeded_draws.h"

namespace picking {
namespace {

using testing::uniform;

glm::dvec3 uniform3(std::mt19937& rng, double lo, double hi) {
    return glm::dvec3{uniform(rng, lo, hi), uniform(rng, lo, hi), uniform(rng, lo, hi)};
}

/// A camera, a mesh placement, a cursor's square and a reach box around a point in the square,
/// all drawn from `rng`, with the double-precision tests the window must never be stricter
/// than.
struct Scenario {
    glm::dmat4 clip_from_mesh{1.0};
    SelectionVolume square{glm::dmat4(1.0), {{0, 0}, {1, 0}, {1, 1}}};
    std::array<glm::dvec4, 6> planes{};
    Aabb reach;
    glm::dvec3 centre{0.0};  ///< a point inside both, in mesh space

    explicit Scenario(std::mt19937& rng) {
        // At least 10 from the origin, which the camera looks at.
        const glm::dvec3 eye = uniform3(rng, -30.0, 30.0) + glm::dvec3(0.0, 0.0, 40.0);
        const glm::dmat4 clip_from_world =
            glm::perspective(glm::radians(50.0), 1.5, 0.1, 200.0) *
            glm::lookAt(eye, glm::dvec3(0.0), glm::dvec3(0.0, 1.0, 0.0));
        const glm::dvec3 axis =
            glm::normalize(uniform3(rng, -1.0, 1.0) + glm::dvec3(0.0, 0.0, 1e-3));
        const double angle = uniform(rng, 0.0, 6.0);
        const glm::dvec3 scale = uniform3(rng, 0.2, 5.0);
        const glm::dvec3 offset = uniform3(rng, -4.0, 4.0);
        const glm::dmat4 world_from_mesh =
            glm::scale(glm::rotate(glm::translate(glm::dmat4(1.0), offset), angle, axis), scale);
        clip_from_mesh = clip_from_world * world_from_mesh;
        const glm::dvec2 cursor{uniform(rng, -0.8, 0.8), uniform(rng, -0.8, 0.8)};
        const double half = uniform(rng, 0.001, 0.05);
        square = SelectionVolume::rectangle(clip_from_world, cursor - half, cursor + half);
        planes = square.planes_in(clip_from_mesh);
        // The reach box around the point of the square's centre at the origin's depth.
        const glm::dvec4 origin_clip = clip_from_world * glm::dvec4(0.0, 0.0, 0.0, 1.0);
        const glm::dvec4 at_clip{cursor.x * origin_clip.w, cursor.y * origin_clip.w, origin_clip.z,
                                 origin_clip.w};
        const glm::dvec4 at_mesh = glm::inverse(clip_from_mesh) * at_clip;
        centre = glm::dvec3(at_mesh) / at_mesh.w;
        const double r = uniform(rng, 0.01, 2.0);
        reach.extend(glm::vec3(centre - r));
        reach.extend(glm::vec3(centre + r));
    }

    /// The double-precision answer: the box meets the reach box and is not outside the frustum.
    [[nodiscard]] bool may_meet(const Aabb& box) const {
        return box.overlaps(reach) &&
               square.classify(box, clip_from_mesh, planes) != BoxSide::Outside;
    }
};

/// A box of mesh space near `centre`, sized from a hair to larger than the window.
Aabb random_box(std::mt19937& rng, glm::dvec3 centre) {
    const double spread = std::pow(10.0, uniform(rng, -3.0, 1.0));
    const double size = std::pow(10.0, uniform(rng, -4.0, 0.5));
    const glm::dvec3 at = centre + uniform3(rng, -spread, spread);
    const glm::dvec3 extent = uniform3(rng, 0.0, size);
    Aabb box;
    box.extend(glm::vec3(at));
    box.extend(glm::vec3(at + extent));
    return box;
}

// The float test leaves a box out only where the double-precision classify does too, and
// leaves out nearly all that it does (it is a real filter, not one that keeps everything).
TEST(SnapWindow, LeavesOutOnlyBoxesTheDoubleTestLeavesOut) {
    std::mt19937 rng(15);
    int kept = 0, left_out = 0, both_left_out = 0;
    for (int setup_index = 0; setup_index < 200; ++setup_index) {
        const Scenario setup(rng);
        const SnapWindow window(setup.reach, setup.planes);
        for (int round = 0; round < 50; ++round) {
            WideNode node{};
            Aabb boxes[WideNode::kWidth];
            for (int i = 0; i < WideNode::kWidth; ++i) {
                boxes[i] = random_box(rng, setup.centre);
                node.set_child_bounds(i, boxes[i]);
            }
            const std::uint32_t within = window.children_within(node);
            for (int i = 0; i < WideNode::kWidth; ++i) {
                const bool fast = (within >> i) & 1u, exact = setup.may_meet(boxes[i]);
                ASSERT_EQ(fast, window.may_meet(boxes[i])) << setup_index << " " << round;
                if (exact) {
                    ASSERT_TRUE(fast) << "setup " << setup_index << " round " << round;
                }
                kept += exact;
                left_out += !exact;
                both_left_out += !exact && !fast;
            }
        }
    }
    EXPECT_GT(kept, 1000);
    EXPECT_GT(left_out, 1000);
    EXPECT_GT(double(both_left_out), 0.99 * double(left_out));
}

// A box around a point of the window, however thin and wherever in the square (its edges
// included), is kept.
TEST(SnapWindow, KeepsEveryBoxAroundAPointOfTheWindow) {
    std::mt19937 rng(16);
    int checked = 0;
    for (int setup_index = 0; setup_index < 200; ++setup_index) {
        const Scenario setup(rng);
        const SnapWindow window(setup.reach, setup.planes);
        const glm::dmat4 mesh_from_clip = glm::inverse(setup.clip_from_mesh);
        const glm::dvec4 centre_clip = setup.clip_from_mesh * glm::dvec4(setup.centre, 1.0);
        const glm::dvec2 lo = setup.square.polygon()[0], hi = setup.square.polygon()[2];
        for (int round = 0; round < 20; ++round) {
            // On a side or a corner of the square as often as inside it.
            const double u = round % 3 == 0 ? 0.0 : uniform(rng, 0.0, 1.0);
            const double v = round % 4 == 0 ? 1.0 : uniform(rng, 0.0, 1.0);
            const glm::dvec2 ndc = glm::mix(lo, hi, glm::dvec2{u, v});
            const glm::dvec4 p_mesh =
                mesh_from_clip * glm::dvec4(ndc * centre_clip.w, centre_clip.z, centre_clip.w);
            const glm::dvec3 p = glm::dvec3(p_mesh) / p_mesh.w;
            if (!(setup.reach.contains(glm::vec3(p)))) continue;
            // The float box that holds p: its coordinates rounded down and up.
            Aabb box;
            for (int axis = 0; axis < 3; ++axis) {
                const float f = float(p[axis]);
                box.min[axis] = double(f) <= p[axis] ? f : std::nextafter(f, -INFINITY);
                box.max[axis] = double(f) >= p[axis] ? f : std::nextafter(f, INFINITY);
            }
            EXPECT_TRUE(window.may_meet(box)) << "setup " << setup_index << " round " << round;
            ++checked;
        }
    }
    EXPECT_GT(checked, 2000);
}

TEST(SnapWindow, TheDefaultWindowKeepsEveryBox) {
    const SnapWindow all;
    Aabb huge;
    huge.extend(glm::vec3(-3e38f));
    huge.extend(glm::vec3(3e38f));
    EXPECT_TRUE(all.may_meet(huge));
    Aabb point;
    point.extend(glm::vec3(1.0f, 2.0f, 3.0f));
    EXPECT_TRUE(all.may_meet(point));
    WideNode node{};
    for (int i = 0; i < WideNode::kWidth; ++i)
        node.set_child_bounds(i, i % 2 ? huge : point);
    EXPECT_EQ(all.children_within(node), 0xFFu);
}

}  // namespace
}  // namespace picking
