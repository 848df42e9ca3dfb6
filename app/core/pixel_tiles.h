#pragma once
/// A screen's pixel rays in 4x4 tiles: what the per-pixel features (the disagreement picture,
/// visible-only selection, the packet heatmap) hand to SceneSession::Caster::intersect_packet,
/// so that neighbouring rays share one walk of the BVH. Threads take bands of kTileSide rows.

#include <cstddef>
#include <optional>

#include <glm/vec2.hpp>

#include "picking/bvh/wide_bvh.h"
#include "picking/core/ray.h"

namespace app {

/// A tile's side in pixels: kTileSide x kTileSide rays fill one packet.
inline constexpr int kTileSide = 4;
static_assert(kTileSide * kTileSide == int(picking::kPacketRays));

/// The wanted pixels of one tile and their rays, in row order.
struct PixelTile {
    int count = 0;
    glm::ivec2 pixel[picking::kPacketRays];
    picking::Ray ray[picking::kPacketRays];
};

/// Calls `on_tile(tile)` for each kTileSide x kTileSide tile of the pixels [x0, x1) x [y0, y1)
/// (tiles cut at the edges hold fewer), left to right and top to bottom, with the pixels for
/// which `ray_at(x, y)` gives a ray (std::optional<picking::Ray>; none: the pixel is skipped).
/// Tiles with no wanted pixel are not handed on.
template <typename RayAt, typename OnTile>
void for_each_pixel_tile(int x0, int x1, int y0, int y1, RayAt&& ray_at, OnTile&& on_tile) {
    PixelTile tile;
    for (int ty = y0; ty < y1; ty += kTileSide)
        for (int tx = x0; tx < x1; tx += kTileSide) {
            tile.count = 0;
            for (int y = ty; y < ty + kTileSide && y < y1; ++y)
                for (int x = tx; x < tx + kTileSide && x < x1; ++x) {
                    const std::optional<picking::Ray> ray = ray_at(x, y);
                    if (!ray) continue;
                    tile.pixel[tile.count] = {x, y};
                    tile.ray[tile.count++] = *ray;
                }
            if (tile.count > 0) on_tile(tile);
        }
}

}  // namespace app
