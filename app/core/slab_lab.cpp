#include "app/core/slab_lab.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "app/core/exact_ray_box.h"

namespace app {

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr std::array<char, 3> kAxisNames = {'x', 'y', 'z'};

// The default box of every preset but the tiny one: [-1, 1]^3.
constexpr glm::vec3 kBoxMin{-1.0f}, kBoxMax{1.0f};

const std::array kPresets = {
    SlabPreset{"through",
               "Through the box (a hit)",
               "Each pair of parallel planes (a slab) holds the ray for an interval [near, far] "
               "of t. The ray is in the box where all three intervals overlap: from t_enter, "
               "the latest entry, to t_exit, the earliest exit.",
               {{-3.0f, -0.5f, 0.25f}, {1.0f, 0.25f, -0.1f}, kBoxMin, kBoxMax, 1e-4f},
               2},
    SlabPreset{"miss",
               "Miss (no overlap)",
               "The ray leaves the x slab (t = 4) before it enters the y slab (t = 6): "
               "t_exit < t_enter, and every test says miss.",
               {{-3.0f, 2.5f, 0.0f}, {1.0f, -0.25f, 0.05f}, kBoxMin, kBoxMax, 1e-4f},
               2},
    SlabPreset{"zero_direction_inside",
               "D.x = 0, inside: ±inf",
               "D.x = 0, so t = (P' - O) / D divides by zero: the x planes are at t = -inf and "
               "+inf. The origin is between them, so the x slab holds the whole line, and max "
               "and min absorb the infinities: the seed is right.",
               {{0.5f, -3.0f, 0.2f}, {0.0f, 1.0f, 0.1f}, kBoxMin, kBoxMax, 1e-4f},
               0},
    SlabPreset{"zero_direction_outside",
               "D.x = 0, outside: ±inf",
               "D.x = 0 and the origin is beyond the plane x = 1: both x planes give -inf, so "
               "t_exit = -inf and the ray never gets in. The seed is right again.",
               {{1.5f, -3.0f, 0.2f}, {0.0f, 1.0f, 0.1f}, kBoxMin, kBoxMax, 1e-4f},
               0},
    SlabPreset{"origin_on_plane",
               "On the plane x = -1: NaN",
               "The origin lies on the plane x = -1 and D.x = 0: (-1 - -1) / 0 = 0 / 0 = NaN. "
               "The seed says every comparison with NaN is false and refuses the box, although "
               "the ray slides along its face; the robust test ignores the NaN and hits.",
               {{-1.0f, -3.0f, 0.2f}, {0.0f, 1.0f, 0.1f}, kBoxMin, kBoxMax, 1e-4f},
               0},
    SlabPreset{"origin_on_max_plane",
               "On the plane x = 1: NaN",
               "Now the NaN is the second argument: std::max(-inf, NaN) compares, gets false and "
               "returns -inf, so the NaN vanishes and t_exit = -inf. Whichever way, the seed "
               "misses a ray lying on the box's face.",
               {{1.0f, -3.0f, 0.2f}, {0.0f, 1.0f, 0.1f}, kBoxMin, kBoxMax, 1e-4f},
               0},
    SlabPreset{"grazing_edge",
               "Grazing an edge: eps decides",
               "The ray passes just above the edge x = -1, y = 1: it leaves the y slab 0.00004 "
               "before it enters the x slab, less than eps = 0.0001, so the seed calls it a hit. "
               "Set eps to 0 and it misses, as the exact test says.",
               {{-3.0f, 0.0f, 0.0f}, {1.0f, 0.50001f, 0.0f}, kBoxMin, kBoxMax, 1e-4f},
               2},
    SlabPreset{"far_tiny_box",
               "Tiny box: eps too large",
               "The box is 0.00002 wide; eps = 0.0001 of t is 0.00014 along this ray (|D| = 1.41), "
               "seven box widths. "
               "The ray misses by more than a box width and the seed still says hit: an "
               "absolute eps is too large for small things and too small for far ones.",
               {{-1.0f, 0.99995f, 0.0f},
                {1.0f, -1.0f, 0.0f},
                {-1e-5f, -1e-5f, -1e-5f},
                {1e-5f, 1e-5f, 1e-5f},
                1e-4f},
               2},
};

/// Why t = (plane - o) / d is not an ordinary number ("" when it is).
std::string plane_note(int axis, float plane, float o, float d, float t) {
    if (std::isfinite(t)) return "";
    const char a = kAxisNames[std::size_t(axis)];
    const std::string plane_text = std::string(1, a) + " = " + slab_number_text(plane);
    const std::string d_text = std::signbit(d) ? "-0" : "0";
    if (std::isnan(t))
        return "0 / 0 = NaN: the origin lies on the plane " + plane_text + " and D." + a + " = 0";
    const std::string division = slab_number_text(plane - o) + " / " + slab_number_text(d);
    if (d == 0.0f)
        return "(" + slab_number_text(plane) + " - " + slab_number_text(o) + ") / " + d_text +
               " = " + slab_number_text(t) + ": D." + a +
               " = 0, the ray runs parallel to the plane " + plane_text;
    return division + " overflows to " + slab_number_text(t) + ": beyond the largest float";
}

}  // namespace

