// The tinyobjloader path for .obj files. It must give the same triangles as the Assimp path, so
// it rebuilds Assimp 5.2's layout (a root named after the file, one child per object or group,
// one mesh per material run) and triangulates polygons exactly as Assimp's Triangulate step.

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include <assimp/fast_atof.h>
#include <tiny_obj_loader.h>
#include <glm/geometric.hpp>

#include "assets/load_model.h"
#include "assets/scene/mesh_normals.h"

namespace assets {

namespace {

// == Triangulation, step for step as Assimp 5.2.5's TriangulateProcess (same float and double
// arithmetic, so borderline decisions also come out the same)

using Triangle = std::array<std::uint32_t, 3>;  // corners of the polygon, 0..n-1

float assimp_length(const glm::vec3& v) {
    return std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
}

/// aiVector3D::Normalize: multiply by the reciprocal; a zero vector stays as it is.
glm::vec3 assimp_normalize(const glm::vec3& v) {
    const float length = assimp_length(v);
    if (length == 0.0f) return v;
    const float inverse = 1.0f / length;
    return {v.x * inverse, v.y * inverse, v.z * inverse};
}

float assimp_dot(const glm::vec3& a, const glm::vec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

/// A quad has at most one concave corner; fan from it (from corner 0 when convex).
std::array<Triangle, 2> triangulate_quad(const std::array<glm::vec3, 4>& p) {
    constexpr float kPi = 3.1415926538f;  // AI_MATH_PI_F
    std::uint32_t start = 0;
    for (std::uint32_t i = 0; i < 4; ++i) {
        const glm::vec3& v = p[i];
        const glm::vec3 left = assimp_normalize(p[(i + 3) % 4] - v);
        const glm::vec3 diag = assimp_normalize(p[(i + 2) % 4] - v);
        const glm::vec3 right = assimp_normalize(p[(i + 1) % 4] - v);
        const float angle = std::acos(assimp_dot(left, diag)) + std::acos(assimp_dot(right, diag));
        if (angle > kPi) {
            start = i;
            break;
        }
    }
    return {{{start, (start + 1) % 4, (start + 2) % 4}, {start, (start + 2) % 4, (start + 3) % 4}}};
}

struct Point2 {
    float x, y;
    bool operator==(const Point2&) const = default;
};

/// Assimp's GetArea2D: the signed area, in double from float inputs.
double area_2d(const Point2& a, const Point2& b, const Point2& c) {
    return 0.5 *
           (double(a.x) * (double(c.y) - double(b.y)) + double(b.x) * (double(a.y) - double(c.y)) +
            double(c.x) * (double(b.y) - double(a.y)));
}

bool on_left_side_of_line(const Point2& p0, const Point2& p1, const Point2& p2) {
    return area_2d(p0, p2, p1) > 0.0;
}

/// Assimp's PointInTriangle2D: float dot products, barycentric test in double.
bool point_in_triangle(const Point2& p0, const Point2& p1, const Point2& p2, const Point2& pp) {
    const Point2 v0{p1.x - p0.x, p1.y - p0.y};
    const Point2 v1{p2.x - p0.x, p2.y - p0.y};
    const Point2 v2{pp.x - p0.x, pp.y - p0.y};
    const double dot00 = double(v0.x * v0.x + v0.y * v0.y);
    const double dot01 = double(v0.x * v1.x + v0.y * v1.y);
    const double dot02 = double(v0.x * v2.x + v0.y * v2.y);
    const double dot11 = double(v1.x * v1.x + v1.y * v1.y);
    const double dot12 = double(v1.x * v2.x + v1.y * v2.y);
    const double denominator = dot00 * dot11 - dot01 * dot01;
    if (denominator == 0.0) return false;
    const double inverse = 1.0 / denominator;
    const double u = (dot11 * dot02 - dot01 * dot12) * inverse;
    const double v = (dot00 * dot12 - dot01 * dot02) * inverse;
    return u > 0.0 && v > 0.0 && u + v < 1.0;
}

/// Ear clipping in the plane that drops the largest coordinate of the Newell normal. Like
/// Assimp, a polygon where no ear can be found keeps the triangles cut so far.
std::vector<Triangle> triangulate_polygon(const std::vector<glm::vec3>& p) {
    const int max = int(p.size());

    // Newell normal, accumulated in float in Assimp's order.
    float sum_xy = 0.0f, sum_yz = 0.0f, sum_zx = 0.0f;
    for (int i = 0; i < max; ++i) {
        const glm::vec3& low = p[std::size_t(i)];
        const glm::vec3& mid = p[std::size_t((i + 1) % max)];
        const glm::vec3& high = p[std::size_t((i + 2) % max)];
        sum_xy += mid.x * (high.y - low.y);
        sum_yz += mid.y * (high.z - low.z);
        sum_zx += mid.z * (high.x - low.x);
    }
    const glm::vec3 n(sum_yz, sum_zx, sum_xy);

    const float ax = std::abs(n.x), ay = std::abs(n.y), az = std::abs(n.z);
    int ac = 0, bc = 1;  // drop z
    float inv = n.z;
    if (ax > ay) {
        if (ax > az) {  // drop x
            ac = 1;
            bc = 2;
            inv = n.x;
        }
    } else if (ay > az) {  // drop y
        ac = 2;
        bc = 0;
        inv = n.y;
    }
    if (inv < 0.0f) std::swap(ac, bc);  // keep the winding when looking from below

    std::vector<Point2> v(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        v[i] = {p[i][ac], p[i][bc]};
    std::vector<bool> done(p.size(), false);

    std::vector<Triangle> out;
    int num = max, ear = 0, prev = max - 1, next = 0;
    while (num > 3) {
        int num_found = 0;
        for (ear = next;; prev = ear, ear = next) {
            // The next corner not yet cut off; give up after two laps without an ear.
            for (next = ear + 1; done[std::size_t(next >= max ? next = 0 : next)]; ++next) {
            }
            if (next < ear && ++num_found == 2) break;
            const Point2& p0 = v[std::size_t(prev)];
            const Point2& p1 = v[std::size_t(ear)];
            const Point2& p2 = v[std::size_t(next)];
            if (on_left_side_of_line(p0, p2, p1)) continue;  // reflex corner
            int tmp = 0;
            for (; tmp < max; ++tmp) {
                // By value: several corners may share a position.
                const Point2& q = v[std::size_t(tmp)];
                if (q != p1 && q != p2 && q != p0 && point_in_triangle(p0, p1, p2, q)) break;
            }
            if (tmp != max) continue;
            break;
        }
        if (num_found == 2) {  // not a simple polygon: Assimp drops the rest of it
            num = 0;
            break;
        }
        out.push_back({std::uint32_t(prev), std::uint32_t(ear), std::uint32_t(next)});
        done[std::size_t(ear)] = true;
        --num;
    }
    if (num > 0) {
        Triangle last{};
        std::size_t k = 0;
        for (std::size_t i = 0; i < p.size() && k < 3; ++i)
            if (!done[i]) last[k++] = std::uint32_t(i);
        out.push_back(last);
    }

    // Assimp's NGON encoding rotates a triangle that starts where the previous one did; the
    // corners stay the same, and so does the winding.
    std::optional<std::uint32_t> last_first;
    for (Triangle& t : out) {
        if (last_first && t[0] == *last_first) t = {t[2], t[0], t[1]};
        last_first = t[0];
    }
    return out;
}

/// Triangles for one face of `n` corners at positions `p` (corner indices 0..n-1).
std::vector<Triangle> triangulate(const std::vector<glm::vec3>& p) {
    if (p.size() < 3) return {};
    if (p.size() == 3) return {{0, 1, 2}};
    if (p.size() == 4) {
        const auto quad = triangulate_quad({p[0], p[1], p[2], p[3]});
        return {quad[0], quad[1]};
    }
    return triangulate_polygon(p);
}

// == Reading: tinyobjloader's callback API, replaying the statements the way Assimp's
// ObjFileParser does (ObjReader stores a face's corner count in an unsigned char, so it
// breaks faces with more than 255 corners).

struct Corner {
    int position = -1;
    int normal = -1;  ///< -1: none
};

struct ObjFace {
    std::vector<Corner> corners;
};

struct ObjMesh {
    std::string name;
    std::optional<std::uint32_t> material;  ///< index into materials
    std::vector<ObjFace> faces;
};

struct ObjObject {
    std::string name;
    std::vector<std::size_t> meshes;
};

struct MaterialEntry {
    std::string name;
    glm::vec3 diffuse{0.6f};  // what Assimp gives a material the .mtl does not describe
};

constexpr std::string_view kDefaultObjectName = "defaultobject";

/// Thrown from a callback to stop tinyobjloader early.
struct Cancelled {};
struct BadIndex {
    std::string reason;
};

struct ParseState {
    // Input, for progress.
    std::istringstream* stream = nullptr;
    std::size_t total_bytes = 0;
    LoadProgress* progress = nullptr;
    std::size_t calls = 0;

    std::vector<glm::vec3> vertices;  ///< as tinyobjloader parsed them (a fallback only)
    std::vector<glm::vec3> normals;

    std::vector<MaterialEntry> materials{{"DefaultMaterial", glm::vec3(0.6f)}};
    std::unordered_map<std::string, std::uint32_t> material_by_name{{"DefaultMaterial", 0}};
    std::optional<std::uint32_t> current_material;
    const std::size_t* materials_loaded_last = nullptr;      ///< by the last mtllib statement
    const std::vector<std::string>* group_names = nullptr;   ///< from the prescan
    const std::set<std::string>* without_diffuse = nullptr;  ///< from the .mtl reader
    std::size_t next_group = 0;

    std::vector<ObjObject> objects;
    std::vector<ObjMesh> meshes;
    std::optional<std::size_t> current_object;
    std::optional<std::size_t> current_mesh;
    std::string active_group;

    std::size_t face_count = 0;

    void tick() {
        if (++calls % 4096 != 0 || progress == nullptr) return;
        if (progress->cancel) throw Cancelled{};
        const auto position = stream->tellg();
        if (position >= 0 && total_bytes > 0)
            progress->fraction = 0.9f * float(double(position) / double(total_bytes));
    }

    void create_mesh(const std::string& name) {
        meshes.push_back({name, std::nullopt, {}});
        current_mesh = meshes.size() - 1;
        // Assimp keeps a mesh made before any object, but no node ever draws it.
        if (current_object) objects[*current_object].meshes.push_back(*current_mesh);
    }

    void create_object(const std::string& name) {
        objects.push_back({name, {}});
        current_object = objects.size() - 1;
        create_mesh(name);
        if (current_material) meshes[*current_mesh].material = current_material;
    }

    std::uint32_t material_index(const std::string& name) {
        const auto found = material_by_name.find(name);
        if (found != material_by_name.end()) return found->second;
        // Not in any .mtl: Assimp makes a named material with default values.
        const auto index = std::uint32_t(materials.size());
        materials.push_back({name, glm::vec3(0.6f)});
        material_by_name.emplace(name, index);
        return index;
    }
};

std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

ParseState& state_of(void* user_data) {
    return *static_cast<ParseState*>(user_data);
}

void on_vertex(void* user_data, tinyobj::real_t x, tinyobj::real_t y, tinyobj::real_t z,
               tinyobj::real_t w) {
    ParseState& s = state_of(user_data);
    s.tick();
    (void)w;  // prescan() reads w the way Assimp does
    s.vertices.emplace_back(float(x), float(y), float(z));
}

void on_normal(void* user_data, tinyobj::real_t x, tinyobj::real_t y, tinyobj::real_t z) {
    ParseState& s = state_of(user_data);
    s.tick();
    s.normals.emplace_back(float(x), float(y), float(z));
}

/// OBJ indices are 1-based, negative ones count back from the last definition, 0 is none.
int resolve_index(int raw, std::size_t defined_so_far) {
    if (raw > 0) return raw - 1;
    if (raw < 0) return int(std::int64_t(defined_so_far) + raw);
    return -1;
}

void on_face(void* user_data, tinyobj::index_t* indices, int count) {
    ParseState& s = state_of(user_data);
    s.tick();
    ++s.face_count;
    ObjFace face;
    face.corners.reserve(std::size_t(count));
    for (int i = 0; i < count; ++i) {
        const tinyobj::index_t& index = indices[i];
        if (index.vertex_index == 0) {
            throw BadIndex{"face " + std::to_string(s.face_count) +
                           " has an invalid vertex index (0 or not a number)"};
        }
        Corner corner;
        corner.position = resolve_index(index.vertex_index, s.vertices.size());
        corner.normal = resolve_index(index.normal_index, s.normals.size());
        face.corners.push_back(corner);
    }
    if (!s.current_object) s.create_object(std::string(kDefaultObjectName));
    if (!s.current_mesh) s.create_mesh(std::string(kDefaultObjectName));
    s.meshes[*s.current_mesh].faces.push_back(std::move(face));
}

void on_usemtl(void* user_data, const char* raw_name, int /*material_id*/) {
    ParseState& s = state_of(user_data);
    const std::string name = trim(raw_name);
    if (name.empty()) return;
    if (s.current_material && s.materials[*s.current_material].name == name) return;
    const std::uint32_t index = s.material_index(name);
    s.current_material = index;
    // One material per mesh: a change after some faces starts a mesh named after the material.
    const bool needs_new_mesh = !s.current_mesh || (s.meshes[*s.current_mesh].material &&
                                                    *s.meshes[*s.current_mesh].material != index &&
                                                    !s.meshes[*s.current_mesh].faces.empty());
    if (needs_new_mesh) s.create_mesh(name);
    s.meshes[*s.current_mesh].material = index;
}

void on_mtllib(void* user_data, const tinyobj::material_t* materials, int count) {
    ParseState& s = state_of(user_data);
    if (s.materials_loaded_last != nullptr && *s.materials_loaded_last == 0) return;
    // tinyobjloader passes every material read so far; add the new ones in file order.
    std::optional<std::uint32_t> last, last_new;
    for (int i = 0; i < count; ++i) {
        const tinyobj::material_t& m = materials[i];
        const bool has_kd = s.without_diffuse == nullptr || s.without_diffuse->count(m.name) == 0;
        const glm::vec3 kd =
            has_kd ? glm::vec3(float(m.diffuse[0]), float(m.diffuse[1]), float(m.diffuse[2]))
                   : glm::vec3(0.6f);
        // Assimp reads a nameless "newmtl" as its default material.
        const std::string name = m.name.empty() ? "DefaultMaterial" : m.name;
        const auto [it, inserted] =
            s.material_by_name.try_emplace(name, std::uint32_t(s.materials.size()));
        if (inserted) {
            s.materials.push_back({name, kd});
            last_new = it->second;
        } else {
            s.materials[it->second].diffuse = kd;
        }
        last = it->second;
    }
    // Assimp's .mtl reader leaves the last material it read as the current one, and gives each
    // new one to the current mesh in turn.
    if (last) s.current_material = last;
    if (last_new && s.current_mesh) s.meshes[*s.current_mesh].material = last_new;
}

void on_group(void* user_data, const char** names, int count) {
    ParseState& s = state_of(user_data);
    // Assimp reads the rest of the line as one name, which the prescan kept.
    std::string name;
    if (s.group_names != nullptr && s.next_group < s.group_names->size()) {
        name = (*s.group_names)[s.next_group++];
    } else {
        for (int i = 0; i < count; ++i)
            name += (i > 0 ? " " : "") + std::string(names[i]);
    }
    // Every change of group starts a new object, even back to an earlier name.
    if (name == s.active_group) return;
    s.create_object(name);
    s.active_group = name;
}

void on_object(void* user_data, const char* raw_name) {
    ParseState& s = state_of(user_data);
    // Assimp takes the first word, and returns to an existing object of that name (without
    // changing the current mesh, a quirk kept here so the triangles land where Assimp puts them).
    std::string name = trim(raw_name);
    name = name.substr(0, name.find_first_of(" \t"));
    if (name.empty()) return;
    s.current_object.reset();
    for (std::size_t i = 0; i < s.objects.size(); ++i) {
        if (s.objects[i].name == name) {
            s.current_object = i;
            break;
        }
    }
    if (!s.current_object) s.create_object(name);
}

// == Vertex positions. tinyobjloader rounds numbers correctly and Assimp's fast_atof does not
// (it is often one float ulp off), tinyobjloader reads "nan" and "inf" as 0, and it ignores w.
// So the positions are read again here the way Assimp reads them: the same fast_atof, and
// x/w, y/w, z/w when a line has exactly four numbers.

struct Prescan {
    std::vector<glm::vec3> positions;  ///< one per 'v' line, in file order
    std::size_t unusual = 0;   ///< 'v' lines Assimp reads differently (see assimp_number_count)
    std::size_t indented = 0;  ///< statements after leading blanks, which Assimp ignores
    std::size_t lines_and_points = 0;  ///< 'l' and 'p' statements, which are not drawn
    /// Where a bare "g" line ends: Assimp starts a nameless group there, tinyobjloader only
    /// sees a group statement when a space follows the g.
    std::vector<std::size_t> bare_group_ends;
    /// Where a comment starts on a face, line or point statement, and where the line ends:
    /// tinyobjloader would read the comment as bad indices (and Assimp 5.2 fails on it).
    std::vector<std::pair<std::size_t, std::size_t>> face_comments;
    /// Every group statement's name as Assimp reads it (the rest of the line, trailing spaces
    /// included); tinyobjloader splits it into words.
    std::vector<std::string> group_names;
};

/// fast_atof's default exception type is not exported by libassimp; any type that takes the
/// message parts will do.
struct NotANumber {
    template <typename... Parts>
    explicit NotANumber(Parts&&...) {}
};

float parse_like_assimp(std::string_view token, std::size_t line_number,
                        const std::filesystem::path& path) {
    const std::string copy(token);
    float value = 0.0f;
    try {
        Assimp::fast_atoreal_move<float, NotANumber>(copy.c_str(), value);
    } catch (const NotANumber&) {
        throw LoadError(path,
                        "line " + std::to_string(line_number) + ": '" + copy + "' is not a number");
    }
    return value;
}

/// A backslash at the end of a line continues it on the next line, as Assimp reads it (the
/// backslash and the line break disappear); tinyobjloader does not know this rule.
void join_continued_lines(std::string& text) {
    std::size_t at = text.find('\\');
    if (at == std::string::npos) return;
    std::string joined;
    joined.reserve(text.size());
    std::size_t copied = 0;
    for (; at != std::string::npos; at = text.find('\\', at + 1)) {
        if (at + 1 >= text.size() || (text[at + 1] != '\n' && text[at + 1] != '\r')) continue;
        joined.append(text, copied, at - copied);
        const std::size_t newline = text.find('\n', at + 1);
        copied = newline == std::string::npos ? text.size() : newline + 1;
        at = copied - 1;
    }
    if (copied == 0) return;
    joined.append(text, copied, std::string::npos);
    text = std::move(joined);
}

/// How many numbers Assimp 5.2 sees on a 'v' line: words starting with a digit, a sign, "nan"
/// or "inf" (so not ".5"), up to the end of the line (comments included). It skips the whole
/// line unless there are 3, 4 or 6.
std::size_t assimp_number_count(std::string_view rest) {
    std::size_t count = 0;
    for (std::size_t pos = 0;;) {
        pos = rest.find_first_not_of(" \t", pos);
        if (pos == std::string_view::npos) break;
        std::size_t stop = rest.find_first_of(" \t", pos);
        if (stop == std::string_view::npos) stop = rest.size();
        const std::string_view word = rest.substr(pos, stop - pos);
        const char c = word[0];
        std::string lower(word.substr(0, 3));
        for (char& ch : lower)
            ch = char(std::tolower(static_cast<unsigned char>(ch)));
        if ((c >= '0' && c <= '9') || c == '-' || c == '+' || lower == "nan" || lower == "inf")
            ++count;
        pos = stop;
    }
    return count;
}

/// One pass over the text for what tinyobjloader does not tell: Assimp's positions, and the
/// statements it skips.
Prescan prescan(std::string_view text, const std::filesystem::path& path) {
    Prescan result;
    std::size_t line_number = 0;
    std::size_t begin = 0;
    std::vector<std::string_view> tokens;
    while (begin < text.size()) {
        // Lines end at \n, \r or \r\n, as tinyobjloader splits them.
        std::size_t end = text.find_first_of("\r\n", begin);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(begin, end - begin);
        ++line_number;
        if (end + 1 < text.size() && text[end] == '\r' && text[end + 1] == '\n') ++end;
        begin = end + 1;

        const auto first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos) continue;
        line.remove_prefix(first);
        if (first > 0 && line[0] != '#') ++result.indented;
        if (line == "g") {
            result.bare_group_ends.push_back(std::size_t(line.data() - text.data()) + 1);
            result.group_names.emplace_back();
            continue;
        }
        if (line.size() < 2 || (line[1] != ' ' && line[1] != '\t')) continue;
        if (line[0] == 'f' || line[0] == 'l' || line[0] == 'p') {
            if (const auto hash = line.find('#'); hash != std::string_view::npos) {
                const std::size_t start = std::size_t(line.data() - text.data());
                result.face_comments.emplace_back(start + hash, start + line.size());
            }
            if (line[0] != 'f') ++result.lines_and_points;
            continue;
        }
        if (line[0] == 'g') {
            const auto name = line.find_first_not_of(" \t", 1);
            result.group_names.emplace_back(name == std::string_view::npos ? std::string_view()
                                                                           : line.substr(name));
            continue;
        }
        if (line[0] != 'v') continue;

        tokens.clear();
        for (std::size_t pos = 2;;) {
            pos = line.find_first_not_of(" \t", pos);
            if (pos == std::string_view::npos || line[pos] == '#') break;
            std::size_t stop = line.find_first_of(" \t", pos);
            if (stop == std::string_view::npos) stop = line.size();
            tokens.push_back(line.substr(pos, stop - pos));
            pos = stop;
        }
        glm::vec3 p(0.0f);  // missing coordinates are 0, as in tinyobjloader
        for (std::size_t k = 0; k < 3 && k < tokens.size(); ++k)
            p[int(k)] = parse_like_assimp(tokens[k], line_number, path);
        if (tokens.size() == 4) {
            const float w = parse_like_assimp(tokens[3], line_number, path);
            if (w == 0.0f) {
                throw LoadError(path, "line " + std::to_string(line_number) +
                                          ": a homogeneous vertex with w = 0");
            }
            p = glm::vec3(p.x / w, p.y / w, p.z / w);
        }
        const std::size_t assimp_count = assimp_number_count(line.substr(2));
        if ((assimp_count != 3 && assimp_count != 4 && assimp_count != 6) ||
            assimp_count != tokens.size())
            ++result.unusual;
        result.positions.push_back(p);
    }
    return result;
}

/// Finds .mtl files as Assimp does: next to the .obj, and when that fails, the .obj's own
/// name with "mtl" for "obj".
class MaterialLibraryReader final : public tinyobj::MaterialReader {
  public:
    explicit MaterialLibraryReader(const std::filesystem::path& obj_path) : obj_path_(obj_path) {}

    bool operator()(const std::string& name, std::vector<tinyobj::material_t>* materials,
                    std::map<std::string, int>* material_map, std::string* warnings,
                    std::string* errors) override {
        const std::string obj = obj_path_.string();
        const std::filesystem::path fallback = obj.substr(0, obj.size() - 3) + "mtl";
        const std::array<std::filesystem::path, 2> candidates{obj_path_.parent_path() / name,
                                                              fallback};
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            std::error_code ec;
            if (!std::filesystem::is_regular_file(candidates[i], ec)) continue;
            std::ifstream stream(candidates[i]);
            if (!stream) continue;
            const std::size_t before = materials->size();
            tinyobj::LoadMtl(material_map, materials, &stream, warnings, errors);
            note_materials_without_diffuse(candidates[i]);
            if (i == 1) fallback_used = candidates[i].filename().string();
            last_loaded = materials->size() - before;
            // tinyobjloader would take materials->at(0) of an empty list; nothing to tell anyway.
            return !materials->empty();
        }
        missing.push_back(name);
        return false;
    }

    std::vector<std::string> missing;
    std::string fallback_used;
    std::size_t last_loaded = 0;  ///< materials the last library added
    /// Materials without a Kd line: tinyobjloader makes them black, Assimp 0.6 grey.
    std::set<std::string> without_diffuse;

  private:
    void note_materials_without_diffuse(const std::filesystem::path& file) {
        std::ifstream stream(file, std::ios::binary);
        std::string line, name;
        bool in_material = false, has_kd = false;
        const auto finish_material = [&] {
            if (in_material && !has_kd) without_diffuse.insert(name);
        };
        while (std::getline(stream, line)) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            const std::string_view text =
                std::string_view(line).substr(std::min(line.size(), line.find_first_not_of(" \t")));
            if (text.size() > 6 && text.substr(0, 6) == "newmtl" &&
                (text[6] == ' ' || text[6] == '\t')) {
                finish_material();
                name = std::string(text.substr(7));  // as tinyobjloader takes it
                in_material = true;
                has_kd = false;
            } else if (text.size() > 2 && text.substr(0, 2) == "Kd" &&
                       (text[2] == ' ' || text[2] == '\t')) {
                has_kd = true;
            }
        }
        finish_material();
    }

