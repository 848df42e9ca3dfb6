#pragma once
/// Draws a posed scene, the highlighted triangles on top of it without z-fighting, debug
/// lines and the hit marker; and, on demand, an ID pass that names the triangle under a pixel.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "assets/scene/scene.h"
#include "render/gl/object.h"
#include "render/gl/program.h"
#include "render/gpu_mesh.h"

namespace render {

struct FrameView {
    glm::mat4 view{1.0f};
    glm::mat4 projection{1.0f};
    glm::vec3 eye{0.0f};
    glm::ivec2 viewport_px{1, 1};  ///< the view's size, framebuffer pixels
    /// Where the view's bottom left corner is in the window's framebuffer (OpenGL's origin,
    /// bottom left): the 3D view is the part of the window the panels leave free. Only draw()
    /// uses it; the offscreen passes (the ID buffer, the inset) start at their own origin.
    glm::ivec2 viewport_origin_px{0, 0};
};

/// Where the scene's instances are drawn this frame, and with which vertices.
struct InstancePlacement {
    std::span<const glm::mat4> world_from_mesh;  ///< one per Scene::instances() entry
    /// Deforming meshes: their posed vertices (Renderer::update_posed_vertices); false: the
    /// vertices as loaded, i.e. the bind pose.
    bool posed_vertices = true;
};

/// One more placement of a loaded mesh, drawn beside the scene's instances in one colour
/// (Collide mode's copy of a mesh).
struct ExtraInstance {
    std::uint32_t mesh = 0;
    glm::mat4 world_from_mesh{1.0f};
    glm::vec3 color{1.0f};
    /// Draw the vertices of this scene instance (its own posed vertices when it has them)
    /// rather than the mesh's.
    std::optional<std::uint32_t> vertices_of_instance;
};

/// Vertices to draw a mesh with instead of its own buffers (the Bone space view's pose of the
/// pick), uploaded again only when `version` changes.
struct VertexSnapshot {
    std::span<const glm::vec3> positions;
    std::span<const glm::vec3> normals;
    std::uint64_t version = 0;
};

struct DrawOptions {
    bool draw_meshes = true;  ///< false: only the overlay (the Triangle lab)
    /// Where the scene's analytic shapes are (Scene::shapes order); empty: none drawn.
    std::span<const glm::mat4> shape_transforms;
    std::optional<std::uint32_t> highlighted_shape;  ///< drawn in the pick colour
    std::vector<ExtraInstance> extra_instances;      ///< drawn with the meshes (posed vertices)
    bool wireframe = false;                          ///< draw triangle edges over the shaded meshes
    /// Also draw this placement as a translucent ghost over the scene (the bind pose).
    std::optional<InstancePlacement> ghost;
    glm::vec4 ghost_color{0.75f, 0.88f, 1.0f, 0.28f};
    glm::vec3 background{0.13f, 0.14f, 0.16f};
    glm::vec3 backface_tint{0.55f, 0.65f, 1.0f};
    glm::vec3 wireframe_color{0.08f, 0.08f, 0.09f};
};

/// A triangle drawn over the scene in world space.
struct TriangleHighlight {
    std::array<glm::vec3, 3> corners{};
    glm::vec4 fill{1.0f};     ///< alpha < 1 blends
    glm::vec4 outline{0.0f};  ///< alpha 0: no outline
    /// Filled after the others and pulled towards the eye (polygon offset): where it lies in
    /// the plane of a highlight drawn before it, it shows over that one instead of z-fighting.
    bool in_front = false;
};

struct LineSegment {
    glm::vec3 a{0.0f}, b{0.0f};
    glm::vec4 color{1.0f};
    bool on_top = false;  ///< drawn over everything (e.g. a contact lying inside surfaces)
    /// Drawn like the triangles' outlines: two pixels wide where seen, faint where hidden (an
    /// edge of the mesh, which a plain line along the surface would z-fight).
    bool wide = false;
};

struct Overlay {
    std::vector<TriangleHighlight> triangles;
    std::vector<LineSegment> lines;
    std::optional<glm::vec3> marker;  ///< world point shown as a ring
    glm::vec4 marker_color{1.0f, 1.0f, 1.0f, 1.0f};
    float marker_size_px = 18.0f;
};

/// The offscreen pictures the viewer shows in its panels, each with a target of its own so one
/// is kept while the other is drawn again.
enum class Inset { BoneSpace, Magnifier };

/// What the ID pass saw at one pixel: a triangle of an instance, or an analytic shape.
struct IdSample {
    std::uint32_t instance = 0;          ///< index into the scene's instances()
    std::uint32_t triangle = 0;          ///< within that instance's mesh
    std::optional<std::uint32_t> shape;  ///< an analytic shape (Scene::shapes) instead
};

class Renderer {
  public:
    /// Compiles the programs; throws gl::ShaderError with the driver's log.
    Renderer();

