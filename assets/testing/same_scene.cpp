#include "assets/testing/same_scene.h"

#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace assets::testing {

namespace {

/// Bitwise: -0 differs from 0, and a NaN equals the same NaN.
template <class T>
bool same_bits(const T& a, const T& b) {
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
void expect_same_array(const std::vector<T>& expected, const std::vector<T>& actual,
                       const std::string& what) {
    ASSERT_EQ(expected.size(), actual.size()) << what;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        if (!same_bits(expected[i], actual[i])) {
            ADD_FAILURE() << what << " differ first at element " << i;
            return;
        }
    }
}

void expect_same_vector_keys(const std::vector<VectorKey>& expected,
                             const std::vector<VectorKey>& actual, const std::string& what) {
    ASSERT_EQ(expected.size(), actual.size()) << what;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_TRUE(same_bits(expected[i].time, actual[i].time)) << what << " " << i;
        EXPECT_TRUE(same_bits(expected[i].value, actual[i].value)) << what << " " << i;
    }
}

void expect_same_mesh(const MeshData& expected, const MeshData& actual, const std::string& what) {
    EXPECT_EQ(expected.name, actual.name) << what;
    expect_same_array(expected.positions, actual.positions, what + " positions");
    expect_same_array(expected.normals, actual.normals, what + " normals");
    expect_same_array(expected.indices, actual.indices, what + " indices");
    EXPECT_EQ(expected.material, actual.material) << what;
    EXPECT_EQ(expected.flat_shaded, actual.flat_shaded) << what;
    ASSERT_EQ(expected.tex_coords.size(), actual.tex_coords.size()) << what << " UV channels";
    for (std::size_t c = 0; c < expected.tex_coords.size(); ++c) {
        EXPECT_EQ(expected.tex_coords[c].components, actual.tex_coords[c].components) << what;
        expect_same_array(expected.tex_coords[c].uv, actual.tex_coords[c].uv,
                          what + " UV channel " + std::to_string(c));
    }
    expect_same_array(expected.colors, actual.colors, what + " vertex colours");
    const MeshSkin& a = expected.skin;
    const MeshSkin& b = actual.skin;
    ASSERT_EQ(a.joints.size(), b.joints.size()) << what << " joints";
    for (std::size_t j = 0; j < a.joints.size(); ++j) {
        EXPECT_EQ(a.joints[j].node, b.joints[j].node) << what << " joint " << j;
        EXPECT_TRUE(same_bits(a.joints[j].bone_from_mesh, b.joints[j].bone_from_mesh))
            << what << " joint " << j;
    }
    expect_same_array(a.vertex_joints, b.vertex_joints, what + " vertex joints");
    expect_same_array(a.vertex_weights, b.vertex_weights, what + " vertex weights");
    expect_same_array(a.extra_begin, b.extra_begin, what + " overflow offsets");
    ASSERT_EQ(a.extra_influences.size(), b.extra_influences.size()) << what << " overflow";
    for (std::size_t i = 0; i < a.extra_influences.size(); ++i) {
        EXPECT_EQ(a.extra_influences[i].joint, b.extra_influences[i].joint) << what << " " << i;
        EXPECT_TRUE(same_bits(a.extra_influences[i].weight, b.extra_influences[i].weight))
            << what << " overflow influence " << i;
    }
    EXPECT_EQ(a.rigid_joint, b.rigid_joint) << what;
    ASSERT_EQ(expected.morph_targets.size(), actual.morph_targets.size()) << what;
    for (std::size_t t = 0; t < expected.morph_targets.size(); ++t) {
        const MorphTarget& x = expected.morph_targets[t];
        const MorphTarget& y = actual.morph_targets[t];
        const std::string target = what + " morph target " + std::to_string(t);
        EXPECT_EQ(x.name, y.name) << target;
        expect_same_array(x.position_deltas, y.position_deltas, target + " position deltas");
        expect_same_array(x.normal_deltas, y.normal_deltas, target + " normal deltas");
        EXPECT_TRUE(same_bits(x.default_weight, y.default_weight)) << target;
    }
}

void expect_same_shape(const ShapeData& a, const ShapeData& b, const std::string& what) {
    EXPECT_EQ(a.kind, b.kind) << what;
    EXPECT_EQ(a.name, b.name) << what;
    EXPECT_EQ(a.node, b.node) << what;
    for (const auto member : {&ShapeData::color, &ShapeData::center, &ShapeData::point,
                              &ShapeData::normal, &ShapeData::corner, &ShapeData::edge_u,
                              &ShapeData::edge_v, &ShapeData::box_min, &ShapeData::box_max}) {
        EXPECT_TRUE(same_bits(a.*member, b.*member)) << what;
    }
    EXPECT_TRUE(same_bits(a.radius, b.radius)) << what;
}

