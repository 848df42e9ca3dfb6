// ViewerApp's input: the mouse in the 3D view (clicks pick, drags orbit or pan, the wheel
// zooms), keys through the command table, dropped files; and what every command does.

#include <algorithm>
#include <cmath>

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

#include "app/viewer/viewer_app.h"

namespace app {

namespace {

constexpr double kStepSeconds = 1.0 / 30.0;

}  // namespace

bool ViewerApp::ui_wants_mouse() const {
    return ImGui::GetIO().WantCaptureMouse || workspace_.resizing();
}

void ViewerApp::show_tool(ToolsTab tab) {
    select_tools_tab_ = tab;
    tools_tab_ = tab;
    workspace_.set_open(Region::Tools, true);
}

void ViewerApp::run_command(Command command) {
    const auto toggle_tool = [&](ToolsTab tab) {
        // The key of the tool on show closes the area; otherwise it shows that tool.
        if (workspace_.is_open(Region::Tools) && tools_tab_ == tab)
            workspace_.set_open(Region::Tools, false);
        else
            show_tool(tab);
    };
    switch (command) {
        case Command::Open:
            open_dialog_.open_requested = true;
            break;
        case Command::Reload:
            if (!current_path_.empty()) start_load(current_path_);
            break;
        case Command::DefaultScene:
            start_load("default");
            break;
        case Command::SaveScreenshot:
            screenshot_requested_ = true;  // once the panels are drawn too
            break;
        case Command::CopyPickRecord:
            copy_pick_record();
            break;
        case Command::SavePickRecord:
            save_pick_record();
            break;
        case Command::CopySelectionRecord:
            copy_selection_record();
            break;
        case Command::SaveSelectionRecord:
            save_selection_record();
            break;
        case Command::SaveSession:
            save_session();
            break;
        case Command::Quit:
            glfwSetWindowShouldClose(window_, GLFW_TRUE);
            break;
        case Command::ToggleOutliner:
            workspace_.toggle(Region::Outliner);
            break;
        case Command::ToggleInspector:
            workspace_.toggle(Region::Inspector);
            break;
        case Command::ToggleTools:
            workspace_.toggle(Region::Tools);
            break;
        case Command::Frame:
            frame_scene();
            break;
        case Command::ResetView:
            selected_node_.reset();
            reset_view();
            break;
        case Command::ToggleProjection:
            camera_.projection = camera_.projection == Projection::Perspective
                                     ? Projection::Orthographic
                                     : Projection::Perspective;
            break;
        case Command::ToggleWireframe:
            wireframe_ = !wireframe_;
            break;
        case Command::ToggleBoxes:
            accel_panel_.show_boxes = !accel_panel_.show_boxes;
            break;
        case Command::ToggleHeatmap:
            accel_panel_.heatmap = !accel_panel_.heatmap;
            break;
        case Command::ToggleGhost:
            animation_panel_.ghost = !animation_panel_.ghost;
            break;
        case Command::ToggleHover:
            pick_panel_.hover = !pick_panel_.hover;
            break;
        case Command::ClearPick:
            selection_.reset();
            region_tool_.clear();
            measure_.clear();
            break;
        case Command::ToolClick:
            region_tool_.set_tool(SelectTool::Click);
            break;
        case Command::ToolBox:
            if (mode_ == ViewerMode::Pick) region_tool_.set_tool(SelectTool::Box);
            break;
        case Command::ToolLasso:
            if (mode_ == ViewerMode::Pick) region_tool_.set_tool(SelectTool::Lasso);
            break;
        case Command::ToggleXray:
            region_tool_.xray = !region_tool_.xray;
            break;
        case Command::ToolMeasure:
            if (mode_ == ViewerMode::Pick) region_tool_.set_tool(SelectTool::Measure);
            break;
        case Command::NextHit:
            cycle_hit(1);
            break;
        case Command::PreviousHit:
            cycle_hit(-1);
            break;
        case Command::ToggleSnap:
            pick_panel_.snap = !pick_panel_.snap;
            break;
        case Command::ShowAlgorithms:
            if (mode_ == ViewerMode::Pick) toggle_tool(ToolsTab::Algorithms);
            break;
        case Command::ShowAcceleration:
            if (mode_ == ViewerMode::Pick) toggle_tool(ToolsTab::Acceleration);
            break;
        case Command::ShowBoneSpace:
            if (mode_ == ViewerMode::Pick) toggle_tool(ToolsTab::BoneSpace);
            break;
        case Command::ShowInspectMesh:
            if (mode_ == ViewerMode::Pick) toggle_tool(ToolsTab::InspectMesh);
            break;
        case Command::ShowSphereForms:
            if (mode_ == ViewerMode::Pick) toggle_tool(ToolsTab::SphereForms);
            break;
        case Command::ShowGroundProbe:
            if (mode_ == ViewerMode::Pick) toggle_tool(ToolsTab::GroundProbe);
            break;
        case Command::ShowSlabLab:
            if (mode_ == ViewerMode::Pick) toggle_tool(ToolsTab::SlabLab);
            break;
        case Command::ShowAnimation:
            if (!session_->scene().clips.empty()) toggle_tool(ToolsTab::Animation);
            break;
        case Command::PlayPause:
            animation_panel_.playing = !animation_panel_.playing;
            if (animation_panel_.playing && !session_->loop() &&
                session_->time() >= session_->duration())
                session_->set_time(0.0);
            break;
        case Command::StepBack:
        case Command::StepForward:
            animation_panel_.playing = false;
            session_->set_time(session_->time() +
                               (command == Command::StepBack ? -1 : 1) * kStepSeconds);
            break;
        case Command::ModePick:
            set_mode(ViewerMode::Pick);
            break;
        case Command::ModeCollide:
            set_mode(ViewerMode::Collide);
            break;
        case Command::ModeLab:
            set_mode(ViewerMode::TriangleLab);
            break;
        case Command::Help:
            help_.open = !help_.open;
            break;
        case Command::Tours:
            tour_.list_open = !tour_.list_open;
            break;
    }
}

glm::vec2 ViewerApp::event_cursor() const {
    // Where the pointer was when the event happened: the last motion event before it. GLFW's
    // glfwGetCursorPos asks the X server where the pointer is now, which is already further
    // along a fast drag whose events wait for the next frame.
    if (event_cursor_) return *event_cursor_;
    double x = 0, y = 0;
    glfwGetCursorPos(window_, &x, &y);
    return {float(x), float(y)};
}

void ViewerApp::on_mouse_button(int button, int action, int mods) {
    const glm::vec2 cursor = event_cursor();
    if (action == GLFW_PRESS) {
        // Only presses in the 3D view start a gesture (the panels have their own).
        if (ui_wants_mouse() || !view_rect().contains(cursor) || !pointer_.press(button, cursor))
            return;
        if (mode_ == ViewerMode::TriangleLab && button == GLFW_MOUSE_BUTTON_LEFT)
            (void)lab_mode_.grab(cursor, camera_, view_rect());
        if (mode_ == ViewerMode::Collide && button == GLFW_MOUSE_BUTTON_LEFT)
            (void)collide_mode_.grab((mods & GLFW_MOD_CONTROL) != 0, (mods & GLFW_MOD_SHIFT) != 0);
        if (mode_ == ViewerMode::Pick && button == GLFW_MOUSE_BUTTON_LEFT)
            (void)region_tool_.press(cursor);
    } else if (action == GLFW_RELEASE && button == pointer_.held_button()) {
        lab_mode_.release();
        collide_mode_.release();
        const bool dragged = pointer_.dragging();
        const std::optional<glm::vec2> click = pointer_.release(button, cursor);
        if (region_tool_.drawing())
            region_tool_.release(cursor, mods, dragged, *session_, pick_panel_.choice, camera_,
                                 view_rect(), window_size());
        if (click && button == GLFW_MOUSE_BUTTON_LEFT) pending_click_ = *click;
    }
}

void ViewerApp::on_cursor(double x, double y) {
    event_cursor_ = glm::vec2(float(x), float(y));
    const std::optional<PointerGesture::Drag> drag = pointer_.move({float(x), float(y)});
    if (!drag) return;
    const glm::vec2 delta = drag->to - drag->from;
    const Rect& view = view_rect();
    // With Box or Lasso the left button draws the region, and the right one orbits instead.
    const int orbit_button =
        region_tool_.tool() == SelectTool::Click ? GLFW_MOUSE_BUTTON_LEFT : GLFW_MOUSE_BUTTON_RIGHT;
    if (lab_mode_.dragging()) {
        lab_mode_.drag(drag->to, camera_, view);
    } else if (collide_mode_.dragging()) {
        collide_mode_.drag(drag->from, drag->to, camera_, view, *session_);
    } else if (region_tool_.drawing()) {
        region_tool_.move(drag->to);
    } else if (drag->button == orbit_button) {
        // A drag across the view's shorter side turns the model half a turn, whatever the
        // window's size.
        const float radians_per_px =
            glm::pi<float>() / std::max(std::min(view.width(), view.height()), 64.0f);
        camera_.orbit(-delta.x * radians_per_px, delta.y * radians_per_px);
    } else {
        camera_.pan(delta, view.size());
    }
}

void ViewerApp::on_scroll(double dy) {
    const glm::vec2 cursor = event_cursor();
    if (ui_wants_mouse() || !view_rect().contains(cursor)) return;
    camera_.zoom_to_cursor(std::pow(0.85f, float(dy)), cursor - view_rect().min,
                           view_rect().size());
}

void ViewerApp::on_key(int key, int scancode, int action, int mods) {
    for (const KeyTrickle::KeyEvent& e : keys_.on_key({key, scancode, action, mods}))
        ImGui_ImplGlfw_KeyCallback(window_, e.key, e.scancode, e.action, e.mods);
    if (action != GLFW_PRESS) return;
    const std::optional<Command> command = command_for_key(key, mods);
    if (!command) return;
    // Ctrl+Q and Ctrl+O work as in every desktop application, even while a text field has the
    // keyboard; the other keys belong to the text field then.
    if (ImGui::GetIO().WantCaptureKeyboard && !command_info(*command).global) return;
    run_command(*command);
}

void ViewerApp::on_drop(const char* path) {
    if (path && *path) start_load(path);
}

}  // namespace app
