#version 330 core
// Lit meshes: positions and normals in the mesh's bone space, moved by its world transform.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;  // texture coordinates, channel 0 (0, 0 without any)

uniform mat4 u_world_from_mesh;
uniform mat3 u_normal_matrix;  // inverse transpose of the upper 3x3 of u_world_from_mesh
uniform mat4 u_clip_from_world;

out vec3 v_world_position;
out vec3 v_world_normal;
out vec2 v_uv;

void main() {
    vec4 world = u_world_from_mesh * vec4(a_position, 1.0);
    v_world_position = world.xyz;
    v_world_normal = u_normal_matrix * a_normal;
    v_uv = a_uv;
    gl_Position = u_clip_from_world * world;
}
