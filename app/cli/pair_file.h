#pragma once
/// Reading triangle pairs for `raypick tritri --pairs`: text (eighteen numbers per line, V0 V1 V2
/// then Q0 Q1 Q2; blank lines and lines starting with '#' are skipped) or, for a name ending in
/// ".f32", raw little-endian float32 eighteen at a time. "-" reads text from standard input.
/// Non-finite and degenerate triangles are allowed: the algorithms give them a defined answer.

#include <filesystem>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include "app/cli/number_file.h"
#include "picking/tritri/triangle_triangle.h"

namespace app {

/// A pair file that cannot be used; what() is "FILE:LINE: reason" (or "FILE: reason").
using PairFileError = NumberFileError;

/// The most triangle pairs a command takes, from a file or generated (`tritri --count`):
/// 3.6 GB of pairs.
inline constexpr std::size_t kMaxPairs = 50'000'000;

/// Every pair of the file (or of standard input for "-"); the errors of read_record_file, with
/// kMaxPairs as the limit.
[[nodiscard]] std::vector<picking::TrianglePair> read_pair_file(const std::filesystem::path& path);
/// Text pairs from a stream; `name` prefixes error messages.
[[nodiscard]] std::vector<picking::TrianglePair> read_pair_text(std::istream& in,
                                                                const std::string& name);

/// The pairs of raw float32 bytes, as read_pair_file reads a ".f32" file.
[[nodiscard]] std::vector<picking::TrianglePair> parse_pair_f32(std::span<const char> bytes,
                                                                const std::string& name);

/// Parses "V0x V0y ... Q2z" from one line; throws std::invalid_argument with the reason.
[[nodiscard]] picking::TrianglePair parse_pair_line(const std::string& line);

/// Writes pairs as text (one per line, full float precision) or, for ".f32", raw float32.
void write_pair_file(const std::filesystem::path& path,
                     const std::vector<picking::TrianglePair>& pairs);

}  // namespace app
