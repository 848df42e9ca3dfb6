#pragma once
/// Sphere forms side by side: seed 002's ray–sphere quadratic in its four forms
/// (primitives/ray_sphere_forms.h) graded against the exact roots of the same float inputs
/// (primitives/ray_sphere_exact.h), as the ray's origin moves away from the sphere.
///
/// The setting: a sphere (radius 0.7, centre off every axis, so that no product comes out exact
/// by luck); the ray starts on the z axis `ratio` radii from the sphere's centre (distance /
/// radius) and passes `offset` radii from the centre, a unit direction rounded to float, so the
/// line meets the sphere for offset < 1. Far away b² and 4ac agree in more and more leading
/// digits and the discriminant b² − 4ac cancels; the precise form (Ray Tracing Gems ch. 7)
/// computes it as r² − |f⊥|² instead. The sweep starts one radius from the surface: nearer, c =
/// |O − C|² − R² itself cancels and no form holds (at 10^-4 radii from the surface every form is
/// off by a thousand ULPs or more).

#include <array>
#include <vector>

#include "picking/core/ray.h"
#include "picking/core/sphere.h"
#include "picking/primitives/ray_sphere_exact.h"
#include "picking/primitives/ray_sphere_forms.h"

namespace picking {

/// The sweep's range of distance / radius and its default number of points (20 per decade).
inline constexpr double kSphereStudyMinRatio = 2.0;
inline constexpr double kSphereStudyMaxRatio = 1e7;
inline constexpr int kSphereStudyPoints = 135;
inline constexpr double kSphereStudyDefaultOffset = 0.5;
inline constexpr std::size_t kSphereFormCount = kSphereAlgorithms.size();

/// The seed's names as the float forms compute them: a = D·D, b = 2(O − C)·D, h = b / 2,
/// c = |O − C|² − R².
struct SphereSeedNames {
    float a = 0.0f, b = 0.0f, c = 0.0f, h = 0.0f;
};

/// One form on one ray, against the exact roots.
struct SphereFormGrade {
    bool hit = false;  ///< the form found the line meets the sphere (its discriminant >= 0)
    /// The form's roots and discriminant (in its own scaling: b² − 4ac, h² − ac, h² − c,
    /// r² − |f⊥|²), when hit.
    float t_near = 0.0f, t_far = 0.0f, discriminant = 0.0f;
    /// The exact discriminant in the form's scaling: 4Δ, Δ, Δ, Δ / a for Δ = h² − ac (the unit
    /// form assumes a = 1, so what it estimates is Δ itself).
    double exact_discriminant = 0.0;
    /// (t − t_exact) / t_exact, and |t − t_exact| in ULPs of a float at t_exact (the spacing of
    /// floats there): 0.5 is the best a float can hold. NaN when the form or the exact solve
    /// missed: a miss is flagged, never a number.
    double rel_error_near = 0.0, rel_error_far = 0.0;
    double ulps_near = 0.0, ulps_far = 0.0;
};

/// Every form on the ray of one setting.
struct SpherePointStudy {
    double ratio = 0.0;   ///< the ray's origin's distance from the sphere's centre / radius
    double offset = 0.0;  ///< where the ray aims: this many radii off the centre
    Ray ray;
    Sphere sphere;
    SphereSeedNames names;  ///< in float, as the forms compute them
    ExactSphereRoots exact;
    std::array<SphereFormGrade, kSphereFormCount> forms;  ///< in kSphereAlgorithms' order
};

/// The ray of a setting, ratio > 1 (t range unbounded, so that a root behind the origin is
/// still given).
[[nodiscard]] Ray sphere_study_ray(double ratio, double offset);
/// The sweep's sphere.
[[nodiscard]] Sphere sphere_study_sphere();
/// Every form graded at one setting.
[[nodiscard]] SpherePointStudy study_sphere_forms(double ratio, double offset);

/// The spacing of floats at |value| (a float's ULP there): 2^-23 at 1, 2^-149 at 0.
[[nodiscard]] double float_ulp(double value);

/// The i-th of `points` ratios spaced evenly in log scale over [min_ratio, max_ratio].
[[nodiscard]] double sweep_ratio(int i, int points, double min_ratio = kSphereStudyMinRatio,
                                 double max_ratio = kSphereStudyMaxRatio);

/// The worst of one form over a sweep.
struct SphereFormWorst {
    double ulps_near = 0.0, ulps_far = 0.0;  ///< the largest error where the form hit
    double ratio_near = 0.0;                 ///< where ulps_near was found
    int misses = 0;                          ///< points the exact solve hits and the form misses
    double first_miss_ratio = 0.0;           ///< the smallest ratio of a miss (0: none)
};

/// The same offset at every ratio of the sweep, in increasing order. Deterministic: the same
/// points, rays and errors every time.
struct SphereFormSweep {
    double offset = kSphereStudyDefaultOffset;
    std::vector<SpherePointStudy> points;
    std::array<SphereFormWorst, kSphereFormCount> worst;
};
/// `points` >= 2 ratios over [min_ratio, max_ratio] (0 < min_ratio < max_ratio), offset in
/// [0, 1).
[[nodiscard]] SphereFormSweep sweep_sphere_forms(double offset, int points = kSphereStudyPoints,
                                                 double min_ratio = kSphereStudyMinRatio,
                                                 double max_ratio = kSphereStudyMaxRatio);

}  // namespace picking
