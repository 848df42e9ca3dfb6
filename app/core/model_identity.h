#pragma once
/// Which model a pick record was made on: the path as given and, for a file, the SHA-256 of its
/// bytes. SHA-256 (OpenSSL's libcrypto, Debian's libssl-dev) rather than a home-made hash: anyone
/// can check a record's hash with `sha256sum FILE`, and no edit of a file goes unnoticed by
/// chance. Only the named file is hashed: a .gltf's .bin buffers or an .obj's .mtl are not.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace app {

struct ModelIdentity {
    std::string path;  ///< as given: a file, "default" or "knot:N"
    /// Lower-case hex SHA-256 of the file's bytes; nothing for a built-in scene (not a file).
    std::optional<std::string> sha256;
    std::uint64_t bytes = 0;             ///< the file's size (0 for a built-in scene)
    bool obj_via_tinyobjloader = false;  ///< an .obj read by tinyobjloader, not Assimp

    bool operator==(const ModelIdentity&) const = default;
};

/// Whether `model` names a built-in scene ("default", "knot:N"), which is built, not read.
[[nodiscard]] bool is_built_in_model(const std::filesystem::path& model);

/// Hashes the file `model` names (a built-in scene: no hash). Throws std::runtime_error naming
/// the file when it cannot be read.
[[nodiscard]] ModelIdentity identify_model(const std::filesystem::path& model,
                                           bool obj_via_tinyobjloader);

/// The SHA-256 of `bytes`, as 64 lower-case hex digits.
[[nodiscard]] std::string sha256_hex(std::string_view bytes);

}  // namespace app
