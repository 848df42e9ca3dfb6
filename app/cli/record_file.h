#pragma once
/// What `pick --replay` and `select --replay` share: reading a record file and printing the
/// mismatches a replay found.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/record_fields.h"

namespace app {

/// The text of a record file; an error message (naming the file) when it cannot be read.
[[nodiscard]] std::optional<std::string> read_record_text(const std::string& path,
                                                          std::string& text);

/// [{"field", "recorded", "replayed"}, ...]
[[nodiscard]] nlohmann::ordered_json mismatches_json(const std::vector<RecordMismatch>& mismatches);

/// The SHA-256 as a replay line shows it: null for a built-in scene (not a file).
[[nodiscard]] nlohmann::ordered_json sha256_json(const std::optional<std::string>& sha256);

}  // namespace app
