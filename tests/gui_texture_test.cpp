// The base-colour texture drawn under a click is the texel the pick's UV names: a plane of small
// triangles whose UVs run 0..1 across it, textured with 3 x 3 cells of distinct colours (a
// generated PNG), clicked in the viewer; the printed "uv" picks the cell, and the screenshot's
// pixels around the click (the pick's own highlight covers the clicked triangle) show that
// cell's colour, lit (the colour nearest in direction: light scales a colour, barely turns it).

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/core/png_file.h"
#include "tests/process.h"
#include "tests/scripted_viewer.h"

namespace tests {
namespace gui_texture_test {

namespace fs = std::filesystem;

constexpr int kCells = 3;
// Far from each other and from the highlight's magenta and yellow.
const std::array<std::array<int, 3>, kCells* kCells> kCellColors = {{{220, 30, 30},
                                                                     {30, 200, 30},
                                                                     {40, 60, 230},
                                                                     {30, 210, 210},
                                                                     {240, 140, 20},
                                                                     {240, 240, 240},
                                                                     {120, 40, 200},
                                                                     {120, 120, 20},
                                                                     {20, 90, 90}}};

/// The cell (column from the left, row from the bottom: v grows upwards) the colour index is.
int cell_index(int column, int row_from_bottom) {
    return row_from_bottom * kCells + column;
}

/// A folder with plane.obj (a 40 x 40 grid of quads over [-1, 1]^2 facing +z, UV 0..1 across
/// it), plane.mtl naming `texture` as its map_Kd, and the texture's PNG.
class TexturedPlane {
  public:
    explicit TexturedPlane(const std::string& name) {
        folder_ = fs::temp_directory_path() / ("raypick_gui_texture_" + name);
        fs::create_directories(folder_);
        constexpr int kSide = 40;
        std::ofstream obj(folder_ / "plane.obj");
        obj << "mtllib plane.mtl\nusemtl grid\n";
        for (int y = 0; y <= kSide; ++y) {
            for (int x = 0; x <= kSide; ++x) {
                const double u = double(x) / kSide, v = double(y) / kSide;
                obj << "v " << 2 * u - 1 << " " << 2 * v - 1 << " 0\nvt " << u << " " << v
                    << "\nvn 0 0 1\n";
            }
        }
        const auto at = [](int x, int y) { return y * (kSide + 1) + x + 1; };
        for (int y = 0; y < kSide; ++y) {
            for (int x = 0; x < kSide; ++x) {
                const int a = at(x, y), b = at(x + 1, y), c = at(x + 1, y + 1), d = at(x, y + 1);
                obj << "f " << a << "/" << a << "/" << a << " " << b << "/" << b << "/" << b << " "
                    << c << "/" << c << "/" << c << "\nf " << a << "/" << a << "/" << a << " " << c
                    << "/" << c << "/" << c << " " << d << "/" << d << "/" << d << "\n";
            }
        }
        std::ofstream(folder_ / "plane.mtl") << "newmtl grid\nKd 1 1 1\nmap_Kd grid.png\n";
        // 20 pixels a cell; PNG rows top first, so the top row of cells is v's last.
        constexpr int kCellPixels = 20, kImage = kCells * kCellPixels;
        std::vector<std::uint8_t> rgba;
        for (int py = 0; py < kImage; ++py) {
            for (int px = 0; px < kImage; ++px) {
                const int row_from_bottom = kCells - 1 - py / kCellPixels;
                const auto& color =
                    kCellColors[std::size_t(cell_index(px / kCellPixels, row_from_bottom))];
                rgba.insert(rgba.end(), {std::uint8_t(color[0]), std::uint8_t(color[1]),
                                         std::uint8_t(color[2]), 255});
            }
        }
        const auto error = app::write_png_file(folder_ / "grid.png", kImage, kImage, rgba);
        EXPECT_FALSE(error.has_value()) << *error;
    }
    ~TexturedPlane() {
        std::error_code ec;
        fs::remove_all(folder_, ec);
    }
    TexturedPlane(const TexturedPlane&) = delete;
    TexturedPlane& operator=(const TexturedPlane&) = delete;
    [[nodiscard]] fs::path model() const { return folder_ / "plane.obj"; }

