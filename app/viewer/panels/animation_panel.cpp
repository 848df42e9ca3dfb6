#include <cmath>

#include <imgui.h>

#include "app/core/bind_pose_comparison.h"
#include "app/viewer/panels/panels.h"

namespace app {

namespace {

constexpr double kStepSeconds = 1.0 / 30.0;

/// "2 skinned meshes (5,120 vertices per pose, on the CPU), 1 rigid skin, 1 morphed"
std::string motion_summary(const assets::Scene& scene) {
    std::size_t skinned = 0, skinned_vertices = 0, rigid_skins = 0, morphed = 0;
    for (const assets::MeshData& mesh : scene.meshes) {
        if (!mesh.skin.empty() && mesh.skin.rigid_joint) ++rigid_skins;
        if (!mesh.skin.empty() && !mesh.skin.rigid_joint) {
            ++skinned;
            skinned_vertices += mesh.positions.size();
        }
        if (!mesh.morph_targets.empty()) ++morphed;
    }
    if (skinned + rigid_skins + morphed == 0)
        return "rigid parts only: the ray moves, never a vertex";
    std::string text;
    const auto add = [&](std::size_t count, const char* one, const char* many) {
        if (count == 0) return;
        if (!text.empty()) text += ", ";
        text += std::to_string(count) + " " + (count == 1 ? one : many);
    };
    add(skinned, "skinned mesh", "skinned meshes");
    if (skinned > 0)
        text += " (" + std::to_string(skinned_vertices) + " vertices skinned per pose)";
    add(rigid_skins, "rigid skin", "rigid skins");
    add(morphed, "morphed mesh", "morphed meshes");
    return text;
}

void draw_hit_line(const char* label, const picking::PickResult& result,
                   const assets::Scene& scene) {
    if (!result.hit) {
        ImGui::Text("%s: miss", label);
        return;
    }
    const picking::PickHit& hit = *result.hit;
    ImGui::Text("%s: %s #%u, t = %.5g", label, scene.nodes[hit.node].name.c_str(), hit.triangle,
                double(hit.t));
}

/// The right answer and the bind pose's, one above the other.
void draw_bind_comparison(const Selection& selection, const assets::Scene& scene) {
    if (!selection.bind_result) {
        ImGui::TextDisabled("click again to pick the bind pose too");
        return;
    }
    const BindPoseComparison comparison =
        compare_with_bind_pose(selection.result, *selection.bind_result, selection.ray);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.45f, 0.9f, 1.0f));
    draw_hit_line("drawn", selection.result, scene);
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::TextDisabled("  vs  ");
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.35f, 0.85f, 1.0f, 1.0f));
    draw_hit_line("bind pose", *selection.bind_result, scene);
    ImGui::PopStyleColor();
    // Agreement is the same triangle at the same point, not just the same triangle number.
    const std::string verdict = describe(comparison);
    ImGui::PushTextWrapPos(0.0f);
    if (comparison.agree())
        ImGui::TextDisabled("%s", verdict.c_str());
    else
        ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.3f, 1.0f), "%s", verdict.c_str());
    ImGui::PopTextWrapPos();
}

}  // namespace

void draw_animation_panel(AnimationPanelState& state, SceneSession& session,
                          const std::optional<Selection>& selection) {
    const assets::Scene& scene = session.scene();
    if (scene.clips.empty()) {
        ImGui::TextDisabled("This model has no animation.");
    } else {
        // == Clip, play/pause, loop, speed, step
        const int clip = session.clip();
        ImGui::SetNextItemWidth(170);
        const char* current =
            clip >= 0 ? scene.clips[std::size_t(clip)].name.c_str() : "(rest pose)";
        if (ImGui::BeginCombo("##clip", current)) {
            if (ImGui::Selectable("(rest pose)", clip < 0)) session.set_clip(-1);
            for (int i = 0; i < int(scene.clips.size()); ++i)
                if (ImGui::Selectable(scene.clips[std::size_t(i)].name.c_str(), i == clip))
                    session.set_clip(i);
            ImGui::EndCombo();
        }
        ImGui::SameLine();
        if (ImGui::Button(state.playing ? "Pause" : "Play", ImVec2(50, 0))) {
            state.playing = !state.playing;
            // Played once to the end: play again from the start.
            if (state.playing && !session.loop() && session.time() >= session.duration())
                session.set_time(0.0);
        }
        ImGui::SameLine();
        if (ImGui::ArrowButton("##back", ImGuiDir_Left)) {
            state.playing = false;
            session.set_time(session.time() - kStepSeconds);
        }
        ImGui::SameLine();
        if (ImGui::ArrowButton("##forward", ImGuiDir_Right)) {
            state.playing = false;
            session.set_time(session.time() + kStepSeconds);
        }
        ImGui::SameLine();
        bool loop = session.loop();
        if (ImGui::Checkbox("loop", &loop)) session.set_loop(loop);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Off: time runs past the end and each channel's pre/post state\n"
                "(Assimp's aiAnimBehaviour) decides the pose outside its keys.");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(-1);
        ImGui::SliderFloat("##speed", &state.speed, 0.0f, 4.0f, "speed %.2fx");

        // == The timeline
        const double duration = session.duration();
        if (clip >= 0 && duration > 0.0) {
            double shown = session.time();
            if (session.loop()) {
                shown = std::fmod(shown, duration);
                if (shown < 0.0) shown += duration;
            }
            const assets::AnimationClip& c = scene.clips[std::size_t(clip)];
            char label[96];
            std::snprintf(label, sizeof label, "%.3f s of %.3f s   (tick %.1f of %.1f)", shown,
                          duration, shown * c.ticks_per_second, c.duration_ticks);
            float t = float(shown);
            ImGui::SetNextItemWidth(-1);
            if (ImGui::SliderFloat("##time", &t, 0.0f, float(duration), label))
                session.set_time(double(t));
        } else if (clip >= 0) {
            ImGui::TextDisabled("this clip has no duration: a single pose");
        }
    }

    // == The bind pose, drawn and picked
    ImGui::Checkbox("bind-pose ghost (G)", &state.ghost);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The vertices as loaded under the nodes' rest transforms: what picking\n"
            "hits when it ignores the animation and the skin (the bind pose).");
    ImGui::SameLine();
    ImGui::Checkbox("pick the bind pose too", &state.pick_bind_pose);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Every click also picks the bind pose, and shows that answer (cyan)\n"
            "beside the right one: the classic bug of engines that pick a mesh's\n"
            "bind pose instead of what is drawn.");
    ImGui::TextDisabled("%s", motion_summary(scene).c_str());
    if (state.pick_bind_pose && selection) draw_bind_comparison(*selection, scene);
}

}  // namespace app
