#pragma once
/// `raypick select MODEL --rect X0,Y0,X1,Y1 | --lasso FILE [--visible-only] ...`: region
/// selection without a window, in window pixels of the viewer's opening view (its default
/// regions around the 3D view, its opening camera); one JSON line with the triangles selected
/// per object and their total. `--record FILE` also writes the selection's record
/// (app/core/selection_record.h); `raypick select --replay RECORD [MODEL]` selects again exactly
/// as recorded and compares (exit 6 on a mismatch, 7 when the model file changed).

#include <string>

#include "picking/ray_triangle/ray_triangle.h"

namespace app {

struct SelectCommandOptions {
    std::string model;
    std::string rect;   ///< "X0,Y0,X1,Y1" window pixels
    std::string lasso;  ///< a file of points, "X Y" per line
    std::string rule = "touching";
    bool visible_only = false;
    std::string size = "1280x720";
    /// "TX,TY,TZ,DISTANCE,YAW,PITCH" (degrees): an orbit camera instead of the opening one.
    std::string camera;
    bool orthographic = false;
    std::string accel = "bvh";
    std::string algorithm{picking::kDefaultRayTriangleName};
    double time = 0.0;
    unsigned threads = 0;
    bool ids = true;  ///< list each object's triangle indices (not only their counts)
    double load_timeout = 0.0;
    std::string record_file;  ///< also write the selection's record here (one JSON line)
    std::string replay_file;  ///< replay this record instead of selecting
};

[[nodiscard]] int run_select_command(const SelectCommandOptions& options);

}  // namespace app
