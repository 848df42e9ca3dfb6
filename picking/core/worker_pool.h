#pragma once
/// Threads kept for parallel_chunks(): each call hands its pieces to threads that already exist
/// and sleep, instead of starting new ones.
///
/// Each woken thread first leaves its waker's core (leave_core): under a hypervisor the kernel
/// counts an idle virtual core as busy (the host has stopped it), so it wakes a thread, or
/// places a new one, on its waker's core, and the two shared that core until the next tick's
/// balancing moved one (4 ms, a fifth of a small model's two-thread heatmap). A thread made
/// ahead of the work (keep_ready) and woken by it begins 18-100 us after the call here.

#include <cstddef>
#include <mutex>
#include <vector>

namespace picking {

/// Moves the calling thread off core `cpu` (as sched_getcpu() numbers them) if it runs there
/// and may run elsewhere; it may go anywhere it could before afterwards. Does nothing elsewhere
/// than on Linux.
void leave_core(int cpu);

class WorkerPool {
  public:
    /// Work for one thread: run(context).
    struct Task {
        void (*run)(void*) = nullptr;
        void* context = nullptr;
    };

    /// The process's pool. Never destroyed: its threads sleep until the process ends, and a
    /// thread still running a task when static objects are destroyed finds the pool there.
    [[nodiscard]] static WorkerPool& shared();

    /// Runs `task` on a thread of its own, now: a sleeping one if there is one, else a new
    /// one that joins the pool when the task returns. Tasks started together run at the same
    /// time (parallel_chunks' pieces may wait for each other). Throws std::system_error when a
    /// thread cannot be made.
    void start(Task task);

    /// Makes sleeping threads until at least `threads` exist: a program that will split its
    /// work makes them while it does something else (loads a model), so that its first split
    /// only wakes them. Throws std::system_error when a thread cannot be made.
    void keep_ready(std::size_t threads);

    /// Threads made so far (each is running a task or sleeping).
    [[nodiscard]] std::size_t thread_count() const;
    /// Threads sleeping now, waiting for a task.
    [[nodiscard]] std::size_t sleeping_count() const;

  private:
    struct Worker;
    WorkerPool() = default;
    /// Makes a thread that runs `task` (none: it begins asleep), then serves the pool.
    void make_thread(Task task);
    void serve(Worker& worker);

    mutable std::mutex mutex_;
    std::vector<Worker*> sleeping_;
    std::size_t threads_ = 0;
};

}  // namespace picking