std::span<const SlabPreset> slab_presets() {
    return kPresets;
}

const SlabPreset* find_slab_preset(std::string_view name) {
    for (const SlabPreset& preset : kPresets)
        if (preset.name == name) return &preset;
    return nullptr;
}

std::string slab_preset_names() {
    std::string names;
    for (const SlabPreset& preset : kPresets) {
        if (!names.empty()) names += ", ";
        names += preset.name;
    }
    return names;
}

SlabLabReport evaluate_slab_lab(const SlabLabInput& in) {
    SlabLabReport r;
    // == Seed 002, step by step, in intersect_slab_seed002's order of operations
    r.t_enter = -kInf;
    r.t_exit = kInf;
    int nan_axis = -1;
    for (int axis = 0; axis < 3; ++axis) {
        SlabAxis& s = r.axes[std::size_t(axis)];
        const float o = in.origin[axis], d = in.direction[axis];
        s.t_at_min = (in.box_min[axis] - o) / d;
        s.t_at_max = (in.box_max[axis] - o) / d;
        s.min_note = plane_note(axis, in.box_min[axis], o, d, s.t_at_min);
        s.max_note = plane_note(axis, in.box_max[axis], o, d, s.t_at_max);
        s.near = std::min(s.t_at_min, s.t_at_max);  // (b < a) ? b : a
        s.far = std::max(s.t_at_min, s.t_at_max);   // (a < b) ? b : a
        const bool near_from_max = s.t_at_max < s.t_at_min;
        const bool far_from_max = s.t_at_min < s.t_at_max;
        s.near_note = near_from_max ? s.max_note : s.min_note;
        s.far_note = far_from_max ? s.max_note : s.min_note;
        const bool any_nan = std::isnan(s.t_at_min) || std::isnan(s.t_at_max);
        if (any_nan && nan_axis < 0) nan_axis = axis;
        // std::min and std::max return their first argument when the comparison is false, so
        // a NaN second argument disappears: say so where it did.
        if (any_nan && !std::isnan(s.near))
            s.near_note = "std::min dropped the NaN (its comparison is false): " +
                          (s.near_note.empty() ? slab_number_text(s.near) : s.near_note);
        if (any_nan && !std::isnan(s.far))
            s.far_note = "std::max dropped the NaN (its comparison is false): " +
                         (s.far_note.empty() ? slab_number_text(s.far) : s.far_note);
        r.t_enter = std::max(r.t_enter, s.near);
        r.t_exit = std::min(r.t_exit, s.far);
    }
    r.saw_nan = nan_axis >= 0;
    r.eps_rule = r.t_exit > 0.0f && r.t_exit + in.eps > r.t_enter;

    const picking::Ray ray{in.origin, in.direction};
    const picking::Aabb box{in.box_min, in.box_max};
    r.seed_hit = picking::intersect_slab_seed002(ray, box, in.eps).has_value();
    r.robust = picking::intersect_slab_robust(ray, box);
    r.exact_hit = ray_touches_box_exactly(in.origin, in.direction, in.box_min, in.box_max);

    // == Why, one sentence each
    const std::string enter = slab_number_text(r.t_enter), exit = slab_number_text(r.t_exit);
    if (r.saw_nan)
        r.seed_why = std::string("A plane's t on ") + kAxisNames[std::size_t(nan_axis)] +
                     " is NaN; the seed: every comparison with NaN is false. It refuses the box.";
    else if (!(r.t_exit > 0.0f))
        r.seed_why = "t_exit = " + exit +
                     " is not above 0: the box is behind the origin, or "
                     "the ray never enters some slab.";
    else if (!r.eps_rule)
        r.seed_why = "t_exit + eps = " + slab_number_text(r.t_exit + in.eps) +
                     " is not above t_enter = " + enter +
                     ": the ray leaves one slab before "
                     "it enters another.";
    else if (r.t_exit < r.t_enter)
        r.seed_why = "A hit only thanks to eps: t_exit is " +
                     slab_number_text(r.t_enter - r.t_exit) +
                     " before t_enter, less than eps = " + slab_number_text(in.eps) + ".";
    else
        r.seed_why = "t_exit = " + exit + " > 0 and t_exit + eps > t_enter = " + enter +
                     ": the ray is inside all three slabs between them.";
    r.robust_why = r.robust ? "In the box for t in [" + slab_number_text(r.robust->t_enter) + ", " +
                                  slab_number_text(r.robust->t_exit) +
                                  "]: no eps, a margin for rounding only."
                            : std::string(
                                  "No t >= 0 is in all three slabs, even allowing for "
                                  "rounding.");
    if (r.robust && r.saw_nan) r.robust_why += " Its 0 * inf = NaN counts as inside that slab.";
    r.exact_why = r.exact_hit ? "A point of the ray (t >= 0) is in the closed box, faces and "
                                "edges included (worked out without rounding)."
                              : "No point of the ray (t >= 0) is in the closed box (worked out "
                                "without rounding).";
    return r;
}

