#pragma once
/// The command line of DESIGN.md: the viewer's options and every subcommand's, parsed in one
/// place (app/cli/command_line.cpp, the only file that sees CLI11).

#include <optional>

#include "app/cli/bench_command.h"
#include "app/cli/disagree_command.h"
#include "app/cli/heatmap_command.h"
#include "app/cli/inspect_command.h"
#include "app/cli/leaks_command.h"
#include "app/cli/pick_command.h"
#include "app/cli/select_command.h"
#include "app/cli/sphere_forms_command.h"
#include "app/cli/tritri_command.h"
#include "app/core/viewer_options.h"

namespace app {

/// What the command line asks for: the viewer (no subcommand) or one subcommand.
enum class Command {
    Viewer,
    Pick,
    Select,
    Bench,
    Heatmap,
    Disagree,
    Algorithms,
    Tours,
    TriTri,
    Leaks,
    Inspect,
    SphereForms
};

struct CommandLine {
    Command command = Command::Viewer;
    ViewerOptions viewer;
    PickCommandOptions pick;
    SelectCommandOptions select;
    BenchCommandOptions bench;
    HeatmapCommandOptions heatmap;
    DisagreeCommandOptions disagree;
    TriTriCommandOptions tritri;
    LeaksCommandOptions leaks;
    InspectCommandOptions inspect;
    SphereFormsCommandOptions sphere_forms;
};

/// Parses argv into `out`. Returns the exit status to end with when the process should stop
/// here (--help, or an error, after printing it the way CLI11 does); nothing when `out` says
/// what to run.
[[nodiscard]] std::optional<int> parse_command_line(int argc, char** argv, CommandLine& out);

}  // namespace app
