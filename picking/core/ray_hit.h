#pragma once
/// What a ray–triangle test reports on a hit.

namespace picking {

struct RayHit {
    float t = 0.0f;  ///< ray parameter: the hit point is origin + t * direction
    float u = 0.0f;  ///< weight of the triangle's 2nd vertex (p1)
    float v = 0.0f;  ///< weight of the triangle's 3rd vertex (p2); p0 weighs 1 - u - v
};

}  // namespace picking
