// Triangle pairs made on purpose: seed 003's nine cases (its benchmark categories), and the
// stress kinds of the correctness runs. Every case pair is checked with the exact classifier,
// so a pair filed under a case is exactly of that case.

#include "picking/studies/triangle_pair_generator.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>

#include "picking/core/draw_vec3.h"

namespace picking {

namespace {

using Rng = std::mt19937_64;

double uniform(Rng& rng, double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
}
int uniform_int(Rng& rng, int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
}
bool coin(Rng& rng, double p = 0.5) {
    return std::bernoulli_distribution(p)(rng);
}
/// 10^u for u uniform in [lo, hi]: magnitudes spread over decades.
double log_uniform(Rng& rng, double lo_exp, double hi_exp) {
    return std::pow(10.0, uniform(rng, lo_exp, hi_exp));
}

glm::dvec3 random_unit(Rng& rng) {
    std::normal_distribution<double> n(0.0, 1.0);
    for (;;) {
        const auto v = draw_vec3<glm::dvec3>(n, rng);
        const double length = glm::length(v);
        if (length > 1e-6) return v / length;
    }
}

glm::dmat3 random_rotation(Rng& rng) {
    std::normal_distribution<double> n(0.0, 1.0);
    double w = n(rng), x = n(rng), y = n(rng), z = n(rng);
    const double length = std::sqrt(w * w + x * x + y * y + z * z);
    w /= length, x /= length, y /= length, z /= length;
    // Columns of the rotation matrix of the unit quaternion (w, x, y, z).
    return glm::dmat3(1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y),
                      2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
                      2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y));
}

/// A random rigid frame: V is built in its z = 0 plane, then both triangles go to world.
struct Frame {
    glm::dmat3 rotation{1.0};
    glm::dvec3 origin{0.0};
    [[nodiscard]] glm::vec3 to_world(glm::dvec3 local) const {
        return glm::vec3(origin + rotation * local);
    }
    [[nodiscard]] Triangle to_world(const std::array<glm::dvec3, 3>& t) const {
        return {to_world(t[0]), to_world(t[1]), to_world(t[2])};
    }
};

Frame random_frame(Rng& rng) {
    return {random_rotation(rng), {uniform(rng, -2, 2), uniform(rng, -2, 2), uniform(rng, -2, 2)}};
}

/// Rotates the corners so any of them may come first (the order matters to seed 003).
std::array<glm::dvec3, 3> rotate_corners(std::array<glm::dvec3, 3> t, Rng& rng) {
    std::rotate(t.begin(), t.begin() + uniform_int(rng, 0, 2), t.end());
    if (coin(rng)) std::swap(t[1], t[2]);
    return t;
}

double cross2(glm::dvec2 a, glm::dvec2 b) {
    return a.x * b.y - a.y * b.x;
}

/// V in the local z = 0 plane: corners in [-1, 1]^2 with a reasonable area.
std::array<glm::dvec3, 3> random_local_v(Rng& rng) {
    for (;;) {
        std::array<glm::dvec3, 3> v;
        for (auto& p : v)
            p = {uniform(rng, -1, 1), uniform(rng, -1, 1), 0.0};
        if (std::abs(cross2(glm::dvec2(v[1] - v[0]), glm::dvec2(v[2] - v[0]))) > 0.4) return v;
    }
}

glm::dvec3 random_point_in(const std::array<glm::dvec3, 3>& t, Rng& rng) {
    double a = uniform(rng, 0, 1), b = uniform(rng, 0, 1);
    if (a + b > 1.0) a = 1.0 - a, b = 1.0 - b;
    return t[0] + a * (t[1] - t[0]) + b * (t[2] - t[0]);
}

/// Q whose crossing of the local z = 0 plane is exactly the segment t0 t1: an apex off the
/// plane and two base corners beyond t0 and t1 on the rays from the apex.
std::array<glm::dvec3, 3> q_through(glm::dvec3 t0, glm::dvec3 t1, Rng& rng) {
    const double side = coin(rng) ? 1.0 : -1.0;
    const glm::dvec3 mid = 0.5 * (t0 + t1);
    // One draw per statement: the order of a call's arguments is the compiler's choice.
    const double height = uniform(rng, 0.2, 1.5);
    const double dy = uniform(rng, -1, 1);
    const double dx = uniform(rng, -1, 1);
    const glm::dvec3 apex = mid + glm::dvec3(dx, dy, side * height);
    const glm::dvec3 b0 = t0 + (t0 - apex) * uniform(rng, 0.3, 1.5);
    const glm::dvec3 b1 = t1 + (t1 - apex) * uniform(rng, 0.3, 1.5);
    return {apex, b0, b1};
}

