#include "render/renderer.h"

#include <chrono>
#include <map>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/matrix.hpp>

#include "render/texture_image.h"
#include "shaders/shaders.h"

namespace render {

namespace {

/// Adds the wall time of its scope to a sum (Renderer::take_seconds).
class Timed {
  public:
    explicit Timed(double& sum) : sum_(sum), start_(std::chrono::steady_clock::now()) {}
    ~Timed() {
        sum_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
    Timed(const Timed&) = delete;
    Timed& operator=(const Timed&) = delete;

  private:
    double& sum_;
    std::chrono::steady_clock::time_point start_;
};

gl::Program make_program(const char* name) {
    const std::string base(name);
    return gl::Program(name, shaders::embedded_file(base + ".vert"),
                       shaders::embedded_file(base + ".frag"));
}

/// A shape program: shape.vert, and a fragment shader made of the version line, the shared ray
/// casting of shape_raycast.glsl and `fragment`'s own main.
gl::Program make_shape_program(const char* name, const char* fragment) {
    const std::string source = "#version 330 core\n" +
                               std::string(shaders::embedded_file("shape_raycast.glsl")) +
                               std::string(shaders::embedded_file(fragment));
    return gl::Program(name, shaders::embedded_file("shape.vert"), source);
}

/// A box around the shape in its own space (a little bigger: the proxy must hold every pixel).
std::pair<glm::vec3, glm::vec3> proxy_box(const assets::ShapeData& shape) {
    using Kind = assets::ShapeData::Kind;
    glm::vec3 lo(0.0f), hi(0.0f);
    switch (shape.kind) {
        case Kind::Sphere:
            lo = shape.center - glm::vec3(shape.radius);
            hi = shape.center + glm::vec3(shape.radius);
            break;
        case Kind::Plane: {
            // A disc of radius r about the point: along axis i it spans r * sqrt(1 - n_i^2).
            const glm::vec3 n = glm::normalize(shape.normal);
            const glm::vec3 extent = shape.radius * glm::sqrt(glm::max(1.0f - n * n, 0.0f));
            lo = shape.point - extent;
            hi = shape.point + extent;
            break;
        }
        case Kind::Rect: {
            const glm::vec3 corners[4] = {shape.corner, shape.corner + shape.edge_u,
                                          shape.corner + shape.edge_u + shape.edge_v,
                                          shape.corner + shape.edge_v};
            lo = hi = corners[0];
            for (const glm::vec3& c : corners) {
                lo = glm::min(lo, c);
                hi = glm::max(hi, c);
            }
            break;
        }
        case Kind::Box:
            lo = shape.box_min;
            hi = shape.box_max;
            break;
    }
    const glm::vec3 margin = 1e-3f * (hi - lo) + glm::vec3(1e-3f);
    return {lo - margin, hi + margin};
}

void set_shape_uniforms(gl::Program& program, const assets::ShapeData& shape) {
    using Kind = assets::ShapeData::Kind;
    switch (shape.kind) {
        case Kind::Sphere:
            program.set("u_kind", GLuint(0));
            program.set("u_a", glm::vec4(shape.center, shape.radius));
            break;
        case Kind::Plane:
            program.set("u_kind", GLuint(1));
            program.set("u_a", glm::vec4(shape.point, shape.radius));
            program.set("u_b", glm::vec4(shape.normal, 0.0f));
            break;
        case Kind::Rect:
            program.set("u_kind", GLuint(2));
            program.set("u_a", glm::vec4(shape.corner, 0.0f));
            program.set("u_b", glm::vec4(shape.edge_u, 0.0f));
            program.set("u_c", glm::vec4(shape.edge_v, 0.0f));
            break;
        case Kind::Box:
            program.set("u_kind", GLuint(3));
            program.set("u_a", glm::vec4(shape.box_min, 0.0f));
            program.set("u_b", glm::vec4(shape.box_max, 0.0f));
            break;
    }
}

struct OverlayVertex {
    glm::vec3 position;
    glm::vec4 color;
};

void describe_overlay_vertices(GLuint vertex_array, GLuint buffer) {
    glBindVertexArray(vertex_array);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex), nullptr);
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(OverlayVertex),
                          reinterpret_cast<const void*>(offsetof(OverlayVertex, color)));
    glBindVertexArray(0);
}

}  // namespace

