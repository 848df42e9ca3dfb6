#include "app/core/far_study_job.h"

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include "app/core/scene_session.h"

namespace app {

FarStudyInput far_study_input(const SceneSession& session, double distance,
                              const picking::RayTriangleOptions& options, int rays) {
    FarStudyInput input;
    input.distance = distance;
    input.options = options;
    input.study.rays = rays;
    const picking::SceneView& view = session.view();
    input.meshes.reserve(view.meshes.size());
    for (const picking::MeshView& mesh : view.meshes) {
        input.meshes.push_back({{mesh.positions.begin(), mesh.positions.end()},
                                {mesh.indices.begin(), mesh.indices.end()}});
    }
    const std::vector<glm::mat4>& home = session.instance_world_home();
    for (std::size_t i = 0; i < view.instances.size(); ++i)
        input.instances.push_back({view.instances[i].mesh, home[i]});
    return input;
}

picking::FarFromOriginStudy run_far_study(const FarStudyInput& input) {
    std::vector<picking::TriangleD> triangles;
    for (const FarStudyInput::Placement& instance : input.instances) {
        const glm::dmat4 m(instance.world_home);
        const auto world = [&](glm::vec3 p) {
            return glm::dvec3(m * glm::dvec4(glm::dvec3(p), 1.0));
        };
        const FarStudyInput::Mesh& mesh = input.meshes[instance.mesh];
        const picking::MeshView view{mesh.positions, mesh.indices};
        for (std::size_t k = 0; k < view.triangle_count(); ++k) {
            const picking::Triangle t = view.triangle(k);
            triangles.push_back({world(t.p0), world(t.p1), world(t.p2)});
        }
    }
    return picking::far_from_origin_study(triangles, input.distance, input.options, input.study);
}

std::shared_ptr<FarStudyJob> start_far_study(FarStudyInput input) {
    return FarStudyJob::start("far from origin",
                              [input = std::move(input)](FarStudyProgress& progress) {
                                  picking::FarFromOriginStudy study = run_far_study(input);
                                  progress.fraction = 1.0f;
                                  return study;
                              });
}

}  // namespace app
