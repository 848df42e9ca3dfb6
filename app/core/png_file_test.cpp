#include "app/core/png_file.h"

#include <fstream>
#include <vector>

#include <gtest/gtest.h>

namespace app {
namespace {

TEST(PngFile, WritesAPngAndSaysWhenItCannot) {
    const std::vector<std::uint8_t> rgba(4 * 3 * 2, 200);
    const auto path = std::filesystem::temp_directory_path() / "raypick_png_file.png";
    EXPECT_FALSE(write_png_file(path, 3, 2, rgba));
    std::ifstream file(path, std::ios::binary);
    char signature[8] = {};
    file.read(signature, 8);
    EXPECT_EQ(std::string(signature + 1, 3), "PNG");
    EXPECT_TRUE(write_png_file("/nonexistent/dir/x.png", 3, 2, rgba));
    EXPECT_TRUE(write_png_file(path, 3, 3, rgba));  // fewer pixels than it claims
}

// `raypick heatmap --out /dev/full` said nothing and exited 0: stb's writer does not check
// its writes. The full disk is now an error.
TEST(PngFile, AFullDiskIsAnError) {
    if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    const std::vector<std::uint8_t> rgba(4 * 64 * 64, 7);
    const auto error = write_png_file("/dev/full", 64, 64, rgba);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("writing failed"), std::string::npos) << *error;
}

}  // namespace
}  // namespace app
