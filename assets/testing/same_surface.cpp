#include "assets/testing/same_surface.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <numbers>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <utility>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace assets::tests {

namespace {

using Corner = std::array<float, 3>;
using Triangle = std::array<Corner, 3>;

/// Every triangle a node draws, in world space, as its file stores it (float corners).
std::vector<Triangle> world_triangles(const Scene& scene) {
    const std::vector<glm::mat4> world = scene.world_transforms(scene.rest_local_transforms());
    std::vector<Triangle> triangles;
    triangles.reserve(scene.triangle_count());
    for (const MeshInstance& instance : scene.instances()) {
        const MeshData& mesh = scene.meshes[instance.mesh];
        for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
            Triangle t;
            for (std::size_t k = 0; k < 3; ++k) {
                const glm::vec4 p =
                    world[instance.node] * glm::vec4(mesh.positions[mesh.indices[i + k]], 1.0f);
                t[k] = {p.x, p.y, p.z};
            }
            triangles.push_back(t);
        }
    }
    return triangles;
}

glm::dvec3 to_dvec3(const Corner& c) {
    return {c[0], c[1], c[2]};
}

glm::dvec3 vector_area(const Triangle& t) {
    const glm::dvec3 a = to_dvec3(t[0]);
    return 0.5 * glm::cross(to_dvec3(t[1]) - a, to_dvec3(t[2]) - a);
}

double area(const Triangle& t) {
    return glm::length(vector_area(t));
}

std::string describe(const Corner& c) {
    std::ostringstream out;
    out.precision(9);
    out << "(" << c[0] << ", " << c[1] << ", " << c[2] << ")";
    return out.str();
}

std::string describe(const Triangle& t) {
    return describe(t[0]) + " " + describe(t[1]) + " " + describe(t[2]);
}

struct Box {
    glm::dvec3 min{0.0}, max{0.0};
    [[nodiscard]] glm::dvec3 center() const { return 0.5 * (min + max); }
    /// Half the diagonal, or 1 for an empty or flat-to-a-point box.
    [[nodiscard]] double radius() const {
        const double r = 0.5 * glm::length(max - min);
        return r > 0.0 ? r : 1.0;
    }
};

Box bounds(const std::vector<Triangle>& triangles) {
    constexpr double kInfinity = std::numeric_limits<double>::infinity();
    Box box{glm::dvec3(kInfinity), glm::dvec3(-kInfinity)};
    for (const Triangle& t : triangles) {
        for (const Corner& c : t) {
            box.min = glm::min(box.min, to_dvec3(c));
            box.max = glm::max(box.max, to_dvec3(c));
        }
    }
    if (triangles.empty()) box = Box{};
    return box;
}

/// Moves `b`'s corners onto `a`'s where they are within `tolerance` (per coordinate), so
/// positions that two parsers rounded to neighbouring floats compare equal.
void snap_corners(const std::vector<Triangle>& a, std::vector<Triangle>& b, double tolerance) {
    using Cell = std::array<long long, 3>;
    const auto cell_of = [tolerance](const Corner& c) {
        const glm::dvec3 cell = glm::floor(to_dvec3(c) / tolerance);
        return Cell{(long long)cell.x, (long long)cell.y, (long long)cell.z};
    };
    std::map<Cell, std::vector<Corner>> grid;
    for (const Triangle& t : a)
        for (const Corner& c : t)
            grid[cell_of(c)].push_back(c);
    for (Triangle& t : b) {
        for (Corner& c : t) {
            const Cell home = cell_of(c);
            std::optional<Corner> best;
            double best_distance = std::numeric_limits<double>::infinity();
            for (long long dx = -1; dx <= 1; ++dx) {
                for (long long dy = -1; dy <= 1; ++dy) {
                    for (long long dz = -1; dz <= 1; ++dz) {
                        const auto found = grid.find({home[0] + dx, home[1] + dy, home[2] + dz});
                        if (found == grid.end()) continue;
                        for (const Corner& candidate : found->second) {
                            const double distance = glm::length(to_dvec3(candidate) - to_dvec3(c));
                            if (distance <= tolerance && distance < best_distance) {
                                best = candidate;
                                best_distance = distance;
                            }
                        }
                    }
                }
            }
            if (best) c = *best;
        }
    }
}

/// The smallest corner first (the winding stays), so equal triangles compare equal.
Triangle canonical(Triangle t) {
    const auto smallest = std::min_element(t.begin(), t.end()) - t.begin();
    std::rotate(t.begin(), t.begin() + smallest, t.end());
    return t;
}

