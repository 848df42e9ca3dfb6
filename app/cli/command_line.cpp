// The whole command line of DESIGN.md in one place, and the only file that includes CLI11
// (a header-only library that costs seconds to compile wherever it is included).

#include "app/cli/command_line.h"

#include <cmath>
#include <iostream>
#include <limits>
#include <string_view>

#include <CLI/CLI.hpp>

#include "app/cli/option_values.h"
#include "app/cli/pair_file.h"
#include "app/cli/ray_file.h"
#include "app/core/bvh_build_choice.h"
#include "app/core/settings_names.h"
#include "app/core/slab_lab.h"
#include "app/core/tours.h"
#include "picking/ray_triangle/ray_triangle.h"
#include "picking/tritri/triangle_triangle.h"

namespace app {

namespace {

/// "1280x720" -> {1280, 720}, each 64..16384
glm::ivec2 parse_size(const std::string& text) {
    const auto size = parse_size_value(text);
    if (!size || size->x < 64 || size->y < 64 || size->x > 16384 || size->y > 16384)
        throw CLI::ValidationError("--size", "expected WxH, e.g. 1280x720 (each 64..16384)");
    return *size;
}

/// "640,360" -> {640, 360}
glm::ivec2 parse_point(const std::string& text) {
    const auto point = parse_point_value(text);
    if (!point)
        throw CLI::ValidationError("--click", "expected X,Y in window pixels, e.g. 640,360");
    return *point;
}

/// "1,2.5,-3" -> {1, 2.5, -3}
glm::vec3 parse_vec3(const std::string& text, const char* option) {
    const auto v = parse_vec3_value(text);
    if (!v) throw CLI::ValidationError(option, "expected three finite numbers X,Y,Z, e.g. 0,0.5,0");
    return *v;
}

/// Every number an option takes is finite: NaN would pass every range check and poison what
/// it reaches (a time, a tolerance, a distance).
const CLI::Validator& finite() {
    static const CLI::Validator validator(
        [](std::string& text) {
            return is_finite_number(text) ? std::string() : "'" + text + "' is not a finite number";
        },
        "FINITE");
    return validator;
}

/// Finite and >= 0: tolerances and seconds.
const CLI::Validator& non_negative() {
    static const CLI::Validator validator(
        [](std::string& text) {
            const auto value = number_value(text);
            return value && std::isfinite(*value) && *value >= 0.0
                       ? std::string()
                       : "'" + text + "' is not a finite number >= 0";
        },
        "NUMBER >= 0");
    return validator;
}

/// Finite, >= 0 and within a float's range: the tolerances the tests store as float, where
/// 1e39 would quietly become inf (and an infinite slack accepts hits behind the eye).
const CLI::Validator& non_negative_float() {
    static const CLI::Validator validator(
        [](std::string& text) {
            const auto value = number_value(text);
            if (!value || !std::isfinite(*value) || *value < 0.0)
                return "'" + text + "' is not a finite number >= 0";
            return *value <= double(std::numeric_limits<float>::max())
                       ? std::string()
                       : "'" + text + "' is beyond a float's range (the largest is about 3.4e38)";
        },
        "NUMBER >= 0");
    return validator;
}

/// --t-min: finite within a float's range (1e39 would be an infinite bound).
const CLI::Validator& finite_float() {
    static const CLI::Validator validator(
        [](std::string& text) {
            const auto value = number_value(text);
            if (!value || !std::isfinite(*value)) return "'" + text + "' is not a finite number";
            return std::abs(*value) <= double(std::numeric_limits<float>::max())
                       ? std::string()
                       : "'" + text + "' is beyond a float's range (the largest is about 3.4e38)";
        },
        "NUMBER");
    return validator;
}

/// --t-max: finite within a float's range, or inf for no limit (its default).
const CLI::Validator& finite_float_or_infinity() {
    static const CLI::Validator validator(
        [](std::string& text) {
            const auto value = number_value(text);
            if (value && std::isinf(*value) && *value > 0.0) return std::string();
            if (!value || !std::isfinite(*value))
                return "'" + text + "' is neither a finite number nor inf";
            return std::abs(*value) <= double(std::numeric_limits<float>::max())
                       ? std::string()
                       : "'" + text +
                             "' is beyond a float's range (the largest is about 3.4e38); "
                             "inf means no limit";
        },
        "NUMBER|inf");
    return validator;
}

/// CLI11 reads an argument that starts with '-' as an option unless a digit follows, so
/// `--ray 0 0 9 0 0 -inf` was misread as a ray of five numbers and an unknown option. Finds
/// such a non-finite number ("-inf", "-nan", "-Infinity") and says what it is, naming the
/// option it follows.
std::optional<CLI::ValidationError> negative_non_finite_argument(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view token = argv[i];
        if (!token.starts_with('-') || !is_non_finite_number(token)) continue;
        std::string option = "(argument " + std::to_string(i) + ")";
        for (int j = i - 1; j >= 1; --j)
            if (std::string_view(argv[j]).starts_with("--")) {
                option = argv[j];
                break;
            }
        if (option == "--ray")
            return CLI::ValidationError(option, "the ray is not finite ('" + std::string(token) +
                                                    "'): six finite numbers OX OY OZ DX DY DZ");
        return CLI::ValidationError(option, "'" + std::string(token) + "' is not a finite number");
    }
    return std::nullopt;
}

/// --algorithm's help: the default and where the names are.
std::string algorithm_help() {
    return "Ray–triangle algorithm (default " + std::string(picking::kDefaultRayTriangleName) +
           ": no ray slips between triangles that share an edge; 'raypick algorithms' lists "
           "them all)";
}

std::string tri_tri_algorithm_names() {
    std::string names;
    for (const auto& algorithm : picking::kTriTriAlgorithms)
        names += (names.empty() ? "" : ", ") + std::string(algorithm.name);
    return names;
}
/// The most threads --threads takes: more would only wait for the cores.
constexpr unsigned kMaxThreads = 256;

/// --load-timeout, the same for the viewer and every command that loads a model.
void add_load_timeout(CLI::App& app, double& seconds) {
    app.add_option("--load-timeout", seconds,
                   "Give up loading after this many seconds (default 0: no limit)")
        ->check(non_negative());
}

/// --cull-backfaces, --t-min, --t-max, --seed-t, the shapes' forms and --slab-eps, --xna-hit,
/// --dx-epsilon, --unity-epsilon, --unity-tolerance: the same for the viewer, `pick` and
/// `leaks`.
void add_algorithm_flags(CLI::App& app, AlgorithmFlags& flags) {
    auto& o = flags.options;
    app.add_flag("--cull-backfaces", o.cull_backfaces, "Ignore triangles seen from behind");
    app.add_option("--t-min", flags.t_min, "Accept hits at t >= T (default 0)")
        ->check(finite_float());
    app.add_option("--t-max", flags.t_max, "Accept hits at t <= T (default: no limit, inf)")
        ->check(finite_float_or_infinity());
    app.add_option("--seed-t", flags.seed_t,
                   "dx_pick, unity_pick, xna_plane: 'ignore' the t range as the seeds do "
                   "(hits behind the eye count), or 'clip' to it")
        ->check(CLI::IsMember({"ignore", "clip"}));
    app.add_option("--sphere-form", flags.sphere_form,
                   "Analytic spheres: seed 002's quadratic, half_b, unit_direction, or precise "
                   "(Ray Tracing Gems ch. 7)")
        ->check(CLI::IsMember({"quadratic", "half_b", "unit_direction", "precise"}));
    app.add_option("--rect-test", flags.rect_test,
                   "Analytic rectangles: seed (strict min/max), axis_aligned (min/max), oriented")
        ->check(CLI::IsMember({"seed", "axis_aligned", "oriented"}));
    app.add_option("--slab-test", flags.slab_test,
                   "Analytic boxes: seed (seed 002's slab test, eps 0.0001) or robust")
        ->check(CLI::IsMember({"seed", "robust"}));
    app.add_option("--slab-eps", flags.shapes.slab_epsilon,
                   "The seed slab test's absolute slack: a hit iff t_exit + EPS > t_enter "
                   "(0.0001, seed 002)")
        ->check(non_negative_float());
    app.add_option("--xna-hit", flags.xna_hit,
                   "xna_plane: the 'first' triangle found (seed 001) or the 'closest'")
        ->check(CLI::IsMember({"first", "closest"}));
    app.add_option("--dx-epsilon", o.dx_det_epsilon, "dx_pick: det below this is parallel (0.0001)")
        ->check(non_negative_float());
    app.add_option("--unity-epsilon", o.unity_det_epsilon,
                   "unity_pick: det below this is parallel (0.00001)")
        ->check(non_negative_float());
    app.add_option("--unity-tolerance", o.unity_edge_tolerance,
                   "unity_pick: slack on u - det and u + v - det (0.00001)")
        ->check(non_negative_float());
}

/// --bvh-build: how `bvh` builds its trees (`value` holds the command's default).
void add_bvh_build_option(CLI::App& command, std::string& value) {
    command
        .add_option("--bvh-build", value,
                    "How the BVH is built: sah (the fastest rays) | morton (half the build time "
                    "or less, rays 4-21% slower, the same picks) | auto (morton first from " +
                        std::to_string(kMortonFirstTriangles / 1'000'000) +
                        " million triangles, the SAH tree behind it where the app goes on; "
                        "else sah). Default: " +
                        value)
        ->check(CLI::IsMember({"auto", "sah", "morton"}));
}

CLI::App* add_pick_command(CLI::App& cli, PickCommandOptions& o) {
    CLI::App* pick = cli.add_subcommand("pick", "Pick without a window: one JSON line per ray");
    pick->add_option("model", o.model,
                     "A model file Assimp can read, or 'default' (with --replay: instead of the "
                     "recorded path; its SHA-256 is still checked)");
    auto* ray = pick->add_option("--ray", o.ray, "One ray: OX OY OZ DX DY DZ")->expected(6);
    auto* rays = pick->add_option("--rays", o.rays_file,
                                  "A file of rays: six numbers per line, or raw float32 (.f32)");
    ray->excludes(rays);
    pick->add_option("--algorithm", o.algorithm, algorithm_help());
    pick->add_option("--accel", o.accel, "Broad phase: " + accel_names_text());
    add_bvh_build_option(*pick, o.bvh_build);
    pick->add_option("--time", o.time, "Animation time in seconds (the pose to pick)")
        ->check(finite());
    add_algorithm_flags(*pick, o.flags);
    pick->add_flag("--all-hits", o.all_hits,
                   "Every intersection along the ray, sorted by t ('all_hits' in the JSON)");
    pick->add_option("--space", o.space, "Where triangles are tested: bone (XNA recipe) or world")
        ->check(CLI::IsMember({"bone", "world"}));
    pick->add_option("--clip", o.clip,
                     "The clip to pose, by name or index, or 'rest' (default: the first)");
    pick->add_flag("!--no-loop", o.loop,
                   "Do not wrap --time into the clip: past its ends the keys' pre/post states "
                   "apply");
    pick->add_flag("--bind-pose", o.bind_pose,
                   "Pick the bind pose (loaded vertices, rest transforms) instead of the pose "
                   "at --time: the classic wrong answer for animated models");
    pick->add_flag("--tinyobjloader", o.obj_via_tinyobjloader,
                   "Read .obj files with tinyobjloader");
    pick->add_option("--far-distance", o.far_distance,
                     "Far from origin: the model this many units from the origin (0 .. 1e7)")
        ->check(finite() & CLI::Range(0.0, 1e7));
    auto* record = pick->add_option(
        "--record", o.record_file,
        "Also write each pick's record (every input as exact bits, and the result) to FILE, one "
        "JSON object per line");
    auto* replay = pick->add_option(
        "--replay", o.replay_file,
        "Pick each record of FILE again with exactly its settings and compare bit for bit "
        "(exit 6 on a mismatch, 7 when the model file changed)");
    replay->excludes(record)->excludes(ray)->excludes(rays);
    add_load_timeout(*pick, o.load_timeout);
    return pick;
}

CLI::App* add_select_command(CLI::App& cli, SelectCommandOptions& o) {
    CLI::App* select = cli.add_subcommand(
        "select",
        "Select the triangles in a rectangle or lasso of the viewer's opening view: one JSON line");
    select->add_option("model", o.model,
                       "A model file, 'default', or knot:N (with --replay: instead of the "
                       "recorded path; its SHA-256 is still checked)");
    auto* rect = select->add_option("--rect", o.rect,
                                    "A rectangle X0,Y0,X1,Y1 in window pixels (origin top left)");
    auto* lasso = select->add_option("--lasso", o.lasso,
                                     "A lasso: a file of window-pixel points, 'X Y' per line");
    rect->excludes(lasso);
    select
        ->add_option("--rule", o.rule,
                     "Which triangles count: touching (any part inside), centroid, inside "
                     "(all of it)")
        ->check(CLI::IsMember({"touching", "centroid", "inside"}));
    select->add_flag("--visible-only", o.visible_only,
                     "Only triangles the camera sees at some pixel of the region (default: "
                     "X-ray, everything inside)");
    select->add_option("--size", o.size, "Window size WxH (default 1280x720)");
    select->add_option("--camera", o.camera,
                       "An orbit camera TX,TY,TZ,DISTANCE,YAW,PITCH (degrees) instead of the "
                       "opening one");
    select->add_flag("--ortho", o.orthographic, "An orthographic camera");
    select->add_option("--accel", o.accel,
                       "Broad phase of --visible-only's rays: " + accel_names_text());
    select->add_option("--algorithm", o.algorithm, algorithm_help());
    select->add_option("--time", o.time, "Animation time in seconds (the pose)")->check(finite());
    select->add_option("--threads", o.threads, "Threads (default 0: every core)")
        ->check(CLI::Range(0u, kMaxThreads));
    select->add_flag("!--counts-only", o.ids, "Per object, the count without the indices");
    auto* record = select->add_option(
        "--record", o.record_file,
        "Also write the selection's record (every input as exact bits, and per object the count "
        "and a digest of the triangles) to FILE, one JSON line");
    auto* replay = select->add_option(
        "--replay", o.replay_file,
        "Select again exactly as the record of FILE says (its camera, view and region) and "
        "compare (exit 6 on a mismatch, 7 when the model file changed)");
    replay->excludes(record)->excludes(rect)->excludes(lasso);
    add_load_timeout(*select, o.load_timeout);
    return select;
}

/// `pick` and `select` need a MODEL, unless they replay; a replay takes every setting from its
/// record (but for how long to wait for the model and, for `select`, its threads).
void check_replay_options(const CLI::App& command, const std::string& model,
                          const std::string& replay_file) {
    if (replay_file.empty()) {
        if (model.empty()) throw CLI::RequiredError("model");
        return;
    }
    for (const CLI::Option* option : command.get_options()) {
        const std::string name = option->get_name();
        if (option->count() == 0 || name == "model" || name == "--replay" ||
            name == "--load-timeout" || name == "--threads")
            continue;
        throw CLI::ValidationError(name, "--replay takes every setting from the record");
    }
}

CLI::App* add_bench_command(CLI::App& cli, BenchCommandOptions& o) {
    CLI::App* bench = cli.add_subcommand(
        "bench", "Build an acceleration structure, cast rays, print the figures as JSON");
    bench->add_option("model", o.model, "A model file, 'default', or knot:N (a torus knot)")
        ->required();
    auto* rays = bench->add_option("--rays", o.rays_file,
                                   "Rays from a file: six numbers per line, or raw float32 (.f32)");
    auto* incoherent = bench->add_option(
        "--incoherent", o.incoherent,
        "N rays from a sphere of twice the bounding radius into uniform points of the box "
        "(1.." +
            std::to_string(kMaxRays) + ")");
    incoherent->check(CLI::Range(std::size_t{1}, kMaxRays));
    auto* primary = bench->add_option(
        "--primary", o.primary,
        "WxH camera rays just framing the bounding sphere (W x H <= " + std::to_string(kMaxRays) +
            ")");
    rays->excludes(incoherent)->excludes(primary);
    incoherent->excludes(primary);
    bench->add_option(
        "--accel", o.accel,
        "Acceleration: " + accel_names_text() + " (a comma-separated list runs each)");
    bench->add_option("--algorithm", o.algorithm, algorithm_help());
    add_bvh_build_option(*bench, o.bvh_build);
    bench->add_option("--threads", o.threads, "Threads for the build and the rays (default 1)")
        ->check(CLI::Range(1u, kMaxThreads));
    bench
        ->add_option("--repeat", o.repeat,
                     "Builds and casting passes; the medians are reported (default 1)")
        ->check(CLI::Range(1u, 1000u));
    bench->add_flag("--scalar", o.scalar, "Run the BVH's scalar reference path (no SIMD)");
    bench->add_flag("--packets", o.packets,
                    "Cast neighbouring rays 16 at a time: raypick's packet traversal, Embree's "
                    "rtcIntersect16 (--primary rays in 4x4 screen tiles; others in file order)");
    bench->add_option("--write-rays", o.write_rays,
                      "Write the rays, in the order they would be cast, to FILE (six numbers a "
                      "line, or raw float32 for .f32) and exit: the same set for --rays later "
                      "(with --rays, a conversion: the model is not opened)");
    add_load_timeout(*bench, o.load_timeout);
    return bench;
}

CLI::App* add_heatmap_command(CLI::App& cli, HeatmapCommandOptions& o) {
    CLI::App* heatmap = cli.add_subcommand(
        "heatmap", "Cast a ray through every pixel and write what each cost as a PNG heatmap");
    heatmap->add_option("model", o.model, "A model file, 'default', or knot:N")->required();
    heatmap->add_option("--out", o.out, "The PNG to write")->required();
    heatmap->add_option("--accel", o.accel, "Acceleration: " + accel_names_text());
    heatmap->add_option("--algorithm", o.algorithm, algorithm_help());
    heatmap->add_option("--size", o.size, "Image size WxH (default 1280x720)");
    heatmap
        ->add_option("--metric", o.metric,
                     "work: BVH nodes + triangles tested per pixel; ns: time per pixel; "
                     "packets: each 4x4 tile cast as one packet, its work shared by its rays")
        ->check(CLI::IsMember({"work", "ns", "packets"}));
    heatmap->add_option("--threads", o.threads, "Threads (default 0: every core)")
        ->check(CLI::Range(0u, kMaxThreads));
    heatmap->add_option("--time", o.time, "Animation time in seconds (the pose)")->check(finite());
    add_load_timeout(*heatmap, o.load_timeout);
    return heatmap;
}

CLI::App* add_disagree_command(CLI::App& cli, DisagreeCommandOptions& o) {
    CLI::App* c = cli.add_subcommand(
        "disagree", "Cast every pixel with two algorithms and write where they disagree as a PNG");
    c->add_option("model", o.model, "A model file, 'default', or knot:N")->required();
    c->add_option("--a", o.a, "Algorithm A (default moller_trumbore)");
    c->add_option("--b", o.b, "Algorithm B (default reference: the exact test)");
    c->add_option("--out", o.out, "The PNG to write")->required();
    c->add_option("--accel", o.accel, "Broad phase for both: none, sphere, aabb or bvh (default)");
    c->add_option("--size", o.size, "Image size WxH (default 1280x720)");
    c->add_option("--far", o.far_distance,
                  "Move the model this many units from the origin first (0 .. 1e7)")
        ->check(finite() & CLI::Range(0.0, 1e7));
    c->add_option("--ulps", o.ulps, "t further apart than this many ULPs differs (default 4)")
        ->check(CLI::Range(0, 1 << 30));
    c->add_option("--threads", o.threads, "Threads (default 0: every core)")
        ->check(CLI::Range(0u, kMaxThreads));
    c->add_option("--time", o.time, "Animation time in seconds (the pose)")->check(finite());
    add_load_timeout(*c, o.load_timeout);
    return c;
}

CLI::App* add_tritri_command(CLI::App& cli, TriTriCommandOptions& o) {
    CLI::App* c = cli.add_subcommand(
        "tritri", "Triangle-triangle tests without a window: one JSON line per pair, or a summary");
    c->add_option("--pairs", o.pairs_file,
                  "Pairs: 18 numbers per line (V0 V1 V2 Q0 Q1 Q2), raw float32 (.f32), or - for "
                  "standard input");
    c->add_option("--algorithm", o.algorithm, "One of: " + tri_tri_algorithm_names());
    c->add_flag("--summary", o.summary,
                "Time the algorithm(s): one JSON line each, per seed case too; without --pairs on "
                "seed 003's experiment");
    c->add_flag("--segment", o.segment, "Per pair, also the intersection segment");
    c->add_flag("--batch", o.batch, "With --summary, also time the SIMD batch of moller97");
    c->add_flag("--list", o.list, "Print the algorithm names, one per line");
    c->add_option("--mix", o.mix,
                  "Generated pairs: seed (seed 003's nine cases) or near_equilateral")
        ->check(CLI::IsMember({"seed", "near_equilateral"}));
    c->add_option("--count", o.count,
                  "How many pairs to generate (default 10,000,000; at most " +
                      std::to_string(kMaxPairs) + ")")
        ->check(CLI::Range(std::size_t{1}, kMaxPairs));
    c->add_option("--seed", o.seed, "Seed of the generated pairs");
    c->add_option("--repetitions", o.repetitions, "Timed passes; the median is reported")
        ->check(CLI::Range(1, 100));
    c->add_option("--write-pairs", o.write_pairs,
                  "Write the generated pairs to this file (text, or .f32) and exit");
    return c;
}

CLI::App* add_leaks_command(CLI::App& cli, LeaksCommandOptions& o) {
    CLI::App* leaks = cli.add_subcommand(
        "leaks", "Edge-crack sweep: rays aimed exactly at shared edges and vertices");
    leaks->add_option("model", o.model, "A model file Assimp can read, or 'default'")->required();
    leaks->add_option("--algorithm", o.algorithm,
                      "One ray-triangle algorithm (default: every one, a line each)");
    leaks->add_option("--rays", o.rays, "Rays per algorithm (default 10000)")
        ->check(CLI::Range(1, 100'000'000));
    leaks->add_option("--seed", o.seed, "Seed of the ray directions (default 1)");
    leaks->add_option("--time", o.time, "Animation time in seconds (the pose to sweep)")
        ->check(finite());
    add_algorithm_flags(*leaks, o.flags);
    leaks->add_flag("--tinyobjloader", o.obj_via_tinyobjloader,
                    "Read .obj files with tinyobjloader");
    add_load_timeout(*leaks, o.load_timeout);
    return leaks;
}

CLI::App* add_inspect_command(CLI::App& cli, InspectCommandOptions& o) {
    CLI::App* inspect = cli.add_subcommand(
        "inspect",
        "The mesh inspector: degenerate and sliver triangles, duplicate vertices, open and "
        "non-manifold edges of every mesh, one JSON line");
    inspect->add_option("model", o.model, "A model file, 'default', or knot:N")->required();
    inspect
        ->add_option("--dx-epsilon", o.dx_det_epsilon,
                     "The DirectX test's epsilon for its verdict on each triangle (0.0001)")
        ->check(non_negative_float());
    inspect->add_flag("--tinyobjloader", o.obj_via_tinyobjloader,
                      "Read .obj files with tinyobjloader");
    add_load_timeout(*inspect, o.load_timeout);
    return inspect;
}

CLI::App* add_sphere_forms_command(CLI::App& cli, SphereFormsCommandOptions& o) {
    CLI::App* c = cli.add_subcommand(
        "sphere-forms",
        "Seed 002's ray-sphere quadratic in its four forms against the exact roots, over "
        "distance / radius 2 .. 1e7: one JSON line per distance");
    c->add_option("--points", o.points, "Distances, evenly spaced in log scale (default 135)")
        ->check(CLI::Range(2, 100000));
    c->add_option("--offset", o.offset,
                  "How far from the sphere's centre the ray passes, in radii (0 .. 0.99; "
                  "default 0.5)")
        ->check(finite() & CLI::Range(0.0, 0.99));
    return c;
}

}  // namespace

