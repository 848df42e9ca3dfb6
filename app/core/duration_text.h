#pragma once

#include <string>

namespace app {

/// A duration in at most six characters with its unit ("820ns", "8.7us", "644us", "1.2ms",
/// "35s"): a table column stays as wide on a slow machine as on a fast one.
std::string duration_text(double nanoseconds);

}  // namespace app
