#pragma once
/// Waiting on a flag another thread raises, with a time limit: what the background jobs
/// (loads, acceleration builds) offer scripted runs and tests.

#include <atomic>
#include <chrono>
#include <thread>

namespace app {

/// Polls `done` every couple of milliseconds until it is true (returns true) or
/// `timeout_seconds` pass (returns false); a negative timeout waits for ever.
inline bool wait_for(const std::atomic<bool>& done, double timeout_seconds) {
    const auto deadline =
        std::chrono::steady_clock::now() +
        std::chrono::duration<double>(timeout_seconds < 0 ? 1e9 : timeout_seconds);
    while (!done.load()) {
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
}

}  // namespace app
