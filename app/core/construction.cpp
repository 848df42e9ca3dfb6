#include "app/core/construction.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/geometric.hpp>

#include "picking/core/finite.h"

namespace app {

using picking::RayTriangleMethod;

std::optional<picking::ExplainStep> explain_step(const picking::RayTriangleExplanation& why,
                                                 std::string_view name) {
    for (auto it = why.steps.rbegin(); it != why.steps.rend(); ++it)
        if (it->name == name) return *it;
    return std::nullopt;
}

float construction_scale(float length, float size) {
    if (!(length > 0.0f) || !std::isfinite(length) || !(size > 0.0f)) return 1.0f;
    if (length >= 0.25f * size && length <= 2.5f * size) return 1.0f;
    return 0.6f * size / length;
}

namespace {

std::string number(float v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", double(v));
    return text;
}

/// Builds one construction: the pieces every algorithm shares, then its own.
class Builder {
  public:
    Builder(RayTriangleMethod method, const picking::Ray& ray, const picking::Triangle& tri,
            const picking::RayTriangleExplanation& why)
        : ray_(ray), tri_(tri), why_(why) {
        c_.method = method;
        const float mean = (glm::length(tri.p1 - tri.p0) + glm::length(tri.p2 - tri.p1) +
                            glm::length(tri.p0 - tri.p2)) /
                           3.0f;
        c_.size = mean > 0.0f && std::isfinite(mean) ? mean : 1.0f;
    }

    [[nodiscard]] std::optional<glm::vec3> vec(std::string_view name) const {
        const auto s = explain_step(why_, name);
        if (!s || !s->is_vector) return std::nullopt;
        return s->value;
    }
    [[nodiscard]] std::optional<float> scalar(std::string_view name) const {
        const auto s = explain_step(why_, name);
        if (!s || s->is_vector) return std::nullopt;
        return s->value.x;
    }

    /// The vector step `name` drawn from `from`, true to size or scaled to fit.
    void vector_step(glm::vec3 from, std::string_view name, const std::string& label,
                     ConstructionRole role, bool may_scale) {
        const auto v = vec(name);
        if (!v || !picking::finite(*v) || !picking::finite(from)) return;
        const float scale = may_scale ? construction_scale(glm::length(*v), c_.size) : 1.0f;
        std::string text = label;
        if (scale != 1.0f) text += " (drawn x" + number(scale) + ")";
        c_.arrows.push_back({from, from + *v * scale, text, name, scale, role, true});
    }
    void segment(glm::vec3 a, glm::vec3 b, ConstructionRole role, std::string label = {}) {
        c_.arrows.push_back({a, b, std::move(label), {}, 1.0f, role, false});
    }
    void helper_arrow(glm::vec3 a, glm::vec3 b, ConstructionRole role, std::string label) {
        c_.arrows.push_back({a, b, std::move(label), {}, 1.0f, role, true});
    }

    /// The ray from its origin to where the algorithm's t puts it (the step `t_name`); without
    /// one, as far as the triangle.
    void ray_to_hit(std::string_view t_name) {
        if (const auto t = scalar(t_name); t && std::isfinite(*t)) {
            helper_arrow(ray_.origin, ray_.at(*t), ConstructionRole::Ray, "t D, t = " + number(*t));
            return;
        }
        const glm::vec3 centroid = (tri_.p0 + tri_.p1 + tri_.p2) / 3.0f;
        const float dd = glm::dot(ray_.direction, ray_.direction);
        const float t = dd > 0.0f ? glm::dot(centroid - ray_.origin, ray_.direction) / dd : 0.0f;
        if (std::isfinite(t))
            segment(ray_.origin, ray_.at(std::max(t, 0.0f)), ConstructionRole::Ray,
                    "the ray (stopped before t)");
    }

