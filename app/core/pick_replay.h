#pragma once
/// Replaying a pick record (app/core/pick_record.h) in a session: the setup of a pick made now,
/// the session posed as a record says, and the pick made again.

#include <optional>
#include <string>

#include "app/core/model_identity.h"
#include "app/core/pick_choice.h"
#include "app/core/pick_record.h"
#include "app/core/scene_session.h"

namespace app {

/// `clip`, `loop` and `time` in `session`'s model, with the clip's name (empty for the rest
/// pose or an index the model lacks).
[[nodiscard]] ClipTime clip_time(const SceneSession& session, int clip, bool loop, double time);
/// Where `session`'s pose stands now.
[[nodiscard]] ClipTime current_clip_time(const SceneSession& session);

/// The setup of a pick made in `session` now (its clip, loop, time and offset) on `model`.
[[nodiscard]] PickRecordSetup record_setup(const SceneSession& session, ModelIdentity model,
                                           const PickChoice& choice, PoseChoice pose,
                                           const picking::Ray& ray);
/// Poses `session` as the setup says (clip, loop, time, offset) and builds its accel; an error
/// when this model has no such clip. Throws what SceneSession::prepare throws.
[[nodiscard]] std::optional<std::string> pose_for_record(SceneSession& session,
                                                         const PickRecordSetup& setup);
/// Picks again, in a session posed by pose_for_record.
[[nodiscard]] picking::PickResult replay_pick(const SceneSession& session,
                                              const PickRecordSetup& setup);

}  // namespace app
