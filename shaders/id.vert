#version 330 core
// The ID pass: the same transform as mesh.vert, no shading.
layout(location = 0) in vec3 a_position;

uniform mat4 u_world_from_mesh;
uniform mat4 u_clip_from_world;

void main() { gl_Position = u_clip_from_world * (u_world_from_mesh * vec4(a_position, 1.0)); }
