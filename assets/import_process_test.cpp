// The import process end to end, with this test program as its own import process
// (testing/import_role_test_main.cpp): files load as they do in-process; refusals keep the
// loader's reason; a crash, each limit, a cancel and each malformed answer (made on purpose by
// the RAYPICK_IMPORT_FAULT test hook) become the right LoadError naming the file; and no child
// process is left behind.

#include "assets/import_process.h"

#include <dirent.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "assets/procedural/torus_knot.h"
#include "assets/testing/same_scene.h"
#include "assets/testing/scene_notes.h"
#include "assets/testing/test_files.h"

namespace assets {
namespace {

namespace fs = std::filesystem;

using tests::kAssimpModels;
using tests::kBunny;
using tests::kTestData;

/// Sets an environment variable for the scope (the import process inherits it).
class ScopedEnvironment {
  public:
    ScopedEnvironment(const char* name, const char* value) : name_(name) {
        ::setenv(name, value, 1);
    }
    ~ScopedEnvironment() { ::unsetenv(name_); }
    ScopedEnvironment(const ScopedEnvironment&) = delete;
    ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

  private:
    const char* name_;
};

/// This process's children, living or zombies, from every thread's /proc entry.
std::size_t child_processes() {
    std::size_t count = 0;
    for (const auto& task : fs::directory_iterator("/proc/self/task")) {
        std::ifstream children(task.path() / "children");
        std::string pid;
        while (children >> pid)
            ++count;
    }
    return count;
}

ImportLimits small_limits() {
    ImportLimits limits;
    limits.memory_bytes = std::uint64_t(256) << 20;
    limits.cpu_seconds = 1;
    return limits;
}

/// The LoadError import_model() throws with `fault` in the import process.
LoadError import_error(const fs::path& path, const char* fault,
                       const ImportLimits& limits = small_limits()) {
    ScopedEnvironment environment("RAYPICK_IMPORT_FAULT", fault);
    try {
        (void)import_model(path, {}, nullptr, limits);
    } catch (const LoadError& e) {
        return e;
    }
    ADD_FAILURE() << "loaded " << path << " despite " << fault;
    return LoadError(path, "");
}

using tests::contains;

const fs::path kSmallModel = kTestData / "polygons.obj";

TEST(ImportProcess, FilesLoadAsTheyDoInProcess) {
    std::vector<std::pair<fs::path, LoadOptions>> cases = {{kSmallModel, {}},
                                                           {kSmallModel, {true}}};
    for (const char* relative :
         {"glTF2/simple_skin/simple_skin.gltf",
          "glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf",
          "FBX/huesitos.fbx"}) {
        if (fs::exists(kAssimpModels / relative)) cases.push_back({kAssimpModels / relative, {}});
    }
    if (fs::exists(kBunny)) cases.push_back({kBunny, {}});
    for (const auto& [path, options] : cases) {
        SCOPED_TRACE(path.string() + (options.obj_via_tinyobjloader ? " (tinyobjloader)" : ""));
        LoadProgress progress;
        const Scene imported = import_model(path, options, &progress);
        testing::expect_same_scene(load_model(path, options), imported);
        EXPECT_EQ(progress.fraction.load(), 1.0f);
    }
    EXPECT_EQ(child_processes(), 0u);
}

/// `mesh` as a binary STL: an 80-byte header, the count, then 50 bytes a triangle.
std::string binary_stl(const MeshData& mesh) {
    std::string out(80, ' ');
    const auto put = [&out](const auto& value) {
        out.append(reinterpret_cast<const char*>(&value), sizeof value);
    };
    put(std::uint32_t(mesh.triangle_count()));
    for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
        put(glm::vec3(0.0f));  // the facet normal, which readers recompute
        for (int corner = 0; corner < 3; ++corner)
            put(mesh.positions[mesh.indices[3 * t + corner]]);
        put(std::uint16_t(0));
    }
    return out;
}

TEST(ImportProcess, AMeshManyTimesThePipesSizeArrivesWhole) {
    // Its vertices and indices (about 1.2 and 2.4 MB) go through the 1 MB pipe in pieces, lent
    // page by page rather than copied.
    const fs::path file =
        fs::temp_directory_path() / ("raypick_import_big_" + std::to_string(::getpid()) + ".stl");
    std::ofstream(file, std::ios::binary) << binary_stl(make_knot_scene(200000).meshes.at(0));
    const Scene imported = import_model(file);
    testing::expect_same_scene(load_model(file), imported);
    ASSERT_EQ(imported.meshes.size(), 1u);
    EXPECT_GT(imported.meshes[0].indices.size() * sizeof(std::uint32_t), std::size_t(2) << 20);
    fs::remove(file);
    EXPECT_EQ(child_processes(), 0u);
}

TEST(ImportProcess, BuiltScenesStayInThisProcess) {
    EXPECT_FALSE(imports_in_child(kDefaultSceneName));
    EXPECT_FALSE(imports_in_child("knot:1000"));
    EXPECT_TRUE(imports_in_child(kSmallModel));
    EXPECT_TRUE(imports_in_child("knot:x.obj"));
    // The built-in scene loads even with the test hook set: no import process is involved.
    ScopedEnvironment environment("RAYPICK_IMPORT_FAULT", "segv");
    EXPECT_GT(import_model(kDefaultSceneName).triangle_count(), 0u);
}

TEST(ImportProcess, ARefusalKeepsTheLoadersReason) {
    const fs::path missing = fs::temp_directory_path() / "raypick_no_such_model.ply";
    std::string in_process;
    try {
        (void)load_model(missing);
    } catch (const LoadError& e) {
        in_process = e.what();
    }
    try {
        (void)import_model(missing);
        ADD_FAILURE() << "a missing file loaded";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.failure(), LoadFailure::Refused);
        EXPECT_EQ(std::string(e.what()), in_process);
    }
}

