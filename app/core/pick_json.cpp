#include "app/core/pick_json.h"

#include "app/core/settings_names.h"
#include "app/core/surface_at_hit.h"
#include "picking/scene/bone_space.h"

namespace app {

namespace {
nlohmann::ordered_json vec(glm::vec3 v) {
    return nlohmann::ordered_json::array({v.x, v.y, v.z});
}

/// The surface's attributes at a triangle hit: "uv" (channel 0) and "uvs" only when the mesh
/// has texture coordinates, "color" only when it has vertex colours.
void add_surface(nlohmann::ordered_json& j, const SurfaceAtHit& surface) {
    if (!surface.uvs.empty()) {
        j["uv"] = {surface.uvs[0].x, surface.uvs[0].y};
        nlohmann::ordered_json uvs = nlohmann::ordered_json::array();
        for (const glm::vec2& uv : surface.uvs)
            uvs.push_back({uv.x, uv.y});
        j["uvs"] = std::move(uvs);
    }
    const auto optional_vec = [](const std::optional<glm::vec3>& v) {
        return v ? vec(*v) : nlohmann::ordered_json(nullptr);
    };
    j["smooth_normal"] = optional_vec(surface.smooth_normal_world);
    j["smooth_normal_local"] = optional_vec(surface.smooth_normal_mesh);
    if (surface.color) {
        const glm::vec4& c = *surface.color;
        j["color"] = {c.r, c.g, c.b, c.a};
    }
    j["material"] = surface.material_name;
    j["material_index"] = surface.material;
    j["texture"] = surface.texture.empty() ? nlohmann::ordered_json(nullptr)
                                           : nlohmann::ordered_json(surface.texture);
}

/// The shape that was hit and what its test computed, in its own space.
nlohmann::ordered_json shape_to_json(const SceneSession& session, const picking::ShapePickHit& hit,
                                     const picking::Ray& ray, PoseChoice pose) {
    nlohmann::ordered_json j;
    j["index"] = hit.shape;
    j["name"] = hit.shape < session.scene().shapes.size() ? session.scene().shapes[hit.shape].name
                                                          : std::string();
    j["kind"] = picking::shape_kind_name(hit.kind);
    j["test"] = hit.local.test;
    const picking::ShapeInstance& placed = session.view(pose).shapes[hit.shape];
    const picking::Ray local =
        picking::to_bone_space(ray, picking::mesh_from_world(placed.world_from_shape));
    j["local_point"] = vec(local.at(hit.t));
    j["local_normal"] = vec(hit.local.normal);
    switch (hit.kind) {
        case picking::ShapeKind::Sphere:
            j["t_near"] = hit.local.sphere.t_near;
            j["t_far"] = hit.local.sphere.t_far;
            j["discriminant"] = hit.local.sphere.discriminant;
            j["from_inside"] = hit.local.sphere.from_inside;
            break;
        case picking::ShapeKind::Plane:
            j["d_dot_n"] = hit.local.plane.d_dot_n;
            j["distance_from_point"] = hit.local.plane_distance;
            break;
        case picking::ShapeKind::Rect:
            j["s"] = hit.local.rect.s;
            j["r"] = hit.local.rect.r;
            break;
        case picking::ShapeKind::Box:
            j["t_enter"] = hit.local.box.t_enter;
            j["t_exit"] = hit.local.box.t_exit;
            break;
    }
    return j;
}
}  // namespace

nlohmann::ordered_json pick_to_json(const SceneSession& session, const picking::Ray& ray,
                                    const PickChoice& choice, const picking::PickResult& result,
                                    PoseChoice pose) {
    const picking::PickSettings settings = choice.settings();
    nlohmann::ordered_json j;
    j["hit"] = result.any();
    j["ray"] = {ray.origin.x,    ray.origin.y,    ray.origin.z,
                ray.direction.x, ray.direction.y, ray.direction.z};
    if (const auto& shape = result.shape) {
        const assets::Scene& scene = session.scene();
        j["t"] = shape->t;
        j["point"] = vec(shape->point);
        j["normal"] = vec(shape->normal);
        j["front_face"] = shape->front_face;
        j["node"] = scene.nodes[shape->node].name;
        j["node_path"] = scene.node_path(shape->node);
        j["shape"] = shape_to_json(session, *shape, ray, pose);
        if (shape->kind == picking::ShapeKind::Box &&
            settings.shapes.slab == picking::SlabTest::Seed)
            j["shape"]["slab_epsilon"] = settings.shapes.slab_epsilon;
    }
    if (const auto& hit = result.hit) {
        const assets::Scene& scene = session.scene();
        j["t"] = hit->t;
        j["point"] = vec(hit->point);
        j["normal"] = vec(hit->normal);
        j["front_face"] = hit->front_face;
        j["instance"] = hit->instance;
        j["mesh"] = hit->mesh;
        j["mesh_name"] = scene.meshes[hit->mesh].name;
        j["node"] = scene.nodes[hit->node].name;
        j["node_path"] = scene.node_path(hit->node);
        j["triangle"] = hit->triangle;
        j["u"] = hit->u;
        j["v"] = hit->v;
        j["local_point"] = vec(hit->local_point);
        const picking::Triangle world = session.world_triangle(hit->instance, hit->triangle, pose);
        j["vertices"] = {vec(world.p0), vec(world.p1), vec(world.p2)};
        // The mesh's bone space: M (column by column) and the ray moved into it by M^-1.
        const glm::mat4& m = session.instance_transforms(pose)[hit->instance];
        j["world_from_mesh"] = {{m[0][0], m[0][1], m[0][2], m[0][3]},
                                {m[1][0], m[1][1], m[1][2], m[1][3]},
                                {m[2][0], m[2][1], m[2][2], m[2][3]},
                                {m[3][0], m[3][1], m[3][2], m[3][3]}};
        const picking::Ray bone = picking::to_bone_space(ray, picking::mesh_from_world(m));
        j["bone_ray"] = {bone.origin.x,    bone.origin.y,    bone.origin.z,
                         bone.direction.x, bone.direction.y, bone.direction.z};
        add_surface(j, surface_at_hit(session, *hit, pose));
    }
    j["algorithm"] = picking::ray_triangle_algorithm(settings.method).name;
    j["accel"] = accel_name(choice.accel());
    // What ran: the accel asked for, or `none` when its data was missing (not built yet).
    j["broad_phase"] =
        is_peer(choice.accel()) ? accel_name(choice.accel()) : broad_phase_name(result.broad_phase);
    const auto& options = settings.triangle_options;
    const picking::RayTriangleAlgorithm& algorithm =
        picking::ray_triangle_algorithm(settings.method);
    j["cull_backfaces"] = options.cull_backfaces;
    j["t_range"] = {ray.t_min, ray.t_max};  // JSON has no infinity: null stands for it
    if (algorithm.seed_without_t_range)
        j["seed_t"] = options.seed_ignores_t_range ? "ignore" : "clip";
    if (algorithm.has_first_found) j["xna_hit"] = options.xna_first_found ? "first" : "closest";
    if (settings.method == picking::RayTriangleMethod::DxPick)
        j["dx_epsilon"] = options.dx_det_epsilon;
    j["space"] = settings.space == picking::RaySpace::BoneSpace ? "bone" : "world";
    // Embree's accels run Embree's own triangle test, not the chosen algorithm, and count
    // nothing: said so, rather than "0 triangles tested" under the algorithm's name.
    const bool peer = is_peer(choice.accel());
    j["triangle_test"] = peer ? accel_name(choice.accel()) : algorithm.name;
    const auto counter = [&](std::uint64_t value) {
        return peer ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(value);
    };
    j["triangles_tested"] = counter(result.stats.triangles_tested);
    j["nodes_visited"] = counter(result.stats.nodes_visited);
    j["box_tests"] = counter(result.stats.box_tests);
    j["sphere_tests"] = counter(result.stats.sphere_tests);
    j["instances_tested"] = counter(result.stats.instances_tested);
    j["microseconds"] = result.stats.microseconds;
    j["time"] = session.time();
    j["clip"] =
        session.clip() >= 0
            ? nlohmann::ordered_json(session.scene().clips[std::size_t(session.clip())].name)
            : nlohmann::ordered_json(nullptr);
    j["loop"] = session.loop();
    j["pose"] = pose == PoseChoice::Current ? "current" : "bind";
    return j;
}

nlohmann::ordered_json all_hits_to_json(const SceneSession& session,
                                        const picking::AllHitsResult& hits) {
    const assets::Scene& scene = session.scene();
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const picking::AllHit& h : hits.hits) {
        nlohmann::ordered_json j;
        j["t"] = h.hit.t;
        j["mesh"] = h.hit.mesh;
        j["mesh_name"] = scene.meshes[h.hit.mesh].name;
        j["node"] = scene.nodes[h.hit.node].name;
        j["triangle"] = h.hit.triangle;
        j["u"] = h.hit.u;
        j["v"] = h.hit.v;
        j["front_face"] = h.hit.front_face;
        j["near_duplicate"] = h.near_duplicate;
        list.push_back(std::move(j));
    }
    return list;
}

}  // namespace app
