#include "app/core/glossary.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace app {

namespace {

constexpr std::array kGlossary = {
    GlossaryEntry{"pick",
                  "The ray through the pixel you clicked, tested against the model's triangles: "
                  "the closest triangle it meets is the pick."},
    GlossaryEntry{"t",
                  "How far along the ray the hit is: point = origin + t * direction. The "
                  "ray's direction is a unit vector in the world, so t is a distance."},
    GlossaryEntry{"u, v",
                  "Barycentric coordinates: the hit point is (1-u-v)*p0 + u*p1 + v*p2. Inside "
                  "the triangle all three weights are between 0 and 1."},
    GlossaryEntry{"UV",
                  "Texture coordinates: where on the texture image this point of the surface "
                  "takes its colour. U runs left to right, V bottom to top, 0 to 1 across the "
                  "image (beyond that the texture usually repeats). A model may have several "
                  "sets (channels)."},
    GlossaryEntry{"smooth normal",
                  "The corners' own normals blended with the hit's weights: the direction the "
                  "surface is shaded as facing. The geometric normal is the flat triangle's; "
                  "they differ where a model is meant to look rounder than its triangles."},
    GlossaryEntry{"barycentric",
                  "Weights of the three corners that give a point of the triangle's plane; all "
                  "non-negative exactly when the point lies inside the triangle."},
    GlossaryEntry{"bone space",
                  "The space a mesh's vertices are stored in. XNA recipe 4-18 moves the ray into "
                  "it (two transforms per mesh) instead of moving every triangle to the world "
                  "(three per triangle)."},
    GlossaryEntry{"world space",
                  "The model's root space with every node's transform applied: where the "
                  "camera, the ray and the hit point are given."},
    GlossaryEntry{"XNA recipe 4-18",
                  "\"Ray-model collision with per-triangle checks\" from the book XNA 3.0 "
                  "Recipes (seed 001): move the ray into each mesh's bone space, test bounding "
                  "spheres first, then every triangle."},
    GlossaryEntry{"broad phase",
                  "What decides which triangles are worth testing: nothing (every triangle), "
                  "bounding spheres, a box per mesh, or a BVH. The narrow phase is the "
                  "ray-triangle test itself."},
    GlossaryEntry{"BVH",
                  "Bounding volume hierarchy: boxes inside boxes around the triangles, so a ray "
                  "skips every box it misses. raypick's is eight boxes wide."},
    GlossaryEntry{"packet",
                  "Neighbouring rays (a 4x4 tile of pixels) cast together: they share one walk "
                  "of the BVH, each box tested once for all of them, and each ray still gets "
                  "exactly the hit it would get alone."},
    GlossaryEntry{"tie",
                  "Two triangles hit at exactly the same t (a shared edge, or two copies of one "
                  "triangle): the lower triangle number wins, and between objects the lower "
                  "object, whatever order the search met them in."},
    GlossaryEntry{"Embree",
                  "Intel's ray tracing library, built in as a peer to compare with: it runs its "
                  "own triangle test and reports no counters."},
    GlossaryEntry{"watertight",
                  "A triangle test that never lets a ray slip between two triangles sharing an "
                  "edge, however the floating-point numbers round (Woop, Benthin & Wald 2013)."},
    GlossaryEntry{"leak",
                  "A ray aimed exactly at a shared edge or vertex that no triangle there reports: "
                  "it passes through a closed surface. A double hit is one that several report."},
    GlossaryEntry{"edges excluded",
                  "The algorithm counts a point exactly on an edge as outside the triangle, so a "
                  "ray through a shared edge can miss both triangles (a leak)."},
    GlossaryEntry{"edges inclusive",
                  "A point exactly on an edge counts as inside: both triangles of a shared edge "
                  "report it (a double hit), but none misses it."},
    GlossaryEntry{"half-open edges",
                  "Each edge belongs to exactly one of the two triangles sharing it, so a ray "
                  "through it hits one: neither a leak nor a double hit."},
    GlossaryEntry{"cross product",
                  "Seed 002: |a x b| is the area of the parallelogram on a and b, so a "
                  "triangle's area is |E1 x E2| / 2 with its edges E1 = p1 - p0, E2 = p2 - p0."},
    GlossaryEntry{"triple product",
                  "Seed 002: |a . (b x c)| is the volume of the parallelepiped on a, b and c. "
                  "On the ray's direction and the triangle's edges it is Moller-Trumbore's "
                  "determinant (seed 000): near 0, the ray runs along the triangle's plane."},
    GlossaryEntry{"ULP",
                  "Unit in the last place: how many representable floats lie between two numbers. "
                  "1 ULP is the smallest difference a float can show."},
    GlossaryEntry{"cancellation",
                  "Subtracting two nearly equal numbers: their equal leading digits cancel, and "
                  "what is left is mostly the rounding errors they carried. Seed 002's b*b - "
                  "4ac far from a sphere is one: b*b and 4ac agree in almost every digit."},
    GlossaryEntry{"discriminant",
                  "What is under the square root of the quadratic formula: b*b - 4ac (or h*h - "
                  "ac with h = b/2). Below 0 the ray's line misses the sphere; its root is half "
                  "the gap between the two hits."},
    GlossaryEntry{"exact solve",
                  "The same quadratic solved for the same float inputs in double-double "
                  "arithmetic (about 32 digits): the reference each form's error is measured "
                  "against."},
    GlossaryEntry{"det epsilon",
                  "The seeds' test for a ray parallel to the triangle: a determinant below this "
                  "absolute number is a miss, so very small triangles are missed too."},
    GlossaryEntry{"edge tolerance",
                  "The Unity port's slack at the edges, in units scaled by the determinant: a "
                  "point that far outside still counts as a hit."},
    GlossaryEntry{"t range",
                  "Hits count only between t min and t max. The seeds' code has none, so it "
                  "reports triangles behind the eye (t < 0)."},
    GlossaryEntry{"first found",
                  "Seed 001 returns the first triangle the ray meets in the mesh's order, not "
                  "the closest one."},
    GlossaryEntry{"back-face culling",
                  "Triangles seen from behind (their corners clockwise from the ray) are "
                  "ignored."},
    GlossaryEntry{"ID buffer",
                  "The GPU draws every triangle's number instead of its colour; reading the "
                  "clicked pixel is a second opinion on the CPU's pick."},
    GlossaryEntry{"bind pose",
                  "The vertices as loaded, before any animation moves them: what an engine picks "
                  "when it forgets the animation (a classic bug)."},
    GlossaryEntry{"skinning",
                  "Each vertex follows several bones with weights; the CPU blends their "
                  "matrices for every pose, and picking tests the very vertices drawn."},
    GlossaryEntry{"refit",
                  "New boxes for a BVH whose triangles moved, keeping its tree: much cheaper "
                  "than building it again."},
    GlossaryEntry{"instance",
                  "One placement of a mesh by a node. Several objects can share one mesh."},
    GlossaryEntry{"cold",
                  "The first pick after a model loads or the settings change pays for work "
                  "done once (building blocks, caches): later picks are faster."},
    GlossaryEntry{"heatmap",
                  "Every pixel's ray cast on the CPU and coloured by how much work it took "
                  "(BVH nodes plus triangles tested)."},
    GlossaryEntry{"seed 000",
                  "A 2010 article on ray-triangle intersection as the DirectX SDK's Pick sample "
                  "does it (Moller-Trumbore), with its Unity port."},
    GlossaryEntry{"seed 001",
                  "XNA 3.0 Recipes 4-18: ray-model collision with per-triangle "
                  "checks, in each mesh's bone space."},
    GlossaryEntry{"seed 002",
                  "Geometry notes: ray, plane, sphere, rectangle, triangle and box tests, with "
                  "their floating-point traps."},
    GlossaryEntry{"seed 003",
                  "A fast triangle-triangle intersection test with timings over nine cases."},
    GlossaryEntry{"seed case",
                  "One of seed 003's nine kinds of triangle pair (parallel, coplanar, crossing, "
                  "...), each timed in the article."},
    GlossaryEntry{"slab test",
                  "Ray against an axis-aligned box: the ray's entry and exit of each pair of "
                  "parallel planes, intersected. Seed 002 calls it a hit when t_exit > 0 and "
                  "t_exit + eps > t_enter (eps = 0.0001); Tools > Slab lab shows it step by "
                  "step."},
};

constexpr std::array kSeeds = {
    SeedDocument{"seed 000", "Ray-triangle intersection detection", "射线和三角形的相交检测",
                 "cnblogs.com/graphics, 2010 (the DirectX SDK Pick sample and its Unity port)",
                 "algorithms dx_pick, unity_pick; Explain; their tolerances in the Inspector; "
                 "the hit point both ways (O + tD and from u, v) in its Triangle section"},
    SeedDocument{"seed 001", "XNA 3.0 Recipes 4-18: ray-model collision with per-triangle checks",
                 "4.18 使用逐三角形检查检测射线-模型碰撞",
                 "XNA 3.0 Recipes (Apress, 2009), in Chinese translation",
                 "algorithm xna_plane; the sphere broad phase; bone space in the Inspector"},
    SeedDocument{"seed 002", "Geometry definitions", "几何定义",
                 "web notes on ray, plane, sphere, rectangle, triangle and box tests",
                 "the analytic shapes of the default scene; its sphere quadratic's four forms in "
                 "Tools > Sphere forms; barycentric, crossing_2d, "
                 "moller_trumbore; the slab test (Tools > Slab lab); the area (cross product) and "
                 "triple product "
                 "in the Inspector's Triangle section. Its 2D separating-axis section stops at "
                 "'to be continued' (未完待续): seed 003's step 3 carries the idea out, with "
                 "the axes drawn in the Triangle lab"},
    SeedDocument{"seed 003", "A fast triangle-triangle intersection test",
                 "这个相交测试算法的主要过程",
                 "web article, untitled (its first line is quoted), timed on an Athlon 64 X2",
                 "the Triangle lab and Collide modes; raypick tritri"},
};

bool same_text(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace

std::span<const GlossaryEntry> glossary() {
    return kGlossary;
}

const GlossaryEntry* find_glossary_entry(std::string_view term) {
    for (const GlossaryEntry& entry : kGlossary)
        if (same_text(entry.term, term)) return &entry;
    return nullptr;
}

std::span<const SeedDocument> seed_documents() {
    return kSeeds;
}

}  // namespace app
