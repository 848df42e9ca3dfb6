#pragma once
/// The one way raypick writes JSON: the commands' lines, the viewer's scripted report and its
/// UI trace. Names and paths come from files and command lines as bytes, which need not be
/// UTF-8; JSON text must be, so they are repaired here instead of throwing.

#include <string>

#include <nlohmann/json.hpp>

namespace app {

/// The key an object gains when some of its strings (or keys) were not valid UTF-8.
inline constexpr const char* kUtf8RepairedKey = "utf8_repaired";

/// `j` as compact JSON text on one line (no newline). Bytes that are not valid UTF-8 are each
/// replaced by U+FFFD, and then, when `j` is an object, it gains "utf8_repaired": true so a
/// reader knows a name it sees is not the name in the file.
[[nodiscard]] std::string json_line(nlohmann::ordered_json j);

}  // namespace app
