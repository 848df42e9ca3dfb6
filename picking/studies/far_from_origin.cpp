#include "picking/studies/far_from_origin.h"

#include <algorithm>
#include <cmath>
#include <random>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include "picking/core/draw_vec3.h"
#include "picking/scene/bone_space.h"

namespace picking {

namespace {

double median(std::vector<double>& values) {
    if (values.empty()) return 0.0;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(values.size() / 2),
                     values.end());
    return values[values.size() / 2];
}

/// Collects one FarErrors: misses, and |t − t'|, |u − u'|, |v − v'| for each graded hit.
struct Grader {
    FarErrors errors;
    std::vector<double> t, u, v;

    void miss() {
        ++errors.rays;
        ++errors.misses;
    }
    void hit() { ++errors.rays; }
    void compare(const RayHit& got, double t_want, double u_want, double v_want) {
        ++errors.compared;
        t.push_back(std::abs(double(got.t) - t_want));
        u.push_back(std::abs(double(got.u) - u_want));
        v.push_back(std::abs(double(got.v) - v_want));
    }
    FarErrors finish() {
        auto max_of = [](const std::vector<double>& x) {
            return x.empty() ? 0.0 : *std::max_element(x.begin(), x.end());
        };
        errors.t_max = max_of(t);
        errors.u_max = max_of(u);
        errors.v_max = max_of(v);
        errors.t_median = median(t);
        errors.u_median = median(u);
        errors.v_median = median(v);
        return errors;
    }
};

glm::vec3 to_float(glm::dvec3 p) {
    return glm::vec3(p);
}

/// The ray and the triangle as `input` hands them to the float test.
struct TestCase {
    Ray ray;
    Triangle triangle;
};

TestCase make_case(FarInput input, const TriangleD& t, const FarAim& aim, glm::dvec3 offset) {
    const glm::vec3 direction = to_float(aim.direction);
    switch (input) {
        case FarInput::Float:
            return {Ray{to_float(aim.origin + offset), direction},
                    {to_float(t.p0 + offset), to_float(t.p1 + offset), to_float(t.p2 + offset)}};
        case FarInput::BoneSpace: {
            // The world ray is float (rounded at the offset); a pick moves it back into the
            // mesh's space in double (to_bone_space). Written as the pick does it: an inline
            // double(float(x)) here was vectorised away by GCC 12's SLP pass at -O2.
            const Ray world{to_float(aim.origin + offset), direction};
            return {to_bone_space(world, glm::translate(glm::dmat4(1.0), -offset)),
                    {to_float(t.p0), to_float(t.p1), to_float(t.p2)}};
        }
        case FarInput::Double:
            return {Ray{to_float((aim.origin + offset) - offset), direction},
                    {to_float((t.p0 + offset) - offset), to_float((t.p1 + offset) - offset),
                     to_float((t.p2 + offset) - offset)}};
    }
    return {};
}

}  // namespace

std::string_view far_input_name(FarInput input) {
    switch (input) {
        case FarInput::Float:
            return "float";
        case FarInput::BoneSpace:
            return "bone_space";
        case FarInput::Double:
            return "double";
    }
    return "";
}

