// The binary STL reader. STL: 3D Systems, "StereoLithography Interface Specification" (1988).

#include "assets/load_stl.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include <glm/geometric.hpp>

#include "assets/binary_scalar.h"

namespace assets {

namespace {

constexpr std::size_t kHeaderBytes = 80;
constexpr std::size_t kCountBytes = 4;
constexpr std::size_t kTriangleBytes = 50;  ///< normal, three corners (12 floats), attribute
/// The attribute bit that says a triangle carries a colour (VisCAM, SolidView).
constexpr std::uint16_t kColourBit = 0x8000;
constexpr std::size_t kTrianglesPerReport = std::size_t(1) << 20;

glm::vec3 load_vec3(const std::byte* at) {
    return {std::bit_cast<float>(load_bits<std::uint32_t>(at, false)),
            std::bit_cast<float>(load_bits<std::uint32_t>(at + 4, false)),
            std::bit_cast<float>(load_bits<std::uint32_t>(at + 8, false))};
}

bool usable_normal(const glm::vec3& n) {
    return std::isfinite(n.x) && std::isfinite(n.y) && std::isfinite(n.z) &&
           (n.x != 0.0f || n.y != 0.0f || n.z != 0.0f);
}

/// The triangle's own unit normal, or +Y when it has no area (what compute_smooth_normals gives
/// a vertex without one).
glm::vec3 corners_normal(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
    const glm::vec3 n = glm::cross(b - a, c - a);
    const float length = glm::length(n);
    return length > 0.0f && std::isfinite(length) ? n / length : glm::vec3(0.0f, 1.0f, 0.0f);
}

}  // namespace

std::optional<Scene> read_binary_stl(std::span<const std::byte> bytes,
                                     const std::filesystem::path& path, LoadProgress* progress) {
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
    mesh.positions.resize(std::size_t(count) * 3);
    mesh.normals.resize(std::size_t(count) * 3);
    mesh.indices.resize(std::size_t(count) * 3);
    std::size_t computed_normals = 0;
    const std::byte* row = bytes.data() + kHeaderBytes + kCountBytes;
    for (std::size_t t = 0; t < count; ++t, row += kTriangleBytes) {
        if (progress != nullptr && t % kTrianglesPerReport == 0) {
            progress->fraction = float(t) / float(count);
            if (progress->cancel)
                throw LoadError(path, "loading cancelled", LoadFailure::Cancelled);
        }
        if (load_bits<std::uint16_t>(row + 48, false) & kColourBit) return std::nullopt;
        const glm::vec3 a = load_vec3(row + 12), b = load_vec3(row + 24), c = load_vec3(row + 36);
        glm::vec3 normal = load_vec3(row);
        if (!usable_normal(normal)) {
            normal = corners_normal(a, b, c);
            ++computed_normals;
        }
        const std::size_t first = 3 * t;
        mesh.positions[first] = a;
        mesh.positions[first + 1] = b;
        mesh.positions[first + 2] = c;
        for (std::size_t corner = 0; corner < 3; ++corner) {
            mesh.normals[first + corner] = normal;
            mesh.indices[first + corner] = std::uint32_t(first + corner);
        }
    }
    std::string note = "Read by raypick's binary STL reader (flat normals";
    if (computed_normals > 0)
        note += "; " + std::to_string(computed_normals) +
                " triangles had no usable normal in the file and got their corners'";
    note += "); ASCII and colour STL files go to Assimp";
    return make_single_mesh_scene(path.string(), std::move(mesh), {std::move(note)});
}

}  // namespace assets
