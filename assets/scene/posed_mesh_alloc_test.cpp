// Posing a mesh again does not allocate (assets/scene/posed_mesh.h's promise, which the viewer's
// playback relies on): after the first pose of a mesh has sized its buffers, pose_mesh() reuses
// PosedMesh's vertices, skinning palette, palette rows and morph weights. Counted by replacing
// the global operator new in this test binary alone.

#include <atomic>
#include <cstdlib>
#include <new>

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include "assets/procedural/default_scene.h"
#include "assets/procedural/skinned_tube.h"
#include "assets/scene/pose.h"
#include "assets/scene/posed_mesh.h"

namespace {

std::atomic<bool> g_counting{false};
std::atomic<std::size_t> g_allocations{0};

}  // namespace

// GCC pairs the malloc below with this file's delete when it inlines them, and then warns
// that free() meets operator new: they are one replacement pair, malloc and free.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t size) {
    if (g_counting.load(std::memory_order_relaxed))
        g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size > 0 ? size : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}

namespace assets {
namespace {

/// Allocations made by `work`.
template <typename Work>
std::size_t allocations_in(Work&& work) {
    g_allocations = 0;
    g_counting = true;
    work();
    g_counting = false;
    return g_allocations.load();
}

/// A quad skinned to two joints (nodes 1 and 2) with a morph target, drawn at node 0: every
/// step of pose_mesh() (weights, morph, palette, rows, skinning) runs.
Scene skinned_and_morphed_quad() {
    Scene scene;
    scene.nodes.push_back({"root", glm::mat4(1.0f), -1, {1, 2}, {0}});
    scene.nodes.push_back({"j1", glm::mat4(1.0f), 0, {}, {}});
    scene.nodes.push_back({"j2", glm::translate(glm::mat4(1.0f), {0, 1, 0}), 0, {}, {}});
    MeshData quad;
    quad.positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
    quad.normals.assign(4, {0, 0, 1});
    quad.indices = {0, 1, 2, 0, 2, 3};
    quad.skin.joints = {{1, glm::mat4(1.0f)}, {2, glm::translate(glm::mat4(1.0f), {0, -1, 0})}};
    normalize_skin_weights(quad.skin,
                           {{{0, 1.0f}}, {{0, 1.0f}}, {{0, 0.5f}, {1, 0.5f}}, {{1, 1.0f}}});
    quad.morph_targets.push_back({"bulge", std::vector<glm::vec3>(4, {0, 0, 1}), {}, 0.5f});
    scene.meshes.push_back(quad);
    AnimationClip clip;
    clip.duration_ticks = 10.0;
    clip.ticks_per_second = 10.0;
    NodeChannel turn;
    turn.node = 2;
    turn.rotations = {{0.0, glm::quat(1, 0, 0, 0)},
                      {10.0, glm::angleAxis(1.0f, glm::vec3(0, 0, 1))}};
    clip.channels.push_back(turn);
    clip.morph_channels.push_back({0, {{0.0, {0.0f}}, {10.0, {1.0f}}}});
    scene.clips.push_back(clip);
    return scene;
}

void expect_no_allocation_after_the_first_pose(const Scene& scene, std::uint32_t mesh,
                                               std::uint32_t node) {
    ASSERT_FALSE(scene.clips.empty());
    const Pose a = evaluate_pose(scene, &scene.clips[0], 0.1, true);
    const Pose b = evaluate_pose(scene, &scene.clips[0], 0.7, true);
    for (const bool normals : {false, true}) {
        PosedMesh posed;
        pose_mesh(scene, mesh, node, a, normals, posed);  // sizes the buffers
        const std::vector<glm::vec3> first = posed.positions;
        EXPECT_EQ(allocations_in([&] { pose_mesh(scene, mesh, node, b, normals, posed); }), 0u)
            << "normals " << normals;
        EXPECT_EQ(allocations_in([&] { pose_mesh(scene, mesh, node, a, normals, posed); }), 0u)
            << "normals " << normals;
        EXPECT_EQ(posed.positions, first);  // and posing again gives the same vertices
    }
}

TEST(PosedMeshAllocations, ASkinnedAndMorphedMeshPosesWithoutAllocating) {
    const Scene scene = skinned_and_morphed_quad();
    ASSERT_TRUE(scene.meshes[0].deforms());
    expect_no_allocation_after_the_first_pose(scene, 0, 0);
}

TEST(PosedMeshAllocations, TheDefaultScenesTentaclePosesWithoutAllocating) {
    const Scene scene = make_default_scene();
    bool found = false;
    for (const MeshInstance& instance : scene.instances())
        if (scene.meshes[instance.mesh].deforms()) {
            expect_no_allocation_after_the_first_pose(scene, instance.mesh, instance.node);
            found = true;
        }
    EXPECT_TRUE(found);
}

// A vertex with more than four influences reads the skin's overflow, never a buffer of its own.
TEST(PosedMeshAllocations, ATubeWithEightInfluencesPerVertexPosesWithoutAllocating) {
    Scene scene;
    scene.nodes.push_back({"root", glm::mat4(1.0f), -1, {}, {}});
    SkinnedTubeOptions options;
    options.bones = 10;
    options.joints_per_vertex = 8;
    const auto bones = add_skinned_tube(scene, 0, "tube", glm::mat4(1.0f), options, glm::vec3(1));
    ASSERT_TRUE(scene.meshes[0].skin.has_extra_influences());
    AnimationClip clip;
    clip.ticks_per_second = 24.0;
    clip.duration_ticks = 24.0;
    add_tube_wave(clip, scene, bones, 30.0f, 1.0);
    scene.clips.push_back(clip);
    expect_no_allocation_after_the_first_pose(scene, 0, 1);
}

// The counter counts: the first pose does allocate.
TEST(PosedMeshAllocations, TheFirstPoseAllocates) {
    const Scene scene = skinned_and_morphed_quad();
    const Pose pose = evaluate_pose(scene, &scene.clips[0], 0.3, true);
    PosedMesh posed;
    EXPECT_GT(allocations_in([&] { pose_mesh(scene, 0, 0, pose, true, posed); }), 0u);
}

}  // namespace
}  // namespace assets
