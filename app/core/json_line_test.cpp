#include "app/core/json_line.h"

#include <gtest/gtest.h>

namespace app {
namespace {

TEST(JsonLine, ValidTextIsWrittenAsDumpWritesIt) {
    nlohmann::ordered_json j;
    j["mesh_name"] = "Würfel";
    j["t"] = 1.5;
    EXPECT_EQ(json_line(j), j.dump());
    EXPECT_FALSE(nlohmann::json::parse(json_line(j)).contains(kUtf8RepairedKey));
}

// A mesh named by a file in Latin-1, or cut in the middle of a character, once made
// nlohmann's dump() throw type_error 316 and every command that printed it abort.
TEST(JsonLine, InvalidUtf8IsReplacedAndSaidSo) {
    nlohmann::ordered_json j;
    j["mesh_name"] = std::string("tri\xff\xfe");
    j["node"] = std::string("W\xc3");  // a two-byte character cut after its first byte
    j["hit"] = true;
    const std::string text = json_line(j);
    const auto back = nlohmann::json::parse(text);                // would throw on invalid UTF-8
    EXPECT_EQ(back["mesh_name"], "tri\xef\xbf\xbd\xef\xbf\xbd");  // two U+FFFD
    EXPECT_EQ(back["node"], "W\xef\xbf\xbd");
    EXPECT_EQ(back["hit"], true);
    EXPECT_EQ(back[kUtf8RepairedKey], true);
}

TEST(JsonLine, KeysAndNestedStringsAreRepairedToo) {
    nlohmann::ordered_json j;
    j["all_hits"] = nlohmann::ordered_json::array({{{"mesh_name", std::string("a\x80")}}});
    j[std::string("key\xfe")] = 1;
    const auto back = nlohmann::json::parse(json_line(j));
    EXPECT_EQ(back["all_hits"][0]["mesh_name"], "a\xef\xbf\xbd");
    EXPECT_EQ(back["key\xef\xbf\xbd"], 1);
    EXPECT_EQ(back[kUtf8RepairedKey], true);
}

TEST(JsonLine, AnArrayIsRepairedWithoutAFlag) {
    const auto j = nlohmann::ordered_json::array({std::string("\xff")});
    EXPECT_EQ(json_line(j), "[\"\xef\xbf\xbd\"]");
}

}  // namespace
}  // namespace app
