#include "app/cli/pair_file.h"

#include <cmath>
#include <fstream>

#include <gtest/gtest.h>

namespace app {
namespace {

std::filesystem::path temp_path(const std::string& name) {
    return std::filesystem::temp_directory_path() / ("raypick_pair_file_" + name);
}

std::filesystem::path write_temp(const std::string& name, const std::string& content) {
    const auto path = temp_path(name);
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

TEST(PairFile, ReadsTextWithCommentsBlankLinesAndNonFiniteValues) {
    const auto path = write_temp("ok.txt",
                                 "# V0 V1 V2 Q0 Q1 Q2\n"
                                 "0 0 0 4 0 0 0 4 0  1 1 -1 1 1 1 2 2 1\n\n"
                                 "nan 0 0 4 0 0 0 4 0  1 1 -1 1 1 1 2 2 inf\n");
    const auto pairs = read_pair_file(path);
    ASSERT_EQ(pairs.size(), 2u);
    EXPECT_EQ(pairs[0].q.p2, glm::vec3(2, 2, 1));
    EXPECT_TRUE(std::isnan(pairs[1].v.p0.x));
    EXPECT_TRUE(std::isinf(pairs[1].q.p2.z));
}

TEST(PairFile, BadLinesAreReportedWithTheirNumber) {
    for (const auto& [name, text, expected] :
         {std::tuple{"short.txt", "0 0 0 1 0 0 0 1 0\n", ":1: expected eighteen numbers"},
          std::tuple{"long.txt", "# ok\n0 0 0 1 0 0 0 1 0 0 0 0 1 0 0 0 1 0 7\n",
                     ":2: more than eighteen numbers"},
          std::tuple{"word.txt", "0 0 0 1 0 0 0 1 0 0 0 0 1 0 0 0 one 0\n",
                     ":1: 'one' is not a number"}}) {
        try {
            (void)read_pair_file(write_temp(name, text));
            ADD_FAILURE() << name << ": expected an error";
        } catch (const PairFileError& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
        }
    }
    EXPECT_THROW((void)read_pair_file(temp_path("missing.txt")), PairFileError);
    EXPECT_THROW((void)read_pair_file(write_temp("odd.f32", std::string(73, '\0'))), PairFileError);
}

TEST(PairFile, WritesAndReadsBackExactlyInBothFormats) {
    std::vector<picking::TrianglePair> pairs(3);
    pairs[0].v.p1 = {0.1f, 1.0f / 3.0f, -2.5e-7f};
    pairs[1].q.p2 = {3.4e38f, -1.17549435e-38f, 7.0f};
    pairs[2].v.p0 = {123456.789f, -0.0f, 1.0f};
    for (const char* name : {"round.txt", "round.f32"}) {
        write_pair_file(temp_path(name), pairs);
        const auto back = read_pair_file(temp_path(name));
        ASSERT_EQ(back.size(), pairs.size()) << name;
        EXPECT_EQ(back[0].v.p1, pairs[0].v.p1) << name;
        EXPECT_EQ(back[1].q.p2, pairs[1].q.p2) << name;
        EXPECT_EQ(back[2].v.p0, pairs[2].v.p0) << name;
    }
}

// `raypick tritri --write-pairs /dev/full` said it wrote the pairs: the buffered writes
// failed only when the file was closed, unchecked.
TEST(PairFile, AFullDiskIsAnError) {
    if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    const std::vector<picking::TrianglePair> pairs(10);
    EXPECT_THROW(write_pair_file("/dev/full", pairs), PairFileError);
}

}  // namespace
}  // namespace app
