#pragma once
/// Running raypick as a subprocess in tests: its stdout, stderr and how it ended.

#include <string>
#include <vector>

namespace tests {

struct ProcessResult {
    int exit_code = -1;  ///< valid when !signaled
    bool signaled = false;
    int signal = 0;
    bool timed_out = false;  ///< killed by `timeout`
    std::string out, err;
};

/// Runs `args` (no shell interpretation of the arguments themselves) with a time limit in
/// seconds, enforced by coreutils' timeout(1).
[[nodiscard]] ProcessResult run_process(const std::vector<std::string>& args,
                                        double timeout_seconds = 120.0);

/// The same, on an X server of its own (tests/x_server.h) when there is no display.
[[nodiscard]] ProcessResult run_gui_process(std::vector<std::string> args,
                                            double timeout_seconds = 120.0);

/// Stops a child: SIGTERM, then SIGKILL if it has not ended within `grace_seconds`.
void stop_process(int pid, double grace_seconds);

/// The path of the raypick binary under test.
[[nodiscard]] std::string raypick_exe();

/// stdout split into lines.
[[nodiscard]] std::vector<std::string> lines(const std::string& text);

}  // namespace tests
