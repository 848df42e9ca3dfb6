#include "tests/viewer_under_test.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace tests {

namespace {

using Clock = std::chrono::steady_clock;

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string scratch_path(const std::string& what) {
    static int counter = 0;
    return (std::filesystem::temp_directory_path() /
            ("raypick_viewer_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) +
             "_" + what))
        .string();
}

}  // namespace

// == ViewerUnderTest

ViewerUnderTest::ViewerUnderTest(std::vector<std::string> args, glm::ivec2 size)
    : server_(size),
      trace_path_(scratch_path("trace.json")),
      out_path_(scratch_path("out.txt")),
      err_path_(scratch_path("err.txt")) {
    if (!server_.error().empty()) {
        error_ = server_.error();
        return;
    }
    args.insert(args.begin(), raypick_exe());
    args.insert(args.end(), {"--size", std::to_string(size.x) + "x" + std::to_string(size.y),
                             "--ui-trace", trace_path_});
    pid_ = ::fork();
    if (pid_ == 0) {
        ::setenv("DISPLAY", server_.display().c_str(), 1);
        if (!std::freopen(out_path_.c_str(), "w", stdout) ||
            !std::freopen(err_path_.c_str(), "w", stderr))
            ::_exit(126);
        std::vector<char*> argv;
        for (std::string& a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    // The window, once raypick has made it (xdotool waits for it with --sync).
    const ProcessResult search = run_process(
        {"env", "DISPLAY=" + server_.display(), "xdotool", "search", "--sync", "--name", "raypick"},
        120.0);
    const std::vector<std::string> ids = lines(search.out);
    if (search.exit_code != 0 || ids.empty()) {
        error_ = "no raypick window appeared: " + search.err + read_file(err_path_);
        return;
    }
    window_ = ids.front();
    // The first frame drawn: the trace exists.
    if (!wait_for([](const Trace&) { return true; }))
        error_ = "raypick wrote no UI trace: " + read_file(err_path_);
}

ViewerUnderTest::~ViewerUnderTest() {
    stop_process(pid_, 10.0);
    for (const std::string& path : {trace_path_, out_path_, err_path_, trace_path_ + ".partial"})
        std::filesystem::remove(path);
}

std::optional<ViewerUnderTest::Trace> ViewerUnderTest::read_trace() const {
    const std::string text = read_file(trace_path_);
    if (text.empty()) return std::nullopt;
    Trace trace = Trace::parse(text, nullptr, false);
    if (trace.is_discarded()) return std::nullopt;
    return trace;
}

std::optional<ViewerUnderTest::Trace> ViewerUnderTest::wait_for(
    const std::function<bool(const Trace&)>& ready, double timeout_seconds) {
    const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_seconds);
    while (Clock::now() < deadline) {
        if (pid_ <= 0 || ::waitpid(pid_, nullptr, WNOHANG) == pid_) {
            pid_ = -1;
            return std::nullopt;  // raypick ended
        }
        if (auto trace = read_trace()) {
            last_ = *trace;
            if (trace->value("frame", std::uint64_t(0)) >= min_frame_ && ready(*trace))
                return trace;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return std::nullopt;
}

std::optional<glm::vec2> ViewerUnderTest::centre(const Trace& trace, const std::string& item) {
    const auto items = trace.find("items");
    if (items == trace.end() || !items->contains(item)) return std::nullopt;
    const Trace& r = (*items)[item];
    return glm::vec2(0.5f * (r[0].get<float>() + r[2].get<float>()),
                     0.5f * (r[1].get<float>() + r[3].get<float>()));
}

void ViewerUnderTest::xdotool(std::vector<std::string> args) {
    // Whatever comes next must be read from a frame that began after this input arrived.
    const std::uint64_t frame = read_trace().value_or(Trace::object()).value("frame", 0ull);
    args.insert(args.begin(), {"env", "DISPLAY=" + server_.display(), "xdotool"});
    const ProcessResult r = run_process(args, 30.0);
    if (std::getenv("RAYPICK_TEST_VERBOSE")) {
        std::string line;
        for (const std::string& a : args)
            line += a + " ";
        std::fprintf(stderr, "xdotool at frame %llu: %s-> %d %s\n", (unsigned long long)frame,
                     line.c_str(), r.exit_code, r.err.c_str());
    }
    min_frame_ = frame + 2;
}

void ViewerUnderTest::move(glm::vec2 at) {
    xdotool(
        {"mousemove", "--window", window_, std::to_string(int(at.x)), std::to_string(int(at.y))});
    // Hovering first, as a hand does: the widget under the pointer knows it before the press.
    (void)wait_for([](const Trace&) { return true; });
}

void ViewerUnderTest::click(glm::vec2 at, int button) {
    move(at);
    xdotool({"click", std::to_string(button)});
}

void ViewerUnderTest::drag(glm::vec2 from, glm::vec2 to, int button) {
    move(from);
    xdotool({"mousedown", std::to_string(button)});
    constexpr int kSteps = 8;
    for (int i = 1; i <= kSteps; ++i) {
        const glm::vec2 at = from + (to - from) * (float(i) / kSteps);
        xdotool({"mousemove", "--window", window_, std::to_string(int(at.x)),
                 std::to_string(int(at.y))});
        (void)wait_for([](const Trace&) { return true; });
    }
    xdotool({"mouseup", std::to_string(button)});
}

void ViewerUnderTest::drag_path(const std::vector<glm::vec2>& points, int button,
                                const std::string& modifier) {
    if (points.empty()) return;
    move(points.front());
    if (!modifier.empty()) {
        xdotool({"keydown", modifier});
        (void)wait_for([](const Trace&) { return true; });
    }
    xdotool({"mousedown", std::to_string(button)});
    for (std::size_t i = 1; i < points.size(); ++i) {
        xdotool({"mousemove", "--window", window_, std::to_string(int(points[i].x)),
                 std::to_string(int(points[i].y))});
        (void)wait_for([](const Trace&) { return true; });
    }
    xdotool({"mouseup", std::to_string(button)});
    if (!modifier.empty()) {
        (void)wait_for([](const Trace&) { return true; });
        xdotool({"keyup", modifier});
    }
}

void ViewerUnderTest::fast_drag(glm::vec2 from, glm::vec2 to, int button) {
    xdotool({"mousemove", "--window", window_, std::to_string(int(from.x)),
             std::to_string(int(from.y)), "mousedown", std::to_string(button), "mousemove",
             "--window", window_, std::to_string(int(to.x)), std::to_string(int(to.y))});
    (void)wait_for([](const Trace&) { return true; });
    xdotool({"mouseup", std::to_string(button)});
}

void ViewerUnderTest::wheel(glm::vec2 at, int notches) {
    move(at);
    // X reports the wheel as buttons 4 (up) and 5 (down).
    for (int i = 0; i < std::abs(notches); ++i) {
        xdotool({"click", notches > 0 ? "4" : "5"});
        (void)wait_for([](const Trace&) { return true; });
    }
}

void ViewerUnderTest::key(const std::string& keys) {
    // XTest events, as a keyboard's (see type()).
    xdotool({"key", keys});
}

void ViewerUnderTest::type(const std::string& text) {
    // XTest events, as a keyboard's: they go to the window under the pointer (no window
    // manager, focus follows it), and text fields take them as characters.
    xdotool({"type", "--delay", "20", text});
}

void ViewerUnderTest::resize(glm::ivec2 size) {
    xdotool({"windowsize", window_, std::to_string(size.x), std::to_string(size.y)});
}

void ViewerUnderTest::press(const std::string& key) {
    xdotool({"keydown", key});
    (void)wait_for([](const Trace&) { return true; });
    xdotool({"keyup", key});
}

std::size_t ViewerUnderTest::child_processes() const {
    std::size_t count = 0;
    if (pid_ <= 0) return count;
    std::error_code error;
    const std::filesystem::path tasks = "/proc/" + std::to_string(pid_) + "/task";
    for (const auto& task : std::filesystem::directory_iterator(tasks, error)) {
        std::ifstream children(task.path() / "children");
        std::string pid;
        while (children >> pid)
            ++count;
    }
    return count;
}

ProcessResult ViewerUnderTest::quit(double timeout_seconds) {
    ProcessResult result;
    if (pid_ > 0) {
        key("ctrl+q");
        const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_seconds);
        int status = 0;
        while (Clock::now() < deadline && ::waitpid(pid_, &status, WNOHANG) != pid_)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (Clock::now() >= deadline) {
            result.timed_out = true;
            stop_process(pid_, 5.0);
        } else if (WIFEXITED(status)) {
            result.exit_code = WEXITSTATUS(status);
        } else if (WIFSIGNALED(status)) {
            result.signaled = true;
            result.signal = WTERMSIG(status);
        }
        pid_ = -1;
    }
    result.out = read_file(out_path_);
    result.err = read_file(err_path_);
    return result;
}

}  // namespace tests
