#pragma once
/// The viewer run by its own command line on an Xvfb of its own (Mesa's software OpenGL): a
/// scripted click and a screenshot, its printed pick replayed through `raypick pick`, and the
/// colours the picture is checked for. Shared by the scripted GUI tests.

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/png_image.h"

namespace tests {

// The viewer's highlight colours (app/viewer/viewer_draw.cpp): the opaque fill and the outline.
inline const std::array<std::array<int, 3>, 2> kHighlight = {{{242, 51, 217}, {255, 242, 89}}};
// The bind pose's answer (opaque too).
inline const std::array<int, 3> kBindFill = {51, 204, 255};

using Png = PngImage;

[[nodiscard]] Png read_png(const std::filesystem::path& path);
/// Within 2 of `h` in every channel.
[[nodiscard]] bool near_color(std::array<int, 3> c, std::array<int, 3> h);
[[nodiscard]] bool is_highlight(std::array<int, 3> c);
/// Pixels of `color` inside [x0, x1) x [y0, y1).
[[nodiscard]] int pixels_in(const Png& png, std::array<int, 3> color, int x0, int y0, int x1,
                            int y1);

/// The same inside a rectangle as the viewer reports it: [x0, y0, x1, y1] in window pixels
/// (a window's "rect", the "view_rect").
[[nodiscard]] int pixels_in(const Png& png, std::array<int, 3> color, const nlohmann::json& rect);

struct ViewerRun {
    nlohmann::json pick;
    Png png;
};
/// Runs the viewer with `extra` arguments and --screenshot; `name` (and this process's id)
/// names the picture's file.
[[nodiscard]] ViewerRun run_viewer(std::vector<std::string> extra, const std::string& name);
/// Replays the viewer's printed ray through `raypick pick` and compares the answers.
void expect_same_as_cli(const nlohmann::json& viewer, const std::string& model,
                        bool bind_pose = false);
/// The pixel clicked shows the highlight.
void expect_highlight_at_click(const ViewerRun& run);

}  // namespace tests
