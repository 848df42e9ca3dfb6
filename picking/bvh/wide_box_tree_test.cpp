#include "picking/bvh/wide_box_tree.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "picking/core/draw_vec3.h"
#include "picking/primitives/ray_aabb.h"
#include "picking/testing/wide_queries.h"

namespace picking {
namespace {

/// `count` boxes of sizes 0.01 to 2 at uniform places in [-10, 10]^3, some of them flat.
std::vector<Aabb> random_boxes(std::mt19937& rng, int count) {
    std::uniform_real_distribution<float> place(-10.0f, 10.0f), size(0.01f, 2.0f);
    std::vector<Aabb> boxes;
    for (int i = 0; i < count; ++i) {
        const glm::vec3 lo = draw_vec3<glm::vec3>(place, rng);
        glm::vec3 extent = draw_vec3<glm::vec3>(size, rng);
        if (i % 7 == 0) extent.y = 0.0f;  // a flat box: an instance of a plane
        boxes.push_back({lo, lo + extent});
    }
    return boxes;
}

/// A ray from a sphere of radius 30 towards a point of [-10, 10]^3; every ninth with a zero
/// direction component.
Ray random_ray(std::mt19937& rng, int i) {
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f), target(-10.0f, 10.0f);
    glm::vec3 from = draw_vec3<glm::vec3>(unit, rng);
    from = 30.0f * from / std::max(1e-3f, glm::length(from));
    const glm::vec3 to = draw_vec3<glm::vec3>(target, rng);
    Ray ray{from, to - from};
    if (i % 9 == 0) ray.direction.x = 0.0f;
    return ray;
}

/// What a walk found when each box holds a "hit" at its own robust entry: the closest such
/// box (ties: the lower id), and every box it handed to the visitor, in order.
struct Walk {
    std::optional<std::uint32_t> closest;
    float t = std::numeric_limits<float>::infinity();
    std::vector<std::uint32_t> visited;
    TraversalStats stats;
};

Walk walk(const WideBoxTree& tree, const std::vector<Aabb>& boxes, const Ray& ray, Isa isa) {
    Walk w;
    traverse(
        tree, ray,
        [&](std::uint32_t id, float t_max) {
            w.visited.push_back(id);
            const auto entry = intersect_slab_robust(ray, boxes[id]);
            if (entry) {
                const float t = std::max(entry->t_enter, ray.t_min);
                if (t <= t_max && (t < w.t || (t == w.t && w.closest && id < *w.closest))) {
                    w.closest = id;
                    w.t = t;
                }
            }
            return TraverseStep{w.t, false};
        },
        w.stats, isa);
    return w;
}

/// The same by testing every box.
Walk brute_force(const std::vector<Aabb>& boxes, const Ray& ray) {
    Walk w;
    for (std::uint32_t id = 0; id < boxes.size(); ++id) {
        const auto entry = intersect_slab_robust(ray, boxes[id]);
        if (!entry) continue;
        const float t = std::max(entry->t_enter, ray.t_min);
        if (t < w.t || (t == w.t && w.closest && id < *w.closest)) {
            w.closest = id;
            w.t = t;
        }
    }
    return w;
}

WideBoxTree tree_over(const std::vector<Aabb>& boxes) {
    BvhBuildOptions options;
    options.max_leaf_size = 1;
    options.threads = 1;
    return collapse_boxes(build_bvh(std::span<const Aabb>(boxes), options));
}

TEST(WideBoxTree, FindsTheClosestBoxAsTestingEveryBoxDoesOnEveryPath_Seed41) {
    std::mt19937 rng(41);
    for (const int count : {1, 2, 9, 64, 300}) {
        const std::vector<Aabb> boxes = random_boxes(rng, count);
        const WideBoxTree tree = tree_over(boxes);
        ASSERT_FALSE(tree.empty());
        for (int i = 0; i < 400; ++i) {
            const Ray ray = random_ray(rng, i);
            const Walk want = brute_force(boxes, ray);
            const Walk scalar = walk(tree, boxes, ray, Isa::Scalar);
            ASSERT_EQ(scalar.closest, want.closest) << count << " boxes, ray " << i;
            if (want.closest) {
                EXPECT_EQ(scalar.t, want.t);
            }
            for (const Isa isa : testing::isa_levels_here()) {
                const Walk got = walk(tree, boxes, ray, isa);
                // The same boxes in the same order, and the same counters, on every path.
                EXPECT_EQ(got.visited, scalar.visited) << isa_name(isa) << ", ray " << i;
                EXPECT_EQ(got.stats.nodes_visited, scalar.stats.nodes_visited);
                EXPECT_EQ(got.stats.box_tests, scalar.stats.box_tests);
                EXPECT_EQ(got.closest, want.closest);
            }
        }
    }
}

/// Twenty unit boxes in a row along x, box 19 at the left end and box 0 at the right.
std::vector<Aabb> row_of_boxes() {
    std::vector<Aabb> boxes;
    for (int i = 0; i < 20; ++i) {
        const float x = float(2 * (19 - i));
        boxes.push_back({{x, 0.0f, 0.0f}, {x + 1.0f, 1.0f, 1.0f}});
    }
    return boxes;
}

TEST(WideBoxTree, VisitsNearerBoxesFirstAndSkipsThoseBeyondTheClosest) {
    const std::vector<Aabb> boxes = row_of_boxes();
    const WideBoxTree tree = tree_over(boxes);
    const Ray ray{{-5.0f, 0.5f, 0.5f}, {1.0f, 0.0f, 0.0f}};
    std::vector<std::uint32_t> left_to_right(20);
    for (std::uint32_t i = 0; i < 20; ++i)
        left_to_right[i] = 19 - i;
    for (const Isa isa : testing::isa_levels_here()) {
        // A visitor that never narrows t_max meets every box, nearest first.
        std::vector<std::uint32_t> order;
        TraversalStats stats;
        traverse(
            tree, ray,
            [&](std::uint32_t id, float t_max) {
                order.push_back(id);
                return TraverseStep{t_max, false};
            },
            stats, isa);
        EXPECT_EQ(order, left_to_right) << isa_name(isa);
        // One whose first box holds a hit meets no other.
        const Walk closest = walk(tree, boxes, ray, isa);
        EXPECT_EQ(closest.closest, std::optional<std::uint32_t>(19u));
        EXPECT_EQ(closest.visited, std::vector<std::uint32_t>{19u}) << isa_name(isa);
    }
}

TEST(WideBoxTree, AVisitorThatStopsEndsTheWalk) {
    const WideBoxTree tree = tree_over(row_of_boxes());
    for (const Isa isa : testing::isa_levels_here()) {
        std::vector<std::uint32_t> order;
        TraversalStats stats;
        traverse(
            tree, Ray{{-5.0f, 0.5f, 0.5f}, {1.0f, 0.0f, 0.0f}},
            [&](std::uint32_t id, float t_max) {
                order.push_back(id);
                return TraverseStep{t_max, true};
            },
            stats, isa);
        EXPECT_EQ(order, std::vector<std::uint32_t>{19u}) << isa_name(isa);
    }
}

TEST(WideBoxTree, ALeafOfMoreThanEightBoxesIsSplitAndEveryBoxVisited) {
    // A binary tree made by hand: one leaf of twenty boxes (the builder never makes one).
    Bvh binary;
    binary.nodes.push_back({Aabb{{0, 0, 0}, {1, 1, 1}}, 0, 20});
    for (std::uint32_t i = 0; i < 20; ++i)
        binary.primitive_ids.push_back(100 + i);
    const WideBoxTree tree = collapse_boxes(binary);
    for (const Isa isa : testing::isa_levels_here()) {
        std::vector<std::uint32_t> ids;
        TraversalStats stats;
        traverse(
            tree, Ray{{0.5f, 0.5f, -1.0f}, {0.0f, 0.0f, 1.0f}},
            [&](std::uint32_t id, float t_max) {
                ids.push_back(id);
                return TraverseStep{t_max, false};
            },
            stats, isa);
        std::sort(ids.begin(), ids.end());
        ASSERT_EQ(ids.size(), 20u) << isa_name(isa);
        for (std::uint32_t i = 0; i < 20; ++i)
            EXPECT_EQ(ids[i], 100 + i);
    }
}

TEST(WideBoxTree, AnEmptyTreeVisitsNothingAndARayMissingEveryBoxVisitsOnlyTheRoot) {
    TraversalStats stats;
    int visits = 0;
    traverse(
        WideBoxTree{}, Ray{{0, 0, 0}, {1, 0, 0}},
        [&](std::uint32_t, float t_max) {
            ++visits;
            return TraverseStep{t_max, false};
        },
        stats, Isa::Scalar);
    EXPECT_EQ(visits, 0);
    EXPECT_EQ(stats.nodes_visited, 0u);

    const std::vector<Aabb> boxes{{{0, 0, 0}, {1, 1, 1}}, {{3, 0, 0}, {4, 1, 1}}};
    const WideBoxTree tree = tree_over(boxes);
    for (const Isa isa : testing::isa_levels_here()) {
        TraversalStats missed;
        traverse(
            tree, Ray{{0, 5, 0}, {1, 0, 0}},
            [&](std::uint32_t, float t_max) {
                ++visits;
                return TraverseStep{t_max, false};
            },
            missed, isa);
        EXPECT_EQ(visits, 0) << isa_name(isa);
        EXPECT_EQ(missed.nodes_visited, 1u);
        EXPECT_EQ(missed.box_tests, 2u);
    }
}

TEST(WideBoxTree, LeavesOutEmptyBoxesAndFollowsARefitOfTheBinaryTree) {
    std::vector<Aabb> boxes = {Aabb{{0, 0, 0}, {1, 1, 1}}, Aabb{{5, 0, 0}, {6, 1, 1}}, Aabb{},
                               Aabb{{10, 0, 0}, {11, 1, 1}}};
    const Bvh bvh = build_bvh(std::span<const Aabb>(boxes));
    EXPECT_EQ(bvh.primitive_ids.size(), 3u);  // the empty box is left out
    std::vector<std::uint32_t> order;
    TraversalStats stats;
    traverse(
        collapse_boxes(bvh), Ray{{-1, 0.5f, 0.5f}, {1, 0, 0}},
        [&](std::uint32_t box, float t_max) {
            order.push_back(box);
            return TraverseStep{t_max, false};
        },
        stats, Isa::Scalar);
    EXPECT_EQ(order, (std::vector<std::uint32_t>{0, 1, 3}));  // front to back
    order.clear();
    traverse(
        collapse_boxes(bvh), Ray{{20, 0.5f, 0.5f}, {-1, 0, 0}},
        [&](std::uint32_t box, float) {
            order.push_back(box);
            return TraverseStep{16.0f, false};  // "hit" at t = 16: box 0 begins at 19, skipped
        },
        stats, Isa::Scalar);
    EXPECT_EQ(order, (std::vector<std::uint32_t>{3, 1}));
    boxes[1] = Aabb{{5, 5, 5}, {6, 6, 6}};
    Bvh moved = bvh;
    refit(moved, std::span<const Aabb>(boxes));
    order.clear();
    traverse(
        collapse_boxes(moved), Ray{{-1, 0.5f, 0.5f}, {1, 0, 0}},
        [&](std::uint32_t box, float t_max) {
            order.push_back(box);
            return TraverseStep{t_max, box == 0};  // stop after the first
        },
        stats, Isa::Scalar);
    EXPECT_EQ(order, (std::vector<std::uint32_t>{0}));
}

/// What a packet walk handed to its visitor (each box with its rays, in order) and, when it
/// shortened the rays, each ray's closest box as walk() finds one ray's.
struct PacketWalk {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> visits;
    std::vector<std::optional<std::uint32_t>> closest;
    TraversalStats stats;