Renderer::Renderer()
    : mesh_program_(make_program("mesh")),
      overlay_program_(make_program("overlay")),
      marker_program_(make_program("marker")),
      id_program_(make_program("id")),
      shape_program_(make_shape_program("shape", "shape.frag")),
      shape_id_program_(make_shape_program("shape_id", "shape_id.frag")) {
    // The shapes' proxy cube: eight corners, twelve triangles.
    const glm::vec3 corners[8] = {{-1, -1, -1}, {1, -1, -1}, {-1, 1, -1}, {1, 1, -1},
                                  {-1, -1, 1},  {1, -1, 1},  {-1, 1, 1},  {1, 1, 1}};
    const GLuint faces[36] = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                              2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    glBindVertexArray(cube_vertex_array_.handle());
    glBindBuffer(GL_ARRAY_BUFFER, cube_vertices_.handle());
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, cube_indices_.handle());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof faces, faces, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
    glBindVertexArray(0);
    describe_overlay_vertices(overlay_vertex_array_.handle(), overlay_vertices_.handle());
    glBindVertexArray(marker_vertex_array_.handle());
    glBindBuffer(GL_ARRAY_BUFFER, marker_vertices_.handle());
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
    glBindVertexArray(0);
}

std::vector<std::string> Renderer::set_scene(const assets::Scene& scene) {
    const Timed timed(seconds_);
    shapes_ = scene.shapes;
    meshes_.clear();
    mesh_colors_.clear();
    material_textures_.clear();
    std::vector<std::string> problems;
    std::map<std::string, std::optional<TextureImage>> images;  // materials may share a file
    for (const assets::Material& material : scene.materials) {
        material_textures_.emplace_back();
        if (material.base_color_texture.empty()) continue;
        auto [it, first] = images.try_emplace(material.base_color_texture);
        if (first) {
            std::string error;
            it->second = read_texture_image(material.base_color_texture, error);
            if (!it->second)
                problems.push_back("texture " + material.base_color_texture + ": " + error);
        }
        if (it->second) material_textures_.back() = upload_texture(*it->second);
    }
    for (const assets::MeshData& mesh : scene.meshes) {
        meshes_.push_back(upload_mesh(mesh));
        mesh_colors_.push_back(mesh.material < scene.materials.size()
                                   ? scene.materials[mesh.material].base_color
                                   : glm::vec3(0.75f));
    }
    instances_ = scene.instances();
    instance_vertices_.clear();
    instance_vertices_.resize(instances_.size());
    snapshot_vertices_.reset();
    return problems;
}

const gl::Texture* Renderer::texture_of(std::uint32_t mesh) const {
    if (mesh >= meshes_.size() || !meshes_[mesh].has_uvs) return nullptr;
    const std::uint32_t material = meshes_[mesh].material;
    if (material >= material_textures_.size() || !material_textures_[material]) return nullptr;
    return &*material_textures_[material];
}

void Renderer::bind_texture(const gl::Texture* texture) {
    mesh_program_.set("u_textured", texture != nullptr ? 1.0f : 0.0f);
    if (texture == nullptr) return;
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture->handle());
}

void Renderer::update_posed_vertices(std::uint32_t mesh, std::span<const glm::vec3> positions,
                                     std::span<const glm::vec3> normals) {
    const Timed timed(seconds_);
    if (mesh < meshes_.size()) render::update_posed_vertices(meshes_[mesh], positions, normals);
}

void Renderer::update_instance_vertices(std::uint32_t instance,
                                        std::span<const glm::vec3> positions,
                                        std::span<const glm::vec3> normals) {
    const Timed timed(seconds_);
    if (instance >= instances_.size() || instances_[instance].mesh >= meshes_.size()) return;
    const GpuMesh& mesh = meshes_[instances_[instance].mesh];
    std::optional<PosedVertices>& own = instance_vertices_[instance];
    if (!own) own = make_vertices_like(mesh);
    fill_vertices(mesh, *own, positions, normals);
}

void Renderer::draw_instance(std::uint32_t instance, std::uint32_t mesh,
                             bool posed_vertices) const {
    const GpuMesh& gpu = meshes_[mesh];
    const std::optional<PosedVertices>* own =
        instance < instance_vertices_.size() ? &instance_vertices_[instance] : nullptr;
    if (!posed_vertices || !own || !*own) {
        draw_one(gpu, posed_vertices);
        return;
    }
    glBindVertexArray((*own)->vertex_array.handle());
    glDrawElements(GL_TRIANGLES, gpu.index_count, GL_UNSIGNED_INT, nullptr);
}