    /// Möller–Trumbore in its three forms: from corner v0 the edges E1, E2 and T, the products
    /// P and Q, the det box, and the steps u E1 + v E2 that reach the hit.
    void moller_trumbore(glm::vec3 v0, const char* t_step, const char* p_step, const char* q_step,
                         const char* u_step, const char* v_step) {
        const bool seed002 = c_.method == RayTriangleMethod::MollerTrumbore;
        vector_step(v0, "E1", seed002 ? "E1 = A - C" : "E1 = V1 - V0", ConstructionRole::Edge,
                    false);
        vector_step(v0, "E2", seed002 ? "E2 = B - C" : "E2 = V2 - V0", ConstructionRole::Edge,
                    false);
        if (const auto t = vec(t_step)) {
            // T = O - V0, or V0 - O where dx flipped it with det: drawn from its tail either way.
            const bool from_corner = glm::dot(*t, ray_.origin - v0) >= 0.0f;
            vector_step(from_corner ? v0 : ray_.origin, t_step,
                        seed002 ? "S = T = O - C" : (from_corner ? "T = O - V0" : "T = V0 - O"),
                        ConstructionRole::Ray, false);
        }
        vector_step(v0, p_step, seed002 ? "S1 = P = D x E2" : "P = D x E2",
                    ConstructionRole::Product, true);
        vector_step(v0, q_step, seed002 ? "S2 = Q = S x E1" : "Q = T x E1",
                    ConstructionRole::Product, true);
        ray_to_hit("t");

        const auto e1 = vec("E1"), e2 = vec("E2");
        if (const auto det = scalar("det"); det && e1 && e2) {
            // det = E1 · (D × E2) = the signed volume of the box on E1, E2 and -D.
            const float dl = glm::length(ray_.direction);
            const float s = dl > 0.0f ? c_.size / dl : 1.0f;
            const glm::vec3 w = -ray_.direction * s;
            const glm::vec3 axes[3] = {*e1, *e2, w};
            for (int a = 0; a < 3; ++a)
                for (int i = 0; i < 2; ++i)
                    for (int j = 0; j < 2; ++j) {
                        const glm::vec3 b = axes[(a + 1) % 3], c = axes[(a + 2) % 3];
                        const glm::vec3 from = v0 + float(i) * b + float(j) * c;
                        segment(from, from + axes[a], ConstructionRole::Product,
                                a == 2 && i == 1 && j == 1 ? "det box" : "");
                    }
            c_.notes.push_back(
                "det = E1 · (D x E2) = " + number(*det) +
                ": the signed volume of the box on E1, E2 and -D (drawn with D scaled x" +
                number(s) + ", so its volume is " + number(*det * s) +
                "). Positive: the ray meets the front face.");
        }
        const auto u = scalar(u_step), v = scalar(v_step);
        if (u && e1) {
            const glm::vec3 after_u = v0 + *u * *e1;
            c_.arrows.push_back({v0, after_u,
                                 std::string(seed002 ? "alpha" : "u") + " E1 (" +
                                     std::string(u_step) + " = " + number(*u) + ")",
                                 u_step, 1.0f, ConstructionRole::Step, true});
            if (v && e2)
                c_.arrows.push_back({after_u, after_u + *v * *e2,
                                     std::string(seed002 ? "beta" : "v") + " E2 (" +
                                         std::string(v_step) + " = " + number(*v) + ")",
                                     v_step, 1.0f, ConstructionRole::Step, true});
        }
        c_.title = seed002
                       ? "Moller-Trumbore (seed 002): the hit is C + alpha E1 + beta E2 = O + t D"
                       : "Moller-Trumbore (DirectX / Unity): the hit is V0 + u E1 + v E2 = O + t D";
    }

