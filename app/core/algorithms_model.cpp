#include "app/core/algorithms_model.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/vec4.hpp>

namespace app {

void AlgorithmsModel::clear() {
    *this = AlgorithmsModel{};
}

void AlgorithmsModel::clear_pick() {
    compare.clear();
    compare_shape.reset();
    all_hits.reset();
}

void AlgorithmsModel::study_pick(const SceneSession& session, const Selection& selection) {
    clear_pick();
    compare =
        picking::compare_algorithms(session.view(), selection.ray, selection.choice.settings(), 3,
                                    &session.accels().broad_phases());
    if (selection.result.shape) compare_shape = selection.result.shape->shape;
    all_hits = session.all_hits(selection.ray, selection.choice);
}

void AlgorithmsModel::sweep_leaks(const SceneSession& session, const LeakSweepChoice& choice) {
    adopt_leaks(run_leak_sweep(leak_sweep_input(session, choice)));
}

void AlgorithmsModel::adopt_leaks(LeakSweepOutcome outcome) {
    leaks = std::move(outcome.leaks);
    leak_marks = std::move(outcome.marks);
    leak_marks_method = outcome.marked;
}

glm::dvec3 AlgorithmsModel::place_far(SceneSession& session, double distance) {
    const glm::dvec3 before = session.world_offset();
    const glm::dvec3 after = far_offset(distance);
    session.set_world_offset(after);
    far_log10 = distance > 1.0 ? float(std::log10(distance)) : 0.0f;
    // The pick's ray and triangles are where the model was.
    clear_pick();
    return after - before;
}

glm::dvec3 AlgorithmsModel::move_far(SceneSession& session, double distance,
                                     const picking::RayTriangleOptions& options, int rays) {
    const glm::dvec3 moved = place_far(session, distance);
    far = run_far_study(far_study_input(session, std::max(distance, 0.0), options, rays));
    return moved;
}

glm::dvec3 far_offset(double distance) {
    const glm::dvec3 direction = glm::normalize(picking::FarFromOriginOptions{}.direction);
    return distance > 0.0 ? distance * direction : glm::dvec3(0.0);
}

}  // namespace app