  private:
    fs::path folder_;
};

/// The cell colour whose direction (chromaticity) is closest to `pixel`'s: lighting scales a
/// colour, it barely turns it.
std::size_t nearest_cell(std::array<int, 3> pixel) {
    const auto unit = [](std::array<int, 3> c) {
        const double length = std::sqrt(double(c[0] * c[0] + c[1] * c[1] + c[2] * c[2])) + 1e-9;
        return std::array<double, 3>{c[0] / length, c[1] / length, c[2] / length};
    };
    const auto p = unit(pixel);
    std::size_t best = 0;
    double best_cos = -2.0;
    for (std::size_t i = 0; i < kCellColors.size(); ++i) {
        const auto c = unit(kCellColors[i]);
        const double cosine = p[0] * c[0] + p[1] * c[1] + p[2] * c[2];
        if (cosine > best_cos) {
            best_cos = cosine;
            best = i;
        }
    }
    return best;
}

/// How many pixels in a ring around (x, y) (not the highlight, not the background's dark grey)
/// are nearest to each cell's colour.
std::array<int, kCells * kCells> cells_around(const Png& png, int x, int y, int radius) {
    std::array<int, kCells * kCells> votes{};
    for (int dy = -radius; dy <= radius; ++dy) {
        for (int dx = -radius; dx <= radius; ++dx) {
            const int px = x + dx, py = y + dy;
            if (px < 0 || py < 0 || px >= png.width || py >= png.height) continue;
            const std::array<int, 3> c = png.at(px, py);
            if (is_highlight(c) || c[0] + c[1] + c[2] < 120) continue;
            ++votes[nearest_cell(c)];
        }
    }
    return votes;
}

TEST(GuiTexture, TheTexelUnderTheClickIsTheOneThePicksUvNames) {
    const TexturedPlane plane("cells");
    // Two clicks: the middle cell and a bottom corner one, so a flipped u or v would show.
    int cells_seen = 0;
    std::array<bool, kCells * kCells> seen{};
    for (const auto& [x, y] : {std::pair{530, 425}, std::pair{645, 565}}) {
        const std::string click = std::to_string(x) + "," + std::to_string(y);
        const ViewerRun run =
            run_viewer({plane.model().string(), "--tinyobjloader", "--click", click},
                       "texture_" + std::to_string(x));
        ASSERT_EQ(run.pick["hit"], true) << run.pick.dump();
        ASSERT_TRUE(run.pick.contains("uv")) << run.pick.dump();
        EXPECT_TRUE(run.pick["texture"].get<std::string>().ends_with("grid.png"));
        const double u = run.pick["uv"][0].get<double>(), v = run.pick["uv"][1].get<double>();
        const int column = int(std::floor(u * kCells)), row = int(std::floor(v * kCells));
        ASSERT_TRUE(column >= 0 && column < kCells && row >= 0 && row < kCells) << u << ", " << v;
        // Away from a cell's border, so the ring around the click lies inside the cell.
        const double margin = std::min(
            {u * kCells - column, column + 1 - u * kCells, v * kCells - row, row + 1 - v * kCells});
        EXPECT_GT(margin, 0.1) << "the click lands near a cell border; move it";
        const auto votes = cells_around(run.png, x, y, 14);
        const std::size_t expected = std::size_t(cell_index(column, row));
        int total = 0;
        for (const int n : votes)
            total += n;
        EXPECT_GT(total, 100) << "too few textured pixels around the click";
        // Most of the ring: the pick's marker ring and the mesh's axes cover a little of it.
        EXPECT_EQ(std::size_t(std::max_element(votes.begin(), votes.end()) - votes.begin()),
                  expected);
        EXPECT_GT(votes[expected], total * 8 / 10)
            << "cell " << expected << " (uv " << u << ", " << v << ") has " << votes[expected]
            << " of " << total << " pixels";
        if (!seen[expected]) ++cells_seen;
        seen[expected] = true;
    }
    EXPECT_EQ(cells_seen, 2) << "the two clicks should land in different cells";
}

}  // namespace gui_texture_test
}  // namespace tests
