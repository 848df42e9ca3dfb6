#include "assets/procedural/skinned_tube.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

namespace assets {

namespace {

/// The joints a vertex at bone coordinate s (height / bone length) follows: the two whose
/// centres (i + 0.5) bracket it, with a smoothstep blend; the ends follow one joint.
std::vector<std::pair<std::uint32_t, float>> bracketing_joints(float s, int bones) {
    const float c = std::clamp(s - 0.5f, 0.0f, float(bones - 1));
    const int i = std::min(int(c), bones - 1);
    const float f = c - float(i);
    if (i + 1 >= bones || f <= 0.0f) return {{std::uint32_t(i), 1.0f}};
    const float w = f * f * (3.0f - 2.0f * f);
    return {{std::uint32_t(i), 1.0f - w}, {std::uint32_t(i + 1), w}};
}

/// The `count` joints whose centres are nearest s (a window slid inside the chain at its
/// ends), each weighted exp(-d^2 / (2 sigma^2)) by its distance d, sigma = count / 4: every
/// weight positive, their sum not 1.
std::vector<std::pair<std::uint32_t, float>> nearest_joints(float s, int bones, int count) {
    count = std::min(count, bones);
    const int first = std::clamp(int(std::floor(s + 0.5f - 0.5f * float(count))), 0, bones - count);
    const float sigma = 0.25f * float(count);
    std::vector<std::pair<std::uint32_t, float>> influences;
    for (int i = first; i < first + count; ++i) {
        const float d = s - (float(i) + 0.5f);
        influences.emplace_back(std::uint32_t(i), std::exp(-0.5f * d * d / (sigma * sigma)));
    }
    return influences;
}

}  // namespace

std::vector<std::pair<std::uint32_t, float>> skinned_tube_influences(const SkinnedTubeOptions& o,
                                                                     float height) {
    const int bones = std::max(o.bones, 1);
    const float s = height / (o.length / float(bones));
    return o.joints_per_vertex <= 2 ? bracketing_joints(s, bones)
                                    : nearest_joints(s, bones, o.joints_per_vertex);
}

std::size_t skinned_tube_triangles(const SkinnedTubeOptions& o) {
    return std::size_t(2) * std::size_t(o.sides) * std::size_t(o.rings) + 2 * std::size_t(o.sides);
}

std::vector<std::uint32_t> add_skinned_tube(Scene& scene, std::uint32_t parent,
                                            const std::string& name, const glm::mat4& local,
                                            const SkinnedTubeOptions& o, glm::vec3 color) {
    const int rings = std::max(o.rings, 1), sides = std::max(o.sides, 3),
              bones = std::max(o.bones, 1);
    const float segment = o.length / float(bones);

    // == Nodes: the tube's own node draws the mesh; the chain hangs below it.
    const auto tube_node = std::uint32_t(scene.nodes.size());
    scene.nodes.push_back({name, local, std::int32_t(parent), {}, {}});
    scene.nodes[parent].children.push_back(tube_node);
    std::vector<std::uint32_t> chain;
    for (int b = 0; b < bones; ++b) {
        const std::uint32_t up = b == 0 ? tube_node : chain.back();
        const auto node = std::uint32_t(scene.nodes.size());
        scene.nodes.push_back({name + "_bone" + std::to_string(b),
                               glm::translate(glm::mat4(1.0f), {0, b == 0 ? 0.0f : segment, 0}),
                               std::int32_t(up),
                               {},
                               {}});
        scene.nodes[up].children.push_back(node);
        chain.push_back(node);
    }

    // == The mesh, in the tube node's space (the bind pose: the chain straight up).
    MeshData mesh;
    mesh.name = name;
    AuthoredInfluences influences;
    const float slope = (o.base_radius - o.tip_radius) / o.length;
    for (int r = 0; r <= rings; ++r) {
        const float y = o.length * float(r) / float(rings);
        const float radius =
            o.base_radius + (o.tip_radius - o.base_radius) * float(r) / float(rings);
        for (int i = 0; i < sides; ++i) {
            const float a = 2.0f * std::numbers::pi_v<float> * float(i) / float(sides);
            const glm::vec3 radial(std::cos(a), 0.0f, -std::sin(a));
            mesh.positions.push_back(radius * radial + glm::vec3(0, y, 0));
            mesh.normals.push_back(glm::normalize(radial + glm::vec3(0, slope, 0)));
            influences.push_back(skinned_tube_influences(o, y));
        }
    }
    for (int r = 0; r < rings; ++r)
        for (int i = 0; i < sides; ++i) {
            const auto a = std::uint32_t(r * sides + i),
                       b = std::uint32_t(r * sides + (i + 1) % sides);
            const auto c = a + std::uint32_t(sides), d = b + std::uint32_t(sides);
            mesh.indices.insert(mesh.indices.end(), {a, b, d, a, d, c});
        }
    // Caps: a centre vertex and flat-shaded copies of the end rings, fanned.
    for (const int r : {0, rings}) {
        const float y = o.length * float(r) / float(rings);
        const glm::vec3 n(0, r == 0 ? -1.0f : 1.0f, 0);
        const auto centre = std::uint32_t(mesh.positions.size());
        mesh.positions.emplace_back(0.0f, y, 0.0f);
        mesh.normals.push_back(n);
        influences.push_back(skinned_tube_influences(o, y));
        for (int i = 0; i < sides; ++i) {
            mesh.positions.push_back(mesh.positions[std::size_t(r * sides + i)]);
            mesh.normals.push_back(n);
            influences.push_back(skinned_tube_influences(o, y));
        }
        for (int i = 0; i < sides; ++i) {
            const auto r0 = centre + 1 + std::uint32_t(i),
                       r1 = centre + 1 + std::uint32_t((i + 1) % sides);
            if (r == 0)
                mesh.indices.insert(mesh.indices.end(), {centre, r1, r0});
            else
                mesh.indices.insert(mesh.indices.end(), {centre, r0, r1});
        }
    }
    for (int b = 0; b < bones; ++b)
        mesh.skin.joints.push_back(
            {chain[std::size_t(b)], glm::translate(glm::mat4(1.0f), {0, -segment * float(b), 0})});
    normalize_skin_weights(mesh.skin, influences);

    mesh.material = std::uint32_t(scene.materials.size());
    scene.materials.push_back({name, color, ""});
    scene.nodes[tube_node].meshes.push_back(std::uint32_t(scene.meshes.size()));
    scene.meshes.push_back(std::move(mesh));
    return chain;
}

void add_tube_wave(AnimationClip& clip, const Scene& scene, const std::vector<std::uint32_t>& bones,
                   float degrees, double period_seconds) {
    const double seconds = clip.duration_seconds();
    const int steps = std::max(1, int(std::lround(seconds * 4.0)));
    for (std::size_t b = 0; b < bones.size(); ++b) {
        NodeChannel channel;
        channel.node = bones[b];
        channel.positions = {{0.0, glm::vec3(scene.nodes[bones[b]].local_transform[3])}};
        channel.scales = {{0.0, glm::vec3(1.0f)}};
        const double phase = 0.6 * double(b);
        for (int k = 0; k <= steps; ++k) {
            const double t = seconds * k / steps;
            const double w = 2.0 * std::numbers::pi * t / period_seconds - phase;
            // The base joint sways least, so the tube stays planted.
            const float scale = degrees * float(b + 1) / float(bones.size());
            const float about_z = scale * float(std::sin(w));
            const float about_x = 0.6f * scale * float(std::cos(w));
            channel.rotations.push_back(
                {t * clip.ticks_per_second,
                 glm::angleAxis(glm::radians(about_z), glm::vec3(0, 0, 1)) *
                     glm::angleAxis(glm::radians(about_x), glm::vec3(1, 0, 0))});
        }
        clip.channels.push_back(std::move(channel));
    }
}

}  // namespace assets