void Renderer::draw(const FrameView& view, const InstancePlacement& placement,
                    const DrawOptions& options, const Overlay& overlay) {
    const Timed timed(seconds_);
    glViewport(view.viewport_origin_px.x, view.viewport_origin_px.y, view.viewport_px.x,
               view.viewport_px.y);
    // glClear ignores the viewport: the scissor keeps it to the view, off the panels.
    glEnable(GL_SCISSOR_TEST);
    glScissor(view.viewport_origin_px.x, view.viewport_origin_px.y, view.viewport_px.x,
              view.viewport_px.y);
    glClearColor(options.background.r, options.background.g, options.background.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDisable(GL_CULL_FACE);  // both sides are drawn: back faces get their own tint

    // Push the shaded surfaces back a little so wireframe edges and highlights sit on top.
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(1.0f, 1.0f);
    if (options.draw_meshes) {
        draw_meshes(view, placement, options, {});
        draw_extra_instances(options, {});
    }
    glDisable(GL_POLYGON_OFFSET_FILL);
    if (options.draw_meshes && !options.shape_transforms.empty()) {
        shape_program_.use();
        shape_program_.set("u_highlight_color", glm::vec3(0.95f, 0.20f, 0.85f));
        draw_shapes(shape_program_, view, options.shape_transforms, options.highlighted_shape);
    }
    if (options.wireframe && options.draw_meshes) {
        glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        const MeshStyle edges{options.wireframe_color, 1.0f, 1.0f};
        draw_meshes(view, placement, options, edges);
        draw_extra_instances(options, edges);
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    }
    if (options.ghost) {
        // Translucent, tested against the scene but not writing depth: where the ghost is
        // inside the posed model it hides, where they part it shows. Parts that did not move
        // land on exactly the depths drawn above (same program, same offset): GL_LESS drops
        // them, so only what the pose moved is ghosted.
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        glDepthMask(GL_FALSE);
        glDepthFunc(GL_LESS);
        glEnable(GL_POLYGON_OFFSET_FILL);
        draw_meshes(view, *options.ghost, options,
                    {glm::vec3(options.ghost_color), 0.35f, options.ghost_color.a});
        glDisable(GL_POLYGON_OFFSET_FILL);
        glDepthFunc(GL_LEQUAL);
        glDepthMask(GL_TRUE);
        glDisable(GL_BLEND);
    }
    draw_overlay(view, overlay);
    glDisable(GL_SCISSOR_TEST);  // the offscreen passes and ImGui set their own
}

void Renderer::draw_shapes(gl::Program& program, const FrameView& view,
                           std::span<const glm::mat4> transforms,
                           std::optional<std::uint32_t> highlighted) {
    program.use();
    program.set("u_clip_from_world", view.projection * view.view);
    program.set("u_eye", view.eye);
    // An orthographic projection has no eye: every ray runs along the view direction.
    const bool orthographic = view.projection[3][3] == 1.0f;
    program.set("u_orthographic", GLuint(orthographic ? 1 : 0));
    program.set("u_view_forward", -glm::normalize(glm::vec3(glm::inverse(view.view)[2])));
    // Back faces of the proxy: they are there even when the eye is inside it.
    glEnable(GL_CULL_FACE);
    glCullFace(GL_FRONT);
    glBindVertexArray(cube_vertex_array_.handle());
    for (std::size_t i = 0; i < shapes_.size() && i < transforms.size(); ++i) {
        const assets::ShapeData& shape = shapes_[i];
        const auto [lo, hi] = proxy_box(shape);
        const glm::mat4 proxy = glm::translate(glm::mat4(1.0f), 0.5f * (lo + hi)) *
                                glm::scale(glm::mat4(1.0f), 0.5f * (hi - lo));
        const glm::mat4 world_from_proxy = transforms[i] * proxy;
        program.set("u_world_from_proxy", world_from_proxy);
        // Longer than any line across the proxy: an orthographic ray starts this far in front
        // of the pixel's back-face point, outside the shape yet close (from 1e4 units away the
        // sphere's float discriminant cancels to noise, and the globe showed as a speckled box).
        program.set("u_proxy_reach", 2.0f * (glm::length(glm::vec3(world_from_proxy[0])) +
                                             glm::length(glm::vec3(world_from_proxy[1])) +
                                             glm::length(glm::vec3(world_from_proxy[2]))));
        program.set("u_world_from_shape", transforms[i]);
        program.set("u_shape_from_world", glm::inverse(transforms[i]));
        set_shape_uniforms(program, shape);
        if (&program == &shape_program_) {
            program.set("u_base_color", shape.color);
            program.set("u_highlight", highlighted && *highlighted == i ? 1.0f : 0.0f);
        } else {
            program.set("u_shape", GLuint(i));
        }
        glDrawElements(GL_TRIANGLES, 36, GL_UNSIGNED_INT, nullptr);
    }
    glBindVertexArray(0);
    glCullFace(GL_BACK);
    glDisable(GL_CULL_FACE);
}

void Renderer::draw_one(const GpuMesh& mesh, bool posed_vertices) const {
    const bool posed = posed_vertices && mesh.posed;
    glBindVertexArray(posed ? mesh.posed->vertex_array.handle() : mesh.vertex_array.handle());
    glDrawElements(GL_TRIANGLES, mesh.index_count, GL_UNSIGNED_INT, nullptr);
}

void Renderer::set_selected_triangles(std::span<const std::uint32_t> words,
                                      std::vector<std::uint32_t> first_word) {
    selection_first_ = std::move(first_word);
    if (words.empty()) {
        selection_first_.clear();
        return;
    }
    glBindBuffer(GL_TEXTURE_BUFFER, selection_words_.handle());
    glBufferData(GL_TEXTURE_BUFFER, GLsizeiptr(words.size_bytes()), words.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
    glBindTexture(GL_TEXTURE_BUFFER, selection_texture_.handle());
    glTexBuffer(GL_TEXTURE_BUFFER, GL_R32UI, selection_words_.handle());
    glBindTexture(GL_TEXTURE_BUFFER, 0);
}

void Renderer::draw_meshes(const FrameView& view, const InstancePlacement& placement,
                           const DrawOptions& options, const MeshStyle& style) {
    mesh_program_.use();
    // The selection tints the shaded pass only (not the ghost or the wireframe's edges).
    const bool tint = !selection_first_.empty() && !style.color && style.alpha == 1.0f;
    constexpr GLint kSelectionUnit = 1;
    glActiveTexture(GL_TEXTURE0 + kSelectionUnit);
    glBindTexture(GL_TEXTURE_BUFFER, tint ? selection_texture_.handle() : 0);
    glActiveTexture(GL_TEXTURE0);
    mesh_program_.set_sampler("u_selection", kSelectionUnit);
    mesh_program_.set("u_selection_color", glm::vec3(1.0f, 0.45f, 0.1f));
    mesh_program_.set("u_clip_from_world", view.projection * view.view);
    mesh_program_.set("u_eye", view.eye);
    mesh_program_.set("u_backface_tint", options.backface_tint);
    mesh_program_.set("u_flat_amount", style.flat_amount);
    mesh_program_.set("u_alpha", style.alpha);
    for (std::size_t i = 0; i < instances_.size() && i < placement.world_from_mesh.size(); ++i) {
        const assets::MeshInstance& instance = instances_[i];
        if (instance.mesh >= meshes_.size()) continue;
        const glm::mat4& world = placement.world_from_mesh[i];
        mesh_program_.set("u_world_from_mesh", world);
        mesh_program_.set("u_normal_matrix", glm::mat3(glm::transpose(glm::inverse(world))));
        mesh_program_.set("u_base_color", style.color.value_or(mesh_colors_[instance.mesh]));
        mesh_program_.set("u_facets", meshes_[instance.mesh].flat_shaded ? 1.0f : 0.0f);
        const std::uint32_t first =
            tint && i < selection_first_.size() ? selection_first_[i] : kNoSelection;
        mesh_program_.set("u_selection_on", GLuint(first != kNoSelection));
        mesh_program_.set("u_selection_first", GLuint(first != kNoSelection ? first : 0));
        // A style's own colour (the ghost, a highlight) is drawn plain.
        bind_texture(style.color ? nullptr : texture_of(instance.mesh));
        draw_instance(std::uint32_t(i), instance.mesh, placement.posed_vertices);
    }
    mesh_program_.set("u_selection_on", GLuint(0));
    glBindVertexArray(0);
}

void Renderer::draw_extra_instances(const DrawOptions& options, const MeshStyle& style) {
    // The program and its per-frame uniforms are still set by the draw_meshes() just before.
    if (options.extra_instances.empty()) return;
    mesh_program_.use();
    for (const ExtraInstance& extra : options.extra_instances) {
        if (extra.mesh >= meshes_.size()) continue;
        mesh_program_.set("u_world_from_mesh", extra.world_from_mesh);
        mesh_program_.set("u_normal_matrix",
                          glm::mat3(glm::transpose(glm::inverse(extra.world_from_mesh))));
        mesh_program_.set("u_base_color", style.color.value_or(extra.color));
        mesh_program_.set("u_facets", meshes_[extra.mesh].flat_shaded ? 1.0f : 0.0f);
        bind_texture(nullptr);
        if (extra.vertices_of_instance && *extra.vertices_of_instance < instances_.size() &&
            instances_[*extra.vertices_of_instance].mesh == extra.mesh)
            draw_instance(*extra.vertices_of_instance, extra.mesh, true);
        else
            draw_one(meshes_[extra.mesh], true);
    }
    glBindVertexArray(0);
}

void Renderer::draw_overlay(const FrameView& view, const Overlay& overlay) {
    const glm::mat4 clip_from_world = view.projection * view.view;
    std::vector<OverlayVertex> vertices;
    for (const bool in_front : {false, true})
        for (const TriangleHighlight& t : overlay.triangles)
            if (t.in_front == in_front)
                for (const glm::vec3& c : t.corners)
                    vertices.push_back({c, t.fill});
    const auto fill_count = GLsizei(vertices.size());
    GLsizei front_count = 0;
    for (const TriangleHighlight& t : overlay.triangles)
        front_count += t.in_front ? 3 : 0;
    for (const TriangleHighlight& t : overlay.triangles)
        for (int i = 0; i < 3; ++i) {
            vertices.push_back({t.corners[std::size_t(i)], t.outline});
            vertices.push_back({t.corners[std::size_t((i + 1) % 3)], t.outline});
        }
    for (const LineSegment& line : overlay.lines)
        if (line.wide && !line.on_top) {
            vertices.push_back({line.a, line.color});
            vertices.push_back({line.b, line.color});
        }
    const auto outline_count = GLsizei(vertices.size()) - fill_count;
    for (const LineSegment& line : overlay.lines)
        if (!line.on_top && !line.wide) {
            vertices.push_back({line.a, line.color});
            vertices.push_back({line.b, line.color});
        }
    const auto line_count = GLsizei(vertices.size()) - fill_count - outline_count;
    for (const LineSegment& line : overlay.lines)
        if (line.on_top) {
            vertices.push_back({line.a, line.color});
            vertices.push_back({line.b, line.color});
        }
    const auto top_count = GLsizei(vertices.size()) - fill_count - outline_count - line_count;

    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    if (!vertices.empty()) {
        glBindBuffer(GL_ARRAY_BUFFER, overlay_vertices_.handle());
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices.size() * sizeof(OverlayVertex)),
                     vertices.data(), GL_STREAM_DRAW);
        overlay_program_.use();
        overlay_program_.set("u_clip_from_world", clip_from_world);
        overlay_program_.set("u_viewport_size", glm::vec2(view.viewport_px));
        overlay_program_.set("u_pixel_offset", glm::vec2(0.0f));
        overlay_program_.set("u_alpha_scale", 1.0f);
        glBindVertexArray(overlay_vertex_array_.handle());

        // The fill is the same triangle as the surface below it; LEQUAL with the surface
        // pushed back (polygon offset above) keeps it in front without z-fighting.
        glDrawArrays(GL_TRIANGLES, 0, fill_count - front_count);
        if (front_count > 0) {
            // Over coplanar fills drawn just before (the lab's V and Q in one plane).
            glEnable(GL_POLYGON_OFFSET_FILL);
            glPolygonOffset(-1.0f, -4.0f);
            glDrawArrays(GL_TRIANGLES, fill_count - front_count, front_count);
            glDisable(GL_POLYGON_OFFSET_FILL);
        }

        // Outlines: faint where hidden, then solid and two pixels wide where visible.
        glDisable(GL_DEPTH_TEST);
        overlay_program_.set("u_alpha_scale", 0.35f);
        glDrawArrays(GL_LINES, fill_count, outline_count);
        overlay_program_.set("u_alpha_scale", 1.0f);
        glEnable(GL_DEPTH_TEST);
        for (const glm::vec2 offset : {glm::vec2(0, 0), glm::vec2(1, 0), glm::vec2(0, 1)}) {
            overlay_program_.set("u_pixel_offset", offset);
            glDrawArrays(GL_LINES, fill_count, outline_count);
        }
        overlay_program_.set("u_pixel_offset", glm::vec2(0.0f));
        glDrawArrays(GL_LINES, fill_count + outline_count, line_count);
        if (top_count > 0) {
            // Two pixels wide and over everything: contacts that lie inside the surfaces.
            glDisable(GL_DEPTH_TEST);
            for (const glm::vec2 offset : {glm::vec2(0, 0), glm::vec2(1, 0), glm::vec2(0, 1)}) {
                overlay_program_.set("u_pixel_offset", offset);
                glDrawArrays(GL_LINES, fill_count + outline_count + line_count, top_count);
            }
            overlay_program_.set("u_pixel_offset", glm::vec2(0.0f));
            glEnable(GL_DEPTH_TEST);
        }
        glBindVertexArray(0);
    }

    if (overlay.marker) {
        glDisable(GL_DEPTH_TEST);
        glEnable(GL_PROGRAM_POINT_SIZE);
        glBindBuffer(GL_ARRAY_BUFFER, marker_vertices_.handle());
        glBufferData(GL_ARRAY_BUFFER, sizeof(glm::vec3), &*overlay.marker, GL_STREAM_DRAW);
        marker_program_.use();
        marker_program_.set("u_clip_from_world", clip_from_world);
        marker_program_.set("u_size_px", overlay.marker_size_px);
        marker_program_.set("u_color", overlay.marker_color);
        marker_program_.set("u_outline_color", glm::vec4(0.0f, 0.0f, 0.0f, 1.0f));
        marker_program_.set("u_inner", 0.4f);
        glBindVertexArray(marker_vertex_array_.handle());
        glDrawArrays(GL_POINTS, 0, 1);
        glBindVertexArray(0);
        glEnable(GL_DEPTH_TEST);
    }
    glDisable(GL_BLEND);
}

