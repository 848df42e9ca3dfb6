// Sphere forms side by side: the four forms of seed 002's ray–sphere quadratic graded against
// the exact roots, at one setting and over a sweep of distances.

#include "picking/studies/sphere_form_study.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

namespace picking {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// The exact discriminant in a form's own scaling (Δ = h² − ac).
double exact_discriminant(SphereForm form, const ExactSphereRoots& exact) {
    switch (form) {
        case SphereForm::Quadratic:
            return (DoubleDouble(4.0) * exact.discriminant).value();
        case SphereForm::HalfB:
        case SphereForm::UnitDirection:
            return exact.discriminant.value();
        case SphereForm::Precise:
            break;
    }
    return (exact.discriminant / exact.a).value();  // r² − |f⊥|² = Δ / a
}

/// The error of a float root against the exact one: relative, and in ULPs.
void grade(float t, const DoubleDouble& exact, double& relative, double& ulps) {
    const double difference = (DoubleDouble(double(t)) - exact).value();
    relative = difference / exact.value();
    ulps = std::abs(difference) / float_ulp(exact.value());
}

}  // namespace

Ray sphere_study_ray(double ratio, double offset) {
    const Sphere sphere = sphere_study_sphere();
    const glm::dvec3 centre(sphere.center);
    const double radius = double(sphere.radius);
    // On the z axis, so that the ray's position across its path stays exact at any distance
    // (a far coordinate rounds by a float's spacing there, 0.6 radii at 10^7 radii).
    const double distance = radius * ratio;
    const double across = std::hypot(centre.x, centre.y);
    Ray ray;
    ray.origin =
        glm::vec3(0.0f, 0.0f, float(centre.z + std::sqrt(distance * distance - across * across)));
    // Turned from the centre's direction by the angle whose sine is offset · radius / distance:
    // the line then passes exactly that far from the centre.
    const glm::dvec3 to_centre = centre - glm::dvec3(ray.origin);
    const double length = glm::length(to_centre);
    const glm::dvec3 side = glm::normalize(glm::cross(to_centre, glm::dvec3(0.0, 1.0, 0.0)));
    const double sine = std::min(offset * radius / length, 1.0);
    ray.direction = glm::vec3(std::sqrt(1.0 - sine * sine) * (to_centre / length) + sine * side);
    ray.t_min = -std::numeric_limits<float>::infinity();
    ray.t_max = std::numeric_limits<float>::infinity();
    return ray;
}

Sphere sphere_study_sphere() {
    return Sphere{glm::vec3(0.31f, -0.17f, 0.13f), 0.7f};
}

double float_ulp(double value) {
    const double magnitude = std::abs(value);
    if (!(magnitude >= double(std::numeric_limits<float>::min())))
        return double(std::numeric_limits<float>::denorm_min());
    int exponent = 0;
    std::frexp(magnitude, &exponent);  // magnitude = m · 2^exponent, m in [0.5, 1)
    return std::ldexp(1.0, exponent - 24);
}

SpherePointStudy study_sphere_forms(double ratio, double offset) {
    SpherePointStudy s;
    s.ratio = ratio;
    s.offset = offset;
    s.ray = sphere_study_ray(ratio, offset);
    s.sphere = sphere_study_sphere();
    // The seed's names as every float form computes them (ray_sphere_forms.cpp).
    const glm::vec3 oc = s.ray.origin - s.sphere.center;
    s.names.a = glm::dot(s.ray.direction, s.ray.direction);
    s.names.h = glm::dot(oc, s.ray.direction);
    s.names.b = 2.0f * s.names.h;
    s.names.c = glm::dot(oc, oc) - s.sphere.radius * s.sphere.radius;
    s.exact = exact_sphere_roots(s.ray, s.sphere);
    for (std::size_t i = 0; i < kSphereFormCount; ++i) {
        const SphereAlgorithm& form = kSphereAlgorithms[i];
        SphereFormGrade& g = s.forms[i];
        g.exact_discriminant = s.exact.hit ? exact_discriminant(form.form, s.exact) : kNaN;
        g.rel_error_near = g.rel_error_far = g.ulps_near = g.ulps_far = kNaN;
        const std::optional<SphereHit> hit = form.intersect(s.ray, s.sphere);
        if (!hit) continue;
        g.hit = true;
        g.t_near = hit->t_near;
        g.t_far = hit->t_far;
        g.discriminant = hit->discriminant;
        if (!s.exact.hit) continue;
        grade(g.t_near, s.exact.t_near, g.rel_error_near, g.ulps_near);
        grade(g.t_far, s.exact.t_far, g.rel_error_far, g.ulps_far);
    }
    return s;
}

double sweep_ratio(int i, int points, double min_ratio, double max_ratio) {
    if (i <= 0 || points < 2) return min_ratio;
    if (i >= points - 1) return max_ratio;
    const double step = (std::log(max_ratio) - std::log(min_ratio)) / double(points - 1);
    return std::exp(std::log(min_ratio) + step * double(i));
}

SphereFormSweep sweep_sphere_forms(double offset, int points, double min_ratio, double max_ratio) {
    SphereFormSweep sweep;
    sweep.offset = offset;
    if (points < 2 || !(min_ratio > 0.0) || !(min_ratio < max_ratio)) return sweep;
    sweep.points.reserve(std::size_t(points));
    for (int i = 0; i < points; ++i) {
        sweep.points.push_back(
            study_sphere_forms(sweep_ratio(i, points, min_ratio, max_ratio), offset));
        const SpherePointStudy& p = sweep.points.back();
        if (!p.exact.hit) continue;
        for (std::size_t f = 0; f < kSphereFormCount; ++f) {
            const SphereFormGrade& g = p.forms[f];
            SphereFormWorst& w = sweep.worst[f];
            if (!g.hit) {
                if (w.misses++ == 0) w.first_miss_ratio = p.ratio;
                continue;
            }
            if (g.ulps_near > w.ulps_near) {
                w.ulps_near = g.ulps_near;
                w.ratio_near = p.ratio;
            }
            w.ulps_far = std::max(w.ulps_far, g.ulps_far);
        }
    }
    return sweep;
}

}  // namespace picking
