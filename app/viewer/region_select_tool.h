#pragma once
/// The selection tools of Pick mode: Click (the pick), Box and Lasso. With Box or Lasso a left
/// drag in the view draws the region, and its release selects triangles (Shift adds, Ctrl
/// removes, Shift+Ctrl toggles); a click without a drag still picks. The region's rule and
/// X-ray switch live in the Inspector's Selection section, which also lists what was selected.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/pick_choice.h"
#include "app/core/rect.h"
#include "app/core/region_selection.h"
#include "app/core/scene_session.h"
#include "app/core/selection_record.h"

struct ImDrawList;

namespace app {

/// Click picks; Box and Lasso select regions; Measure picks and adds each point to the measure.
enum class SelectTool { Click, Box, Lasso, Measure };

/// "click", "box", "lasso", "measure".
[[nodiscard]] const char* select_tool_name(SelectTool tool);
/// The tool select_tool_name() names.
[[nodiscard]] std::optional<SelectTool> find_select_tool(std::string_view name);

class RegionSelectTool {
  public:
    [[nodiscard]] SelectTool tool() const { return tool_; }
    void set_tool(SelectTool tool);

    /// X-ray: hidden triangles in the region count too; off: only those seen at some pixel.
    bool xray = false;
    picking::RegionRule rule = picking::RegionRule::Touching;

    // == The drag
    /// A left press in the view at `cursor`: with Box or Lasso, the region starts there.
    /// Returns whether the tool took the press.
    bool press(glm::vec2 cursor);
    /// The pointer moved while the press is held (the drag's later points).
    void move(glm::vec2 cursor);
    [[nodiscard]] bool drawing() const { return drawing_; }
    /// The release: the region selects, combined with the selection by `mods` (GLFW's Shift
    /// and Ctrl bits). `dragged` false (the pointer never left the press): nothing selects,
    /// the press was a click.
    void release(glm::vec2 cursor, int mods, bool dragged, const SceneSession& session,
                 const PickChoice& choice, const Camera& camera, const Rect& view,
                 glm::vec2 window);
    /// Draws the region being dragged (window pixels).
    void draw_region(ImDrawList& draw_list) const;

    // == The selection
    /// The last region released, as a selection record (its model left for the caller to
    /// fill in): what it alone selected, whatever Shift or Ctrl then made of the selection.
    [[nodiscard]] const std::optional<SelectionRecord>& last_region() const { return last_region_; }
    [[nodiscard]] const picking::TriangleSet& selection() const { return selection_; }
    /// Bumped when the selection changes (the renderer uploads it again).
    [[nodiscard]] std::uint64_t version() const { return version_; }
    void clear();
    /// The selection a session file kept, for the scene in `session`.
    void restore(picking::TriangleSet triangles, const SceneSession& session);
    /// A new scene: the old selection names triangles of another model.
    void on_scene();

    /// The Inspector's Selection section. Returns true when the user asked to clear.
    void draw_section(const SceneSession& session);
    /// What a scripted run reports: the tool, rule, X-ray, the counts, the last region's cost.
    [[nodiscard]] nlohmann::ordered_json report() const;
    /// A hint for the status bar while a region tool is on.
    [[nodiscard]] std::string hint() const;

  private:
    SelectTool tool_ = SelectTool::Click;
    bool drawing_ = false;
    std::vector<glm::vec2> points_;  ///< Box: press and current corner; Lasso: the path
    picking::TriangleSet selection_;
    std::uint64_t version_ = 0;
    std::uint64_t regions_ = 0;  ///< regions released (the report's count)
    std::optional<SelectionRecord> last_region_;
    // About the selection, for the Inspector and the report.
    std::size_t objects_ = 0;
    double area_ = 0.0;
    double last_ms_ = 0.0;
    std::uint64_t last_rays_ = 0;
    std::string last_op_;
    std::string error_;
};

}  // namespace app