void expect_same_node(const SceneNode& a, const SceneNode& b, const std::string& what) {
    EXPECT_EQ(a.name, b.name) << what;
    EXPECT_TRUE(same_bits(a.local_transform, b.local_transform)) << what;
    EXPECT_EQ(a.parent, b.parent) << what;
    EXPECT_EQ(a.children, b.children) << what;
    EXPECT_EQ(a.meshes, b.meshes) << what;
}

void expect_same_clip(const AnimationClip& a, const AnimationClip& b, const std::string& what) {
    EXPECT_EQ(a.name, b.name) << what;
    EXPECT_TRUE(same_bits(a.duration_ticks, b.duration_ticks)) << what;
    EXPECT_TRUE(same_bits(a.ticks_per_second, b.ticks_per_second)) << what;
    ASSERT_EQ(a.channels.size(), b.channels.size()) << what;
    for (std::size_t c = 0; c < a.channels.size(); ++c) {
        const NodeChannel& x = a.channels[c];
        const NodeChannel& y = b.channels[c];
        const std::string channel = what + " channel " + std::to_string(c);
        EXPECT_EQ(x.node, y.node) << channel;
        expect_same_vector_keys(x.positions, y.positions, channel + " positions");
        ASSERT_EQ(x.rotations.size(), y.rotations.size()) << channel;
        for (std::size_t k = 0; k < x.rotations.size(); ++k) {
            EXPECT_TRUE(same_bits(x.rotations[k].time, y.rotations[k].time)) << channel;
            EXPECT_TRUE(same_bits(x.rotations[k].value, y.rotations[k].value)) << channel;
        }
        expect_same_vector_keys(x.scales, y.scales, channel + " scales");
        EXPECT_EQ(x.pre_state, y.pre_state) << channel;
        EXPECT_EQ(x.post_state, y.post_state) << channel;
    }
    ASSERT_EQ(a.morph_channels.size(), b.morph_channels.size()) << what;
    for (std::size_t c = 0; c < a.morph_channels.size(); ++c) {
        const MorphChannel& x = a.morph_channels[c];
        const MorphChannel& y = b.morph_channels[c];
        const std::string channel = what + " morph channel " + std::to_string(c);
        EXPECT_EQ(x.node, y.node) << channel;
        ASSERT_EQ(x.keys.size(), y.keys.size()) << channel;
        for (std::size_t k = 0; k < x.keys.size(); ++k) {
            EXPECT_TRUE(same_bits(x.keys[k].time, y.keys[k].time)) << channel;
            expect_same_array(x.keys[k].weights, y.keys[k].weights, channel + " weights");
        }
    }
}

}  // namespace

void expect_same_scene(const Scene& expected, const Scene& actual) {
    EXPECT_EQ(expected.source, actual.source);
    ASSERT_EQ(expected.meshes.size(), actual.meshes.size());
    for (std::size_t i = 0; i < expected.meshes.size(); ++i)
        expect_same_mesh(expected.meshes[i], actual.meshes[i], "mesh " + std::to_string(i));
    ASSERT_EQ(expected.shapes.size(), actual.shapes.size());
    for (std::size_t i = 0; i < expected.shapes.size(); ++i)
        expect_same_shape(expected.shapes[i], actual.shapes[i], "shape " + std::to_string(i));
    ASSERT_EQ(expected.materials.size(), actual.materials.size());
    for (std::size_t i = 0; i < expected.materials.size(); ++i) {
        EXPECT_EQ(expected.materials[i].name, actual.materials[i].name) << "material " << i;
        EXPECT_TRUE(same_bits(expected.materials[i].base_color, actual.materials[i].base_color))
            << "material " << i;
        EXPECT_EQ(expected.materials[i].base_color_texture, actual.materials[i].base_color_texture)
            << "material " << i;
    }
    ASSERT_EQ(expected.nodes.size(), actual.nodes.size());
    for (std::size_t i = 0; i < expected.nodes.size(); ++i)
        expect_same_node(expected.nodes[i], actual.nodes[i], "node " + std::to_string(i));
    ASSERT_EQ(expected.clips.size(), actual.clips.size());
    for (std::size_t i = 0; i < expected.clips.size(); ++i)
        expect_same_clip(expected.clips[i], actual.clips[i], "clip " + std::to_string(i));
    EXPECT_EQ(expected.notes, actual.notes);
}

}  // namespace assets::testing
