#pragma once
/// The one front door for loading: binary PLY and STL triangle meshes and plain OBJ files go
/// through raypick's own readers (assets/load_ply.h, assets/load_stl.h,
/// assets/load_plain_obj.h), `.obj` may go through tinyobjloader, and everything else through
/// Assimp. Loaders throw LoadError; they never crash on bad files.

#include <atomic>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "assets/scene/scene.h"

namespace assets {

/// Why a load failed, as far as the caller must tell the cases apart (the command line's exit
/// status, the viewer's message).
enum class LoadFailure {
    Refused,      ///< the loader refused the file: missing, unreadable, corrupt, unsupported, empty
    Cancelled,    ///< the caller cancelled the load (or gave up waiting)
    MemoryLimit,  ///< the load needed more memory than it may use
    CpuLimit,     ///< the import process used up its CPU time
    Crashed,      ///< the import process died (a signal) or ended without an answer
    Malformed,    ///< the import process answered with something that is not a valid scene
};

/// The reason given when a loader runs out of memory: mostly a file whose counts claim more
/// elements than memory holds (a PLY header's 2^31 faces).
inline constexpr std::string_view kClaimsMoreThanMemory =
    "the file claims more than memory allows (out of memory while loading it)";
/// The reason an import process gives when it runs out of memory and knows no more.
inline constexpr std::string_view kOutOfMemoryWhileLoading = "out of memory while loading";

/// A file could not be turned into a Scene. what() names the file and the reason.
class LoadError : public std::runtime_error {
  public:
    LoadError(const std::filesystem::path& path, const std::string& reason,
              LoadFailure failure = LoadFailure::Refused)
        : std::runtime_error(path.string() + ": " + reason), reason_(reason), failure_(failure) {}

    /// what() without the file's name.
    [[nodiscard]] const std::string& reason() const { return reason_; }
    [[nodiscard]] LoadFailure failure() const { return failure_; }

  private:
    std::string reason_;
    LoadFailure failure_;
};

struct LoadOptions {
    /// Read .obj with tinyobjloader instead of the plain OBJ reader and Assimp.
    bool obj_via_tinyobjloader = false;
};

/// Shared between a loader and whoever waits for it (possibly on another thread).
struct LoadProgress {
    std::atomic<float> fraction{0.0f};  ///< 0..1, as far as the importer reports it
    std::atomic<bool> cancel{false};    ///< set by the waiter; the loader stops at its next check
};

/// The model name that stands for the built-in scene (assets/procedural/default_scene.h), not a
/// file.
inline constexpr const char* kDefaultSceneName = "default";

/// Loads `path`, or builds the built-in scene when it is kDefaultSceneName, or a torus knot of N
/// triangles when it is "knot:N" (assets/procedural/torus_knot.h). Throws LoadError for
/// missing, unreadable, corrupt or empty files (a scene without a single triangle is an error) and
/// when `progress->cancel` is seen.
[[nodiscard]] Scene load_model(const std::filesystem::path& path, const LoadOptions& options = {},
                               LoadProgress* progress = nullptr);

/// The file extensions the loaders read, lower case with the dot (".obj", ".ply", ...): what
/// the Open dialog lists.
[[nodiscard]] std::vector<std::string> model_extensions();

/// The Assimp path (any format Assimp reads).
[[nodiscard]] Scene load_with_assimp(const std::filesystem::path& path, LoadProgress* progress);
/// The tinyobjloader path (.obj only): the same surface as the Assimp path, triangulated by
/// tinyobjloader (a polygon may be split along other diagonals); layout in load_obj.cpp.
[[nodiscard]] Scene load_obj_with_tinyobjloader(const std::filesystem::path& path,
                                                LoadProgress* progress);

/// Checks what every loader must guarantee, and what the import process's answer must hold
/// before anyone uses it: at least one triangle drawn; indices, materials, joints, nodes and
/// morph targets in range; a normal per position or none; every number finite (positions, normals,
/// weights, deltas, transforms, keys, shapes); a hierarchy whose parents come first and whose child
/// lists hold each node once; clips of existing nodes with sorted keys. Throws LoadError otherwise.
void validate_scene(const Scene& scene, const std::filesystem::path& path);

}  // namespace assets
