#include "app/core/workspace_layout.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace app {

namespace {

using L = WorkspaceLimits;

float clamp_wish(float value, float lo, float hi) {
    if (!std::isfinite(value)) return lo;
    return std::clamp(value, lo, hi);
}

}  // namespace

const Rect& WorkspaceLayout::region(Region r) const {
    switch (r) {
        case Region::Outliner:
            return outliner;
        case Region::Inspector:
            return inspector;
        case Region::Tools:
            break;
    }
    return tools;
}

WorkspaceLayout layout_workspace(const WorkspaceWishes& wishes, glm::vec2 window, float bar_height,
                                 float scale) {
    WorkspaceLayout layout;
    const float w = std::max(window.x, 1.0f), h = std::max(window.y, 1.0f);
    // Bars first: each takes at most a quarter of the height, so the body is never empty.
    const float bar = std::clamp(bar_height, 0.0f, 0.25f * h);
    layout.menu_bar = {{0.0f, 0.0f}, {w, bar}};
    layout.status_bar = {{0.0f, h - bar}, {w, h}};
    const Rect body{{0.0f, bar}, {w, h - bar}};

    // Sidebars take full body height; together at most (1 - kViewShare) of the width, shared
    // in proportion to what each wants when both do not fit.
    float left = wishes.outliner_open
                     ? clamp_wish(wishes.outliner_width, L::kMinSidebar, L::kMaxSidebar) * scale
                     : 0.0f;
    float right = wishes.inspector_open
                      ? clamp_wish(wishes.inspector_width, L::kMinSidebar, L::kMaxSidebar) * scale
                      : 0.0f;
    const float sides_max = body.width() * (1.0f - L::kViewShare);
    if (left + right > sides_max) {
        const float shrink = sides_max / (left + right);
        left = std::floor(left * shrink);
        right = std::floor(right * shrink);
    }
    // The Tools area lies under the view, between the sidebars.
    float bottom = wishes.tools_open
                       ? clamp_wish(wishes.tools_height, L::kMinTools, L::kMaxTools) * scale
                       : 0.0f;
    bottom = std::floor(std::min(bottom, body.height() * (1.0f - L::kViewShare)));

    if (left > 0.0f) layout.outliner = {body.min, {left, body.max.y}};
    if (right > 0.0f) layout.inspector = {{w - right, body.min.y}, body.max};
    const float view_x0 = left, view_x1 = w - right;
    if (bottom > 0.0f) layout.tools = {{view_x0, body.max.y - bottom}, {view_x1, body.max.y}};
    layout.view = {{view_x0, body.min.y}, {view_x1, body.max.y - bottom}};

    const float half = 0.5f * L::kSplitter * scale;
    if (left > 0.0f)
        layout.outliner_splitter = {{left - half, body.min.y}, {left + half, body.max.y}};
    if (right > 0.0f)
        layout.inspector_splitter = {{w - right - half, body.min.y},
                                     {w - right + half, body.max.y}};
    if (bottom > 0.0f)
        layout.tools_splitter = {{view_x0, layout.tools.min.y - half},
                                 {view_x1, layout.tools.min.y + half}};
    return layout;
}

Rect opening_view(glm::vec2 window) {
    return layout_workspace(WorkspaceWishes{}, window, kBarHeight).view;
}

void drag_splitter(WorkspaceWishes& wishes, const WorkspaceLayout& layout, Region region,
                   glm::vec2 delta, float scale) {
    const float s = scale > 0.0f ? scale : 1.0f;
    switch (region) {
        case Region::Outliner:
            wishes.outliner_width =
                clamp_wish((layout.outliner.width() + delta.x) / s, L::kMinSidebar, L::kMaxSidebar);
            break;
        case Region::Inspector:
            wishes.inspector_width = clamp_wish((layout.inspector.width() - delta.x) / s,
                                                L::kMinSidebar, L::kMaxSidebar);
            break;
        case Region::Tools:
            wishes.tools_height =
                clamp_wish((layout.tools.height() - delta.y) / s, L::kMinTools, L::kMaxTools);
            break;
    }
}

std::string to_text(const WorkspaceWishes& wishes) {
    std::ostringstream out;
    out << "outliner_open=" << int(wishes.outliner_open) << "\n"
        << "inspector_open=" << int(wishes.inspector_open) << "\n"
        << "tools_open=" << int(wishes.tools_open) << "\n"
        << "outliner_width=" << wishes.outliner_width << "\n"
        << "inspector_width=" << wishes.inspector_width << "\n"
        << "tools_height=" << wishes.tools_height << "\n";
    return out.str();
}

WorkspaceWishes wishes_from_text(const std::string& text) {
    WorkspaceWishes wishes;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
        float number = 0.0f;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), number);
        if (error != std::errc() || end != value.data() + value.size() || !std::isfinite(number))
            continue;
        if (key == "outliner_open") wishes.outliner_open = number != 0.0f;
        if (key == "inspector_open") wishes.inspector_open = number != 0.0f;
        if (key == "tools_open") wishes.tools_open = number != 0.0f;
        if (key == "outliner_width")
            wishes.outliner_width = clamp_wish(number, L::kMinSidebar, L::kMaxSidebar);
        if (key == "inspector_width")
            wishes.inspector_width = clamp_wish(number, L::kMinSidebar, L::kMaxSidebar);
        if (key == "tools_height")
            wishes.tools_height = clamp_wish(number, L::kMinTools, L::kMaxTools);
    }
    return wishes;
}

}  // namespace app
