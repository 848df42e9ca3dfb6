#pragma once
/// What each triangle–triangle algorithm computed on the way to its answer, for the Triangle
/// lab and for tests. The traced functions run the very code of the fast ones (one template,
/// recording switched on), so what the lab shows is what the algorithm did.

#include <array>
#include <string_view>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "picking/core/triangle.h"

namespace picking {

// == Seed 003

/// Which part of seed 003 settled the answer.
enum class Seed003Step {
    Degenerate,      ///< a non-finite coordinate or a zero normal: no intersection
    ExactFallback,   ///< the determinants overflowed float: the exact test answered
    IllConditioned,  ///< V is a sliver (p0, p1 nearly parallel): the exact test answered
    Parallel,        ///< special case 1: parallel, not coplanar
    Step1,           ///< no c_i in [0, 1]: Q does not reach V's plane
    Step2,           ///< a crossing point (or, coplanar, a vertex of Q) lies inside V
    Step3,           ///< the projections decided (a separating axis, or none)
};

struct Seed003Trace {
    glm::vec3 normal{0.0f};    ///< p0 × p1, computed once
    std::array<float, 3> d{};  ///< |p0, p1, Q_i - V0| = (p0 × p1)·Q_i - (p0 × p1)·V0
    std::array<float, 3> e{};  ///< |p0, p1, q_i|, q_i = Q_{i+1} - Q_i
    std::array<float, 3> c{};  ///< c_i = -d_i / e_i, the parameter of V's plane on edge q_i
    bool parallel = false;     ///< two of the e_i are zero
    bool coplanar = false;     ///< parallel and d_0 is zero
    int drop_axis = 2;         ///< the axis left out when solving for (a, b): largest |n_k|
    int point_count = 0;       ///< crossing points T0, T1 (three vertices when coplanar)
    std::array<glm::vec3, 3> points{};  ///< T0, T1 (T2 when coplanar)
    std::array<glm::vec2, 3> ab{};      ///< (a, b) of each point in V's basis (p0, p1)
    Seed003Step decided_by = Seed003Step::Degenerate;
    /// Step 3's separating axis ("b", "a", "a+b", "normal of T0'T1'", ...), empty if none.
    std::string_view separating_axis;
    bool intersect = false;
};

[[nodiscard]] std::string_view step_name(Seed003Step step);
[[nodiscard]] Seed003Trace trace_seed003(const Triangle& v, const Triangle& q);

// == Möller 97

enum class Moller97Step {
    Degenerate,
    ExactFallback,   ///< the distances overflowed float: the exact test answered
    PlaneOfV,        ///< Q lies strictly on one side of V's plane
    PlaneOfQ,        ///< V lies strictly on one side of Q's plane
    Coplanar,        ///< all distances zero: the 2D test decided
    IllConditioned,  ///< a sliver, or planes nearly parallel: the exact test answered
    Intervals,       ///< the intervals on the line of the two planes decided
};

struct Moller97Trace {
    glm::vec3 normal_v{0.0f}, normal_q{0.0f};
    std::array<float, 3> distance_q{};  ///< du: Q's vertices against V's plane
    std::array<float, 3> distance_v{};  ///< dv: V's vertices against Q's plane
    glm::vec3 line_direction{0.0f};     ///< D = N1 × N2
    int axis = 0;                       ///< the component of D that the intervals are read on
    std::array<float, 2> interval_v{};  ///< V ∩ line, sorted
    std::array<float, 2> interval_q{};  ///< Q ∩ line, sorted
    Moller97Step decided_by = Moller97Step::Degenerate;
    bool intersect = false;
};

[[nodiscard]] std::string_view step_name(Moller97Step step);
[[nodiscard]] Moller97Trace trace_moller97(const Triangle& v, const Triangle& q);

// == Guigue–Devillers

enum class GuigueDevillersStep {
    Degenerate,
    PlaneOfV,  ///< [V0, V1, V2, Q_i] all one strict sign
    PlaneOfQ,  ///< [Q0, Q1, Q2, V_i] all one strict sign
    Coplanar,  ///< all zero: the 2D orientation test decided
    Interval,  ///< the two orientations of the canonical form decided
};

struct GuigueDevillersTrace {
    std::array<int, 3> sign_q{};  ///< sign of [V0, V1, V2, Q_i]
    std::array<int, 3> sign_v{};  ///< sign of [Q0, Q1, Q2, V_i]
    /// The canonical form: V's and Q's vertices as p1 q1 r1 and p2 q2 r2 (indices into V, Q),
    /// p1 alone on the positive side of Q's plane, p2 alone on the positive side of V's.
    std::array<int, 3> order_v{0, 1, 2}, order_q{0, 1, 2};
    int sign_k_before_j = 0;  ///< sign of [p1, q1, p2, q2]: must be <= 0
    int sign_i_before_l = 0;  ///< sign of [p1, r1, r2, p2]: must be <= 0
    GuigueDevillersStep decided_by = GuigueDevillersStep::Degenerate;
    bool intersect = false;
};

[[nodiscard]] std::string_view step_name(GuigueDevillersStep step);
[[nodiscard]] GuigueDevillersTrace trace_guigue_devillers(const Triangle& v, const Triangle& q);

}  // namespace picking
