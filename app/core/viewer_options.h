#pragma once
/// The viewer's command line (DESIGN.md): `raypick [MODEL] [options]`.

#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "app/core/algorithm_flags.h"

namespace app {

struct ViewerOptions {
    std::string model = "default";
    glm::ivec2 size{1280, 720};
    std::string algorithm{picking::kDefaultRayTriangleName};
    std::string accel = "none";
    AlgorithmFlags flags;             ///< t range, culling, the seeds' tolerances
    std::optional<double> time;       ///< paused at this time; playing from 0 when absent
    std::optional<glm::ivec2> click;  ///< window pixel, origin top left
    /// Scripted: after the click, move the animation to this time before the screenshot (the
    /// pick stays selected, and its views show it as it was picked).
    std::optional<double> then_time;
    std::string screenshot;  ///< write PNG, print the pick, exit
    /// A session file to open (app/core/session_file.h): its model, unless `model` is given.
    std::string session;
    /// For tests that drive the window with real input: after every frame, this file holds
    /// the frame's number, where the named widgets were drawn, and the report a screenshot
    /// prints (written whole each time, by renaming).
    std::string ui_trace;
    double load_timeout = 0.0;  ///< <= 0: no limit
    bool obj_via_tinyobjloader = false;
    bool hover = false;
    bool wireframe = false;
    bool orthographic = false;    ///< start with an orthographic camera
    bool ghost = false;           ///< draw the bind-pose ghost
    bool pick_bind_pose = false;  ///< also pick the bind pose (the classic wrong answer)
    bool loop = true;             ///< wrap the time into the clip
    std::string clip;             ///< the clip of the first model (name, index, "rest")
    std::string mode = "pick";    ///< pick | collide | lab
    std::string lab_case;         ///< the Triangle lab's starting preset (a seed case name)
    /// Open the Algorithms tool on these tabs (the last one shown): compare, explain,
    /// all-hits, leaks, far.
    std::vector<std::string> panels;
    /// Play this guided tour (app/core/tours.h); scripted, one screenshot and report per step.
    std::string tour;
    /// Open Explain drawing the construction, and turn the camera to the explained triangle.
    bool construction = false;
    std::string disagree_b = "reference";  ///< the Disagreement tab's algorithm B
    int disagree_ulps = 4;                 ///< the Disagreement tab's ULPs
    /// Open the Tools area on these tools (the last one shown): algorithms, acceleration,
    /// bone-space, inspect-mesh, sphere-forms, slab-lab, ground-probe, animation.
    std::vector<std::string> tools;
    /// Open the Tools area on the Slab lab with this preset (app/core/slab_lab.h names them).
    std::string slab_preset;
    bool outliner = false;               ///< open the Outliner (the node tree) at the start
    std::optional<double> far_distance;  ///< start with the model this far from the origin
    bool leaks = false;                  ///< run the edge-crack sweep once the scene is loaded
    /// Collide mode: the fixed instance and the moving one (one index: a copy of it moves).
    std::vector<int> collide_instances;
    std::optional<glm::vec3> collide_move;           ///< the moving object's offset
    std::optional<glm::vec3> collide_turn;           ///< its turn, degrees about x, y, z
    std::string tri_algorithm = "guigue_devillers";  ///< Collide mode's triangle–triangle test
    std::optional<int> bvh_depth;    ///< draw the BVH's boxes at this depth (-1: every level)
    bool show_visited = false;       ///< draw the boxes each pick entered
    bool heatmap = false;            ///< show the per-pixel cost heatmap
    bool heatmap_packets = false;    ///< trace it in 4x4 packets (HeatmapMetric::Packets)
    std::string bvh_build = "auto";  ///< how the BVH is built (bvh_build_choice.h)
    /// Scripted: after the click, draw this many frames before the screenshot and report their
    /// times (the app's own work per frame, and the GL driver's).
    int bench_frames = 0;

    /// Scripted runs have a screenshot to take.
    [[nodiscard]] bool scripted() const { return !screenshot.empty(); }
    /// Runs under test (scripted, or traced) leave no trace in the user's config.
    [[nodiscard]] bool under_test() const { return scripted() || !ui_trace.empty(); }
};

}  // namespace app
