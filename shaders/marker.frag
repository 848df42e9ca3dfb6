#version 330 core
// A ring: the pixels at the centre stay clear, so the picked triangle shows through exactly
// where the ray went.
uniform vec4 u_color;
uniform vec4 u_outline_color;
uniform float u_inner;  // inner radius as a fraction of the sprite's half size

out vec4 o_color;

void main() {
    float r = length(gl_PointCoord * 2.0 - 1.0);
    if (r > 1.0 || r < u_inner) discard;
    o_color = r > 0.8 || r < u_inner + 0.15 ? u_outline_color : u_color;
}
