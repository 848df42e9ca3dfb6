#include "app/core/tours.h"

#include <cmath>
#include <cstdio>
#include <limits>

#include "picking/tritri/triangle_pair_case.h"

namespace app {

namespace {

using Json = nlohmann::ordered_json;

/// A number the report lacks: every comparison with it is false.
constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", v);
    return text;
}

/// A member of the report, or null when it is missing (every check reads through this).
const Json& at(const Json& j, std::string_view key) {
    static const Json kNull;
    if (!j.is_object()) return kNull;
    const auto it = j.find(std::string(key));
    return it == j.end() ? kNull : *it;
}
bool is_true(const Json& j) {
    return j.is_boolean() && j.get<bool>();
}
double number_of(const Json& j, double otherwise = kMissing) {
    return j.is_number() ? j.get<double>() : otherwise;
}
std::string text_of(const Json& j) {
    return j.is_string() ? j.get<std::string>() : std::string();
}

/// "dx_pick answered ball at t = -2.31".
std::string pick_words(const Json& r) {
    if (!is_true(at(r, "hit"))) return "the pick hit nothing";
    return text_of(at(r, "algorithm")) + " answered " + text_of(at(r, "node")) +
           " at t = " + number(number_of(at(r, "t")));
}

/// The pick hits `node` with t on the side `behind` says.
std::function<LessonVerdict(const Json&)> picks(std::string node, bool behind) {
    return [node, behind](const Json& r) {
        const double t = number_of(at(r, "t"));
        const bool shown = is_true(at(r, "hit")) && text_of(at(r, "node")) == node &&
                           (behind ? t < 0.0 : t >= 0.0);
        return LessonVerdict{shown, pick_words(r) + (t < 0.0 ? " (behind the eye)" : "")};
    };
}

/// The Compare tab's t for `algorithm` on the clicked ray.
double compare_t(const Json& r, std::string_view algorithm) {
    for (const Json& row : at(at(r, "algorithms"), "compare"))
        if (text_of(at(row, "algorithm")) == algorithm && is_true(at(row, "hit")))
            return number_of(at(row, "t"));
    return kMissing;
}

/// XNA's answer against the nearest hit, from the Compare tab's reference row.
std::function<LessonVerdict(const Json&)> xna_against_nearest(bool farther) {
    return [farther](const Json& r) {
        const double t = number_of(at(r, "t")), nearest = compare_t(r, "reference");
        const bool is_farther = is_true(at(r, "hit")) && t > nearest * (1.0 + 1e-5);
        return LessonVerdict{is_farther == farther && std::isfinite(nearest),
                             pick_words(r) + "; the nearest triangle is at t = " + number(nearest)};
    };
}

std::function<LessonVerdict(const Json&)> dx_epsilon(bool hits) {
    return [hits](const Json& r) {
        const Json& gpu = at(r, "id_buffer");
        const bool gpu_sees = gpu.is_object() && at(gpu, "instance").is_number();
        const bool hit = is_true(at(r, "hit"));
        std::string saw = hit ? pick_words(r) : "dx_pick hit nothing";
        saw += gpu_sees ? "; the GPU draws a triangle of the mesh at that pixel"
                        : "; the GPU draws nothing at that pixel";
        if (const double eps = number_of(at(r, "dx_epsilon")); std::isfinite(eps))
            saw += " (det epsilon " + number(eps) + ")";
        return LessonVerdict{gpu_sees && hit == hits, saw};
    };
}

std::function<LessonVerdict(const Json&)> leaks() {
    return [](const Json& r) {
        double mt = kMissing, watertight = kMissing;
        for (const Json& row : at(at(r, "algorithms"), "leaks")) {
            const std::string name = text_of(at(row, "algorithm"));
            if (name == "moller_trumbore") mt = number_of(at(row, "leaks"));
            if (name == "watertight") watertight = number_of(at(row, "leaks"));
        }
        return LessonVerdict{
            mt > 0.0 && watertight == 0.0,
            "moller_trumbore leaks " + number(mt) + " rays, watertight " + number(watertight)};
    };
}

/// The Far from origin tab's watertight row: how far the hits land from the aimed points (u's
/// median error) with float world coordinates, against coordinates kept in double.
std::function<LessonVerdict(const Json&)> far_error(bool large) {
    return [large](const Json& r) {
        const Json& far = at(at(r, "algorithms"), "far");
        for (const Json& row : at(far, "rows")) {
            if (text_of(at(row, "name")) != "watertight") continue;
            const double in_float = number_of(at(at(at(row, "float"), "vs_aim"), "u_median"));
            const double in_double = number_of(at(at(at(row, "double"), "vs_aim"), "u_median"));
            const bool shown = in_double < 1e-4 && (large ? in_float > 1e-3 : in_float < 1e-4);
            return LessonVerdict{shown, "at " + number(number_of(at(far, "distance"))) +
                                            " units, u's median error: " + number(in_float) +
                                            " with float coordinates, " + number(in_double) +
                                            " kept in double"};
        }
        return LessonVerdict{false, "the Far from origin table has no watertight row"};
    };
}

std::function<LessonVerdict(const Json&)> slab(bool seed_hits) {
    return [seed_hits](const Json& r) {
        const Json& s = at(r, "slab_lab");
        const bool seed = is_true(at(s, "seed_hit")), robust = is_true(at(s, "robust_hit")),
                   exact = is_true(at(s, "exact_hit"));
        return LessonVerdict{seed == seed_hits && robust && exact,
                             std::string("seed 002: ") + (seed ? "hit" : "miss") +
                                 ", robust: " + (robust ? "hit" : "miss") +
                                 ", exact: " + (exact ? "hit" : "miss")};
    };
}

std::function<LessonVerdict(const Json&)> bind_pose_differs() {
    return [](const Json& r) {
        const Json& bind = at(r, "bind_pose");
        const bool bind_hit = is_true(at(bind, "hit"));
        const std::string bind_node = bind_hit ? text_of(at(bind, "node")) : "nothing";
        const bool shown = is_true(at(r, "hit")) && bind.is_object() &&
                           (!bind_hit || bind_node != text_of(at(r, "node")));
        return LessonVerdict{
            shown, "the drawn pose: " + text_of(at(r, "node")) + "; the bind pose: " + bind_node};
    };
}

std::function<LessonVerdict(const Json&)> lab_case(std::string name, bool intersect) {
    return [name, intersect](const Json& r) {
        const Json& lab = at(r, "lab");
        const Json& verdicts = at(lab, "intersect");
        const bool exact = is_true(at(verdicts, "exact"));
        const bool seed = is_true(at(verdicts, "seed003"));
        return LessonVerdict{text_of(at(lab, "case")) == name && exact == intersect,
                             "case " + text_of(at(lab, "case")) + ": exact says " +
                                 (exact ? "they intersect" : "apart") + ", seed 003 says " +
                                 (seed ? "they intersect" : "apart") + " (" +
                                 text_of(at(lab, "seed003_step")) + ")"};
    };
}

std::vector<Tour> make_tours() {
    std::vector<Tour> all;

    // == Seed 000: the DirectX test has no t range
    {
        Tour tour{"dx-behind-the-eye", "The DirectX test picks what is behind you", "seed 000", {}};
        TourStep s;
        s.title = "The crate in front, the ball behind";
        s.text =
            "The eye stands between the ball and the crate and you click the crate. The "
            "DirectX test has no t range, so the ball behind the eye (t < 0) is the 'closest' "
            "hit and wins.";
        s.model = "default";
        s.algorithm = "dx_pick";
        s.clip_t_range = false;
        s.time = 0.0;
        s.camera = TourCamera{"crate", "ball", 0.45f};
        s.click = TourClick{"crate", {0.0f, 0.0f, 0.0f}};
        s.panel = "compare";
        s.lesson = picks("ball", true);
        tour.steps.push_back(s);
        s.title = "Clipped to t >= 0";
        s.text =
            "The same click with the t range applied (Pick settings: clip to the t range): "
            "only what is in front counts, and the crate is picked.";
        s.clip_t_range = true;
        s.lesson = picks("crate", false);
        tour.steps.push_back(s);
        all.push_back(tour);
    }

    // == Seed 001: XNA's ModelRayCollision returns the first triangle found
    {
        Tour tour{"xna-first-found", "XNA's first found is not the nearest", "seed 001", {}};
        TourStep s;
        s.title = "First in the mesh's order";
        s.text =
            "XNA's ModelRayCollision returns on the first triangle it finds, in the scene's "
            "order. Through the ball the ray also meets the terrain behind it, which comes "
            "first: it is picked, though the ball is what you see.";
        s.model = "default";
        s.algorithm = "xna_plane";
        s.first_found = true;
        s.time = 0.0;
        s.click = TourClick{"ball", {0.0f, 0.0f, 0.0f}};
        s.panel = "compare";
        s.lesson = xna_against_nearest(true);
        tour.steps.push_back(s);
        s.title = "The nearest hit";
        s.text = "With first found off, the same test keeps the nearest hit: the side you see.";
        s.first_found = false;
        s.lesson = xna_against_nearest(false);
        tour.steps.push_back(s);
        all.push_back(tour);
    }

    // == Seed 000: an absolute epsilon on a fine, unit-size mesh
    {
        Tour tour{"dx-epsilon-fine-mesh",
                  "The DirectX epsilon on a fine, unit-size mesh",
                  "seed 000",
                  {}};
        TourStep s;
        s.title = "Every triangle below 0.0001";
        s.text =
            "A knot one unit across in 80,000 triangles. The DirectX test calls det < 0.0001 "
            "parallel; det grows with the square of a triangle's size, so here every triangle "
            "falls below it and the click hits nothing, though the GPU draws the knot there.";
        s.model = "knot:80000:0.17";
        s.algorithm = "dx_pick";
        s.click = TourClick{"knot", {0.51f, 0.0f, 0.0f}};
        s.tool = "inspect-mesh";
        s.lesson = dx_epsilon(false);
        tour.steps.push_back(s);
        s.title = "The epsilon scaled to the mesh";
        s.text =
            "Scaled to the mesh (0.0001 times the square of its mean edge length), the "
            "epsilon again means 'nearly parallel' and the same click hits.";
        s.scale_aware_dx_epsilon = true;
        s.lesson = dx_epsilon(true);
        tour.steps.push_back(s);
        all.push_back(tour);
    }

    // == Seed 002: Möller–Trumbore in float leaks through shared edges
    {
        Tour tour{"leaks",
                  "Rays slip between triangles: float Moller-Trumbore beside watertight",
                  "seed 002",
                  {}};
        TourStep s;
        s.title = "Rays aimed at the shared edges";
        s.text =
            "Rays aimed exactly at the knot's shared edges from many directions. Seed 002's "
            "Moller-Trumbore lets some slip between the two triangles of an edge (red marks); "
            "the watertight test never does.";
        s.model = "knot:20000";
        s.algorithm = "moller_trumbore";
        s.panel = "leaks";
        s.run_leaks = true;
        s.lesson = leaks();
        tour.steps.push_back(s);
        all.push_back(tour);
    }

    // == Precision far from the origin
    {
        Tour tour{"far-from-origin", "Precision far from the origin", "seeds 000-002", {}};
        TourStep s;
        s.title = "100,000 units out";
        s.text =
            "The knot moved 100,000 units from the origin, where a float's step is 0.008. "
            "With float coordinates the hits land percents of a triangle away from where the "
            "rays aim, whatever the test; kept in double until they are moved near the origin, "
            "the same rays land where they aim.";
        s.model = "knot:20000";
        s.algorithm = "watertight";
        s.panel = "far";
        s.far_distance = 1e5;
        s.lesson = far_error(true);
        tour.steps.push_back(s);
        s.title = "Near the origin";
        s.text = "Back near the origin float coordinates are fine: the errors are a few ULPs.";
        s.far_distance = 1.0;
        s.lesson = far_error(false);
        tour.steps.push_back(s);
        all.push_back(tour);
    }

    // == Seed 002: the slab test's NaN
    {
        Tour tour{"slab-nan", "The slab test's NaN and infinities", "seed 002", {}};
        TourStep s;
        s.title = "0 / 0 on a face's plane";
        s.text =
            "The ray starts on the box's plane x = -1 and runs along it (D.x = 0): that slab's "
            "t is 0 / 0 = NaN. Every comparison with NaN is false, so seed 002's test refuses "
            "the box the ray slides along; the robust and exact tests hit.";
        s.slab_preset = "origin_on_plane";
        s.tool = "slab-lab";
        s.lesson = slab(false);
        tour.steps.push_back(s);
        s.title = "Infinities are fine";
        s.text =
            "D.x = 0 with the origin inside the slab gives -inf and +inf, which min and max "
            "absorb: all three tests hit.";
        s.slab_preset = "zero_direction_inside";
        s.lesson = slab(true);
        tour.steps.push_back(s);
        all.push_back(tour);
    }

    // == The XNA recipe's bind pose
    {
        Tour tour{"bind-pose", "Picking the bind pose picks the wrong pose", "XNA recipe 4-18", {}};
        TourStep s;
        s.title = "The arm moved; the bind pose did not";
        s.text =
            "The arm is drawn mid-wave. Testing the triangles where the mesh was modelled (the "
            "bind pose, blue) answers another part than the one under the pointer: bones must "
            "move the ray into each mesh's space at the current pose.";
        s.model = "default";
        s.algorithm = "watertight";
        s.time = 1.5;
        s.pick_bind_pose = true;
        s.ghost = true;
        s.camera = TourCamera{"wrist", "ball", 0.8f};
        s.click = TourClick{"hand_geometry", {0.0f, 0.0f, 0.0f}};
        s.lesson = bind_pose_differs();
        tour.steps.push_back(s);
        all.push_back(tour);
    }

    // == Seed 003: the nine cases of two triangles
    {
        Tour tour{"seed003-nine-cases", "Seed 003's nine cases of two triangles", "seed 003", {}};
        for (int i = 0; i < picking::kSeedCaseCount; ++i) {
            const picking::TriTriCaseInfo& c = picking::kTriTriCases[std::size_t(i)];
            const std::string name(c.name);
            TourStep s;
            s.title = name;
            s.text = "Seed 003's case " + std::to_string(i + 1) +
                     " of 9: " + std::string(c.description) +
                     ". The lab shows seed 003's steps beside the exact answer and the other "
                     "tests'.";
            s.mode = "lab";
            s.lab_case = name;
            s.lesson = lab_case(name, c.intersecting);
            tour.steps.push_back(s);
        }
        all.push_back(tour);
    }
    return all;
}

}  // namespace

const std::vector<Tour>& tours() {
    static const std::vector<Tour> all = make_tours();
    return all;
}

const Tour* find_tour(std::string_view name) {
    for (const Tour& tour : tours())
        if (tour.name == name) return &tour;
    return nullptr;
}

std::string tour_names() {
    std::string names;
    for (const Tour& tour : tours())
        names += (names.empty() ? "" : ", ") + tour.name;
    return names;
}

nlohmann::ordered_json tour_json(const Tour& tour) {
    Json steps = Json::array();
    for (const TourStep& s : tour.steps)
        steps.push_back(s.title);
    return {{"name", tour.name}, {"title", tour.title}, {"seed", tour.seed}, {"steps", steps}};
}

float scale_aware_dx_epsilon(double mean_edge_length) {
    constexpr double kSeedEpsilon = 1e-4;  // the DirectX sample's, for unit-size triangles
    return float(kSeedEpsilon * mean_edge_length * mean_edge_length);
}

}  // namespace app
