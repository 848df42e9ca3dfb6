// ViewerApp's drawing: the scene with the pick, the hover and the overlays, the Collide scene,
// the Bone space view's picture, the panels' windows, the labels over the viewport and the
// heatmap.

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "app/viewer/bone_space_view.h"
#include "app/viewer/viewer_app.h"

namespace app {

namespace {

constexpr glm::vec4 kPickFill{0.95f, 0.20f, 0.85f, 1.0f};  // opaque: the exact colour is testable
constexpr glm::vec4 kPickOutline{1.0f, 0.95f, 0.35f, 1.0f};
constexpr glm::vec4 kHoverFill{1.0f, 0.85f, 0.25f, 0.45f};
constexpr glm::vec4 kHoverOutline{1.0f, 0.85f, 0.25f, 0.9f};
constexpr glm::vec4 kRayColor{0.3f, 1.0f, 0.9f, 1.0f};
constexpr glm::vec4 kBindFill{0.20f, 0.80f, 1.0f, 1.0f};  // the bind pose's (wrong) answer
constexpr glm::vec4 kBindOutline{0.75f, 0.95f, 1.0f, 1.0f};

/// A line of status (loading, building) centred above the bottom panels, over everything.
void status_label(const char* text, glm::vec2 window) {
    const ImVec2 extent = ImGui::CalcTextSize(text);
    const ImVec2 at(0.5f * (window.x - extent.x), std::max(window.y - 215.0f, 40.0f));
    ImDrawList* front = ImGui::GetForegroundDrawList();
    front->AddRectFilled(ImVec2(at.x - 8, at.y - 4),
                         ImVec2(at.x + extent.x + 8, at.y + extent.y + 4),
                         IM_COL32(20, 22, 26, 220), 4.0f);
    front->AddText(at, IM_COL32(255, 220, 120, 255), text);
}

}  // namespace

void ViewerApp::add_algorithm_overlay(render::Overlay& overlay) const {
    const AlgorithmsPanelState& panel = algorithms_panel_;
    if (!panel.visible) return;
    const auto& instances = session_->view().instances;
    if (panel.active == AlgorithmsTab::Compare && panel.compare_triangles_in_viewport) {
        for (const picking::CompareRow& row : panel.model.compare) {
            if (!row.result.hit || row.result.hit->instance >= instances.size()) continue;
            const picking::Triangle t =
                session_->world_triangle(row.result.hit->instance, row.result.hit->triangle);
            const glm::vec4 color = algorithm_color(row.method);
            overlay.triangles.push_back(
                {{t.p0, t.p1, t.p2}, glm::vec4(glm::vec3(color), 0.35f), color});
        }
    }
    if (panel.active == AlgorithmsTab::Leaks && !panel.model.leak_marks.empty()) {
        // A small cross per spot: red where the ray leaked, yellow for a double hit.
        const float size = 0.006f * std::max(session_->world_bounds().radius(), 1e-3f);
        for (const LeakMark& mark : panel.model.leak_marks) {
            const glm::vec4 color =
                mark.leak ? glm::vec4(1.0f, 0.25f, 0.2f, 1.0f) : glm::vec4(1.0f, 0.85f, 0.2f, 1.0f);
            for (int axis = 0; axis < 3; ++axis) {
                glm::vec3 d(0.0f);
                d[axis] = size;
                overlay.lines.push_back({mark.point - d, mark.point + d, color});
            }
        }
    }
}

// == Drawing

void ViewerApp::draw_scene() {
    render::Overlay overlay;
    if (mode_ == ViewerMode::TriangleLab) {
        lab_mode_.add_overlay(overlay);
        render::DrawOptions draw_options;
        draw_options.draw_meshes = false;
        renderer_.draw(frame_view(), placement(PoseChoice::Current), draw_options, overlay);
        return;
    }
    if (mode_ == ViewerMode::Collide) {
        draw_collide_scene();
        return;
    }
    auto highlight = [&](std::uint32_t instance, std::uint32_t triangle, PoseChoice pose,
                         glm::vec4 fill, glm::vec4 outline) {
        // The triangle where it is now: it follows the animation after the pick.
        const picking::Triangle t = session_->world_triangle(instance, triangle, pose);
        overlay.triangles.push_back({{t.p0, t.p1, t.p2}, fill, outline});
        return t;
    };
    add_algorithm_overlay(overlay);
    accel_view_.add_overlay(*session_, accel_panel_, selection_, overlay);
    if (hover_ && hover_->result.hit)
        highlight(hover_->result.hit->instance, hover_->result.hit->triangle, PoseChoice::Current,
                  kHoverFill, kHoverOutline);
    if (selection_) {
        if (selection_->bind_result && selection_->bind_result->hit) {
            const picking::PickHit& bind = *selection_->bind_result->hit;
            const picking::Triangle t =
                highlight(bind.instance, bind.triangle, PoseChoice::Bind, kBindFill, kBindOutline);
            if (view_panel_.show_ray)
                overlay.lines.push_back(
                    {selection_->ray.origin, t.point(bind.u, bind.v), kBindFill});
        }
        if (selection_->result.hit) {
            const picking::PickHit& hit = *selection_->result.hit;
            const picking::Triangle t =
                highlight(hit.instance, hit.triangle, PoseChoice::Current, kPickFill, kPickOutline);
            const glm::vec3 point = t.point(hit.u, hit.v);
            overlay.marker = point;
            if (view_panel_.show_ray)
                overlay.lines.push_back({selection_->ray.origin, point, kRayColor});
            if (spaces_panel_.show_axes) add_bone_axes(*session_, *selection_, overlay);
        } else if (selection_->result.shape) {
            // The shape's hit where the shape is now (it may move with its node).
            const picking::ShapePickHit& hit = *selection_->result.shape;
            overlay.marker = hit.point;
            if (view_panel_.show_ray)
                overlay.lines.push_back({selection_->ray.origin, hit.point, kRayColor});
        } else if (view_panel_.show_ray) {
            overlay.lines.push_back({selection_->ray.origin,
                                     selection_->ray.at(camera_.far_plane() * 2.0f), kRayColor});
        }
    }
    upload_posed_vertices();
    render::DrawOptions draw_options;
    draw_options.wireframe = view_panel_.wireframe;
    if (animation_panel_.ghost) draw_options.ghost = placement(PoseChoice::Bind);
    // The analytic shapes where their nodes are now; the picked (or hovered) one in colour.
    const std::vector<glm::mat4> shapes = session_->shape_transforms();
    draw_options.shape_transforms = shapes;
    if (selection_ && selection_->result.shape)
        draw_options.highlighted_shape = selection_->result.shape->shape;
    else if (hover_ && hover_->result.shape)
        draw_options.highlighted_shape = hover_->result.shape->shape;
    renderer_.draw(frame_view(), placement(PoseChoice::Current), draw_options, overlay);
    draw_bone_space_view();
}

void ViewerApp::draw_collide_scene() {
    // Contacts of the pose drawn this frame, with the moving object where the user put it.
    collide_mode_.update(*session_);
    upload_posed_vertices();
    const auto transforms = session_->instance_transforms(PoseChoice::Current);
    std::vector<glm::mat4> instance_world(transforms.begin(), transforms.end());
    collide_mode_.place(*session_, instance_world);
    render::DrawOptions draw_options;
    draw_options.wireframe = view_panel_.wireframe;
    collide_mode_.add_extra_instances(*session_, draw_options.extra_instances);
    render::Overlay overlay;
    collide_mode_.add_overlay(overlay);
    renderer_.draw(frame_view(), {instance_world, true}, draw_options, overlay);
}

void ViewerApp::draw_bone_space_view() {
    spaces_panel_.bone_view_texture = 0;
    if (!spaces_panel_.show_bone_view || !selection_ || !selection_->result.hit) return;
    const BoneSpaceScene inset =
        bone_space_scene(*session_, *selection_, spaces_panel_.bone_view_camera,
                         spaces_panel_.bone_view_serial, spaces_panel_.bone_view_size);
    render::DrawOptions options;
    options.wireframe = true;  // the mesh's own triangles, as the ray sees them
    options.background = {0.09f, 0.10f, 0.12f};
    // The mesh in the pose it was picked in, like the triangle and the ray drawn over it.
    const render::VertexSnapshot snapshot{selection_->picked_positions, selection_->picked_normals,
                                          selection_->serial};
    spaces_panel_.bone_view_texture = renderer_.draw_mesh_alone(
        inset.view, selection_->result.hit->mesh,
        selection_->picked_positions.empty() ? nullptr : &snapshot, options, inset.overlay);
    const glm::ivec2 fb = framebuffer_size();
    glViewport(0, 0, fb.x, fb.y);
}

render::InstancePlacement ViewerApp::placement(PoseChoice pose) const {
    return {session_->instance_transforms(pose), pose == PoseChoice::Current};
}

void ViewerApp::upload_posed_vertices() {
    // The renderer draws the very vertices picking tests: uploaded whenever the pose changes.
    if (session_->pose_version() == uploaded_pose_version_) return;
    for (const ViewMesh mesh : session_->deforming_meshes()) {
        if (const auto instance = session_->own_copy_instance(mesh))
            renderer_.update_instance_vertices(*instance, session_->mesh_positions(mesh),
                                               session_->mesh_normals(mesh));
        else  // one of the scene's own meshes: the renderer's mesh of the same number
            renderer_.update_posed_vertices(index(session_->scene_mesh(mesh)),
                                            session_->mesh_positions(mesh),
                                            session_->mesh_normals(mesh));
    }
    uploaded_pose_version_ = session_->pose_version();
}

void ViewerApp::draw_panels() {
    const bool lab = mode_ == ViewerMode::TriangleLab;  // the lab needs no scene panels
    const FilePanelAction file =
        lab ? FilePanelAction{}
            : draw_file_panel(file_panel_, recent_, loads_.current(), *session_);
    if (file.cancel && loads_.current()) {
        file_panel_.error = loads_.current()->subject().string() + ": loading cancelled";
        loads_.cancel();
    }
    if (file.load) start_load(*file.load);

    const ViewerMode chosen = draw_mode_panel(mode_);
    if (chosen != mode_) {
        if (chosen == ViewerMode::Collide || mode_ == ViewerMode::Collide)
            fold_scene_panels(chosen == ViewerMode::Collide);
        mode_ = chosen;
        frame_scene();
    }
    if (mode_ == ViewerMode::TriangleLab && lab_mode_.draw_panel()) frame_scene();
    if (mode_ == ViewerMode::Collide) collide_mode_.draw_panel(*session_);
    const Accel accel = pick_panel_.choice.accel();
    if (mode_ == ViewerMode::Pick)
        draw_pick_panel(pick_panel_, selection_, *session_,
                        accel_view_.broad_phase_status(*session_, accel));
    const ViewPanelAction view = draw_view_panel(camera_, view_panel_);
    if (view.frame) frame_scene();
    if (view.reset) reset_view();
    if (!lab) draw_animation_panel(animation_panel_, *session_, selection_);
    if (mode_ == ViewerMode::Pick) {
        draw_spaces_panel(spaces_panel_, *session_, selection_);
        draw_bone_space_window(spaces_panel_, *session_, selection_);
        const AlgorithmsPanelAction algorithms = draw_algorithms_panel(
            algorithms_panel_, selection_, hover_, *session_, pick_panel_.choice.method(),
            pick_panel_.choice.options().triangle_options);
        if (algorithms.run_leaks) run_leak_sweep();
        if (algorithms.far_distance) move_far(*algorithms.far_distance);
        const AccelPanelAction acceleration =
            draw_accel_panel(accel_panel_, accel_view_.status(*session_, accel, accel_panel_));
        if (acceleration.cancel_build) {
            accel_view_.cancel();
            pick_panel_.choice.set_accel(Accel::None);  // what picks use until another is chosen
        }
    }
    draw_heatmap();
    draw_viewport_labels();

    ImGui::Render();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void ViewerApp::draw_viewport_labels() {
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const glm::vec2 size = window_size();
    if (mode_ == ViewerMode::TriangleLab) {
        lab_mode_.draw_labels(camera_, size);
        return;
    }
    // Loading and building hold up what the user asked for: said over the panels.
    if (const ModelLoad* loading = loads_.current()) {
        char text[512];
        std::snprintf(text, sizeof text, "Loading %s ... %.0f%%  (%.1f s)",
                      loading->subject().filename().string().c_str(),
                      100.0 * double(loading->progress()), loading->elapsed_seconds());
        status_label(text, size);
    }
    const AccelStatus build =
        accel_view_.status(*session_, pick_panel_.choice.accel(), accel_panel_);
    if (show_build_progress(build)) {
        char text[256];
        std::snprintf(text, sizeof text, "Building %s ... %.0f%%  (%.1f s)", build.accel.c_str(),
                      100.0 * double(build.progress), build.building_seconds);
        status_label(text, size);
    }
    if (mode_ == ViewerMode::Collide) return;  // no pick to label there
    if (hover_ && hover_->result.hit && !ui_wants_mouse()) {
        const picking::PickHit& hit = *hover_->result.hit;
        ImGui::BeginTooltip();
        ImGui::Text("%s  triangle %u", session_->scene().meshes[hit.mesh].name.c_str(),
                    hit.triangle);
        ImGui::Text("t = %.6g   u = %.4f   v = %.4f", double(hit.t), double(hit.u), double(hit.v));
        ImGui::EndTooltip();
    }
    if (selection_ && selection_->result.hit) {
        // Label the picked triangle's corners p0, p1, p2, pushed away from its centre.
        const picking::PickHit& hit = *selection_->result.hit;
        const picking::Triangle t = session_->world_triangle(hit.instance, hit.triangle);
        const glm::vec3 corners[3] = {t.p0, t.p1, t.p2};
        glm::vec2 screen[3];
        for (int i = 0; i < 3; ++i)
            screen[i] = window_from_world(camera_, corners[i], size);
        const glm::vec2 centre = (screen[0] + screen[1] + screen[2]) / 3.0f;
        for (int i = 0; i < 3; ++i) {
            glm::vec2 away = screen[i] - centre;
            const float length = glm::length(away);
            away = length > 1e-3f ? away / length : glm::vec2(0, -1);
            const glm::vec2 at = screen[i] + away * 14.0f - glm::vec2(6, 7);
            const char* label = i == 0 ? "p0" : i == 1 ? "p1" : "p2";
            draw->AddText(ImVec2(at.x + 1, at.y + 1), IM_COL32(0, 0, 0, 200), label);
            draw->AddText(ImVec2(at.x, at.y), IM_COL32(255, 240, 120, 255), label);
        }
    }
}

void ViewerApp::draw_heatmap() {
    heatmap_texture_ = 0;
    if (!accel_panel_.heatmap || mode_ != ViewerMode::Pick) return;
    // Not with the fallback while the chosen accel is built: that picture would be stale soon
    // and, without a broad phase, slow to trace.
    if (accel_view_.building()) return;
    const glm::ivec2 window(window_size());
    // A scripted run traces the whole picture before its screenshot; the viewer a few rows
    // per frame, so it stays responsive while the picture fills in.
    const double budget_ms = options_.scripted() ? 1e9 : 25.0;
    (void)accel_view_.trace_heatmap(*session_, camera_, window, pick_panel_.choice, budget_ms);
    const std::vector<std::uint8_t> rgba = accel_view_.heatmap_rgba();
    heatmap_texture_ = renderer_.upload_image(rgba, accel_view_.heatmap().size);
    if (heatmap_texture_ == 0) return;
    // Over the scene, under the panels: the picture is of the scene view itself.
    ImGui::GetBackgroundDrawList()->AddImage(reinterpret_cast<ImTextureID>(heatmap_texture_),
                                             ImVec2(0, 0),
                                             ImVec2(float(window.x), float(window.y)));
}

}  // namespace app
