#include "picking/studies/mesh_inspection.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "picking/core/exact_predicates.h"
#include "picking/core/finite.h"
#include "picking/core/position_key.h"

namespace picking {

namespace {

constexpr std::uint32_t kNoWeld = 0xFFFFFFFFu;

/// Vertices joined by exact position: each vertex's position number, and each position's
/// lowest vertex index. Sorted, not hashed: the same work every run.
struct Welding {
    std::vector<std::uint32_t> of_vertex;    ///< kNoWeld for a position that is not finite
    std::vector<std::uint32_t> first_index;  ///< per position
};
Welding weld(std::span<const glm::vec3> positions) {
    struct Entry {
        PositionKey key;
        std::uint32_t vertex;
    };
    std::vector<Entry> entries;
    entries.reserve(positions.size());
    for (std::uint32_t v = 0; v < positions.size(); ++v)
        if (finite(positions[v])) entries.push_back({position_key(positions[v]), v});
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return a.key != b.key ? a.key < b.key : a.vertex < b.vertex;
    });
    Welding w;
    w.of_vertex.assign(positions.size(), kNoWeld);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (i == 0 || entries[i].key != entries[i - 1].key)
            w.first_index.push_back(entries[i].vertex);
        w.of_vertex[entries[i].vertex] = std::uint32_t(w.first_index.size() - 1);
    }
    return w;
}

/// Sorts keys by 11-bit digits, lowest first, as many as the largest key has; one counting
/// pass for all of them, and a digit every key shares costs nothing more (edge keys of a mesh
/// of n positions are below n²: four digits for half a million positions).
void radix_sort(std::vector<std::uint64_t>& keys) {
    constexpr int kBits = 11;
    constexpr std::uint64_t kMask = (1u << kBits) - 1;
    const std::uint64_t largest = keys.empty() ? 0 : *std::max_element(keys.begin(), keys.end());
    const int digits = (std::bit_width(largest) + kBits - 1) / kBits;
    std::vector<std::size_t> counts(std::size_t(digits) << kBits, 0);
    for (const std::uint64_t k : keys)
        for (int d = 0; d < digits; ++d)
            ++counts[(std::size_t(d) << kBits) + ((k >> (d * kBits)) & kMask)];
    std::vector<std::uint64_t> scratch(keys.size());
    for (int d = 0; d < digits; ++d) {
        std::size_t* count = &counts[std::size_t(d) << kBits];
        if (std::any_of(count, count + kMask + 1, [&](std::size_t c) { return c == keys.size(); }))
            continue;  // one digit for all
        std::size_t start = 0;
        for (std::size_t b = 0; b <= kMask; ++b)
            start += std::exchange(count[b], start);
        for (const std::uint64_t k : keys)
            scratch[count[(k >> (d * kBits)) & kMask]++] = k;
        keys.swap(scratch);
    }
}

double height_ratio(const Triangle& t) {
    const glm::dvec3 a(t.p0), b(t.p1), c(t.p2);
    const double longest2 =
        std::max({glm::dot(b - a, b - a), glm::dot(c - b, c - b), glm::dot(a - c, a - c)});
    if (!(longest2 > 0.0)) return 0.0;
    return glm::length(glm::cross(b - a, c - a)) / longest2;
}

/// The DirectX test on the ray best placed to hit the triangle: down its normal (a unit
/// direction, so |det| = 2 × area) onto its centroid from one longest edge above it.
DxVerdict dx_verdict(const Triangle& t, const RayTriangleOptions& options) {
    const glm::vec3 n = t.normal();
    const float n_length = glm::length(n);
    const glm::vec3 up = n_length > 0.0f && finite(n_length) ? n / n_length : glm::vec3(0, 0, 1);
    const float longest =
        std::sqrt(std::max({glm::dot(t.p1 - t.p0, t.p1 - t.p0), glm::dot(t.p2 - t.p1, t.p2 - t.p1),
                            glm::dot(t.p0 - t.p2, t.p0 - t.p2)}));
    const float lift = longest > 0.0f && finite(longest) ? longest : 1.0f;
    Ray ray;
    ray.origin = (t.p0 + t.p1 + t.p2) / 3.0f + lift * up;
    ray.direction = -up;
    if (intersect_dx_pick(ray, t, options)) return DxVerdict::Hit;
    RayTriangleOptions no_epsilon = options;
    no_epsilon.dx_det_epsilon = 0.0f;
    return intersect_dx_pick(ray, t, no_epsilon) ? DxVerdict::EpsilonRejects : DxVerdict::Misses;
}

