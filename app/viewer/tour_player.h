#pragma once
/// Playing a guided tour (app/core/tours.h): which step shows and how far it got, Help >
/// Tours (the list), and the caption over the view with the step's words, whether its lesson
/// shows, and Back / Next / End. The viewer applies the steps (viewer_tours.cpp).

#include <optional>
#include <string>

#include "app/core/rect.h"
#include "app/core/tours.h"
#include "picking/scene/scene_pick.h"

namespace app {

struct TourPlayer {
    /// Apply: set the step up; Loading: wait for its model; Settling: the click and what it
    /// starts (a sweep, a study, an inspection) finish; Shown: the lesson is judged.
    enum class Phase { Apply, Loading, Settling, Shown };

    const Tour* tour = nullptr;
    std::size_t step = 0;
    Phase phase = Phase::Apply;
    int frames = 0;                        ///< frames spent in this phase
    std::optional<LessonVerdict> verdict;  ///< the shown step's
    bool headless = false;                 ///< --tour with --screenshot: CI plays it
    bool list_open = false;                ///< Help > Tours
    std::string loaded_model;              ///< the model the tour loaded last
    /// The person's pick settings (algorithm, the seeds' switches, tolerances), bind-pose
    /// switch and ghost from before the first step changed them: End puts them back.
    std::optional<picking::PickSettings> settings_before;
    bool pick_bind_pose_before = false;
    bool ghost_before = false;

    /// Starts `chosen` (a tour started while another plays keeps the settings from before it).
    void start(const Tour& chosen, bool without_a_person);
    void go_to(std::size_t index);
    void end() { tour = nullptr; }
    [[nodiscard]] bool playing() const { return tour != nullptr; }
    [[nodiscard]] const TourStep& current() const { return tour->steps[step]; }
};

/// Help > Tours: every tour with its steps; "Play" starts one.
void draw_tours_window(TourPlayer& player);

enum class TourAction { None, Back, Next, End };

/// About the caption's height at 1280x720: a lab step frames its triangles below it.
inline constexpr float kTourCaptionHeight = 120.0f;

/// The caption at the top of the 3D view while a tour plays.
[[nodiscard]] TourAction draw_tour_caption(const TourPlayer& player, const Rect& view);

}  // namespace app
