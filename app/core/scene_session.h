#pragma once
/// The glue between assets and picking: a loaded Scene posed at a time, seen by picking as a
/// SceneView whose meshes are the current vertices (skinned and morphed ones recomputed for
/// the pose) and whose instances carry each mesh's current world_from_mesh. The viewer and the
/// command line both pick through this class, and the renderer draws what it holds, so what is
/// picked is what is drawn.

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/accel_store.h"
#include "app/core/pick_choice.h"
#include "app/core/settings_names.h"
#include "assets/scene/pose.h"
#include "assets/scene/posed_mesh.h"
#include "assets/scene/scene.h"
#include "peers/embree_scene.h"
#include "picking/scene/all_hits.h"
#include "picking/scene/scene_accel.h"
#include "picking/scene/scene_pick.h"

namespace app {

/// Which pose a pick or a query is about.
enum class PoseChoice {
    Current,  ///< the clip at the session's time: what is drawn
    Bind,     ///< raw vertices under rest transforms: what naive picking hits
};

/// A mesh of picking's view of the session (SceneSession::view().meshes): the scene's meshes
/// first, with the same numbers, then instances' own copies.
enum class ViewMesh : std::uint32_t {};
/// A mesh of the loaded scene (assets::Scene::meshes), the number picks report.
enum class SceneMesh : std::uint32_t {};
[[nodiscard]] constexpr std::uint32_t index(ViewMesh mesh) {
    return std::uint32_t(mesh);
}
[[nodiscard]] constexpr std::uint32_t index(SceneMesh mesh) {
    return std::uint32_t(mesh);
}

struct SessionOptions {
    bool deform_normals = false;  ///< also recompute normals of deforming meshes (for drawing)
};

class SceneSession {
  public:
    explicit SceneSession(assets::Scene scene, SessionOptions options = {});
    SceneSession(const SceneSession&) = delete;  // the SceneViews point into this object
    SceneSession& operator=(const SceneSession&) = delete;

    [[nodiscard]] const assets::Scene& scene() const { return scene_; }
    /// Picking's view of the current pose (or of the bind pose).
    [[nodiscard]] const picking::SceneView& view(PoseChoice pose = PoseChoice::Current) const {
        return pose == PoseChoice::Current ? view_ : bind_view_;
    }

    // == Time and clip
    /// Poses the scene at `seconds` of the current clip (the rest pose when there is none).
    void set_time(double seconds);
    [[nodiscard]] double time() const { return time_; }
    /// -1 for the rest pose.
    void set_clip(int clip);
    /// Selects a clip by name, by index, or "rest" for the rest pose; returns why not (naming
    /// the clips there are) when there is no such clip.
    [[nodiscard]] std::optional<std::string> choose_clip(std::string_view name);
    [[nodiscard]] int clip() const { return clip_; }
    /// Looping wraps the time into the clip; otherwise the keys' pre/post states apply outside.
    void set_loop(bool loop);
    [[nodiscard]] bool loop() const { return loop_; }
    [[nodiscard]] double duration() const;
    /// Where in the clip `seconds` falls, as the timeline shows it: wrapped into
    /// [0, duration()) while looping, as it is otherwise (one clock for every panel).
    [[nodiscard]] double clip_time(double seconds) const;
    [[nodiscard]] double clip_time() const { return clip_time(time_); }
    /// Changes whenever the pose does: deforming meshes' vertices (and their BVHs) are stale
    /// for anyone who saw an older version.
    [[nodiscard]] std::uint64_t pose_version() const { return pose_version_; }

    // == Far from origin
    /// Moves the whole scene by `offset`: every instance's world_from_mesh gains the
    /// translation, in float, as a model stored far from the origin would have it.
    void set_world_offset(glm::dvec3 offset);
    [[nodiscard]] glm::dvec3 world_offset() const { return offset_; }
    /// Each instance's world_from_mesh with the model at its own place (no world offset), in
    /// the order of view().instances.
    [[nodiscard]] const std::vector<glm::mat4>& instance_world_home() const {
        return instance_world_home_;
    }

