#include "tests/scripted_viewer.h"

#include <unistd.h>

#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "tests/process.h"

namespace tests {

Png read_png(const std::filesystem::path& path) {
    return read_png_image(path);
}

bool near_color(std::array<int, 3> c, std::array<int, 3> h) {
    return std::abs(c[0] - h[0]) <= 2 && std::abs(c[1] - h[1]) <= 2 && std::abs(c[2] - h[2]) <= 2;
}

bool is_highlight(std::array<int, 3> c) {
    for (const auto& h : kHighlight)
        if (near_color(c, h)) return true;
    return false;
}

int pixels_in(const Png& png, std::array<int, 3> color, int x0, int y0, int x1, int y1) {
    int count = 0;
    for (int y = std::max(y0, 0); y < y1 && y < png.height; ++y)
        for (int x = std::max(x0, 0); x < x1 && x < png.width; ++x)
            if (near_color(png.at(x, y), color)) ++count;
    return count;
}

int pixels_in(const Png& png, std::array<int, 3> color, const nlohmann::json& rect) {
    if (!rect.is_array() || rect.size() != 4) return 0;
    return pixels_in(png, color, int(rect[0].get<double>()), int(rect[1].get<double>()),
                     int(rect[2].get<double>()), int(rect[3].get<double>()));
}

ViewerRun run_viewer(std::vector<std::string> extra, const std::string& name) {
    // The process id in the name: two tests that run the same case at once (ctest -j) would
    // otherwise remove and read each other's picture.
    const auto shot = std::filesystem::temp_directory_path() /
                      ("raypick_gui_" + name + "_" + std::to_string(::getpid()) + ".png");
    std::filesystem::remove(shot);
    std::vector<std::string> args = {raypick_exe()};
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(), {"--screenshot", shot.string()});
    const ProcessResult r = run_gui_process(args, 180.0);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    ViewerRun run;
    const auto out = lines(r.out);
    EXPECT_EQ(out.size(), 1u) << r.out;
    if (out.size() == 1) run.pick = nlohmann::json::parse(out[0]);
    run.png = read_png(shot);
    EXPECT_GT(run.png.width, 0) << "no screenshot at " << shot;
    return run;
}

void expect_same_as_cli(const nlohmann::json& viewer, const std::string& model, bool bind_pose) {
    std::vector<std::string> args = {raypick_exe(), "pick", model, "--ray"};
    for (int i = 0; i < 6; ++i) {
        char number[64];
        std::snprintf(number, sizeof number, "%.9g", viewer["ray"][i].get<double>());
        args.push_back(number);
    }
    char time[64];
    std::snprintf(time, sizeof time, "%.17g", viewer["time"].get<double>());
    args.insert(args.end(),
                {"--time", time, "--algorithm", viewer["algorithm"].get<std::string>()});
    if (bind_pose) args.push_back("--bind-pose");
    if (viewer.contains("loop") && !viewer["loop"].get<bool>()) args.push_back("--no-loop");
    if (viewer.contains("clip"))
        args.insert(args.end(),
                    {"--clip", viewer["clip"].is_null() ? std::string("rest")
                                                        : viewer["clip"].get<std::string>()});
    const ProcessResult r = run_process(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto cli = nlohmann::json::parse(r.out);
    ASSERT_EQ(cli["hit"], viewer["hit"]);
    if (!cli["hit"]) return;
    EXPECT_EQ(cli["mesh"], viewer["mesh"]);
    EXPECT_EQ(cli["node"], viewer["node"]);
    EXPECT_EQ(cli["triangle"], viewer["triangle"]);
    EXPECT_EQ(cli["t"], viewer["t"]);
    EXPECT_EQ(cli["u"], viewer["u"]);
    EXPECT_EQ(cli["v"], viewer["v"]);
}

void expect_highlight_at_click(const ViewerRun& run) {
    const int x = run.pick["cursor"][0].get<int>(), y = run.pick["cursor"][1].get<int>();
    ASSERT_LT(x, run.png.width);
    ASSERT_LT(y, run.png.height);
    const auto c = run.png.at(x, y);
    EXPECT_TRUE(is_highlight(c)) << "pixel " << x << "," << y << " is " << c[0] << "," << c[1]
                                 << "," << c[2];
}

}  // namespace tests
