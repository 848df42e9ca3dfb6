// The binary STL reader. STL: 3D Systems, "StereoLithography Interface Specification" (1988).

#include "assets/load_stl.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <exception>
#include <latch>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "assets/binary_scalar.h"
#include "assets/vertex_welder.h"

namespace assets {

namespace {

constexpr std::size_t kHeaderBytes = 80;
constexpr std::size_t kCountBytes = 4;
constexpr std::size_t kTriangleBytes = 50;  ///< normal, three corners (12 floats), attribute
constexpr std::size_t kCornersOffset = 12;
constexpr std::size_t kAttributeOffset = 48;
/// The attribute bit that says a triangle carries a colour (VisCAM, SolidView).
constexpr std::uint16_t kColourBit = 0x8000;
constexpr std::size_t kTrianglesPerReport = std::size_t(1) << 20;

glm::vec3 load_vec3(const std::byte* at) {
    return {std::bit_cast<float>(load_bits<std::uint32_t>(at, false)),
            std::bit_cast<float>(load_bits<std::uint32_t>(at + 4, false)),
            std::bit_cast<float>(load_bits<std::uint32_t>(at + 8, false))};
}

/// How many triangles ahead the welder's table slots are fetched.
constexpr std::size_t kPrefetchTriangles = 8;

/// A run of triangles joined on a thread of its own: its vertices, numbered from 0 in order
/// of first appearance within the run (the run's indices hold those numbers).
struct Run {
    std::size_t begin = 0, end = 0;
    std::optional<VertexWelder> welder;
    bool colour = false;  ///< a triangle with the colour bit: Assimp reads the file
    std::exception_ptr error;
};

/// Joins the corners of the run's triangles into its welder, writing its indices. The first
/// run reports progress (the runs go side by side); every run looks at cancel.
void join_run(const std::byte* first_row, Run& run, std::uint32_t* indices, LoadProgress* progress,
              bool reports, const std::filesystem::path& path) {
    const std::size_t n = run.end - run.begin;
    VertexWelder& welder = *run.welder;
    for (std::size_t t = run.begin; t < run.end; ++t) {
        if (progress != nullptr && (t - run.begin) % kTrianglesPerReport == 0) {
            if (reports) progress->fraction = float(t - run.begin) / float(n);
            if (progress->cancel)
                throw LoadError(path, "loading cancelled", LoadFailure::Cancelled);
        }
        if (t + kPrefetchTriangles < run.end) {
            const std::byte* ahead = first_row + (t + kPrefetchTriangles) * kTriangleBytes;
            for (std::size_t corner = 0; corner < 3; ++corner)
                welder.prefetch(load_vec3(ahead + kCornersOffset + 12 * corner));
        }
        const std::byte* row = first_row + t * kTriangleBytes;
        if (load_bits<std::uint16_t>(row + kAttributeOffset, false) & kColourBit) {
            run.colour = true;
            return;
        }
        for (std::size_t corner = 0; corner < 3; ++corner)
            indices[3 * t + corner] = welder.add(load_vec3(row + kCornersOffset + 12 * corner));
    }
}

/// Calls work(begin, end) for `chunks` even slices of [0, n), each on a thread of its own
/// (the last on this one; on this one too the slices that get no thread, when the process may
/// start no more).
template <class Work>
void on_every_run_thread(std::size_t chunks, std::size_t n, const Work& work) {
    std::vector<std::thread> threads;
    std::size_t started = 0;
    try {
        for (; started + 1 < chunks; ++started)
            threads.emplace_back(work, n * started / chunks, n * (started + 1) / chunks);
    } catch (const std::system_error&) {
    }
    for (std::size_t c = started; c < chunks; ++c)
        work(n * c / chunks, n * (c + 1) / chunks);
    for (std::thread& thread : threads)
        thread.join();
}

/// The runs the triangles are joined in: at most `split.threads` (every core for 0), each of
/// at least `split.min_triangles`.
std::vector<Run> runs_of(std::size_t count, const StlSplit& split) {
    std::size_t runs = split.threads ? split.threads : std::thread::hardware_concurrency();
    runs = std::clamp<std::size_t>(
        std::min(runs, count / std::max<std::size_t>(split.min_triangles, 1)), 1, 64);
    std::vector<Run> out(runs);
    for (std::size_t i = 0; i < runs; ++i) {
        out[i].begin = count * i / runs;
        out[i].end = count * (i + 1) / runs;
    }
    return out;
}

}  // namespace

std::optional<Scene> read_binary_stl(std::span<const std::byte> bytes,
                                     const std::filesystem::path& path, LoadProgress* progress,
                                     const StlSplit& split) {
    if (bytes.size() < kHeaderBytes + kCountBytes) return std::nullopt;
    const std::uint32_t count = load_bits<std::uint32_t>(bytes.data() + kHeaderBytes, false);
    if (bytes.size() != kHeaderBytes + kCountBytes + std::size_t(count) * kTriangleBytes)
        return std::nullopt;  // ASCII, or not an STL: Assimp decides
    const std::string_view header(reinterpret_cast<const char*>(bytes.data()), kHeaderBytes);
    if (header.find("COLOR=") != std::string_view::npos) return std::nullopt;
    if (std::size_t(count) * 3 > std::size_t(UINT32_MAX)) {
        throw LoadError(path, "it has " + std::to_string(count) +
                                  " triangles, more corners than 32-bit indices reach");
    }

    MeshData mesh;
    mesh.name = capped_name(path.stem().string());
    const std::byte* const first_row = bytes.data() + kHeaderBytes + kCountBytes;
    std::vector<Run> runs = runs_of(count, split);
    // The first run's welder goes on to number the vertices of every run but the last (whose
    // vertices need no place in a table): its table is made for those (a closed mesh has about
    // half as many vertices as triangles), its array for every vertex there can be (address
    // space only). The others are made for their own.
    const std::size_t tabled = count - (runs.size() > 1 ? runs.back().end - runs.back().begin : 0);
    auto make_welder = [&](std::size_t i) {
        const std::size_t triangles = runs[i].end - runs[i].begin;
        if (i == 0)
            runs[i].welder.emplace(tabled / 2, 3 * std::size_t(count));
        else
            runs[i].welder.emplace(triangles / 2, 3 * triangles);
    };
    // The welders' tables are zeros in fresh pages, slow to fault in: run 1's thread makes the
    // first run's welder and then its own while this one makes the indices, each other run's
    // thread its own, and every run starts once the indices and the first welder are there.
    std::latch ready(2);
    std::atomic<bool> unready{false};  // the indices or the first welder could not be made
    auto make = [&](const auto& what) {
        try {
            what();
        } catch (...) {
            unready = true;
            ready.count_down();
            throw;
        }
        ready.count_down();
    };
    auto join = [&](std::size_t i, bool makes_first_welder) {
        try {
            if (makes_first_welder) make([&] { make_welder(0); });
            if (i != 0) make_welder(i);
            ready.wait();
            if (unready) return;
            join_run(first_row, runs[i], mesh.indices.data(), progress, i == 0, path);
        } catch (...) {
            runs[i].error = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    try {
        for (std::size_t i = 1; i < runs.size(); ++i)
            threads.emplace_back(join, i, i == 1);
    } catch (const std::system_error&) {
        // No more threads to be had (a process limit): the runs without one go on this one.
    }
    try {
        if (threads.empty()) make([&] { make_welder(0); });
        make([&] { mesh.indices.resize(std::size_t(count) * 3); });
    } catch (...) {
        for (std::thread& thread : threads)
            thread.join();
        throw;
    }
    join(0, false);
    for (std::size_t i = threads.size() + 1; i < runs.size(); ++i)
        join(i, false);
    for (std::thread& thread : threads)
        thread.join();
    for (const Run& run : runs)
        if (run.error) std::rethrow_exception(run.error);  // cancelled
    for (const Run& run : runs)
        if (run.colour) return std::nullopt;
    // The later runs' vertices into the first run's welder, in order: each gets the number
    // a single pass over the file would have given it.
    VertexWelder& all = *runs[0].welder;
    std::vector<std::uint32_t> number;
    for (std::size_t i = 1; i + 1 < runs.size(); ++i) {
        const std::vector<glm::vec3> own = runs[i].welder->take_positions();
        number.resize(own.size());
        for (std::size_t v = 0; v < own.size(); ++v) {
            if (v + kPrefetchTriangles < own.size()) all.prefetch(own[v + kPrefetchTriangles]);
            number[v] = all.add(own[v]);
        }
        for (std::size_t k = 3 * runs[i].begin; k < 3 * runs[i].end; ++k)
            mesh.indices[k] = number[mesh.indices[k]];
    }
    if (runs.size() == 1) {
        mesh.positions = all.take_positions();
    } else {
        // The last run's vertices need no place in the table, since no run comes after them:
        // the threads look up which are there already, then the new ones follow in order.
        Run& last = runs.back();
        const std::vector<glm::vec3> own = last.welder->take_positions();
        constexpr std::uint32_t kNew = UINT32_MAX;
        number.resize(own.size());
        on_every_run_thread(runs.size(), own.size(), [&](std::size_t begin, std::size_t end) {
            for (std::size_t v = begin; v < end; ++v) {
                if (v + kPrefetchTriangles < end) all.prefetch(own[v + kPrefetchTriangles]);
                number[v] = all.find(own[v]).value_or(kNew);
            }
        });
        mesh.positions = all.take_positions();
        for (std::size_t v = 0; v < own.size(); ++v) {
            if (number[v] != kNew) continue;
            number[v] = std::uint32_t(mesh.positions.size());
            mesh.positions.push_back(own[v]);
        }
        on_every_run_thread(runs.size(), 3 * (last.end - last.begin),
                            [&](std::size_t begin, std::size_t end) {
                                std::uint32_t* indices = mesh.indices.data() + 3 * last.begin;
                                for (std::size_t k = begin; k < end; ++k)
                                    indices[k] = number[indices[k]];
                            });
    }
    mesh.flat_shaded = true;
    std::string note =
        "Read by raypick's binary STL reader (corners at the same position joined "
        "into " +
        std::to_string(mesh.positions.size()) +
        " vertices; drawn flat, each triangle in its own plane, as the file's "
        "facets are; the facet normals written in the file are not used); ASCII "
        "and colour STL files go to Assimp";
    return make_single_mesh_scene(path.string(), std::move(mesh), {std::move(note)});
}

}  // namespace assets