// == Integer-grid pairs: a plane O + i A + j B with small integer O, A, B, i, j, and an
// off-plane integer step C. Every coordinate stays within 64, so every determinant the float
// algorithms take is exact, and so is the classification they see.

struct GridPlane {
    glm::ivec3 o, a, b, c;
    [[nodiscard]] glm::dvec3 at(int i, int j, int m = 0) const {
        return glm::dvec3(o + i * a + j * b + m * c);
    }
};

glm::ivec3 random_ivec3(Rng& rng, int extent) {
    return {uniform_int(rng, -extent, extent), uniform_int(rng, -extent, extent),
            uniform_int(rng, -extent, extent)};
}

GridPlane random_grid_plane(Rng& rng) {
    for (;;) {
        GridPlane p{random_ivec3(rng, 8), random_ivec3(rng, 3), random_ivec3(rng, 3),
                    random_ivec3(rng, 3)};
        // Integer arithmetic: det[a, b, c] != 0 puts c off the plane (and a, b independent).
        const glm::ivec3 a = p.a, b = p.b, c = p.c;
        const int det = a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) +
                        a.z * (b.x * c.y - b.y * c.x);
        if (det != 0) return p;
    }
}

struct GridTriangle {
    std::array<glm::ivec2, 3> ij;
    [[nodiscard]] long long area2() const {
        const glm::ivec2 e0 = ij[1] - ij[0], e1 = ij[2] - ij[0];
        return (long long)e0.x * e1.y - (long long)e0.y * e1.x;
    }
    /// Closed containment of a grid point, in (i, j).
    [[nodiscard]] bool contains(glm::ivec2 p) const {
        long long s[3];
        for (int k = 0; k < 3; ++k) {
            const glm::ivec2 e = ij[(k + 1) % 3] - ij[k], w = p - ij[k];
            s[k] = (long long)e.x * w.y - (long long)e.y * w.x;
        }
        return (s[0] >= 0 && s[1] >= 0 && s[2] >= 0) || (s[0] <= 0 && s[1] <= 0 && s[2] <= 0);
    }
};

glm::ivec2 random_ij(Rng& rng, int extent = 6) {
    return {uniform_int(rng, -extent, extent), uniform_int(rng, -extent, extent)};
}

GridTriangle random_grid_triangle(Rng& rng, int extent = 6) {
    for (;;) {
        GridTriangle t{{random_ij(rng, extent), random_ij(rng, extent), random_ij(rng, extent)}};
        if (t.area2() != 0) return t;
    }
}

/// Float corners of grid points, scaled by 2^k (exact) so magnitudes vary too.
Triangle grid_to_triangle(const std::array<glm::dvec3, 3>& t, int scale_exp) {
    Triangle r;
    glm::vec3* corners[3] = {&r.p0, &r.p1, &r.p2};
    for (int k = 0; k < 3; ++k)
        *corners[k] = glm::vec3(t[k] * std::ldexp(1.0, scale_exp));
    return r;
}

std::array<glm::dvec3, 3> on_plane(const GridPlane& p, const GridTriangle& t) {
    return {p.at(t.ij[0].x, t.ij[0].y), p.at(t.ij[1].x, t.ij[1].y), p.at(t.ij[2].x, t.ij[2].y)};
}

