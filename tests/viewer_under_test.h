#pragma once
/// raypick's viewer on an X server of the test's own, driven the way a person drives it: real
/// pointer and key events through XTest (Debian's xdotool), read back through the viewer's UI
/// trace (--ui-trace: the frame number, where its named widgets are, the screenshot's report).
/// Every wait is for a state, never for a time, so a slow machine only makes a test slower.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

#include "tests/process.h"
#include "tests/x_server.h"

namespace tests {

class ViewerUnderTest {
  public:
    /// Starts raypick with `args` (and --ui-trace) on a new X server of `size`.
    explicit ViewerUnderTest(std::vector<std::string> args, glm::ivec2 size = {1280, 720});
    ~ViewerUnderTest();
    ViewerUnderTest(const ViewerUnderTest&) = delete;
    ViewerUnderTest& operator=(const ViewerUnderTest&) = delete;

    /// The X display it runs on (":N"), for other X clients (xclip).
    [[nodiscard]] const std::string& display() const { return server_.display(); }
    /// Empty once the viewer's window is up; else why it is not.
    [[nodiscard]] const std::string& error() const { return error_; }

    using Trace = nlohmann::json;
    /// The first UI trace written after every input sent so far for which `ready` holds, or
    /// nothing when none came within `timeout_seconds` (or raypick ended).
    [[nodiscard]] std::optional<Trace> wait_for(const std::function<bool(const Trace&)>& ready,
                                                double timeout_seconds = 120.0);
    /// The last trace read.
    [[nodiscard]] const Trace& last() const { return last_; }
    /// The centre of widget `item` in `trace`, when it was drawn.
    [[nodiscard]] static std::optional<glm::vec2> centre(const Trace& trace,
                                                         const std::string& item);

    // == Input, as XTest events into the window (pixels from its top left)
    void move(glm::vec2 at);
    void click(glm::vec2 at, int button = 1);
    /// Presses `button` at `from`, moves to `to` in steps, releases there.
    void drag(glm::vec2 from, glm::vec2 to, int button = 1);
    /// Presses `button` at the first point, moves through the others (a lasso), releases at the
    /// last; with `modifier` ("shift", "ctrl", "shift+ctrl") held down throughout.
    void drag_path(const std::vector<glm::vec2>& points, int button = 1,
                   const std::string& modifier = "");
    /// A drag faster than a frame: the press at `from` and the move to `to` sent at once, so
    /// the viewer handles the press when the pointer is already at `to`; released after.
    void fast_drag(glm::vec2 from, glm::vec2 to, int button = 1);
    /// Turns the wheel `notches` times at `at` (positive: away from the user, zooming in).
    void wheel(glm::vec2 at, int notches);
    /// xdotool key names, e.g. "ctrl+q", "h".
    void key(const std::string& keys);
    /// Types `text` as key presses.
    void type(const std::string& text);
    /// Resizes the window as a window manager would.
    void resize(glm::ivec2 size);
    /// Holds `key` down for a frame, then lets it go: ImGui 1.86 reads keys as the state they
    /// are in at each frame, so a press and release between two frames would be missed.
    void press(const std::string& key);

    /// How many processes raypick has started that have not been reaped yet (its import
    /// processes).
    [[nodiscard]] std::size_t child_processes() const;

    /// Quits as a person does (Ctrl+Q) and returns how raypick ended, its output included.
    [[nodiscard]] ProcessResult quit(double timeout_seconds = 60.0);

  private:
    void xdotool(std::vector<std::string> args);
    std::optional<Trace> read_trace() const;

    XServer server_;
    int pid_ = -1;
    std::string window_;
    std::string trace_path_, out_path_, err_path_;
    std::string error_;
    /// Traces from frames before this one may predate the input sent last.
    std::uint64_t min_frame_ = 0;
    Trace last_;
};

}  // namespace tests