TEST(ImportProcess, ACrashIsReportedWithItsSignal) {
    const LoadError error = import_error(kSmallModel, "segv");
    EXPECT_EQ(error.failure(), LoadFailure::Crashed);
    EXPECT_EQ(std::string(error.what()),
              kSmallModel.string() + ": the importer crashed on this file (signal 11, SIGSEGV)");
    EXPECT_EQ(child_processes(), 0u);
}

TEST(ImportProcess, ACrashAfterUsingMostOfTheLimitSaysHowMuch) {
    const LoadError error = import_error(kSmallModel, "bloat-segv");
    EXPECT_EQ(error.failure(), LoadFailure::Crashed);
    EXPECT_TRUE(contains(error.what(), "(signal 11, SIGSEGV); it had used ")) << error.what();
    EXPECT_TRUE(contains(error.what(), " of its memory limit of 256 MB")) << error.what();
}

TEST(ImportProcess, ACrashIsNotChargedWithTheViewersOwnMemory) {
    // The viewer holds a big model; the import process it starts is small and crashes. Linux
    // hands the spawner's peak to a child started by vfork: that is not the child's.
    std::vector<std::byte> held(std::size_t(200) << 20);
    std::memset(held.data(), 1, held.size());
    const LoadError error = import_error(kSmallModel, "segv");
    EXPECT_EQ(std::string(error.what()),
              kSmallModel.string() + ": the importer crashed on this file (signal 11, SIGSEGV)");
    EXPECT_EQ(held[held.size() / 2], std::byte{1});
}

TEST(ImportProcess, RunawayMemoryStopsAtTheMemoryLimit) {
    const LoadError error = import_error(kSmallModel, "alloc");
    EXPECT_EQ(error.failure(), LoadFailure::MemoryLimit);
    EXPECT_TRUE(contains(error.what(), kSmallModel.string() + ": the importer "));
    EXPECT_TRUE(contains(error.what(), "memory limit of 256 MB")) << error.what();
    EXPECT_EQ(child_processes(), 0u);
}

