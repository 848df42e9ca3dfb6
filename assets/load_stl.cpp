// The binary STL reader. STL: 3D Systems, "StereoLithography Interface Specification" (1988).

#include "assets/load_stl.h"

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "assets/binary_scalar.h"
#include "assets/scene/mesh_normals.h"
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
    mesh.indices.resize(std::size_t(count) * 3);
    // A closed mesh has about half as many vertices as triangles; at most every corner is one.
    VertexWelder welder(count / 2, std::size_t(count) * 3);
    const std::byte* const first_row = bytes.data() + kHeaderBytes + kCountBytes;
    for (std::size_t t = 0; t < count; ++t) {
        if (progress != nullptr && t % kTrianglesPerReport == 0) {
            progress->fraction = float(t) / float(count);
            if (progress->cancel)
                throw LoadError(path, "loading cancelled", LoadFailure::Cancelled);
        }
        if (t + kPrefetchTriangles < count) {
            const std::byte* ahead = first_row + (t + kPrefetchTriangles) * kTriangleBytes;
            for (std::size_t corner = 0; corner < 3; ++corner)
                welder.prefetch(load_vec3(ahead + kCornersOffset + 12 * corner));
        }
        const std::byte* row = first_row + t * kTriangleBytes;
        if (load_bits<std::uint16_t>(row + kAttributeOffset, false) & kColourBit)
            return std::nullopt;
        for (std::size_t corner = 0; corner < 3; ++corner)
            mesh.indices[3 * t + corner] =
                welder.add(load_vec3(row + kCornersOffset + 12 * corner));
    }
    mesh.positions = welder.take_positions();
    compute_smooth_normals(mesh);
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
