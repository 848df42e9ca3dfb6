#pragma once
/// `raypick bench MODEL [--rays FILE | --incoherent N | --primary WxH] [--accel NAME]
/// [--algorithm NAME] [--threads K]`: no window; builds the acceleration structure, casts every
/// ray, prints one JSON line (DESIGN.md): {"model", "triangles", "accel", "algorithm",
/// "build_ms", "rays", "hits", "rays_per_second", "sum_t", "nodes_per_ray",
/// "triangles_per_ray", "bytes"}.
///
/// Beyond the contract: --accel takes a comma-separated list (one line per accel, measured in
/// the same process on the same rays, passes interleaved so a noisy machine hits them alike),
/// --repeat R reports the median of R builds and of R casting passes, --scalar forces the
/// BVH's scalar reference path, and --packets casts neighbouring rays 16 at a time (raypick's
/// packet traversal; Embree's rtcIntersect16): rays in file order, and --primary rays in 4x4
/// screen tiles. Its line adds "packet_rays". --write-rays FILE writes the rays instead, in
/// the order they would be cast, for another run (--rays FILE) or another tool.

#include <string>
#include <vector>

#include "picking/ray_triangle/ray_triangle.h"

namespace app {

struct BenchCommandOptions {
    std::string model;
    std::string rays_file;
    std::size_t incoherent = 0;
    std::string primary;  ///< "WxH"
    std::string accel = "bvh";
    std::string bvh_build = "sah";  ///< how the BVH is built (bvh_build_choice.h)
    std::string algorithm{picking::kDefaultRayTriangleName};
    unsigned threads = 1;
    unsigned repeat = 1;
    bool scalar = false;
    bool packets = false;
    double load_timeout = 0.0;
    std::string write_rays;  ///< write the rays here (text, or .f32) and cast none
};

/// Runs it: returns the process exit status.
[[nodiscard]] int run_bench_command(const BenchCommandOptions& options);

}  // namespace app
