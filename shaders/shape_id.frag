// (the renderer prepends "#version 330 core" and shape_raycast.glsl)
// The ID pass for analytic shapes: (0xFFFFFFFF, shape index), so a pixel read back names the
// shape drawn there, depth-tested against the meshes like the visible pass.
uniform uint u_shape;

out uvec2 o_id;

void main() {
    ShapeHit hit = cast_shape();
    if (!hit.hit) discard;
    gl_FragDepth = depth_of(hit.world_point);
    o_id = uvec2(0xFFFFFFFFu, u_shape);
}