std::optional<int> parse_command_line(int argc, char** argv, CommandLine& out) {
    ViewerOptions& viewer = out.viewer;
    CLI::App cli("raypick: click a 3D model and see which triangle the mouse ray hit", "raypick");
    cli.require_subcommand(0, 1);

    std::string size_text, click_text;
    double time = 0.0, then_time = 0.0;
    auto* model_option =
        cli.add_option("model", viewer.model, "A model file Assimp can read, or 'default'");
    cli.add_option("--session", viewer.session,
                   "Open a session file the viewer saved (File > Save session): its model (or "
                   "MODEL), camera, layout, settings and selections");
    cli.add_option("--size", size_text, "Window size in pixels, WxH (default 1280x720)");
    cli.add_option("--algorithm", viewer.algorithm, algorithm_help());
    cli.add_option("--accel", viewer.accel, "Initial broad phase");
    auto* time_option =
        cli.add_option("--time", time, "Animation time in seconds, paused")->check(finite());
    cli.add_option("--click", click_text, "Click at window pixel X,Y (origin top left)");
    auto* then_time_option =
        cli.add_option(
               "--then-time", then_time,
               "With --click and --screenshot: after the click, move the animation to this time")
            ->check(finite());
    cli.add_option("--screenshot", viewer.screenshot,
                   "Write the window as PNG, print the pick as JSON, exit");
    cli.add_option("--ui-trace", viewer.ui_trace,
                   "For tests: after every frame, write the frame number, where the named "
                   "widgets are and the screenshot's JSON report to this file");
    add_load_timeout(cli, viewer.load_timeout);
    cli.add_flag("--tinyobjloader", viewer.obj_via_tinyobjloader, "Read .obj with tinyobjloader");
    cli.add_flag("--hover", viewer.hover, "Start in hover mode");
    cli.add_flag("--wireframe", viewer.wireframe, "Start with triangle edges drawn");
    cli.add_flag("--orthographic", viewer.orthographic, "Start with an orthographic camera");
    add_algorithm_flags(cli, viewer.flags);
    cli.add_flag("--ghost", viewer.ghost, "Start with the bind-pose ghost drawn");
    cli.add_flag("--pick-bind-pose", viewer.pick_bind_pose,
                 "Also pick the bind pose, beside what is drawn (the classic wrong answer)");
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
                   "Open the Algorithms tool on a tab: compare | explain | all-hits | leaks | "
                   "far | disagree (repeatable)")
        ->check(CLI::IsMember({"compare", "explain", "all-hits", "leaks", "far", "disagree"}));
    cli.add_option("--tour", viewer.tour,
                   "Play a guided tour ('raypick tours' lists them); with --screenshot FILE it "
                   "plays headless, writes FILE-N.png per step and prints one JSON line per "
                   "step");
    cli.add_flag("--construction", viewer.construction,
                 "Open Explain drawing the algorithm's construction (E1, E2, the planes, the "
                 "areas) on the clicked triangle, and turn the camera to it");
    cli.add_option("--disagree-b", viewer.disagree_b,
                   "The Disagreement tab's algorithm B (default reference; A is --algorithm)");
    cli.add_option("--disagree-ulps", viewer.disagree_ulps,
                   "The Disagreement tab: t values this many ULPs apart still agree (default 4)")
        ->check(CLI::Range(0, 64));
    cli.add_flag("--outliner", viewer.outliner, "Open the Outliner (the node tree) at the start");
    cli.add_option("--tool", viewer.tools,
                   "Open the Tools area on a tool: algorithms | acceleration | bone-space | "
                   "inspect-mesh | sphere-forms | slab-lab | ground-probe | animation "
                   "(repeatable; the last one shows)")
        ->check(CLI::IsMember({"algorithms", "acceleration", "bone-space", "inspect-mesh",
                               "sphere-forms", "slab-lab", "ground-probe", "animation"}));
    cli.add_option("--slab-preset", viewer.slab_preset,
                   "Open the Slab lab (seed 002's box test) on a preset: " + slab_preset_names());
    cli.add_option("--far-distance", viewer.far_distance,
                   "Start with the model this many units from the origin (0 .. 1e7)")
        ->check(finite() & CLI::Range(0.0, 1e7));
    cli.add_flag("--leaks", viewer.leaks, "Run the edge-crack sweep once the scene is loaded");
    cli.add_option("--bvh-depth", viewer.bvh_depth,
                   "Draw the BVH's boxes at this depth (0: the root's children; -1: every level)")
        ->check(CLI::Range(-1, 64));
    cli.add_flag("--show-visited", viewer.show_visited, "Draw the boxes each pick entered");
    cli.add_option("--bench-frames", viewer.bench_frames,
                   "With --screenshot: after the click, draw N frames and report their times")
        ->check(CLI::Range(0, 100000));
    cli.add_flag("--heatmap", viewer.heatmap,
                 "Show the per-pixel cost heatmap (every pixel's ray cast on the CPU)");
    cli.add_flag("--heatmap-packets", viewer.heatmap_packets,
                 "Trace the heatmap in 4x4 packets: each tile's work shared by its rays");
    add_bvh_build_option(cli, viewer.bvh_build);

    CLI::App* pick_command = add_pick_command(cli, out.pick);
    CLI::App* select_command = add_select_command(cli, out.select);
    CLI::App* bench_command = add_bench_command(cli, out.bench);
    CLI::App* heatmap_command = add_heatmap_command(cli, out.heatmap);
    CLI::App* disagree_command = add_disagree_command(cli, out.disagree);
    CLI::App* algorithms = cli.add_subcommand("algorithms", "List the ray–triangle algorithms");
    CLI::App* tours_command = cli.add_subcommand(
        "tours", "List the guided tours, one JSON line each (play one with --tour NAME)");
    CLI::App* tritri_command = add_tritri_command(cli, out.tritri);
    CLI::App* leaks_command = add_leaks_command(cli, out.leaks);
    CLI::App* inspect_command = add_inspect_command(cli, out.inspect);
    CLI::App* sphere_forms_command = add_sphere_forms_command(cli, out.sphere_forms);

    try {
        if (auto error = negative_non_finite_argument(argc, argv)) throw *error;
        cli.parse(argc, argv);
        for (const float v : out.pick.ray)
            if (!std::isfinite(v))
                throw CLI::ValidationError(
                    "--ray", "the ray is not finite: six finite numbers OX OY OZ DX DY DZ");
        if (*pick_command)
            check_replay_options(*pick_command, out.pick.model, out.pick.replay_file);
        if (*select_command)
            check_replay_options(*select_command, out.select.model, out.select.replay_file);
        if (!size_text.empty()) viewer.size = parse_size(size_text);
        if (!click_text.empty()) viewer.click = parse_point(click_text);
        if (*time_option) viewer.time = time;
        if (*then_time_option) viewer.then_time = then_time;
        if (!move_text.empty()) viewer.collide_move = parse_vec3(move_text, "--move");
        if (!turn_text.empty()) viewer.collide_turn = parse_vec3(turn_text, "--turn");
        if (!picking::find_tri_tri_algorithm(viewer.tri_algorithm))
            throw CLI::ValidationError(
                "--tri-algorithm",
                "unknown: '" + viewer.tri_algorithm + "' (raypick tritri --list names them)");
        // Collide options mean Collide mode.
        if (!viewer.collide_instances.empty() || viewer.collide_move || viewer.collide_turn)
            viewer.mode = "collide";
        if (!viewer.session.empty() && !*model_option) viewer.model.clear();  // the session's
        viewer.flags.apply();
        if (!(viewer.flags.t_min <= viewer.flags.t_max))
            throw CLI::ValidationError("--t-min", "must not be above --t-max");
    } catch (const CLI::ParseError& e) {
        return cli.exit(e);
    }
    // Exit 2, as a bad argument of the viewer does (DESIGN.md), with every name to choose from.
    if (!viewer.slab_preset.empty() && !find_slab_preset(viewer.slab_preset)) {
        std::cerr << "raypick: --slab-preset: unknown preset '" << viewer.slab_preset
                  << "'; the presets are: " << slab_preset_names() << "\n";
        return 2;
    }
    if (!viewer.tour.empty() && !find_tour(viewer.tour)) {
        std::cerr << "raypick: --tour: unknown tour '" << viewer.tour
                  << "'; the tours are: " << tour_names() << "\n";
        return 2;
    }
    if (*algorithms) out.command = Command::Algorithms;
    if (*tours_command) out.command = Command::Tours;
    if (*pick_command) out.command = Command::Pick;
    if (*select_command) out.command = Command::Select;
    if (*tritri_command) out.command = Command::TriTri;
    if (*leaks_command) out.command = Command::Leaks;
    if (*inspect_command) out.command = Command::Inspect;
    if (*sphere_forms_command) out.command = Command::SphereForms;
    if (*bench_command) out.command = Command::Bench;
    if (*heatmap_command) out.command = Command::Heatmap;
    if (*disagree_command) out.command = Command::Disagree;
    return std::nullopt;
}

}  // namespace app
