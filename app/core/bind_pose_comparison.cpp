#include "app/core/bind_pose_comparison.h"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>

#include <glm/geometric.hpp>

namespace app {

namespace {

/// What a pick stopped at: a triangle of an instance, or an analytic shape.
struct Stop {
    bool hit = false;
    bool shape = false;
    std::uint32_t a = 0, b = 0;  ///< instance and triangle, or the shape twice
    double t = 0.0;
};

Stop stop_of(const picking::PickResult& result) {
    if (result.hit)
        return {true, false, result.hit->instance, result.hit->triangle, double(result.hit->t)};
    if (result.shape)
        return {true, true, result.shape->shape, result.shape->shape, double(result.shape->t)};
    return {};
}

/// A printf-style sentence (the compiler checks each call's pattern against its arguments).
[[gnu::format(printf, 1, 2)]] std::string sentence(const char* pattern, ...) {
    char text[320];
    std::va_list args;
    va_start(args, pattern);
    std::vsnprintf(text, sizeof text, pattern, args);
    va_end(args);
    return text;
}

}  // namespace

BindPoseComparison compare_with_bind_pose(const picking::PickResult& drawn,
                                          const picking::PickResult& bind, const picking::Ray& ray,
                                          double relative_tolerance) {
    using Verdict = BindPoseComparison::Verdict;
    const Stop d = stop_of(drawn), b = stop_of(bind);
    BindPoseComparison c;
    c.drawn_t = d.t;
    c.bind_t = b.t;
    if (!d.hit && !b.hit) return c;
    if (!b.hit) {
        c.verdict = Verdict::BindMisses;
        return c;
    }
    if (!d.hit) {
        c.verdict = Verdict::DrawnMisses;
        return c;
    }
    c.distance = std::abs(d.t - b.t) * glm::length(glm::dvec3(ray.direction));
    const bool same_thing = d.shape == b.shape && d.a == b.a && d.b == b.b;
    const bool same_point =
        std::abs(d.t - b.t) <= relative_tolerance * std::max(std::abs(d.t), std::abs(b.t));
    c.verdict = !same_thing  ? Verdict::DifferentTriangle
                : same_point ? Verdict::Agree
                             : Verdict::Moved;
    return c;
}

const char* verdict_name(BindPoseComparison::Verdict verdict) {
    using Verdict = BindPoseComparison::Verdict;
    switch (verdict) {
        case Verdict::BothMiss:
            return "both_miss";
        case Verdict::Agree:
            return "agree";
        case Verdict::Moved:
            return "moved";
        case Verdict::DifferentTriangle:
            return "different_triangle";
        case Verdict::BindMisses:
            return "bind_misses";
        case Verdict::DrawnMisses:
            return "drawn_misses";
    }
    return "?";
}

std::string describe(const BindPoseComparison& c) {
    using Verdict = BindPoseComparison::Verdict;
    switch (c.verdict) {
        case Verdict::BothMiss:
            return "both miss: here the bind pose and the pose agree";
        case Verdict::Agree:
            return sentence(
                "the same triangle at the same point: here the bind pose and the pose "
                "agree (t = %.6g)",
                c.drawn_t);
        case Verdict::Moved:
            return sentence(
                "the same triangle, moved by the pose: the ray meets it at t = %.6g "
                "drawn, t = %.6g in the bind pose (%.4g apart)",
                c.drawn_t, c.bind_t, c.distance);
        case Verdict::DifferentTriangle:
            return sentence(
                "the bind pose picks another triangle (t = %.6g) than the one drawn "
                "(t = %.6g)",
                c.bind_t, c.drawn_t);
        case Verdict::BindMisses:
            return sentence("the bind pose misses where a triangle is drawn (t = %.6g)", c.drawn_t);
        case Verdict::DrawnMisses:
            return sentence("the bind pose picks a triangle (t = %.6g) where none is drawn",
                            c.bind_t);
    }
    return {};
}

}  // namespace app
