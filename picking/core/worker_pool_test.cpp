#include "picking/core/worker_pool.h"

#include <atomic>
#include <chrono>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <vector>

#include <sched.h>

#include <gtest/gtest.h>
#include "picking/core/parallel_for.h"

namespace picking {
namespace {

using Clock = std::chrono::steady_clock;

TEST(WorkerPool, PiecesRunAtTheSameTime) {
    // Each piece waits until all have begun: pieces run one after another would never finish
    // (and here give up after ten seconds instead).
    for (unsigned chunks : {2u, 3u, 5u}) {
        std::atomic<unsigned> begun{0};
        std::atomic<unsigned> gave_up{0};
        parallel_chunks(chunks, chunks, [&](std::size_t, std::size_t, unsigned) {
            ++begun;
            const auto deadline = Clock::now() + std::chrono::seconds(10);
            while (begun.load() < chunks)
                if (Clock::now() > deadline) {
                    ++gave_up;
                    return;
                }
        });
        EXPECT_EQ(begun.load(), chunks);
        EXPECT_EQ(gave_up.load(), 0u) << chunks << " pieces";
    }
}

TEST(WorkerPool, ThreadsAreKeptForTheNextCall) {
    // Each piece waits until all three have begun, so that each needs a thread of its own: a
    // piece that did not could finish before the next one is started, whose start would then
    // wake the same thread (under the sanitizers, where threads begin slowly, it did).
    auto call = [] {
        std::atomic<std::size_t> sum{0};
        std::atomic<unsigned> begun{0};
        parallel_chunks(1000, 3, [&](std::size_t begin, std::size_t end, unsigned) {
            ++begun;
            const auto deadline = Clock::now() + std::chrono::seconds(10);
            while (begun.load() < 3 && Clock::now() < deadline) {
            }
            for (std::size_t i = begin; i < end; ++i)
                sum += i;
        });
        return sum.load();
    };
    // A piece's thread goes back to sleep just after its call returns.
    auto all_asleep = [] {
        const auto deadline = Clock::now() + std::chrono::seconds(10);
        while (WorkerPool::shared().sleeping_count() < WorkerPool::shared().thread_count())
            if (Clock::now() > deadline) return false;
        return true;
    };
    EXPECT_EQ(call(), 999u * 1000u / 2u);
    ASSERT_TRUE(all_asleep());
    const std::size_t made = WorkerPool::shared().thread_count();
    EXPECT_GE(made, 2u);
    for (int i = 0; i < 50; ++i) {
        ASSERT_EQ(call(), 999u * 1000u / 2u) << "call " << i;
        ASSERT_TRUE(all_asleep()) << "call " << i;
    }
    EXPECT_EQ(WorkerPool::shared().thread_count(), made);
}

TEST(WorkerPool, EachPieceGetsItsRangeOnce) {
    for (std::size_t count : {2u, 7u, 1000u, 4097u})
        for (unsigned chunks : {2u, 3u, 4u, 8u}) {
            std::vector<std::atomic<int>> seen(count);
            std::vector<int> chunk_seen(chunks, 0);
            parallel_chunks(count, chunks, [&](std::size_t begin, std::size_t end, unsigned c) {
                ++chunk_seen[c];
                for (std::size_t i = begin; i < end; ++i)
                    ++seen[i];
            });
            for (std::size_t i = 0; i < count; ++i)
                ASSERT_EQ(seen[i].load(), 1) << count << " in " << chunks << ", at " << i;
            const unsigned used = unsigned(std::min<std::size_t>(chunks, count));
            for (unsigned c = 0; c < chunks; ++c)
                EXPECT_EQ(chunk_seen[c], c < used ? 1 : 0) << c;
        }
}

TEST(WorkerPool, APiecesExceptionReachesTheCallerAndThePoolGoesOn) {
    for (unsigned thrower : {0u, 1u, 2u}) {
        std::atomic<unsigned> finished{0};
        EXPECT_THROW(parallel_chunks(3, 3,
                                     [&](std::size_t, std::size_t, unsigned c) {
                                         if (c == thrower) throw std::runtime_error("piece");
                                         ++finished;
                                     }),
                     std::runtime_error);
        // The other pieces ran to their end before the call returned.
        EXPECT_EQ(finished.load(), 2u) << "piece " << thrower << " threw";
    }
    std::atomic<unsigned> ran{0};
    parallel_chunks(3, 3, [&](std::size_t, std::size_t, unsigned) { ++ran; });
    EXPECT_EQ(ran.load(), 3u);
}

TEST(WorkerPool, CallersOnSeveralThreadsAndInsidePiecesEachGetTheirSums) {
    // Four threads call at once, and each piece calls again (a build inside a scene's build):
    // every call's pieces run at the same time, whatever else the pool is doing.
    constexpr std::size_t kCount = 3000;
    const std::size_t expected = kCount * (kCount - 1) / 2;
    std::atomic<int> wrong{0};
    std::vector<std::thread> callers;
    for (int t = 0; t < 4; ++t)
        callers.emplace_back([&] {
            for (int round = 0; round < 20; ++round) {
                std::atomic<std::size_t> outer{0};
                parallel_chunks(2, 2, [&](std::size_t, std::size_t, unsigned) {
                    std::atomic<std::size_t> inner{0};
                    parallel_chunks(kCount, 3, [&](std::size_t begin, std::size_t end, unsigned) {
                        std::size_t sum = 0;
                        for (std::size_t i = begin; i < end; ++i)
                            sum += i;
                        inner += sum;
                    });
                    if (inner.load() != expected) ++wrong;
                    outer += 1;
                });
                if (outer.load() != 2) ++wrong;
            }
        });
    for (std::thread& caller : callers)
        caller.join();
    EXPECT_EQ(wrong.load(), 0);
}

TEST(WorkerPool, LeavingACoreMovesTheThreadAndKeepsWhereItMayRun) {
    cpu_set_t allowed;
    ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    if (CPU_COUNT(&allowed) < 2) GTEST_SKIP() << "one core to run on";
    // The core left is kept busy by a thread of its own, so that it never idles and pulls
    // this thread back before it looks where it is (the kernel's balancing between busy cores
    // waits for a tick; most tries must see it moved).
    const int home = sched_getcpu();
    cpu_set_t only_home;
    CPU_ZERO(&only_home);
    CPU_SET(home, &only_home);
    std::atomic<bool> stop{false};
    std::thread busy([&] {
        sched_setaffinity(0, sizeof only_home, &only_home);
        while (!stop.load())
            std::this_thread::yield();
    });
    int moved = 0;
    for (int attempt = 0; attempt < 5; ++attempt) {
        // Back home first (allowed only there), then free to go anywhere again.
        ASSERT_EQ(sched_setaffinity(0, sizeof only_home, &only_home), 0);
        ASSERT_EQ(sched_setaffinity(0, sizeof allowed, &allowed), 0);
        leave_core(home);
        moved += sched_getcpu() != home;
        cpu_set_t after;
        ASSERT_EQ(sched_getaffinity(0, sizeof after, &after), 0);
        EXPECT_TRUE(CPU_EQUAL(&after, &allowed)) << "attempt " << attempt;
    }
    stop = true;
    busy.join();
    EXPECT_GE(moved, 3);

    // Allowed one core only, the thread stays on it; and -1 (unknown) changes nothing.
    cpu_set_t one;
    CPU_ZERO(&one);
    const int cpu = sched_getcpu();
    CPU_SET(cpu, &one);
    ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
    leave_core(cpu);
    leave_core(-1);
    EXPECT_EQ(sched_getcpu(), cpu);
    cpu_set_t after;
    ASSERT_EQ(sched_getaffinity(0, sizeof after, &after), 0);
    EXPECT_TRUE(CPU_EQUAL(&after, &one));
    ASSERT_EQ(sched_setaffinity(0, sizeof allowed, &allowed), 0);
}

}  // namespace
}  // namespace picking
