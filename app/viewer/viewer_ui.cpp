// ViewerApp's panels, each in its region of the workspace: the menu bar, the Outliner, the
// Inspector (Pick mode's numbers, Collide's or the Triangle lab's panel), the Tools area's tabs,
// the status bar, and the dialogs that float over them (Open, Help).

#include <algorithm>
#include <cstdio>

#include <imgui.h>

#include "app/core/file_browser.h"
#include "app/viewer/ui_probe.h"
#include "app/viewer/viewer_app.h"

namespace app {

namespace {

const char* tools_tab_label(ToolsTab tab) {
    switch (tab) {
        case ToolsTab::Algorithms:
            return "Algorithms";
        case ToolsTab::Acceleration:
            return "Acceleration";
        case ToolsTab::BoneSpace:
            return "Bone space";
        case ToolsTab::InspectMesh:
            return "Inspect mesh";
        case ToolsTab::SphereForms:
            return "Sphere forms";
        case ToolsTab::GroundProbe:
            return "Ground probe";
        case ToolsTab::SlabLab:
            return "Slab lab";
        case ToolsTab::Animation:
            return "Animation";
        case ToolsTab::LabPictures:
            break;
    }
    return "Pictures";
}

constexpr ToolsTab kToolsTabs[] = {
    ToolsTab::Algorithms,  ToolsTab::Acceleration, ToolsTab::BoneSpace,
    ToolsTab::InspectMesh, ToolsTab::SphereForms,  ToolsTab::SlabLab,
    ToolsTab::GroundProbe, ToolsTab::Animation,    ToolsTab::LabPictures};

}  // namespace

std::string_view tools_tab_name(ToolsTab tab) {
    switch (tab) {
        case ToolsTab::Algorithms:
            return "algorithms";
        case ToolsTab::Acceleration:
            return "acceleration";
        case ToolsTab::BoneSpace:
            return "bone-space";
        case ToolsTab::InspectMesh:
            return "inspect-mesh";
        case ToolsTab::SphereForms:
            return "sphere-forms";
        case ToolsTab::GroundProbe:
            return "ground-probe";
        case ToolsTab::SlabLab:
            return "slab-lab";
        case ToolsTab::Animation:
            return "animation";
        case ToolsTab::LabPictures:
            break;
    }
    return "lab-pictures";
}

std::optional<ToolsTab> find_tools_tab(std::string_view name) {
    for (ToolsTab tab : kToolsTabs)
        if (tools_tab_name(tab) == name) return tab;
    return std::nullopt;
}

ViewSwitches ViewerApp::view_switches() const {
    ViewSwitches on;
    on.outliner = workspace_.is_open(Region::Outliner);
    on.inspector = workspace_.is_open(Region::Inspector);
    on.tools = workspace_.is_open(Region::Tools);
    on.wireframe = wireframe_;
    on.show_ray = show_ray_;
    on.show_axes = inspector_.show_axes;
    on.boxes = accel_panel_.show_boxes;
    on.heatmap = accel_panel_.heatmap;
    on.ghost = animation_panel_.ghost;
    on.hover = pick_panel_.hover;
    on.orthographic = camera_.projection == Projection::Orthographic;
    on.has_clips = !session_->scene().clips.empty();
    on.select_tool = int(region_tool_.tool());
    on.xray = region_tool_.xray;
    on.snap = pick_panel_.snap;
    return on;
}

void ViewerApp::draw_panels() {
    draw_menu_bar();
    draw_outliner();
    draw_inspector_region();
    draw_tools_region();
    draw_status_bar();
    workspace_.draw_splitters();
    if (const std::optional<std::string> path = draw_open_dialog(open_dialog_, recent_))
        start_load(*path);
    draw_help_window(help_, window_size());
    draw_tour();
    draw_heatmap();
    draw_disagreement();
    draw_view_labels();
}

void ViewerApp::draw_menu_bar() {
    const MenuBarAction action =
        app::draw_menu_bar(view_switches(), mode_, recent_, pick_panel_.choice, camera_);
    if (action.open_recent) start_load(*action.open_recent);
    if (action.show_ray_toggled) show_ray_ = !show_ray_;
    if (action.show_axes_toggled) inspector_.show_axes = !inspector_.show_axes;
    if (action.command) run_command(*action.command);
}

double ViewerApp::recent_frame_ms(bool gl) const {
    // The median of the recent frames: one slow frame (a pick, a build adopted) does not show.
    std::array<double, 31> recent = gl ? frame_gl_ms_ : frame_app_ms_;
    const std::size_t count = std::min(frame_index_, recent.size());
    if (count == 0) return 0.0;
    std::nth_element(recent.begin(), recent.begin() + std::ptrdiff_t(count / 2),
                     recent.begin() + std::ptrdiff_t(count));
    return recent[count / 2];
}

StatusInfo ViewerApp::status_info() const {
    StatusInfo info;
    const assets::Scene& scene = session_->scene();
    info.model = current_path_.empty()
                     ? (initial_load_done_ ? "no model" : "loading")
                     : valid_utf8(std::filesystem::path(current_path_).filename().string());
    if (current_path_ == "default") info.model = "default scene";
    if (current_path_.rfind("knot:", 0) == 0) info.model = current_path_;
    info.triangles = scene.triangle_count();
    const AccelStatus build =
        accel_view_.status(*session_, pick_panel_.choice.accel(), accel_panel_);
    info.accel = "broad phase " + build.accel;
    info.frame_ms = recent_frame_ms(false);
    info.gl_ms = recent_frame_ms(true);
    if (selection_) {
        info.pick_us = selection_->result.stats.microseconds;
        info.pick_cold = selection_->cold;
    }
    if (const ModelLoad* loading = loads_.current()) {
        info.busy = "Loading " + valid_utf8(loading->subject().filename().string());
        info.busy_progress = loading->progress();
        info.cancellable = true;
    } else if (build.building) {
        info.busy = "Building " + build.accel;
        info.busy_progress = build.progress;
        info.cancellable = true;
    } else if (leak_sweep_) {
        info.busy = "Sweeping the shared edges for leaks";
        info.busy_progress = leak_sweep_->progress();
        info.cancellable = true;
    } else if (far_study_) {
        info.busy = "Grading every algorithm far from the origin";
        info.busy_progress = far_study_->progress();
    } else if (accel_panel_.heatmap && mode_ == ViewerMode::Pick && !build.heatmap_complete &&
               build.heatmap_rows > 0) {
        info.busy = "Tracing the heatmap";
        info.busy_progress = float(build.heatmap_rows_done) / float(build.heatmap_rows);
    }
    info.error = error_;
    // What to do next, for someone who does not know yet.
    if (!screenshot_note_.empty())
        info.hint = screenshot_note_;
    else if (mode_ == ViewerMode::TriangleLab)
        info.hint = "Drag a corner's label to move it; the Inspector shows every test's answer";
    else if (mode_ == ViewerMode::Collide)
        info.hint = "Ctrl+drag moves the object, Shift+drag turns it; contacts are yellow";
    else if (region_tool_.tool() == SelectTool::Measure)
        info.hint = "Click points: two give a distance, three an angle (V snaps)";
    else if (region_tool_.tool() != SelectTool::Click)
        info.hint = region_tool_.hint();
    else if (mode_ == ViewerMode::Pick && workspace_.is_open(Region::Tools) &&
             tools_tab_ == ToolsTab::SlabLab)
        info.hint = "Slab lab: choose a preset or type a number; the verdicts and chart follow";
    else if (!selection_)
        info.hint = "Click the model to pick a triangle   (F1: keys and gestures)";
    else if (!algorithms_shown())
        info.hint = "Press A to compare every algorithm on this ray";
    else
        info.hint = "Another algorithm in the Inspector re-picks at once";
    return info;
}

void ViewerApp::draw_status_bar() {
    const StatusBarAction action =
        app::draw_status_bar(status_info(), view_switches(), workspace_.current().status_bar);
    if (action.cancel) {
        if (loads_.current()) {
            error_ = valid_utf8(loads_.current()->subject().string()) + ": loading cancelled";
            loads_.cancel();
        } else if (accel_view_.building()) {
            cancel_accel_build();
        } else if (leak_sweep_) {
            leak_sweep_->cancel();  // the table keeps the last finished sweep
            leak_sweep_.reset();
        }
    }
    if (action.command) run_command(*action.command);
}

void ViewerApp::draw_outliner() {
    if (!workspace_.begin_region(Region::Outliner, "##Outliner")) return;
    const OutlinerAction action =
        app::draw_outliner(outliner_, *session_, selection_, selected_node_, last_load_);
    workspace_.end_region();
    if (action.select_node) selected_node_ = *action.select_node;
    if (action.frame_selection) frame_scene();
}

void ViewerApp::draw_inspector_region() {
    if (!workspace_.begin_region(Region::Inspector, "##Inspector")) return;
    switch (mode_) {
        case ViewerMode::Pick: {
            const Accel accel = pick_panel_.choice.accel();
            // The Selection section leads while a region tool is on or something is selected.
            const bool selecting =
                region_tool_.tool() != SelectTool::Click || region_tool_.selection().count() > 0;
            if (selecting) region_tool_.draw_section(*session_);
            const bool measuring =
                region_tool_.tool() == SelectTool::Measure || !measure_.points().empty();
            if (measuring) draw_measure_section(measure_);
            draw_inspector(inspector_, pick_panel_, selection_, *session_,
                           accel_view_.broad_phase_status(*session_, accel));
            if (!selecting) region_tool_.draw_section(*session_);
            break;
        }
        case ViewerMode::Collide:
            collide_mode_.draw_panel(*session_);
            break;
        case ViewerMode::TriangleLab:
            if (lab_mode_.draw_panel()) frame_scene();
            break;
    }
    workspace_.end_region();
}

void ViewerApp::draw_tools_region() {
    algorithms_panel_.visible = false;
    algorithms_panel_.construction.reset();  // Explain builds it again while it is shown
    mesh_inspect_.shown = false;
    sphere_forms_.shown = false;
    ground_probe_.shown = false;
    if (!workspace_.begin_region(Region::Tools, "##Tools")) return;
    // The tabs of this mode: Pick has the picking tools, every mode the animation.
    std::vector<ToolsTab> tabs;
    if (mode_ == ViewerMode::Pick)
        tabs = {ToolsTab::Algorithms,  ToolsTab::Acceleration, ToolsTab::BoneSpace,
                ToolsTab::InspectMesh, ToolsTab::SphereForms,  ToolsTab::SlabLab,
                ToolsTab::GroundProbe};
    if (mode_ == ViewerMode::TriangleLab) tabs = {ToolsTab::LabPictures};
    if (!session_->scene().clips.empty() && mode_ != ViewerMode::TriangleLab)
        tabs.push_back(ToolsTab::Animation);
    if (tabs.empty()) {
        ImGui::TextDisabled("No tools for this mode and model.");
        workspace_.end_region();
        return;
    }
    if (std::find(tabs.begin(), tabs.end(), tools_tab_) == tabs.end()) tools_tab_ = tabs.front();
    if (ImGui::BeginTabBar("tools", ImGuiTabBarFlags_None)) {
        for (ToolsTab tab : tabs) {
            const ImGuiTabItemFlags flags =
                select_tools_tab_ == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
            const bool open = ImGui::BeginTabItem(tools_tab_label(tab), nullptr, flags);
            ui_probe::item(std::string("Tools/") + tools_tab_label(tab));
            if (!open) continue;
            // A tab chosen by a key or a menu wins over the one ImGui kept this frame.
            if (!select_tools_tab_ || *select_tools_tab_ == tab) tools_tab_ = tab;
            switch (tab) {
                case ToolsTab::Algorithms: {
                    algorithms_panel_.visible = true;
                    const AlgorithmsPanelAction algorithms = draw_algorithms_panel(
                        algorithms_panel_, selection_, hover_, *session_,
                        pick_panel_.choice.method(), pick_panel_.choice.options().triangle_options);
                    if (algorithms.run_leaks) run_leak_sweep();
                    if (algorithms.far_distance) move_far(*algorithms.far_distance);
                    if (algorithms.look_at)
                        look_closer(*algorithms.look_at, algorithms.look_size, 0.001f);
                    break;
                }
                case ToolsTab::Acceleration: {
                    const AccelPanelAction acceleration = draw_accel_panel(
                        accel_panel_,
                        accel_view_.status(*session_, pick_panel_.choice.accel(), accel_panel_));
                    if (acceleration.cancel_build) cancel_accel_build();
                    break;
                }
                case ToolsTab::BoneSpace:
                    draw_bone_space_panel(bone_space_, *session_, selection_);
                    break;
                case ToolsTab::InspectMesh:
                    // Inspected when first shown and for each new scene or epsilon.
                    mesh_inspect_.shown = true;
                    mesh_inspect_.update(
                        session_, pick_panel_.choice.options().triangle_options.dx_det_epsilon);
                    mesh_inspect_.draw_panel();
                    if (const std::optional<int> kind = mesh_inspect_.take_go_to())
                        if (const auto focus = mesh_inspect_.next_focus(*session_, *kind))
                            look_closer(focus->center, focus->size);
                    break;
                case ToolsTab::SphereForms:
                    draw_sphere_forms_panel(sphere_forms_);
                    break;
                case ToolsTab::GroundProbe:
                    ground_probe_.shown = true;
                    ground_probe_.draw_panel(*session_);
                    break;
                case ToolsTab::SlabLab:
                    draw_slab_lab_panel(slab_lab_, slab_lab_panel_);
                    break;
                case ToolsTab::Animation:
                    draw_animation_panel(animation_panel_, *session_, selection_);
                    break;
                case ToolsTab::LabPictures:
                    lab_mode_.draw_pictures();
                    break;
            }
            ImGui::EndTabItem();
        }
        select_tools_tab_.reset();
        ImGui::EndTabBar();
    }
    workspace_.end_region();
    // The Algorithms tool came into view with a pick made: compute what it shows now, instead
    // of asking for another click.
    if (algorithms_shown() && selection_ && studied_serial_ != selection_->serial)
        update_algorithm_views();
}

}  // namespace app
