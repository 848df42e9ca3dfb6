#pragma once
/// A pick as a record that replays (replaying it: app/core/pick_replay.h): everything that decides
/// it (the model and its SHA-256, the clip, time and loop, the pose, the Far from origin offset,
/// the algorithm with every option and tolerance, the shapes' forms, the accel, the ray with its t
/// range) and what it found, every float as its exact bits beside the decimal for humans. `raypick
/// pick --record` and the viewer's Ctrl+C write it, `raypick pick --replay` reads it, picks again
/// and compares. The JSON layout is in docs/DESIGN.md ("Pick records").

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include "app/core/model_identity.h"
#include "app/core/pick_choice.h"
#include "app/core/record_fields.h"
#include "app/core/scene_session.h"
#include "picking/scene/scene_pick.h"

namespace app {

/// `raypick pick --replay`'s exit status when a replayed pick differs from its record.
inline constexpr int kExitReplayMismatch = 6;
/// ... and when the model file is not the one recorded (its SHA-256 differs); wins over 6.
inline constexpr int kExitModelChanged = 7;

/// Everything that decides a pick.
struct PickRecordSetup {
    ModelIdentity model;
    ClipTime animation;
    PoseChoice pose = PoseChoice::Current;
    glm::dvec3 world_offset{0.0};  ///< Far from origin's move of the whole scene
    /// The algorithm, every option and tolerance, the shapes' forms and the accel (a record
    /// never keeps PickSettings::record_visited: drawing aid, not an input).
    PickChoice choice;
    picking::Ray ray;  ///< world space, with its t range
};

/// What the pick found: the closest triangle or analytic shape, or nothing.
struct PickRecordResult {
    std::optional<picking::PickHit> triangle;
    std::optional<picking::ShapePickHit> shape;  ///< its `local` part is not recorded
    picking::BroadPhase broad_phase = picking::BroadPhase::None;  ///< the one that ran
};

struct PickRecord {
    PickRecordSetup setup;
    PickRecordResult result;
};

/// A bad record: the message names the field ("settings.dx_det_epsilon_bits: ...").
using PickRecordError = RecordError;

[[nodiscard]] PickRecordResult record_result(const picking::PickResult& result);

[[nodiscard]] nlohmann::ordered_json pick_record_to_json(const PickRecord& record);
/// Strict: every field present with its type, no unknown field, every bit pattern agreeing with
/// its decimal; the settings valid as `raypick pick` requires them (a ray that is not finite, an
/// empty t range, a negative or NaN tolerance are refused). Throws PickRecordError.
[[nodiscard]] PickRecord pick_record_from_json(const nlohmann::json& json);
/// The records of a file's text: one JSON object, an array of them, or one object per line
/// (JSON lines, what `pick --record` writes). Throws PickRecordError (with the line number).
[[nodiscard]] std::vector<PickRecord> parse_pick_records(std::string_view text);

/// Every field of the two results that differs, bit for bit, in the record's order; plus the
/// clip's name when the replaying model names its clip differently.
[[nodiscard]] std::vector<RecordMismatch> compare_records(const PickRecord& recorded,
                                                          const PickRecord& replayed);

}  // namespace app