/// Distinct positions within `tolerance` of each other joined (transitively); returns how many
/// positions that removes, or nothing past `budget` distance tests. Positions go into cells four
/// tolerances wide: a point needs a neighbouring cell only when it lies within a tolerance
/// (and a margin) of the face between them.
std::optional<std::size_t> near_duplicates(const std::vector<glm::dvec3>& points, double tolerance,
                                           std::size_t budget) {
    if (points.size() < 2 || !(tolerance > 0.0)) return 0;
    glm::dvec3 lo = points[0], hi = points[0];
    for (const glm::dvec3& p : points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    const double cell = 4.0 * tolerance;
    const glm::dvec3 extent = (hi - lo) / cell;
    // With the tolerance 1e-6 of the diagonal there are at most 250,001 cells an axis: 18 bits.
    for (int a = 0; a < 3; ++a)
        if (!(extent[a] < double(1 << 20))) return std::nullopt;
    auto cell_of = [&](const glm::dvec3& p) { return glm::floor((p - lo) / cell); };
    auto pack = [](glm::dvec3 c) {
        return (std::uint64_t(c.x) << 42) | (std::uint64_t(c.y) << 21) | std::uint64_t(c.z);
    };
    std::vector<std::pair<std::uint64_t, std::uint32_t>> cells(points.size());
    for (std::uint32_t i = 0; i < points.size(); ++i)
        cells[i] = {pack(cell_of(points[i])), i};
    std::sort(cells.begin(), cells.end());

    std::vector<std::uint32_t> parent(points.size());
    std::iota(parent.begin(), parent.end(), 0u);
    auto root = [&](std::uint32_t i) {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    };
    // In cell order: a point's own cell is the run around it, and of each pair of neighbouring
    // cells only the later one is looked for (a pair within the tolerance lies within it of
    // their common faces, so the earlier point finds the later).
    std::size_t merged = 0, tests = 0;
    auto join = [&](std::uint32_t i, std::uint32_t j) {
        if (++tests > budget) return false;
        if (glm::distance(points[i], points[j]) > tolerance) return true;
        const std::uint32_t ri = root(i), rj = root(j);
        if (ri != rj) {
            parent[std::max(ri, rj)] = std::min(ri, rj);
            ++merged;
        }
        return true;
    };
    for (std::size_t k = 0; k < cells.size(); ++k) {
        const std::uint32_t i = cells[k].second;
        for (std::size_t l = k + 1; l < cells.size() && cells[l].first == cells[k].first; ++l)
            if (!join(i, cells[l].second)) return std::nullopt;
        const glm::dvec3 c = cell_of(points[i]);
        const glm::dvec3 f = (points[i] - lo) / cell - c;  // where in its cell, 0..1 an axis
        int from[3], to[3];
        for (int a = 0; a < 3; ++a) {
            from[a] = f[a] < 0.26 && c[a] > 0.0 ? -1 : 0;
            to[a] = f[a] > 0.74 ? 1 : 0;
        }
        for (int dx = from[0]; dx <= to[0]; ++dx)
            for (int dy = from[1]; dy <= to[1]; ++dy)
                for (int dz = from[2]; dz <= to[2]; ++dz) {
                    // Later cells only: (dx, dy, dz) after (0, 0, 0) in x, y, z order.
                    if (dx < 0 || (dx == 0 && (dy < 0 || (dy == 0 && dz <= 0)))) continue;
                    const std::uint64_t key = pack(c + glm::dvec3(dx, dy, dz));
                    auto it = std::lower_bound(cells.begin() + std::ptrdiff_t(k), cells.end(),
                                               std::pair<std::uint64_t, std::uint32_t>{key, 0});
                    for (; it != cells.end() && it->first == key; ++it)
                        if (!join(i, it->second)) return std::nullopt;
                }
    }
    return merged;
}

}  // namespace

std::size_t MeshInspection::count(DxVerdict verdict, bool slivers_not_degenerate) const {
    const auto& list = slivers_not_degenerate ? slivers : degenerate;
    return std::size_t(std::count_if(list.begin(), list.end(),
                                     [&](const ProblemTriangle& t) { return t.dx == verdict; }));
}

