#pragma once
/// The benchmark's ray sets (DESIGN.md, `raypick bench`), made the same way for every accel so
/// their figures compare: incoherent rays through the model's box, and a camera's primary rays.

#include <vector>

#include <glm/vec2.hpp>

#include "app/core/scene_session.h"
#include "picking/core/ray.h"

namespace app {

/// `--incoherent N`: origins uniform on the sphere of twice the bounding radius around the
/// box centre, each aimed at a uniform point inside the box (direction = aim - origin, not
/// normalised). Seeded, so every run and every accel casts the same rays.
[[nodiscard]] std::vector<picking::Ray> incoherent_rays(const picking::Aabb& box, std::size_t count,
                                                        unsigned seed = 1);

/// `--primary WxH`: a pinhole camera on the +z side of the box centre, looking down -z with +y
/// up and a 60 degree field of view across the smaller side, just far enough back that the
/// bounding sphere (the box's circumscribed sphere) fills that side. One ray through each
/// pixel centre, row by row from the top left; unit directions.
[[nodiscard]] std::vector<picking::Ray> primary_rays(const picking::Aabb& box, glm::ivec2 size_px);

}  // namespace app
