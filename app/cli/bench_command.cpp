#include "app/cli/bench_command.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <iostream>
#include <new>
#include <optional>
#include <span>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "app/cli/command_model.h"
#include "app/cli/option_values.h"
#include "app/cli/ray_file.h"
#include "app/core/bvh_build_choice.h"
#include "app/core/json_line.h"
#include "app/core/pick_choice.h"
#include "picking/core/parallel_for.h"
#include "picking/studies/ray_sets.h"

namespace app {

namespace {

using Clock = std::chrono::steady_clock;

/// What one casting pass found. Hits and sum_t let accels be checked against each other.
struct PassTotals {
    std::uint64_t hits = 0;
    double sum_t = 0.0;
    std::uint64_t nodes = 0;
    std::uint64_t triangles = 0;
    std::uint64_t instances = 0;
    double seconds = 0.0;
};

/// Every ray, one at a time or (`packets`) in packets of consecutive rays.
PassTotals cast_all(const SceneSession& session, const std::vector<picking::Ray>& rays,
                    const PickChoice& choice, unsigned threads, bool packets) {
    std::vector<PassTotals> parts(threads);
    const SceneSession::Caster caster = session.caster(choice);
    const auto start = Clock::now();
    // Threads take blocks of rays in turn (whole packets), so that a costly part of the set
    // (the model's half of a screen) does not leave one thread working alone.
    constexpr std::size_t kPacket = SceneSession::Caster::kPacketRays;
    constexpr std::size_t kBlock = 256 * kPacket;
    const std::size_t blocks = (rays.size() + kBlock - 1) / kBlock;
    std::atomic<std::size_t> next_block{0};
    // Each block's hits and sum of t, added up in block order afterwards: the same sum_t
    // whichever thread took which block.
    std::vector<PassTotals> block_totals(blocks);
    picking::parallel_chunks(threads, threads, [&](std::size_t, std::size_t, unsigned c) {
        PassTotals local;
        picking::PickStats stats;
        PassTotals* mine = nullptr;
        auto count = [&](const std::optional<picking::SceneHit>& hit) {
            if (!hit) return;
            ++mine->hits;
            mine->sum_t += double(hit->hit.t);
        };
        std::array<std::optional<picking::SceneHit>, kPacket> hits;
        for (std::size_t block = next_block++; block < blocks; block = next_block++) {
            mine = &block_totals[block];
            const std::size_t begin = block * kBlock, end = std::min(rays.size(), begin + kBlock);
            if (packets) {
                for (std::size_t first = begin; first < end; first += kPacket) {
                    const std::size_t n = std::min(kPacket, end - first);
                    caster.intersect_packet(std::span(rays).subspan(first, n), hits, stats);
                    for (std::size_t i = 0; i < n; ++i)
                        count(hits[i]);
                }
            } else {
                for (std::size_t i = begin; i < end; ++i)
                    count(caster.intersect(rays[i], stats));
            }
        }
        local.nodes = stats.nodes_visited;
        local.triangles = stats.triangles_tested;
        local.instances = stats.instances_tested;
        parts[c] = local;
    });
    PassTotals total;
    total.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    for (const PassTotals& b : block_totals) {
        total.hits += b.hits;
        total.sum_t += b.sum_t;
    }
    for (const PassTotals& p : parts) {
        total.nodes += p.nodes;
        total.triangles += p.triangles;
        total.instances += p.instances;
    }
    return total;
}

std::vector<std::string> split_list(const std::string& text) {
    std::vector<std::string> items;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty()) items.push_back(item);
    return items;
}

/// "WxH" with W, H >= 1 and at most kMaxRays rays.
std::optional<glm::ivec2> parse_primary(const std::string& text) {
    const auto size = parse_size_value(text);
    if (!size || size->x < 1 || size->y < 1 ||
        std::size_t(size->x) * std::size_t(size->y) > kMaxRays)
        return std::nullopt;
    return size;
}

}  // namespace