    [[nodiscard]] std::vector<std::pair<std::uint32_t, std::uint32_t>> sorted_visits() const {
        auto sorted = visits;
        std::sort(sorted.begin(), sorted.end());
        return sorted;
    }
};

/// Up to 32 rays: neighbours (a 4-wide grid of rays from one eye, in every fourth packet one
/// with a zero direction component) or, for an odd `packet`, scattered ones.
std::vector<Ray> packet_of_rays(std::mt19937& rng, int packet, int count) {
    std::vector<Ray> rays;
    if (packet % 2 == 1) {
        for (int i = 0; i < count; ++i)
            rays.push_back(random_ray(rng, i));
        return rays;
    }
    const Ray centre = random_ray(rng, 1);
    const glm::vec3 side = glm::normalize(glm::cross(centre.direction, glm::vec3(0.3f, 1, 0.1f)));
    const glm::vec3 up = glm::normalize(glm::cross(side, centre.direction));
    for (int i = 0; i < count; ++i) {
        Ray ray = centre;
        ray.direction += (float(i % 4) - 1.5f) * 0.4f * side + (float(i / 4) - 3.5f) * 0.4f * up;
        if (packet % 4 == 2 && i == 5) ray.direction.y = 0.0f;
        rays.push_back(ray);
    }
    return rays;
}

/// A packet walk whose visitor, when `shorten`, takes each box as "hit" at its own robust
/// entry and ends each ray at its closest hit so far, as a closest-hit search would.
PacketWalk walk_packet(const WideBoxTree& tree, const std::vector<Aabb>& boxes,
                       const std::vector<Ray>& rays, std::uint32_t active, bool shorten, Isa isa) {
    PacketWalk w;
    w.closest.resize(rays.size());
    std::vector<float> best_t(rays.size(), std::numeric_limits<float>::infinity());
    traverse_packet(
        tree, rays, active,
        [&](std::uint32_t id, std::uint32_t with, float* t_max) {
            w.visits.emplace_back(id, with);
            if (!shorten) return;
            for (std::uint32_t r = 0; r < rays.size(); ++r) {
                if (!((with >> r) & 1u)) continue;
                const auto entry = intersect_slab_robust(rays[r], boxes[id]);
                if (!entry) continue;
                const float t = std::max(entry->t_enter, rays[r].t_min);
                if (t <= t_max[r] && (t < best_t[r] || (t == best_t[r] && id < *w.closest[r]))) {
                    w.closest[r] = id;
                    best_t[r] = t;
                }
                t_max[r] = std::min(t_max[r], best_t[r]);
            }
        },
        w.stats, isa);
    return w;
}

TEST(WideBoxTree, APacketWalkReachesTheBoxesEachRaysOwnWalkReachesOnEveryPath_Seed43) {
    std::mt19937 rng(43);
    const std::vector<Isa> paths = testing::isa_levels_here();
    for (const int count : {1, 2, 9, 64, 300}) {
        const std::vector<Aabb> boxes = random_boxes(rng, count);
        const WideBoxTree tree = tree_over(boxes);
        for (int packet = 0; packet < 60; ++packet) {
            const int ray_count = packet % 5 == 0 ? 32 : 16 - packet % 7;
            const std::vector<Ray> rays = packet_of_rays(rng, packet, ray_count);
            // Some rays left out of the walk; bits past the packet's end are ignored.
            const std::uint32_t active = packet % 3 == 0 ? 0xFFFFFFFFu : 0xFFFF7FF6u;
            // Each ray's own walk, its visitor never shortening it: the rays per box.
            std::vector<std::uint32_t> want(boxes.size(), 0u);
            for (std::uint32_t r = 0; r < rays.size(); ++r) {
                if (!((active >> r) & 1u)) continue;
                TraversalStats stats;
                traverse(
                    tree, rays[r],
                    [&](std::uint32_t id, float t_max) {
                        want[id] |= 1u << r;
                        return TraverseStep{t_max, false};
                    },
                    stats, Isa::Scalar);
            }
            for (const Isa isa : paths) {
                // Never shortened: each box once, with exactly the rays whose walk reaches it.
                const PacketWalk walk = walk_packet(tree, boxes, rays, active, false, isa);
                std::vector<std::uint32_t> got(boxes.size(), 0u);
                for (const auto& [id, with] : walk.visits) {
                    EXPECT_EQ(got[id], 0u) << "box " << id << " visited twice";
                    EXPECT_NE(with, 0u);
                    got[id] = with;
                }
                ASSERT_EQ(got, want)
                    << isa_name(isa) << ", " << count << " boxes, packet " << packet;
                // Shortened as a closest-hit search shortens them: each ray's closest box.
                const PacketWalk shortened = walk_packet(tree, boxes, rays, active, true, isa);
                EXPECT_LE(shortened.visits.size(), walk.visits.size());
                for (std::uint32_t r = 0; r < rays.size(); ++r)
                    if ((active >> r) & 1u) {
                        EXPECT_EQ(shortened.closest[r], brute_force(boxes, rays[r]).closest)
                            << isa_name(isa) << ", packet " << packet << ", ray " << r;
                    }
            }
        }
    }
}

TEST(WideBoxTree, APacketWalkTakesNearerBoxesFirstAndDropsThoseBeyondAnEnd) {
    const std::vector<Aabb> boxes = row_of_boxes();
    const WideBoxTree tree = tree_over(boxes);
    // Two rays along the row from the left, a third from the right.
    const std::vector<Ray> rays = {Ray{{-5.0f, 0.5f, 0.5f}, {1.0f, 0.0f, 0.0f}},
                                   Ray{{-5.0f, 0.6f, 0.4f}, {1.0f, 0.0f, 0.0f}},
                                   Ray{{50.0f, 0.5f, 0.5f}, {-1.0f, 0.0f, 0.0f}}};
    for (const Isa isa : testing::isa_levels_here()) {
        // Never shortened: every box once, with all three rays, in the lowest ray's order.
        std::vector<std::uint32_t> order;
        TraversalStats stats;
        traverse_packet(
            tree, rays, 0x7u,
            [&](std::uint32_t id, std::uint32_t with, float*) {
                order.push_back(id);
                EXPECT_EQ(with, 0x7u) << id;
            },
            stats, isa);
        std::vector<std::uint32_t> left_to_right(20);
        for (std::uint32_t i = 0; i < 20; ++i)
            left_to_right[i] = 19 - i;
        EXPECT_EQ(order, left_to_right) << isa_name(isa);
        // The first two rays end at the first box they reach (19, at x = 0, entered at t = 5);
        // the third goes on: the boxes after it are the third ray's alone.
        std::vector<std::pair<std::uint32_t, std::uint32_t>> visits;
        traverse_packet(
            tree, rays, 0x7u,
            [&](std::uint32_t id, std::uint32_t with, float* t_max) {
                visits.emplace_back(id, with);
                t_max[0] = t_max[1] = 5.0f;
            },
            stats, isa);
        ASSERT_GE(visits.size(), 20u) << isa_name(isa);
        EXPECT_EQ(visits.front(), std::make_pair(19u, 0x7u));
        int third_alone = 0;
        for (const auto& [id, with] : visits)
            third_alone += with == 0x4u;
        // Boxes in leaves already entered keep their rays; all but a few drop the first two.
        EXPECT_GE(third_alone, 12) << isa_name(isa);
        // Two rays of one octant (the packet's bounds at inner nodes): every box once, left
        // to right; ended at the first box, they leave the rest unvisited.
        const std::vector<Ray> octant = {Ray{{-5.0f, 0.5f, 0.5f}, {1.0f, 1e-3f, 1e-3f}},
                                         Ray{{-5.0f, 0.4f, 0.6f}, {1.0f, 2e-3f, 1e-3f}}};
        visits.clear();
        traverse_packet(
            tree, octant, 0x3u,
            [&](std::uint32_t id, std::uint32_t with, float*) { visits.emplace_back(id, with); },
            stats, isa);
        ASSERT_EQ(visits.size(), 20u) << isa_name(isa);
        for (std::uint32_t i = 0; i < 20; ++i)
            EXPECT_EQ(visits[i], std::make_pair(19u - i, 0x3u)) << isa_name(isa);
        visits.clear();
        traverse_packet(
            tree, octant, 0x3u,
            [&](std::uint32_t id, std::uint32_t with, float* t_max) {
                visits.emplace_back(id, with);
                t_max[0] = t_max[1] = 5.5f;  // box 18 begins at x = 2, t = 7
            },
            stats, isa);
        // The SIMD path tests each leaf's box by each ray when it gets there; the scalar walk
        // hands over the leaves it entered before the end was lowered (box 18, beside 19).
        ASSERT_FALSE(visits.empty());
        EXPECT_EQ(visits.front(), std::make_pair(19u, 0x3u)) << isa_name(isa);
        if (isa == Isa::Scalar) {
            EXPECT_LE(visits.size(), 8u);
        } else {
            EXPECT_EQ(visits.size(), 1u) << isa_name(isa);
        }
        // No ray at all: nothing visited.
        order.clear();
        traverse_packet(
            tree, rays, 0u, [&](std::uint32_t id, std::uint32_t, float*) { order.push_back(id); },
            stats, isa);
        EXPECT_TRUE(order.empty());
    }
}

// A packet's look at one box: each active ray's bit is slab_entry's answer for it on every
// path, rays aimed at the box's corners and faces (the closest calls), rays with a zero
// direction component or starting inside (t_min < 0: the scaled form's exceptions), ranges
// that end just before the box, and masks with holes.
TEST(WideBoxTree, RaysEnteringABoxAreThoseSlabEntryLetsIn_Seed85) {
    std::mt19937 rng(85);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f), pick(0.0f, 1.0f);
    const std::vector<Isa> isas = testing::isa_levels_here();
    int entered = 0, missed = 0;
    for (const Aabb& box : random_boxes(rng, 60)) {
        for (int packet = 0; packet < 8; ++packet) {
            std::vector<Ray> rays;
            const int count = 1 + int(pick(rng) * 16.0f) % 16;
            for (int i = 0; i < count; ++i) {
                Ray ray = random_ray(rng, i + packet);
                // Aimed at a corner, or at a point of a face, of this box.
                glm::vec3 aim = box.min + (box.max - box.min) * draw_vec3<glm::vec3>(pick, rng);
                const int axis = i % 3;
                if (i % 4 == 1) aim[axis] = pick(rng) < 0.5f ? box.min[axis] : box.max[axis];
                if (i % 4 == 2)
                    for (int a = 0; a < 3; ++a)
                        aim[a] = unit(rng) < 0.0f ? box.min[a] : box.max[a];
                if (i % 4 != 3) ray.direction = aim - ray.origin;
                if (i % 5 == 4) ray.t_max = 0.999f;  // ends just before the aim
                if (i % 11 == 7) ray.t_min = -1.0f;
                rays.push_back(ray);
            }
            const auto active = std::uint32_t(rng()) | (packet == 0 ? ~0u : 0u);
            std::uint32_t want = 0;
            for (int i = 0; i < count; ++i) {
                const SlabRay slab = make_slab_ray(rays[std::size_t(i)]);
                float entry;
                if ((active >> i) & 1u && slab_entry(slab, box, slab.t_max, entry)) want |= 1u << i;
            }
            for (Isa isa : isas)
                EXPECT_EQ(rays_entering_box(rays, active, box, isa), want)
                    << isa_name(isa) << " packet " << packet;
            entered += std::popcount(want);
            missed += std::popcount(active & ((1u << count) - 1u) & ~want);
        }
    }
    EXPECT_GT(entered, 400);
    EXPECT_GT(missed, 400);
}

}  // namespace
}  // namespace picking
