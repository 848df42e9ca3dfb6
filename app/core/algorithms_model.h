#pragma once
/// What the Algorithms window shows, computed without a window: Compare and All hits on a
/// pick's ray, the leak sweep over the scene's meshes, and the far-from-origin study. The
/// viewer keeps one and its panel draws it; tests check it directly.

#include <cstdint>
#include <optional>
#include <vector>

#include <glm/vec3.hpp>

#include "app/core/disagreement.h"
#include "app/core/far_study_job.h"
#include "app/core/leak_sweep_job.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "picking/scene/all_hits.h"
#include "picking/studies/algorithm_compare.h"
#include "picking/studies/far_from_origin.h"
#include "picking/studies/leak_sweep.h"

namespace app {

struct AlgorithmsModel {
    // == Compare and All hits on the last pick's ray
    std::vector<picking::CompareRow> compare;
    /// The analytic shape the pick hit, if it did: the rows compare the triangles along its
    /// ray, shapes left out (index into the scene's shapes).
    std::optional<std::uint32_t> compare_shape;
    std::optional<picking::AllHitsResult> all_hits;

    // == Leaks: the sweep over the meshes
    std::vector<LeakRow> leaks;
    std::vector<LeakMark> leak_marks;  ///< for LeakSweepChoice::marked
    picking::RayTriangleMethod leak_marks_method = picking::RayTriangleMethod::MollerTrumbore;

    // == Far from origin
    float far_log10 = 0.0f;  ///< the model sits 10^far_log10 units away
    std::optional<picking::FarFromOriginStudy> far;

    // == Disagreement: every pixel of the view cast with two algorithms (traced by the viewer)
    DisagreementImage disagreement;

    /// Everything back to nothing (a new scene).
    void clear();
    /// Every algorithm on `selection`'s ray (Compare), and every hit along it (All hits).
    void study_pick(const SceneSession& session, const Selection& selection);
    /// Compare and All hits forgotten (no pick, or nobody looks).
    void clear_pick();
    /// Rays aimed at the meshes' shared edges and vertices: per algorithm, the leaks and double
    /// hits, and the marked algorithm's spots where its meshes are drawn.
    void sweep_leaks(const SceneSession& session, const LeakSweepChoice& choice);
    /// The leaks and marks of a sweep run elsewhere (a LeakSweepJob).
    void adopt_leaks(LeakSweepOutcome outcome);
    /// Moves the scene `distance` units from the origin along (1, 1, 1) (0: back home).
    /// Returns how far the world moved, so a camera can follow. The study is left to the
    /// caller (a FarStudyJob, whose result goes to `far`).
    glm::dvec3 place_far(SceneSession& session, double distance);
    /// place_far, then grades every algorithm there with `rays` rays, here and now.
    glm::dvec3 move_far(SceneSession& session, double distance,
                        const picking::RayTriangleOptions& options, int rays);
};

/// Where Far from origin puts the scene `distance` units away: along (1, 1, 1), in double (the
/// viewer's slider and `raypick pick --far-distance` alike).
[[nodiscard]] glm::dvec3 far_offset(double distance);

}  // namespace app
