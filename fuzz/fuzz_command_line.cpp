// libFuzzer harness: the command line (CLI11 and every check raypick adds) and the first steps
// each command takes with what it parsed. The input is argv after the program name, arguments
// separated by NUL bytes. Parsing either stops with an exit status (help, or an error it
// printed) or hands over options a command can use.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/command_line.h"
#include "app/cli/pair_file.h"
#include "app/cli/ray_file.h"
#include "app/core/pick_choice.h"
#include "app/core/tours.h"
#include "fuzz/fuzz_check.h"

namespace {

/// CLI11 prints help and errors to std::cout and std::cerr: thousands of runs a second would
/// flood the terminal that libFuzzer reports to (through C stdio, which this leaves alone).
std::ostringstream g_discarded;

void check_choice(const std::string& algorithm, const std::string& accel) {
    app::PickChoice choice;
    (void)app::parse_pick_choice(algorithm, accel, choice);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    std::cout.rdbuf(g_discarded.rdbuf());
    std::cerr.rdbuf(g_discarded.rdbuf());
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> arguments{"raypick"};
    std::string current;
    for (std::size_t i = 0; i < size && arguments.size() < 64; ++i) {
        if (data[i] == 0) {
            arguments.push_back(current);
            current.clear();
        } else {
            current.push_back(char(data[i]));
        }
    }
    if (!current.empty() && arguments.size() < 64) arguments.push_back(current);
    std::vector<char*> argv;
    for (std::string& argument : arguments)
        argv.push_back(argument.data());
    argv.push_back(nullptr);

    app::CommandLine out;
    const auto status = app::parse_command_line(int(arguments.size()), argv.data(), out);
    g_discarded.str({});
    if (status) return 0;

    // What the commands rely on once parsing accepted the line.
    const auto& viewer = out.viewer;
    FUZZ_CHECK(viewer.size.x >= 64 && viewer.size.y >= 64 && viewer.size.x <= 16384 &&
               viewer.size.y <= 16384);
    FUZZ_CHECK(viewer.flags.t_min <= viewer.flags.t_max);
    FUZZ_CHECK(!viewer.time || std::isfinite(*viewer.time));
    FUZZ_CHECK(!viewer.then_time || std::isfinite(*viewer.then_time));
    FUZZ_CHECK(std::isfinite(viewer.load_timeout) && viewer.load_timeout >= 0.0);
    switch (out.command) {
        case app::Command::Pick:
            FUZZ_CHECK(out.pick.ray.empty() || out.pick.ray.size() == 6);
            for (const float v : out.pick.ray)
                FUZZ_CHECK(std::isfinite(v));
            FUZZ_CHECK(std::isfinite(out.pick.time));
            check_choice(out.pick.algorithm, out.pick.accel);
            break;
        case app::Command::Select:
            FUZZ_CHECK(std::isfinite(out.select.time));
            FUZZ_CHECK(out.select.threads <= 256);
            FUZZ_CHECK(out.select.rule == "touching" || out.select.rule == "centroid" ||
                       out.select.rule == "inside");
            check_choice(out.select.algorithm, out.select.accel);
            break;
        case app::Command::Bench:
            FUZZ_CHECK(out.bench.incoherent <= app::kMaxRays);
            FUZZ_CHECK(out.bench.threads >= 1 && out.bench.threads <= 256);
            check_choice(out.bench.algorithm, "none");
            break;
        case app::Command::Heatmap:
            FUZZ_CHECK(out.heatmap.threads <= 256);
            FUZZ_CHECK(std::isfinite(out.heatmap.time));
            check_choice(out.heatmap.algorithm, out.heatmap.accel);
            break;
        case app::Command::Disagree:
            FUZZ_CHECK(out.disagree.threads <= 256);
            FUZZ_CHECK(std::isfinite(out.disagree.time));
            FUZZ_CHECK(out.disagree.far_distance >= 0.0 && out.disagree.far_distance <= 1e7);
            FUZZ_CHECK(out.disagree.ulps >= 0);
            check_choice(out.disagree.a, out.disagree.accel);
            check_choice(out.disagree.b, out.disagree.accel);
            break;
        case app::Command::Leaks:
            FUZZ_CHECK(out.leaks.rays >= 1);
            FUZZ_CHECK(std::isfinite(out.leaks.time));
            break;
        case app::Command::Inspect:
            FUZZ_CHECK(!out.inspect.model.empty());
            FUZZ_CHECK(std::isfinite(out.inspect.dx_det_epsilon) &&
                       out.inspect.dx_det_epsilon >= 0.0f);
            FUZZ_CHECK(std::isfinite(out.inspect.load_timeout) && out.inspect.load_timeout >= 0.0);
            break;
        case app::Command::TriTri:
            FUZZ_CHECK(out.tritri.count >= 1 && out.tritri.count <= app::kMaxPairs);
            break;
        case app::Command::SphereForms:
            FUZZ_CHECK(out.sphere_forms.points >= 2 && out.sphere_forms.points <= 100000);
            FUZZ_CHECK(out.sphere_forms.offset >= 0.0 && out.sphere_forms.offset <= 0.99);
            break;
        case app::Command::Viewer:
            // A tour the parse let through is one that exists.
            FUZZ_CHECK(viewer.tour.empty() || app::find_tour(viewer.tour));
            break;
        case app::Command::Algorithms:
        case app::Command::Tours:
            break;
    }
    return 0;
}
