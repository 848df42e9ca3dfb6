#pragma once
/// Work on a thread of its own, off the UI thread: its progress, a cancel, a wait with a time
/// limit, and its result, taken once. Loads and acceleration builds are both such jobs.
///
/// The thread rule: only the job's own thread runs the work; any thread may read progress(),
/// finished() and elapsed_seconds(), call cancel() or wait(); take() and error() are meant for
/// the thread that started the job, after finished(). Work that cannot stop at once (an
/// importer between its progress checks, an Embree build) is abandoned on cancel or when the
/// caller drops the job: the thread holds the job, and so whatever the work captured, until
/// the work ends, and the result is then dropped.

#include <atomic>
#include <chrono>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "app/core/wait_for.h"

namespace app {

namespace detail {
inline std::atomic<int> g_running_jobs{0};
}  // namespace detail

/// Background jobs still running in this process, abandoned ones included: a process that exits
/// while one runs must not run static destructors under it (it ends with std::_Exit).
[[nodiscard]] inline int running_background_jobs() {
    return detail::g_running_jobs.load();
}

/// `Progress` has atomics `fraction` (0..1) and `cancel`, which the work reads and writes;
/// `Subject` names what the job is about (a path, an accel) for the UI.
template <class Result, class Progress, class Subject>
class BackgroundJob {
  public:
    using Work = std::function<Result(Progress&)>;

    /// Starts `work` on a new thread. An exception it throws becomes error().
    [[nodiscard]] static std::shared_ptr<BackgroundJob> start(Subject subject, Work work) {
        std::shared_ptr<BackgroundJob> job(new BackgroundJob(std::move(subject), std::move(work)));
        ++detail::g_running_jobs;
        std::thread([job] { job->run(); }).detach();
        return job;
    }

    [[nodiscard]] const Subject& subject() const { return subject_; }
    [[nodiscard]] bool finished() const { return finished_.load(); }
    [[nodiscard]] float progress() const { return progress_.fraction.load(); }
    [[nodiscard]] double elapsed_seconds() const { return seconds_since(started_); }
    /// How long the work itself took (after finished()).
    [[nodiscard]] double work_seconds() const { return work_seconds_; }
    /// Asks the work to stop at its next check; its result will be dropped either way.
    void cancel() { progress_.cancel = true; }
    [[nodiscard]] bool cancelled() const { return progress_.cancel.load(); }
    /// Blocks until the work ends or `timeout_seconds` pass (negative: forever); returns
    /// whether it ended.
    bool wait(double timeout_seconds) const { return wait_for(finished_, timeout_seconds); }

    /// After finished(): the result, once (nothing the second time, or when the work threw).
    [[nodiscard]] std::optional<Result> take() {
        if (!finished()) return std::nullopt;
        std::lock_guard lock(mutex_);
        return std::exchange(result_, std::nullopt);
    }
    /// After finished(): what the work threw, or empty.
    [[nodiscard]] std::string error() const {
        std::lock_guard lock(mutex_);
        return error_;
    }
    /// After finished(): the exception the work threw (to tell its kind), or null.
    [[nodiscard]] std::exception_ptr exception() const {
        std::lock_guard lock(mutex_);
        return exception_;
    }

  private:
    BackgroundJob(Subject subject, Work work)
        : subject_(std::move(subject)),
          work_(std::move(work)),
          started_(std::chrono::steady_clock::now()) {}

    static double seconds_since(std::chrono::steady_clock::time_point t) {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    }

    void run() {
        const auto begin = std::chrono::steady_clock::now();
        std::optional<Result> result;
        std::string error;
        std::exception_ptr exception;
        try {
            result.emplace(work_(progress_));
        } catch (const std::exception& e) {
            error = e.what();
            exception = std::current_exception();
        } catch (...) {
            error = "unknown error";
            exception = std::current_exception();
        }
        // What the work captured (a session the viewer may have dropped) ends here, while the
        // job still counts as running.
        work_ = nullptr;
        {
            std::lock_guard lock(mutex_);
            result_ = std::move(result);
            error_ = std::move(error);
            exception_ = std::move(exception);
            work_seconds_ = seconds_since(begin);
        }
        progress_.fraction = 1.0f;
        --detail::g_running_jobs;  // first: whoever sees finished() may count on it
        finished_ = true;
    }

    const Subject subject_;
    Work work_;  ///< only the job's thread touches it
    Progress progress_;
    const std::chrono::steady_clock::time_point started_;
    std::atomic<bool> finished_{false};
    mutable std::mutex mutex_;
    std::optional<Result> result_;
    std::string error_;
    std::exception_ptr exception_;
    double work_seconds_ = 0.0;
};

}  // namespace app