/// Groups triangles that share an edge (either way round), across both lists.
std::vector<std::pair<std::vector<Triangle>, std::vector<Triangle>>> regions(
    const std::vector<Triangle>& only_a, const std::vector<Triangle>& only_b) {
    std::vector<Triangle> all = only_a;
    all.insert(all.end(), only_b.begin(), only_b.end());
    std::vector<std::size_t> parent(all.size());
    std::iota(parent.begin(), parent.end(), std::size_t(0));
    const auto root = [&parent](std::size_t i) {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    };
    std::map<std::pair<Corner, Corner>, std::size_t> first_with_edge;
    for (std::size_t i = 0; i < all.size(); ++i) {
        for (std::size_t k = 0; k < 3; ++k) {
            const Corner& p = all[i][k];
            const Corner& q = all[i][(k + 1) % 3];
            const auto [it, inserted] = first_with_edge.try_emplace(std::minmax(p, q), i);
            if (!inserted) parent[root(i)] = root(it->second);
        }
    }
    std::map<std::size_t, std::pair<std::vector<Triangle>, std::vector<Triangle>>> by_root;
    for (std::size_t i = 0; i < all.size(); ++i) {
        auto& region = by_root[root(i)];
        (i < only_a.size() ? region.first : region.second).push_back(all[i]);
    }
    std::vector<std::pair<std::vector<Triangle>, std::vector<Triangle>>> out;
    for (auto& [r, region] : by_root)
        out.push_back(std::move(region));
    return out;
}

std::set<Corner> corners_of(const std::vector<Triangle>& triangles) {
    std::set<Corner> corners;
    for (const Triangle& t : triangles)
        corners.insert(t.begin(), t.end());
    return corners;
}

bool differ(double x, double y, double relative, double absolute) {
    return std::abs(x - y) > relative * std::max(std::abs(x), std::abs(y)) + absolute;
}

struct Hit {
    double t;
    double margin;  ///< the smallest barycentric coordinate: how far inside its triangle
};

/// The closest hit along the ray, either face, by Möller–Trumbore in double.
std::optional<Hit> closest_hit(const std::vector<Triangle>& triangles, const glm::dvec3& origin,
                               const glm::dvec3& direction) {
    std::optional<Hit> best;
    for (const Triangle& tri : triangles) {
        const glm::dvec3 v0 = to_dvec3(tri[0]);
        const glm::dvec3 e1 = to_dvec3(tri[1]) - v0;
        const glm::dvec3 e2 = to_dvec3(tri[2]) - v0;
        const glm::dvec3 p = glm::cross(direction, e2);
        const double det = glm::dot(e1, p);
        if (det == 0.0) continue;
        const double inverse = 1.0 / det;
        const glm::dvec3 s = origin - v0;
        const double u = glm::dot(s, p) * inverse;
        if (!(u >= 0.0 && u <= 1.0)) continue;
        const glm::dvec3 q = glm::cross(s, e1);
        const double v = glm::dot(direction, q) * inverse;
        if (!(v >= 0.0 && u + v <= 1.0)) continue;
        const double t = glm::dot(e2, q) * inverse;
        if (!(t > 0.0) || (best && t >= best->t)) continue;
        best = Hit{t, std::min({u, v, 1.0 - u - v})};
    }
    return best;
}

}  // namespace

double surface_area(const Scene& scene) {
    double total = 0.0;
    for (const Triangle& t : world_triangles(scene))
        total += area(t);
    return total;
}

std::vector<std::string> surface_differences(const Scene& a, const Scene& b) {
    std::vector<Triangle> ta = world_triangles(a), tb = world_triangles(b);
    const Box box = bounds(ta);
    const double size = 2.0 * box.radius();
    // Triangles of no area cover nothing: one loader may keep them and the other not.
    const auto degenerate = [size](const Triangle& t) { return area(t) <= 1e-12 * size * size; };
    std::erase_if(ta, degenerate);
    std::erase_if(tb, degenerate);
    // Rounding differs by a float ulp, which grows with the distance from the origin.
    const double reach = std::max({size, glm::length(box.min), glm::length(box.max)});
    snap_corners(ta, tb, 1e-6 * reach);
    for (Triangle& t : ta)
        t = canonical(t);
    for (Triangle& t : tb)
        t = canonical(t);
    std::sort(ta.begin(), ta.end());
    std::sort(tb.begin(), tb.end());

    std::vector<std::string> differences;
    double area_a = 0.0, area_b = 0.0;
    for (const Triangle& t : ta)
        area_a += area(t);
    for (const Triangle& t : tb)
        area_b += area(t);
    if (differ(area_a, area_b, 1e-5, 0.0)) {
        std::ostringstream out;
        out.precision(9);
        out << "total area " << area_a << " in the first scene, " << area_b << " in the second";
        differences.push_back(out.str());
    }

    std::vector<Triangle> only_a, only_b;
    std::set_difference(ta.begin(), ta.end(), tb.begin(), tb.end(), std::back_inserter(only_a));
    std::set_difference(tb.begin(), tb.end(), ta.begin(), ta.end(), std::back_inserter(only_b));
    for (const auto& [ra, rb] : regions(only_a, only_b)) {
        const std::string where = "a region of " + std::to_string(ra.size()) + " triangles (" +
                                  std::to_string(rb.size()) + " in the second scene) at " +
                                  describe(ra.empty() ? rb.front() : ra.front());
        if (corners_of(ra) != corners_of(rb)) {
            differences.push_back(where + " has other corners in each scene");
            continue;
        }
        glm::dvec3 vector_a(0.0), vector_b(0.0);
        double region_a = 0.0, region_b = 0.0;
        for (const Triangle& t : ra) {
            vector_a += vector_area(t);
            region_a += area(t);
        }
        for (const Triangle& t : rb) {
            vector_b += vector_area(t);
            region_b += area(t);
        }
        const double absolute = 1e-12 * size * size;
        if (differ(region_a, region_b, 1e-5, absolute))
            differences.push_back(where + " covers another area in each scene");
        else if (glm::length(vector_a - vector_b) > 1e-5 * std::max(region_a, region_b) + absolute)
            differences.push_back(where + " has another outline or faces another way");
    }
    return differences;
}

