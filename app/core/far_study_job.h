#pragma once
/// The far-from-origin study off the UI thread: on a million triangles, turning every triangle
/// into doubles and finding the usable ones took about 0.2 s each time the distance changed.
/// The UI thread moves the model at once (the camera follows) and copies the meshes as posed
/// at home; the job builds the triangles and grades every algorithm there.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "app/core/background_job.h"
#include "picking/studies/far_from_origin.h"

namespace app {

class SceneSession;

/// What the study reads: the meshes as posed, each instance's placement without the offset.
struct FarStudyInput {
    struct Mesh {
        std::vector<glm::vec3> positions;
        std::vector<std::uint32_t> indices;
    };
    struct Placement {
        std::uint32_t mesh = 0;
        glm::mat4 world_home{1.0f};  ///< world_from_mesh with the model at its own place
    };
    std::vector<Mesh> meshes;
    std::vector<Placement> instances;
    double distance = 0.0;
    picking::RayTriangleOptions options;
    picking::FarFromOriginOptions study;
};

struct FarStudyProgress {
    std::atomic<float> fraction{0.0f};
    std::atomic<bool> cancel{false};
};

/// The snapshot of `session` for a study `distance` units away with `rays` rays.
[[nodiscard]] FarStudyInput far_study_input(const SceneSession& session, double distance,
                                            const picking::RayTriangleOptions& options, int rays);

/// The study (the same as picking::far_from_origin_study over the session's home triangles).
[[nodiscard]] picking::FarFromOriginStudy run_far_study(const FarStudyInput& input);

using FarStudyJob = BackgroundJob<picking::FarFromOriginStudy, FarStudyProgress, std::string>;

/// Starts run_far_study on a thread of its own.
[[nodiscard]] std::shared_ptr<FarStudyJob> start_far_study(FarStudyInput input);

}  // namespace app
