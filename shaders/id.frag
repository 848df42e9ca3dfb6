#version 330 core
// Writes (instance + 1, triangle index) so a pixel read back names what was drawn there;
// gl_PrimitiveID counts triangles from 0 within the draw call, i.e. within the mesh.
uniform uint u_instance_plus_one;
out uvec2 o_id;

void main() { o_id = uvec2(u_instance_plus_one, uint(gl_PrimitiveID)); }
