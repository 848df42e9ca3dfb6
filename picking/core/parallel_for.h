#pragma once
/// The little parallelism picking needs (BVH builds, passes over a big mesh): split a range over
/// a few std::threads.

#include <algorithm>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

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
/// thread (the calling thread takes the first). Returns when all are done; rethrows the first
/// exception a piece threw.
template <typename Fn>
void parallel_chunks(std::size_t count, unsigned chunks, Fn&& fn) {
    chunks = unsigned(std::max<std::size_t>(1, std::min<std::size_t>(chunks, count)));
    auto bounds = [&](unsigned chunk) {
        return std::pair{count * chunk / chunks, count * (chunk + 1) / chunks};
    };
    if (chunks == 1) {
        fn(std::size_t(0), count, 0u);
        return;
    }
    std::vector<std::exception_ptr> errors(chunks);
    std::vector<std::thread> workers;
    workers.reserve(chunks - 1);
    for (unsigned c = 1; c < chunks; ++c)
        workers.emplace_back([&, c] {
            try {
                const auto [begin, end] = bounds(c);
                fn(begin, end, c);
            } catch (...) {
                errors[c] = std::current_exception();
            }
        });
    try {
        const auto [begin, end] = bounds(0);
        fn(begin, end, 0u);
    } catch (...) {
        errors[0] = std::current_exception();
    }
    for (std::thread& worker : workers)
        worker.join();
    for (const std::exception_ptr& error : errors)
        if (error) std::rethrow_exception(error);
}

}  // namespace picking
