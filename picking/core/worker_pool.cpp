#include "picking/core/worker_pool.h"

#include <memory>
#include <semaphore>
#include <thread>

namespace picking {

struct WorkerPool::Worker {
    Task task;
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
        if (worker.task.run) worker.task.run(worker.task.context);
        {
            std::lock_guard lock(mutex_);
            sleeping_.push_back(&worker);
        }
        worker.wake.acquire();
    }
}

}  // namespace picking
