#pragma once
/// Reading rays for `raypick pick --rays` and `raypick bench --rays`: text (six numbers per
/// line: OX OY OZ DX DY DZ; blank lines and lines starting with '#' are skipped) or, for a
/// name ending in ".f32", raw little-endian float32 six at a time.

#include <filesystem>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include "app/cli/number_file.h"
#include "picking/core/ray.h"

namespace app {

/// A ray file that cannot be used; what() is "FILE:LINE: reason" (or "FILE: reason").
using RayFileError = NumberFileError;

/// The most rays a command takes, from a file or generated (`bench --incoherent`,
/// `--primary`): 3.2 GB of rays.
inline constexpr std::size_t kMaxRays = 100'000'000;

/// Every ray of the file, checked with picking::ray_problem (a zero-length or non-finite
/// ray is an error naming its line, or its index for .f32 files). A directory, a file without
/// rays or with more than kMaxRays, and a line over kMaxRecordLineBytes are errors too.
[[nodiscard]] std::vector<picking::Ray> read_ray_file(const std::filesystem::path& path);

/// The rays of a text stream, as read_ray_file reads a text file; `name` prefixes errors.
[[nodiscard]] std::vector<picking::Ray> read_ray_text(std::istream& in, const std::string& name);
/// The rays of raw float32 bytes, as read_ray_file reads a ".f32" file.
[[nodiscard]] std::vector<picking::Ray> parse_ray_f32(std::span<const char> bytes,
                                                      const std::string& name);

/// Writes rays as read_ray_file reads them back, bit for bit: text (nine significant digits)
/// or, for ".f32", raw float32. The file has no t range: only origins and directions go.
void write_ray_file(const std::filesystem::path& path, std::span<const picking::Ray> rays);

/// Parses "OX OY OZ DX DY DZ" from one line; throws std::invalid_argument with the reason.
[[nodiscard]] picking::Ray parse_ray_line(const std::string& line);

}  // namespace app
