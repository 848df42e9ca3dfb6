// BVH against BVH: the pairs of leaves whose boxes overlap, descending the larger box first
// (the simultaneous traversal of Gottschalk et al., "OBBTree", SIGGRAPH 1996, with boxes of
// the second tree moved into the first tree's space as boxes around the moved box).

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <glm/mat3x3.hpp>

#include "picking/bvh/bvh.h"
#include "picking/core/finite.h"

namespace picking {

namespace {

/// Moves boxes from b's space into a's, in double precision, rounded outwards.
class BoxMover {
  public:
    explicit BoxMover(const glm::mat4& a_from_b) : m_(a_from_b) {
        for (int c = 0; c < 3; ++c)
            for (int r = 0; r < 3; ++r)
                abs_[c][r] = std::abs(m_[c][r]);
    }

    [[nodiscard]] Aabb box(const Aabb& box) const {
        if (box.empty()) return {};
        const glm::dvec3 center = 0.5 * (glm::dvec3(box.min) + glm::dvec3(box.max));
        const glm::dvec3 half = 0.5 * (glm::dvec3(box.max) - glm::dvec3(box.min));
        return outward(point(center), abs_ * half);
    }

    [[nodiscard]] Aabb triangle(const Triangle& tri) const {
        const glm::dvec3 p0 = point(tri.p0), p1 = point(tri.p1), p2 = point(tri.p2);
        const glm::dvec3 lo = glm::min(p0, glm::min(p1, p2));
        const glm::dvec3 hi = glm::max(p0, glm::max(p1, p2));
        return outward(0.5 * (lo + hi), 0.5 * (hi - lo));
    }

  private:
    [[nodiscard]] glm::dvec3 point(glm::dvec3 p) const {
        return glm::dvec3(m_ * glm::dvec4(p, 1.0));
    }
    /// [center - half, center + half] rounded outwards to float, with a margin for the
    /// double-precision rounding of the transform itself.
    [[nodiscard]] static Aabb outward(glm::dvec3 center, glm::dvec3 half) {
        constexpr float kInf = std::numeric_limits<float>::infinity();
        Aabb result;
        for (int axis = 0; axis < 3; ++axis) {
            const double margin = 1e-12 * (std::abs(center[axis]) + half[axis]);
            result.min[axis] = std::nextafter(float(center[axis] - half[axis] - margin), -kInf);
            result.max[axis] = std::nextafter(float(center[axis] + half[axis] + margin), kInf);
        }
        return result;
    }

    glm::dmat4 m_;
    glm::dmat3 abs_{0.0};
};

}  // namespace

void overlapping_pairs(const Bvh& a, const MeshView& mesh_a, const Bvh& b, const MeshView& mesh_b,
                       const glm::mat4& a_from_b,
                       const std::function<bool(std::uint32_t tri_a, std::uint32_t tri_b)>& visit) {
    if (a.empty() || b.empty()) return;
    const BoxMover mover(a_from_b);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> stack{{0u, 0u}};
    std::vector<Aabb> moved_b;  // the current b leaf's triangles, moved once per leaf pair
    while (!stack.empty()) {
        const auto [ia, ib] = stack.back();
        stack.pop_back();
        const BvhNode& na = a.nodes[ia];
        const BvhNode& nb = b.nodes[ib];
        const Aabb moved = mover.box(nb.bounds);
        if (!na.bounds.overlaps(moved)) continue;

        if (na.is_leaf() && nb.is_leaf()) {
            moved_b.clear();
            for (std::uint32_t j = nb.first; j < nb.first + nb.count; ++j) {
                const Triangle tri = mesh_b.triangle(b.primitive_ids[j]);
                moved_b.push_back(finite(tri.p0) && finite(tri.p1) && finite(tri.p2)
                                      ? mover.triangle(tri)
                                      : Aabb{});
            }
            for (std::uint32_t i = na.first; i < na.first + na.count; ++i) {
                const std::uint32_t tri_a = a.primitive_ids[i];
                const Aabb box_a = bounds_of(mesh_a.triangle(tri_a));
                for (std::uint32_t j = 0; j < nb.count; ++j)
                    if (box_a.overlaps(moved_b[j]) && !visit(tri_a, b.primitive_ids[nb.first + j]))
                        return;
            }
            continue;
        }
        // Descend the larger box (or the only inner one): it is the one that splits the work.
        const bool descend_a =
            nb.is_leaf() || (!na.is_leaf() && na.bounds.half_area() >= moved.half_area());
        if (descend_a) {
            stack.push_back({na.first + 1, ib});
            stack.push_back({na.first, ib});
        } else {
            stack.push_back({ia, nb.first + 1});
            stack.push_back({ia, nb.first});
        }
    }
}

}  // namespace picking
