#version 330 core
in vec4 v_color;
uniform float u_alpha_scale;  // < 1 for the faint pass over hidden parts
out vec4 o_color;

void main() { o_color = vec4(v_color.rgb, v_color.a * u_alpha_scale); }
