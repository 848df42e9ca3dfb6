#pragma once
/// `raypick inspect MODEL [--dx-epsilon E]`: the mesh inspector without a window. One JSON
/// line over every mesh of the scene, each counted once (not per instance), as loaded:
/// {"model", "triangles", "degenerate", "slivers", "duplicate_vertices", "boundary_edges",
/// "non_manifold_edges", ..., "meshes": [per mesh the same]} (app/core/scene_inspection.h).

#include <string>

namespace app {

struct InspectCommandOptions {
    std::string model;
    float dx_det_epsilon = 1e-4f;  ///< the DirectX test's epsilon for its verdicts (seed 000)
    bool obj_via_tinyobjloader = false;
    double load_timeout = 0.0;
};

/// Runs it: returns the process exit status (the load's, app/core/load_exit_status.h, when the
/// model does not load).
[[nodiscard]] int run_inspect_command(const InspectCommandOptions& options);

}  // namespace app