    std::filesystem::path obj_path_;
};

// == Building the scene

/// One Assimp-style mesh: the faces' triangles with one vertex per (position, normal) pair.
std::optional<MeshData> build_mesh(const ObjMesh& in, const std::vector<glm::vec3>& positions,
                                   const std::vector<glm::vec3>& normals,
                                   const std::filesystem::path& path, std::size_t& dropped_faces,
                                   std::vector<std::string>& notes) {
    bool use_normals = true;
    for (const ObjFace& face : in.faces) {
        for (const Corner& c : face.corners) {
            if (c.position < 0 || std::size_t(c.position) >= positions.size()) {
                throw LoadError(path, "a face of '" + in.name + "' uses vertex " +
                                          std::to_string(c.position + 1) +
                                          ", but the file has only " +
                                          std::to_string(positions.size()));
            }
            if (c.normal < 0 || std::size_t(c.normal) >= normals.size()) use_normals = false;
        }
    }

    MeshData mesh;
    mesh.name = in.name;
    std::unordered_map<std::uint64_t, std::uint32_t> vertex_of;
    std::vector<glm::vec3> corner_positions;
    for (const ObjFace& face : in.faces) {
        if (face.corners.size() < 3) {
            ++dropped_faces;
            continue;
        }
        corner_positions.clear();
        for (const Corner& c : face.corners)
            corner_positions.push_back(positions[std::size_t(c.position)]);
        for (const Triangle& t : triangulate(corner_positions)) {
            for (std::uint32_t k : t) {
                const Corner& c = face.corners[k];
                const std::uint64_t key =
                    (std::uint64_t(std::uint32_t(c.position)) << 32) |
                    (use_normals ? std::uint64_t(std::uint32_t(c.normal)) : 0u);
                const auto [it, inserted] =
                    vertex_of.try_emplace(key, std::uint32_t(mesh.positions.size()));
                if (inserted) {
                    mesh.positions.push_back(positions[std::size_t(c.position)]);
                    if (use_normals) mesh.normals.push_back(normals[std::size_t(c.normal)]);
                }
                mesh.indices.push_back(it->second);
            }
        }
    }
    if (mesh.indices.empty()) return std::nullopt;

    if (!use_normals) {
        bool some = false;
        for (const ObjFace& face : in.faces)
            for (const Corner& c : face.corners)
                some = some || c.normal >= 0;
        if (some) {
            notes.push_back("mesh '" + mesh.name +
                            "': some corners have no (valid) normal; computed smooth normals");
        }
        compute_smooth_normals(mesh);
    }
    return mesh;
}

}  // namespace

