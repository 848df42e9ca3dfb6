#include "picking/studies/leak_sweep.h"
#include "picking/core/finite.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <unordered_map>

#include <glm/geometric.hpp>

#include "picking/core/draw_vec3.h"
#include "picking/core/position_key.h"

namespace picking {

MeshTopology mesh_topology(const MeshView& mesh) {
    MeshTopology topology;
    // == Weld corners by exact position
    std::unordered_map<PositionKey, std::uint32_t, PositionKeyHash> welded;
    std::vector<glm::vec3> points;
    const std::size_t count = mesh.triangle_count();
    std::vector<std::array<std::uint32_t, 3>> corners(count);
    std::vector<bool> usable(count, false);
    for (std::size_t i = 0; i < count; ++i) {
        const Triangle t = mesh.triangle(i);
        const glm::vec3 p[3] = {t.p0, t.p1, t.p2};
        if (!finite(p[0]) || !finite(p[1]) || !finite(p[2])) continue;
        for (int c = 0; c < 3; ++c) {
            const auto [it, inserted] = welded.try_emplace(position_key(p[c]), points.size());
            if (inserted) points.push_back(p[c]);
            corners[i][std::size_t(c)] = it->second;
        }
        const auto& w = corners[i];
        usable[i] = w[0] != w[1] && w[1] != w[2] && w[2] != w[0];
    }

    // == Edges by their two welded ends
    struct EdgeUse {
        std::uint32_t count = 0;
        std::uint32_t triangles[2] = {0, 0};
    };
    std::unordered_map<std::uint64_t, EdgeUse> edges;
    std::vector<std::vector<std::uint32_t>> fans(points.size());
    for (std::size_t i = 0; i < count; ++i) {
        if (!usable[i]) continue;
        for (int e = 0; e < 3; ++e) {
            const std::uint32_t a = corners[i][std::size_t(e)];
            const std::uint32_t b = corners[i][std::size_t((e + 1) % 3)];
            EdgeUse& use = edges[(std::uint64_t(std::min(a, b)) << 32) | std::max(a, b)];
            if (use.count < 2) use.triangles[use.count] = std::uint32_t(i);
            ++use.count;
            fans[a].push_back(std::uint32_t(i));
        }
    }
    std::vector<bool> on_boundary(points.size(), false);
    for (const auto& [key, use] : edges) {
        const auto a = std::uint32_t(key >> 32), b = std::uint32_t(key & 0xffffffffu);
        if (use.count == 2) {
            topology.shared_edges.push_back(
                {points[a], points[b], {use.triangles[0], use.triangles[1]}});
            continue;
        }
        if (use.count == 1) ++topology.open_edges;
        if (use.count > 2) ++topology.nonmanifold_edges;
        on_boundary[a] = on_boundary[b] = true;
    }
    // Hash order is not portable: sort, so a seed aims the same rays everywhere.
    auto less = [](glm::vec3 p, glm::vec3 q) {
        return p.x != q.x ? p.x < q.x : p.y != q.y ? p.y < q.y : p.z < q.z;
    };
    std::sort(topology.shared_edges.begin(), topology.shared_edges.end(),
              [&](const MeshTopology::Edge& e, const MeshTopology::Edge& f) {
                  return e.a != f.a ? less(e.a, f.a) : less(e.b, f.b);
              });
    for (std::uint32_t v = 0; v < points.size(); ++v)
        if (!on_boundary[v] && fans[v].size() >= 3)
            topology.inner_vertices.push_back({points[v], std::move(fans[v])});
    std::sort(topology.inner_vertices.begin(), topology.inner_vertices.end(),
              [&](const MeshTopology::Vertex& a, const MeshTopology::Vertex& b) {
                  return less(a.position, b.position);
              });
    return topology;
}

LeakSweepResult leak_sweep(const MeshView& mesh, const MeshTopology& topology,
                           const RayTriangleAlgorithm& algorithm, const RayTriangleOptions& options,
                           const LeakSweepOptions& sweep, int max_spots) {
    LeakSweepResult result;
    if (topology.shared_edges.empty()) return result;

    // The mesh's size sets how far away the rays start.
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(std::numeric_limits<float>::lowest());
    for (const MeshTopology::Edge& e : topology.shared_edges) {
        lo = glm::min(lo, glm::min(e.a, e.b));
        hi = glm::max(hi, glm::max(e.a, e.b));
    }
    const float distance = 2.0f * glm::length(hi - lo) + 1e-3f;

    std::mt19937 rng(sweep.seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    const bool have_vertices = !topology.inner_vertices.empty();
    std::vector<std::uint32_t> fan;
    std::vector<Triangle> fan_triangles;

    for (int attempt = 0; result.rays < sweep.rays && attempt < 4 * sweep.rays; ++attempt) {
        // == The spot: a point on a shared edge, or an inner vertex, and the triangles there
        glm::vec3 target;
        const bool at_vertex = have_vertices && unit(rng) < float(sweep.vertex_fraction);
        fan.clear();
        if (at_vertex) {
            const auto& v =
                topology
                    .inner_vertices[std::size_t(unit(rng) * float(topology.inner_vertices.size())) %
                                    topology.inner_vertices.size()];
            target = v.position;
            fan = v.triangles;
        } else {
            const auto& e =
                topology.shared_edges[std::size_t(unit(rng) * float(topology.shared_edges.size())) %
                                      topology.shared_edges.size()];
            target = e.a + (0.1f + 0.8f * unit(rng)) * (e.b - e.a);
            fan = {e.triangles[0], e.triangles[1]};
        }
        fan_triangles.clear();
        for (std::uint32_t t : fan)
            fan_triangles.push_back(mesh.triangle(t));

        // == A direction that crosses the surface there (every triangle of the spot faces it
        // the same way, none grazing), from outside the mesh's box
        glm::vec3 direction(0.0f);
        for (int tries = 0; tries < 32 && direction == glm::vec3(0.0f); ++tries) {
            const glm::vec3 d = glm::normalize(draw_vec3<glm::vec3>(normal, rng));
            int positive = 0, negative = 0;
            for (const Triangle& t : fan_triangles) {
                const glm::vec3 n = glm::normalize(t.normal());
                const float c = glm::dot(n, d);
                positive += c > 0.1f;
                negative += c < -0.1f;
            }
            if (positive == int(fan_triangles.size()) || negative == int(fan_triangles.size()))
                direction = d;
        }
        if (direction == glm::vec3(0.0f)) continue;  // a sharp or folded spot: aim elsewhere
        const glm::vec3 origin = target - distance * direction;
        const Ray ray{origin, target - origin};

        // == Which triangles at the spot does the algorithm see?
        int hits = 0;
        for (const Triangle& t : fan_triangles)
            hits += algorithm.intersect(ray, t, options).has_value();
        ++result.rays;
        const bool leak = hits == 0, double_hit = hits >= 2;
        result.leaks += leak;
        result.double_hits += double_hit;
        if ((leak || double_hit) && int(result.spots.size()) < max_spots)
            result.spots.push_back({target, origin, leak, at_vertex});
    }
    return result;
}

}  // namespace picking
