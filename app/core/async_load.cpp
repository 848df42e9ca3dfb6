#include "app/core/async_load.h"

#include <thread>

#include <utility>
#include "app/core/wait_for.h"

namespace app {

AsyncLoad::AsyncLoad(std::filesystem::path path, assets::LoadOptions options)
    : path_(std::move(path)), options_(options), started_(std::chrono::steady_clock::now()) {}

std::shared_ptr<AsyncLoad> AsyncLoad::start(std::filesystem::path path,
                                            assets::LoadOptions options) {
    auto load = std::make_shared<AsyncLoad>(std::move(path), options);
    ++running_;
    // The thread owns a reference, so an abandoned load stays valid until it ends.
    std::thread([load] { load->run(); }).detach();
    return load;
}

void AsyncLoad::run() {
    std::optional<assets::Scene> scene;
    std::string error;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        scene = assets::load_model(path_, options_, &progress_);
    } catch (const std::exception& e) {
        error = e.what();
    } catch (...) {
        error = path_.string() + ": unknown error while loading";
    }
    {
        std::lock_guard lock(mutex_);
        scene_ = std::move(scene);
        error_ = std::move(error);
        load_seconds_ =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    progress_.fraction = 1.0f;
    finished_ = true;
    --running_;
}

double AsyncLoad::elapsed_seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

bool AsyncLoad::wait(double timeout_seconds) {
    return wait_for(finished_, timeout_seconds);
}

std::optional<assets::Scene> AsyncLoad::take_scene() {
    std::lock_guard lock(mutex_);
    return std::exchange(scene_, std::nullopt);
}

std::string AsyncLoad::error() const {
    std::lock_guard lock(mutex_);
    return error_;
}

}  // namespace app
