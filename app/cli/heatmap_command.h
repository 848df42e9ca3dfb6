#pragma once
/// `raypick heatmap MODEL --out FILE.png [--accel NAME] [--size WxH]`: the viewer's per-pixel
/// cost heatmap without a window, from the viewer's opening camera; prints one JSON line of
/// totals.

#include <string>

#include "picking/ray_triangle/ray_triangle.h"

namespace app {

struct HeatmapCommandOptions {
    std::string model;
    std::string out;
    std::string accel = "bvh";
    std::string algorithm{picking::kDefaultRayTriangleName};
    std::string size = "1280x720";
    std::string metric = "work";  ///< work (nodes + triangles), ns or packets (HeatmapMetric)
    unsigned threads = 0;
    double time = 0.0;
    double load_timeout = 0.0;
};

[[nodiscard]] int run_heatmap_command(const HeatmapCommandOptions& options);

}  // namespace app