std::string slab_number_text(float v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
    char text[32];
    std::snprintf(text, sizeof text, "%.7g", double(v));
    return text;
}

SlabLab::SlabLab() {
    load_preset(kPresets.front().name);
}

bool SlabLab::load_preset(std::string_view name) {
    const SlabPreset* preset = find_slab_preset(name);
    if (!preset) return false;
    input_ = preset->input;
    preset_ = preset;
    focus_axis_ = preset->axis;
    report_ = evaluate_slab_lab(input_);
    return true;
}

bool SlabLab::set_input(const SlabLabInput& input) {
    for (int k = 0; k < 3; ++k)
        if (!std::isfinite(input.origin[k]) || !std::isfinite(input.direction[k]) ||
            !std::isfinite(input.box_min[k]) || !std::isfinite(input.box_max[k]))
            return false;
    if (!std::isfinite(input.eps)) return false;
    const bool same = input.origin == input_.origin && input.direction == input_.direction &&
                      input.box_min == input_.box_min && input.box_max == input_.box_max &&
                      input.eps == input_.eps;
    if (same) return true;
    input_ = input;
    preset_ = nullptr;
    report_ = evaluate_slab_lab(input_);
    return true;
}

nlohmann::ordered_json slab_number_json(float value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    return double(value);
}

nlohmann::ordered_json slab_lab_json(const SlabLab& lab) {
    const SlabLabInput& in = lab.input();
    const SlabLabReport& r = lab.report();
    const auto vec = [](glm::vec3 v) {
        return nlohmann::ordered_json::array({double(v.x), double(v.y), double(v.z)});
    };
    nlohmann::ordered_json j;
    j["preset"] = lab.preset() ? nlohmann::ordered_json(std::string(lab.preset()->name))
                               : nlohmann::ordered_json(nullptr);
    j["ray"] = {{"origin", vec(in.origin)}, {"direction", vec(in.direction)}};
    j["box"] = {{"min", vec(in.box_min)}, {"max", vec(in.box_max)}};
    j["eps"] = double(in.eps);
    j["axes"] = nlohmann::ordered_json::array();
    for (const SlabAxis& s : r.axes)
        j["axes"].push_back({{"t_at_min", slab_number_json(s.t_at_min)},
                             {"t_at_max", slab_number_json(s.t_at_max)},
                             {"near", slab_number_json(s.near)},
                             {"far", slab_number_json(s.far)},
                             {"near_note", s.near_note},
                             {"far_note", s.far_note}});
    j["t_enter"] = slab_number_json(r.t_enter);
    j["t_exit"] = slab_number_json(r.t_exit);
    j["saw_nan"] = r.saw_nan;
    j["seed_hit"] = r.seed_hit;
    j["robust_hit"] = r.robust.has_value();
    j["robust_interval"] = r.robust
                               ? nlohmann::ordered_json::array({slab_number_json(r.robust->t_enter),
                                                                slab_number_json(r.robust->t_exit)})
                               : nlohmann::ordered_json(nullptr);
    j["exact_hit"] = r.exact_hit;
    j["seed_why"] = r.seed_why;
    j["robust_why"] = r.robust_why;
    j["exact_why"] = r.exact_why;
    j["lesson"] = lab.preset() ? nlohmann::ordered_json(std::string(lab.preset()->lesson))
                               : nlohmann::ordered_json(nullptr);
    return j;
}

}  // namespace app
