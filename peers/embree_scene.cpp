// Picking through Embree 3 (Wald et al., "Embree: A Kernel Framework for Efficient CPU Ray
// Tracing", SIGGRAPH 2014): rtcIntersect1 on a scene of shared triangle buffers, MEDIUM build
// quality, optionally RTC_SCENE_FLAG_ROBUST. Only compiled when libembree-dev is found.

#include "peers/embree_scene.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#if RAYPICK_HAVE_EMBREE
#include <embree3/rtcore.h>
#endif

namespace peers {

#if RAYPICK_HAVE_EMBREE

struct EmbreeScene::State {
    RTCDevice device = nullptr;
    RTCScene top = nullptr;
    std::vector<RTCScene> mesh_scenes;           ///< one per mesh (instanced); empty when direct
    std::vector<RTCGeometry> instance_geometry;  ///< one per SceneView instance
    /// Our copies of the buffers, padded as Embree asks (it may read 16 bytes at the last
    /// vertex), shared with Embree rather than copied into it.
    std::vector<std::vector<float>> vertices;
    std::vector<std::vector<std::uint32_t>> indices;
    std::vector<std::uint32_t> geometry_to_instance;
    /// Per mesh: its triangle geometry (held by the scene it is attached to; null for a mesh
    /// that is in no scene), so a deformed mesh can be given new vertices.
    std::vector<RTCGeometry> mesh_geometry;
    std::vector<bool> refit;  ///< per mesh: its geometry was switched to refit quality
    bool direct = false;      ///< one mesh at the identity: no instancing layer
    std::uint32_t direct_mesh = 0;
    std::atomic<std::int64_t> bytes{0};

    /// Attaches an instance of scene.instances[i]'s mesh scene to the top scene.
    void add_instance(const picking::SceneView& scene, std::uint32_t i);

    ~State() {
        if (top) rtcReleaseScene(top);
        for (RTCScene s : mesh_scenes)
            if (s) rtcReleaseScene(s);
        if (device) rtcReleaseDevice(device);
    }
};

namespace {

bool count_memory(void* user, std::ptrdiff_t bytes, bool) {
    static_cast<std::atomic<std::int64_t>*>(user)->fetch_add(bytes);
    return true;
}

void check(RTCDevice device, const char* what) {
    const RTCError error = rtcGetDeviceError(device);
    if (error != RTC_ERROR_NONE)
        throw std::runtime_error(std::string("Embree: ") + what + " failed (error " +
                                 std::to_string(int(error)) + ")");
}

RTCGeometry make_mesh_geometry(RTCDevice device, const picking::MeshView& mesh,
                               std::vector<float>& vertices, std::vector<std::uint32_t>& indices) {
    vertices.assign(mesh.positions.size() * 3 + 4, 0.0f);
    for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
        vertices[3 * i] = mesh.positions[i].x;
        vertices[3 * i + 1] = mesh.positions[i].y;
        vertices[3 * i + 2] = mesh.positions[i].z;
    }
    // Indices past the positions would make Embree read out of bounds: such triangles (which
    // picking never hits either) become degenerate at vertex 0.
    indices.assign(mesh.indices.size() + 4, 0u);
    for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
        const bool valid = mesh.indices[i] < mesh.positions.size() &&
                           mesh.indices[i + 1] < mesh.positions.size() &&
                           mesh.indices[i + 2] < mesh.positions.size();
        for (std::size_t k = 0; k < 3; ++k)
            indices[i + k] = valid ? mesh.indices[i + k] : 0u;
    }
    RTCGeometry geometry = rtcNewGeometry(device, RTC_GEOMETRY_TYPE_TRIANGLE);
    rtcSetSharedGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                               vertices.data(), 0, 3 * sizeof(float), mesh.positions.size());
    rtcSetSharedGeometryBuffer(geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, indices.data(),
                               0, 3 * sizeof(std::uint32_t), mesh.triangle_count());
    rtcCommitGeometry(geometry);
    return geometry;
}

