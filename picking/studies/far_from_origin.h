#pragma once
/// Far from origin: what happens to each algorithm when the model sits 10^k units from the
/// world origin. Rays are aimed at known points well inside triangles (the true t = 1, u, v
/// are known exactly, in double). Each algorithm of the table then runs on three inputs made
/// from the same aims (FarInput: the float world, this app's bone-space picking, a double
/// world rebased near the origin), and is graded two ways: against `reference` run on that
/// same input (the algorithm's own float error: the input's rounding is shared), and against
/// the exact aim point (the input's rounding and the algorithm's error together).

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

#include "picking/ray_triangle/ray_triangle.h"

namespace picking {

/// A triangle in double precision, as it is before any offset.
struct TriangleD {
    glm::dvec3 p0, p1, p2;
};

/// How a ray and a triangle reach the (float) ray–triangle test when the model is `offset`
/// away from the origin.
enum class FarInput {
    /// A float world: corners and ray origin moved by the offset and rounded to float there,
    /// the test run at the offset.
    Float,
    /// This app's picking: the triangles stored in float in their own frame (bone space), the
    /// ray made in float world coordinates (rounded at the offset), moved back by the offset
    /// in double, the test run near the origin.
    BoneSpace,
    /// A double world: the ray and the corners kept in double at the offset, moved back by the
    /// offset in double (rebased near the origin), then rounded to float for the test.
    Double,
};
inline constexpr std::array kFarInputs = {FarInput::Float, FarInput::BoneSpace, FarInput::Double};
/// "float", "bone_space", "double" (JSON keys).
[[nodiscard]] std::string_view far_input_name(FarInput input);

/// One way of grading one algorithm on one input.
struct FarErrors {
    int rays = 0;
    int misses = 0;    ///< rays aimed inside a triangle that the algorithm did not hit
    int compared = 0;  ///< rays whose errors were measured (both hit, for `reference`)
    /// |t − t'|, |u − u'|, |v − v'| against the grade's t', u', v' (t is 1 at the aimed point,
    /// so the t error is relative too); u, v the weights of the 2nd and 3rd corner.
    double t_median = 0.0, t_max = 0.0;
    double u_median = 0.0, u_max = 0.0;
    double v_median = 0.0, v_max = 0.0;
    [[nodiscard]] double miss_rate() const { return rays ? double(misses) / rays : 0.0; }
};

/// One algorithm's grades on one input.
struct FarGrades {
    FarErrors vs_reference;  ///< against `reference` on the same input
    FarErrors vs_aim;        ///< against the exact aim point (t = 1, the aimed u, v)
    /// Rays where the algorithm's hit or miss differs from the reference's on this input.
    int disagreements = 0;
};

struct FarFromOriginRow {
    RayTriangleMethod method{};
    std::string name;                                 ///< the algorithm's table name
    std::array<FarGrades, kFarInputs.size()> inputs;  ///< indexed by FarInput
    [[nodiscard]] const FarGrades& on(FarInput input) const { return inputs[std::size_t(input)]; }
};

struct FarFromOriginStudy {
    double distance = 0.0;
    glm::dvec3 offset{0.0};
    std::vector<FarFromOriginRow> rows;  ///< one per algorithm of the table, in its order
};

/// A ray aimed at a known point of one triangle, at the model's own place (no offset):
/// it reaches (1 − u − v) p0 + u p1 + v p2 at t = 1.
struct FarAim {
    std::size_t triangle = 0;
    double u = 0.0, v = 0.0;
    glm::dvec3 origin{0.0}, direction{0.0};
};

struct FarFromOriginOptions {
    int rays = 2000;
    std::uint32_t seed = 1;
    glm::dvec3 direction{1.0, 1.0, 1.0};  ///< where the model moves (normalised)
};

/// Every algorithm of the table on every input made from `aims` with the model moved by
/// `offset`, graded both ways.
[[nodiscard]] FarFromOriginStudy grade_far_from_origin(const std::vector<TriangleD>& triangles,
                                                       const std::vector<FarAim>& aims,
                                                       glm::dvec3 offset,
                                                       const RayTriangleOptions& options);

/// `triangles` are the model in world space at its own place (the origin nearby); they are
/// moved `distance` units along study.direction, and study.rays seeded rays are aimed at
/// points well inside them from front-facing, not grazing directions. Degenerate triangles
/// are skipped; no usable triangle gives no rows.
[[nodiscard]] FarFromOriginStudy far_from_origin_study(const std::vector<TriangleD>& triangles,
                                                       double distance,
                                                       const RayTriangleOptions& options,
                                                       const FarFromOriginOptions& study = {});

}  // namespace picking
