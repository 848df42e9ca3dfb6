#pragma once
/// The workspace drawn with Dear ImGui: each region of the layout (app/core/workspace_layout.h)
/// becomes a fixed, opaque window exactly over its rectangle, the splitters between them are
/// grab strips that resize the regions, and the wishes are kept in the user's config folder.

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "app/core/workspace_layout.h"

namespace app {

class Workspace {
  public:
    /// Reads the wishes from `settings_file` (empty: kept in memory only, for tests).
    explicit Workspace(std::filesystem::path settings_file);

    /// Lays the regions out for this frame (the window's size, the bars' height, the scale).
    void layout(glm::vec2 window, float bar_height, float scale);
    [[nodiscard]] const WorkspaceLayout& current() const { return layout_; }
    [[nodiscard]] WorkspaceWishes& wishes() { return wishes_; }
    [[nodiscard]] const WorkspaceWishes& wishes() const { return wishes_; }

    /// Opens or closes a region (keys, menus, buttons); saved at once.
    void set_open(Region region, bool open);
    [[nodiscard]] bool is_open(Region region) const;
    void toggle(Region region) { set_open(region, !is_open(region)); }

    /// Begins the region's window ("##Outliner" style names keep titles off screen); false when
    /// the region is closed, and then nothing must be drawn and end_region() not called.
    [[nodiscard]] bool begin_region(Region region, const char* window_name);
    void end_region();

    /// The grab strips between the regions, drawn over them; a drag resizes, a release saves.
    void draw_splitters();
    /// Whether a splitter is being dragged (the 3D view must not take the drag).
    [[nodiscard]] bool resizing() const { return resizing_; }

    /// {"view_rect": [x0, y0, x1, y1], "windows": {"Menu bar": {"rect": ...}, ...}} for the
    /// scripted run's report: every region drawn this frame.
    [[nodiscard]] nlohmann::ordered_json report_json() const;

  private:
    void save() const;

    std::filesystem::path settings_file_;
    WorkspaceWishes wishes_;
    WorkspaceLayout layout_;
    float scale_ = 1.0f;
    bool resizing_ = false;
};

}  // namespace app
