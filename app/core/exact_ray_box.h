#pragma once
/// Whether a ray, as a set of points {O + tD : t >= 0}, touches a closed axis-aligned box,
/// decided without rounding: the Slab lab's judge of seed 002's slab test and the robust one.

#include <glm/vec3.hpp>

namespace app {

/// True when some t >= 0 puts O + tD inside [box_min, box_max] (faces, edges and corners
/// included), for any finite float inputs. Each slab's t interval is compared with the others'
/// and with t = 0 by the exact sign of (P' - O).d_j - (Q' - O).d_i (expansion arithmetic), so
/// a ray that grazes an edge is told from one that misses it by one float. A zero direction
/// component keeps the ray in that slab for all t (origin inside) or never (outside). A box
/// with min > max on some axis is empty: false.
[[nodiscard]] bool ray_touches_box_exactly(glm::vec3 origin, glm::vec3 direction, glm::vec3 box_min,
                                           glm::vec3 box_max);

/// The exact sign (-1, 0, +1) of (a - b) * c - (d - e) * f over float inputs (the core of the
/// above, exposed for its test).
[[nodiscard]] int exact_sign_of_difference_products(float a, float b, float c, float d, float e,
                                                    float f);

}  // namespace app
