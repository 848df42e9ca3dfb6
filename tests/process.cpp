#include "tests/process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <glm/vec2.hpp>

#include "tests/x_server.h"

namespace tests {

namespace {

std::string shell_quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) {
        if (c == '\'')
            q += "'\\''";
        else
            q += c;
    }
    return q + "'";
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& args, double timeout_seconds) {
    static int counter = 0;
    const auto err_path =
        std::filesystem::temp_directory_path() /
        ("raypick_test_err_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    char limit[32];
    std::snprintf(limit, sizeof limit, "%g", timeout_seconds);
    // -k: a process that ignores SIGTERM is killed 5 s later.
    std::string command = "timeout -k 5 " + std::string(limit);
    for (const std::string& a : args)
        command += " " + shell_quote(a);
    command += " 2>" + shell_quote(err_path.string());

    ProcessResult result;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return result;
    std::array<char, 65536> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        result.out.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    result.err = read_file(err_path);
    std::filesystem::remove(err_path);
    if (WIFEXITED(status)) {
        result.exit_code = WEXITSTATUS(status);
        // timeout(1) exits 124 on its limit, 137 when it had to kill; the shell reports a
        // child killed by a signal as 128 + the signal.
        result.timed_out = result.exit_code == 124 || result.exit_code == 137;
        if (result.exit_code > 128 && result.exit_code < 160 && !result.timed_out) {
            result.signaled = true;
            result.signal = result.exit_code - 128;
        }
    } else if (WIFSIGNALED(status)) {
        result.signaled = true;
        result.signal = WTERMSIG(status);
    }
    return result;
}

ProcessResult run_gui_process(std::vector<std::string> args, double timeout_seconds) {
    const char* display = std::getenv("DISPLAY");
    if (display && *display) return run_process(args, timeout_seconds);
    // A screen as large as the window asked for (--size WxH), or 1280x720.
    glm::ivec2 screen{1280, 720};
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--size" &&
            std::sscanf(args[i + 1].c_str(), "%dx%d", &screen.x, &screen.y) != 2)
            screen = {1280, 720};
    // Its own server, on a display number the server chooses: tests run side by side.
    const XServer server(screen);
    if (!server.error().empty()) {
        ProcessResult result;
        result.err = server.error();
        return result;
    }
    args.insert(args.begin(), {"env", "DISPLAY=" + server.display()});
    return run_process(args, timeout_seconds);
}

void stop_process(int pid, double grace_seconds) {
    if (pid <= 0) return;
    ::kill(pid, SIGTERM);
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(grace_seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        if (::waitpid(pid, nullptr, WNOHANG) == pid) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
}

std::string raypick_exe() {
    return RAYPICK_EXE;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> result;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) result.push_back(line);
    return result;
}

}  // namespace tests
