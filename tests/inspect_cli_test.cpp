// `raypick inspect` on real models: the counts against an oracle of the test's own (ordered
// maps over positions, no welding shared with the code under test), closed and open models,
// the per-mesh breakdown, and bad input.

#include <filesystem>
#include <fstream>
#include <map>
#include <tuple>

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <nlohmann/json.hpp>

#include "assets/load_model.h"
#include "tests/process.h"

namespace tests {
namespace inspect_cli_test {

const std::string kBunny = "/usr/share/glmark2/models/bunny.obj";
const std::string kWuson = "/usr/share/assimp/models/PLY/Wuson.ply";  // open: a shell
const std::string kHorse = "/usr/share/glmark2/models/horse.3ds";
const std::string kSpiderObj = "/usr/share/assimp/models/OBJ/spider.obj";
const std::string kSpiderStl = "/usr/share/assimp/models/STL/Spider_ascii.stl";

nlohmann::json inspect(std::vector<std::string> args) {
    args.insert(args.begin(), {raypick_exe(), "inspect"});
    const ProcessResult r = run_process(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto out = lines(r.out);
    EXPECT_EQ(out.size(), 1u) << r.out;
    return r.exit_code == 0 && out.size() == 1 ? nlohmann::json::parse(out[0]) : nlohmann::json{};
}

/// Per mesh, by brute bookkeeping: vertices at an earlier vertex's position, triangles with a
/// zero cross product in double, and edges between three distinct positions counted by an
/// ordered map of position pairs.
struct Counts {
    std::size_t triangles = 0, degenerate = 0, duplicates = 0, boundary = 0, non_manifold = 0;
};
Counts oracle(const assets::MeshData& mesh) {
    using Key = std::tuple<float, float, float>;
    auto key = [](glm::vec3 p) { return Key{p.x + 0.0f, p.y + 0.0f, p.z + 0.0f}; };
    Counts c;
    std::map<Key, int> seen;
    for (const glm::vec3& p : mesh.positions)
        c.duplicates += seen[key(p)]++ > 0;
    std::map<std::pair<Key, Key>, int> edges;
    c.triangles = mesh.indices.size() / 3;
    for (std::size_t t = 0; t < c.triangles; ++t) {
        const glm::vec3 p[3] = {mesh.positions[mesh.indices[3 * t]],
                                mesh.positions[mesh.indices[3 * t + 1]],
                                mesh.positions[mesh.indices[3 * t + 2]]};
        const glm::dvec3 n =
            glm::cross(glm::dvec3(p[1]) - glm::dvec3(p[0]), glm::dvec3(p[2]) - glm::dvec3(p[0]));
        c.degenerate += n == glm::dvec3(0.0);
        if (key(p[0]) == key(p[1]) || key(p[1]) == key(p[2]) || key(p[2]) == key(p[0])) continue;
        for (int e = 0; e < 3; ++e) {
            const Key a = key(p[e]), b = key(p[(e + 1) % 3]);
            ++edges[{std::min(a, b), std::max(a, b)}];
        }
    }
    for (const auto& [edge, uses] : edges) {
        c.boundary += uses == 1;
        c.non_manifold += uses >= 3;
    }
    return c;
}

void expect_counts_of(const std::string& model) {
    const nlohmann::json j = inspect({model});
    const assets::Scene scene = assets::load_model(model);
    ASSERT_EQ(j["meshes"].size(), scene.meshes.size());
    Counts total;
    for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
        const Counts c = oracle(scene.meshes[m]);
        const nlohmann::json& mesh = j["meshes"][m];
        EXPECT_EQ(mesh["triangles"], c.triangles) << model << " mesh " << m;
        EXPECT_EQ(mesh["degenerate"], c.degenerate) << model << " mesh " << m;
        EXPECT_EQ(mesh["duplicate_vertices"], c.duplicates) << model << " mesh " << m;
        EXPECT_EQ(mesh["boundary_edges"], c.boundary) << model << " mesh " << m;
        EXPECT_EQ(mesh["non_manifold_edges"], c.non_manifold) << model << " mesh " << m;
        total.triangles += c.triangles;
        total.degenerate += c.degenerate;
        total.boundary += c.boundary;
        total.non_manifold += c.non_manifold;
    }
    EXPECT_EQ(j["triangles"], total.triangles) << model;
    EXPECT_EQ(j["degenerate"], total.degenerate) << model;
    EXPECT_EQ(j["boundary_edges"], total.boundary) << model;
    EXPECT_EQ(j["non_manifold_edges"], total.non_manifold) << model;
}

TEST(InspectCli, TheBunnyIsClosedAndHasAFewSlivers) {
    const nlohmann::json j = inspect({kBunny});
    EXPECT_EQ(j["model"], kBunny);
    EXPECT_EQ(j["triangles"], 69666);
    EXPECT_EQ(j["boundary_edges"], 0);
    EXPECT_EQ(j["non_manifold_edges"], 0);
    EXPECT_EQ(j["degenerate"], 0);
    EXPECT_EQ(j["per"], "mesh");
    EXPECT_EQ(j["sliver_height_ratio"], 0.01);
    // Its slivers are small too: the DirectX epsilon alone misses every one of them.
    EXPECT_GT(j["slivers"].get<int>(), 0);
    EXPECT_EQ(j["slivers_dx"]["epsilon_rejects"], j["slivers"]);
    EXPECT_GE(j["dx_epsilon_rejects"].get<int>(), j["slivers"].get<int>());
    expect_counts_of(kBunny);
}

// Each degenerate triangle and sliver listed with its verdict: the spider's 56 degenerate ones
// (over 19 meshes, each under the cap) have no area, so the DirectX test hits none of them.
TEST(InspectCli, EachProblemTriangleIsListedWithItsVerdict) {
    const nlohmann::json spider = inspect({kSpiderObj});
    EXPECT_EQ(spider["listed_at_most"], 100);
    std::size_t listed = 0;
    for (const auto& mesh : spider["meshes"]) {
        ASSERT_EQ(mesh["degenerate_triangles"].size(), mesh["degenerate"]);
        for (const auto& t : mesh["degenerate_triangles"]) {
            EXPECT_LT(t["triangle"], mesh["triangles"]);
            EXPECT_NE(t["dx"], "hit");
            const std::string kind = t["kind"];
            EXPECT_TRUE(kind == "repeated_index" || kind == "coincident" || kind == "collinear");
            ++listed;
        }
    }
    EXPECT_EQ(listed, 56u);
    const nlohmann::json bunny = inspect({kBunny});
    const auto& slivers = bunny["meshes"][0]["sliver_triangles"];
    ASSERT_EQ(slivers.size(), bunny["slivers"]);
    for (const auto& t : slivers) {
        EXPECT_LT(t["height_ratio"].get<double>(), 0.01);
        EXPECT_EQ(t["dx"], "epsilon_rejects");
    }
}

TEST(InspectCli, AGeneratedKnotIsClosed) {
    const nlohmann::json j = inspect({"knot:20000"});
    EXPECT_EQ(j["triangles"], 20000);
    for (const char* key : {"degenerate", "slivers", "duplicate_vertices", "boundary_edges",
                            "non_manifold_edges", "dx_epsilon_rejects"})
        EXPECT_EQ(j[key], 0) << key;
}

TEST(InspectCli, AnOpenShellAndANonManifoldHorseAgreeWithTheOracle) {
    const nlohmann::json wuson = inspect({kWuson});
    EXPECT_GT(wuson["boundary_edges"].get<int>(), 100);
    EXPECT_GT(wuson["duplicate_vertices"].get<int>(), 0);
    expect_counts_of(kWuson);
    const nlohmann::json horse = inspect({kHorse});
    EXPECT_GT(horse["non_manifold_edges"].get<int>(), 0);
    expect_counts_of(kHorse);
}

// The spider as 19 meshes (OBJ groups) and as one (STL): the same 56 degenerate triangles, but
// each mesh is inspected alone, so an edge between two meshes is open in both.
TEST(InspectCli, CountsArePerMeshSoEdgesBetweenMeshesAreOpen) {
    const nlohmann::json obj = inspect({kSpiderObj});
    const nlohmann::json stl = inspect({kSpiderStl});
    EXPECT_EQ(obj["triangles"], stl["triangles"]);
    EXPECT_EQ(obj["degenerate"], 56);
    EXPECT_EQ(stl["degenerate"], 56);
    EXPECT_EQ(obj["meshes"].size(), 19u);
    EXPECT_EQ(stl["meshes"].size(), 1u);
    EXPECT_GT(obj["boundary_edges"].get<int>(), stl["boundary_edges"].get<int>());
    expect_counts_of(kSpiderObj);
    expect_counts_of(kSpiderStl);
}

TEST(InspectCli, TheEpsilonIsAnOption) {
    const nlohmann::json seed = inspect({kBunny});
    const nlohmann::json none = inspect({kBunny, "--dx-epsilon", "0"});
    EXPECT_EQ(none["dx_det_epsilon"], 0.0);
    EXPECT_EQ(none["dx_epsilon_rejects"], 0);
    EXPECT_EQ(none["slivers_dx"]["hit"], seed["slivers"]);
    const nlohmann::json coarse = inspect({"knot:2000", "--dx-epsilon", "10"});
    EXPECT_EQ(coarse["dx_epsilon_rejects"], coarse["triangles"]);  // 2 × area < 10 everywhere
}

TEST(InspectCli, BadInputGetsAClearErrorAndTheContractsStatus) {
    const ProcessResult missing = run_process({raypick_exe(), "inspect", "/nonexistent/m.obj"});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("raypick inspect: /nonexistent/m.obj: no such file"),
              std::string::npos)
        << missing.err;
    EXPECT_TRUE(missing.out.empty());
    const auto corrupt = std::filesystem::temp_directory_path() / "raypick_inspect_corrupt.ply";
    std::ofstream(corrupt, std::ios::binary) << "not a ply file at all\n";
    const ProcessResult bad = run_process({raypick_exe(), "inspect", corrupt.string()});
    EXPECT_EQ(bad.exit_code, 1);
    EXPECT_NE(bad.err.find("raypick inspect: "), std::string::npos) << bad.err;
    const ProcessResult knot = run_process({raypick_exe(), "inspect", "knot:3"});
    EXPECT_EQ(knot.exit_code, 1);
    EXPECT_NE(knot.err.find("8"), std::string::npos) << knot.err;  // says the range
    const ProcessResult epsilon =
        run_process({raypick_exe(), "inspect", "default", "--dx-epsilon", "-1"});
    EXPECT_NE(epsilon.exit_code, 0);
    EXPECT_TRUE(epsilon.out.empty());
}

}  // namespace inspect_cli_test
}  // namespace tests
