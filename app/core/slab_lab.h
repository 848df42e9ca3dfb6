#pragma once
/// The Slab lab's model: a box and a ray to edit, seed 002's slab test worked step by step
/// (each axis's two plane t values, the swap into near and far, t_enter and t_exit, the eps
/// rule), the robust slab test beside it and an exact judge, and named presets that make the
/// seed's floating-point cases happen (a zero direction component: ±inf; an origin on a slab
/// plane: NaN). No GUI here: the Tools tab and the scripted report draw and print it.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include "picking/primitives/ray_aabb.h"

namespace app {

/// What the lab is given: the ray O + tD, the box [box_min, box_max] and the seed's eps.
struct SlabLabInput {
    glm::vec3 origin{0.0f};
    glm::vec3 direction{1.0f, 0.0f, 0.0f};
    glm::vec3 box_min{-1.0f};
    glm::vec3 box_max{1.0f};
    float eps = picking::kSeedSlabEpsilon;
};

/// One slab (the two planes x = min.x and x = max.x, say), as the seed computes it.
struct SlabAxis {
    float t_at_min = 0.0f;  ///< (min - O) / D: where the ray meets the min plane
    float t_at_max = 0.0f;  ///< (max - O) / D
    float near = 0.0f;      ///< std::min(t_at_min, t_at_max), as the seed's code orders it
    float far = 0.0f;       ///< std::max(t_at_min, t_at_max)
    /// Why a plane's t is not an ordinary number, in words ("" when it is finite), e.g.
    /// "0 / 0 = NaN: the origin lies on the plane x = 1 and D.x = 0".
    std::string min_note, max_note;
    std::string near_note, far_note;  ///< the note of the value that became near / far
};

/// Everything the lab shows about the current input.
struct SlabLabReport {
    std::array<SlabAxis, 3> axes{};
    /// The running max of the nears and min of the fars, in the seed's order of comparisons
    /// (from -inf and +inf), exactly as intersect_slab_seed002 computes them.
    float t_enter = 0.0f, t_exit = 0.0f;
    bool saw_nan = false;   ///< some plane's t is NaN: the seed refuses the box
    bool eps_rule = false;  ///< t_exit > 0 && t_exit + eps > t_enter on the values above
    bool seed_hit = false;  ///< intersect_slab_seed002's verdict (the eps rule, and no NaN)
    /// intersect_slab_robust's verdict and interval (t from 0 to +inf).
    std::optional<picking::Interval> robust;
    bool exact_hit = false;  ///< the ray's points touch the closed box (ray_touches_box_exactly)
    std::string seed_why, robust_why, exact_why;  ///< one sentence each
};

/// A named starting point and its lesson.
struct SlabPreset {
    std::string_view name;    ///< --slab-preset's word: "origin_on_plane"
    std::string_view title;   ///< for the preset list: "Origin on a slab plane (NaN)"
    std::string_view lesson;  ///< one or two sentences
    SlabLabInput input;
    int axis = 0;  ///< the axis the lesson is about (its row is marked in the table)
};

/// Every preset, in the order the panel lists them.
[[nodiscard]] std::span<const SlabPreset> slab_presets();
[[nodiscard]] const SlabPreset* find_slab_preset(std::string_view name);
/// "through, miss, ..." for error messages and help.
[[nodiscard]] std::string slab_preset_names();

/// The whole computation, from scratch (cheap: a few dozen float operations).
[[nodiscard]] SlabLabReport evaluate_slab_lab(const SlabLabInput& input);

/// Seed 002's rule and its NaN remark, as the seed writes them and in English.
inline constexpr std::string_view kSeedSlabRuleQuote =
    "只有当离开的时间大于 0 ,且离开的时间大于等于进入的时间时,我们才认为射线击中了包围盒。";
inline constexpr std::string_view kSeedSlabRuleEnglish =
    "Only when the exit time is greater than 0 and not less than the entry time do we say the "
    "ray hits the box.";
inline constexpr std::string_view kSeedNanQuote = "NaN 和任何数进行任何比较结果都是 false 。";
inline constexpr std::string_view kSeedNanEnglish =
    "NaN compared with any number, by any comparison, gives false.";

class SlabLab {
  public:
    SlabLab();  ///< starts on the first preset

    /// Loads a preset by name; false (nothing changes) when there is none of that name.
    bool load_preset(std::string_view name);
    /// The preset loaded last, until an edit; null after one.
    [[nodiscard]] const SlabPreset* preset() const { return preset_; }
    /// The axis the 2D picture leaves out (the preset's; an edit keeps it).
    [[nodiscard]] int focus_axis() const { return focus_axis_; }

    [[nodiscard]] const SlabLabInput& input() const { return input_; }
    /// A changed input. Non-finite numbers are refused (false; nothing changes): the lab's
    /// infinities and NaNs must come from the slab test, not be typed in.
    bool set_input(const SlabLabInput& input);

    [[nodiscard]] const SlabLabReport& report() const { return report_; }

  private:
    SlabLabInput input_;
    const SlabPreset* preset_ = nullptr;
    int focus_axis_ = 0;
    SlabLabReport report_;
};

/// A float as the lab writes it: "NaN", "+inf", "-inf" or 7 significant digits.
[[nodiscard]] std::string slab_number_text(float value);
/// A float for JSON: a number, or "inf", "-inf", "nan" (JSON has none of them).
[[nodiscard]] nlohmann::ordered_json slab_number_json(float value);
/// The scripted report's "slab_lab" object: {"preset", "ray", "box", "eps", "axes": [{"near",
/// "far", "near_note", "far_note"}...], "t_enter", "t_exit", "seed_hit", "robust_hit",
/// "robust_interval", "exact_hit", "lesson"}.
[[nodiscard]] nlohmann::ordered_json slab_lab_json(const SlabLab& lab);

}  // namespace app