int run_bench_command(const BenchCommandOptions& o) {
    // == Settings, checked before anything slow happens
    std::vector<Accel> accels;
    std::vector<PickChoice> choices;
    for (const std::string& name : split_list(o.accel)) {
        PickChoice choice;
        if (auto error = parse_pick_choice(o.algorithm, name, choice)) {
            std::cerr << "raypick bench: " << *error << "\n";
            return 2;
        }
        choice.options().simd = !o.scalar;
        accels.push_back(choice.accel());
        choices.push_back(choice);
    }
    if (accels.empty()) {
        std::cerr << "raypick bench: --accel names no acceleration\n";
        return 2;
    }
    glm::ivec2 primary_size{0, 0};
    if (!o.primary.empty()) {
        const auto size = parse_primary(o.primary);
        if (!size) {
            std::cerr << "raypick bench: --primary expects WxH, e.g. 1024x1024, with W, H >= 1 "
                         "and W x H <= "
                      << kMaxRays << "\n";
            return 2;
        }
        primary_size = *size;
    }
    std::vector<picking::Ray> rays;
    try {
        if (!o.rays_file.empty()) rays = read_ray_file(o.rays_file);
    } catch (const RayFileError& e) {
        std::cerr << "raypick bench: " << e.what() << "\n";
        return 2;
    }
    // --write-rays: the set written in casting order, and nothing cast.
    auto write_rays = [&]() {
        try {
            write_ray_file(o.write_rays, rays);
        } catch (const RayFileError& e) {
            std::cerr << "raypick bench: " << e.what() << "\n";
            return 1;
        }
        std::cerr << "raypick bench: wrote " << rays.size() << " rays to " << o.write_rays << "\n";
        return 0;
    };
    // Rays from a file are cast in their order, whatever the model: writing them again (a
    // conversion between text and .f32) needs no model, and a big one would only be a wait.
    if (!o.rays_file.empty() && !o.write_rays.empty()) return write_rays();

    // == The model and the rays (neither is part of any figure)
    int status = 0;
    const auto loaded = load_command_model("bench", o.model, {}, o.load_timeout, status);
    if (!loaded) return status;
    SceneSession& session = *loaded;
    session.set_bvh_build(command_bvh_build(o.bvh_build, session.scene().triangle_count()));
    if (o.rays_file.empty()) {
        const std::size_t count = primary_size.x > 0
                                      ? std::size_t(primary_size.x) * std::size_t(primary_size.y)
                                      : (o.incoherent > 0 ? o.incoherent : std::size_t(1) << 20);
        try {
            rays = primary_size.x > 0 ? picking::primary_rays(session.world_bounds(), primary_size)
                                      : picking::incoherent_rays(session.world_bounds(), count);
            // Packets take neighbours on screen: 4x4 tiles (Embree's 16, two of raypick's 8).
            if (o.packets && primary_size.x > 0) rays = picking::tile_order(rays, primary_size, 4);
        } catch (const std::bad_alloc&) {
            std::cerr << "raypick bench: not enough memory for " << count << " rays ("
                      << sizeof(picking::Ray) << " bytes each)\n";
            return 1;
        }
    }

    if (!o.write_rays.empty()) return write_rays();

    // == Builds: the first one kept for casting, then R - 1 more, interleaved across accels;
    // the median reported (the first build of a process also pays for page faults and waking
    // the other cores; Embree's device and thread pool are made outside its timing).
    std::vector<std::vector<double>> builds(accels.size());
    for (unsigned r = 0; r < std::max(o.repeat, 1u); ++r) {
        for (std::size_t a = 0; a < accels.size(); ++a) {
            try {
                if (accels[a] == Accel::Sphere || accels[a] == Accel::Aabb) {
                    // Their spheres and boxes come with the session; time making them again.
                    const auto start = Clock::now();
                    const picking::SceneAccel again(session.view());
                    builds[a].push_back(
                        std::chrono::duration<double, std::milli>(Clock::now() - start).count());
                } else if (r == 0) {
                    builds[a].push_back(session.prepare(accels[a], o.threads));
                } else {
                    const AccelBuild again = AccelStore::build(
                        session.build_view(), accels[a], o.threads, nullptr, session.bvh_build());
                    if (!again.error.empty()) throw std::runtime_error(again.error);
                    builds[a].push_back(again.milliseconds);
                }
            } catch (const std::exception& e) {
                std::cerr << "raypick bench: " << e.what() << "\n";
                return 1;
            }
        }
    }
    std::vector<double> build_ms(accels.size(), 0.0);
    for (std::size_t a = 0; a < accels.size(); ++a) {
        std::sort(builds[a].begin(), builds[a].end());
        build_ms[a] = builds[a][builds[a].size() / 2];
    }

    // == Casting: passes interleaved across accels, the median pass reported
    std::vector<std::vector<PassTotals>> passes(accels.size());
    for (unsigned r = 0; r < o.repeat; ++r)
        for (std::size_t a = 0; a < accels.size(); ++a)
            passes[a].push_back(cast_all(session, rays, choices[a], o.threads, o.packets));

    for (std::size_t a = 0; a < accels.size(); ++a) {
        std::vector<PassTotals>& p = passes[a];
        std::sort(p.begin(), p.end(),
                  [](const PassTotals& x, const PassTotals& y) { return x.seconds < y.seconds; });
        const PassTotals& median = p[p.size() / 2];
        const double n = double(std::max<std::size_t>(rays.size(), 1));
        const bool peer = is_peer(accels[a]);
        nlohmann::ordered_json j;
        j["model"] = o.model;
        j["triangles"] = session.scene().triangle_count();
        j["accel"] = accel_name(accels[a]);
        j["algorithm"] = peer ? std::string("embree_builtin") : o.algorithm;
        j["build_ms"] = build_ms[a];
        if (accels[a] == Accel::Bvh) j["bvh_build"] = bvh_build_name(session.bvh_build());
        j["rays"] = rays.size();
        j["hits"] = median.hits;
        j["rays_per_second"] = median.seconds > 0.0 ? double(rays.size()) / median.seconds : 0.0;
        j["sum_t"] = median.sum_t;
        // Embree does not say how much work a ray took.
        j["nodes_per_ray"] =
            peer ? nlohmann::ordered_json() : nlohmann::ordered_json(double(median.nodes) / n);
        j["triangles_per_ray"] =
            peer ? nlohmann::ordered_json() : nlohmann::ordered_json(double(median.triangles) / n);
        // Meshes' trees searched (the world tree counts as one).
        j["instances_per_ray"] =
            peer ? nlohmann::ordered_json() : nlohmann::ordered_json(double(median.instances) / n);
        j["bytes"] = session.accels().bytes(accels[a]);
        if (o.packets)
            j["packet_rays"] = peer ? peers::EmbreeScene::kPacketRays : picking::kPacketRays;
        std::cout << json_line(std::move(j)) << "\n";
    }
    std::cout.flush();
    return 0;
}

}  // namespace app
