// ViewerApp's files: the screenshot, the pick's and the region's records (copied or saved) and
// session files (saved, and opened with their model: the rest applies once it is in).

#include <cctype>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>

#include <GLFW/glfw3.h>
#include <glad/gl.h>

#include "app/core/display_text.h"
#include "app/core/file_browser.h"
#include "app/core/json_line.h"
#include "app/core/pick_record.h"
#include "app/core/pick_replay.h"
#include "app/core/png_file.h"
#include "app/core/session_file.h"
#include "app/viewer/viewer_app.h"
#include "render/screenshot.h"

namespace app {

namespace {

/// "raypick-<model>-<date>-<time><extension>" in the working directory, numbered when one of
/// that name exists (two in the same second do not overwrite each other).
std::string stamped_file_name(const std::string& model_path, const std::string& extension) {
    const std::time_t now = std::time(nullptr);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
    std::string name =
        model_path.empty() ? "raypick" : std::filesystem::path(model_path).stem().string();
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
    std::string file = "raypick-" + name + "-" + stamp + extension;
    std::error_code ec;
    for (int n = 2; std::filesystem::exists(file, ec) && n < 1000; ++n)
        file = "raypick-" + name + "-" + stamp + "-" + std::to_string(n) + extension;
    return file;
}

/// The file's path as the status bar shows it: absolute, valid UTF-8.
std::string absolute_text(const std::string& file) {
    return valid_utf8((std::filesystem::current_path() / file).string());
}

}  // namespace

bool ViewerApp::write_text_file(const std::string& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
    out.close();
    if (!out) screenshot_note_ = "Could not write " + valid_utf8(file);
    return bool(out);
}

void ViewerApp::save_screenshot() {
    const std::string file = stamped_file_name(current_path_, ".png");
    const glm::ivec2 fb = framebuffer_size();
    glReadBuffer(GL_BACK);
    const render::Image image = render::read_framebuffer(fb.x, fb.y);
    if (const auto error = write_png_file(file, image.width, image.height, image.rgba))
        error_ = *error;
    else
        screenshot_note_ = "Saved " + absolute_text(file);
}

const ModelIdentity* ViewerApp::identified_model() {
    if (current_path_.empty()) {
        screenshot_note_ = "No model to record";
        return nullptr;
    }
    if (!model_identity_) {
        try {
            model_identity_ = identify_model(current_path_, model_tinyobjloader_);
        } catch (const std::exception& e) {
            screenshot_note_ = "No record: " + valid_utf8(e.what());
            return nullptr;
        }
    }
    return &*model_identity_;
}

std::optional<std::string> ViewerApp::current_pick_record() {
    if (!selection_) {
        screenshot_note_ = "No pick to record: click the model first";
        return std::nullopt;
    }
    if (!identified_model()) return std::nullopt;
    // The pose of the pick, not of now: the animation may have moved on since.
    PickRecord record{record_setup(*session_, *model_identity_, selection_->choice,
                                   PoseChoice::Current, selection_->ray),
                      record_result(selection_->result)};
    record.setup.animation =
        clip_time(*session_, selection_->clip, selection_->loop, selection_->time);
    // A pick made while its accel was still being built ran without a broad phase (the
    // Inspector says so): the record names what ran, so the replay runs the same.
    const Accel accel = record.setup.choice.accel();
    if (!is_peer(accel) && broad_phase_of(accel) != selection_->result.broad_phase)
        record.setup.choice.set_accel(accel_of(selection_->result.broad_phase));
    return json_line(pick_record_to_json(record));
}

void ViewerApp::copy_pick_record() {
    const auto record = current_pick_record();
    if (!record) return;
    glfwSetClipboardString(window_, record->c_str());
    last_pick_record_ = *record;
    screenshot_note_ =
        "Copied the pick's record to the clipboard (raypick pick --replay FILE "
        "picks it again)";
}

void ViewerApp::save_pick_record() {
    const auto record = current_pick_record();
    if (!record) return;
    const std::string file = stamped_file_name(current_path_, ".pick.json");
    if (!write_text_file(file, *record + "\n")) return;
    last_pick_record_ = *record;
    screenshot_note_ = "Saved the pick's record to " + absolute_text(file);
}

std::optional<std::string> ViewerApp::current_selection_record() {
    const std::optional<SelectionRecord>& last = region_tool_.last_region();
    if (!last) {
        screenshot_note_ = "No region to record: drag a box (S) or a lasso (L) first";
        return std::nullopt;
    }
    // A selection record poses the model at a time of its first clip, looping, as `raypick
    // select` does: another clip's pose would not replay.
    const int first_clip = session_->scene().clips.empty() ? -1 : 0;
    if (session_->clip() != first_clip || !session_->loop()) {
        screenshot_note_ =
            "No record: a selection record keeps the first clip, looping (choose it in Animation)";
        return std::nullopt;
    }
    const ModelIdentity* model = identified_model();
    if (!model) return std::nullopt;
    SelectionRecord record = *last;
    record.setup.model = *model;
    return json_line(selection_record_to_json(record));
}

void ViewerApp::copy_selection_record() {
    const auto record = current_selection_record();
    if (!record) return;
    glfwSetClipboardString(window_, record->c_str());
    last_selection_record_ = *record;
    screenshot_note_ =
        "Copied the last region's record to the clipboard (raypick select --replay FILE "
        "selects it again)";
}

void ViewerApp::save_selection_record() {
    const auto record = current_selection_record();
    if (!record) return;
    const std::string file = stamped_file_name(current_path_, ".select.json");
    if (!write_text_file(file, *record + "\n")) return;
    last_selection_record_ = *record;
    screenshot_note_ = "Saved the last region's record to " + absolute_text(file);
}

// == Session files

std::optional<SessionFile> ViewerApp::current_session() {
    const ModelIdentity* model = identified_model();
    if (!model) return std::nullopt;
    SessionFile s;
    s.model = *model;
    s.animation = current_clip_time(*session_);
    s.playing = animation_panel_.playing;
    s.camera = camera_;
    s.layout = workspace_.wishes();
    s.mode = mode_name(mode_);
    s.tool = select_tool_name(region_tool_.tool());
    s.tools_tab = tools_tab_name(tools_tab_);
    s.wireframe = wireframe_;
    s.show_ray = show_ray_;
    s.choice = pick_panel_.choice;
    s.t_min = pick_panel_.t_min;
    s.t_max = pick_panel_.t_max;
    s.hover = pick_panel_.hover;
    s.snap = pick_panel_.snap;
    s.snap_radius_px = pick_panel_.snap_radius_px;
    s.snap_targets = pick_panel_.snap_targets;
    s.rule = region_tool_.rule;
    s.xray = region_tool_.xray;
    s.bvh_build = accel_panel_.bvh_build;
    if (selection_)
        s.pick = SessionPick{selection_->cursor_window, selection_->ray.origin,
                             selection_->ray.direction};
    s.region = session_region(region_tool_.selection());
    const auto points = measure_.points();
    s.measure.assign(points.begin(), points.end());
    return s;
}

void ViewerApp::save_session() {
    const std::optional<SessionFile> session = current_session();
    if (!session) return;
    const std::string file = stamped_file_name(current_path_, ".session.json");
    if (!write_text_file(file, json_line(session_to_json(*session)) + "\n")) return;
    last_session_ = absolute_text(file);
    screenshot_note_ = "Saved the session to " + last_session_;
}

bool ViewerApp::open_session(const std::string& path, const std::string& model_instead) {
    try {
        SessionFile session = read_session_file(path);
        const std::string model = model_instead.empty() ? session.model.path : model_instead;
        open_dialog_.obj_via_tinyobjloader = session.model.obj_via_tinyobjloader;
        pending_session_ = std::move(session);
        pending_session_path_ = path;
        start_load(model);
        return true;
    } catch (const std::exception& e) {
        error_ = valid_utf8(e.what());
        std::cerr << "raypick: " << e.what() << "\n";
        return false;
    }
}

void ViewerApp::apply_session(const SessionFile& s) {
    std::vector<std::string> notes;
    if (s.model.sha256 && model_identity_ && model_identity_->sha256 != s.model.sha256)
        notes.push_back("the model changed since (its SHA-256 differs)");
    // The pose
    const ClipTime& at = s.animation;
    const auto& clips = session_->scene().clips;
    if (at.clip < 0) {
        (void)session_->choose_clip("rest");
    } else if (std::size_t(at.clip) < clips.size() &&
               clips[std::size_t(at.clip)].name == at.clip_name) {
        (void)session_->choose_clip(std::to_string(at.clip));
    } else {
        notes.push_back("the model has no clip " + std::to_string(at.clip) + " named '" +
                        shortened_text(at.clip_name, 40) + "'");
    }
    session_->set_loop(at.loop);
    session_->set_time(at.time);
    animation_panel_.playing = s.playing;
    // The workspace, then the view in it
    workspace_.wishes() = s.layout;
    layout_workspace();
    if (const auto mode = find_mode(s.mode)) set_mode(*mode);
    if (const auto tab = find_tools_tab(s.tools_tab)) {
        tools_tab_ = *tab;
        select_tools_tab_ = *tab;
    }
    camera_ = s.camera;
    wireframe_ = s.wireframe;
    show_ray_ = s.show_ray;
    // The settings
    pick_panel_.choice = s.choice;
    pick_panel_.t_min = s.t_min;
    pick_panel_.t_max = s.t_max;
    pick_panel_.hover = s.hover;
    pick_panel_.snap = s.snap;
    pick_panel_.snap_radius_px = s.snap_radius_px;
    pick_panel_.snap_targets = s.snap_targets;
    region_tool_.set_tool(find_select_tool(s.tool).value_or(SelectTool::Click));
    region_tool_.rule = s.rule;
    region_tool_.xray = s.xray;
    accel_panel_.bvh_build = s.bvh_build;
    // The selections
    std::uint64_t dropped = 0;
    region_tool_.restore(
        region_triangles(s.region, picking::instance_triangle_counts(session_->view()), dropped),
        *session_);
    if (dropped > 0)
        notes.push_back(thousands(dropped) + " selected triangles the model does not have");
    measure_.clear();
    for (const MeasurePoint& p : s.measure)
        if (p.instance < session_->view().instances.size()) measure_.add(p);
    if (s.pick) {
        Selection base;
        base.cursor_window = s.pick->cursor;
        base.ray.origin = s.pick->origin;
        base.ray.direction = s.pick->direction;
        selection_ = pick_ray(std::move(base), true);
        update_algorithm_views();
    }
    std::string note = "Opened the session " + valid_utf8(pending_session_path_);
    for (const std::string& n : notes)
        note += "; " + n;
    screenshot_note_ = note;
}

}  // namespace app
