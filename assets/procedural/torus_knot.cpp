// A (p, q) torus knot (the curve on a torus of radii 2 and 1 that winds p times around its
// axis and q times through its hole), swept by a circle in a frame that follows the torus:
// the normal points from the torus's core circle to the curve, so the frame is periodic and
// the tube closes on itself without a seam.

#include "assets/procedural/torus_knot.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

#include <glm/geometric.hpp>

namespace assets {

namespace {

constexpr double kTau = 2.0 * std::numbers::pi;

struct Frame {
    glm::dvec3 point, normal, binormal;
};

glm::dvec3 curve(int p, int q, double t) {
    const double r = 2.0 + std::cos(q * t);
    return {r * std::cos(p * t), r * std::sin(p * t), -std::sin(q * t)};
}

Frame frame_at(int p, int q, double t) {
    const glm::dvec3 c = curve(p, q, t);
    // The exact derivative of curve().
    const double r = 2.0 + std::cos(q * t);
    const double dr = -q * std::sin(q * t);
    const glm::dvec3 tangent = glm::normalize(
        glm::dvec3(dr * std::cos(p * t) - r * p * std::sin(p * t),
                   dr * std::sin(p * t) + r * p * std::cos(p * t), -q * std::cos(q * t)));
    const glm::dvec3 core(2.0 * std::cos(p * t), 2.0 * std::sin(p * t), 0.0);
    const glm::dvec3 radial = c - core;
    const glm::dvec3 normal = glm::normalize(radial - glm::dot(radial, tangent) * tangent);
    return {c, normal, glm::cross(tangent, normal)};
}

/// splitmix64: a well-mixed hash, so the noise needs no sequential generator.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/// Uniform in [-1, 1) from (seed, index).
double noise(unsigned seed, std::uint64_t index) {
    const std::uint64_t bits = mix((std::uint64_t(seed) << 40) ^ index) >> 11;  // 53 bits
    return double(bits) * 0x1p-52 - 1.0;
}

}  // namespace

MeshData make_torus_knot(const TorusKnotOptions& options) {
    const int p = options.p, q = options.q;
    // Curve length, for square cells: sides around the tube, rings along it.
    double length = 0.0;
    constexpr int kSamples = 4096;
    for (int i = 0; i < kSamples; ++i)
        length +=
            glm::length(curve(p, q, kTau * (i + 1) / kSamples) - curve(p, q, kTau * i / kSamples));
    const double target = double(std::max<std::size_t>(options.triangles, 8));
    const double circumference = kTau * double(options.tube_radius);
    // 2 * rings * sides = target, with rings / sides = length / circumference; then the
    // nearby side count whose product comes closest to the target.
    const double ideal = std::sqrt(target * circumference / (2.0 * length));
    int sides = 3, rings = 3;
    double best_error = std::numeric_limits<double>::infinity();
    for (int s = std::max(3, int(ideal * 0.8)); s <= std::max(3, int(ideal * 1.25) + 1); ++s) {
        const int r = std::max(3, int(std::lround(target / (2.0 * s))));
        const double error = std::abs(2.0 * r * s - target) + 1e-3 * std::abs(s - ideal);
        if (error < best_error) {
            best_error = error;
            sides = s;
            rings = r;
        }
    }

    MeshData mesh;
    mesh.name = "torus_knot_" + std::to_string(p) + "_" + std::to_string(q);
    const std::size_t vertex_count = std::size_t(rings) * std::size_t(sides);
    mesh.positions.resize(vertex_count);
    mesh.normals.resize(vertex_count);
    // Asked every 64 rings, twice over the rings (vertices, then triangles).
    const auto stopped = [&](int ring, int pass) {
        if (!options.keep_going || ring % 64 != 0) return false;
        if (options.keep_going((float(pass) + float(ring) / float(rings)) / 2.0f)) return false;
        mesh.positions.clear();
        mesh.normals.clear();
        mesh.indices.clear();
        return true;
    };
    for (int i = 0; i < rings; ++i) {
        if (stopped(i, 0)) return mesh;
        const Frame f = frame_at(p, q, kTau * i / rings);
        for (int j = 0; j < sides; ++j) {
            const double theta = kTau * j / sides;
            const glm::dvec3 out = std::cos(theta) * f.normal + std::sin(theta) * f.binormal;
            const std::size_t v = std::size_t(i) * std::size_t(sides) + std::size_t(j);
            const double radius = double(options.tube_radius) *
                                  (1.0 + double(options.radius_noise) * noise(options.seed, v));
            mesh.positions[v] = glm::vec3((f.point + radius * out) * double(options.scale));
            mesh.normals[v] = glm::vec3(out);
        }
    }
    mesh.indices.reserve(vertex_count * 6);
    auto at = [&](int i, int j) { return std::uint32_t((i % rings) * sides + (j % sides)); };
    for (int i = 0; i < rings; ++i) {
        if (stopped(i, 1)) return mesh;
        for (int j = 0; j < sides; ++j) {
            // (around the tube) x (along the curve) points outwards: counter-clockwise outside.
            mesh.indices.insert(mesh.indices.end(), {at(i, j), at(i, j + 1), at(i + 1, j + 1)});
            mesh.indices.insert(mesh.indices.end(), {at(i, j), at(i + 1, j + 1), at(i + 1, j)});
        }
    }
    return mesh;
}

namespace {
constexpr std::string_view kKnotPrefix = "knot:";
}  // namespace

bool is_knot_name(std::string_view name) {
    return name.starts_with(kKnotPrefix);
}

std::optional<KnotName> parse_knot_name(std::string_view name) {
    if (!is_knot_name(name)) return std::nullopt;
    name.remove_prefix(kKnotPrefix.size());
    KnotName knot;
    const char* const end = name.data() + name.size();
    const auto [count_end, error] = std::from_chars(name.data(), end, knot.triangles);
    if (error != std::errc()) return std::nullopt;
    if (knot.triangles < kMinKnotTriangles || knot.triangles > kMaxKnotTriangles)
        return std::nullopt;
    if (count_end == end) return knot;
    // ":SCALE", a plain decimal number
    if (*count_end != ':') return std::nullopt;
    const auto [scale_end, scale_error] =
        std::from_chars(count_end + 1, end, knot.scale, std::chars_format::fixed);
    if (scale_error != std::errc() || scale_end != end) return std::nullopt;
    if (!(knot.scale >= kMinKnotScale && knot.scale <= kMaxKnotScale)) return std::nullopt;
    return knot;
}

Scene make_knot_scene(std::size_t triangles, std::function<bool(float)> keep_going, float scale) {
    Scene scene;
    scene.source = "knot:" + std::to_string(triangles);
    if (scale != 1.0f) {
        char text[32];
        std::snprintf(text, sizeof text, ":%g", double(scale));
        scene.source += text;
    }
    TorusKnotOptions options;
    options.triangles = triangles;
    options.scale = scale;
    options.keep_going = std::move(keep_going);
    scene.meshes.push_back(make_torus_knot(options));
    scene.materials.push_back({"knot", glm::vec3(0.80f, 0.62f, 0.35f), ""});
    SceneNode root;
    root.name = "knot";
    root.meshes = {0};
    scene.nodes.push_back(root);
    scene.notes.push_back(
        "A generated (2,3) torus-knot tube of " + std::to_string(scene.meshes[0].triangle_count()) +
        " triangles, tube radius 0.35 with ±2% seeded noise (seed 1)" +
        (scale != 1.0f
             ? ", every coordinate scaled by " + scene.source.substr(scene.source.rfind(':') + 1)
             : std::string()));
    return scene;
}

}  // namespace assets
