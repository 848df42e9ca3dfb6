#include "app/cli/tritri_command.h"

#include <iostream>
#include <new>

#include <nlohmann/json.hpp>

#include "app/cli/pair_file.h"
#include "app/core/json_line.h"
#include "app/core/tritri_experiment.h"
#include "picking/studies/triangle_pair_generator.h"

namespace app {

namespace {

std::string algorithm_names() {
    std::string names;
    for (const auto& algorithm : picking::kTriTriAlgorithms)
        names += (names.empty() ? "" : ", ") + std::string(algorithm.name);
    return names;
}

nlohmann::ordered_json pair_json(const picking::TriTriAlgorithm& algorithm,
                                 const picking::TrianglePair& pair, bool segment) {
    nlohmann::ordered_json j;
    const auto id = picking::classify_triangle_pair(pair.v, pair.q);
    if (segment) {
        const auto contact = algorithm.contact(pair.v, pair.q);
        j["intersect"] = contact.has_value();
        j["case"] = picking::tri_tri_case_info(id).name;
        if (contact && contact->coplanar) {
            j["coplanar"] = true;
        } else if (contact) {
            const glm::vec3 a = contact->segment.a, b = contact->segment.b;
            j["segment"] = {{a.x, a.y, a.z}, {b.x, b.y, b.z}};
        }
    } else {
        j["intersect"] = algorithm.intersects(pair.v, pair.q);
        j["case"] = picking::tri_tri_case_info(id).name;
    }
    return j;
}

}  // namespace

int run_tritri_command(const TriTriCommandOptions& o) {
    if (o.list) {
        for (const auto& algorithm : picking::kTriTriAlgorithms)
            std::cout << algorithm.name << "\n";
        return 0;
    }
    const picking::TriTriAlgorithm* chosen = nullptr;
    if (o.algorithm) {
        chosen = picking::find_tri_tri_algorithm(*o.algorithm);
        if (!chosen) {
            std::cerr << "raypick tritri: unknown algorithm '" << *o.algorithm << "' (one of "
                      << algorithm_names() << ")\n";
            return 2;
        }
    }

    // == The pairs: a file, or generated
    std::vector<picking::TrianglePair> pairs;
    std::vector<picking::TriTriCase> cases;
    const bool generated = o.pairs_file.empty();
    if (!generated) {
        try {
            pairs = read_pair_file(o.pairs_file);
        } catch (const PairFileError& e) {
            std::cerr << "raypick tritri: " << e.what() << "\n";
            return 2;
        }
    } else if (o.summary || !o.write_pairs.empty()) {
        try {
            if (o.mix == "seed") {
                picking::GeneratedPairs mix = picking::generate_seed_mix(o.count, o.seed);
                pairs = std::move(mix.pairs);
                cases = std::move(mix.cases);
            } else {
                pairs = picking::generate_near_equilateral_pairs(o.count, o.seed);
            }
        } catch (const std::bad_alloc&) {
            std::cerr << "raypick tritri: not enough memory for " << o.count << " pairs ("
                      << sizeof(picking::TrianglePair) << " bytes each)\n";
            return 1;
        }
    } else {
        std::cerr << "raypick tritri: give pairs (--pairs FILE, or - for standard input), or "
                     "--summary for seed 003's experiment\n";
        return 2;
    }
    if (!o.write_pairs.empty()) {
        try {
            write_pair_file(o.write_pairs, pairs);
        } catch (const PairFileError& e) {
            std::cerr << "raypick tritri: " << e.what() << "\n";
            return 1;
        }
        std::cerr << "raypick tritri: wrote " << pairs.size() << " pairs to " << o.write_pairs
                  << "\n";
        if (!o.summary) return 0;
    }

    if (!o.summary) {
        const auto& algorithm = chosen ? *chosen : picking::kTriTriAlgorithms.front();
        for (const auto& pair : pairs)
            std::cout << json_line(pair_json(algorithm, pair, o.segment)) << "\n";
        std::cout.flush();
        return 0;
    }

    // == The experiment: every algorithm (or the chosen one), then the batch path if asked
    const bool seed_mix = generated && o.mix == "seed";
    const ExperimentPairs experiment = prepare_experiment(std::move(pairs), cases);
    const auto report = [&](const picking::TriTriAlgorithm& algorithm,
                            std::optional<picking::Isa> batch) {
        const AlgorithmTiming t = time_algorithm(algorithm, experiment, o.repetitions, batch);
        nlohmann::ordered_json j = timing_to_json(t, seed_mix);
        j["exact_intersecting"] = experiment.exact_intersecting;
        std::cout << json_line(std::move(j)) << std::endl;
    };
    for (const auto& algorithm : picking::kTriTriAlgorithms)
        if (!chosen || chosen == &algorithm) report(algorithm, std::nullopt);
    if (o.batch && (!chosen || chosen->method == picking::TriTriMethod::Moller97))
        report(picking::tri_tri_algorithm(picking::TriTriMethod::Moller97), picking::active_isa());
    return 0;
}

}  // namespace app
