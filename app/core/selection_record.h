#pragma once
/// A region selection as a record that replays: everything that decides it (the model and its
/// SHA-256, the time, the window and the 3D view's rectangle in it, the camera with every field
/// its projection and view use, the region's shape and points, the rule, visible-only with its
/// algorithm and accel) and what it selected: the total and, per instance, the count and a
/// 64-bit FNV-1a digest of the triangle indices (not the lists: a selection of a million
/// triangles stays a short line). Floats are written as exact bits beside the decimal, like a
/// pick record (app/core/pick_record.h). `raypick select --record` writes it, `raypick select
/// --replay` reads it, selects again and compares. The layout is in docs/DESIGN.md ("Pick
/// records").

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/model_identity.h"
#include "app/core/pick_choice.h"
#include "app/core/record_fields.h"
#include "app/core/rect.h"
#include "app/core/region_selection.h"
#include "app/core/scene_session.h"

namespace app {

/// Everything that decides a selection.
struct SelectionRecordSetup {
    ModelIdentity model;
    double time = 0.0;  ///< the session's time in seconds (the first clip, looping)
    glm::uvec2 window{1280, 720};
    Rect view;  ///< the 3D view in the window, in window pixels
    Camera camera;
    RegionRequest region;  ///< its threads are not recorded: they do not change the answer
    PickChoice choice;     ///< the algorithm and accel of visible-only's rays
};

/// One instance's part of the selection.
struct SelectionRecordObject {
    std::uint32_t instance = 0;
    std::uint64_t count = 0;
    std::uint64_t fnv1a64 = 0;  ///< triangles_digest of its triangle indices
    bool operator==(const SelectionRecordObject&) const = default;
};

/// What the selection found: the total, and each instance with a triangle, in index order.
struct SelectionRecordResult {
    std::uint64_t triangles = 0;
    std::vector<SelectionRecordObject> objects;
    bool operator==(const SelectionRecordResult&) const = default;
};

struct SelectionRecord {
    SelectionRecordSetup setup;
    SelectionRecordResult result;
};

/// 64-bit FNV-1a over the indices in increasing order, each as 4 little-endian bytes: the same
/// digest on any machine, and `sorted` changes it by any triangle added, dropped or swapped.
[[nodiscard]] std::uint64_t triangles_digest(std::span<const std::uint32_t> sorted);

[[nodiscard]] SelectionRecordResult selection_result(const picking::TriangleSet& triangles);

[[nodiscard]] nlohmann::ordered_json selection_record_to_json(const SelectionRecord& record);
/// Strict, like pick_record_from_json: every field present with its type, no unknown field,
/// every bit pattern agreeing with its decimal, the camera, view and region valid as `raypick
/// select` makes them. Throws RecordError naming the field.
[[nodiscard]] SelectionRecord selection_record_from_json(const nlohmann::json& json);
/// The record of a file's text: one JSON object (what `select --record` writes).
[[nodiscard]] SelectionRecord parse_selection_record(std::string_view text);

/// Every result field that differs, in the record's order ("result.triangles",
/// "result.objects[instance=2].count", "result.objects[instance=2].fnv1a64").
[[nodiscard]] std::vector<RecordMismatch> compare_selections(const SelectionRecordResult& recorded,
                                                             const SelectionRecordResult& replayed);

/// Poses `session` at the setup's time, builds the accels and selects: what `select` does to
/// make a record and `select --replay` to check one. An error in words when the region has no
/// area; throws what SceneSession::prepare throws.
[[nodiscard]] std::optional<std::string> select_for_record(SceneSession& session,
                                                           const SelectionRecordSetup& setup,
                                                           unsigned threads, RegionOutcome& out);

}  // namespace app
