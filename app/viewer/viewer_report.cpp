// ViewerApp's reports: the scripted run (--click, --then-time, --screenshot: wait for the
// scene, click, draw, capture, print the JSON) and the UI trace (--ui-trace) that tests driving
// the window with real input read.

#include <cstdio>
#include <filesystem>
#include <iostream>

#include <GLFW/glfw3.h>
#include <glad/gl.h>

#include "app/core/bind_pose_comparison.h"
#include "app/core/pick_json.h"
#include "app/viewer/panels/algorithms_json.h"
#include "app/viewer/ui_probe.h"
#include "app/viewer/viewer_app.h"
#include "render/screenshot.h"

namespace app {

void ViewerApp::run_script() {
    if (!options_.scripted() || script_done_ || loads_.current() || quit_) return;
    ++frames_since_scene_;
    // A few frames let ImGui lay its windows out before anything is clicked or captured.
    if (frames_since_scene_ < 3) return;
    if (accel_view_.building()) {
        // The click must use the accel asked for: wait for its build.
        accel_view_.finish(session_);
        frames_since_scene_ = 0;
        return;
    }
    if (options_.leaks && !script_leaks_done_) {
        script_leaks_done_ = true;
        run_leak_sweep();
        frames_since_scene_ = 0;  // let the table and the marks be drawn
        return;
    }
    if (options_.click && !script_clicked_) {
        script_clicked_ = true;
        animation_panel_.playing = false;  // the screenshot shows the pose of the click
        pending_click_ = glm::vec2(*options_.click);
        frames_since_scene_ = 0;
        return;
    }
    if (options_.then_time && !script_then_time_done_ && !pending_click_) {
        // The pose moves on after the pick (--then-time): what was picked stays selected.
        script_then_time_done_ = true;
        session_->set_time(*options_.then_time);
        frames_since_scene_ = 0;
        return;
    }
    // The click was handled at the start of a later frame, and the frames counted since
    // let the panels that grew with the pick settle their layout before the capture.

    script_done_ = true;
    const glm::ivec2 fb = framebuffer_size();
    glReadBuffer(GL_BACK);
    const render::Image image = render::read_framebuffer(fb.x, fb.y);
    const std::string error = render::write_png(options_.screenshot, image);
    if (!error.empty()) {
        std::cerr << "raypick: " << error << "\n";
        exit_status_ = 1;
        quit_ = true;
        return;
    }
    nlohmann::ordered_json j = report();
    j["framebuffer"] = {fb.x, fb.y};
    j["screenshot"] = options_.screenshot;
    std::cout << j.dump() << std::endl;
    quit_ = true;
}

nlohmann::ordered_json ViewerApp::report() const {
    nlohmann::ordered_json j;
    if (selection_) {
        j = pick_to_json(*session_, selection_->ray, selection_->choice, selection_->result);
        j["cursor"] = {selection_->cursor_window.x, selection_->cursor_window.y};
        // The pose of the pick; when the animation has moved on since (--then-time), the time
        // drawn now too (the vertices above follow the animation, like the highlight).
        j["time"] = selection_->time;
        if (session_->pose_version() != selection_->pose_version) j["time_now"] = session_->time();
        if (spaces_panel_.show_bone_view && selection_->result.hit)
            j["bone_view"] = {
                {"pick_time", selection_->time},
                {"vertices", selection_->picked_positions.empty() ? "loaded" : "as_picked"}};
        if (selection_->id_buffer)
            j["id_buffer"] = {{"instance", selection_->id_buffer->first},
                              {"triangle", selection_->id_buffer->second}};
        else if (selection_->id_buffer_shape)
            j["id_buffer"] = {{"shape", *selection_->id_buffer_shape}};
        else
            j["id_buffer"] = nullptr;
        if (selection_->bind_result) {
            j["bind_pose"] = pick_to_json(*session_, selection_->ray, selection_->choice,
                                          *selection_->bind_result, PoseChoice::Bind);
            // What the Animation panel says of the two answers.
            const BindPoseComparison comparison = compare_with_bind_pose(
                selection_->result, *selection_->bind_result, selection_->ray);
            j["bind_pose"]["comparison"] = verdict_name(comparison.verdict);
            j["bind_pose"]["comparison_text"] = describe(comparison);
        }
    } else {
        j["clicked"] = false;
        j["time"] = session_->time();
    }
    j["mode"] = mode_name(mode_);
    if (mode_ == ViewerMode::Pick)
        j["spaces"] = {{"nodes", session_->scene().nodes.size()},
                       {"tree_nodes_shown", spaces_panel_.tree_nodes_shown}};
    if (mode_ == ViewerMode::TriangleLab) j["lab"] = lab_mode_.report_json(camera_, window_size());
    nlohmann::ordered_json windows = nlohmann::ordered_json::object();
    if (file_panel_.window.drawn) windows["File"] = panel_window_json(file_panel_.window);
    if (animation_panel_.window.drawn)
        windows["Animation"] = panel_window_json(animation_panel_.window);
    j["windows"] = windows;
    if (!options_.panels.empty())
        j["algorithms"] = algorithms_panel_to_json(algorithms_panel_, *session_);
    if (mode_ == ViewerMode::Collide) j["collide"] = collide_mode_.report_json(*session_, true);
    const AccelStatus status =
        accel_view_.status(*session_, pick_panel_.choice.accel(), accel_panel_);
    j["accel_build"] = {
        {"accel", status.accel}, {"milliseconds", status.build_ms}, {"bytes", status.bytes}};
    if (accel_panel_.show_boxes)
        j["bvh_boxes"] = {{"depth", accel_panel_.box_depth},
                          {"drawn", accel_view_.boxes_drawn()},
                          {"at_depth", accel_view_.boxes_at_depth()},
                          {"levels", status.bvh_levels}};
    if (accel_panel_.show_visited) j["visited_boxes"] = accel_view_.visited_drawn();
    if (accel_panel_.heatmap && mode_ == ViewerMode::Pick) {
        const CostImage& heat = accel_view_.heatmap();
        const std::optional<Accel> traced_with = accel_view_.heatmap_accel();
        j["heatmap"] = {{"size", {heat.size.x, heat.size.y}},
                        {"accel", traced_with ? accel_name(*traced_with) : "none"},
                        {"complete", heat.complete()},
                        {"rays", heat.rays},
                        {"hits", heat.hits},
                        {"nodes", heat.nodes},
                        {"triangles", heat.triangles},
                        {"scale_max", heat.scale_max()}};
    }
    j["model"] = session_->scene().source;
    j["window"] = {int(window_size().x), int(window_size().y)};
    return j;
}

void ViewerApp::write_ui_trace() {
    if (options_.ui_trace.empty()) return;
    ++ui_trace_frame_;
    nlohmann::ordered_json j;
    j["frame"] = ui_trace_frame_;
    j["loading"] = loads_.current() != nullptr;
    j["load_error"] = file_panel_.error;
    j["items"] = ui_probe::items_json();
    j["report"] = report();
    // Written whole and renamed over the file, so a reader never sees half a frame.
    const std::string partial = options_.ui_trace + ".partial";
    if (FILE* out = std::fopen(partial.c_str(), "wb")) {
        const std::string text = j.dump();
        const bool written = std::fwrite(text.data(), 1, text.size(), out) == text.size();
        if (std::fclose(out) == 0 && written) std::filesystem::rename(partial, options_.ui_trace);
    }
}

}  // namespace app
