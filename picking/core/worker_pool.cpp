#include "picking/core/worker_pool.h"

#include <memory>
#include <semaphore>
#include <thread>

#ifdef __linux__
#include <sched.h>
#endif

namespace picking {

namespace {

/// The core the calling thread runs on (-1: unknown).
int current_cpu() {
#ifdef __linux__
    return sched_getcpu();
#else
    return -1;
#endif
}

}  // namespace

void leave_core(int cpu) {
#ifdef __linux__
    if (cpu < 0 || sched_getcpu() != cpu) return;
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
    cpu_set_t elsewhere = allowed;
    CPU_CLR(cpu, &elsewhere);
    if (CPU_COUNT(&elsewhere) == 0) return;
    // Leaving the allowed set moves the thread before the call returns.
    if (sched_setaffinity(0, sizeof elsewhere, &elsewhere) == 0)
        sched_setaffinity(0, sizeof allowed, &allowed);
#else
    (void)cpu;
#endif
}

struct WorkerPool::Worker {
    Task task;
    /// The core of the thread that gave `task` (-1: none, or unknown).
    int caller_cpu = -1;
    /// Released when `task` is set; the thread sleeps on it between tasks.
    std::binary_semaphore wake{0};
};

WorkerPool& WorkerPool::shared() {
    static WorkerPool* pool = new WorkerPool;
    return *pool;
}

void WorkerPool::start(Task task) {
    Worker* worker = nullptr;
    {
        std::lock_guard lock(mutex_);
        if (!sleeping_.empty()) {
            worker = sleeping_.back();
            sleeping_.pop_back();
        }
    }
    if (worker) {
        worker->task = task;
        worker->caller_cpu = current_cpu();
        worker->wake.release();
        return;
    }
    make_thread(task);
}

void WorkerPool::keep_ready(std::size_t threads) {
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (threads_ >= threads) return;
        }
        make_thread({});
    }
}

void WorkerPool::make_thread(Task task) {
    auto made = std::make_unique<Worker>();
    made->task = task;
    made->caller_cpu = task.run ? current_cpu() : -1;
    std::thread([this, w = made.get()] { serve(*w); }).detach();
    made.release();  // owned by its thread from here on, which never ends before the process
    std::lock_guard lock(mutex_);
    ++threads_;
}

std::size_t WorkerPool::thread_count() const {
    std::lock_guard lock(mutex_);
    return threads_;
}

std::size_t WorkerPool::sleeping_count() const {
    std::lock_guard lock(mutex_);
    return sleeping_.size();
}

void WorkerPool::serve(Worker& worker) {
    for (;;) {
        if (worker.task.run) {
            leave_core(worker.caller_cpu);
            worker.task.run(worker.task.context);
        }
        {
            std::lock_guard lock(mutex_);
            sleeping_.push_back(&worker);
        }
        worker.wake.acquire();
    }
}

}  // namespace picking