RTCScene new_scene(RTCDevice device, const EmbreeOptions& options) {
    RTCScene scene = rtcNewScene(device);
    rtcSetSceneBuildQuality(scene, RTC_BUILD_QUALITY_MEDIUM);
    rtcSetSceneFlags(scene, options.robust ? RTC_SCENE_FLAG_ROBUST : RTC_SCENE_FLAG_NONE);
    return scene;
}

}  // namespace

void EmbreeScene::State::add_instance(const picking::SceneView& scene, std::uint32_t i) {
    State& s = *this;
    const picking::Instance& instance = scene.instances[i];
    RTCGeometry geometry = rtcNewGeometry(s.device, RTC_GEOMETRY_TYPE_INSTANCE);
    rtcSetGeometryInstancedScene(geometry, s.mesh_scenes[instance.mesh]);
    rtcSetGeometryTransform(geometry, 0, RTC_FORMAT_FLOAT4X4_COLUMN_MAJOR,
                            &instance.world_from_mesh[0][0]);
    rtcCommitGeometry(geometry);
    const unsigned id = rtcAttachGeometry(s.top, geometry);
    if (s.geometry_to_instance.size() <= id) s.geometry_to_instance.resize(id + 1, 0);
    s.geometry_to_instance[id] = i;
    if (s.instance_geometry.size() <= id) s.instance_geometry.resize(id + 1, nullptr);
    s.instance_geometry[id] = geometry;
    rtcReleaseGeometry(geometry);  // the scene keeps its reference
}

EmbreeScene::EmbreeScene(const picking::SceneView& scene, const EmbreeOptions& options)
    : state_(std::make_unique<State>()), options_(options) {
    State& s = *state_;
    const std::string config =
        "verbose=0" +
        (options.threads > 0 ? ",threads=" + std::to_string(options.threads) : std::string());
    s.device = rtcNewDevice(config.c_str());
    if (!s.device) throw std::runtime_error("Embree: rtcNewDevice failed");
    rtcSetDeviceMemoryMonitorFunction(s.device, count_memory, &s.bytes);

    s.vertices.resize(scene.meshes.size());
    s.indices.resize(scene.meshes.size());
    s.mesh_geometry.assign(scene.meshes.size(), nullptr);
    s.refit.assign(scene.meshes.size(), false);
    s.top = new_scene(s.device, options);
    s.direct = scene.instances.size() == 1 && scene.instances[0].mesh < scene.meshes.size() &&
               scene.instances[0].world_from_mesh == glm::mat4(1.0f);

    const auto start = std::chrono::steady_clock::now();
    if (s.direct) {
        const std::uint32_t mesh = scene.instances[0].mesh;
        RTCGeometry geometry =
            make_mesh_geometry(s.device, scene.meshes[mesh], s.vertices[mesh], s.indices[mesh]);
        rtcAttachGeometryByID(s.top, geometry, 0);
        rtcReleaseGeometry(geometry);
        s.mesh_geometry[mesh] = geometry;
        s.direct_mesh = mesh;
        s.geometry_to_instance = {0};
    } else {
        for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
            RTCScene mesh_scene = new_scene(s.device, options);
            RTCGeometry geometry =
                make_mesh_geometry(s.device, scene.meshes[m], s.vertices[m], s.indices[m]);
            rtcAttachGeometryByID(mesh_scene, geometry, 0);
            rtcReleaseGeometry(geometry);
            rtcCommitScene(mesh_scene);
            s.mesh_scenes.push_back(mesh_scene);
            s.mesh_geometry[m] = geometry;
        }
        for (std::uint32_t i = 0; i < scene.instances.size(); ++i)
            if (scene.instances[i].mesh < scene.meshes.size()) s.add_instance(scene, i);
    }
    rtcCommitScene(s.top);
    check(s.device, "building the scene");
    build_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

EmbreeScene::~EmbreeScene() = default;

