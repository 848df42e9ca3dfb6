#pragma once
/// How one algorithm body serves both the fast test and Explain: each algorithm is written
/// once as a template over a Trace. NoTrace compiles to nothing; ExplainTrace records every
/// intermediate value beside its formula, counts the arithmetic done, and names the test that
/// rejected a miss. Explain can therefore never disagree with what the fast test computes.

#include <optional>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

#include "picking/core/ray_hit.h"

namespace picking {

/// Floating-point operations of the common vector steps, for the work count.
inline constexpr int kFlopsSub = 3;    ///< a − b
inline constexpr int kFlopsDot = 5;    ///< a · b
inline constexpr int kFlopsCross = 9;  ///< a × b

/// One intermediate value as Explain shows it: `name = formula = value`.
struct ExplainStep {
    std::string_view name;     ///< "E1"
    std::string_view formula;  ///< "V1 − V0"
    glm::vec3 value{0.0f};     ///< scalars use x only
    bool is_vector = false;
};

/// Everything one algorithm computed for one ray and one triangle.
struct RayTriangleExplanation {
    std::vector<ExplainStep> steps;  ///< in the order they were computed
    std::string_view rejected_by;    ///< the failing test of a miss; empty on a hit
    /// How the steps' names map to another naming of the same algorithm (empty if none).
    std::string_view note;
    std::optional<RayHit> hit;
    int flops = 0;  ///< arithmetic operations done before the answer (the algorithm's work)
};

/// The fast path: every call is empty and inlines away.
struct NoTrace {
    void value(std::string_view, std::string_view, float, int = 0) {}
    void value(std::string_view, std::string_view, glm::vec3, int = 0) {}
    void work(int) {}
    void note(std::string_view) {}
    /// `return trace.reject("why");` in an algorithm body returns a miss.
    std::nullopt_t reject(std::string_view) { return std::nullopt; }
};

/// The Explain path: records each step.
struct ExplainTrace {
    RayTriangleExplanation explanation;

    void value(std::string_view name, std::string_view formula, float v, int flops = 0) {
        explanation.steps.push_back({name, formula, glm::vec3(v, 0.0f, 0.0f), false});
        explanation.flops += flops;
    }
    void value(std::string_view name, std::string_view formula, glm::vec3 v, int flops = 0) {
        explanation.steps.push_back({name, formula, v, true});
        explanation.flops += flops;
    }
    void work(int flops) { explanation.flops += flops; }
    void note(std::string_view text) { explanation.note = text; }
    std::nullopt_t reject(std::string_view why) {
        explanation.rejected_by = why;
        return std::nullopt;
    }
    [[nodiscard]] RayTriangleExplanation finish(const std::optional<RayHit>& hit) {
        explanation.hit = hit;
        return std::move(explanation);
    }
};

}  // namespace picking