    void xna_plane() {
        c_.title = "XNA: the plane of P0 P1 P2, the ray meeting it, then the same-side test";
        plane_patch();
        const glm::vec3 centroid = (tri_.p0 + tri_.p1 + tri_.p2) / 3.0f;
        vector_step(centroid, "Normal", "Normal", ConstructionRole::Product, true);
        if (const auto d = scalar("D"))
            c_.notes.push_back("Plane: Normal · X + D = 0 with D = -Normal · P0 = " + number(*d));
        ray_to_hit("distanceOnRay");
        const auto point = vec("intersectionPoint");
        if (!point || !picking::finite(*point)) return;
        const glm::vec3 corners[3] = {tri_.p0, tri_.p1, tri_.p2};
        for (int i = 0; i < 3; ++i)
            segment(corners[i], *point, ConstructionRole::Edge, "");
        const auto c0 = vec("cross0");
        const char* names[3] = {"cross0", "cross1", "cross2"};
        const char* verdicts[3] = {"", "CompareSigns(cross0, cross1)",
                                   "CompareSigns(cross0, cross2)"};
        for (int i = 0; i < 3; ++i) {
            const auto v = vec(names[i]);
            if (!v || !picking::finite(*v)) continue;
            std::optional<float> verdict;
            if (i > 0) verdict = scalar(verdicts[i]);
            const float scale = construction_scale(glm::length(*v), c_.size);
            ConstructionRole role = ConstructionRole::Product;
            std::string label = std::string(names[i]) + " = (point - P" + std::to_string(i) +
                                ") x (P" + std::to_string((i + 1) % 3) + " - P" +
                                std::to_string(i) + ")";
            if (verdict) {
                const float dot = verdict.value();
                role = dot > 0.0f ? ConstructionRole::Inside : ConstructionRole::Outside;
                label += dot > 0.0f ? ": same side as cross0" : ": NOT the side of cross0";
                c_.notes.push_back(std::string(verdicts[i]) + ": cross0 · " + names[i] + " = " +
                                   number(dot) +
                                   (dot > 0.0f ? " > 0, the same side" : " <= 0, outside"));
            }
            if (scale != 1.0f) label += " (drawn x" + number(scale) + ")";
            // From the edge's start: the three are parallel (all along the normal), and side by
            // side at the corners their directions compare at a glance.
            c_.arrows.push_back(
                {corners[i], corners[i] + *v * scale, label, names[i], scale, role, true});
        }
        if (c0)
            c_.notes.push_back(
                "Each cross is an edge against the point: all three along one side of the plane "
                "means inside.");
    }

    /// The plane-based tests' common half: N, the ray to P and the dropped axis.
    std::optional<glm::vec3> plane_hit() {
        plane_patch();
        const glm::vec3 centroid = (tri_.p0 + tri_.p1 + tri_.p2) / 3.0f;
        vector_step(centroid, "N", "N = (B - A) x (C - A)", ConstructionRole::Product, true);
        ray_to_hit("t");
        const auto k = scalar("dropped axis");
        if (k) {
            const char* axis = "xyz";
            c_.notes.push_back(std::string("The triangle is projected along ") +
                               axis[std::clamp(int(*k), 0, 2)] +
                               ", the axis where |N| is largest: the 2D test runs on the other "
                               "two.");
        }
        return vec("P");
    }

    /// Sub-triangles of P whose areas are the weights: opposite A (alpha), B and C.
    void area_fills(glm::vec3 p, std::string_view a_step, std::string_view b_step,
                    std::string_view c_step, const char* a_label, const char* b_label,
                    const char* c_label) {
        const std::array<std::string_view, 3> steps = {a_step, b_step, c_step};
        const std::array<const char*, 3> labels = {a_label, b_label, c_label};
        const glm::vec3 corners[3] = {tri_.p0, tri_.p1, tri_.p2};
        for (int i = 0; i < 3; ++i) {
            if (steps[std::size_t(i)].empty()) continue;
            const auto w = scalar(steps[std::size_t(i)]);
            if (!w) continue;
            const std::array<glm::vec3, 3> sub = {p, corners[(i + 1) % 3], corners[(i + 2) % 3]};
            c_.fills.push_back({sub, std::string(labels[std::size_t(i)]) + " = " + number(*w),
                                steps[std::size_t(i)], *w,
                                *w >= 0.0f ? ConstructionRole::Inside : ConstructionRole::Outside});
        }
    }

    /// The projected triangle on the kept axes i, j, with P.
    ConstructionInset projected_inset(glm::vec3 p, const char* title) const {
        const int k = std::clamp(int(scalar("dropped axis").value_or(2.0f)), 0, 2);
        const int i = k == 0 ? 1 : 0, j = k == 2 ? 1 : 2;
        ConstructionInset inset;
        inset.title = title;
        const char* axis = "xyz";
        inset.x_axis = std::string(1, axis[i]);
        inset.y_axis = std::string(1, axis[j]);
        inset.corners = {glm::vec2(tri_.p0[i], tri_.p0[j]), glm::vec2(tri_.p1[i], tri_.p1[j]),
                         glm::vec2(tri_.p2[i], tri_.p2[j])};
        inset.corner_names = {"A", "B", "C"};
        inset.point = glm::vec2(p[i], p[j]);
        inset.point_label = "P";
        for (const ConstructionFill& f : c_.fills)
            if (f.role != ConstructionRole::Plane)
                inset.areas.push_back({glm::vec2(f.corners[0][i], f.corners[0][j]),
                                       glm::vec2(f.corners[1][i], f.corners[1][j]),
                                       glm::vec2(f.corners[2][i], f.corners[2][j])});
        return inset;
    }