TEST(ImportProcess, AnEndlessLoopStopsAtTheCpuLimit) {
    const LoadError error = import_error(kSmallModel, "spin");
    EXPECT_EQ(error.failure(), LoadFailure::CpuLimit);
    EXPECT_EQ(std::string(error.what()),
              kSmallModel.string() +
                  ": the importer used up its CPU-time limit of 1 s on this file and was stopped "
                  "(RAYPICK_IMPORT_CPU_SECONDS sets it)");
    EXPECT_EQ(child_processes(), 0u);
}

// A child that would never end (it sleeps, so no CPU limit stops it) is killed by the cancel,
// and reaped before import_model() returns.
TEST(ImportProcess, CancelKillsTheImportProcess) {
    ScopedEnvironment environment("RAYPICK_IMPORT_FAULT", "hang");
    LoadProgress progress;
    std::thread canceller([&progress] {
        while (child_processes() == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        progress.cancel = true;
    });
    try {
        (void)import_model(kSmallModel, {}, &progress, small_limits());
        ADD_FAILURE() << "a hanging import returned a scene";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.failure(), LoadFailure::Cancelled);
        EXPECT_EQ(std::string(e.what()), kSmallModel.string() + ": loading cancelled");
    }
    canceller.join();
    EXPECT_EQ(child_processes(), 0u);
}

TEST(ImportProcess, MalformedAnswersAreRefused) {
    const LoadError truncated = import_error(kSmallModel, "truncate");
    EXPECT_EQ(truncated.failure(), LoadFailure::Malformed);
    EXPECT_TRUE(contains(truncated.what(), kSmallModel.string() +
                                               ": the importer's answer is malformed: the "
                                               "scene ended after "))
        << truncated.what();

    const LoadError bad_index = import_error(kSmallModel, "bad-index");
    EXPECT_EQ(bad_index.failure(), LoadFailure::Malformed);
    EXPECT_TRUE(contains(bad_index.what(), "malformed: mesh 0"));
    EXPECT_TRUE(contains(bad_index.what(), "index 0 is 4294967295")) << bad_index.what();

    const LoadError silent = import_error(kSmallModel, "silent");
    EXPECT_EQ(silent.failure(), LoadFailure::Malformed);
    EXPECT_TRUE(contains(silent.what(), "malformed: no answer came")) << silent.what();
    EXPECT_EQ(child_processes(), 0u);
}

TEST(ImportProcess, ABadLimitInTheEnvironmentIsNamed) {
    ScopedEnvironment environment("RAYPICK_IMPORT_MEMORY_MB", "lots");
    try {
        (void)import_model(kSmallModel);
        ADD_FAILURE() << "loaded with a bad limit";
    } catch (const LoadError& e) {
        EXPECT_EQ(std::string(e.what()),
                  kSmallModel.string() +
                      ": RAYPICK_IMPORT_MEMORY_MB is 'lots', not a whole number from 64");
    }
}

TEST(ImportProcess, TheImportProcessAsksForHugePagesAndKeepsTheUsersTunables) {
    const char* plain[] = {"HOME=/home/someone", "LANG=C.UTF-8", nullptr};
    EXPECT_EQ(import_child_environment(plain),
              (std::vector<std::string>{"HOME=/home/someone", "LANG=C.UTF-8",
                                        "GLIBC_TUNABLES=glibc.malloc.hugetlb=1"}));

    // The user's tunables come after ours: glibc takes the last value of each, so a user's
    // hugetlb=0 still turns the huge pages off.
    const char* tuned[] = {"GLIBC_TUNABLES=glibc.malloc.hugetlb=0:glibc.malloc.arena_max=2",
                           "PATH=/usr/bin", nullptr};
    EXPECT_EQ(import_child_environment(tuned),
              (std::vector<std::string>{"GLIBC_TUNABLES=glibc.malloc.hugetlb=1:glibc.malloc."
                                        "hugetlb=0:glibc.malloc.arena_max=2",
                                        "PATH=/usr/bin"}));

    const char* empty_tunables[] = {"GLIBC_TUNABLES=", nullptr};
    EXPECT_EQ(import_child_environment(empty_tunables),
              (std::vector<std::string>{"GLIBC_TUNABLES=glibc.malloc.hugetlb=1"}));
}

}  // namespace
}  // namespace assets
