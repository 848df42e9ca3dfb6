// raypick: click a 3D model and see which triangle the mouse ray hit.
// The command line is the contract of DESIGN.md: the viewer by default, and subcommands that
// run without a window.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "app/async_load.h"
#include "app/commands/bench_command.h"
#include "app/commands/heatmap_command.h"
#include "app/commands/leaks_command.h"
#include "app/commands/pick_command.h"
#include "app/commands/tritri_command.h"
#include "app/viewer_options.h"
#include "picking/ray_triangle.h"
#include "picking/triangle_triangle.h"

namespace {

/// "1280x720" -> {1280, 720}
glm::ivec2 parse_size(const std::string& text) {
    int w = 0, h = 0;
    char x = 0, extra = 0;
    if (std::sscanf(text.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X') ||
        w < 64 || h < 64 || w > 16384 || h > 16384)
        throw CLI::ValidationError("--size", "expected WxH, e.g. 1280x720 (each 64..16384)");
    return {w, h};
}

/// "640,360" -> {640, 360}
glm::ivec2 parse_point(const std::string& text) {
    int x = 0, y = 0;
    char comma = 0, extra = 0;
    if (std::sscanf(text.c_str(), "%d%c%d%c", &x, &comma, &y, &extra) != 3 || comma != ',')
        throw CLI::ValidationError("--click", "expected X,Y in window pixels, e.g. 640,360");
    return {x, y};
}

/// "1,2.5,-3" -> {1, 2.5, -3}
glm::vec3 parse_vec3(const std::string& text, const char* option) {
    float x = 0, y = 0, z = 0;
    char c1 = 0, c2 = 0, extra = 0;
    if (std::sscanf(text.c_str(), "%f%c%f%c%f%c", &x, &c1, &y, &c2, &z, &extra) != 5 || c1 != ',' ||
        c2 != ',' || !std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z))
        throw CLI::ValidationError(option, "expected three finite numbers X,Y,Z, e.g. 0,0.5,0");
    return {x, y, z};
}

/// Exits without running static destructors when a load thread still runs (an importer that
/// cannot be interrupted must not have the process torn down underneath it).
[[noreturn]] void finish(int status) {
    std::cout.flush();
    std::cerr.flush();
    if (app::AsyncLoad::running_count() > 0) std::_Exit(status);
    std::exit(status);
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App cli("raypick: click a 3D model and see which triangle the mouse ray hit", "raypick");
    cli.require_subcommand(0, 1);

    app::ViewerOptions viewer;
    std::string size_text, click_text;
    double time = 0.0;
    cli.add_option("model", viewer.model, "A model file Assimp can read, or 'default'");
    cli.add_option("--size", size_text, "Window size in pixels, WxH (default 1280x720)");
    cli.add_option("--algorithm", viewer.algorithm, "Initial ray–triangle algorithm");
    cli.add_option("--accel", viewer.accel, "Initial broad phase");
    auto* time_option = cli.add_option("--time", time, "Animation time in seconds, paused");
    cli.add_option("--click", click_text, "Click at window pixel X,Y (origin top left)");
    cli.add_option("--screenshot", viewer.screenshot,
                   "Write the window as PNG, print the pick as JSON, exit");
    cli.add_option("--load-timeout", viewer.load_timeout, "Give up loading after S seconds");
    cli.add_flag("--tinyobjloader", viewer.obj_via_tinyobjloader, "Read .obj with tinyobjloader");
    cli.add_flag("--hover", viewer.hover, "Start in hover mode");
    cli.add_flag("--wireframe", viewer.wireframe, "Start with triangle edges drawn");
    app::add_algorithm_flags(cli, viewer.flags);
    cli.add_flag("--ghost", viewer.ghost, "Start with the bind-pose ghost drawn");
    cli.add_flag("--pick-bind-pose", viewer.pick_bind_pose,
                 "Also pick the bind pose, beside what is drawn (the classic wrong answer)");
    cli.add_flag("!--no-bone-view", viewer.bone_view, "Do not open the bone-space view on a pick");
    cli.add_flag("!--no-loop", viewer.loop, "Play the clip once instead of looping");
    cli.add_option("--clip", viewer.clip,
                   "The clip to play, by name or index, or 'rest' (default: the first)");
    cli.add_option("--mode", viewer.mode, "Start in this mode: pick, collide or lab")
        ->check(CLI::IsMember({"pick", "collide", "lab"}));
    std::string move_text, turn_text;
    cli.add_option("--collide", viewer.collide_instances,
                   "Collide mode: instance A,B (B moves), or A alone (a copy of A moves)")
        ->delimiter(',')
        ->expected(1, 2)
        ->check(CLI::NonNegativeNumber);
    cli.add_option("--move", move_text, "Collide mode: move the moving object by X,Y,Z");
    cli.add_option("--turn", turn_text,
                   "Collide mode: turn the moving object by X,Y,Z degrees about its centre");
    cli.add_option("--tri-algorithm", viewer.tri_algorithm,
                   "Collide mode's triangle–triangle algorithm (see raypick tritri --list)");
    cli.add_option("--lab", viewer.lab_case,
                   "Start in the Triangle lab with this seed case's preset (e.g. "
                   "intersect_no_point_inside)");
    cli.add_option("--panel", viewer.panels,
                   "Open the Algorithms window on a tab: compare | explain | all-hits | leaks | "
                   "far (repeatable)")
        ->check(CLI::IsMember({"compare", "explain", "all-hits", "leaks", "far"}));
    cli.add_option("--far-distance", viewer.far_distance,
                   "Start with the model this many units from the origin (1 .. 1e7)")
        ->check(CLI::Range(0.0, 1e7));
    cli.add_flag("--leaks", viewer.leaks, "Run the edge-crack sweep once the scene is loaded");

    app::PickCommandOptions pick;
    CLI::App* pick_command = app::add_pick_command(cli, pick);
    app::BenchCommandOptions bench;
    CLI::App* bench_command = app::add_bench_command(cli, bench);
    app::HeatmapCommandOptions heatmap;
    CLI::App* heatmap_command = app::add_heatmap_command(cli, heatmap);
    CLI::App* algorithms = cli.add_subcommand("algorithms", "List the ray–triangle algorithms");
    app::TriTriCommandOptions tritri;
    CLI::App* tritri_command = app::add_tritri_command(cli, tritri);
    app::LeaksCommandOptions leaks;
    CLI::App* leaks_command = app::add_leaks_command(cli, leaks);

    try {
        cli.parse(argc, argv);
        if (!size_text.empty()) viewer.size = parse_size(size_text);
        if (!click_text.empty()) viewer.click = parse_point(click_text);
        if (*time_option) viewer.time = time;
        if (!move_text.empty()) viewer.collide_move = parse_vec3(move_text, "--move");
        if (!turn_text.empty()) viewer.collide_turn = parse_vec3(turn_text, "--turn");
        if (!picking::find_tri_tri_algorithm(viewer.tri_algorithm))
            throw CLI::ValidationError(
                "--tri-algorithm",
                "unknown: '" + viewer.tri_algorithm + "' (raypick tritri --list names them)");
        // Collide options mean Collide mode.
        if (!viewer.collide_instances.empty() || viewer.collide_move || viewer.collide_turn)
            viewer.mode = "collide";
        viewer.flags.apply();
        if (!(viewer.flags.t_min <= viewer.flags.t_max))
            throw CLI::ValidationError("--t-min", "must not be above --t-max");
    } catch (const CLI::ParseError& e) {
        finish(cli.exit(e));
    }

    if (*algorithms) {
        for (const auto& algorithm : picking::kRayTriangleAlgorithms)
            std::cout << algorithm.name << "\n";
        finish(0);
    }
    if (*pick_command) finish(app::run_pick_command(pick));
    if (*tritri_command) finish(app::run_tritri_command(tritri));
    if (*leaks_command) finish(app::run_leaks_command(leaks));
    if (*bench_command) finish(app::run_bench_command(bench));
    if (*heatmap_command) finish(app::run_heatmap_command(heatmap));
    if (viewer.click && !viewer.scripted())
        std::cerr << "raypick: --click without --screenshot picks once and keeps the window open\n";
    finish(app::run_viewer(viewer));
}
