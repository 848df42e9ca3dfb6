#pragma once
/// The viewer's loads, one at a time and off the UI thread: the newer request wins (the older
/// one is cancelled), a load that outlasts the time limit is given up, and a finished one hands
/// over its scene, or says why there is none.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "app/core/async_load.h"

namespace app {

class SceneLoading {
  public:
    /// timeout_seconds <= 0: no limit.
    explicit SceneLoading(double timeout_seconds = 0.0) : timeout_seconds_(timeout_seconds) {}
    /// A load still in flight is cancelled: its import process is killed.
    ~SceneLoading() { cancel(); }
    SceneLoading(const SceneLoading&) = delete;
    SceneLoading& operator=(const SceneLoading&) = delete;

    /// Starts loading `path` ("default": the built-in scene); a load in flight is abandoned.
    void start(const std::filesystem::path& path, const assets::LoadOptions& options);
    /// Gives up the load in flight (its import process is killed; a built-in scene's thread ends
    /// on its own); true when there was one.
    bool cancel();

    /// How a load ended.
    struct Outcome {
        std::filesystem::path path;
        std::optional<assets::Scene> scene;  ///< nothing when it failed or was given up
        std::string error;                   ///< why not, naming the file
        assets::LoadFailure failure = assets::LoadFailure::Refused;  ///< why not, for the exit
        bool timed_out = false;                                      ///< given up at the time limit
        double seconds = 0.0;  ///< how long the load took (a success)
    };
    /// Called once per frame: nothing while a load runs or none does; else how it ended (once).
    [[nodiscard]] std::optional<Outcome> poll();

    /// The load in flight (its path, progress and time so far), or null.
    [[nodiscard]] const ModelLoad* current() const { return load_.get(); }

  private:
    double timeout_seconds_ = 0.0;
    std::shared_ptr<ModelLoad> load_;
};

}  // namespace app