FarFromOriginStudy grade_far_from_origin(const std::vector<TriangleD>& triangles,
                                         const std::vector<FarAim>& aims, glm::dvec3 offset,
                                         const RayTriangleOptions& options) {
    FarFromOriginStudy result;
    result.offset = offset;
    result.distance = glm::length(offset);
    if (aims.empty()) return result;
    const RayTriangleAlgorithm& reference = ray_triangle_algorithm(RayTriangleMethod::Reference);
    // The reference's answer per input and aim, shared by every row.
    std::array<std::vector<TestCase>, kFarInputs.size()> cases;
    std::array<std::vector<std::optional<RayHit>>, kFarInputs.size()> truths;
    for (FarInput input : kFarInputs)
        for (const FarAim& aim : aims) {
            const TestCase c = make_case(input, triangles[aim.triangle], aim, offset);
            cases[std::size_t(input)].push_back(c);
            truths[std::size_t(input)].push_back(reference.intersect(c.ray, c.triangle, options));
        }

    for (const RayTriangleAlgorithm& algorithm : kRayTriangleAlgorithms) {
        FarFromOriginRow row;
        row.method = algorithm.method;
        row.name = std::string(algorithm.name);
        for (FarInput input : kFarInputs) {
            Grader vs_reference, vs_aim;
            int disagreements = 0;
            for (std::size_t k = 0; k < aims.size(); ++k) {
                const TestCase& c = cases[std::size_t(input)][k];
                const std::optional<RayHit>& truth = truths[std::size_t(input)][k];
                const std::optional<RayHit> hit = algorithm.intersect(c.ray, c.triangle, options);
                disagreements += hit.has_value() != truth.has_value();
                if (!hit) {
                    vs_reference.miss();
                    vs_aim.miss();
                    continue;
                }
                vs_reference.hit();
                vs_aim.hit();
                if (truth)
                    vs_reference.compare(*hit, double(truth->t), double(truth->u),
                                         double(truth->v));
                vs_aim.compare(*hit, 1.0, double(aims[k].u), double(aims[k].v));
            }
            FarGrades& grades = row.inputs[std::size_t(input)];
            grades.vs_reference = vs_reference.finish();
            grades.vs_aim = vs_aim.finish();
            grades.disagreements = disagreements;
        }
        result.rows.push_back(std::move(row));
    }
    return result;
}

FarFromOriginStudy far_from_origin_study(const std::vector<TriangleD>& triangles, double distance,
                                         const RayTriangleOptions& options,
                                         const FarFromOriginOptions& study) {
    std::vector<std::size_t> usable;
    glm::dvec3 lo(1e300), hi(-1e300);
    for (std::size_t i = 0; i < triangles.size(); ++i) {
        const TriangleD& t = triangles[i];
        const double area = glm::length(glm::cross(t.p1 - t.p0, t.p2 - t.p0));
        if (!(area > 0.0) || !std::isfinite(area)) continue;
        usable.push_back(i);
        lo = glm::min(lo, glm::min(t.p0, glm::min(t.p1, t.p2)));
        hi = glm::max(hi, glm::max(t.p0, glm::max(t.p1, t.p2)));
    }
    const glm::dvec3 offset = distance * glm::normalize(study.direction);
    if (usable.empty()) {
        FarFromOriginStudy empty;
        empty.distance = distance;
        empty.offset = offset;
        return empty;
    }
    const double radius = 0.5 * glm::length(hi - lo) + 1e-6;

    // == Aim: a point well inside a triangle, seen from a front-facing direction
    std::mt19937 rng(study.seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::vector<FarAim> aims;
    for (int r = 0; r < study.rays; ++r) {
        const std::size_t k =
            usable[std::size_t(unit(rng) * double(usable.size())) % usable.size()];
        const TriangleD& t = triangles[k];
        double u = 0.05 + 0.9 * unit(rng), v = 0.05 + 0.9 * unit(rng);
        if (u + v > 0.95) u = 1.0 - u, v = 1.0 - v;
        u = std::clamp(u, 0.05, 0.9), v = std::clamp(v, 0.05, 0.95 - u);
        const glm::dvec3 target = (1.0 - u - v) * t.p0 + u * t.p1 + v * t.p2;
        const glm::dvec3 n = glm::normalize(glm::cross(t.p1 - t.p0, t.p2 - t.p0));
        glm::dvec3 d = glm::normalize(draw_vec3<glm::dvec3>(normal, rng));
        if (glm::dot(d, n) > 0.0) d = -d;                      // meet the front face
        if (glm::dot(d, n) > -0.2) d = glm::normalize(d - n);  // not grazing
        const glm::dvec3 origin = target - 2.0 * radius * d;
        aims.push_back({k, u, v, origin, target - origin});
    }
    FarFromOriginStudy result = grade_far_from_origin(triangles, aims, offset, options);
    result.distance = distance;
    return result;
}

}  // namespace picking
