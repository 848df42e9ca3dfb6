#include "app/cli/ray_file.h"

#include <cmath>
#include <cstdio>
#include <fstream>

#include <gtest/gtest.h>

namespace app {
namespace {

std::filesystem::path write_temp_ray_file(const std::string& name, const std::string& content) {
    const auto path = std::filesystem::temp_directory_path() / ("raypick_ray_file_" + name);
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

TEST(RayFile, ReadsTextWithCommentsAndBlankLines) {
    const auto path =
        write_temp_ray_file("ok.txt", "# origin direction\n0 0 5 0 0 -1\n\n  1.5 2 3e1 0 1 0\n");
    const auto rays = read_ray_file(path);
    ASSERT_EQ(rays.size(), 2u);
    EXPECT_EQ(rays[1].origin, glm::vec3(1.5f, 2.0f, 30.0f));
    EXPECT_EQ(rays[1].direction, glm::vec3(0, 1, 0));
}

TEST(RayFile, BadLineIsReportedWithItsNumber) {
    const auto path = write_temp_ray_file("bad.txt", "0 0 5 0 0 -1\n0 0 5 0 zero -1\n");
    try {
        (void)read_ray_file(path);
        FAIL() << "expected an error";
    } catch (const RayFileError& e) {
        EXPECT_NE(std::string(e.what()).find(":2: 'zero' is not a number"), std::string::npos)
            << e.what();
    }
}

TEST(RayFile, WrongCountZeroDirectionAndNaNAreErrors) {
    for (const auto& [name, text, expected] :
         {std::tuple{"five.txt", "1 2 3 4 5\n", ":1: expected six numbers"},
          std::tuple{"seven.txt", "1 2 3 4 5 6 7\n", ":1: more than six numbers"},
          std::tuple{"zero.txt", "1 2 3 4 5 6\n1 2 3 0 0 0\n",
                     ":2: the ray direction has zero length"},
          std::tuple{"nan.txt", "nan 2 3 0 0 1\n", ":1: the ray origin is not finite"}}) {
        try {
            (void)read_ray_file(write_temp_ray_file(name, text));
            ADD_FAILURE() << name;
        } catch (const RayFileError& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
        }
    }
}

TEST(RayFile, ReadsFloat32Files) {
    const float data[12] = {0, 0, 5, 0, 0, -1, 1, 2, 3, 0.5f, 0.25f, 0};
    const auto path = write_temp_ray_file(
        "rays.f32", std::string(reinterpret_cast<const char*>(data), sizeof data));
    const auto rays = read_ray_file(path);
    ASSERT_EQ(rays.size(), 2u);
    EXPECT_EQ(rays[1].direction, glm::vec3(0.5f, 0.25f, 0.0f));
    EXPECT_THROW((void)read_ray_file(write_temp_ray_file("short.f32", std::string(20, '\0'))),
                 RayFileError);
}

TEST(RayFile, MissingFile) {
    EXPECT_THROW((void)read_ray_file("/nonexistent/rays.txt"), RayFileError);
}

// A directory or an empty file ran no ray and exited 0 without a word.
TEST(RayFile, ADirectoryOrAFileWithoutRaysIsAnError) {
    const auto dir = std::filesystem::temp_directory_path() / "raypick_ray_file_dir";
    std::filesystem::create_directories(dir);
    for (const auto& [path, expected] :
         {std::pair{dir, ": is a directory, not a file of rays"},
          std::pair{write_temp_ray_file("empty.txt", ""), ": holds no rays"},
          std::pair{write_temp_ray_file("comments.txt", "# nothing but\n\n# comments\n"),
                    ": holds no rays"},
          std::pair{write_temp_ray_file("empty.f32", ""), ": holds no rays"},
          std::pair{std::filesystem::path("/dev/null"), ": holds no rays"},
          std::pair{std::filesystem::path("/dev/zero"), ":1: the line is longer than"}}) {
        try {
            (void)read_ray_file(path);
            ADD_FAILURE() << path;
        } catch (const RayFileError& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
        }
    }
}

TEST(RayFile, WritesAndReadsBackExactlyInBothFormats) {
    const std::vector<picking::Ray> rays = {
        {{0.1f, 1.0f / 3.0f, -2.5e-7f}, {3.4e38f, -1.17549435e-38f, 7.0f}},
        {{123456.789f, -0.0f, 1.0f}, {1e-30f, 0.0f, -1.0f}},
    };
    for (const char* name : {"round.txt", "round.f32"}) {
        const auto path =
            std::filesystem::temp_directory_path() / ("raypick_ray_file_" + std::string(name));
        write_ray_file(path, rays);
        const auto back = read_ray_file(path);
        ASSERT_EQ(back.size(), rays.size()) << name;
        for (std::size_t i = 0; i < rays.size(); ++i) {
            EXPECT_EQ(back[i].origin, rays[i].origin) << name;
            EXPECT_EQ(back[i].direction, rays[i].direction) << name;
            EXPECT_TRUE(std::signbit(back[i].origin.y) == std::signbit(rays[i].origin.y)) << name;
        }
    }
}

TEST(RayFile, WritingToAFullDiskIsAnError) {
    if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    const std::vector<picking::Ray> rays(10, picking::Ray{{0, 0, 0}, {0, 0, 1}});
    EXPECT_THROW(write_ray_file("/dev/full", rays), RayFileError);
}

}  // namespace
}  // namespace app