Scene load_obj_with_tinyobjloader(const std::filesystem::path& path, LoadProgress* progress) {
    const auto cancelled = [progress] { return progress != nullptr && progress->cancel.load(); };
    if (cancelled()) throw LoadError(path, "loading was cancelled");
    if (progress) progress->fraction = 0.0f;

    std::string text;
    {
        std::ifstream file(path, std::ios::binary);
        if (!file) throw LoadError(path, "cannot be opened");
        text.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
        if (file.bad()) throw LoadError(path, "could not be read");
    }
    join_continued_lines(text);
    Prescan scan = prescan(text, path);
    if (cancelled()) throw LoadError(path, "loading was cancelled");
    for (const auto& [from, to] : scan.face_comments)
        std::fill(text.begin() + std::ptrdiff_t(from), text.begin() + std::ptrdiff_t(to), ' ');
    if (!scan.bare_group_ends.empty()) {
        std::string patched;
        patched.reserve(text.size() + scan.bare_group_ends.size());
        std::size_t copied = 0;
        for (std::size_t end : scan.bare_group_ends) {
            patched.append(text, copied, end - copied);
            patched += ' ';
            copied = end;
        }
        patched.append(text, copied, std::string::npos);
        text = std::move(patched);
    }

    ParseState state;
    state.total_bytes = text.size();
    state.progress = progress;
    std::istringstream stream(std::move(text));
    state.stream = &stream;

    tinyobj::callback_t callbacks;
    callbacks.vertex_cb = on_vertex;
    callbacks.normal_cb = on_normal;
    callbacks.index_cb = on_face;
    callbacks.usemtl_cb = on_usemtl;
    callbacks.mtllib_cb = on_mtllib;
    callbacks.group_cb = on_group;
    callbacks.object_cb = on_object;
    MaterialLibraryReader material_reader(path);
    state.materials_loaded_last = &material_reader.last_loaded;
    state.without_diffuse = &material_reader.without_diffuse;
    state.group_names = &scan.group_names;
    std::string warnings, errors;
    try {
        tinyobj::LoadObjWithCallback(stream, callbacks, &state, &material_reader, &warnings,
                                     &errors);
    } catch (const Cancelled&) {
        throw LoadError(path, "loading was cancelled");
    } catch (const BadIndex& e) {
        throw LoadError(path, e.reason);
    }
    if (cancelled()) throw LoadError(path, "loading was cancelled");
    if (!errors.empty()) throw LoadError(path, trim(errors));

    Scene scene;
    scene.source = path.string();
    for (const std::string& name : material_reader.missing) {
        scene.notes.push_back("material library '" + name +
                              "' was not found; its materials get default colours");
    }
    if (!material_reader.fallback_used.empty()) {
        scene.notes.push_back("material library not found under its own name; read '" +
                              material_reader.fallback_used + "' instead (as Assimp does)");
    }
    if (scan.lines_and_points > 0) {
        scene.notes.push_back(std::to_string(scan.lines_and_points) +
                              " line/point statements were dropped");
    }

    for (const MaterialEntry& m : state.materials)
        scene.materials.push_back({m.name, m.diffuse});

    if (scan.positions.size() != state.vertices.size()) {
        // Should not happen (both split lines the same way); prefer tinyobjloader's count.
        scene.notes.push_back("read " + std::to_string(scan.positions.size()) +
                              " vertex lines but tinyobjloader found " +
                              std::to_string(state.vertices.size()) +
                              "; using its positions (they may differ from Assimp's by an ulp)");
        scan.positions = state.vertices;
    }
    // Where Assimp 5.2 misreads a file, this loader reads it as written; say so.
    if (scan.unusual > 0) {
        scene.notes.push_back(std::to_string(scan.unusual) +
                              " 'v' lines are read differently by Assimp 5.2 (it skips a vertex "
                              "unless it sees 3, 4 or 6 numbers, and misses numbers like '.5')");
    }
    if (!scan.face_comments.empty()) {
        scene.notes.push_back(std::to_string(scan.face_comments.size()) +
                              " face lines end in a comment; Assimp 5.2 rejects such files");
    }
    if (scan.indented > 0) {
        scene.notes.push_back(std::to_string(scan.indented) +
                              " lines start with blanks; Assimp 5.2 ignores such lines, "
                              "tinyobjloader reads them");
    }
    const std::vector<glm::vec3>& positions = scan.positions;

    // The root is named after the file, as Assimp names it.
    const std::string source = path.string();
    SceneNode root;
    root.name = source.substr(source.find_last_of("/\\") + 1);
    scene.nodes.push_back(std::move(root));

    std::size_t dropped_faces = 0;
    for (const ObjObject& object : state.objects) {
        const auto node_index = std::uint32_t(scene.nodes.size());
        SceneNode node;
        node.name = object.name;
        node.parent = 0;
        for (std::size_t m : object.meshes) {
            std::optional<MeshData> mesh = build_mesh(state.meshes[m], positions, state.normals,
                                                      path, dropped_faces, scene.notes);
            if (!mesh) continue;
            mesh->material = state.meshes[m].material.value_or(0);
            node.meshes.push_back(std::uint32_t(scene.meshes.size()));
            scene.meshes.push_back(std::move(*mesh));
        }
        scene.nodes[0].children.push_back(node_index);
        scene.nodes.push_back(std::move(node));
    }
    if (dropped_faces > 0) {
        scene.notes.push_back(std::to_string(dropped_faces) +
                              " faces with fewer than 3 corners were dropped");
    }
    if (progress) progress->fraction = 1.0f;
    return scene;
}

}  // namespace assets
