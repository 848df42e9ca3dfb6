// Ray casting of seed 002's shapes, shared by shape.frag and shape_id.frag (the renderer puts
// this after their #version line). The ray of this pixel goes into the shape's own space,
// where the same equations as picking's are solved.
in vec3 v_world_position;

uniform mat4 u_shape_from_world;
uniform mat4 u_world_from_shape;
uniform mat4 u_clip_from_world;
uniform vec3 u_eye;           // perspective: where every ray starts
uniform vec3 u_view_forward;  // orthographic: the direction of every ray
uniform uint u_orthographic;
uniform float u_proxy_reach;  // orthographic: longer than any line across the proxy
// 0 sphere (a = centre, radius); 1 plane disc (a = point, radius; b = normal);
// 2 rectangle (a = corner, b = edge U, c = edge V); 3 box (a = min, b = max).
uniform uint u_kind;
uniform vec4 u_a;
uniform vec4 u_b;
uniform vec4 u_c;

struct ShapeHit {
    bool hit;
    float t;          // along the world ray (the shape-space ray has the same t)
    vec3 world_point;
    vec3 world_normal;  // unit, facing the ray
};

ShapeHit cast_shape() {
    ShapeHit result;
    result.hit = false;
    vec3 world_dir = u_orthographic != 0u ? u_view_forward : v_world_position - u_eye;
    vec3 world_origin = u_orthographic != 0u ? v_world_position - u_proxy_reach * u_view_forward : u_eye;
    vec3 ro = (u_shape_from_world * vec4(world_origin, 1.0)).xyz;
    vec3 rd = (u_shape_from_world * vec4(world_dir, 0.0)).xyz;
    float t = -1.0;
    vec3 n = vec3(0.0);
    if (u_kind == 0u) {
        vec3 oc = ro - u_a.xyz;
        float a = dot(rd, rd), h = dot(oc, rd), c = dot(oc, oc) - u_a.w * u_a.w;
        float disc = h * h - a * c;
        if (disc < 0.0) return result;
        float root = sqrt(disc);
        t = (-h - root) / a;
        if (t <= 0.0) t = (-h + root) / a;
        n = (ro + t * rd - u_a.xyz) / u_a.w;
    } else if (u_kind == 1u || u_kind == 2u) {
        vec3 normal = u_kind == 1u ? u_b.xyz : cross(u_b.xyz, u_c.xyz);
        vec3 point = u_a.xyz;
        float dn = dot(rd, normal);
        if (dn == 0.0) return result;
        t = dot(point - ro, normal) / dn;
        vec3 p = ro + t * rd - point;
        if (u_kind == 1u) {
            if (length(p) > u_a.w) return result;
        } else {
            float s = dot(p, u_b.xyz) / dot(u_b.xyz, u_b.xyz);
            float r = dot(p, u_c.xyz) / dot(u_c.xyz, u_c.xyz);
            if (s < 0.0 || s > 1.0 || r < 0.0 || r > 1.0) return result;
        }
        n = normalize(normal);
    } else {
        vec3 inv = 1.0 / rd;
        vec3 t0 = (u_a.xyz - ro) * inv, t1 = (u_b.xyz - ro) * inv;
        vec3 lo = min(t0, t1), hi = max(t0, t1);
        float enter = max(max(lo.x, lo.y), lo.z), leave = min(min(hi.x, hi.y), hi.z);
        if (enter > leave || leave <= 0.0) return result;
        t = enter > 0.0 ? enter : leave;
        vec3 centre = 0.5 * (u_a.xyz + u_b.xyz), half_size = 0.5 * (u_b.xyz - u_a.xyz);
        vec3 rel = (ro + t * rd - centre) / max(half_size, vec3(1e-30));
        vec3 a = abs(rel);
        n = a.x >= a.y && a.x >= a.z ? vec3(sign(rel.x), 0, 0)
            : a.y >= a.z             ? vec3(0, sign(rel.y), 0)
                                     : vec3(0, 0, sign(rel.z));
    }
    if (!(t > 0.0)) return result;
    result.hit = true;
    result.t = t;
    result.world_point = world_origin + t * world_dir;
    vec3 world_n = normalize(transpose(mat3(u_shape_from_world)) * n);
    result.world_normal = dot(world_n, world_dir) > 0.0 ? -world_n : world_n;
    return result;
}

/// The depth of a world point, as the fixed pipeline would write it.
float depth_of(vec3 world_point) {
    vec4 clip = u_clip_from_world * vec4(world_point, 1.0);
    return 0.5 * (clip.z / clip.w) + 0.5;
}
