// ViewerApp's 3D view: the scene with the pick, the hover and the overlays, the Collide scene,
// the Bone space tool's picture, the magnifier over a picked triangle too small to see, the
// labels over the view and the heatmap.

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>

#include "app/viewer/bone_space_view.h"
#include "app/viewer/heatmap_key.h"
#include "app/viewer/magnifier_view.h"
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

/// A line of status (loading, building) in the middle of the view, over everything.
void status_label(const char* text, const Rect& view) {
    const ImVec2 extent = ImGui::CalcTextSize(text);
    const ImVec2 at(0.5f * (view.min.x + view.max.x - extent.x),
                    view.min.y + 0.5f * view.height() - extent.y);
    ImDrawList* front = ImGui::GetForegroundDrawList();
    front->AddRectFilled(ImVec2(at.x - 10, at.y - 6),
                         ImVec2(at.x + extent.x + 10, at.y + extent.y + 6),
                         IM_COL32(20, 22, 26, 230), 4.0f);
    front->AddText(at, IM_COL32(255, 220, 120, 255), text);
}

}  // namespace

void ViewerApp::add_algorithm_overlay(render::Overlay& overlay) const {
    const AlgorithmsPanelState& panel = algorithms_panel_;
    if (!algorithms_shown()) return;
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
    mesh_inspect_.add_overlay(*session_, overlay);
    ground_probe_.add_overlay(*session_, overlay);
    if (algorithms_panel_.construction)
        add_construction_overlay(*algorithms_panel_.construction, camera_, overlay);
    if (hover_ && hover_->result.hit)
        highlight(hover_->result.hit->instance, hover_->result.hit->triangle, PoseChoice::Current,
                  kHoverFill, kHoverOutline);
    if (selection_) {
        if (selection_->bind_result && selection_->bind_result->hit) {
            const picking::PickHit& bind = *selection_->bind_result->hit;
            const picking::Triangle t =
                highlight(bind.instance, bind.triangle, PoseChoice::Bind, kBindFill, kBindOutline);
            if (show_ray_)
                overlay.lines.push_back(
                    {selection_->ray.origin, t.point(bind.u, bind.v), kBindFill});
        }
        if (selection_->result.hit) {
            const picking::PickHit& hit = *selection_->result.hit;
            const picking::Triangle t =
                highlight(hit.instance, hit.triangle, PoseChoice::Current, kPickFill, kPickOutline);
            const glm::vec3 point = t.point(hit.u, hit.v);
            overlay.marker = point;  // a ring on screen: seen even where the triangle is not
            if (show_ray_) overlay.lines.push_back({selection_->ray.origin, point, kRayColor});
            if (inspector_.show_axes) {
                // Short: a tenth of the view's height at the target, or the mesh when smaller.
                const float length = 0.1f * camera_.view_height_at_target();
                add_bone_axes(*session_, *selection_, picked_radius_, overlay, length);
            }
        } else if (selection_->result.shape) {
            // The shape's hit where the shape is now (it may move with its node).
            const picking::ShapePickHit& hit = *selection_->result.shape;
            overlay.marker = hit.point;
            if (show_ray_) overlay.lines.push_back({selection_->ray.origin, hit.point, kRayColor});
        } else if (show_ray_) {
            overlay.lines.push_back({selection_->ray.origin,
                                     selection_->ray.at(camera_.far_plane() * 2.0f), kRayColor});
        }
    }
    upload_posed_vertices();
    upload_region_selection();
    render::DrawOptions draw_options;
    draw_options.wireframe = wireframe_;
    if (animation_panel_.ghost) draw_options.ghost = placement(PoseChoice::Bind);
    // The analytic shapes where their nodes are now; the picked (or hovered) one in colour.
    const std::vector<glm::mat4> shapes = session_->shape_transforms();
    draw_options.shape_transforms = shapes;
    if (selection_ && selection_->result.shape)
        draw_options.highlighted_shape = selection_->result.shape->shape;
    else if (hover_ && hover_->result.shape)
        draw_options.highlighted_shape = hover_->result.shape->shape;
    renderer_.draw(frame_view(), placement(PoseChoice::Current), draw_options, overlay);
    draw_bone_space_picture();
    draw_magnifier();
}

