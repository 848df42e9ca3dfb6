#pragma once
/// Loading a model off the UI thread, with progress, cancel and a timeout. An importer cannot
/// always be interrupted (Assimp checks its progress handler only between steps), so a
/// cancelled load is abandoned: its thread finishes on its own and its result is dropped.

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "assets/load_model.h"

namespace app {

class AsyncLoad {
  public:
    /// Starts loading `path` ("default" builds the built-in scene) on a new thread.
    [[nodiscard]] static std::shared_ptr<AsyncLoad> start(std::filesystem::path path,
                                                          assets::LoadOptions options);

    [[nodiscard]] const std::filesystem::path& path() const { return path_; }
    [[nodiscard]] bool finished() const { return finished_.load(); }
    [[nodiscard]] float progress() const { return progress_.fraction.load(); }
    [[nodiscard]] double elapsed_seconds() const;
    /// Asks the importer to stop; the result will be dropped either way.
    void cancel() { progress_.cancel = true; }

    /// Blocks until the load finishes or `timeout_seconds` pass (negative: forever).
    /// Returns whether it finished.
    bool wait(double timeout_seconds);

    /// After finished(): the scene, or nothing when it failed (then error() says why).
    [[nodiscard]] std::optional<assets::Scene> take_scene();
    [[nodiscard]] std::string error() const;
    /// How long the load itself took (valid after finished()).
    [[nodiscard]] double load_seconds() const { return load_seconds_; }

    /// Loads still running in this process (abandoned ones included): a process that exits
    /// while one runs must not run static destructors under it (use std::quick_exit/_Exit).
    [[nodiscard]] static int running_count() { return running_.load(); }

    AsyncLoad(std::filesystem::path path, assets::LoadOptions options);

  private:
    void run();

    std::filesystem::path path_;
    assets::LoadOptions options_;
    assets::LoadProgress progress_;
    std::chrono::steady_clock::time_point started_;
    std::atomic<bool> finished_{false};
    mutable std::mutex mutex_;
    std::optional<assets::Scene> scene_;
    std::string error_;
    double load_seconds_ = 0.0;
    static inline std::atomic<int> running_{0};
};

}  // namespace app