    void barycentric() {
        c_.title = "Barycentric: the plane hit P, then the areas of P's sub-triangles";
        const auto p = plane_hit();
        if (!p) return;
        area_fills(*p, "alpha", "beta", "gamma", "alpha = area(P B C) / area(A B C)",
                   "beta = area(P C A) / area(A B C)", "gamma = area(P A B) / area(A B C)");
        c_.inset = projected_inset(*p, "The projected triangle: P's weights are the areas");
        if (scalar("alpha"))
            c_.notes.push_back(
                "Inside when alpha, beta and gamma are all >= 0 (the seed "
                "computes gamma as 1 - alpha - beta).");
    }

    void barycentric_cross() {
        c_.title = "Barycentric, cross-product form: [AB, AC, PA] per axis, crossed";
        const auto p = plane_hit();
        if (!p) return;
        helper_arrow(tri_.p0, tri_.p1, ConstructionRole::Edge, "AB");
        helper_arrow(tri_.p0, tri_.p2, ConstructionRole::Edge, "AC");
        helper_arrow(*p, tri_.p0, ConstructionRole::Ray, "PA");
        area_fills(*p, "", "u", "v", "", "u = area(A P C) / area(A B C)",
                   "v = area(A B P) / area(A B C)");
        ConstructionInset inset =
            projected_inset(*p, "The projected triangle: u and v are the areas opposite B and C");
        c_.inset = inset;
        if (const auto k = vec("k [u, v, 1]"))
            c_.notes.push_back("[ABx, ACx, PAx] x [ABy, ACy, PAy] = (" + number(k->x) + ", " +
                               number(k->y) + ", " + number(k->z) +
                               ") = k [u, v, 1]: divided by its last component k, it gives u "
                               "and v.");
    }

    void crossing_2d() {
        c_.title = "2D crossing test: the corners around P, a half-line from P along +x";
        const auto p = plane_hit();
        if (!p) return;
        const auto a = vec("A - P (2D)"), b = vec("B - P (2D)"), c = vec("C - P (2D)");
        if (!a || !b || !c) return;
        ConstructionInset inset =
            projected_inset(*p, "Around P: an odd count of crossings on +x is inside");
        inset.corners = {glm::vec2(*a), glm::vec2(*b), glm::vec2(*c)};
        inset.point = glm::vec2(0.0f);
        inset.ray_along_x = true;
        static constexpr const char* kEdges[3] = {"crossing x on AB", "crossing x on BC",
                                                  "crossing x on CA"};
        static constexpr const char* kEdgeNames[3] = {"AB", "BC", "CA"};
        for (int e = 0; e < 3; ++e) {
            const auto x = scalar(kEdges[e]);
            if (!x) continue;
            inset.marks.push_back({*x, 0.0f});
            inset.mark_labels.push_back(std::string(kEdgeNames[e]) +
                                        (*x > 0.0f ? " counts" : " (x < 0)"));
            inset.edge_roles[std::size_t(e)] =
                *x > 0.0f ? ConstructionRole::Inside : ConstructionRole::Edge;
        }
        c_.inset = inset;
        if (const auto n = scalar("crossings"))
            c_.notes.push_back("crossings = " + number(*n) +
                               (int(*n) == 1 ? ": odd, P is inside" : ": even, P is outside"));
    }

