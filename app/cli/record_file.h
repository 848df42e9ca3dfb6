#pragma once
/// What `pick` and `select` share about records: opening the file `--record` writes, reading
/// the one `--replay` reads, and printing the mismatches a replay found.

#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/record_fields.h"

namespace app {

/// Opens (truncates) the file `--record` names, before the model loads: a path that cannot be
/// written should not wait for it. An error message naming the file when it cannot be.
[[nodiscard]] std::optional<std::string> open_record_output(const std::string& path,
                                                            std::ofstream& out);

/// The text of a record file; an error message (naming the file) when it cannot be read.
[[nodiscard]] std::optional<std::string> read_record_text(const std::string& path,
                                                          std::string& text);

/// [{"field", "recorded", "replayed"}, ...]
[[nodiscard]] nlohmann::ordered_json mismatches_json(const std::vector<RecordMismatch>& mismatches);

/// The SHA-256 as a replay line shows it: null for a built-in scene (not a file).
[[nodiscard]] nlohmann::ordered_json sha256_json(const std::optional<std::string>& sha256);

}  // namespace app
