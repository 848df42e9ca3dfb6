#pragma once
/// The little parallelism picking needs (BVH builds, passes over a big mesh): split a range over
/// a few threads (the WorkerPool's, and the caller).

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "picking/core/worker_pool.h"

namespace picking {

/// From this many points up, a pass over a mesh's vertices runs on every core (below it,
/// starting the threads costs more than they save).
inline constexpr std::size_t kParallelPoints = std::size_t(1) << 20;

/// The hardware's threads, asked once: std::thread::hardware_concurrency() opens, reads and
/// closes /sys/devices/system/cpu/online on every call, which the builds of a model of many
/// small meshes paid several times a mesh.
[[nodiscard]] inline unsigned core_count() {
    static const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    return cores;
}

/// `threads` (0: every core), capped at the hardware's.
[[nodiscard]] inline unsigned resolve_thread_count(unsigned threads) {
    const unsigned cores = core_count();
    return threads == 0 ? cores : std::min(threads, cores * 4);
}

/// Calls fn(begin, end, chunk) for `chunks` consecutive pieces of [0, count), each on its own
/// thread at the same time (the calling thread takes the first; the others are the shared
/// WorkerPool's, so pieces may wait for each other). Returns when all are done; rethrows the
/// first exception a piece threw. A thread that cannot be made ends the program, as a
/// std::thread that could not be joined would: the pieces already running may be waiting for
/// it.
template <typename Fn>
void parallel_chunks(std::size_t count, unsigned chunks, Fn&& fn) {
    chunks = unsigned(std::max<std::size_t>(1, std::min<std::size_t>(chunks, count)));
    if (chunks == 1) {
        fn(std::size_t(0), count, 0u);
        return;
    }
    struct Call {
        std::size_t count;
        unsigned chunks;
        Fn& fn;
        std::vector<std::exception_ptr> errors;
        std::mutex mutex;
        std::condition_variable done;
        unsigned running;
    } call{count, chunks, fn, std::vector<std::exception_ptr>(chunks), {}, {}, chunks - 1};
    struct Piece {
        Call* call;
        unsigned chunk;
        static void run(void* context) {
            const Piece& piece = *static_cast<const Piece*>(context);
            Call& call = *piece.call;
            try {
                const std::size_t begin = call.count * piece.chunk / call.chunks;
                const std::size_t end = call.count * (piece.chunk + 1) / call.chunks;
                call.fn(begin, end, piece.chunk);
            } catch (...) {
                call.errors[piece.chunk] = std::current_exception();
            }
            // Notified under the lock: the caller cannot return (and free `call`) before this
            // thread is done with it.
            std::lock_guard lock(call.mutex);
            if (--call.running == 0) call.done.notify_one();
        }
    };
    std::vector<Piece> pieces(chunks);
    try {
        for (unsigned c = 1; c < chunks; ++c) {
            pieces[c] = Piece{&call, c};
            WorkerPool::shared().start({&Piece::run, &pieces[c]});
        }
    } catch (...) {
        std::terminate();
    }
    try {
        fn(std::size_t(0), count / chunks, 0u);
    } catch (...) {
        call.errors[0] = std::current_exception();
    }
    {
        std::unique_lock lock(call.mutex);
        call.done.wait(lock, [&] { return call.running == 0; });
    }
    for (const std::exception_ptr& error : call.errors)
        if (error) std::rethrow_exception(error);
}

}  // namespace picking