void EmbreeScene::update_instances(const picking::SceneView& scene) {
    update_pose(scene, {});
}

void EmbreeScene::update_pose(const picking::SceneView& scene,
                              std::span<const std::uint32_t> deformed_meshes) {
    State& s = *state_;
    // == New vertices: our shared buffer rewritten, the geometry and its scene recommitted.
    for (const std::uint32_t mesh : deformed_meshes) {
        if (mesh >= s.mesh_geometry.size() || mesh >= scene.meshes.size() || !s.mesh_geometry[mesh])
            continue;
        const std::span<const glm::vec3> positions = scene.meshes[mesh].positions;
        std::vector<float>& vertices = s.vertices[mesh];
        if (positions.size() * 3 + 4 != vertices.size()) continue;  // not the same mesh
        for (std::size_t i = 0; i < positions.size(); ++i) {
            vertices[3 * i] = positions[i].x;
            vertices[3 * i + 1] = positions[i].y;
            vertices[3 * i + 2] = positions[i].z;
        }
        RTCGeometry geometry = s.mesh_geometry[mesh];
        if (!s.refit[mesh]) {
            // A mesh that deforms once deforms again: Embree refits its BVH from now on
            // instead of rebuilding it, as our own BVH does.
            rtcSetGeometryBuildQuality(geometry, RTC_BUILD_QUALITY_REFIT);
            s.refit[mesh] = true;
        }
        rtcUpdateGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0);
        rtcCommitGeometry(geometry);
        if (!s.direct) rtcCommitScene(s.mesh_scenes[mesh]);
    }
    // == New instance transforms.
    if (s.direct && !scene.instances.empty() &&
        scene.instances[0].world_from_mesh != glm::mat4(1.0f))
        leave_direct(scene);
    if (!s.direct) {
        for (std::size_t id = 0; id < s.instance_geometry.size(); ++id) {
            RTCGeometry geometry = s.instance_geometry[id];
            if (!geometry) continue;
            const std::uint32_t i = s.geometry_to_instance[id];
            if (i >= scene.instances.size()) continue;
            rtcSetGeometryTransform(geometry, 0, RTC_FORMAT_FLOAT4X4_COLUMN_MAJOR,
                                    &scene.instances[i].world_from_mesh[0][0]);
            rtcCommitGeometry(geometry);
        }
    }
    rtcCommitScene(s.top);
    check(s.device, "updating the scene");
}

void EmbreeScene::leave_direct(const picking::SceneView& scene) {
    // The one mesh has moved off the identity: it gets the instancing layer every other
    // scene has. Its geometry (and shared buffers) move into a scene of their own.
    State& s = *state_;
    RTCGeometry geometry = s.mesh_geometry[s.direct_mesh];
    rtcRetainGeometry(geometry);
    rtcDetachGeometry(s.top, 0);
    RTCScene mesh_scene = new_scene(s.device, options_);
    rtcAttachGeometryByID(mesh_scene, geometry, 0);
    rtcReleaseGeometry(geometry);
    rtcCommitScene(mesh_scene);
    s.mesh_scenes.assign(s.vertices.size(), nullptr);
    s.mesh_scenes[s.direct_mesh] = mesh_scene;
    s.geometry_to_instance.clear();
    s.direct = false;
    s.add_instance(scene, 0);
}

