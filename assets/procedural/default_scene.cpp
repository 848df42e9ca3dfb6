#include "assets/procedural/default_scene.h"

#include <cmath>
#include <numbers>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/procedural/procedural_meshes.h"
#include "assets/procedural/skinned_tube.h"

namespace assets {

namespace {

constexpr float kTerrainHalfSize = 6.0f;
constexpr int kTerrainCells = 48;  // 4,608 triangles

std::uint32_t add_mesh(Scene& scene, MeshData mesh, std::string name, glm::vec3 color) {
    mesh.name = std::move(name);
    mesh.material = std::uint32_t(scene.materials.size());
    scene.materials.push_back({mesh.name, color, ""});
    scene.meshes.push_back(std::move(mesh));
    return std::uint32_t(scene.meshes.size() - 1);
}

std::uint32_t add_node(Scene& scene, std::uint32_t parent, std::string name, glm::mat4 local,
                       std::vector<std::uint32_t> meshes = {}) {
    SceneNode node;
    node.name = std::move(name);
    node.local_transform = local;
    node.parent = std::int32_t(parent);
    node.meshes = std::move(meshes);
    scene.nodes.push_back(std::move(node));
    const auto index = std::uint32_t(scene.nodes.size() - 1);
    scene.nodes[parent].children.push_back(index);
    return index;
}

glm::mat4 translate(glm::vec3 t) {
    return glm::translate(glm::mat4(1.0f), t);
}
glm::mat4 scale(glm::vec3 s) {
    return glm::scale(glm::mat4(1.0f), s);
}
glm::mat4 rotate(float degrees, glm::vec3 axis) {
    return glm::rotate(glm::mat4(1.0f), glm::radians(degrees), axis);
}
glm::quat rotation(float degrees, glm::vec3 axis) {
    return glm::angleAxis(glm::radians(degrees), glm::normalize(axis));
}

/// Rotation keys at whole seconds (the clip runs at 24 ticks per second).
std::vector<RotationKey> keys_about(glm::vec3 axis, std::initializer_list<float> degrees) {
    std::vector<RotationKey> keys;
    double second = 0.0;
    for (float d : degrees)
        keys.push_back({24.0 * second++, rotation(d, axis)});
    return keys;
}

}  // namespace

float default_terrain_height(float x, float z) {
    return 0.35f * std::sin(0.8f * x) * std::cos(0.6f * z) + 0.12f * std::sin(1.7f * x + 0.9f * z) -
           0.02f * (x * x + z * z) / 4.0f;
}

Scene make_default_scene() {
    Scene scene;
    scene.source = "default";
    scene.nodes.push_back(SceneNode{"default_scene", glm::mat4(1.0f), -1, {}, {}});

    const auto terrain =
        add_mesh(scene, make_terrain(kTerrainHalfSize, kTerrainCells, default_terrain_height),
                 "terrain", {0.42f, 0.58f, 0.36f});
    const auto cube = add_mesh(scene, make_cube(), "unit_cube", {0.80f, 0.55f, 0.30f});
    const auto sphere = add_mesh(scene, make_icosphere(3), "unit_sphere", {0.35f, 0.55f, 0.85f});
    const auto torus =
        add_mesh(scene, make_torus(0.7f, 0.22f, 48, 24), "torus", {0.85f, 0.35f, 0.40f});
    const auto cylinder =
        add_mesh(scene, make_cylinder(32), "unit_cylinder", {0.55f, 0.55f, 0.60f});
    const auto hand = add_mesh(scene, make_icosphere(2), "hand_sphere", {0.95f, 0.80f, 0.35f});

    auto ground = [](float x, float z) { return glm::vec3(x, default_terrain_height(x, z), z); };

    add_node(scene, 0, "terrain", glm::mat4(1.0f), {terrain});
    add_node(scene, 0, "ball",
             translate(ground(-2.6f, 1.6f) + glm::vec3(0, 0.75f, 0)) * scale(glm::vec3(0.8f)),
             {sphere});
    add_node(scene, 0, "tower",
             translate(ground(2.8f, -1.8f) + glm::vec3(0, 0.9f, 0)) * rotate(25.0f, {0, 1, 0}) *
                 scale({0.7f, 1.8f, 0.7f}),
             {cube});
    add_node(scene, 0, "ring",
             translate(ground(-1.2f, -2.8f) + glm::vec3(0, 1.0f, 0)) * rotate(70.0f, {1, 0, 0.3f}),
             {torus});
    add_node(scene, 0, "crate",
             translate(ground(2.4f, 2.4f) + glm::vec3(0, 0.35f, 0)) * rotate(-15.0f, {0, 1, 0}) *
                 scale({1.1f, 0.7f, 0.9f}),
             {cube});

    // == The articulated arm: joints carry the motion, "*_geometry" nodes carry the
    // non-uniform scale that turns unit meshes into limbs.
    const auto arm =
        add_node(scene, 0, "arm", translate(ground(0.3f, 0.2f)) * scale(glm::vec3(1.5f)));
    add_node(scene, arm, "base_geometry", scale({0.45f, 0.3f, 0.45f}), {cylinder});
    const auto shoulder = add_node(scene, arm, "shoulder", translate({0, 0.3f, 0}));
    add_node(scene, shoulder, "upper_arm_geometry",
             translate({0, 0.7f, 0}) * scale({0.26f, 1.4f, 0.26f}), {cube});
    const auto elbow = add_node(scene, shoulder, "elbow", translate({0, 1.4f, 0}));
    add_node(scene, elbow, "forearm_geometry", translate({0, 0.55f, 0}) * scale({0.2f, 1.1f, 0.2f}),
             {cube});
    const auto wrist = add_node(scene, elbow, "wrist", translate({0, 1.1f, 0}));
    add_node(scene, wrist, "hand_geometry", scale({0.32f, 0.16f, 0.24f}), {hand});

    // == The tentacle: a tube skinned to a chain of six bones (vertices follow two bones each).
    SkinnedTubeOptions tube;
    tube.length = 2.2f;
    tube.base_radius = 0.2f;
    tube.tip_radius = 0.05f;
    tube.rings = 48;
    tube.sides = 20;
    tube.bones = 6;
    const std::vector<std::uint32_t> tentacle = add_skinned_tube(
        scene, 0, "tentacle", translate(ground(3.7f, 0.3f) - glm::vec3(0, 0.05f, 0)), tube,
        {0.62f, 0.42f, 0.85f});

    // == Analytic shapes (seed 002): drawn and picked from their equations, each placed by a
    // node. The rectangles show the seed's min/max check: right (without its strictness) for
    // the axis-aligned sign, wrong for the diamond (its corners' box is not the rectangle).
    auto add_shape = [&](std::string name, glm::mat4 local, ShapeData shape) {
        shape.node = add_node(scene, 0, name, local);
        shape.name = std::move(name);
        scene.shapes.push_back(shape);
        return shape.node;
    };
    ShapeData globe;
    globe.kind = ShapeData::Kind::Sphere;
    globe.radius = 0.55f;
    globe.color = {0.30f, 0.78f, 0.72f};
    const auto globe_node =
        add_shape("globe", translate(ground(-0.2f, 4.6f) + glm::vec3(0, 0.6f, 0)), globe);
    ShapeData mirror;  // seed 002's plane, shown (and picked) as a disc of it
    mirror.kind = ShapeData::Kind::Plane;
    mirror.normal = glm::normalize(glm::vec3(0.45f, 0.0f, 1.0f));
    mirror.radius = 0.75f;
    mirror.color = {0.55f, 0.70f, 0.90f};
    add_shape("mirror", translate(ground(-0.8f, -5.0f) + glm::vec3(0, 0.95f, 0)), mirror);
    ShapeData sign;
    sign.kind = ShapeData::Kind::Rect;
    sign.corner = {-0.6f, 0.15f, 0.0f};
    sign.edge_u = {1.2f, 0.0f, 0.0f};
    sign.edge_v = {0.0f, 0.8f, 0.0f};
    sign.color = {0.92f, 0.90f, 0.82f};
    add_shape("sign", translate(ground(-4.0f, 3.2f)), sign);
    // A square standing on its corner, turned 40 degrees about y: its corners' min/max box
    // holds much that is not the square, which the seed's min/max check accepts.
    ShapeData diamond = sign;
    const glm::mat3 turn(rotate(40.0f, {0, 1, 0}));
    diamond.corner = {0.0f, 0.15f, 0.0f};
    diamond.edge_u = turn * glm::vec3(0.6f, 0.6f, 0.0f);
    diamond.edge_v = turn * glm::vec3(-0.6f, 0.6f, 0.0f);
    diamond.color = {0.95f, 0.72f, 0.38f};
    add_shape("diamond", translate(ground(-4.6f, -0.6f)), diamond);
    ShapeData block;
    block.kind = ShapeData::Kind::Box;
    block.box_min = {-0.4f, 0.0f, -0.4f};
    block.box_max = {0.4f, 0.8f, 0.4f};
    block.color = {0.70f, 0.52f, 0.82f};
    add_shape("block",
              translate(ground(5.0f, -0.9f) - glm::vec3(0, 0.1f, 0)) * rotate(30.0f, {0, 1, 0}),
              block);
    ShapeData slab = block;
    slab.box_min = {-0.9f, 0.0f, -0.25f};
    slab.box_max = {0.9f, 0.5f, 0.25f};
    slab.color = {0.62f, 0.62f, 0.68f};
    add_shape("slab", translate(ground(-2.6f, -4.4f) - glm::vec3(0, 0.1f, 0)), slab);

    // == "arm_wave": 8 s loop. The shoulder turns and leans, the elbow bends, the wrist rolls.
    AnimationClip clip;
    clip.name = "arm_wave";
    clip.ticks_per_second = 24.0;
    clip.duration_ticks = 24.0 * 8.0;
    auto channel_for = [&](std::uint32_t node, std::vector<RotationKey> rotations) {
        NodeChannel channel;
        channel.node = node;
        channel.positions = {{0.0, glm::vec3(scene.nodes[node].local_transform[3])}};
        channel.rotations = std::move(rotations);
        channel.scales = {{0.0, glm::vec3(1.0f)}};
        clip.channels.push_back(std::move(channel));
    };
    {
        // Yaw about Y, then a lean about Z: one key list of combined rotations.
        std::vector<RotationKey> keys;
        const float yaw[] = {0, 60, 120, 60, 0, -60, -120, -60, 0};
        const float lean[] = {20, 35, 20, 5, 20, 35, 20, 5, 20};
        for (int s = 0; s <= 8; ++s)
            keys.push_back({24.0 * s, rotation(yaw[s], {0, 1, 0}) * rotation(lean[s], {0, 0, 1})});
        channel_for(shoulder, std::move(keys));
    }
    channel_for(elbow, keys_about({0, 0, 1}, {-40, -75, -40, -15, -40, -75, -40, -15, -40}));
    channel_for(wrist, keys_about({0, 1, 0}, {0, 90, 180, 270, 360, 270, 180, 90, 0}));
    add_tube_wave(clip, scene, tentacle, 28.0f, 4.0);
    {
        // The globe bobs: a shape follows its node like a mesh does.
        NodeChannel bob;
        bob.node = globe_node;
        const glm::vec3 rest(scene.nodes[globe_node].local_transform[3]);
        for (int s = 0; s <= 8; ++s)
            bob.positions.push_back({24.0 * s, rest + glm::vec3(0, s % 2 == 0 ? 0.0f : 0.25f, 0)});
        bob.rotations = {{0.0, glm::quat(1, 0, 0, 0)}};
        bob.scales = {{0.0, glm::vec3(1.0f)}};
        clip.channels.push_back(std::move(bob));
    }
    scene.clips.push_back(std::move(clip));

    scene.notes.push_back(
        "The arm's limbs are unit meshes under non-uniformly scaled, rotating nodes: picking moves "
        "the ray into each mesh's bone space instead of moving the triangles.");
    scene.notes.push_back(
        "The tentacle is skinned to a chain of six bones: its vertices are skinned on the CPU for "
        "every pose, and picking tests the very vertices that are drawn.");
    scene.notes.push_back(
        "The globe, the mirror, the sign, the diamond and the two blocks are analytic shapes "
        "(seed 002): "
        "drawn and picked from their equations, not from triangles.");
    return scene;
}

}  // namespace assets
