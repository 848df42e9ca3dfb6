#version 330 core
// Highlights and debug lines: world-space positions with a colour each. u_pixel_offset shifts
// the result by whole pixels (drawing a line loop several times makes it thicker, since core
// profiles need not support wide lines).
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 a_color;

uniform mat4 u_clip_from_world;
uniform vec2 u_pixel_offset;
uniform vec2 u_viewport_size;

out vec4 v_color;

void main() {
    vec4 clip = u_clip_from_world * vec4(a_position, 1.0);
    clip.xy += 2.0 * u_pixel_offset / u_viewport_size * clip.w;
    gl_Position = clip;
    v_color = a_color;
}