    // == The pose
    [[nodiscard]] const assets::Pose& pose() const { return pose_; }
    /// world_from_node for every node in the current pose.
    [[nodiscard]] const std::vector<glm::mat4>& world_transforms() const { return pose_.world; }
    /// world_from_mesh for every instance (Scene::instances() order) in the chosen pose.
    [[nodiscard]] std::span<const glm::mat4> instance_transforms(
        PoseChoice pose = PoseChoice::Current) const {
        return pose == PoseChoice::Current ? instance_world_ : bind_instance_world_;
    }
    /// world_from_shape for every analytic shape (Scene::shapes order) in the chosen pose.
    [[nodiscard]] std::vector<glm::mat4> shape_transforms(
        PoseChoice pose = PoseChoice::Current) const {
        std::vector<glm::mat4> transforms;
        for (const picking::ShapeInstance& shape : view(pose).shapes)
            transforms.push_back(shape.world_from_shape);
        return transforms;
    }
    // == Picking's meshes: the scene's, then instances' own copies
    // view().meshes starts with the scene's meshes, same indices; after them come copies for
    // instances that need their own vertices: a morphing mesh drawn at several nodes is morphed
    // with each node's weights, so every instance after the first gets a copy (and
    // view().instances[i].mesh names it; picks still report the scene's mesh). The two kinds of
    // number are different types: ViewMesh and SceneMesh.

    /// The view mesh instance `instance` draws (its own copy, if it has one).
    [[nodiscard]] ViewMesh view_mesh(std::uint32_t instance) const {
        return ViewMesh{view_.instances[instance].mesh};
    }
    /// The vertices of a view mesh in the current pose, in its instances' mesh space.
    [[nodiscard]] std::span<const glm::vec3> mesh_positions(ViewMesh mesh) const {
        return view_.meshes[index(mesh)].positions;
    }
    /// The vertices instance `instance` has in the current pose (its own copy's, if it has one).
    [[nodiscard]] std::span<const glm::vec3> instance_positions(std::uint32_t instance) const {
        return mesh_positions(view_mesh(instance));
    }
    /// Its normals in the current pose (the loaded ones unless it deforms and
    /// SessionOptions::deform_normals is set).
    [[nodiscard]] std::span<const glm::vec3> mesh_normals(ViewMesh mesh) const;
    /// A scene mesh's normals as loaded, one per vertex: the file's, or, for a mesh whose file
    /// gave none, smooth ones derived the first time anything asks (picking never does, so a
    /// big model is picked without them). Safe to call from several threads.
    [[nodiscard]] std::span<const glm::vec3> loaded_normals(SceneMesh mesh) const;
    /// mesh_normals(mesh) and loaded_normals(mesh) at a triangle's three corners: the same
    /// floats, but the first time smooth normals not derived yet are asked for, they are found
    /// for the three alone (a first pick of a big mesh need not wait for millions); from the
    /// second time on the mesh's are derived, once (a file of rays then costs one derivation,
    /// not a search of the mesh per hit).
    [[nodiscard]] std::array<glm::vec3, 3> mesh_normals_at(ViewMesh mesh,
                                                           const std::uint32_t* corners) const;
    [[nodiscard]] std::array<glm::vec3, 3> loaded_normals_at(SceneMesh mesh,
                                                             const std::uint32_t* corners) const;
    /// View meshes whose vertices change with the pose (morph targets, skins of several
    /// joints), own copies included.
    [[nodiscard]] std::vector<ViewMesh> deforming_meshes() const;
    [[nodiscard]] bool deforms(ViewMesh mesh) const;
    /// The scene mesh a view mesh is (or copies).
    [[nodiscard]] SceneMesh scene_mesh(ViewMesh mesh) const {
        return SceneMesh{scene_mesh_index(index(mesh))};
    }
    /// The instance a view mesh is the own copy of; nothing for the scene's meshes.
    [[nodiscard]] std::optional<std::uint32_t> own_copy_instance(ViewMesh mesh) const;