    void watertight() {
        c_.title =
            "Watertight: the corners sheared so that the ray runs along +z through the origin";
        ray_to_hit("t");
        const auto a = vec("A' (sheared)"), b = vec("B' (sheared)"), c = vec("C' (sheared)");
        if (!a || !b || !c) return;
        ConstructionInset inset;
        inset.title = "Sheared ray space: the ray is the point at the origin";
        const auto k = vec("kx, ky, kz");
        const char* axis = "xyz";
        inset.x_axis =
            k ? std::string("x' (from ") + axis[std::clamp(int(k->x), 0, 2)] + ")" : "x'";
        inset.y_axis =
            k ? std::string("y' (from ") + axis[std::clamp(int(k->y), 0, 2)] + ")" : "y'";
        inset.corners = {glm::vec2(*a), glm::vec2(*b), glm::vec2(*c)};
        inset.corner_names = {"A'", "B'", "C'"};
        inset.point = glm::vec2(0.0f);
        inset.point_label = "ray";
        auto uvw = vec("U, V, W (double)");
        if (!uvw) uvw = vec("U, V, W");
        if (uvw) {
            // U is the edge function of B'C' (opposite A'), V of C'A', W of A'B'.
            const float f[3] = {uvw->z, uvw->x, uvw->y};  // edges A'B', B'C', C'A'
            const char* names[3] = {"W", "U", "V"};
            const int negatives = (uvw->x < 0.0f) + (uvw->y < 0.0f) + (uvw->z < 0.0f);
            const int positives = (uvw->x > 0.0f) + (uvw->y > 0.0f) + (uvw->z > 0.0f);
            const bool mixed = negatives > 0 && positives > 0;
            for (int e = 0; e < 3; ++e) {
                inset.edge_labels[std::size_t(e)] = std::string(names[e]) + " = " + number(f[e]);
                // Signs that differ: the edges of the rarer sign are those the ray passes
                // outside of.
                const bool outside = mixed && ((f[e] < 0.0f && negatives <= positives) ||
                                               (f[e] > 0.0f && positives < negatives));
                inset.edge_roles[std::size_t(e)] =
                    outside ? ConstructionRole::Outside : ConstructionRole::Inside;
            }
            c_.notes.push_back("U, V, W = (" + number(uvw->x) + ", " + number(uvw->y) + ", " +
                               number(uvw->z) +
                               "): the edge functions at the ray. One sign for all three: the "
                               "ray passes inside.");
        }
        c_.inset = inset;
    }

    void baldwin_weber() {
        c_.title = "Baldwin-Weber: the triangle's own frame, where it is (0,0), (1,0), (0,1)";
        ray_to_hit("t");
        if (const auto k = scalar("free axis k")) {
            glm::vec3 f(0.0f);
            f[std::clamp(int(*k), 0, 2)] = c_.size;
            helper_arrow(tri_.p0, tri_.p0 + f, ConstructionRole::Product,
                         "F: the free axis (the normal's largest)");
        }
        ConstructionInset inset;
        inset.title = "The precomputed frame: b1 along E1, b2 along E2";
        inset.x_axis = "b1 (u)";
        inset.y_axis = "b2 (v)";
        inset.corners = {glm::vec2(0.0f, 0.0f), glm::vec2(1.0f, 0.0f), glm::vec2(0.0f, 1.0f)};
        inset.corner_names = {"p0", "p1", "p2"};
        inset.edge_labels = {"b2 >= 0", "b1 + b2 <= 1", "b1 >= 0"};
        const auto b1 = scalar("b1 = u"), b2 = scalar("b2 = v");
        if (b1) {
            inset.point = glm::vec2(*b1, b2.value_or(0.0f));
            inset.point_label = b2 ? "P" : "P (b2 not computed)";
            inset.edge_roles[2] =
                *b1 >= 0.0f ? ConstructionRole::Inside : ConstructionRole::Outside;
            if (b2) {
                inset.edge_roles[0] =
                    *b2 >= 0.0f ? ConstructionRole::Inside : ConstructionRole::Outside;
                inset.edge_roles[1] =
                    *b1 + *b2 <= 1.0f ? ConstructionRole::Inside : ConstructionRole::Outside;
            }
        }
        c_.inset = inset;
        c_.notes.push_back(
            "Three rows, stored per triangle, map a point to (b1, b2, z): z = 0 on the plane gives "
            "t, then two dot products give u and v.");
    }

