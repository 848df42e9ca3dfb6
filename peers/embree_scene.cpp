// Picking through Embree 3 (Wald et al., "Embree: A Kernel Framework for Efficient CPU Ray
// Tracing", SIGGRAPH 2014): rtcIntersect1 on a scene of shared triangle buffers, MEDIUM build
// quality, optionally RTC_SCENE_FLAG_ROBUST. Only compiled when libembree-dev is found.

#include "peers/embree_scene.h"

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
    std::vector<RTCGeometry> mesh_geometry;  ///< per mesh (not owned: the scenes hold them)
    bool direct = false;                     ///< one mesh at the identity: no instancing layer
    std::atomic<std::int64_t> bytes{0};

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
        }
        for (std::uint32_t i = 0; i < scene.instances.size(); ++i) {
            const picking::Instance& instance = scene.instances[i];
            if (instance.mesh >= scene.meshes.size()) continue;
            RTCGeometry geometry = rtcNewGeometry(s.device, RTC_GEOMETRY_TYPE_INSTANCE);
            rtcSetGeometryInstancedScene(geometry, s.mesh_scenes[instance.mesh]);
            rtcSetGeometryTransform(geometry, 0, RTC_FORMAT_FLOAT4X4_COLUMN_MAJOR,
                                    &instance.world_from_mesh[0][0]);
            rtcCommitGeometry(geometry);
            const unsigned id = rtcAttachGeometry(s.top, geometry);
            if (s.geometry_to_instance.size() <= id) s.geometry_to_instance.resize(id + 1, 0);
            s.geometry_to_instance[id] = i;
            s.instance_geometry.push_back(geometry);
            rtcReleaseGeometry(geometry);  // the scene keeps its reference
        }
    }
    rtcCommitScene(s.top);
    check(s.device, "building the scene");
    build_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

EmbreeScene::~EmbreeScene() = default;

void EmbreeScene::update_instances(const picking::SceneView& scene) {
    State& s = *state_;
    if (s.direct) return;
    for (std::size_t id = 0; id < s.instance_geometry.size(); ++id) {
        const std::uint32_t i = s.geometry_to_instance[id];
        if (i >= scene.instances.size()) continue;
        rtcSetGeometryTransform(s.instance_geometry[id], 0, RTC_FORMAT_FLOAT4X4_COLUMN_MAJOR,
                                &scene.instances[i].world_from_mesh[0][0]);
        rtcCommitGeometry(s.instance_geometry[id]);
    }
    rtcCommitScene(s.top);
}

void EmbreeScene::update_mesh(std::uint32_t mesh, std::span<const glm::vec3> positions) {
    State& s = *state_;
    if (mesh >= s.mesh_geometry.size() || !s.mesh_geometry[mesh]) return;
    std::vector<float>& vertices = s.vertices[mesh];
    if (positions.size() * 3 + 4 != vertices.size()) return;  // not the same mesh
    for (std::size_t i = 0; i < positions.size(); ++i) {
        vertices[3 * i] = positions[i].x;
        vertices[3 * i + 1] = positions[i].y;
        vertices[3 * i + 2] = positions[i].z;
    }
    rtcUpdateGeometryBuffer(s.mesh_geometry[mesh], RTC_BUFFER_TYPE_VERTEX, 0);
    rtcCommitGeometry(s.mesh_geometry[mesh]);
    if (!s.direct) rtcCommitScene(s.mesh_scenes[mesh]);
    rtcCommitScene(s.top);
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
void EmbreeScene::update_mesh(std::uint32_t, std::span<const glm::vec3>) {}
std::optional<picking::SceneHit> EmbreeScene::intersect(const picking::Ray&) const {
    return std::nullopt;
}
std::size_t EmbreeScene::memory_bytes() const {
    return 0;
}
bool embree_available() {
    return false;
}

#endif

}  // namespace peers
