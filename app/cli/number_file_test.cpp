#include "app/cli/number_file.h"

#include <sstream>

#include <gtest/gtest.h>

namespace app {
namespace {

RecordFormat pairs_of_numbers(std::size_t max_records) {
    return {2, "two", "A B", "pair", {}, max_records};
}

std::string error_of(const std::function<void()>& read) {
    try {
        read();
    } catch (const NumberFileError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(NumberFile, ReadsUpToTheMostRecordsAndNoMore) {
    std::istringstream two("1 2\n3 4\n");
    EXPECT_EQ(read_text_records(two, "two", pairs_of_numbers(2)), (std::vector<float>{1, 2, 3, 4}));
    std::istringstream three("1 2\n# a comment does not count\n3 4\n5 6\n");
    EXPECT_EQ(error_of([&] { (void)read_text_records(three, "three", pairs_of_numbers(2)); }),
              "three: more than 2 pairs, the most a command takes");
    const float values[6] = {1, 2, 3, 4, 5, 6};
    const std::span<const char> bytes(reinterpret_cast<const char*>(values), sizeof values);
    EXPECT_EQ(parse_f32_records(bytes, "f", pairs_of_numbers(3)).size(), 6u);
    EXPECT_EQ(error_of([&] { (void)parse_f32_records(bytes, "f", pairs_of_numbers(2)); }),
              "f: more than 2 pairs, the most a command takes");
}

// `raypick pick --rays /dev/zero` read one endless line and grew without bound (16.8 GB in
// 60 s): a line is read only up to kMaxRecordLineBytes.
TEST(NumberFile, AnEndlessLineIsRefusedWhereItPassesTheLimit) {
    std::istringstream zeros(std::string(kMaxRecordLineBytes + 10, '\0'));
    EXPECT_EQ(error_of([&] { (void)read_text_records(zeros, "zeros", pairs_of_numbers(9)); }),
              "zeros:1: the line is longer than 65536 bytes (not a text file of numbers?)");
    std::istringstream at_limit(std::string(kMaxRecordLineBytes - 3, ' ') + "1 2\n");
    EXPECT_EQ(read_text_records(at_limit, "ok", pairs_of_numbers(9)).size(), 2u);
}

TEST(NumberFile, NoRecordIsAnError) {
    for (const char* text : {"", "\n\n", "# only a comment\n", "   \t\r\n"}) {
        std::istringstream in(text);
        EXPECT_EQ(error_of([&] { (void)read_text_records(in, "empty", pairs_of_numbers(9)); }),
                  "empty: holds no pairs");
    }
    EXPECT_EQ(error_of([&] { (void)parse_f32_records({}, "empty.f32", pairs_of_numbers(9)); }),
              "empty.f32: holds no pairs");
}

TEST(NumberFile, ALastLineWithoutNewlineCounts) {
    std::istringstream in("1 2\n3 4");
    EXPECT_EQ(read_text_records(in, "x", pairs_of_numbers(9)).size(), 4u);
}

}  // namespace
}  // namespace app
