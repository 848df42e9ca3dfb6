#pragma once
/// A session as the viewer saves and opens it (File > Save session, File > Open, `raypick
/// --session FILE`): the model and its SHA-256, the pose and whether it plays, the camera with
/// every field exact, the workspace's regions and tool, every pick setting, and the selections:
/// the pick (its ray, picked again on opening), the region selection (per instance, its
/// triangles as runs) and the Measure tool's points. One JSON object; floats as exact bits
/// beside the decimal, like the records (app/core/record_fields.h). The layout is in
/// docs/DESIGN.md ("Session files").

#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

#include "app/core/bvh_build_choice.h"
#include "app/core/camera.h"
#include "app/core/measure.h"
#include "app/core/model_identity.h"
#include "app/core/pick_choice.h"
#include "app/core/record_fields.h"
#include "app/core/workspace_layout.h"
#include "picking/core/ray.h"
#include "picking/select/region_select.h"
#include "picking/select/snap.h"
#include "picking/select/triangle_set.h"

namespace app {

/// The pick a session keeps: the ray through the window (its t range is the settings').
struct SessionPick {
    glm::vec2 cursor{0.0f};  ///< window pixels, where the ray went through
    glm::vec3 origin{0.0f}, direction{0.0f, 0.0f, -1.0f};
};

/// One instance's selected triangles as runs of consecutive indices [first, last].
struct SessionRegion {
    std::uint32_t instance = 0;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> runs;
    bool operator==(const SessionRegion&) const = default;
};

struct SessionFile {
    ModelIdentity model;
    // The pose
    ClipTime animation;
    bool playing = false;
    // The view and the workspace
    Camera camera;
    WorkspaceWishes layout;
    std::string mode = "pick";   ///< the viewer's mode word (pick, collide, lab)
    std::string tool = "click";  ///< the selection tool (click, box, lasso, measure)
    std::string tools_tab;       ///< the Tools area's tab ("" when it has none to show)
    bool wireframe = false;
    bool show_ray = true;
    // The pick's settings
    PickChoice choice;
    float t_min = 0.0f;
    float t_max = std::numeric_limits<float>::infinity();
    bool hover = false;
    bool snap = false;
    float snap_radius_px = 12.0f;
    picking::SnapTargets snap_targets;
    picking::RegionRule rule = picking::RegionRule::Touching;
    bool xray = false;
    /// How the BVH is built (files before it was saved: auto, the viewer's default).
    BvhBuildChoice bvh_build = BvhBuildChoice::Auto;
    // The selections
    std::optional<SessionPick> pick;
    std::vector<SessionRegion> region;  ///< instances with a triangle, in increasing order
    std::vector<MeasurePoint> measure;
};

/// Per instance with a triangle, its triangles as runs.
[[nodiscard]] std::vector<SessionRegion> session_region(const picking::TriangleSet& triangles);
/// The runs as a set over instances of these triangle counts. Triangles the scene does not
/// have (another model, or an edited one) are left out and counted in `dropped`.
[[nodiscard]] picking::TriangleSet region_triangles(
    const std::vector<SessionRegion>& region, std::span<const std::size_t> triangles_per_instance,
    std::uint64_t& dropped);

[[nodiscard]] nlohmann::ordered_json session_to_json(const SessionFile& session);
/// Strict, like the records: every field present with its type, no unknown field, every bit
/// pattern agreeing with its decimal, the camera and settings valid, runs increasing and apart.
/// Throws RecordError naming the field.
[[nodiscard]] SessionFile session_from_json(const nlohmann::json& json);
/// The session of a file's text (one JSON object).
[[nodiscard]] SessionFile parse_session(std::string_view text);

/// Whether `text` starts like a session file (its "record" field), to tell it from a model
/// when a file is opened or dropped.
[[nodiscard]] bool looks_like_session(std::string_view text);
/// The same for a file: reads its first bytes only (a model may be gigabytes).
[[nodiscard]] bool is_session_file(const std::filesystem::path& path);
/// Reads and parses a session file; throws RecordError naming the file (and the field).
[[nodiscard]] SessionFile read_session_file(const std::filesystem::path& path);

}  // namespace app