void Renderer::ensure_id_target(glm::ivec2 size) {
    if (size == id_size_) return;
    id_size_ = size;
    glBindRenderbuffer(GL_RENDERBUFFER, id_color_.handle());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RG32UI, size.x, size.y);
    glBindRenderbuffer(GL_RENDERBUFFER, id_depth_.handle());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, size.x, size.y);
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, id_framebuffer_.handle());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
                              id_color_.handle());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER,
                              id_depth_.handle());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::optional<IdSample> Renderer::read_id(const FrameView& view, const InstancePlacement& placement,
                                          glm::ivec2 pixel,
                                          std::span<const glm::mat4> shape_transforms) {
    const Timed timed(seconds_);
    if (pixel.x < 0 || pixel.y < 0 || pixel.x >= view.viewport_px.x ||
        pixel.y >= view.viewport_px.y)
        return std::nullopt;
    ensure_id_target(view.viewport_px);
    glBindFramebuffer(GL_FRAMEBUFFER, id_framebuffer_.handle());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return std::nullopt;
    }
    glViewport(0, 0, view.viewport_px.x, view.viewport_px.y);
    const GLuint zero[4] = {0, 0, 0, 0};
    glClearBufferuiv(GL_COLOR, 0, zero);
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_BLEND);
    id_program_.use();
    id_program_.set("u_clip_from_world", view.projection * view.view);
    for (std::size_t i = 0; i < instances_.size() && i < placement.world_from_mesh.size(); ++i) {
        const assets::MeshInstance& instance = instances_[i];
        if (instance.mesh >= meshes_.size()) continue;
        id_program_.set("u_world_from_mesh", placement.world_from_mesh[i]);
        id_program_.set("u_instance_plus_one", GLuint(i + 1));
        draw_instance(std::uint32_t(i), instance.mesh, placement.posed_vertices);
    }
    glBindVertexArray(0);
    if (!shape_transforms.empty()) draw_shapes(shape_id_program_, view, shape_transforms, {});
    GLuint id[2] = {0, 0};
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glReadPixels(pixel.x, view.viewport_px.y - 1 - pixel.y, 1, 1, GL_RG_INTEGER, GL_UNSIGNED_INT,
                 id);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDepthFunc(GL_LEQUAL);
    if (id[0] == 0) return std::nullopt;
    if (id[0] == 0xFFFFFFFFu) return IdSample{0, 0, id[1]};
    return IdSample{id[0] - 1, id[1], std::nullopt};
}