void ViewerApp::draw_collide_scene() {
    // Contacts of the pose drawn this frame, with the moving object where the user put it.
    collide_mode_.update(*session_);
    upload_posed_vertices();
    const auto transforms = session_->instance_transforms(PoseChoice::Current);
    std::vector<glm::mat4> instance_world(transforms.begin(), transforms.end());
    collide_mode_.place(*session_, instance_world);
    render::DrawOptions draw_options;
    draw_options.wireframe = wireframe_;
    collide_mode_.add_extra_instances(*session_, draw_options.extra_instances);
    render::Overlay overlay;
    collide_mode_.add_overlay(overlay);
    renderer_.draw(frame_view(), {instance_world, true}, draw_options, overlay);
}

void ViewerApp::draw_bone_space_picture() {
    const bool shown = mode_ == ViewerMode::Pick && workspace_.is_open(Region::Tools) &&
                       tools_tab_ == ToolsTab::BoneSpace;
    if (!shown || !selection_ || !selection_->result.hit) {
        bone_space_.texture = 0;
        bone_space_drawn_.reset();
        return;
    }
    const BoneSpaceScene inset =
        bone_space_scene(*session_, *selection_, bone_space_.camera, bone_space_.framed_serial,
                         bone_space_.size_px, neighbourhood_);
    bone_space_.triangles_drawn = inset.triangles;
    // Drawn again only when what it shows changed: the pick, its camera, its size.
    const std::array<float, 8> key = {float(selection_->serial),    bone_space_.camera.yaw,
                                      bone_space_.camera.pitch,     bone_space_.camera.distance,
                                      float(bone_space_.size_px.x), float(bone_space_.size_px.y),
                                      float(neighbourhood_serial_), float(inset.triangles)};
    if (bone_space_drawn_ == key && bone_space_.texture != 0) return;
    render::DrawOptions options;
    options.wireframe = true;  // the mesh's own triangles, as the ray sees it
    options.background = {0.09f, 0.10f, 0.12f};
    // The mesh in the pose it was picked in, like the triangle and the ray drawn over it.
    const render::VertexSnapshot snapshot{selection_->picked_positions, selection_->picked_normals,
                                          selection_->serial};
    const std::optional<std::uint32_t> mesh =
        inset.whole_mesh ? std::optional(selection_->result.hit->mesh) : std::nullopt;
    bone_space_.texture = renderer_.draw_inset(
        render::Inset::BoneSpace, inset.view, mesh,
        selection_->picked_positions.empty() ? nullptr : &snapshot, options, inset.overlay);
    bone_space_drawn_ = key;
    const glm::ivec2 fb = framebuffer_size();
    glViewport(0, 0, fb.x, fb.y);
}

