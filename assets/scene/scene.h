#pragma once
/// The CPU-side scene every loader produces: meshes, materials, a node hierarchy whose local
/// transforms place the meshes (never baked into the vertices), and animation clips.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "assets/animation/animation.h"
#include "assets/animation/morph.h"
#include "assets/animation/skin.h"

namespace assets {

/// One set of texture coordinates, one per position. Kept as (u, v): a file's third component
/// (w, of 3D textures) is dropped, and `components` says how many the file gave (1, 2 or 3) so
/// the dropping can be shown.
struct TexCoordChannel {
    std::vector<glm::vec2> uv;
    std::uint32_t components = 2;
};

/// The most texture coordinate channels a mesh keeps: Assimp's AI_MAX_NUMBER_OF_TEXTURECOORDS.
inline constexpr std::size_t kMaxTexCoordChannels = 8;

struct MeshData {
    std::string name;
    std::vector<glm::vec3> positions;
    /// One per position, or none when the file gives none: smooth ones are then derived where
    /// they are needed, by drawing or a hit's smooth normal (scene/mesh_normals.h), not for
    /// picking.
    std::vector<glm::vec3> normals;
    std::vector<std::uint32_t> indices;  ///< three per triangle, counter-clockwise is front
    std::uint32_t material = 0;          ///< index into Scene::materials
    /// Drawn flat: each triangle lit by its own plane (an STL's facets), the normals used only
    /// for a hit's smooth normal.
    bool flat_shaded = false;
    /// Every texture coordinate channel the file gives, in its order (channel 0 is what a
    /// base-colour texture uses); none when it has none, so a mesh without UVs costs nothing.
    std::vector<TexCoordChannel> tex_coords;
    /// The file's first vertex colour set as RGBA, one per position; empty when it has none.
    std::vector<glm::vec4> colors;
    MeshSkin skin;  ///< empty unless joints move its vertices
    std::vector<MorphTarget> morph_targets;

    [[nodiscard]] std::size_t triangle_count() const { return indices.size() / 3; }
    /// Whether its vertices change with the pose (morph targets, or a skin of several joints).
    [[nodiscard]] bool deforms() const {
        return !morph_targets.empty() || (!skin.empty() && !skin.rigid_joint);
    }
};

struct Material {
    std::string name;
    glm::vec3 base_color{0.75f};
    /// The base-colour (diffuse) texture's file, resolved against the model's folder; empty when
    /// the material has none or the file embeds it (embedded textures are not decoded: a note
    /// says so).
    std::string base_color_texture;
};

struct SceneNode {
    std::string name;
    glm::mat4 local_transform{1.0f};  ///< parent_from_node
    std::int32_t parent = -1;         ///< -1 for the root; parents always precede children
    std::vector<std::uint32_t> children;
    std::vector<std::uint32_t> meshes;  ///< indices into Scene::meshes drawn at this node
};

/// One mesh drawn at one node: what picking calls an instance.
struct MeshInstance {
    std::uint32_t node = 0;
    std::uint32_t mesh = 0;
};

/// A shape picked and drawn from its equation rather than as triangles (seed 002's sphere,
/// plane, rectangle and box), placed by a node like a mesh. Its numbers are in that node's
/// space; which of them count depends on the kind.
struct ShapeData {
    enum class Kind { Sphere, Plane, Rect, Box };
    Kind kind = Kind::Sphere;
    std::string name;
    std::uint32_t node = 0;
    glm::vec3 color{0.8f};
    glm::vec3 center{0.0f};  ///< Sphere
    /// Sphere: its radius. Plane: the disc of the plane that is shown and picked.
    float radius = 1.0f;
    glm::vec3 point{0.0f}, normal{0.0f, 1.0f, 0.0f};  ///< Plane
    /// Rect: corners A, A + U, A + U + V, A + V.
    glm::vec3 corner{0.0f}, edge_u{1.0f, 0.0f, 0.0f}, edge_v{0.0f, 0.0f, 1.0f};
    glm::vec3 box_min{-0.5f}, box_max{0.5f};  ///< Box
};

/// The longest name (of a node, mesh, material, clip, morph target or shape) a Scene holds:
/// Assimp's aiString keeps at most 1,023 bytes, and every loader keeps to the same, so a name
/// from a file never grows past what a UI can draw as one text.
inline constexpr std::size_t kMaxNameBytes = 1023;

/// The longest texture path a Material holds (Linux's PATH_MAX): a loader drops a longer one
/// with a note, and validate_scene refuses it.
inline constexpr std::size_t kMaxTexturePathBytes = 4096;

/// `name` cut to kMaxNameBytes at a UTF-8 character boundary (unchanged when it fits).
[[nodiscard]] std::string capped_name(std::string_view name);

struct Scene {
    std::string source;  ///< the path it came from, or "default"
    std::vector<MeshData> meshes;
    std::vector<ShapeData> shapes;  ///< analytic shapes (the default scene has some)
    std::vector<Material> materials;
    std::vector<SceneNode> nodes;  ///< nodes[0] is the root
    std::vector<AnimationClip> clips;
    std::vector<std::string> notes;  ///< things the user should know (ignored features, fixes)

    [[nodiscard]] std::size_t triangle_count() const;
    /// Every (node, mesh) pair, in node order.
    [[nodiscard]] std::vector<MeshInstance> instances() const;
    /// "root/body/arm": the names from the root down to `node`.
    [[nodiscard]] std::string node_path(std::uint32_t node) const;
    /// world_from_node for every node, composing the given local transforms down the tree.
    [[nodiscard]] std::vector<glm::mat4> world_transforms(
        const std::vector<glm::mat4>& local_transforms) const;
    /// The rest pose: every node's own local_transform.
    [[nodiscard]] std::vector<glm::mat4> rest_local_transforms() const;
};

/// A scene of one mesh at a root node named like the mesh, with one grey material: what the
/// readers of single-mesh formats (binary PLY, STL) make.
[[nodiscard]] Scene make_single_mesh_scene(std::string source, MeshData mesh,
                                           std::vector<std::string> notes);

}  // namespace assets