    /// Uploads every mesh of `scene`, and its materials' base-colour textures, and remembers its
    /// instances. Returns what went wrong with textures ("texture FILE: why"), one per file: a
    /// material whose texture cannot be read is drawn in its base colour.
    [[nodiscard]] std::vector<std::string> set_scene(const assets::Scene& scene);
    /// Replaces the posed vertices of deforming mesh `mesh` (see render/gpu_mesh.h).
    void update_posed_vertices(std::uint32_t mesh, std::span<const glm::vec3> positions,
                               std::span<const glm::vec3> normals);
    /// Gives instance `instance` (Scene::instances() order) posed vertices of its own, drawn
    /// instead of its mesh's (a morphing mesh drawn at several nodes, each with its weights).
    void update_instance_vertices(std::uint32_t instance, std::span<const glm::vec3> positions,
                                  std::span<const glm::vec3> normals);

    void draw(const FrameView& view, const InstancePlacement& placement, const DrawOptions& options,
              const Overlay& overlay);

    /// The triangles a region selected, tinted where the meshes are drawn: `words` holds one
    /// bit per triangle (bit i of word i / 32 for triangle i) for each instance
    /// (Scene::instances() order) whose `first_word` is not kNoSelection. Empty: none.
    static constexpr std::uint32_t kNoSelection = 0xFFFFFFFFu;
    void set_selected_triangles(std::span<const std::uint32_t> words,
                                std::vector<std::uint32_t> first_word);

    /// Draws the ID pass off screen and reads the pixel (framebuffer coordinates, origin at
    /// the top left). Nothing there: nothing returned.
    [[nodiscard]] std::optional<IdSample> read_id(const FrameView& view,
                                                  const InstancePlacement& placement,
                                                  glm::ivec2 pixel_top_left,
                                                  std::span<const glm::mat4> shape_transforms = {});

    /// Draws mesh `mesh` alone in its own space (no transform), or no mesh, with `overlay` into
    /// the offscreen colour texture `inset` of view.viewport_px pixels, and returns that texture
    /// (for ImGui::Image; row 0 at the bottom), or 0 when it cannot. With `snapshot` the mesh's
    /// triangles are drawn over those vertices; without, over the vertices as loaded. The
    /// texture keeps the picture until the next call for the same inset.
    [[nodiscard]] GLuint draw_inset(Inset inset, const FrameView& view,
                                    std::optional<std::uint32_t> mesh,
                                    const VertexSnapshot* snapshot, const DrawOptions& options,
                                    const Overlay& overlay);

    /// Wall time spent in this renderer's calls (the GL driver's work: with software GL,
    /// transforming and rasterizing is CPU time of this thread too) since the last call.
    [[nodiscard]] double take_seconds();