/// One attempt at a pair of case `id`; the caller keeps it only if it classifies as `id`.
TrianglePair attempt_case(TriTriCase id, Rng& rng) {
    switch (id) {
        case TriTriCase::ParallelNotCoplanar:
        case TriTriCase::CoplanarDisjoint:
        case TriTriCase::CoplanarVertexInside:
        case TriTriCase::CoplanarContainment:
        case TriTriCase::DisjointOneCrossing: {
            const GridPlane plane = random_grid_plane(rng);
            const int scale = uniform_int(rng, -4, 2);
            GridTriangle v = random_grid_triangle(rng), q = random_grid_triangle(rng);
            if (id == TriTriCase::CoplanarDisjoint) {
                // Smaller triangles pushed apart by a random grid step are mostly disjoint.
                glm::ivec2 shift(0);
                while (std::abs(shift.x) + std::abs(shift.y) < 3)
                    shift = random_ij(rng, 3);
                v = random_grid_triangle(rng, 2);
                q = random_grid_triangle(rng, 2);
                for (int k = 0; k < 3; ++k) {
                    v.ij[k] -= shift;
                    q.ij[k] += shift;
                }
            }
            std::array<glm::dvec3, 3> qs = on_plane(plane, q);
            if (id == TriTriCase::CoplanarVertexInside) {
                // A corner of Q on a grid point inside V (closed).
                for (int tries = 0; tries < 64 && !v.contains(q.ij[0]); ++tries)
                    q.ij[0] = random_ij(rng);
                qs = on_plane(plane, q);
            } else if (id == TriTriCase::CoplanarContainment && coin(rng)) {
                // V inside a large Q (the other half: any overlap with no corner inside).
                q = {{glm::ivec2(-6, -6), glm::ivec2(6, -6), glm::ivec2(-6, 6)}};
                if (coin(rng)) q.ij[0] = -q.ij[0], q.ij[1] = -q.ij[1], q.ij[2] = -q.ij[2];
                for (auto& p : v.ij)
                    for (int tries = 0; tries < 64 && !q.contains(p); ++tries)
                        p = random_ij(rng, 5);
                qs = on_plane(plane, q);
            } else if (id == TriTriCase::ParallelNotCoplanar) {
                const int m = coin(rng) ? uniform_int(rng, 1, 2) : -uniform_int(rng, 1, 2);
                for (int k = 0; k < 3; ++k)
                    qs[k] = plane.at(q.ij[k].x, q.ij[k].y, m);
            } else if (id == TriTriCase::DisjointOneCrossing) {
                // Q0 on V's plane, the other two corners off it on one side.
                const int sign = coin(rng) ? 1 : -1;
                for (int k = 1; k < 3; ++k)
                    qs[k] = plane.at(q.ij[k].x, q.ij[k].y, sign * uniform_int(rng, 1, 2));
            }
            return {grid_to_triangle(on_plane(plane, v), scale),
                    grid_to_triangle(rotate_corners(qs, rng), scale)};
        }
        case TriTriCase::DisjointNoCrossing: {
            const Frame frame = random_frame(rng);
            const double side = coin(rng) ? 1.0 : -1.0;
            std::array<glm::dvec3, 3> q;
            for (auto& p : q)
                p = {uniform(rng, -2, 2), uniform(rng, -2, 2), side * uniform(rng, 0.05, 1.5)};
            return {frame.to_world(random_local_v(rng)), frame.to_world(q)};
        }
        case TriTriCase::DisjointTwoCrossings:
        case TriTriCase::IntersectPointInside:
        case TriTriCase::IntersectNoPointInside: {
            const Frame frame = random_frame(rng);
            const std::array<glm::dvec3, 3> v = random_local_v(rng);
            glm::dvec3 t0, t1;
            if (id == TriTriCase::IntersectPointInside) {
                t0 = random_point_in(v, rng);
                t1 = {uniform(rng, -2, 2), uniform(rng, -2, 2), 0.0};
            } else if (id == TriTriCase::IntersectNoPointInside) {
                // A chord through V whose ends both lie outside it (V is within [-1, 1]^2).
                const glm::dvec3 through = random_point_in(v, rng);
                const double angle = uniform(rng, 0, 6.283185307179586);
                const glm::dvec3 d(std::cos(angle), std::sin(angle), 0.0);
                t0 = through - d * uniform(rng, 3.0, 4.0);
                t1 = through + d * uniform(rng, 3.0, 4.0);
            } else {
                t0 = {uniform(rng, -3, 3), uniform(rng, -3, 3), 0.0};
                t1 = {uniform(rng, -3, 3), uniform(rng, -3, 3), 0.0};
            }
            if (coin(rng)) std::swap(t0, t1);
            return {frame.to_world(v), frame.to_world(rotate_corners(q_through(t0, t1, rng), rng))};
        }
        case TriTriCase::Degenerate:
            break;
    }
    return {};
}

}  // namespace

TrianglePair generate_case_pair(TriTriCase id, std::mt19937_64& rng) {
    if (id == TriTriCase::Degenerate) return {};
    for (;;) {
        const TrianglePair pair = attempt_case(id, rng);
        if (classify_triangle_pair(pair.v, pair.q) == id) return pair;
    }
}

GeneratedPairs generate_seed_mix(std::size_t count, std::uint64_t seed) {
    Rng rng(seed);
    // 160 slots: 25 for each intersecting case, 12 for each disjoint one.
    std::array<TriTriCase, 160> slots{};
    std::size_t filled = 0;
    for (int c = 0; c < kSeedCaseCount; ++c) {
        const auto id = TriTriCase(c);
        const int n = tri_tri_case_info(id).intersecting ? 25 : 12;
        for (int k = 0; k < n; ++k)
            slots[filled++] = id;
    }
    GeneratedPairs out;
    out.cases.resize(count);
    for (std::size_t i = 0; i < count; ++i)
        out.cases[i] = slots[i % slots.size()];
    std::shuffle(out.cases.begin(), out.cases.end(), rng);
    out.pairs.resize(count);
    for (std::size_t i = 0; i < count; ++i)
        out.pairs[i] = generate_case_pair(out.cases[i], rng);
    return out;
}