void ViewerApp::draw_magnifier() {
    magnifier_texture_ = 0;
    if (!selection_ || !selection_->result.hit || neighbourhood_.empty()) return;
    const std::optional<MagnifierScene> scene = magnifier_scene(
        *session_, *selection_, neighbourhood_, camera_, view_rect(), kMagnifierSizePx);
    if (!scene) return;  // the picked triangle is big enough to see
    magnifier_ = *scene;
    render::DrawOptions options;
    options.background = {0.09f, 0.10f, 0.12f};
    const glm::ivec2 size(glm::round(glm::vec2(kMagnifierSizePx) * pixel_scale()));
    render::FrameView view = scene->view;
    view.viewport_px = size;
    magnifier_texture_ = renderer_.draw_inset(render::Inset::Magnifier, view, std::nullopt, nullptr,
                                              options, scene->overlay);
    const glm::ivec2 fb = framebuffer_size();
    glViewport(0, 0, fb.x, fb.y);
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

void ViewerApp::upload_region_selection() {
    if (region_tool_.version() == uploaded_region_version_) return;
    uploaded_region_version_ = region_tool_.version();
    const picking::TriangleSet& set = region_tool_.selection();
    std::vector<std::uint32_t> words, first(set.instance_count(), render::Renderer::kNoSelection);
    for (std::uint32_t i = 0; i < set.instance_count(); ++i) {
        if (set.count(i) == 0) continue;
        first[i] = std::uint32_t(words.size());
        for (const std::uint64_t w : set.words(i)) {
            words.push_back(std::uint32_t(w));  // triangles 64k .. 64k + 31
            words.push_back(std::uint32_t(w >> 32));
        }
    }
    renderer_.set_selected_triangles(words, std::move(first));
}

void ViewerApp::draw_view_labels() {
    ImDrawList& over = *ImGui::GetForegroundDrawList();
    region_tool_.draw_region(over);
    if (mode_ == ViewerMode::Pick) {
        mesh_inspect_.draw_rings(camera_, view_rect(), over);
        ground_probe_.draw_labels(camera_, view_rect(), over);
        if (algorithms_panel_.construction) {
            draw_construction_labels(*algorithms_panel_.construction, camera_, view_rect(), over);
            draw_construction_inset(algorithms_panel_.construction->construction, view_rect(),
                                    over);
        }
        draw_measure_overlay(measure_, camera_, view_rect(), over);
        // Where a click would snap (the hover), else where the last one did.
        if (hover_ && hover_->snap)
            draw_snap_marker(*hover_->snap, camera_, view_rect(), over);
        else if (selection_ && selection_->snap)
            draw_snap_marker(*selection_->snap, camera_, view_rect(), over);
    }
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const Rect& view = view_rect();
    if (mode_ == ViewerMode::TriangleLab) {
        lab_mode_.draw_labels(camera_, view);
        return;
    }
    // Loading and building hold up what the user asked for: said in the middle of the view.
    if (const ModelLoad* loading = loads_.current()) {
        char text[512];
        std::snprintf(text, sizeof text, "Loading %s ... %.0f%%  (%.1f s)",
                      valid_utf8(loading->subject().filename().string()).c_str(),
                      100.0 * double(loading->progress()), loading->elapsed_seconds());
        status_label(text, view);
    } else if (session_->scene().triangle_count() == 0 && session_->scene().shapes.empty()) {
        status_label("No model: File > Open... (Ctrl+O), or drop a file here", view);
    }
    if (mode_ == ViewerMode::Collide) return;  // no pick to label there
    if (hover_ && hover_->result.hit && !ui_wants_mouse()) {
        // The object (its node) first: several objects may share one mesh.
        const picking::PickHit& hit = *hover_->result.hit;
        const assets::Scene& scene = session_->scene();
        ImGui::BeginTooltip();
        ImGui::Text("%s", valid_utf8(scene.nodes[hit.node].name).c_str());
        ImGui::TextDisabled("mesh '%s', triangle %u",
                            valid_utf8(scene.meshes[hit.mesh].name).c_str(), hit.triangle);
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
            screen[i] = window_from_world(camera_, corners[i], view);
        const glm::vec2 centre = (screen[0] + screen[1] + screen[2]) / 3.0f;
        // A triangle a few pixels across: one label says which it is, the magnifier shows it.
        const float extent =
            std::max({glm::length(screen[0] - screen[1]), glm::length(screen[1] - screen[2]),
                      glm::length(screen[2] - screen[0])});
        draw->PushClipRect(ImVec2(view.min.x, view.min.y), ImVec2(view.max.x, view.max.y));
        if (extent >= 24.0f) {
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
        draw->PopClipRect();
    }
    if (magnifier_texture_ != 0) {
        // The magnifier at the view's bottom right: the picked triangle's neighbourhood.
        const glm::vec2 size(kMagnifierSizePx);
        const glm::vec2 max = view.max - glm::vec2(10.0f);
        const glm::vec2 min = max - size;
        ImDrawList* front = ImGui::GetBackgroundDrawList();
        front->AddImage(reinterpret_cast<ImTextureID>(magnifier_texture_), ImVec2(min.x, min.y),
                        ImVec2(max.x, max.y), ImVec2(0, 1), ImVec2(1, 0));
        front->AddRect(ImVec2(min.x, min.y), ImVec2(max.x, max.y), IM_COL32(255, 240, 120, 255));
        char label[96];
        std::snprintf(label, sizeof label, "picked triangle, %.0fx", double(magnifier_.zoom));
        front->AddRectFilled(ImVec2(min.x, min.y), ImVec2(max.x, min.y + 18.0f),
                             IM_COL32(20, 22, 26, 220));
        front->AddText(ImVec2(min.x + 5.0f, min.y + 2.0f), IM_COL32(255, 240, 120, 255), label);
    }
}

void ViewerApp::draw_heatmap() {
    // Not with the fallback while the chosen accel is built: that picture would be stale soon
    // and, without a broad phase, slow to trace.
    if (!accel_panel_.heatmap || mode_ != ViewerMode::Pick || accel_view_.building()) {
        heatmap_texture_ = 0;
        return;
    }
    const Rect& view = view_rect();
    const glm::ivec2 size(view.size());
    // A scripted run traces the whole picture before its screenshot; the viewer a few rows
    // per frame within its budget, so it stays responsive while the picture fills in.
    const double budget_ms = options_.scripted() ? 1e9 : 8.0;
    const bool changed = accel_view_.trace_heatmap(*session_, camera_, size, pick_panel_.choice,
                                                   accel_panel_.heatmap_packets, budget_ms);
    // Coloured and uploaded again only when rows were added (an idle picture costs nothing).
    if (changed || heatmap_texture_ == 0) {
        const std::vector<std::uint8_t> rgba = accel_view_.heatmap_rgba();
        heatmap_texture_ = renderer_.upload_image(rgba, accel_view_.heatmap().size);
    }
    if (heatmap_texture_ == 0) return;
    // Over the scene, under the panels: the picture is of the 3D view itself.
    ImGui::GetBackgroundDrawList()->AddImage(reinterpret_cast<ImTextureID>(heatmap_texture_),
                                             ImVec2(view.min.x, view.min.y),
                                             ImVec2(view.max.x, view.max.y));
    draw_heatmap_key(accel_view_.status(*session_, pick_panel_.choice.accel(), accel_panel_), view);
}

void ViewerApp::draw_disagreement() {
    if (!disagreement_shown()) {
        disagreement_texture_ = 0;
        return;
    }
    AlgorithmsPanelState& tool = algorithms_panel_;
    const DisagreementPair pair = disagreement_pair(
        pick_panel_.choice, tool.disagreement.method_a(pick_panel_.choice.method()),
        tool.disagreement.b);
    DisagreementNote& note = tool.disagreement_note;
    note.far_log10 = tool.model.far_log10;
    // Not until the BVH is built (update_accel asks for it): without a broad phase a big mesh
    // is slow to trace twice per pixel.
    note.tracing_paused = !session_->accels().ready(Accel::Bvh);
    if (note.tracing_paused) {
        disagreement_texture_ = 0;
        return;
    }
    const Rect& view = view_rect();
    const glm::ivec2 size(view.size());
    // A scripted run traces the whole picture before its screenshot; the viewer a few rows
    // per frame within its budget, so it stays responsive while the picture fills in.
    const double budget_ms = options_.scripted() ? 1e9 : 8.0;
    const bool changed =
        disagreement_view_.trace(*session_, camera_, size, pair, tool.disagreement.t_ulps,
                                 budget_ms, tool.model.disagreement);
    if (changed || disagreement_texture_ == 0)
        disagreement_texture_ = renderer_.upload_image(
            disagreement_rgba(tool.model.disagreement, false), tool.model.disagreement.size,
            1);  // slot 1: the heatmap has slot 0
    if (disagreement_texture_ == 0) return;
    ImGui::GetBackgroundDrawList()->AddImage(reinterpret_cast<ImTextureID>(disagreement_texture_),
                                             ImVec2(view.min.x, view.min.y),
                                             ImVec2(view.max.x, view.max.y));
}

void ViewerApp::look_closer(glm::vec3 center, float size, float nearest) {
    camera_.target = center;
    // Close enough that the thing is more than a dot, never further out than now.
    const float near_enough = std::max(8.0f * size, nearest * camera_.scene_radius);
    camera_.distance = std::min(camera_.distance, near_enough);
}

}  // namespace app
