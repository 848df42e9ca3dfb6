#pragma once
/// Reading rays for `raypick pick --rays` and `raypick bench --rays`: text (six numbers per
/// line: OX OY OZ DX DY DZ; blank lines and lines starting with '#' are skipped) or, for a
/// name ending in ".f32", raw little-endian float32 six at a time.

#include <filesystem>
#include <string>
#include <vector>

#include "app/cli/number_file.h"
#include "picking/core/ray.h"

namespace app {

/// A ray file that cannot be used; what() is "FILE:LINE: reason" (or "FILE: reason").
using RayFileError = NumberFileError;

/// Every ray of the file, checked with picking::ray_problem (a zero-length or non-finite
/// ray is an error naming its line, or its index for .f32 files).
[[nodiscard]] std::vector<picking::Ray> read_ray_file(const std::filesystem::path& path);

/// Parses "OX OY OZ DX DY DZ" from one line; throws std::invalid_argument with the reason.
[[nodiscard]] picking::Ray parse_ray_line(const std::string& line);

}  // namespace app