MeshInspection inspect_mesh(const MeshView& mesh, const RayTriangleOptions& dx) {
    MeshInspection out;
    out.dx_det_epsilon = dx.dx_det_epsilon;
    out.triangles = mesh.triangle_count();
    out.vertices = mesh.positions.size();
    const Welding welding = weld(mesh.positions);
    std::vector<std::uint32_t> holders(welding.first_index.size(), 0);
    for (const std::uint32_t w : welding.of_vertex)
        if (w != kNoWeld) ++holders[w];
    out.duplicate_vertices = 0;
    for (std::size_t p = 0; p < holders.size(); ++p)
        if (holders[p] > 1) {
            out.duplicate_vertices += holders[p] - 1;
            out.duplicated_positions.push_back(welding.first_index[p]);
        }
    std::sort(out.duplicated_positions.begin(), out.duplicated_positions.end());

    // == Triangles: degenerate (exactly), slivers, the DirectX verdicts; edges of the usable,
    // each as lower position × positions + higher position
    const std::uint64_t positions = welding.first_index.size();
    std::vector<std::uint64_t> edges;
    edges.reserve(3 * out.triangles);
    for (std::uint32_t i = 0; i < out.triangles; ++i) {
        const std::uint32_t v[3] = {mesh.indices[3 * i], mesh.indices[3 * i + 1],
                                    mesh.indices[3 * i + 2]};
        if (v[0] >= out.vertices || v[1] >= out.vertices || v[2] >= out.vertices) continue;
        const std::uint32_t w[3] = {welding.of_vertex[v[0]], welding.of_vertex[v[1]],
                                    welding.of_vertex[v[2]]};
        if (w[0] == kNoWeld || w[1] == kNoWeld || w[2] == kNoWeld) continue;
        const Triangle t = mesh.triangle(i);
        const DxVerdict verdict = dx_verdict(t, dx);
        out.dx_epsilon_rejects += verdict == DxVerdict::EpsilonRejects;
        ProblemTriangle problem{i, 0.0, verdict, DegenerateKind::RepeatedIndex};
        if (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) {
            out.degenerate.push_back(problem);
            continue;
        }
        if (w[0] == w[1] || w[1] == w[2] || w[2] == w[0]) {
            problem.kind = DegenerateKind::Coincident;
            out.degenerate.push_back(problem);
            continue;
        }
        // Three different positions: their edges count, collinear or not.
        for (int e = 0; e < 3; ++e) {
            const std::uint32_t a = w[e], b = w[(e + 1) % 3];
            edges.push_back(std::uint64_t(std::min(a, b)) * positions + std::max(a, b));
        }
        if (orient2d(t.p0, t.p1, t.p2, 0) == 0 && orient2d(t.p0, t.p1, t.p2, 1) == 0 &&
            orient2d(t.p0, t.p1, t.p2, 2) == 0) {
            problem.kind = DegenerateKind::Collinear;
            out.degenerate.push_back(problem);
            continue;
        }
        problem.height_ratio = height_ratio(t);
        if (problem.height_ratio < kSliverHeightRatio) out.slivers.push_back(problem);
    }

    // == Edges: sorted, then each run of one key is one edge and its length the triangles
    radix_sort(edges);
    for (std::size_t i = 0; i < edges.size();) {
        std::size_t j = i + 1;
        while (j < edges.size() && edges[j] == edges[i])
            ++j;
        const auto uses = std::uint32_t(j - i);
        if (uses == 1 || uses >= 3) {
            const InspectedEdge edge{{welding.first_index[edges[i] / positions],
                                      welding.first_index[edges[i] % positions]},
                                     uses};
            (uses == 1 ? out.boundary_edges : out.non_manifold_edges).push_back(edge);
        }
        i = j;
    }

    // == Near duplicates among the distinct positions
    std::vector<glm::dvec3> points;
    points.reserve(welding.first_index.size());
    for (const std::uint32_t v : welding.first_index)
        points.emplace_back(mesh.positions[v]);
    if (!points.empty()) {
        glm::dvec3 lo = points[0], hi = points[0];
        for (const glm::dvec3& p : points) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
        out.merge_tolerance = kMergeToleranceRatio * glm::length(hi - lo);
    }
    // Far more tests than a real mesh needs (about one per position), far fewer than a pile of
    // positions closer than the tolerance would ask for.
    out.near_duplicate_vertices =
        near_duplicates(points, out.merge_tolerance, 64 * points.size() + 1'000'000);
    return out;
}

const char* degenerate_kind_name(DegenerateKind kind) {
    switch (kind) {
        case DegenerateKind::RepeatedIndex:
            return "repeated_index";
        case DegenerateKind::Coincident:
            return "coincident";
        case DegenerateKind::Collinear:
            break;
    }
    return "collinear";
}

const char* dx_verdict_name(DxVerdict verdict) {
    switch (verdict) {
        case DxVerdict::Hit:
            return "hit";
        case DxVerdict::EpsilonRejects:
            return "epsilon_rejects";
        case DxVerdict::Misses:
            break;
    }
    return "misses";
}

}  // namespace picking
