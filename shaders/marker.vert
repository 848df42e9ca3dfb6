#version 330 core
// The hit-point marker: one point sprite, sized in framebuffer pixels.
layout(location = 0) in vec3 a_position;

uniform mat4 u_clip_from_world;
uniform float u_size_px;

void main() {
    gl_Position = u_clip_from_world * vec4(a_position, 1.0);
    gl_PointSize = u_size_px;
}
