// raypick: click a 3D model and see which triangle the mouse ray hit.
// The command line is the contract of DESIGN.md: the viewer by default, and subcommands that
// run without a window.

#include <cstdlib>
#include <exception>
#include <iostream>
#include <new>
#include <system_error>

#include "app/cli/command_line.h"
#include "app/core/background_job.h"
#include "app/core/json_line.h"
#include "app/core/tours.h"
#include "app/viewer/run_viewer.h"
#include "assets/import_child.h"
#include "picking/core/isa.h"
#include "picking/core/parallel_for.h"
#include "picking/core/worker_pool.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace {

/// Exits without running static destructors when a load or build thread still runs (an importer
/// or an Embree build that cannot be interrupted must not have the process torn down underneath
/// it).
[[noreturn]] void finish(int status) {
    std::cout.flush();
    std::cerr.flush();
    if (app::running_background_jobs() > 0) std::_Exit(status);
    std::exit(status);
}

/// Runs the viewer or one subcommand; `prefix` starts its messages ("raypick pick"). What it does
/// not catch itself still ends with a message naming the command, never with std::terminate:
/// running out of memory says so.
template <class Run>
[[nodiscard]] int run_command(const char* prefix, Run run) {
    try {
        return run();
    } catch (const std::bad_alloc&) {
        std::cerr << prefix << ": out of memory\n";
    } catch (const std::exception& e) {
        std::cerr << prefix << ": " << e.what() << "\n";
    }
    return 1;
}

/// The threads a command splits its work over (0: every core), beside the one running it; the
/// commands that split none ask for none.
[[nodiscard]] unsigned helper_threads(const app::CommandLine& command_line) {
    auto beside = [](unsigned threads) { return picking::resolve_thread_count(threads) - 1; };
    switch (command_line.command) {
        case app::Command::Select:
            return beside(command_line.select.threads);
        case app::Command::Bench:
            return beside(command_line.bench.threads);
        case app::Command::Heatmap:
            return beside(command_line.heatmap.threads);
        case app::Command::Disagree:
            return beside(command_line.disagree.threads);
        case app::Command::Pick:
        case app::Command::Viewer:
            return beside(0);  // builds on every core
        default:
            return 0;
    }
}

}  // namespace

int main(int argc, char** argv) {
    // First: a copy of raypick started as the import process loads one file and ends here.
    assets::serve_import_role(argc, argv);
    // RAYPICK_ISA forces a SIMD path: one this CPU cannot run is an error, not a silent fallback.
    if (const auto error = picking::isa_request_error()) {
        std::cerr << "raypick: " << *error << "\n";
        return 2;
    }
    app::CommandLine command_line;
    if (const auto status = app::parse_command_line(argc, argv, command_line)) finish(*status);
    // Made while the model loads, so the first split finds them asleep (picking::WorkerPool);
    // if the system will not make them now, the first split tries again.
    try {
        picking::WorkerPool::shared().keep_ready(helper_threads(command_line));
    } catch (const std::system_error&) {
    }

    switch (command_line.command) {
        case app::Command::Algorithms:
            for (const auto& algorithm : picking::kRayTriangleAlgorithms)
                std::cout << algorithm.name << "\n";
            finish(0);
        case app::Command::Tours:
            for (const app::Tour& tour : app::tours())
                std::cout << app::json_line(app::tour_json(tour)) << "\n";
            finish(0);
        case app::Command::Pick:
            finish(run_command("raypick pick",
                               [&] { return app::run_pick_command(command_line.pick); }));
        case app::Command::Select:
            finish(run_command("raypick select",
                               [&] { return app::run_select_command(command_line.select); }));
        case app::Command::TriTri:
            finish(run_command("raypick tritri",
                               [&] { return app::run_tritri_command(command_line.tritri); }));
        case app::Command::Leaks:
            finish(run_command("raypick leaks",
                               [&] { return app::run_leaks_command(command_line.leaks); }));
        case app::Command::Bench:
            finish(run_command("raypick bench",
                               [&] { return app::run_bench_command(command_line.bench); }));
        case app::Command::Inspect:
            finish(run_command("raypick inspect",
                               [&] { return app::run_inspect_command(command_line.inspect); }));
        case app::Command::SphereForms:
            finish(run_command("raypick sphere-forms", [&] {
                return app::run_sphere_forms_command(command_line.sphere_forms);
            }));
        case app::Command::Heatmap:
            finish(run_command("raypick heatmap",
                               [&] { return app::run_heatmap_command(command_line.heatmap); }));
        case app::Command::Disagree:
            finish(run_command("raypick disagree",
                               [&] { return app::run_disagree_command(command_line.disagree); }));
        case app::Command::Viewer:
            break;
    }
    const app::ViewerOptions& viewer = command_line.viewer;
    if (viewer.click && !viewer.scripted())
        std::cerr << "raypick: --click without --screenshot picks once and keeps the window open\n";
    finish(run_command("raypick", [&] { return app::run_viewer(viewer); }));
}
