// validate_scene, what stands between the import process's answer and the rest of raypick:
// the built-in scene passes, and each thing broken in it alone is refused, naming what.

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "assets/load_model.h"

namespace assets {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

/// The built-in scene (meshes, a skin, morph targets, clips, shapes), as `validate_scene` sees it.
Scene valid_scene() {
    Scene scene = load_model(kDefaultSceneName);
    validate_scene(scene, "default");
    return scene;
}

/// What validate_scene says about `scene`, or "" when it passes.
std::string refusal(const Scene& scene) {
    try {
        validate_scene(scene, "s");
    } catch (const LoadError& e) {
        EXPECT_EQ(e.failure(), LoadFailure::Refused);
        return e.reason();
    }
    return "";
}

std::size_t skinned_mesh(const Scene& scene) {
    for (std::size_t m = 0; m < scene.meshes.size(); ++m)
        if (!scene.meshes[m].skin.empty()) return m;
    ADD_FAILURE() << "the built-in scene has no skinned mesh";
    return 0;
}

TEST(ValidateScene, TheBuiltInSceneHasEverythingToBreak) {
    const Scene scene = valid_scene();
    EXPECT_FALSE(scene.clips.empty());
    EXPECT_FALSE(scene.clips[0].channels.empty());
    EXPECT_FALSE(scene.shapes.empty());
    EXPECT_GT(scene.nodes.size(), 2u);
    EXPECT_EQ(refusal(scene), "");
}

TEST(ValidateScene, TheFirstNonFinitePositionAndTheFirstIndexOutOfRangeAreNamed) {
    // Each kind of non-finite coordinate, at each place of a vertex, in the first, a middle
    // and the last vertex, with a second culprit after it: the message names the first.
    const float inf = std::numeric_limits<float>::infinity();
    for (const float bad : {kNaN, inf, -inf}) {
        for (int axis = 0; axis < 3; ++axis) {
            Scene scene = valid_scene();
            std::vector<glm::vec3>& positions = scene.meshes[0].positions;
            ASSERT_GE(positions.size(), 3u);
            for (const std::size_t v :
                 {std::size_t(0), positions.size() / 2, positions.size() - 1}) {
                Scene broken = scene;
                broken.meshes[0].positions[v][axis] = bad;
                if (v + 1 < positions.size()) broken.meshes[0].positions.back()[2 - axis] = bad;
                EXPECT_NE(refusal(broken).find(": vertex " + std::to_string(v) +
                                               " has a non-finite position"),
                          std::string::npos)
                    << refusal(broken);
            }
        }
    }
    Scene scene = valid_scene();
    std::vector<std::uint32_t>& indices = scene.meshes[0].indices;
    const auto vertices = std::uint32_t(scene.meshes[0].positions.size());
    ASSERT_GE(indices.size(), 6u);
    for (const std::size_t i : {std::size_t(0), indices.size() / 2, indices.size() - 1}) {
        for (const std::uint32_t bad : {vertices, vertices + 1, std::uint32_t(0xFFFFFFFFu)}) {
            Scene broken = scene;
            broken.meshes[0].indices[i] = bad;
            if (i + 1 < indices.size()) broken.meshes[0].indices.back() = vertices + 7;
            EXPECT_NE(
                refusal(broken).find(": index " + std::to_string(i) + " is " + std::to_string(bad) +
                                     ", but it has " + std::to_string(vertices) + " vertices"),
                std::string::npos)
                << refusal(broken);
        }
    }
}

TEST(ValidateScene, NonFiniteNumbersAreRefused) {
    Scene normal = valid_scene();
    normal.meshes[0].normals[0].y = kNaN;
    EXPECT_NE(refusal(normal).find("has a non-finite normal"), std::string::npos);

    Scene transform = valid_scene();
    transform.nodes[1].local_transform[3][0] = INFINITY;
    EXPECT_NE(refusal(transform).find("has a non-finite transform"), std::string::npos);

    Scene offset = valid_scene();
    offset.meshes[skinned_mesh(offset)].skin.joints[0].bone_from_mesh[0][0] = kNaN;
    EXPECT_NE(refusal(offset).find("has a non-finite joint offset matrix"), std::string::npos);

    Scene key = valid_scene();
    key.clips[0].channels[0].rotations.at(0).value.x = kNaN;
    EXPECT_NE(refusal(key).find("has a non-finite rotation key"), std::string::npos);

    Scene shape = valid_scene();
    shape.shapes[0].radius = kNaN;
    EXPECT_NE(refusal(shape).find("has a non-finite number"), std::string::npos);
}

TEST(ValidateScene, ReferencesToWhatIsMissingAreRefused) {
    Scene channel = valid_scene();
    channel.clips[0].channels[0].node = std::uint32_t(channel.nodes.size());
    EXPECT_NE(refusal(channel).find("which is missing"), std::string::npos);

    Scene shape = valid_scene();
    shape.shapes[0].node = 1u << 30;
    EXPECT_NE(refusal(shape).find("sits at a missing node"), std::string::npos);
}

TEST(ValidateScene, KeysOutOfOrderAreRefused) {
    Scene scene = valid_scene();
    auto& keys = scene.clips[0].channels[0].rotations;
    ASSERT_GE(keys.size(), 2u);
    keys[1].time = keys[0].time - 1.0;
    EXPECT_NE(refusal(scene).find("key times that are not finite and sorted"), std::string::npos);
}

// A child listed twice would be placed, drawn and picked twice.
TEST(ValidateScene, AChildListedTwiceIsRefused) {
    Scene scene = valid_scene();
    scene.nodes[0].children.push_back(scene.nodes[0].children.at(0));
    EXPECT_EQ(refusal(scene), "lists " + std::to_string(scene.nodes.size()) + " children for " +
                                  std::to_string(scene.nodes.size() - 1) + " nodes below the root");
}

// A name of more than 1,023 bytes (what Assimp's aiString holds) drawn as one text aborted the
// viewer (ImGui 1.86 draws at most about 16,000 characters at once): the loaders cap names, and
// an answer that does not is refused.
TEST(ValidateScene, NamesLongerThanAssimpKeepsAreRefused) {
    for (int what = 0; what < 5; ++what) {
        Scene scene = valid_scene();
        const std::string long_name(kMaxNameBytes + 1, 'n');
        switch (what) {
            case 0:
                scene.nodes[1].name = long_name;
                break;
            case 1:
                scene.meshes[0].name = long_name;
                break;
            case 2:
                scene.materials[0].name = long_name;
                break;
            case 3:
                scene.clips[0].name = long_name;
                break;
            default:
                scene.shapes[0].name = long_name;
                break;
        }
        EXPECT_NE(refusal(scene).find("name is 1024 bytes long (at most 1023)"), std::string::npos)
            << what;
    }
    Scene fits = valid_scene();
    fits.nodes[1].name = std::string(kMaxNameBytes, 'n');
    EXPECT_EQ(refusal(fits), "");
}

TEST(ValidateScene, CappedNamesKeepWholeCharacters) {
    EXPECT_EQ(capped_name("short"), "short");
    const std::string ascii(5000, 'a');
    EXPECT_EQ(capped_name(ascii), std::string(kMaxNameBytes, 'a'));
    // "é" is two bytes: 1,022 of them end at byte 1,022, and the 1,023rd byte would cut one.
    std::string accents;
    for (int i = 0; i < 600; ++i)
        accents += "\xc3\xa9";
    const std::string capped = capped_name(accents);
    EXPECT_EQ(capped.size(), 1022u);
    EXPECT_EQ(capped, accents.substr(0, 1022));
}

/// The built-in scene with one UV channel and colours on mesh 0 that pass.
Scene scene_with_attributes() {
    Scene scene = valid_scene();
    MeshData& mesh = scene.meshes[0];
    mesh.tex_coords.push_back({std::vector<glm::vec2>(mesh.positions.size(), glm::vec2(0.5f)), 2});
    mesh.colors.assign(mesh.positions.size(), glm::vec4(1.0f));
    scene.materials[0].base_color_texture = "wood.png";
    EXPECT_EQ(refusal(scene), "");
    return scene;
}

TEST(ValidateScene, VertexAttributesMustHaveOneFiniteElementPerPosition) {
    Scene short_channel = scene_with_attributes();
    short_channel.meshes[0].tex_coords[0].uv.pop_back();
    EXPECT_NE(refusal(short_channel).find("coordinates in its texture coordinate channel 0 for"),
              std::string::npos)
        << refusal(short_channel);

    Scene long_second = scene_with_attributes();
    long_second.meshes[0].tex_coords.push_back(long_second.meshes[0].tex_coords[0]);
    long_second.meshes[0].tex_coords[1].uv.emplace_back(0.0f, 0.0f);
    EXPECT_NE(refusal(long_second).find("texture coordinate channel 1"), std::string::npos);

    Scene nan_uv = scene_with_attributes();
    nan_uv.meshes[0].tex_coords[0].uv[3].y = kNaN;
    EXPECT_NE(refusal(nan_uv).find("non-finite coordinate"), std::string::npos);

    Scene components = scene_with_attributes();
    components.meshes[0].tex_coords[0].components = 4;
    EXPECT_NE(refusal(components).find("4 components"), std::string::npos);

    Scene too_many = scene_with_attributes();
    too_many.meshes[0].tex_coords.resize(kMaxTexCoordChannels + 1,
                                         too_many.meshes[0].tex_coords[0]);
    EXPECT_NE(refusal(too_many).find("9 texture coordinate channels"), std::string::npos);

    Scene short_colors = scene_with_attributes();
    short_colors.meshes[0].colors.pop_back();
    EXPECT_NE(refusal(short_colors).find("vertex colours for"), std::string::npos);

    Scene nan_color = scene_with_attributes();
    nan_color.meshes[0].colors[1].a = kNaN;
    EXPECT_NE(refusal(nan_color).find("non-finite vertex colour"), std::string::npos);

    Scene long_path = scene_with_attributes();
    long_path.materials[0].base_color_texture.assign(kMaxTexturePathBytes + 1, 'a');
    EXPECT_NE(refusal(long_path).find("texture path of 4097 bytes"), std::string::npos);
}

}  // namespace
}  // namespace assets
