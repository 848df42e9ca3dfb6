#version 330 core
// A headlight plus a sky/ground ambient. Back faces are shaded with their own normal and a
// cool tint, so a user can see which side of a triangle the ray meets. A textured material
// multiplies its base colour by its base-colour texture, so the UV at a pick can be checked by eye.
in vec3 v_world_position;
in vec3 v_world_normal;
in vec2 v_uv;

uniform vec3 u_base_color;
uniform vec3 u_eye;
uniform vec3 u_backface_tint;
uniform float u_flat_amount;  // 1: pure base colour (wireframe pass), 0: lit
uniform float u_facets;       // 1: lit by the triangle's own plane (an STL's facets), not normals
uniform float u_alpha;        // < 1 for the translucent bind-pose ghost
uniform float u_textured;     // 1: multiply the base colour by u_texture at v_uv
uniform sampler2D u_texture;  // texture unit 0
// The region selection: one bit per triangle of the instance drawn (gl_PrimitiveID is the
// triangle's index, since each instance is one draw of its whole index buffer), its words
// starting at u_selection_first (texture unit 1).
uniform usamplerBuffer u_selection;
uniform uint u_selection_on;
uniform uint u_selection_first;
uniform vec3 u_selection_color;

out vec4 o_color;

void main() {
    vec3 to_eye = normalize(u_eye - v_world_position);
    vec3 n = normalize(v_world_normal);
    if (!gl_FrontFacing) n = -n;
    if (u_facets > 0.5) {
        // The plane from the position's screen derivatives, turned to the eye (as a back
        // face's flipped normal is).
        vec3 facet = cross(dFdx(v_world_position), dFdy(v_world_position));
        if (dot(facet, to_eye) < 0.0) facet = -facet;
        if (dot(facet, facet) > 0.0) n = normalize(facet);
    }
    float headlight = max(dot(n, to_eye), 0.0);
    float sky = 0.5 + 0.5 * n.y;
    vec3 ambient = mix(vec3(0.22, 0.20, 0.18), vec3(0.42, 0.45, 0.52), sky);
    vec3 base = u_base_color;
    if (u_textured > 0.5) base *= texture(u_texture, v_uv).rgb;
    vec3 lit = base * (ambient + 0.75 * headlight);
    if (!gl_FrontFacing) lit *= u_backface_tint;
    vec3 color = mix(lit, base, u_flat_amount);
    if (u_selection_on != 0u) {
        uint word = texelFetch(u_selection, int(u_selection_first + uint(gl_PrimitiveID) / 32u)).r;
        if (((word >> (uint(gl_PrimitiveID) & 31u)) & 1u) != 0u)
            color = mix(color, u_selection_color * (0.45 + 0.55 * headlight), 0.75);
    }
    o_color = vec4(color, u_alpha);
}