    /// How many images upload_image keeps at once (the viewer's pictures over the view).
    static constexpr std::size_t kImageSlots = 2;
    /// Uploads an RGBA image (top row first, 8 bits per channel) into image texture `slot`
    /// (< kImageSlots) and returns it (for ImGui, row 0 at the top as ImGui expects with uv
    /// (0,0) at the top left), or 0 for an empty image. The slot's texture is replaced on every
    /// call; the other slots keep theirs.
    [[nodiscard]] GLuint upload_image(std::span<const std::uint8_t> rgba, glm::ivec2 size,
                                      std::size_t slot = 0);

  private:
    struct MeshStyle {
        std::optional<glm::vec3> color;  ///< instead of the material's
        float flat_amount = 0.0f;        ///< 1: unlit
        float alpha = 1.0f;
    };
    void draw_meshes(const FrameView& view, const InstancePlacement& placement,
                     const DrawOptions& options, const MeshStyle& style);
    void draw_extra_instances(const DrawOptions& options, const MeshStyle& style);
    void draw_one(const GpuMesh& mesh, bool posed_vertices) const;
    /// Instance `instance` of mesh `mesh`: its own posed vertices when it has them.
    void draw_instance(std::uint32_t instance, std::uint32_t mesh, bool posed_vertices) const;
    /// Every analytic shape through `program` (shape or shape_id), one proxy box each.
    void draw_shapes(gl::Program& program, const FrameView& view,
                     std::span<const glm::mat4> transforms,
                     std::optional<std::uint32_t> highlighted);
    void draw_overlay(const FrameView& view, const Overlay& overlay);
    void ensure_id_target(glm::ivec2 size);
    struct InsetTarget {
        gl::Framebuffer framebuffer;
        gl::Texture color;
        gl::Renderbuffer depth;
        glm::ivec2 size{0, 0};
    };
    void ensure_inset_target(InsetTarget& target, glm::ivec2 size);

    gl::Program mesh_program_;
    // The region selection's bits (a buffer texture) and where each instance's start.
    gl::Buffer selection_words_;
    gl::Texture selection_texture_;
    std::vector<std::uint32_t> selection_first_;
    gl::Program overlay_program_;
    gl::Program marker_program_;
    gl::Program id_program_;
    gl::Program shape_program_;
    gl::Program shape_id_program_;
    std::vector<assets::ShapeData> shapes_;
    gl::VertexArray cube_vertex_array_;  ///< the shapes' proxy: [-1, 1]^3
    gl::Buffer cube_vertices_;
    gl::Buffer cube_indices_;
    std::vector<GpuMesh> meshes_;
    std::vector<glm::vec3> mesh_colors_;
    /// The texture mesh `mesh` is drawn with: its material's, when it has UVs and one was read.
    [[nodiscard]] const gl::Texture* texture_of(std::uint32_t mesh) const;
    /// Sets u_textured and binds `texture` (null: none) to unit 0 for the mesh program.
    void bind_texture(const gl::Texture* texture);
    /// Per material: its base-colour texture, when it names one that could be read.
    std::vector<std::optional<gl::Texture>> material_textures_;
    std::vector<assets::MeshInstance> instances_;
    std::vector<std::optional<PosedVertices>> instance_vertices_;  ///< per instance, if its own
    std::optional<PosedVertices> snapshot_vertices_;               ///< draw_inset()'s snapshot
    std::uint32_t snapshot_mesh_ = 0;
    std::uint64_t snapshot_version_ = 0;

    gl::VertexArray overlay_vertex_array_;
    gl::Buffer overlay_vertices_;
    gl::VertexArray marker_vertex_array_;
    gl::Buffer marker_vertices_;

    gl::Framebuffer id_framebuffer_;
    gl::Renderbuffer id_color_;
    gl::Renderbuffer id_depth_;
    glm::ivec2 id_size_{0, 0};

    std::array<gl::Texture, kImageSlots> image_textures_;  ///< upload_image()'s
    std::array<glm::ivec2, kImageSlots> image_sizes_{};

    std::array<InsetTarget, 2> insets_;  ///< by Inset
    double seconds_ = 0.0;               ///< take_seconds()'s sum
};

}  // namespace render
