#pragma once
/// Each ray–triangle algorithm's construction as geometry to draw: the vectors, planes,
/// sub-triangles and flat pictures its formulas describe, built from the Explain trace of one
/// ray and one triangle (picking/ray_triangle/ray_triangle_trace.h). Every drawn number is the
/// trace's, so the picture shows what the algorithm computed, rounding included.
///
/// Everything is in the space where the algorithm ran (bone space when the pick runs there);
/// the viewer maps it to the world.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "picking/core/ray.h"
#include "picking/core/triangle.h"
#include "picking/primitives/analytic_shape.h"
#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_trace.h"

namespace app {

/// What a drawn piece stands for: it picks the colour.
enum class ConstructionRole {
    Edge,     ///< a triangle edge vector (E1, E2, AB, ...)
    Ray,      ///< along the ray (t D, T = O - V0)
    Product,  ///< a cross product (P, Q, N, cross0, ...), the det box
    Step,     ///< u E1, v E2: the steps that reach the hit
    Plane,    ///< the triangle's plane
    Inside,   ///< a verdict or area that says "inside"
    Outside,  ///< a verdict or area that says "outside"
};

struct ConstructionArrow {
    glm::vec3 from{0.0f}, to{0.0f};
    std::string label;      ///< short, drawn beside the tip ("E1", "P = D × E2")
    std::string_view step;  ///< the Explain step it draws ("E1"); empty for helpers
    /// Drawn length over the step's own (1: true to size). Products of lengths are drawn
    /// shorter or longer so that they fit beside the triangle; the label says so.
    float scale = 1.0f;
    ConstructionRole role = ConstructionRole::Edge;
    bool head = true;  ///< false: a plain segment (an edge of the det box, a corner's line)
};

/// A shaded triangle: a sub-triangle whose area is a weight, or the plane's patch.
struct ConstructionFill {
    std::array<glm::vec3, 3> corners{};
    std::string label;      ///< "alpha = area(P B C) / area(A B C)"
    std::string_view step;  ///< the weight's Explain step ("alpha"); empty for the plane
    float share = 0.0f;     ///< the weight's value (its area over the whole); 0 for the plane
    ConstructionRole role = ConstructionRole::Plane;
};

/// A flat picture: the triangle in the 2D coordinates where the algorithm decides.
struct ConstructionInset {
    std::string title;           ///< "the sheared ray space: the ray is the origin, along +z"
    std::string x_axis, y_axis;  ///< axis names ("x (axis 0)")
    std::array<glm::vec2, 3> corners{};
    std::array<std::string, 3> corner_names;  ///< "A'", "B'", "C'"
    /// Per edge (corners[e] to corners[(e + 1) % 3]): its label and what it says (Inside,
    /// Outside or Edge when it has no verdict).
    std::array<std::string, 3> edge_labels;
    std::array<ConstructionRole, 3> edge_roles{ConstructionRole::Edge, ConstructionRole::Edge,
                                               ConstructionRole::Edge};
    std::optional<glm::vec2> point;  ///< the ray or the hit point
    std::string point_label;
    bool ray_along_x = false;      ///< the 2D crossing test's half-line from the point along +x
    std::vector<glm::vec2> marks;  ///< crossings
    std::vector<std::string> mark_labels;
    /// The construction's weighted areas as the picture shows them (the same order as its
    /// fills after the plane).
    std::vector<std::array<glm::vec2, 3>> areas;
};

struct Construction {
    picking::RayTriangleMethod method = picking::RayTriangleMethod::MollerTrumbore;
    /// A seed 002 shape's construction instead of a triangle test's.
    std::optional<picking::ShapeKind> shape;
    std::string title;  ///< the algorithm's construction in one line
    std::vector<ConstructionArrow> arrows;
    std::vector<ConstructionFill> fills;
    std::vector<std::string> notes;  ///< what the picture says in words (det as a volume, ...)
    std::optional<ConstructionInset> inset;
    /// The drawing's size: the triangle's mean edge length (for arrow heads and scaled arrows).
    float size = 1.0f;
};

/// The value of the Explain step named `name`, the last one of that name (dx_pick records det
/// again when it flips it); nothing when the algorithm stopped before it.
[[nodiscard]] std::optional<picking::ExplainStep> explain_step(
    const picking::RayTriangleExplanation& why, std::string_view name);

/// The construction of `method` for `ray` and `tri`, from `why` = that algorithm's explain()
/// of the same ray and triangle.
[[nodiscard]] Construction build_construction(picking::RayTriangleMethod method,
                                              const picking::Ray& ray, const picking::Triangle& tri,
                                              const picking::RayTriangleExplanation& why);

/// Seed 002's shape tests drawn: the sphere's two roots on the ray and the closest approach
/// that decides them, the plane's normal and D, the rectangle's min/max box, the box's three
/// slabs with t_enter and t_exit. `ray` is in the shape's space; `hit` is what the test found
/// (nothing for a miss).
[[nodiscard]] Construction build_shape_construction(
    const picking::AnalyticShape& shape, const picking::Ray& ray,
    const std::optional<picking::ShapeLocalHit>& hit);

/// The scale at which a product of lengths is drawn beside a triangle of mean edge `size`: 1
/// when `length` is already comparable, else what brings it to 0.6 `size`.
[[nodiscard]] float construction_scale(float length, float size);

}  // namespace app
