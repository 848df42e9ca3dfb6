// libFuzzer harness: the Assimp-scene conversion (assets/assimp_scene.h) and validate_scene,
// fed aiScenes a structure-aware generator builds from the fuzzer's bytes (no Assimp parser
// runs), then what the app does next with an accepted scene: every clip posed at a time, and
// every mesh posed (morph targets, skins) as picking and drawing see it. A scene is either
// refused with LoadError or is one the rest of the app can use.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "assets/assimp_scene.h"
#include "assets/load_model.h"
#include "assets/scene/pose.h"
#include "assets/scene/posed_mesh.h"
#include "fuzz/assimp_scene_generator.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    const std::unique_ptr<aiScene> source = fuzz::generate_assimp_scene(in);
    assets::Scene scene;
    try {
        scene = assets::scene_from_assimp(*source, "fuzz.scene");
        assets::validate_scene(scene, "fuzz.scene");
    } catch (const assets::LoadError&) {
        return 0;
    }
    FUZZ_CHECK(scene.triangle_count() > 0);
    const double time = in.ConsumeFloatingPointInRange<double>(-1e3, 1e3);
    const bool loop = in.ConsumeBool();
    for (std::size_t c = 0; c <= scene.clips.size(); ++c) {
        const assets::AnimationClip* clip = c < scene.clips.size() ? &scene.clips[c] : nullptr;
        const assets::Pose pose = assets::evaluate_pose(scene, clip, time, loop);
        FUZZ_CHECK(pose.world.size() == scene.nodes.size());
        // Each mesh posed in the space of the first node that draws it, as the app does.
        std::vector<bool> posed_once(scene.meshes.size(), false);
        for (const assets::MeshInstance& instance : scene.instances()) {
            if (posed_once[instance.mesh]) continue;
            posed_once[instance.mesh] = true;
            assets::PosedMesh posed;
            assets::pose_mesh(scene, instance.mesh, instance.node, pose, true, posed);
            FUZZ_CHECK(posed.positions.empty() ||
                       posed.positions.size() == scene.meshes[instance.mesh].positions.size());
        }
    }
    return 0;
}
