#pragma once

#include "assets/scene/scene.h"

namespace assets {

/// Sets one normal per position: the area-weighted average of the faces that use it
/// (degenerate faces add nothing; an unused or isolated vertex gets +Y).
void compute_smooth_normals(MeshData& mesh);

}  // namespace assets
