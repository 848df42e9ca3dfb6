#pragma once
/// The triangle the ray–triangle tests aim at, (0,0,0) (1,0,0) (0,1,0) in the z = 0 plane, and a
/// ray straight down onto it: the hit's (u, v) is the ray's (x, y) and t is 1.

#include "picking/core/ray.h"
#include "picking/core/triangle.h"

namespace picking::testing {

inline const Triangle kUnitTriangle{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};

inline Ray down_through(float x, float y) {
    return Ray{{x, y, 1.0f}, {0, 0, -1}};
}

}  // namespace picking::testing
