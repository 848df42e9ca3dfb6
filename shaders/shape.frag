// (the renderer prepends "#version 330 core" and shape_raycast.glsl)
// An analytic shape shaded like the meshes (mesh.frag's headlight and sky ambient), tinted
// towards the pick colour when it is the picked one.
uniform vec3 u_base_color;
uniform vec3 u_highlight_color;
uniform float u_highlight;  // 0: its own colour, 1: the pick colour

out vec4 o_color;

void main() {
    ShapeHit hit = cast_shape();
    if (!hit.hit) discard;
    gl_FragDepth = depth_of(hit.world_point);
    vec3 n = hit.world_normal;
    vec3 to_eye = u_orthographic != 0u ? -u_view_forward : normalize(u_eye - hit.world_point);
    float headlight = max(dot(n, to_eye), 0.0);
    float sky = 0.5 + 0.5 * n.y;
    vec3 ambient = mix(vec3(0.22, 0.20, 0.18), vec3(0.42, 0.45, 0.52), sky);
    vec3 base = mix(u_base_color, u_highlight_color, u_highlight);
    o_color = vec4(mix(base * (ambient + 0.75 * headlight), u_highlight_color, 0.6 * u_highlight),
                   1.0);
}
