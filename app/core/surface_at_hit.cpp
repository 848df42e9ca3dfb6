#include "app/core/surface_at_hit.h"

#include <algorithm>
#include <type_traits>

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

#include "assets/scene/posed_mesh.h"

namespace app {

namespace {

/// Unit `n`, or nothing when it is too short to have a direction.
std::optional<glm::vec3> unit(const glm::dvec3& n) {
    const double length = glm::length(n);
    if (!(length >= 1e-12)) return std::nullopt;
    return glm::vec3(n / length);
}

/// The first node that draws scene mesh `mesh`: the space the session skins it into.
std::uint32_t first_node_drawing(const assets::Scene& scene, std::uint32_t mesh) {
    for (const assets::MeshInstance& instance : scene.instances())
        if (instance.mesh == mesh) return instance.node;
    return 0;
}

}  // namespace

SurfaceAtHit surface_at_hit(const assets::MeshData& mesh, const assets::Material& material,
                            std::span<const glm::vec3> positions,
                            std::span<const glm::vec3> normals, std::uint32_t triangle, float u,
                            float v, const glm::mat4& world_from_mesh) {
    const std::uint32_t a = mesh.indices[3 * std::size_t(triangle)];
    const std::uint32_t b = mesh.indices[3 * std::size_t(triangle) + 1];
    const std::uint32_t c = mesh.indices[3 * std::size_t(triangle) + 2];
    // The weights in float, as the hit gives them; the sums in double, so the result is the
    // weighted corners rounded once.
    const double w0 = double(1.0f - u - v), w1 = double(u), w2 = double(v);
    const auto blend = [&](const auto& values) {
        using T = std::remove_cvref_t<decltype(values[0])>;
        using D = glm::vec<T::length(), double>;
        return D(values[a]) * w0 + D(values[b]) * w1 + D(values[c]) * w2;
    };

    SurfaceAtHit surface;
    for (const assets::TexCoordChannel& channel : mesh.tex_coords)
        surface.uvs.push_back(glm::vec2(blend(channel.uv)));
    if (!mesh.colors.empty()) surface.color = glm::vec4(blend(mesh.colors));

    // Normals move into world space by the inverse transpose (a non-uniform scale bends them).
    const glm::dmat3 normal_to_world = glm::transpose(glm::inverse(glm::dmat3(world_from_mesh)));
    if (normals.size() > std::size_t(std::max({a, b, c}))) {
        surface.smooth_normal_mesh = unit(blend(normals));
        if (surface.smooth_normal_mesh)
            surface.smooth_normal_world = unit(normal_to_world * glm::dvec3(blend(normals)));
    }
    const glm::dvec3 p0(positions[a]), p1(positions[b]), p2(positions[c]);
    surface.geometric_normal_mesh = unit(glm::cross(p1 - p0, p2 - p0)).value_or(glm::vec3(0.0f));
    // By the winding of the placed corners, like PickHit::normal (a mirroring transform turns
    // the winding, and so this normal, over).
    const glm::dmat4 m(world_from_mesh);
    const auto place = [&](const glm::dvec3& p) { return glm::dvec3(m * glm::dvec4(p, 1.0)); };
    const glm::dvec3 q0 = place(p0);
    surface.geometric_normal_world =
        unit(glm::cross(place(p1) - q0, place(p2) - q0)).value_or(glm::vec3(0.0f));

    surface.material = mesh.material;
    surface.material_name = material.name;
    surface.texture = material.base_color_texture;
    return surface;
}

std::array<glm::vec3, 3> corner_normals(const SceneSession& session, std::uint32_t instance,
                                        std::uint32_t triangle, PoseChoice pose) {
    const assets::Scene& scene = session.scene();
    const ViewMesh view_mesh = session.view_mesh(instance);
    const std::uint32_t mesh_index = index(session.scene_mesh(view_mesh));
    const assets::MeshData& mesh = scene.meshes[mesh_index];
    const std::uint32_t* corners = &mesh.indices[3 * std::size_t(triangle)];
    // As loaded, or derived for a mesh whose file gave none (for these three corners alone
    // when the mesh's are not made yet).
    if (pose == PoseChoice::Bind)
        return session.loaded_normals_at(session.scene_mesh(view_mesh), corners);
    if (!session.deforms(view_mesh)) return session.mesh_normals_at(view_mesh, corners);
    const std::span<const glm::vec3> loaded = session.loaded_normals(session.scene_mesh(view_mesh));
    // A session that deforms normals too (the viewer's) has them posed already.
    if (const std::span<const glm::vec3> posed = session.mesh_normals(view_mesh);
        posed.data() != loaded.data())
        return {posed[corners[0]], posed[corners[1]], posed[corners[2]]};
    // Else the session posed positions only: pose this mesh again with its normals, in the same
    // space (an own copy in its instance's node, the scene's mesh in the first node drawing it).
    const std::optional<std::uint32_t> copy_of = session.own_copy_instance(view_mesh);
    const std::uint32_t space_node =
        copy_of ? session.view().instances[*copy_of].node : first_node_drawing(scene, mesh_index);
    assets::PosedMesh posed;
    assets::pose_mesh(scene, mesh_index, space_node, session.pose(), true, posed);
    const std::span<const glm::vec3> normals =
        posed.normals.empty() ? loaded : std::span<const glm::vec3>(posed.normals);
    return {normals[corners[0]], normals[corners[1]], normals[corners[2]]};
}

SurfaceAtHit surface_at_hit(const SceneSession& session, const picking::PickHit& hit,
                            PoseChoice pose) {
    const assets::Scene& scene = session.scene();
    const assets::MeshData& mesh = scene.meshes[hit.mesh];
    // Only the hit's three corners matter (a deformed mesh's posed normals exist only for
    // them): the triangle alone, as a mesh of three vertices with the mesh's attributes.
    const std::array<glm::vec3, 3> normals =
        corner_normals(session, hit.instance, hit.triangle, pose);
    const picking::Triangle& corners = hit.local_triangle;
    assets::MeshData triangle;
    const std::uint32_t* index_of = &mesh.indices[3 * std::size_t(hit.triangle)];
    triangle.indices = {0, 1, 2};
    for (const assets::TexCoordChannel& channel : mesh.tex_coords)
        triangle.tex_coords.push_back(
            {{channel.uv[index_of[0]], channel.uv[index_of[1]], channel.uv[index_of[2]]},
             channel.components});
    if (!mesh.colors.empty())
        triangle.colors = {mesh.colors[index_of[0]], mesh.colors[index_of[1]],
                           mesh.colors[index_of[2]]};
    triangle.material = mesh.material;
    const std::array<glm::vec3, 3> local = {corners.p0, corners.p1, corners.p2};
    return surface_at_hit(triangle, scene.materials[mesh.material], local, normals, 0, hit.u, hit.v,
                          session.instance_transforms(pose)[hit.instance]);
}

}  // namespace app
