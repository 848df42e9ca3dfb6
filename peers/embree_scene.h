#pragma once
/// The industrial baseline: the same scene picked through Embree 3 (rtcIntersect1, and
/// rtcIntersect16 for packets), for side
/// by side comparisons in the viewer and the benchmarks. Built only when Debian's
/// libembree-dev is found (RAYPICK_HAVE_EMBREE); picking/ never depends on it.

#include <cstddef>
#include <memory>
#include <optional>
#include <span>

#include "picking/scene/scene_pick.h"
#include "picking/scene/scene_view.h"

namespace peers {

struct EmbreeOptions {
    /// RTC_SCENE_FLAG_ROBUST: Embree's watertight mode (slower); off is its default mode,
    /// where rays can slip through shared edges.
    bool robust = false;
    unsigned threads = 0;  ///< Embree's worker threads; 0: every core
};

/// One Embree device and scene: a geometry per mesh, instanced per SceneView instance (the
/// mesh directly when the scene is one mesh at the identity). MEDIUM build quality, Embree's
/// default. The pose is followed through update_pose(): new instance transforms, and new
/// vertices for meshes that deform (skins, morph targets), whose BVHs Embree then refits.
class EmbreeScene {
  public:
    /// Builds everything (the build time is in build_milliseconds()). Throws std::runtime_error
    /// when Embree reports an error.
    EmbreeScene(const picking::SceneView& scene, const EmbreeOptions& options);
    ~EmbreeScene();
    EmbreeScene(const EmbreeScene&) = delete;
    EmbreeScene& operator=(const EmbreeScene&) = delete;

    /// A new pose of the scene it was built from (same meshes, vertex counts and instances):
    /// the vertices of `deformed_meshes` are taken from scene.meshes, every instance transform
    /// from scene.instances, and the scene is committed once. A single mesh built at the
    /// identity that moves gets an instancing layer then.
    void update_pose(const picking::SceneView& scene,
                     std::span<const std::uint32_t> deformed_meshes);
    /// update_pose() with no deformed mesh: new instance transforms only.
    void update_instances(const picking::SceneView& scene);

    /// The closest hit in the world ray's [t_min, t_max]: t along the world ray, u and v the
    /// weights of the triangle's 2nd and 3rd corner (Embree's convention is ours).
    [[nodiscard]] std::optional<picking::SceneHit> intersect(const picking::Ray& world_ray) const;
    /// Up to kPacketRays rays at once through rtcIntersect16 (hits[i] for rays[i]): Embree's
    /// packet path, as intersect() answers each ray.
    void intersect_packet(std::span<const picking::Ray> rays,
                          std::span<std::optional<picking::SceneHit>> hits) const;
    static constexpr std::size_t kPacketRays = 16;

    [[nodiscard]] double build_milliseconds() const { return build_ms_; }
    /// What Embree allocated for its acceleration structures (its memory monitor; the vertex
    /// and index buffers are shared with us and not counted).
    [[nodiscard]] std::size_t memory_bytes() const;
    [[nodiscard]] bool robust() const { return options_.robust; }

  private:
    struct State;
    void leave_direct(const picking::SceneView& scene);
    std::unique_ptr<State> state_;
    EmbreeOptions options_;
    double build_ms_ = 0.0;
};

/// Whether this build has Embree.
[[nodiscard]] bool embree_available();

}  // namespace peers
