#include "app/core/far_study_job.h"

#include <gtest/gtest.h>

#include "app/core/scene_session.h"
#include "assets/procedural/default_scene.h"

namespace app {
namespace {

/// Every instance's triangles in world space at home, in double: what the study grades, built
/// here independently of the snapshot (straight from the session's view and the scene's nodes).
std::vector<picking::TriangleD> home_triangles(const SceneSession& session) {
    std::vector<picking::TriangleD> triangles;
    const picking::SceneView& view = session.view();
    for (std::size_t i = 0; i < view.instances.size(); ++i) {
        const glm::dmat4 m(session.instance_world_home()[i]);
        const picking::MeshView& mesh = view.meshes[view.instances[i].mesh];
        for (std::size_t k = 0; k < mesh.triangle_count(); ++k) {
            const picking::Triangle t = mesh.triangle(k);
            triangles.push_back({glm::dvec3(m * glm::dvec4(glm::dvec3(t.p0), 1.0)),
                                 glm::dvec3(m * glm::dvec4(glm::dvec3(t.p1), 1.0)),
                                 glm::dvec3(m * glm::dvec4(glm::dvec3(t.p2), 1.0))});
        }
    }
    return triangles;
}

bool same(const picking::FarErrors& a, const picking::FarErrors& b) {
    return a.rays == b.rays && a.misses == b.misses && a.compared == b.compared &&
           a.t_median == b.t_median && a.t_max == b.t_max && a.u_median == b.u_median &&
           a.u_max == b.u_max && a.v_median == b.v_median && a.v_max == b.v_max;
}

bool same(const picking::FarFromOriginStudy& a, const picking::FarFromOriginStudy& b) {
    if (a.distance != b.distance || a.offset != b.offset || a.rows.size() != b.rows.size())
        return false;
    for (std::size_t r = 0; r < a.rows.size(); ++r)
        for (std::size_t i = 0; i < a.rows[r].inputs.size(); ++i) {
            const picking::FarGrades& x = a.rows[r].inputs[i];
            const picking::FarGrades& y = b.rows[r].inputs[i];
            if (!same(x.vs_reference, y.vs_reference) || !same(x.vs_aim, y.vs_aim) ||
                x.disagreements != y.disagreements)
                return false;
        }
    return true;
}

// The job grades the snapshot as the study would grade the session's home triangles, whatever
// the pose and the offset do meanwhile.
TEST(FarStudyJob, TheJobGradesTheHomeTrianglesOfTheSnapshot) {
    SceneSession session(assets::make_default_scene());
    session.set_time(0.75);
    session.set_world_offset(glm::dvec3(1e5));  // the snapshot is taken at home all the same
    const picking::RayTriangleOptions options;
    picking::FarFromOriginOptions study;
    study.rays = 300;
    const picking::FarFromOriginStudy expected =
        picking::far_from_origin_study(home_triangles(session), 1e6, options, study);
    ASSERT_EQ(expected.rows.size(), picking::kRayTriangleAlgorithms.size());

    const FarStudyInput input = far_study_input(session, 1e6, options, 300);
    EXPECT_TRUE(same(run_far_study(input), expected));
    const auto job = start_far_study(input);
    session.set_time(2.5);  // the scene moves on
    ASSERT_TRUE(job->wait(120.0));
    const std::optional<picking::FarFromOriginStudy> got = job->take();
    ASSERT_TRUE(got) << job->error();
    EXPECT_TRUE(same(*got, expected));
    EXPECT_FALSE(
        same(*got, picking::far_from_origin_study(home_triangles(session), 1e6, options, study)))
        << "the new pose is another study";
}

}  // namespace
}  // namespace app