namespace {

std::array<glm::dvec3, 3> near_equilateral(Rng& rng, glm::dvec3 centre) {
    const glm::dmat3 r = random_rotation(rng);
    std::array<glm::dvec3, 3> t;
    for (int k = 0; k < 3; ++k) {
        const double angle = 2.0943951023931957 * k;  // 120 degrees apart, on a circle whose
        const double radius = 0.5773502691896258;     // chords are 1
        // One draw per statement, z first: the order GCC drew them in.
        const double z = uniform(rng, -0.05, 0.05);
        const double y = radius * std::sin(angle) + uniform(rng, -0.05, 0.05);
        const double x = radius * std::cos(angle) + uniform(rng, -0.05, 0.05);
        const glm::dvec3 local(x, y, z);
        t[k] = centre + r * local;
    }
    return t;
}

Triangle to_float(const std::array<glm::dvec3, 3>& t) {
    return {glm::vec3(t[0]), glm::vec3(t[1]), glm::vec3(t[2])};
}

std::array<glm::dvec3, 3> random_box_triangle(Rng& rng, double half) {
    std::array<glm::dvec3, 3> t;
    for (auto& p : t)
        p = {uniform(rng, -half, half), uniform(rng, -half, half), uniform(rng, -half, half)};
    return t;
}

TrianglePair near_equilateral_pair(Rng& rng) {
    constexpr double kHalfCube = 0.362;  // centres in a cube of side 0.724: ~50.5% intersect
    const auto centre = [&] {
        const double z = uniform(rng, -kHalfCube, kHalfCube);
        const double y = uniform(rng, -kHalfCube, kHalfCube);
        const double x = uniform(rng, -kHalfCube, kHalfCube);
        return glm::dvec3(x, y, z);
    };
    const Triangle v = to_float(near_equilateral(rng, centre()));
    return {v, to_float(near_equilateral(rng, centre()))};
}

}  // namespace

std::vector<TrianglePair> generate_near_equilateral_pairs(std::size_t count, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<TrianglePair> pairs(count);
    for (auto& pair : pairs)
        pair = near_equilateral_pair(rng);
    return pairs;
}

std::string_view stress_kind_name(StressKind kind) {
    switch (kind) {
        case StressKind::SeedCases:
            return "seed_cases";
        case StressKind::NearEquilateral:
            return "near_equilateral";
        case StressKind::RandomBox:
            return "random_box";
        case StressKind::NearCoplanar:
            return "near_coplanar";
        case StressKind::GridTouching:
            return "grid_touching";
        case StressKind::SharedVertex:
            return "shared_vertex";
        case StressKind::SharedEdge:
            return "shared_edge";
        case StressKind::FarFromOrigin:
            return "far_from_origin";
        case StressKind::Slivers:
            return "slivers";
    }
    return "?";
}

