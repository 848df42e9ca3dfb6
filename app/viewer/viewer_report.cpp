// ViewerApp's reports: the scripted run (--click, --then-time, --screenshot: wait for the
// scene, click, draw, capture, print the JSON) and the UI trace (--ui-trace) that tests driving
// the window with real input read.

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>

#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "app/core/bind_pose_comparison.h"
#include "app/core/file_browser.h"
#include "app/core/glossary.h"
#include "app/core/json_line.h"
#include "app/core/pick_json.h"
#include "app/core/pick_record.h"
#include "app/core/pick_replay.h"
#include "app/core/png_file.h"
#include "app/core/setup_fields.h"
#include "app/core/triangle_lessons.h"
#include "app/viewer/panels/algorithms_json.h"
#include "app/viewer/ui_probe.h"
#include "app/viewer/viewer_app.h"
#include "render/screenshot.h"

namespace app {

void ViewerApp::run_script() {
    // A tour takes its own screenshots, one per step (viewer_tours.cpp).
    if (!options_.scripted() || tour_.playing() || script_done_ || loads_.current() || quit_)
        return;
    ++frames_since_scene_;
    // A few frames let ImGui lay its windows out before anything is clicked or captured.
    if (frames_since_scene_ < 3) return;
    if (accel_view_.building()) {
        // The click must use the accel asked for: wait for its build.
        accel_view_.finish(session_);
        frames_since_scene_ = 0;
        return;
    }
    if (mesh_inspect_.busy()) {
        // The report must give the inspection: wait for it, and let it be drawn (the view is
        // drawn before the panels take it: a screenshot in that frame would miss it).
        mesh_inspect_.finish();
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
    if (options_.bench_frames > 0 && bench_app_ms_.size() < std::size_t(options_.bench_frames)) {
        frames_since_scene_ = 0;  // more frames, timed in run_frame
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
    if (const auto error =
            write_png_file(options_.screenshot, image.width, image.height, image.rgba)) {
        std::cerr << "raypick: " << *error << "\n";
        exit_status_ = 1;
        quit_ = true;
        return;
    }
    nlohmann::ordered_json j = report();
    j["framebuffer"] = {fb.x, fb.y};
    if (!bench_app_ms_.empty()) {
        const auto median = [](std::vector<double> v) {
            std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
            return v[v.size() / 2];
        };
        const auto largest = [](const std::vector<double>& v) {
            return *std::max_element(v.begin(), v.end());
        };
        j["frames"] = {{"count", bench_app_ms_.size()},
                       {"app_ms_median", median(bench_app_ms_)},
                       {"app_ms_max", largest(bench_app_ms_)},
                       {"gl_ms_median", median(bench_gl_ms_)},
                       {"gl_ms_max", largest(bench_gl_ms_)}};
    }
    j["screenshot"] = options_.screenshot;
    std::cout << json_line(std::move(j)) << std::endl;
    quit_ = true;
}

nlohmann::ordered_json ViewerApp::report() const {
    nlohmann::ordered_json j;
    if (selection_) {
        j = pick_to_json(*session_, selection_->ray, selection_->choice, selection_->result);
        j["cursor"] = {selection_->cursor_window.x, selection_->cursor_window.y};
        j["serial"] = selection_->serial;  // counts picks: a test tells a new one from the last
        // The pose of the pick; when the animation has moved on since (--then-time), the time
        // drawn now too (the vertices above follow the animation, like the highlight).
        j["time"] = selection_->time;
        if (session_->pose_version() != selection_->pose_version) j["time_now"] = session_->time();
        if (bone_space_.texture != 0 && selection_->result.hit)
            j["bone_view"] = {
                {"pick_time", selection_->time},
                {"vertices", selection_->picked_positions.empty() ? "loaded" : "as_picked"},
                {"triangles", bone_space_.triangles_drawn}};
        if (magnifier_texture_ != 0) j["magnifier"] = {{"zoom", magnifier_.zoom}};
        j["cold"] = selection_->cold;
        if (selection_->result.hit) {
            const TriangleLessons l = triangle_lessons(*selection_->result.hit, selection_->ray,
                                                       selection_->world_from_mesh);
            j["lessons"] = {{"area_bone", l.area_bone},
                            {"area_world", l.area_world},
                            {"triple_product", l.volume},
                            {"from_ray", {l.from_ray.x, l.from_ray.y, l.from_ray.z}},
                            {"from_barycentric",
                             {l.from_barycentric.x, l.from_barycentric.y, l.from_barycentric.z}},
                            {"apart", l.difference},
                            {"apart_ulps", l.ulps}};
        }
        if (selection_->hits_along > 0)
            j["hit_rank"] = {{"rank", selection_->hit_rank}, {"of", selection_->hits_along}};
        if (inspector_.change_serial == selection_->serial && !inspector_.change.empty())
            j["repicked"] = inspector_.change;
        if (selection_->id_buffer)
            j["id_buffer"] = {{"instance", selection_->id_buffer->first},
                              {"triangle", selection_->id_buffer->second}};
        else if (selection_->id_buffer_shape)
            j["id_buffer"] = {{"shape", *selection_->id_buffer_shape}};
        else
            j["id_buffer"] = nullptr;
        if (selection_->id_check.read) {
            j["id_buffer_agrees"] = selection_->id_check.agrees;
            if (!selection_->id_check.agrees) j["id_buffer_cause"] = selection_->id_check.cause;
        }
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
    j["region_selection"] = region_tool_.report();
    j["measure"] = measure_report(measure_);
    if (selection_ && selection_->snap) j["snap"] = snap_json(*selection_->snap);
    if (workspace_.is_open(Region::Outliner))
        j["outliner"] = {{"nodes", session_->scene().nodes.size()},
                         {"tree_nodes_shown", outliner_.tree_nodes_shown}};
    if (mode_ == ViewerMode::Pick && workspace_.is_open(Region::Inspector))
        j["inspector"] = {{"key_numbers", inspector_.key_numbers_drawn},
                          {"key_numbers_bottom", inspector_.key_numbers_bottom},
                          {"overflow_px", inspector_.overflow_px}};
    if (mode_ == ViewerMode::TriangleLab) j["lab"] = lab_mode_.report_json(camera_, view_rect());
    const nlohmann::ordered_json layout = workspace_.report_json();
    j["view_rect"] = layout["view_rect"];
    // Where what F frames appears: its box's eight corners projected, in window pixels.
    const picking::Aabb framed = framed_bounds();
    if (!framed.empty()) {
        glm::vec2 lo(std::numeric_limits<float>::infinity()), hi(-lo);
        for (int i = 0; i < 8; ++i) {
            const glm::vec3 corner((i & 1) ? framed.max.x : framed.min.x,
                                   (i & 2) ? framed.max.y : framed.min.y,
                                   (i & 4) ? framed.max.z : framed.min.z);
            const glm::vec2 at = window_from_world(camera_, corner, view_rect());
            lo = glm::min(lo, at);
            hi = glm::max(hi, at);
        }
        j["framed_rect"] = {lo.x, lo.y, hi.x, hi.y};
    }
    j["windows"] = layout["windows"];
    // Characters of the seeds' titles and notes (Help > The seeds) and of the Slab lab's
    // quotes the font cannot draw.
    int missing_glyphs = 0;
    std::vector<std::string_view> shown_texts = {kSeedSlabRuleQuote, kSeedNanQuote};
    for (const SeedDocument& seed : seed_documents()) {
        shown_texts.push_back(seed.original);
        shown_texts.push_back(seed.in_app);
    }
    for (const std::string_view shown : shown_texts) {
        const char* text = shown.data();
        const char* end = text + shown.size();
        while (text < end) {
            unsigned int c = 0;
            text += ImTextCharFromUtf8(&c, text, end);
            missing_glyphs += ImGui::GetFont()->FindGlyphNoFallback(ImWchar(c)) == nullptr;
        }
    }
    j["missing_glyphs"] = missing_glyphs;
    // Work under way, as the status bar says it ("Sweeping the shared edges for leaks").
    if (const StatusInfo status = status_info(); !status.busy.empty()) j["busy"] = status.busy;
    if (workspace_.is_open(Region::Tools)) j["tool"] = tools_tab_name(tools_tab_);
    // The settings the next pick uses (a pick's own are in its fields above).
    j["pick_settings"] = pick_settings_json(pick_panel_.choice);
    if (algorithms_shown() || !options_.panels.empty())
        j["algorithms"] = algorithms_panel_to_json(algorithms_panel_, *session_);
    if (workspace_.is_open(Region::Tools) && tools_tab_ == ToolsTab::SlabLab)
        j["slab_lab"] = slab_lab_json(slab_lab_);
    if (mesh_inspect_.shown) j["mesh_inspection"] = mesh_inspect_.report(session_->scene());
    if (sphere_forms_.shown) j["sphere_forms"] = sphere_forms_report(sphere_forms_);
    if (ground_probe_.shown) j["ground_probe"] = ground_probe_.report(*session_);
    if (tour_.playing()) {
        const std::optional<LessonVerdict>& verdict = tour_.verdict;
        j["tour"] = {{"name", tour_.tour->name},
                     {"step", tour_.step + 1},
                     {"of", tour_.tour->steps.size()},
                     {"title", tour_.current().title},
                     {"lesson_shown",
                      verdict ? nlohmann::ordered_json(verdict->shown) : nlohmann::ordered_json()},
                     {"saw", verdict ? verdict->saw : std::string()}};
    }
    if (algorithms_panel_.construction)
        j["construction"] = construction_report(*algorithms_panel_.construction);
    if (mode_ == ViewerMode::Collide) j["collide"] = collide_mode_.report_json(*session_, true);
    const AccelStatus status =
        accel_view_.status(*session_, pick_panel_.choice.accel(), accel_panel_);
    j["accel_build"] = {
        {"accel", status.accel}, {"milliseconds", status.build_ms}, {"bytes", status.bytes}};
    if (!status.built_by.empty()) j["accel_build"]["built_by"] = status.built_by;
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
                        {"metric", heatmap_metric_name(heat.metric)},
                        {"complete", heat.complete()},
                        {"rays", heat.rays},
                        {"hits", heat.hits},
                        {"nodes", heat.nodes},
                        {"triangles", heat.triangles},
                        {"scale_max", heat.scale_max()}};
    }
    if (disagreement_texture_ != 0) {
        const DisagreementImage& image = algorithms_panel_.model.disagreement;
        const DisagreementPanelState& tab = algorithms_panel_.disagreement;
        nlohmann::ordered_json d;
        d["a"] = picking::ray_triangle_algorithm(tab.method_a(pick_panel_.choice.method())).name;
        d["b"] = picking::ray_triangle_algorithm(tab.b).name;
        d["ulps"] = tab.t_ulps;
        d["size"] = {image.size.x, image.size.y};
        d["complete"] = image.complete();
        d["pixels"] = image.pixels();
        for (std::size_t v = 0; v < kPixelVerdicts; ++v)
            d[std::string(verdict_name(PixelVerdict(v)))] = image.counts[v];
        d["far"] = glm::length(session_->world_offset());
        j["disagreement"] = d;
    }
    j["model"] = session_->scene().source;
    j["window"] = {int(window_size().x), int(window_size().y)};
    if (!error_.empty()) j["error"] = error_;
    // What a File command (a screenshot, a pick record) did, as the status bar says it.
    if (!screenshot_note_.empty()) j["note"] = screenshot_note_;
    if (!last_pick_record_.empty()) j["pick_record_bytes"] = last_pick_record_.size();
    if (!last_selection_record_.empty())
        j["selection_record_bytes"] = last_selection_record_.size();
    if (!last_session_.empty()) j["session_saved"] = last_session_;
    j["camera"] = camera_json(camera_);  // exact: a session opened must give it back
    j["layout_wishes"] = to_text(workspace_.wishes());
    if (open_dialog_.browser && open_dialog_.showing)
        j["open_dialog"] = {{"folder", valid_utf8(open_dialog_.browser->folder().string())},
                            {"path", valid_utf8(open_dialog_.path_input)}};
    return j;
}

void ViewerApp::write_ui_trace() {
    if (options_.ui_trace.empty()) return;
    ++ui_trace_frame_;
    nlohmann::ordered_json j;
    j["frame"] = ui_trace_frame_;
    j["loading"] = loads_.current() != nullptr;
    j["load_error"] = error_;
    j["items"] = ui_probe::items_json();
    j["report"] = report();
    // Written whole and renamed over the file, so a reader never sees half a frame.
    const std::string partial = options_.ui_trace + ".partial";
    if (FILE* out = std::fopen(partial.c_str(), "wb")) {
        const std::string text = json_line(std::move(j));
        const bool written = std::fwrite(text.data(), 1, text.size(), out) == text.size();
        if (std::fclose(out) == 0 && written) std::filesystem::rename(partial, options_.ui_trace);
    }
}

}  // namespace app
