#pragma once
/// The leak sweep (rays aimed at every mesh's shared edges and vertices, per algorithm) off the
/// UI thread: on a million triangles finding the shared edges alone takes about a second, which
/// the viewer must not freeze for. The sweep reads a snapshot of the meshes (copied on the UI
/// thread, a few milliseconds for a million triangles), so the pose may move on meanwhile; it
/// reports its progress and stops between meshes and algorithms on a cancel.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "app/core/background_job.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace app {

class SceneSession;

/// One algorithm's totals over the leak sweep.
struct LeakRow {
    picking::RayTriangleMethod method{};
    int rays = 0, leaks = 0, double_hits = 0;
};

/// A spot the sweep flagged, in world space for drawing.
struct LeakMark {
    glm::vec3 point{0.0f};
    bool leak = false;
};

/// How the leak sweep runs.
struct LeakSweepChoice {
    int rays = 2000;              ///< over all meshes, in proportion to their shared edges
    bool every_algorithm = true;  ///< else only the marked one
    /// The algorithm whose spots are marked (the Inspector's), with its options.
    picking::RayTriangleMethod marked = picking::RayTriangleMethod::MollerTrumbore;
    picking::RayTriangleOptions options;
};

/// What a sweep reads: the meshes as they are posed now, and where each is drawn.
struct LeakSweepInput {
    struct Mesh {
        std::vector<glm::vec3> positions;
        std::vector<std::uint32_t> indices;
    };
    struct Placement {
        std::uint32_t mesh = 0;
        glm::mat4 world_from_mesh{1.0f};
    };
    std::vector<Mesh> meshes;
    std::vector<Placement> instances;
    LeakSweepChoice choice;
};

/// What a sweep found.
struct LeakSweepOutcome {
    std::vector<LeakRow> leaks;   ///< per algorithm swept, in the table's order
    std::vector<LeakMark> marks;  ///< the marked algorithm's spots, at every instance
    picking::RayTriangleMethod marked{};
};

struct LeakSweepProgress {
    std::atomic<float> fraction{0.0f};
    std::atomic<bool> cancel{false};
};

/// The snapshot of `session`'s meshes and instances for a sweep with `choice`.
[[nodiscard]] LeakSweepInput leak_sweep_input(const SceneSession& session,
                                              const LeakSweepChoice& choice);

/// Runs the sweep; with `progress`, reports it and returns early (with what it has) on a cancel.
[[nodiscard]] LeakSweepOutcome run_leak_sweep(const LeakSweepInput& input,
                                              LeakSweepProgress* progress = nullptr);

using LeakSweepJob = BackgroundJob<LeakSweepOutcome, LeakSweepProgress, std::string>;

/// Starts run_leak_sweep on a thread of its own.
[[nodiscard]] std::shared_ptr<LeakSweepJob> start_leak_sweep(LeakSweepInput input);

}  // namespace app
