#pragma once
/// Guided tours: short scripted sequences that each show one of the seeds' lessons (Help >
/// Tours, `raypick tours`, `raypick --tour NAME`). A step says what to set up (model, mode,
/// algorithm and its options, camera, click, tool, far offset), what to read (one or two
/// sentences), and how to tell from the viewer's report that the lesson shows: the same check
/// runs when a person plays the tour and when CI plays it headless.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

namespace app {

/// What the check found: whether the lesson shows, and what it saw, in words.
struct LessonVerdict {
    bool shown = false;
    std::string saw;
};

/// The camera looks at one node's origin from the side of another: the eye on the line
/// between them, `share` of the way from `look_at` to `from`.
struct TourCamera {
    std::string look_at;
    std::string from;
    float share = 0.5f;
};

/// A click where a point of a node (in the node's own space) appears in the view.
struct TourClick {
    std::string node;
    glm::vec3 local{0.0f};
};

struct TourStep {
    std::string title;          ///< what the step shows, in a few words
    std::string text;           ///< one or two sentences for the reader
    std::string model;          ///< loaded first unless it is shown already ("default", "knot:N:S")
    std::string mode = "pick";  ///< pick | lab
    std::string algorithm;      ///< the Pick panel's algorithm (empty: as it is)
    std::optional<bool> clip_t_range;  ///< the seeds' code has no t range: false keeps that
    std::optional<bool> first_found;   ///< XNA's first found instead of the closest
    /// dx_pick's det epsilon: the seed's 0.0001, or scaled to the model's triangles
    /// (scale_aware_dx_epsilon) when set.
    bool scale_aware_dx_epsilon = false;
    std::optional<double> time;  ///< the animation's time, stopped there
    bool pick_bind_pose = false;
    bool ghost = false;  ///< draw the bind pose over the scene (View > Bind-pose ghost)
    std::optional<TourCamera> camera;
    std::optional<TourClick> click;
    std::string panel;        ///< an Algorithms tab (--panel names)
    std::string tool;         ///< a Tools tab (--tool names)
    std::string slab_preset;  ///< the Slab lab's preset
    std::string lab_case;     ///< the Triangle lab's seed case
    bool run_leaks = false;   ///< sweep the shared edges (the Leaks tab's table)
    std::optional<double> far_distance;
    /// Tells from the viewer's report (the JSON of a scripted screenshot) whether the lesson
    /// shows.
    std::function<LessonVerdict(const nlohmann::ordered_json& report)> lesson;
};

struct Tour {
    std::string name;   ///< "dx-behind-the-eye"
    std::string title;  ///< "The DirectX test picks what is behind you"
    std::string seed;   ///< where the lesson comes from ("seed 000")
    std::vector<TourStep> steps;
};

[[nodiscard]] const std::vector<Tour>& tours();
[[nodiscard]] const Tour* find_tour(std::string_view name);
/// Every tour's name, comma separated (for error messages and --help).
[[nodiscard]] std::string tour_names();
/// One tour as `raypick tours` lists it: {"name", "title", "seed", "steps": [titles]}.
[[nodiscard]] nlohmann::ordered_json tour_json(const Tour& tour);

/// dx_pick's det epsilon scaled to a mesh whose triangles have this mean edge length: the
/// seed's 0.0001 was chosen for triangles about a unit across, and det grows with the square
/// of their size.
[[nodiscard]] float scale_aware_dx_epsilon(double mean_edge_length);

}  // namespace app