std::optional<picking::SceneHit> EmbreeScene::intersect(const picking::Ray& ray) const {
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    RTCRayHit rh;
    rh.ray.org_x = ray.origin.x;
    rh.ray.org_y = ray.origin.y;
    rh.ray.org_z = ray.origin.z;
    rh.ray.dir_x = ray.direction.x;
    rh.ray.dir_y = ray.direction.y;
    rh.ray.dir_z = ray.direction.z;
    rh.ray.tnear = ray.t_min;
    rh.ray.tfar = ray.t_max;
    rh.ray.time = 0.0f;
    rh.ray.mask = 0xFFFFFFFFu;
    rh.ray.id = 0;
    rh.ray.flags = 0;
    rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
    rh.hit.instID[0] = RTC_INVALID_GEOMETRY_ID;
    rtcIntersect1(state_->top, &context, &rh);
    if (rh.hit.geomID == RTC_INVALID_GEOMETRY_ID) return std::nullopt;
    const unsigned id = state_->direct ? 0u : rh.hit.instID[0];
    if (id >= state_->geometry_to_instance.size()) return std::nullopt;
    return picking::SceneHit{state_->geometry_to_instance[id], rh.hit.primID,
                             picking::RayHit{rh.ray.tfar, rh.hit.u, rh.hit.v}};
}

void EmbreeScene::intersect_packet(std::span<const picking::Ray> rays,
                                   std::span<std::optional<picking::SceneHit>> hits) const {
    const std::size_t count = std::min({rays.size(), hits.size(), kPacketRays});
    RTCIntersectContext context;
    rtcInitIntersectContext(&context);
    alignas(64) int valid[16];
    RTCRayHit16 rh;
    for (std::size_t i = 0; i < 16; ++i) {
        const picking::Ray& ray = rays[i < count ? i : 0];
        valid[i] = i < count ? -1 : 0;
        rh.ray.org_x[i] = ray.origin.x;
        rh.ray.org_y[i] = ray.origin.y;
        rh.ray.org_z[i] = ray.origin.z;
        rh.ray.dir_x[i] = ray.direction.x;
        rh.ray.dir_y[i] = ray.direction.y;
        rh.ray.dir_z[i] = ray.direction.z;
        rh.ray.tnear[i] = ray.t_min;
        rh.ray.tfar[i] = ray.t_max;
        rh.ray.time[i] = 0.0f;
        rh.ray.mask[i] = 0xFFFFFFFFu;
        rh.ray.id[i] = unsigned(i);
        rh.ray.flags[i] = 0;
        rh.hit.geomID[i] = RTC_INVALID_GEOMETRY_ID;
        rh.hit.instID[0][i] = RTC_INVALID_GEOMETRY_ID;
    }
    rtcIntersect16(valid, state_->top, &context, &rh);
    for (std::size_t i = 0; i < count; ++i) {
        hits[i].reset();
        if (rh.hit.geomID[i] == RTC_INVALID_GEOMETRY_ID) continue;
        const unsigned id = state_->direct ? 0u : rh.hit.instID[0][i];
        if (id >= state_->geometry_to_instance.size()) continue;
        hits[i] = picking::SceneHit{state_->geometry_to_instance[id], rh.hit.primID[i],
                                    picking::RayHit{rh.ray.tfar[i], rh.hit.u[i], rh.hit.v[i]}};
    }
}

std::size_t EmbreeScene::memory_bytes() const {
    const std::int64_t bytes = state_->bytes.load();
    return bytes > 0 ? std::size_t(bytes) : 0;
}

bool embree_available() {
    return true;
}

#else

struct EmbreeScene::State {};

EmbreeScene::EmbreeScene(const picking::SceneView&, const EmbreeOptions& options)
    : options_(options) {
    throw std::runtime_error("this raypick was built without Embree (libembree-dev)");
}
EmbreeScene::~EmbreeScene() = default;
void EmbreeScene::update_instances(const picking::SceneView&) {}
void EmbreeScene::update_pose(const picking::SceneView&, std::span<const std::uint32_t>) {}
void EmbreeScene::leave_direct(const picking::SceneView&) {}
std::optional<picking::SceneHit> EmbreeScene::intersect(const picking::Ray&) const {
    return std::nullopt;
}
void EmbreeScene::intersect_packet(std::span<const picking::Ray>,
                                   std::span<std::optional<picking::SceneHit>>) const {}
std::size_t EmbreeScene::memory_bytes() const {
    return 0;
}
bool embree_available() {
    return false;
}

#endif

}  // namespace peers