    void reference() {
        c_.title = "Reference: the exact side of the ray against each edge";
        ray_to_hit("t");
        const glm::vec3 corners[3] = {tri_.p0, tri_.p1, tri_.p2};
        for (const glm::vec3& c : corners)
            segment(ray_.origin, c, ConstructionRole::Edge);
        const auto signs = vec("signs");
        if (!signs) return;
        // s0 belongs to the edge p1 p2 (opposite p0): the face O p1 p2.
        for (int i = 0; i < 3; ++i) {
            const float s = (*signs)[i];
            // The piece of the plane O p_j p_k next to the edge: its apex on the way from the
            // edge's middle to O, so that the picture stays near the triangle.
            const glm::vec3 pj = corners[(i + 1) % 3], pk = corners[(i + 2) % 3];
            const glm::vec3 middle = 0.5f * (pj + pk);
            const float to_origin = glm::length(ray_.origin - middle);
            const float share =
                to_origin > 0.0f ? std::min(1.0f, 1.5f * c_.size / to_origin) : 1.0f;
            const std::array<glm::vec3, 3> face = {middle + share * (ray_.origin - middle), pj, pk};
            c_.fills.push_back(
                {face,
                 "s" + std::to_string(i) + " = " + number(s) + " (edge p" +
                     std::to_string((i + 1) % 3) + " p" + std::to_string((i + 2) % 3) + ")",
                 "signs", s, s <= 0.0f ? ConstructionRole::Inside : ConstructionRole::Outside});
        }
        c_.notes.push_back(
            "Each face O p_j p_k is a plane through the ray's origin: the ray "
            "passes inside when it is on one side of all three (exact signs).");
    }

    void plane_patch() {
        const glm::vec3 centroid = (tri_.p0 + tri_.p1 + tri_.p2) / 3.0f;
        auto out = [&](glm::vec3 p) { return centroid + 2.2f * (p - centroid); };
        c_.fills.push_back({{out(tri_.p0), out(tri_.p1), out(tri_.p2)},
                            "the triangle's plane",
                            {},
                            0.0f,
                            ConstructionRole::Plane});
    }

    void sphere(const picking::Sphere& sphere, const std::optional<picking::ShapeLocalHit>& hit) {
        c_.title = "Sphere (seed 002): the ray's two roots where |O + t D - C| = R";
        c_.size = std::max(sphere.radius, 1e-6f);
        const float a = glm::dot(ray_.direction, ray_.direction);
        const float h = glm::dot(ray_.origin - sphere.center, ray_.direction);
        const float t_closest = a > 0.0f ? -h / a : 0.0f;
        const glm::vec3 closest = ray_.at(t_closest);
        segment(ray_.origin, ray_.at(std::max(t_closest, 0.0f) + 1.5f * c_.size / std::sqrt(a)),
                ConstructionRole::Ray, "the ray");
        helper_arrow(sphere.center, closest, ConstructionRole::Product,
                     "closest approach at t = -h / a = " + number(t_closest));
        const float miss = glm::length(closest - sphere.center);
        c_.notes.push_back("h = (O - C) · D = " + number(h) + ": the ray passes " + number(miss) +
                           " from the centre; R = " + number(sphere.radius) +
                           (miss <= sphere.radius ? ", so it meets the sphere twice."
                                                  : ", so it misses (no real root)."));
        if (!hit) return;
        const picking::SphereHit& s = hit->sphere;
        helper_arrow(ray_.origin, ray_.at(s.t_near), ConstructionRole::Step,
                     "t_near = " + number(s.t_near));
        helper_arrow(ray_.at(s.t_near), ray_.at(s.t_far), ConstructionRole::Step,
                     "t_far = " + number(s.t_far));
        helper_arrow(sphere.center, ray_.at(s.t), ConstructionRole::Edge, "R");
        c_.notes.push_back(std::string("Form: ") + std::string(hit->test) + "; discriminant " +
                           number(s.discriminant) + "; the hit is the nearer root in range" +
                           (s.from_inside ? " (the far one: the origin is inside)." : "."));
    }

