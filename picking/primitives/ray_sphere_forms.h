#pragma once
/// Ray–sphere in the four forms of seed 002 and after it: the full quadratic
/// a t² + b t + c = 0; the same with h = b/2; the unit-direction form t = −h ± √(h² − c); and
/// the more precise form of Haines, Günther & Akenine-Möller, "Precision Improvements for
/// Ray/Sphere Intersection" (Ray Tracing Gems, ch. 7, 2019).

#include <array>
#include <optional>
#include <string_view>

#include <glm/vec3.hpp>

#include "picking/core/ray.h"
#include "picking/core/sphere.h"

namespace picking {

/// Both roots and the discriminant the form computed, and the root it chose.
struct SphereHit {
    float t = 0.0f;  ///< the nearest root in [t_min, t_max]
    float t_near = 0.0f, t_far = 0.0f;
    float discriminant = 0.0f;  ///< in the form's own scaling
    bool from_inside = false;   ///< the near root is out of range: the origin is inside
};

/// a = D·D, b = 2(O − C)·D, c = |O − C|² − R², t = (−b ± √(b² − 4ac)) / 2a.
[[nodiscard]] std::optional<SphereHit> intersect_sphere_quadratic(const Ray&, const Sphere&);
/// h = (O − C)·D: t = (−h ± √(h² − ac)) / a.
[[nodiscard]] std::optional<SphereHit> intersect_sphere_half_b(const Ray&, const Sphere&);
/// The seed's last simplification, valid only for a unit direction: t = −h ± √(h² − c).
/// Given a direction that is not unit length it answers wrongly, as the formula does.
[[nodiscard]] std::optional<SphereHit> intersect_sphere_unit_direction(const Ray&, const Sphere&);
/// Ray Tracing Gems ch. 7: the discriminant as r² − |f − (f·d̂)d̂|² (no cancellation of two
/// large squares), and the near root from c/q (no cancellation of −b and √disc).
[[nodiscard]] std::optional<SphereHit> intersect_sphere_precise(const Ray&, const Sphere&);

enum class SphereForm { Quadratic, HalfB, UnitDirection, Precise };
struct SphereAlgorithm {
    SphereForm form;
    std::string_view name;
    std::optional<SphereHit> (*intersect)(const Ray&, const Sphere&);
};
inline constexpr std::array kSphereAlgorithms = {
    SphereAlgorithm{SphereForm::Quadratic, "quadratic", intersect_sphere_quadratic},
    SphereAlgorithm{SphereForm::HalfB, "half_b", intersect_sphere_half_b},
    SphereAlgorithm{SphereForm::UnitDirection, "unit_direction", intersect_sphere_unit_direction},
    SphereAlgorithm{SphereForm::Precise, "precise", intersect_sphere_precise},
};

}  // namespace picking
