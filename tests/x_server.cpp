#include "tests/x_server.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <chrono>

#include "tests/process.h"

namespace tests {

using Clock = std::chrono::steady_clock;

XServer::XServer(glm::ivec2 screen) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        error_ = "pipe failed";
        return;
    }
    const std::string geometry = std::to_string(screen.x) + "x" + std::to_string(screen.y) + "x24";
    pid_ = ::fork();
    if (pid_ == 0) {
        // The server writes the display number it chose to fd 3, then a newline.
        ::dup2(fds[1], 3);
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 1);
        ::dup2(null, 2);
        ::execlp("Xvfb", "Xvfb", "-displayfd", "3", "-screen", "0", geometry.c_str(), "-nolisten",
                 "tcp", "-noreset", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::close(fds[1]);
    std::string number;
    const auto deadline = Clock::now() + std::chrono::seconds(30);
    while (Clock::now() < deadline) {
        pollfd p{fds[0], POLLIN, 0};
        if (::poll(&p, 1, 100) <= 0) continue;
        char c = 0;
        if (::read(fds[0], &c, 1) != 1) break;
        if (c == '\n') break;
        number += c;
    }
    ::close(fds[0]);
    if (number.empty()) {
        error_ = "Xvfb did not start (is it installed? scripts/setup installs xvfb)";
        stop_process(pid_, 5.0);
        pid_ = -1;
        return;
    }
    display_ = ":" + number;
}

XServer::~XServer() {
    stop_process(pid_, 5.0);
}

}  // namespace tests