    void plane(const picking::Plane& plane, const std::optional<picking::ShapeLocalHit>& hit) {
        c_.title = "Plane (seed 002): N · X + D = 0, t = (P' - O) · N / (D · N)";
        const float n = glm::length(plane.normal);
        const float to_origin = glm::length(ray_.origin - plane.point);
        c_.size = std::max(0.25f * to_origin, 1e-6f);
        const float scale = n > 0.0f ? c_.size / n : 1.0f;
        c_.arrows.push_back({plane.point,
                             plane.point + plane.normal * scale,
                             "N (drawn x" + number(scale) + ")",
                             {},
                             scale,
                             ConstructionRole::Product,
                             true});
        const float d = -glm::dot(plane.normal, plane.point);
        c_.notes.push_back("D = -N · P' = " + number(d) +
                           "; D · N = " + number(glm::dot(ray_.direction, plane.normal)) +
                           " (negative: the ray meets the front).");
        if (!hit) {
            c_.notes.push_back("No hit: the ray is parallel or t is out of range.");
            return;
        }
        helper_arrow(ray_.origin, ray_.at(hit->t), ConstructionRole::Ray,
                     "t D (t = " + number(hit->t) + ")");
        helper_arrow(plane.point, ray_.at(hit->t), ConstructionRole::Edge, "P' to the hit");
    }

    void rect(const picking::Rect& rect, const std::optional<picking::ShapeLocalHit>& hit) {
        c_.title = "Rectangle (seed 002): the plane hit, then min < p < max of its corners' box";
        const glm::vec3 corners[4] = {rect.corner, rect.corner + rect.edge_u,
                                      rect.corner + rect.edge_u + rect.edge_v,
                                      rect.corner + rect.edge_v};
        c_.size = std::max(0.5f * (glm::length(rect.edge_u) + glm::length(rect.edge_v)), 1e-6f);
        for (int i = 0; i < 4; ++i)
            segment(corners[i], corners[(i + 1) % 4], ConstructionRole::Edge,
                    i == 0 ? "U" : (i == 3 ? "V" : ""));
        glm::vec3 lo = corners[0], hi = corners[0];
        for (const glm::vec3& c : corners) {
            lo = glm::min(lo, c);
            hi = glm::max(hi, c);
        }
        box_edges(lo, hi, ConstructionRole::Product, "min/max box");
        int flat = 0;
        for (int k = 0; k < 3; ++k)
            flat += lo[k] == hi[k];
        c_.notes.push_back("min = (" + number(lo.x) + ", " + number(lo.y) + ", " + number(lo.z) +
                           "), max = (" + number(hi.x) + ", " + number(hi.y) + ", " + number(hi.z) +
                           ").");
        if (flat > 0)
            c_.notes.push_back("On " + std::to_string(flat) +
                               " axis min = max: the seed's strict min < p < max can never "
                               "hold there, so its test never hits this rectangle. The "
                               "corrected tests skip that axis (or test along U and V).");
        if (hit)
            helper_arrow(ray_.origin, ray_.at(hit->t), ConstructionRole::Ray,
                         "t D (t = " + number(hit->t) + ", s = " + number(hit->rect.s) +
                             ", r = " + number(hit->rect.r) + ")");
    }

    void box(const picking::Aabb& box, const std::optional<picking::ShapeLocalHit>& hit) {
        c_.title = "Box (seed 002): three slabs; inside where all three overlap, t_enter to t_exit";
        c_.size = std::max(glm::length(box.max - box.min) * 0.5f, 1e-6f);
        box_edges(box.min, box.max, ConstructionRole::Edge, "");
        const char* axis = "xyz";
        float t_enter = -INFINITY, t_exit = INFINITY;
        for (int k = 0; k < 3; ++k) {
            const float t0 = (box.min[k] - ray_.origin[k]) / ray_.direction[k];
            const float t1 = (box.max[k] - ray_.origin[k]) / ray_.direction[k];
            const float lo = std::min(t0, t1), hi = std::max(t0, t1);
            t_enter = std::max(t_enter, lo);
            t_exit = std::min(t_exit, hi);
            if (!std::isfinite(lo) || !std::isfinite(hi)) {
                c_.notes.push_back(std::string("Slab ") + axis[k] + ": D" + axis[k] +
                                   " = 0, its planes are met at t = " + number(t0) + " and " +
                                   number(t1) + " (min/max absorb an infinity; 0 x inf is NaN).");
                continue;
            }
            segment(
                ray_.at(lo), ray_.at(hi), ConstructionRole::Product,
                std::string("slab ") + axis[k] + " (t " + number(lo) + " to " + number(hi) + ")");
        }
        if (hit) {
            helper_arrow(ray_.origin, ray_.at(hit->box.t_enter), ConstructionRole::Ray,
                         "t_enter = " + number(hit->box.t_enter));
            segment(ray_.at(hit->box.t_enter), ray_.at(hit->box.t_exit), ConstructionRole::Inside,
                    "inside: t_enter to t_exit = " + number(hit->box.t_exit));
        } else {
            c_.notes.push_back("No overlap of the three slabs: t_enter = " + number(t_enter) +
                               " > t_exit = " + number(t_exit) + ", or t_exit < 0.");
        }
        c_.notes.push_back(
            "Seed 002 accepts t_exit + 0.0001 > t_enter: an absolute epsilon "
            "(Tools > Slab lab shows its cases).");
    }