    // == Bounds
    /// The world-space box around every instance in the current pose (an empty scene: the
    /// origin, a box of no size).
    [[nodiscard]] picking::Aabb world_bounds() const;
    /// The box the scene occupies over its whole clip (sampled), for a camera that keeps still.
    [[nodiscard]] picking::Aabb animated_bounds() const;
    /// The world-space box around the instances of `node` and of every node below it, in the
    /// current pose; empty when they hold no mesh (or there is no such node).
    [[nodiscard]] picking::Aabb node_bounds(std::uint32_t node) const;

    // == Picking
    /// Picks in `pose` with `choice`: its accel decides the broad phase (over what prepare()
    /// has built so far: a broad phase whose data is missing falls back to `none`, and the
    /// result says so) or sends the ray to Embree. The bind pose has no acceleration
    /// structures: it is always picked triangle by triangle.
    [[nodiscard]] picking::PickResult pick(const picking::Ray& world_ray, const PickChoice& choice,
                                           PoseChoice pose = PoseChoice::Current) const;
    /// Every intersection along the ray (the All hits view, pick --all-hits).
    [[nodiscard]] picking::AllHitsResult all_hits(const picking::Ray& world_ray,
                                                  const PickChoice& choice,
                                                  PoseChoice pose = PoseChoice::Current) const {
        return picking::all_hits(view(pose), world_ray, choice.settings());
    }
    /// The bare closest hit in the current pose, for tight loops (bench, heatmap): no timing,
    /// no hit details.
    [[nodiscard]] std::optional<picking::SceneHit> intersect(const picking::Ray& world_ray,
                                                             const PickChoice& choice,
                                                             picking::PickStats& stats) const;

    /// Many rays through one scene and one choice (bench, heatmap): everything but the ray
    /// resolved once. Valid while the session is neither reposed nor rebuilt.
    class Caster {
      public:
        [[nodiscard]] std::optional<picking::SceneHit> intersect(const picking::Ray& world_ray,
                                                                 picking::PickStats& stats) const {
            if (embree_) return embree_->intersect(world_ray);
            return plan_.intersect(world_ray, stats);
        }
        /// Rays that are neighbours on screen, kPacketRays at a time (hits[i] for rays[i]):
        /// raypick's packet traversal, or Embree's rtcIntersect16. Each hit is what
        /// intersect() gives for that ray.
        static constexpr std::size_t kPacketRays = picking::kPacketRays;
        void intersect_packet(std::span<const picking::Ray> rays,
                              std::span<std::optional<picking::SceneHit>> hits,
                              picking::PickStats& stats) const {
            const std::size_t count = std::min({rays.size(), hits.size(), kPacketRays});
            static_assert(kPacketRays == peers::EmbreeScene::kPacketRays);
            if (embree_) return embree_->intersect_packet(rays.first(count), hits.first(count));
            plan_.intersect_packet(rays.first(count), hits.first(count), stats);
        }

      private:
        friend class SceneSession;
        Caster(const picking::PickPlan& plan, const peers::EmbreeScene* embree)
            : plan_(plan), embree_(embree) {}
        picking::PickPlan plan_;
        const peers::EmbreeScene* embree_;
    };
    [[nodiscard]] Caster caster(const PickChoice& choice) const;