TrianglePair generate_stress_pair(StressKind kind, std::mt19937_64& rng) {
    switch (kind) {
        case StressKind::SeedCases:
            return generate_case_pair(TriTriCase(uniform_int(rng, 0, kSeedCaseCount - 1)), rng);
        case StressKind::NearEquilateral:
            return near_equilateral_pair(rng);
        case StressKind::RandomBox:
            return {to_float(random_box_triangle(rng, 1.0)),
                    to_float(random_box_triangle(rng, 1.0))};
        case StressKind::NearCoplanar: {
            // Q in V's plane, then turned by a tiny angle about an axis through its centre and
            // lifted by a tiny height (or not at all).
            const auto v = random_box_triangle(rng, 1.0);
            const glm::dvec3 p0 = v[1] - v[0], p1 = v[2] - v[0];
            std::array<glm::dvec3, 3> q;
            for (auto& p : q) {
                const double b = uniform(rng, -0.5, 1.5);
                const double a = uniform(rng, -0.5, 1.5);
                p = v[0] + a * p0 + b * p1;
            }
            const glm::dvec3 centre = (q[0] + q[1] + q[2]) / 3.0;
            const glm::dvec3 axis = random_unit(rng);
            // The magnitude drawn before the sign (spelled out: a product leaves its order open).
            const double magnitude = log_uniform(rng, -7, -2);
            const double angle = magnitude * (coin(rng) ? 1 : -1);
            const glm::dvec3 normal = glm::normalize(glm::cross(p0, p1));
            double lift = 0.0;
            if (!coin(rng)) {
                const double height = log_uniform(rng, -7, -2);
                lift = coin(rng) ? height : -height;
            }
            for (auto& p : q) {
                // Rodrigues' rotation of p about the axis through the centre.
                const glm::dvec3 r = p - centre;
                const glm::dvec3 turned = r * std::cos(angle) +
                                          glm::cross(axis, r) * std::sin(angle) +
                                          axis * glm::dot(axis, r) * (1.0 - std::cos(angle));
                p = centre + turned + normal * lift;
            }
            return {to_float(v), to_float(q)};
        }
        case StressKind::GridTouching: {
            std::array<glm::dvec3, 6> p;
            for (auto& x : p)
                x = glm::dvec3(random_ivec3(rng, 2));
            return {to_float({p[0], p[1], p[2]}), to_float({p[3], p[4], p[5]})};
        }
        case StressKind::SharedVertex:
        case StressKind::SharedEdge: {
            const auto v = random_box_triangle(rng, 1.0);
            std::array<glm::dvec3, 3> q = random_box_triangle(rng, 1.0);
            const int a = uniform_int(rng, 0, 2);
            q[0] = v[a];
            if (kind == StressKind::SharedEdge) {
                q[1] = v[(a + 1) % 3];
                if (coin(rng, 0.3)) {
                    // Folded close to V's plane, either side: mesh neighbours at a shallow angle.
                    const glm::dvec3 n = glm::normalize(glm::cross(v[1] - v[0], v[2] - v[0]));
                    const double t = uniform(rng, -1, 1);
                    const double s = uniform(rng, -1, 1);
                    const glm::dvec3 in_plane = v[a] + s * (v[1] - v[0]) + t * (v[2] - v[0]);
                    const double height = log_uniform(rng, -6, -1);
                    q[2] = in_plane + n * (coin(rng) ? height : -height);
                }
            }
            return {to_float(v), to_float(rotate_corners(q, rng))};
        }
        case StressKind::FarFromOrigin: {
            const double distance = log_uniform(rng, 3, 5);
            const glm::dvec3 offset = random_unit(rng) * distance;
            auto v = random_box_triangle(rng, 1.0), q = random_box_triangle(rng, 1.0);
            for (auto* t : {&v, &q})
                for (auto& p : *t)
                    p += offset;
            return {to_float(v), to_float(q)};
        }
        case StressKind::Slivers: {
            const auto sliver = [&] {
                std::uniform_real_distribution<double> coord(-1.0, 1.0);
                const auto a = draw_vec3<glm::dvec3>(coord, rng);
                const auto b = draw_vec3<glm::dvec3>(coord, rng);
                // The distance drawn before the direction, as GCC did.
                const double distance = log_uniform(rng, -5, -2);
                const glm::dvec3 off = random_unit(rng) * distance;
                return std::array<glm::dvec3, 3>{a, b, a + uniform(rng, 0, 1) * (b - a) + off};
            };
            return {to_float(sliver()),
                    to_float(coin(rng) ? sliver() : random_box_triangle(rng, 1))};
        }
    }
    return {};
}

StressKind stress_kind_of(std::size_t i) {
    using K = StressKind;
    static constexpr StressKind kSchedule[32] = {
        K::NearEquilateral, K::RandomBox,    K::NearCoplanar,  K::SeedCases,
        K::NearEquilateral, K::RandomBox,    K::NearCoplanar,  K::GridTouching,
        K::NearEquilateral, K::RandomBox,    K::NearCoplanar,  K::SharedVertex,
        K::FarFromOrigin,   K::Slivers,      K::SharedEdge,    K::NearEquilateral,
        K::RandomBox,       K::NearCoplanar, K::SeedCases,     K::NearEquilateral,
        K::RandomBox,       K::NearCoplanar, K::GridTouching,  K::NearEquilateral,
        K::RandomBox,       K::NearCoplanar, K::SharedVertex,  K::FarFromOrigin,
        K::Slivers,         K::SharedEdge,   K::FarFromOrigin, K::Slivers,
    };
    return kSchedule[i % 32];
}

std::vector<TrianglePair> generate_stress_pairs(std::size_t count, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<TrianglePair> pairs(count);
    for (std::size_t i = 0; i < count; ++i)
        pairs[i] = generate_stress_pair(stress_kind_of(i), rng);
    return pairs;
}

}  // namespace picking