    void box_edges(glm::vec3 lo, glm::vec3 hi, ConstructionRole role, const std::string& label) {
        for (int a = 0; a < 3; ++a)
            for (int i = 0; i < 2; ++i)
                for (int j = 0; j < 2; ++j) {
                    glm::vec3 from = lo, to = lo;
                    const int b = (a + 1) % 3, c = (a + 2) % 3;
                    from[b] = to[b] = i ? hi[b] : lo[b];
                    from[c] = to[c] = j ? hi[c] : lo[c];
                    to[a] = hi[a];
                    if (from == to) continue;
                    segment(from, to, role, a == 0 && i == 0 && j == 0 ? label : "");
                }
    }

    Construction take() { return std::move(c_); }

  private:
    const picking::Ray& ray_;
    const picking::Triangle& tri_;
    const picking::RayTriangleExplanation& why_;
    Construction c_;
};

}  // namespace

Construction build_shape_construction(const picking::AnalyticShape& shape, const picking::Ray& ray,
                                      const std::optional<picking::ShapeLocalHit>& hit) {
    static const picking::Triangle kNoTriangle{};
    static const picking::RayTriangleExplanation kNoTrace{};
    Builder b(picking::RayTriangleMethod::Reference, ray, kNoTriangle, kNoTrace);
    switch (shape.kind) {
        case picking::ShapeKind::Sphere:
            b.sphere(shape.sphere, hit);
            break;
        case picking::ShapeKind::Plane:
            b.plane(shape.plane, hit);
            break;
        case picking::ShapeKind::Rect:
            b.rect(shape.rect, hit);
            break;
        case picking::ShapeKind::Box:
            b.box(shape.box, hit);
            break;
    }
    Construction c = b.take();
    c.shape = shape.kind;
    return c;
}

Construction build_construction(RayTriangleMethod method, const picking::Ray& ray,
                                const picking::Triangle& tri,
                                const picking::RayTriangleExplanation& why) {
    Builder b(method, ray, tri, why);
    switch (method) {
        case RayTriangleMethod::DxPick:
        case RayTriangleMethod::UnityPick:
            b.moller_trumbore(tri.p0, "T", "P", "Q", "u", "v");
            break;
        case RayTriangleMethod::MollerTrumbore:
            // The seed's corners A, B, C are p0, p1, p2, and its V0 is C.
            b.moller_trumbore(tri.p2, "S = T", "S1 = P", "S2 = Q", "alpha = u", "beta = v");
            break;
        case RayTriangleMethod::XnaPlane:
            b.xna_plane();
            break;
        case RayTriangleMethod::Barycentric:
            b.barycentric();
            break;
        case RayTriangleMethod::BarycentricCross:
            b.barycentric_cross();
            break;
        case RayTriangleMethod::Crossing2d:
            b.crossing_2d();
            break;
        case RayTriangleMethod::Watertight:
            b.watertight();
            break;
        case RayTriangleMethod::BaldwinWeber:
            b.baldwin_weber();
            break;
        case RayTriangleMethod::Reference:
            b.reference();
            break;
    }
    return b.take();
}

}  // namespace app