    // == Acceleration structures (of the current pose)
    /// The broad phases and the Embree scenes, kept current with the pose (see the thread
    /// rule in accel_store.h: only this session's owner builds, adopts or poses).
    [[nodiscard]] const AccelStore& accels() const { return *accels_; }
    [[nodiscard]] AccelStore& accels() { return *accels_; }
    /// Builds what `accel` needs on this thread unless it is there (the commands; the viewer
    /// builds with a job): the BVHs (on `threads` threads; 0: every core; by the method
    /// set_bvh_build() asked for, unless they were built so) or the Embree scene.
    /// Returns the milliseconds spent building (0 if it was ready). Throws std::runtime_error
    /// when Embree fails.
    double prepare(Accel accel, unsigned threads = 0, picking::BuildProgress* progress = nullptr);
    /// How the BVHs are to be built (SAH unless asked). BVHs built the other way serve until
    /// the next prepare() or build job replaces them (accels().bvh_build() says how they were).
    void set_bvh_build(picking::BvhBuildMethod method) { bvh_build_ = method; }
    /// The BVHs are built, and by the method asked for.
    [[nodiscard]] bool bvh_current() const {
        return accels_->ready(Accel::Bvh) && accels_->bvh_build() == bvh_build_;
    }
    [[nodiscard]] picking::BvhBuildMethod bvh_build() const { return bvh_build_; }
    /// What a build away from the session may read: the meshes as loaded (they never change;
    /// deforming ones are refitted to the pose when the build is adopted) and the instances
    /// now. A copy: the session may repose meanwhile.
    [[nodiscard]] picking::SceneView build_view() const;
    /// The picked triangle's corners as picked (hit.local_triangle), moved to world space by its
    /// instance's current transform.
    [[nodiscard]] picking::Triangle world_triangle(const picking::PickHit& hit) const;
    /// Triangle `triangle` of instance `instance` in world space in the chosen pose now (a
    /// highlight that follows the animation).
    [[nodiscard]] picking::Triangle world_triangle(std::uint32_t instance, std::uint32_t triangle,
                                                   PoseChoice pose = PoseChoice::Current) const;

  private:
    void repose();
    /// The scene mesh view mesh `view_mesh` is (or copies), as numbers.
    [[nodiscard]] std::uint32_t scene_mesh_index(std::uint32_t view_mesh) const;
    /// Poses every deforming or skinned mesh at `pose` into `posed`, and fills `instance_world`.
    void pose_meshes(const assets::Pose& pose, std::vector<assets::PosedMesh>& posed, bool normals,
                     std::vector<glm::mat4>& instance_world) const;
    [[nodiscard]] picking::Aabb bounds_in(const std::vector<assets::PosedMesh>& posed,
                                          const std::vector<glm::mat4>& instance_world) const;

    assets::Scene scene_;
    SessionOptions options_;
    /// An instance's own copy of a mesh: view mesh scene_.meshes.size() + k for the k-th.
    struct OwnCopy {
        std::uint32_t instance = 0;
        std::uint32_t mesh = 0;  ///< the scene mesh it copies
    };
    std::vector<OwnCopy> own_copies_;
    // Per view mesh (scene meshes, then own copies):
    std::vector<picking::Aabb> mesh_bounds_;  ///< of the loaded vertices, in each mesh's space
    std::vector<std::uint32_t> space_node_;   ///< the first node that draws it (a copy: its own)
    std::vector<std::uint32_t> moving_;       ///< drawn view meshes with a skin or morph targets
    std::vector<std::uint32_t> deforming_;    ///< of those, the ones whose vertices change
    std::vector<assets::PosedMesh> posed_;    ///< per view mesh (empty for ones that never change)
    /// Per scene mesh without normals of its own: its smooth ones, made on first use.
    struct DerivedNormals {
        std::once_flag made;
        std::vector<glm::vec3> normals;
        std::atomic<bool> ready{false};       ///< `normals` are made (set after they are)
        std::atomic<int> corner_requests{0};  ///< loaded_normals_at calls before `ready`
    };
    mutable std::unique_ptr<DerivedNormals[]> derived_normals_;
    assets::Pose pose_;
    std::vector<glm::mat4> instance_world_;
    std::vector<glm::mat4> bind_instance_world_;
    picking::SceneView view_;
    picking::SceneView bind_view_;

    std::unique_ptr<AccelStore> accels_;  ///< made once view_ is complete
    picking::BvhBuildMethod bvh_build_ = picking::BvhBuildMethod::Sah;
    double time_ = 0.0;
    int clip_ = -1;
    bool loop_ = true;
    std::uint64_t pose_version_ = 0;
    glm::dvec3 offset_{0.0};
    std::vector<glm::mat4> instance_world_home_;  ///< instance_world_ without the offset
};

}  // namespace app
