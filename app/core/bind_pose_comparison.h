#pragma once
/// The bind pose's answer beside the drawn one, compared honestly: the same triangle number is
/// not agreement unless the ray also meets it at the same point (a skinned triangle keeps its
/// number wherever the pose takes it).

#include <string>

#include "picking/scene/scene_pick.h"

namespace app {

struct BindPoseComparison {
    enum class Verdict {
        BothMiss,           ///< neither pose has anything on the ray
        Agree,              ///< the same triangle (or shape) at the same point
        Moved,              ///< the same triangle (or shape), met at another t
        DifferentTriangle,  ///< another triangle or shape
        BindMisses,         ///< the pose hits, the bind pose does not
        DrawnMisses,        ///< the bind pose hits, the pose does not
    };
    Verdict verdict = Verdict::BothMiss;
    double drawn_t = 0.0;  ///< the pose's t (when it hits)
    double bind_t = 0.0;   ///< the bind pose's t (when it hits)
    /// World distance between the two hit points (both on the same ray), when both hit.
    double distance = 0.0;

    [[nodiscard]] bool agree() const {
        return verdict == Verdict::BothMiss || verdict == Verdict::Agree;
    }
};

/// Compares two picks of the same ray: `drawn` against the pose, `bind` against the bind pose.
/// The points are the same when the t values are within `relative_tolerance` of each other
/// (relative to the larger t).
[[nodiscard]] BindPoseComparison compare_with_bind_pose(const picking::PickResult& drawn,
                                                        const picking::PickResult& bind,
                                                        const picking::Ray& ray,
                                                        double relative_tolerance = 1e-5);

/// "agree", "moved", "different_triangle", ... (for the JSON report).
[[nodiscard]] const char* verdict_name(BindPoseComparison::Verdict verdict);

/// One sentence for the Animation panel, with both t values where they differ.
[[nodiscard]] std::string describe(const BindPoseComparison& comparison);

}  // namespace app
