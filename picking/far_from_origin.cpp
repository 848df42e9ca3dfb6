#include "picking/far_from_origin.h"

#include <algorithm>
#include <cmath>
#include <random>

#include <glm/geometric.hpp>

namespace picking {

namespace {

struct Aim {
    std::size_t triangle;
    double u, v;
    glm::dvec3 origin, direction;  ///< t = 1 reaches the aimed point
};

double median(std::vector<double>& values) {
    if (values.empty()) return 0.0;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(values.size() / 2),
                     values.end());
    return values[values.size() / 2];
}

/// Möller–Trumbore in double, for the "double" row.
std::optional<RayHit> moller_trumbore_double(glm::dvec3 o, glm::dvec3 d, const TriangleD& tri) {
    const glm::dvec3 e1 = tri.p1 - tri.p0, e2 = tri.p2 - tri.p0;
    const glm::dvec3 p = glm::cross(d, e2);
    const double det = glm::dot(e1, p);
    if (det == 0.0) return std::nullopt;
    const glm::dvec3 s = o - tri.p0;
    const double u = glm::dot(s, p) / det;
    const glm::dvec3 q = glm::cross(s, e1);
    const double v = glm::dot(d, q) / det;
    const double t = glm::dot(e2, q) / det;
    if (!(u >= 0.0 && v >= 0.0 && u + v <= 1.0 && t >= 0.0)) return std::nullopt;
    return RayHit{float(t), float(u), float(v)};
}

struct Grader {
    FarFromOriginRow row;
    std::vector<double> t_errors, uv_errors;

    void add(const std::optional<RayHit>& hit, const Aim& aim) {
        ++row.rays;
        if (!hit) {
            ++row.misses;
            return;
        }
        t_errors.push_back(std::abs(double(hit->t) - 1.0));
        uv_errors.push_back(
            std::max(std::abs(double(hit->u) - aim.u), std::abs(double(hit->v) - aim.v)));
    }
    FarFromOriginRow finish() {
        if (!t_errors.empty()) {
            row.t_error_max = *std::max_element(t_errors.begin(), t_errors.end());
            row.uv_error_max = *std::max_element(uv_errors.begin(), uv_errors.end());
            row.t_error_median = median(t_errors);
            row.uv_error_median = median(uv_errors);
        }
        return row;
    }
};

glm::vec3 to_float(glm::dvec3 p) {
    return glm::vec3(p);
}

}  // namespace

FarFromOriginStudy far_from_origin_study(const std::vector<TriangleD>& triangles, double distance,
                                         const RayTriangleOptions& options,
                                         const FarFromOriginOptions& study) {
    FarFromOriginStudy result;
    result.distance = distance;
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
    if (usable.empty()) return result;
    const double radius = 0.5 * glm::length(hi - lo) + 1e-6;
    const glm::dvec3 offset = distance * glm::normalize(study.direction);

    // == Aim: a point well inside a triangle, seen from a front-facing direction
    std::mt19937 rng(study.seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::vector<Aim> aims;
    for (int r = 0; r < study.rays; ++r) {
        const std::size_t k =
            usable[std::size_t(unit(rng) * double(usable.size())) % usable.size()];
        const TriangleD& t = triangles[k];
        double u = 0.05 + 0.9 * unit(rng), v = 0.05 + 0.9 * unit(rng);
        if (u + v > 0.95) u = 1.0 - u, v = 1.0 - v;
        u = std::clamp(u, 0.05, 0.9), v = std::clamp(v, 0.05, 0.95 - u);
        const glm::dvec3 target = (1.0 - u - v) * t.p0 + u * t.p1 + v * t.p2;
        const glm::dvec3 n = glm::normalize(glm::cross(t.p1 - t.p0, t.p2 - t.p0));
        glm::dvec3 d = glm::normalize(glm::dvec3(normal(rng), normal(rng), normal(rng)));
        if (glm::dot(d, n) > 0.0) d = -d;                      // meet the front face
        if (glm::dot(d, n) > -0.2) d = glm::normalize(d - n);  // not grazing
        const glm::dvec3 origin = target - 2.0 * radius * d;
        aims.push_back({k, u, v, origin, target - origin});
    }

    // == Every algorithm on the moved, float-rounded model and rays
    for (const RayTriangleAlgorithm& algorithm : kRayTriangleAlgorithms) {
        Grader grader;
        grader.row.name = std::string(algorithm.name);
        for (const Aim& aim : aims) {
            const TriangleD& t = triangles[aim.triangle];
            const Triangle moved{to_float(t.p0 + offset), to_float(t.p1 + offset),
                                 to_float(t.p2 + offset)};
            const Ray ray{to_float(aim.origin + offset), to_float(aim.direction)};
            grader.add(algorithm.intersect(ray, moved, options), aim);
        }
        result.rows.push_back(grader.finish());
    }
    // == The remedies: all in double; or the ray moved into the mesh's small local
    // coordinates in double (what bone-space picking does) and tested in float there, from a
    // float world ray (this app: its origin is rounded at the offset) or a double one.
    Grader in_double, bone_space, bone_space_double;
    in_double.row.name = "double (all in double)";
    bone_space.row.name = "bone space, float world ray";
    bone_space_double.row.name = "bone space, double world ray";
    for (const Aim& aim : aims) {
        const TriangleD& t = triangles[aim.triangle];
        in_double.add(moller_trumbore_double(aim.origin + offset, aim.direction,
                                             {t.p0 + offset, t.p1 + offset, t.p2 + offset}),
                      aim);
        const Triangle local_triangle{to_float(t.p0), to_float(t.p1), to_float(t.p2)};
        const glm::vec3 world_origin = to_float(aim.origin + offset);
        const Ray local{to_float(glm::dvec3(world_origin) - offset), to_float(aim.direction)};
        bone_space.add(intersect_watertight(local, local_triangle, options), aim);
        const Ray exact_local{to_float((aim.origin + offset) - offset), to_float(aim.direction)};
        bone_space_double.add(intersect_watertight(exact_local, local_triangle, options), aim);
    }
    result.rows.push_back(in_double.finish());
    result.rows.push_back(bone_space.finish());
    result.rows.push_back(bone_space_double.finish());
    return result;
}

}  // namespace picking