void Renderer::ensure_inset_target(InsetTarget& target, glm::ivec2 size) {
    if (size == target.size) return;
    target.size = size;
    glBindTexture(GL_TEXTURE_2D, target.color.handle());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size.x, size.y, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindRenderbuffer(GL_RENDERBUFFER, target.depth.handle());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, size.x, size.y);
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer.handle());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                           target.color.handle(), 0);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER,
                              target.depth.handle());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

GLuint Renderer::draw_inset(Inset inset, const FrameView& view,
                            std::optional<std::uint32_t> mesh_to_draw,
                            const VertexSnapshot* snapshot, const DrawOptions& options,
                            const Overlay& overlay) {
    const Timed timed(seconds_);
    if ((mesh_to_draw && *mesh_to_draw >= meshes_.size()) || view.viewport_px.x <= 0 ||
        view.viewport_px.y <= 0)
        return 0;
    InsetTarget& target = insets_[std::size_t(inset)];
    const std::uint32_t mesh = mesh_to_draw.value_or(0);
    if (mesh_to_draw && snapshot &&
        (!snapshot_vertices_ || snapshot_mesh_ != mesh || snapshot_version_ != snapshot->version)) {
        snapshot_vertices_ = make_vertices_like(meshes_[mesh]);
        fill_vertices(meshes_[mesh], *snapshot_vertices_, snapshot->positions, snapshot->normals);
        snapshot_mesh_ = mesh;
        snapshot_version_ = snapshot->version;
    }
    // The loaded vertices, or the snapshot's.
    const auto draw = [&] {
        if (!mesh_to_draw) return;
        if (!snapshot) {
            draw_one(meshes_[mesh], false);
            return;
        }
        glBindVertexArray(snapshot_vertices_->vertex_array.handle());
        glDrawElements(GL_TRIANGLES, meshes_[mesh].index_count, GL_UNSIGNED_INT, nullptr);
    };
    ensure_inset_target(target, view.viewport_px);
    glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer.handle());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return 0;
    }
    glViewport(0, 0, view.viewport_px.x, view.viewport_px.y);
    glClearColor(options.background.r, options.background.g, options.background.b, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(1.0f, 1.0f);
    mesh_program_.use();
    mesh_program_.set("u_clip_from_world", view.projection * view.view);
    mesh_program_.set("u_eye", view.eye);
    mesh_program_.set("u_backface_tint", options.backface_tint);
    mesh_program_.set("u_flat_amount", 0.0f);
    mesh_program_.set("u_alpha", 1.0f);
    mesh_program_.set("u_world_from_mesh", glm::mat4(1.0f));
    mesh_program_.set("u_normal_matrix", glm::mat3(1.0f));
    mesh_program_.set("u_base_color", mesh_colors_[mesh]);
    mesh_program_.set("u_facets", meshes_[mesh].flat_shaded ? 1.0f : 0.0f);
    bind_texture(texture_of(mesh));
    draw();
    glDisable(GL_POLYGON_OFFSET_FILL);
    if (options.wireframe) {
        glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        mesh_program_.set("u_flat_amount", 1.0f);
        mesh_program_.set("u_base_color", options.wireframe_color);
        bind_texture(nullptr);
        draw();
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    }
    glBindVertexArray(0);
    draw_overlay(view, overlay);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return target.color.handle();
}

double Renderer::take_seconds() {
    const double seconds = seconds_;
    seconds_ = 0.0;
    return seconds;
}

GLuint Renderer::upload_image(std::span<const std::uint8_t> rgba, glm::ivec2 size,
                              std::size_t slot) {
    const Timed timed(seconds_);
    if (slot >= kImageSlots || size.x <= 0 || size.y <= 0 ||
        rgba.size() < std::size_t(size.x) * std::size_t(size.y) * 4)
        return 0;
    glm::ivec2& image_size = image_sizes_[slot];
    glBindTexture(GL_TEXTURE_2D, image_textures_[slot].handle());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    if (size != image_size) {
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size.x, size.y, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                     rgba.data());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        image_size = size;
    } else {
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, size.x, size.y, GL_RGBA, GL_UNSIGNED_BYTE,
                        rgba.data());
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    return image_textures_[slot].handle();
}

}  // namespace render
