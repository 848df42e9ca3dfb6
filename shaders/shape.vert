#version 330 core
// An analytic shape's proxy: the unit cube [-1, 1]^3 stretched over the shape's box in its own
// space, then placed in the world. shape.frag finds the surface per pixel inside it.
layout(location = 0) in vec3 a_position;

uniform mat4 u_world_from_proxy;
uniform mat4 u_clip_from_world;

out vec3 v_world_position;

void main() {
    vec4 world = u_world_from_proxy * vec4(a_position, 1.0);
    v_world_position = world.xyz;
    gl_Position = u_clip_from_world * world;
}
