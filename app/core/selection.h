#pragma once
/// A pick as the viewer keeps it: the hit, the ray that found it, and what the ID buffer saw.

#include <optional>
#include <string>
#include <vector>

#include "app/core/pick_choice.h"
#include "picking/scene/scene_pick.h"
#include "picking/select/snap.h"

namespace app {

/// The GPU's opinion on a click (app/core/id_buffer_check.h), as the Inspector shows it.
struct IdBufferVerdict {
    bool read = false;    ///< the ID buffer was read for this pick
    bool agrees = false;  ///< the GPU drew what the CPU picked (or nothing where it missed)
    std::string gpu;      ///< what the GPU drew: "instance 3, triangle 17", "shape 2", "nothing"
    std::string cause;    ///< when it differs: the likeliest reason, in words
};

struct Selection {
    std::uint64_t serial = 0;  ///< counts picks, so views can tell a new pick from an old one
    picking::Ray ray;
    glm::vec2 cursor_window{0.0f};  ///< where the ray went through the window
    picking::PickResult result;
    PickChoice choice;  ///< what the pick ran with
    /// The hit instance's world_from_mesh when it was picked (the pose may move on).
    glm::mat4 world_from_mesh{1.0f};
    /// The pose of the pick: the session's time and pose version then, and, when the picked
    /// mesh deforms, the hit instance's vertices (and normals) in that pose; empty otherwise,
    /// since the vertices as loaded are then the pick's. The Bone space view draws these.
    double time = 0.0;
    int clip = -1;     ///< the session's clip then (-1: the rest pose), for the pick's record
    bool loop = true;  ///< and whether it looped
    std::uint64_t pose_version = 0;
    std::vector<glm::vec3> picked_positions;
    std::vector<glm::vec3> picked_normals;
    /// The same ray against the bind pose, when that switch is on: the classic wrong answer.
    std::optional<picking::PickResult> bind_result;
    /// The GPU's answer at the same pixel (instance, triangle), when it was read.
    std::optional<std::pair<std::uint32_t, std::uint32_t>> id_buffer;
    /// Or the analytic shape the GPU drew at that pixel.
    std::optional<std::uint32_t> id_buffer_shape;
    bool id_buffer_read = false;
    IdBufferVerdict id_check;  ///< the verdict on what the ID buffer saw
    /// The first pick since the model loaded or a setting changed: it paid for work done once
    /// (SIMD blocks, caches), so its time is not what later picks cost.
    bool cold = false;
    /// The hit shown among every triangle hit along the ray, by increasing t (Tab steps
    /// through them): 0 is the nearest, what the pick found; hits_along is 0 until stepped.
    std::size_t hit_rank = 0;
    std::size_t hits_along = 0;
    /// Where the pick snapped (a vertex, an edge, a midpoint, the face), when snapping is on.
    std::optional<picking::SnapResult> snap;

    [[nodiscard]] bool hit() const { return result.hit.has_value(); }
};

}  // namespace app
