#pragma once
/// The ray sets every benchmark, study and seeded test casts, made one way so their figures
/// compare (`raypick bench --incoherent N | --primary WxH`): incoherent rays through a box, and
/// a camera's primary rays.

#include <cstddef>
#include <vector>

#include <glm/vec2.hpp>

#include "picking/core/aabb.h"
#include "picking/core/ray.h"

namespace picking {

/// Origins uniform on the sphere of twice the box's bounding radius about its centre, each aimed
/// at a uniform point inside the box (direction = aim - origin, not normalised). Seeded: every
/// run and every compiler casts the same rays. With `inside_every` = n > 0 every n-th ray starts
/// inside the box instead (between its aim and 30 % of the way back, drawn from the same
/// stream), so t_min and boxes that hold the origin are exercised too.
[[nodiscard]] std::vector<Ray> incoherent_rays(const Aabb& box, std::size_t count,
                                               unsigned seed = 1, int inside_every = 0);

/// A pinhole camera on the +z side of the box centre, looking down -z with +y up and a 60 degree
/// field of view across the smaller side, just far enough back that the box's bounding sphere
/// fills that side. One ray through each pixel centre, row by row from the top left; unit
/// directions.
[[nodiscard]] std::vector<Ray> primary_rays(const Aabb& box, glm::ivec2 size_px);

/// Rays of an image (`size_px`, row by row) reordered into `tile` x `tile` screen tiles, the
/// tiles row by row and each tile's rays row by row: so consecutive rays are neighbours on
/// screen, as packets want them (with tile 4: sixteen rays a 4x4 tile, eight a 4x2 half).
/// Tiles cut by the image's right or bottom edge hold fewer rays.
[[nodiscard]] std::vector<Ray> tile_order(const std::vector<Ray>& rays, glm::ivec2 size_px,
                                          int tile);

}  // namespace picking
