#pragma once
/// A test oracle: two scenes hold the same data, field by field and bit for bit (every mesh,
/// skin, morph target, material, node, clip, shape and note), reported as gtest failures that
/// say which field differs.

#include "assets/scene/scene.h"

namespace assets::testing {

/// Adds a gtest failure for every field in which `actual` differs from `expected`.
void expect_same_scene(const Scene& expected, const Scene& actual);

}  // namespace assets::testing
