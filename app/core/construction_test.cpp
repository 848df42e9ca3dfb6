#include "app/core/construction.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include "picking/primitives/ray_rect.h"
#include "picking/testing/seeded_draws.h"

namespace app {
namespace {

using picking::RayTriangleMethod;

struct Case {
    picking::Ray ray;
    picking::Triangle tri;
};

/// A triangle in [-1, 1]³ and a ray from 3 to 6 units away aimed at a point of its plane with
/// weights in [-0.3, 1.3]: about half the rays hit.
Case draw_case(std::mt19937& rng) {
    Case c;
    auto corner = [&] {
        const float x = picking::testing::between(rng, -1.0f, 1.0f);
        const float y = picking::testing::between(rng, -1.0f, 1.0f);
        const float z = picking::testing::between(rng, -1.0f, 1.0f);
        return glm::vec3(x, y, z);
    };
    c.tri.p0 = corner();
    c.tri.p1 = corner();
    c.tri.p2 = corner();
    const float u = picking::testing::between(rng, -0.3f, 1.3f);
    const float v = picking::testing::between(rng, -0.3f, 1.3f - u);
    const glm::vec3 aim = c.tri.point(u, v);
    const glm::vec3 from = corner();
    const float distance = picking::testing::between(rng, 3.0f, 6.0f);
    const glm::vec3 away = glm::length(from) > 0.0f ? glm::normalize(from) : glm::vec3(0, 0, 1);
    c.ray.origin = aim + distance * away;
    c.ray.direction = glm::normalize(aim - c.ray.origin);
    return c;
}

struct Built {
    Case input;
    picking::RayTriangleExplanation why;
    Construction construction;
};

/// `count` seeded cases of one algorithm, each explained and constructed.
std::vector<Built> build_cases(RayTriangleMethod method, unsigned seed, int count) {
    std::mt19937 rng(seed);
    const picking::RayTriangleAlgorithm& algorithm = picking::ray_triangle_algorithm(method);
    std::vector<Built> out;
    for (int i = 0; i < count; ++i) {
        Built b;
        b.input = draw_case(rng);
        b.why = algorithm.explain(b.input.ray, b.input.tri, {});
        b.construction = build_construction(method, b.input.ray, b.input.tri, b.why);
        out.push_back(std::move(b));
    }
    return out;
}

float tolerance(glm::vec3 at, float size) {
    return 1e-4f * (std::abs(at.x) + std::abs(at.y) + std::abs(at.z) + size + 1.0f);
}

/// What every construction owes the trace: each arrow that draws a vector step is that step's
/// value (times the scale its label states), each weighted area is its step's value.
void expect_drawn_numbers_are_the_traces(const Built& b) {
    const Construction& c = b.construction;
    EXPECT_FALSE(c.title.empty());
    EXPECT_FALSE(c.arrows.empty());
    for (const ConstructionArrow& a : c.arrows) {
        if (a.step.empty()) continue;
        const auto step = explain_step(b.why, a.step);
        ASSERT_TRUE(step) << a.label << ": no step " << a.step;
        if (!step->is_vector) continue;
        const glm::vec3 drawn = a.to - a.from;
        const glm::vec3 expected = step->value * a.scale;
        for (int k = 0; k < 3; ++k)
            EXPECT_NEAR(drawn[k], expected[k], tolerance(a.from, c.size)) << a.label;
        if (a.scale != 1.0f) {
            EXPECT_NE(a.label.find("drawn x"), std::string::npos) << a.label;
        }
    }
    for (const ConstructionFill& f : c.fills) {
        if (f.step.empty() || f.step == "signs") continue;
        const auto step = explain_step(b.why, f.step);
        ASSERT_TRUE(step) << f.label;
        EXPECT_EQ(f.share, step->value.x) << f.label;
        EXPECT_EQ(f.role, f.share >= 0.0f ? ConstructionRole::Inside : ConstructionRole::Outside);
    }
}

const ConstructionArrow* arrow_of(const Construction& c, std::string_view step) {
    for (const ConstructionArrow& a : c.arrows)
        if (a.step == step) return &a;
    return nullptr;
}

/// The Möller–Trumbore forms: E1 runs from V0 to V1, the steps u E1 then v E2 end at the hit
/// O + t D, and the det box has the volume det × s.
void expect_moller_trumbore(RayTriangleMethod method, unsigned seed) {
    const bool seed002 = method == RayTriangleMethod::MollerTrumbore;
    const char* u_step = seed002 ? "alpha = u" : "u";
    const char* v_step = seed002 ? "beta = v" : "v";
    int hits = 0;
    for (const Built& b : build_cases(method, seed, 300)) {
        SCOPED_TRACE(b.construction.title);
        expect_drawn_numbers_are_the_traces(b);
        const Construction& c = b.construction;
        const picking::Triangle& tri = b.input.tri;
        const glm::vec3 v0 = seed002 ? tri.p2 : tri.p0, v1 = seed002 ? tri.p0 : tri.p1;
        const ConstructionArrow* e1 = arrow_of(c, "E1");
        ASSERT_TRUE(e1);
        const float tol = tolerance(v0, c.size);
        EXPECT_NEAR(glm::length(e1->from - v0), 0.0f, tol);
        EXPECT_NEAR(glm::length(e1->to - v1), 0.0f, tol);
        // The det box's three edges from V0 are E1, E2 and -D scaled: its volume is det × s.
        std::vector<glm::dvec3> from_v0;
        for (const ConstructionArrow& a : c.arrows)
            if (a.role == ConstructionRole::Product && !a.head && a.from == v0)
                from_v0.push_back(glm::dvec3(a.to) - glm::dvec3(a.from));
        const auto det = explain_step(b.why, "det");
        if (det && from_v0.size() == 3) {
            const double volume =
                glm::dot(glm::cross(from_v0[0], from_v0[1]), from_v0[2]);  // [E1 E2 -Ds]
            const double s = double(c.size) / glm::length(glm::dvec3(b.input.ray.direction));
            // dx flips det with T: its box is then the mirror image.
            EXPECT_NEAR(std::abs(volume), std::abs(double(det->value.x) * s),
                        1e-3 * (std::abs(volume) + 1e-6));
        }
        if (!b.why.hit) continue;
        ++hits;
        const ConstructionArrow* u = arrow_of(c, u_step);
        const ConstructionArrow* v = arrow_of(c, v_step);
        ASSERT_TRUE(u && v);
        EXPECT_EQ(u->from, v0);
        EXPECT_EQ(u->to, v->from);
        const glm::vec3 hit = b.input.ray.at(b.why.hit->t);
        EXPECT_NEAR(glm::length(v->to - hit), 0.0f, 4.0f * tol);
    }
    EXPECT_GT(hits, 40);
}

TEST(Construction, DxPickStepsAlongE1AndE2ReachTheHitAndDetIsTheBoxVolume_Seed31) {
    expect_moller_trumbore(RayTriangleMethod::DxPick, 31);
}
TEST(Construction, UnityPickStepsAlongE1AndE2ReachTheHitAndDetIsTheBoxVolume_Seed32) {
    expect_moller_trumbore(RayTriangleMethod::UnityPick, 32);
}
TEST(Construction, Seed002MollerTrumboreStepsFromCReachTheHitAndDetIsTheBoxVolume_Seed33) {
    expect_moller_trumbore(RayTriangleMethod::MollerTrumbore, 33);
}

TEST(Construction, XnaCrossVectorsAreColouredByTheirSignAgainstCross0_Seed34) {
    int verdicts = 0;
    for (const Built& b : build_cases(RayTriangleMethod::XnaPlane, 34, 300)) {
        expect_drawn_numbers_are_the_traces(b);
        const auto point = explain_step(b.why, "intersectionPoint");
        if (!point) continue;
        const picking::Triangle& t = b.input.tri;
        const glm::dvec3 p(point->value), corners[3] = {t.p0, t.p1, t.p2};
        glm::dvec3 cross[3];
        for (int i = 0; i < 3; ++i)
            cross[i] = glm::cross(p - corners[i], corners[(i + 1) % 3] - corners[i]);
        for (int i = 1; i < 3; ++i) {
            const ConstructionArrow* a = arrow_of(b.construction, i == 1 ? "cross1" : "cross2");
            // Only the comparisons the algorithm made have a verdict.
            if (!a || !explain_step(b.why, i == 1 ? "CompareSigns(cross0, cross1)"
                                                  : "CompareSigns(cross0, cross2)"))
                continue;
            const double d = glm::dot(cross[0], cross[i]);
            if (std::abs(d) < 1e-3 * glm::length(cross[0]) * glm::length(cross[i])) continue;
            EXPECT_EQ(a->role, d > 0.0 ? ConstructionRole::Inside : ConstructionRole::Outside);
            ++verdicts;
        }
        // The plane: its patch lies in the triangle's plane.
        ASSERT_FALSE(b.construction.fills.empty());
        EXPECT_EQ(b.construction.fills[0].role, ConstructionRole::Plane);
    }
    EXPECT_GT(verdicts, 200);
}

/// Projected double-precision weights of the plane hit, the oracle of both barycentric forms.
glm::dvec3 projected_weights(const Case& c) {
    const glm::dvec3 a(c.tri.p0), b(c.tri.p1), cc(c.tri.p2), o(c.ray.origin), d(c.ray.direction);
    const glm::dvec3 n = glm::cross(b - a, cc - a);
    const glm::dvec3 p = o + glm::dot(a - o, n) / glm::dot(d, n) * d;
    const double whole = glm::dot(glm::cross(b - a, cc - a), n);
    return {glm::dot(glm::cross(b - p, cc - p), n) / whole,
            glm::dot(glm::cross(cc - p, a - p), n) / whole,
            glm::dot(glm::cross(a - p, b - p), n) / whole};
}

TEST(Construction, BarycentricSubTrianglesAreShadedByTheirAreas_Seed35) {
    int checked = 0;
    for (const Built& b : build_cases(RayTriangleMethod::Barycentric, 35, 300)) {
        expect_drawn_numbers_are_the_traces(b);
        const Construction& c = b.construction;
        if (!explain_step(b.why, "gamma")) continue;
        ASSERT_EQ(c.fills.size(), 4u);  // the plane, then alpha, beta, gamma
        const glm::dvec3 w = projected_weights(b.input);
        double sum = 0.0;
        for (int i = 0; i < 3; ++i) {
            const ConstructionFill& f = c.fills[std::size_t(i) + 1];
            EXPECT_NEAR(double(f.share), w[i], 1e-3 * (1.0 + std::abs(w[i]))) << f.label;
            sum += double(f.share);
            // Opposite its own corner: the sub-triangle holds the two other corners.
            const glm::vec3 corners[3] = {b.input.tri.p0, b.input.tri.p1, b.input.tri.p2};
            EXPECT_EQ(f.corners[1], corners[(i + 1) % 3]);
            EXPECT_EQ(f.corners[2], corners[(i + 2) % 3]);
        }
        EXPECT_NEAR(sum, 1.0, 1e-5);
        ASSERT_TRUE(c.inset && c.inset->point);
        EXPECT_EQ(c.inset->areas.size(), 3u);
        ++checked;
    }
    EXPECT_GT(checked, 250);
}

TEST(Construction, BarycentricCrossShadesUAndVAndDrawsABACAndPA_Seed36) {
    int checked = 0;
    for (const Built& b : build_cases(RayTriangleMethod::BarycentricCross, 36, 300)) {
        expect_drawn_numbers_are_the_traces(b);
        const Construction& c = b.construction;
        if (!explain_step(b.why, "v")) continue;
        const glm::dvec3 w = projected_weights(b.input);
        ASSERT_EQ(c.fills.size(), 3u);  // the plane, u, v
        EXPECT_NEAR(double(c.fills[1].share), w.y, 1e-3 * (1.0 + std::abs(w.y)));
        EXPECT_NEAR(double(c.fills[2].share), w.z, 1e-3 * (1.0 + std::abs(w.z)));
        int named = 0;
        for (const ConstructionArrow& a : c.arrows)
            named += a.label == "AB" || a.label == "AC" || a.label == "PA";
        EXPECT_EQ(named, 3);
        ++checked;
    }
    EXPECT_GT(checked, 250);
}

TEST(Construction, Crossing2dCountsAnOddNumberOfCrossingsOnPlusXExactlyWhenItHits_Seed37) {
    int hits = 0;
    for (const Built& b : build_cases(RayTriangleMethod::Crossing2d, 37, 300)) {
        expect_drawn_numbers_are_the_traces(b);
        const Construction& c = b.construction;
        if (!explain_step(b.why, "crossings")) continue;
        ASSERT_TRUE(c.inset);
        EXPECT_TRUE(c.inset->ray_along_x);
        int right = 0;
        for (const glm::vec2 m : c.inset->marks)
            right += m.x > 0.0f;
        EXPECT_EQ(right, int(explain_step(b.why, "crossings")->value.x));
        EXPECT_EQ(right % 2 == 1, b.why.hit.has_value());
        // The corners are drawn around P: P is the origin of the picture.
        const glm::vec3 a = explain_step(b.why, "A - P (2D)")->value;
        EXPECT_EQ(c.inset->corners[0], glm::vec2(a));
        hits += b.why.hit.has_value();
    }
    EXPECT_GT(hits, 40);
}

TEST(Construction, WatertightInsetIsTheShearedTriangleAndItsEdgeSignsGiveTheVerdict_Seed38) {
    int hits = 0, misses = 0;
    for (const Built& b : build_cases(RayTriangleMethod::Watertight, 38, 300)) {
        expect_drawn_numbers_are_the_traces(b);
        const Construction& c = b.construction;
        ASSERT_TRUE(c.inset);
        // The oracle: the corners relative to O, sheared in double.
        const glm::dvec3 d(b.input.ray.direction);
        const glm::dvec3 ad = glm::abs(d);
        const int kz = ad.x >= ad.y ? (ad.x >= ad.z ? 0 : 2) : (ad.y >= ad.z ? 1 : 2);
        int kx = kz == 2 ? 0 : kz + 1, ky = kx == 2 ? 0 : kx + 1;
        if (d[kz] < 0.0) std::swap(kx, ky);
        const glm::vec3 corners[3] = {b.input.tri.p0, b.input.tri.p1, b.input.tri.p2};
        for (int i = 0; i < 3; ++i) {
            const glm::dvec3 p = glm::dvec3(corners[i]) - glm::dvec3(b.input.ray.origin);
            const glm::dvec2 sheared(p[kx] - d[kx] / d[kz] * p[kz], p[ky] - d[ky] / d[kz] * p[kz]);
            EXPECT_NEAR(double(c.inset->corners[std::size_t(i)].x), sheared.x, 1e-4);
            EXPECT_NEAR(double(c.inset->corners[std::size_t(i)].y), sheared.y, 1e-4);
        }
        bool all_inside = true;
        for (const ConstructionRole r : c.inset->edge_roles)
            all_inside = all_inside && r == ConstructionRole::Inside;
        EXPECT_EQ(all_inside, b.why.hit.has_value());
        (b.why.hit ? hits : misses) += 1;
    }
    EXPECT_GT(hits, 40);
    EXPECT_GT(misses, 40);
}

TEST(Construction, BaldwinWeberPutsTheHitAtUVInTheTrianglesOwnFrame_Seed39) {
    int hits = 0;
    for (const Built& b : build_cases(RayTriangleMethod::BaldwinWeber, 39, 300)) {
        expect_drawn_numbers_are_the_traces(b);
        const Construction& c = b.construction;
        ASSERT_TRUE(c.inset);
        EXPECT_EQ(c.inset->corners[1], glm::vec2(1.0f, 0.0f));
        if (!b.why.hit) continue;
        ASSERT_TRUE(c.inset->point);
        EXPECT_EQ(*c.inset->point, glm::vec2(b.why.hit->u, b.why.hit->v));
        for (const ConstructionRole r : c.inset->edge_roles)
            EXPECT_EQ(r, ConstructionRole::Inside);
        ++hits;
    }
    EXPECT_GT(hits, 40);
}

TEST(Construction, ReferenceFacesThroughTheOriginCarryTheExactSigns_Seed40) {
    int checked = 0;
    for (const Built& b : build_cases(RayTriangleMethod::Reference, 40, 300)) {
        expect_drawn_numbers_are_the_traces(b);
        const Construction& c = b.construction;
        ASSERT_EQ(c.fills.size(), 3u);
        const glm::dvec3 o(b.input.ray.origin), d(b.input.ray.direction);
        const glm::dvec3 corners[3] = {b.input.tri.p0, b.input.tri.p1, b.input.tri.p2};
        for (int i = 0; i < 3; ++i) {
            const glm::dvec3 pj = corners[(i + 1) % 3] - o, pk = corners[(i + 2) % 3] - o;
            const double side = glm::dot(glm::cross(pj, pk), d);
            if (std::abs(side) < 1e-6 * glm::length(pj) * glm::length(pk)) continue;
            EXPECT_EQ(c.fills[std::size_t(i)].share, side > 0.0 ? 1.0f : -1.0f);
            // The face is a piece of the plane O p_j p_k: its apex lies between the edge's middle
            // and O.
            const ConstructionFill& f = c.fills[std::size_t(i)];
            EXPECT_EQ(glm::dvec3(f.corners[1]), corners[(i + 1) % 3]);
            EXPECT_EQ(glm::dvec3(f.corners[2]), corners[(i + 2) % 3]);
            const glm::dvec3 middle = 0.5 * (glm::dvec3(f.corners[1]) + glm::dvec3(f.corners[2]));
            const glm::dvec3 apex(f.corners[0]);
            const double along = glm::length(apex - middle) + glm::length(o - apex);
            EXPECT_NEAR(along, glm::length(o - middle), 1e-5 * glm::length(o - middle));
            ++checked;
        }
    }
    EXPECT_GT(checked, 800);
}

TEST(Construction, ProductsTooLongOrShortAreScaledToTheTrianglesSize) {
    EXPECT_EQ(construction_scale(1.0f, 1.0f), 1.0f);
    EXPECT_FLOAT_EQ(construction_scale(100.0f, 1.0f), 0.006f);
    EXPECT_FLOAT_EQ(construction_scale(0.001f, 1.0f), 600.0f);
    EXPECT_EQ(construction_scale(0.0f, 1.0f), 1.0f);
    EXPECT_EQ(construction_scale(std::nanf(""), 1.0f), 1.0f);
}

TEST(Construction, ADegenerateTriangleOrAMissStillGivesTheRayAndNoNaN) {
    picking::Ray ray;
    ray.origin = {0.0f, 0.0f, 5.0f};
    ray.direction = {0.0f, 0.0f, -1.0f};
    const picking::Triangle flat{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
    for (const auto& algorithm : picking::kRayTriangleAlgorithms) {
        const auto why = algorithm.explain(ray, flat, {});
        const Construction c = build_construction(algorithm.method, ray, flat, why);
        EXPECT_FALSE(c.arrows.empty()) << algorithm.name;
        for (const ConstructionArrow& a : c.arrows)
            for (int k = 0; k < 3; ++k) {
                EXPECT_TRUE(std::isfinite(a.from[k])) << algorithm.name << " " << a.label;
                EXPECT_TRUE(std::isfinite(a.to[k])) << algorithm.name << " " << a.label;
            }
    }
}

}  // namespace
}  // namespace app

namespace app {
namespace {

const ConstructionArrow* labelled(const Construction& c, std::string_view start) {
    for (const ConstructionArrow& a : c.arrows)
        if (a.label.rfind(start, 0) == 0) return &a;
    return nullptr;
}

TEST(ShapeConstruction, SphereRootsLieOnTheSphereAndTheClosestApproachIsPerpendicular_Seed41) {
    std::mt19937 rng(41);
    int hits = 0;
    for (int i = 0; i < 300; ++i) {
        picking::AnalyticShape shape;
        shape.kind = picking::ShapeKind::Sphere;
        const float cx = picking::testing::between(rng, -2.0f, 2.0f);
        const float cy = picking::testing::between(rng, -2.0f, 2.0f);
        shape.sphere = {{cx, cy, 0.0f}, picking::testing::between(rng, 0.2f, 1.5f)};
        picking::Ray ray;
        ray.origin = {picking::testing::between(rng, -3.0f, 3.0f), 0.5f, 8.0f};
        ray.direction =
            glm::normalize(shape.sphere.center - ray.origin +
                           glm::vec3(picking::testing::between(rng, -1.5f, 1.5f), 0.0f, 0.0f));
        const auto hit = picking::intersect_shape(ray, shape, {});
        const Construction c = build_shape_construction(shape, ray, hit);
        EXPECT_EQ(c.shape, picking::ShapeKind::Sphere);
        const ConstructionArrow* closest = labelled(c, "closest approach");
        ASSERT_TRUE(closest);
        EXPECT_NEAR(glm::dot(closest->to - shape.sphere.center, ray.direction), 0.0f, 1e-4f);
        if (!hit) {
            EXPECT_GT(glm::length(closest->to - closest->from), shape.sphere.radius * 0.999f);
            continue;
        }
        ++hits;
        for (const char* root : {"t_near", "t_far"}) {
            const ConstructionArrow* a = labelled(c, root);
            ASSERT_TRUE(a) << root;
            EXPECT_NEAR(glm::length(a->to - shape.sphere.center), shape.sphere.radius, 1e-4f)
                << root;
        }
    }
    EXPECT_GT(hits, 100);
}

TEST(ShapeConstruction, PlaneHitLiesOnThePlaneAndTheNormalIsDrawnAtItsPoint) {
    picking::AnalyticShape shape;
    shape.kind = picking::ShapeKind::Plane;
    shape.plane = {{0.0f, 1.0f, 0.0f}, {0.0f, 2.0f, 0.0f}};
    picking::Ray ray;
    ray.origin = {1.0f, 5.0f, 2.0f};
    ray.direction = glm::normalize(glm::vec3(0.3f, -1.0f, 0.2f));
    const auto hit = picking::intersect_shape(ray, shape, {});
    ASSERT_TRUE(hit);
    const Construction c = build_shape_construction(shape, ray, hit);
    const ConstructionArrow* n = labelled(c, "N");
    ASSERT_TRUE(n);
    EXPECT_EQ(n->from, shape.plane.point);
    EXPECT_NEAR(glm::length(glm::cross(n->to - n->from, shape.plane.normal)), 0.0f, 1e-5f);
    const ConstructionArrow* t = labelled(c, "t D");
    ASSERT_TRUE(t);
    EXPECT_NEAR(t->to.y, 1.0f, 1e-5f);
    bool says_d = false;
    for (const std::string& note : c.notes)
        says_d = says_d || note.rfind("D = -N · P' = -2", 0) == 0;
    EXPECT_TRUE(says_d);
}

TEST(ShapeConstruction, AnAxisAlignedRectanglesMinMaxBoxIsFlatAndTheSeedsTestNeverHitsIt) {
    picking::AnalyticShape shape;
    shape.kind = picking::ShapeKind::Rect;
    shape.rect = {{-1.0f, 0.5f, -1.0f}, {2.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 2.0f}};
    picking::Ray ray;
    ray.origin = {0.2f, 3.0f, 0.1f};
    ray.direction = {0.0f, -1.0f, 0.0f};
    const auto corrected = picking::intersect_shape(ray, shape, {});
    ASSERT_TRUE(corrected);
    EXPECT_FALSE(picking::intersect_rect_seed(ray, shape.rect));
    const Construction c = build_shape_construction(shape, ray, corrected);
    bool flat_note = false;
    for (const std::string& note : c.notes)
        flat_note = flat_note || note.find("never hits") != std::string::npos;
    EXPECT_TRUE(flat_note);
    // The box's edges span exactly the corners' min and max.
    glm::vec3 lo(INFINITY), hi(-INFINITY);
    for (const ConstructionArrow& a : c.arrows)
        if (a.role == ConstructionRole::Product) {
            lo = glm::min(lo, glm::min(a.from, a.to));
            hi = glm::max(hi, glm::max(a.from, a.to));
        }
    EXPECT_EQ(lo, glm::vec3(-1.0f, 0.5f, -1.0f));
    EXPECT_EQ(hi, glm::vec3(1.0f, 0.5f, 1.0f));
}

TEST(ShapeConstruction, EachSlabsEndsLieOnTheBoxsPlanesAndInsideIsTEnterToTExit_Seed42) {
    std::mt19937 rng(42);
    int hits = 0;
    for (int i = 0; i < 200; ++i) {
        picking::AnalyticShape shape;
        shape.kind = picking::ShapeKind::Box;
        shape.box.min = {-1.0f, -0.5f, -0.75f};
        shape.box.max = {1.0f, 0.5f, 0.75f};
        picking::Ray ray;
        const float ox = picking::testing::between(rng, -4.0f, 4.0f);
        const float oy = picking::testing::between(rng, -4.0f, 4.0f);
        ray.origin = {ox, oy, 5.0f};
        const float tx = picking::testing::between(rng, -1.5f, 1.5f);
        const float ty = picking::testing::between(rng, -1.0f, 1.0f);
        ray.direction = glm::normalize(glm::vec3(tx, ty, 0.0f) - ray.origin);
        const auto hit = picking::intersect_shape(ray, shape, {});
        const Construction c = build_shape_construction(shape, ray, hit);
        int slabs = 0;
        for (const ConstructionArrow& a : c.arrows) {
            if (a.label.rfind("slab ", 0) != 0) continue;
            const int k = a.label[5] - 'x';
            ASSERT_TRUE(k >= 0 && k < 3) << a.label;
            for (const glm::vec3 p : {a.from, a.to}) {
                const float on =
                    std::min(std::abs(p[k] - shape.box.min[k]), std::abs(p[k] - shape.box.max[k]));
                EXPECT_LT(on, 1e-4f) << a.label;
            }
            ++slabs;
        }
        EXPECT_EQ(slabs, 3);
        if (!hit) continue;
        ++hits;
        const ConstructionArrow* inside = labelled(c, "inside");
        ASSERT_TRUE(inside);
        EXPECT_EQ(inside->from, ray.at(hit->box.t_enter));
        EXPECT_EQ(inside->to, ray.at(hit->box.t_exit));
    }
    EXPECT_GT(hits, 40);
}

}  // namespace
}  // namespace app
