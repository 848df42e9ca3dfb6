#pragma once
/// `raypick pick MODEL [--ray ... | --rays FILE] ... [--record FILE]`: no window, one JSON line
/// per ray; `raypick pick --replay RECORD [MODEL]`: each record picked again and compared.

#include <optional>
#include <string>
#include <vector>

#include "app/core/algorithm_flags.h"

namespace app {

struct PickCommandOptions {
    std::string model;
    std::vector<float> ray;  ///< OX OY OZ DX DY DZ
    std::string rays_file;
    std::string algorithm{picking::kDefaultRayTriangleName};
    std::string accel = "none";
    std::string bvh_build = "auto";  ///< how the BVH is built (bvh_build_choice.h)
    double time = 0.0;
    AlgorithmFlags flags;   ///< t range, culling, the seeds' tolerances
    bool all_hits = false;  ///< every intersection along the ray, not just the closest
    std::string space = "bone";
    bool bind_pose = false;  ///< pick the bind pose instead of the pose at --time
    bool loop = true;        ///< --time wraps into the clip (the viewer's default)
    std::string clip;        ///< a clip name, index or "rest"; empty: the first clip
    bool obj_via_tinyobjloader = false;
    double load_timeout = 0.0;
    double far_distance = 0.0;  ///< Far from origin: the model this far away along (1, 1, 1)
    std::string record_file;    ///< write each pick's record here (JSON lines)
    std::string replay_file;    ///< replay the records of this file instead of picking
};

/// Runs it: returns the process exit status.
[[nodiscard]] int run_pick_command(const PickCommandOptions& options);

}  // namespace app