PickComparison compare_picks(const Scene& a, const Scene& b, std::uint32_t seed, std::size_t rays) {
    const std::vector<Triangle> ta = world_triangles(a), tb = world_triangles(b);
    PickComparison result;
    if (ta.empty()) {
        result.differences.push_back("the first scene has no triangles to aim at");
        return result;
    }
    const Box box = bounds(ta);
    const glm::dvec3 center = box.center();
    const double radius = box.radius();

    // One draw per statement: the rays are the same whatever order a compiler evaluates
    // arguments in.
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    // Aims at points spread evenly over the surface: a triangle is drawn by its area.
    std::vector<double> area_below(ta.size());
    double total_area = 0.0;
    for (std::size_t i = 0; i < ta.size(); ++i) {
        total_area += area(ta[i]);
        area_below[i] = total_area;
    }
    constexpr double kEdge = 1e-5;
    for (std::size_t r = 0; r < rays; ++r) {
        const double z = 2.0 * unit(rng) - 1.0;
        const double angle = 2.0 * std::numbers::pi * unit(rng);
        const double ring = std::sqrt(std::max(0.0, 1.0 - z * z));
        const glm::dvec3 origin =
            center + 2.5 * radius * glm::dvec3(ring * std::cos(angle), ring * std::sin(angle), z);
        glm::dvec3 target;
        if (r % 2 == 0 && total_area > 0.0) {
            const double at = total_area * unit(rng);
            const auto chosen = std::upper_bound(area_below.begin(), area_below.end(), at);
            const Triangle& t =
                ta[std::min(std::size_t(chosen - area_below.begin()), ta.size() - 1)];
            double s = unit(rng);
            double w = unit(rng);
            if (s + w > 1.0) {
                s = 1.0 - s;
                w = 1.0 - w;
            }
            const glm::dvec3 v0 = to_dvec3(t[0]);
            target = v0 + s * (to_dvec3(t[1]) - v0) + w * (to_dvec3(t[2]) - v0);
        } else {
            const double x = unit(rng);
            const double y = unit(rng);
            const double depth = unit(rng);
            target = box.min + glm::dvec3(x, y, depth) * (box.max - box.min);
        }
        const glm::dvec3 direction = glm::normalize(target - origin);
        ++result.rays;

        const std::optional<Hit> ha = closest_hit(ta, origin, direction);
        const std::optional<Hit> hb = closest_hit(tb, origin, direction);
        if ((ha && ha->margin < kEdge) || (hb && hb->margin < kEdge)) {
            ++result.grazing;
            continue;
        }
        if (!ha && !hb) continue;
        std::ostringstream out;
        out.precision(9);
        out << "ray " << r << " (" << origin.x << ", " << origin.y << ", " << origin.z << ") -> ("
            << direction.x << ", " << direction.y << ", " << direction.z << "): ";
        if (ha.has_value() != hb.has_value()) {
            out << (ha ? "hits the first scene only, t = " : "hits the second scene only, t = ")
                << (ha ? ha->t : hb->t);
            result.differences.push_back(out.str());
            continue;
        }
        ++result.compared_hits;
        if (differ(ha->t, hb->t, 1e-5, 0.0)) {
            out << "t = " << ha->t << " in the first scene, " << hb->t << " in the second";
            result.differences.push_back(out.str());
        }
    }
    return result;
}

}  // namespace assets::tests
