// The plain OBJ reader: one pass over the text, a line at a time. A vertex or face line is read
// up to its newline without looking for that newline first: most lines are some 30 bytes, and
// a memchr call per line cost more than reading them did.

#include "assets/load_plain_obj.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include <sys/resource.h>

#include "assets/decimal_float.h"

namespace assets {

namespace {

/// How many bytes are read between two looks at `cancel`.
constexpr std::size_t kBytesPerReport = std::size_t(16) << 20;

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

/// Whether p is where its line ends: at a newline, or at the end of the text.
bool at_line_end(const char* p, const char* end) {
    return p == end || *p == '\n';
}

const char* skip_blanks(const char* p, const char* end) {
    while (p != end && is_blank(*p))
        ++p;
    return p;
}

/// The newline that ends p's line, or the end of the text.
const char* line_end_of(const char* p, const char* end) {
    const void* newline = std::memchr(p, '\n', std::size_t(end - p));
    return newline ? static_cast<const char*>(newline) : end;
}

std::from_chars_result read_number(const char* p, const char* end, float& value) {
    return read_float(p, end, value);
}
/// std::from_chars for an index: most are a few digits and no sign, read here without a call;
/// anything else (a sign, 18 digits or more) by std::from_chars.
std::from_chars_result read_number(const char* p, const char* end, std::int64_t& value) {
    constexpr std::ptrdiff_t kFewDigits = 17;
    const char* q = p;
    std::int64_t v = 0;
    for (; q != end && q - p <= kFewDigits && static_cast<unsigned char>(*q - '0') < 10; ++q)
        v = 10 * v + (*q - '0');
    if (q == p || q - p > kFewDigits) return std::from_chars(p, end, value);
    value = v;
    return {q, std::errc()};
}

/// Reads the line's next number into `value`; false at the line's end or when the next word is
/// not a number alone.
template <class Number>
bool next_number(const char*& p, const char* end, Number& value) {
    p = skip_blanks(p, end);
    if (at_line_end(p, end)) return false;
    const auto [next, error] = read_number(p, end, value);
    if (error != std::errc() || !(at_line_end(next, end) || is_blank(*next))) return false;
    p = next;
    return true;
}

/// After a line's last word: true (and `line` moved to the next line) when only blanks follow.
bool only_blanks_left(const char* p, const char* end, const char*& line) {
    p = skip_blanks(p, end);
    if (!at_line_end(p, end)) return false;
    line = p == end ? end : p + 1;
    return true;
}

/// What one line of the file is, as far as this reader cares.
enum class LineKind { Skip, Vertex, Face, Name, Other };

LineKind kind_of(std::string_view keyword) {
    if (keyword.empty() || keyword[0] == '#' || keyword == "s") return LineKind::Skip;
    if (keyword == "v") return LineKind::Vertex;
    if (keyword == "f") return LineKind::Face;
    if (keyword == "o" || keyword == "g") return LineKind::Name;
    return LineKind::Other;  // vt, vn, usemtl, mtllib, l, p, curves...: Assimp's
}

/// What one stretch of the text gave.
struct Stretch {
    /// Simple: only vertices, triangles, comments, "s" lines and names, every index positive
    /// and below 2^32 - 1. Anything else (a line Assimp must read, a face that is an error, a
    /// negative index, which counts back across stretches) is decided by reading the whole
    /// text in one stretch.
    bool simple = true;
    bool left_to_assimp = false;  ///< (one stretch) a line Assimp must read
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;
    std::size_t names = 0;
    std::string name;  ///< the first name line's, trimmed
};

/// Room in `out` for as many vertices and corners as `bytes` of text could hold (a line is at
/// least 8 bytes: "v 0 0 0", "f 1 2 3" and a newline), so that neither array moves as it
/// grows: a move copies the array and touches fresh pages for all of it, and the kernel zeroing
/// those was most of the reader's time. Only address space (3 bytes a byte of text): the pages
/// no line writes are never touched.
void reserve_for_text(Stretch& out, std::size_t bytes) {
    const std::size_t lines = bytes / 8 + 1;
    try {
        out.positions.reserve(lines);
        out.indices.reserve(3 * lines);
    } catch (const std::bad_alloc&) {
    }
}

/// Whether reserve_for_text may take the address space for `text_bytes` of text: always without
/// an address-space limit (the import process has one), and within one only when it takes a
/// small part of it, so that the arrays of a file near the limit grow as they did before.
bool room_to_reserve(std::size_t text_bytes) {
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return true;
    return 3 * std::uint64_t(text_bytes) <= std::uint64_t(limit.rlim_cur) / 4;
}

/// The stretches' arrays (`array` of each) joined in order. The longest is not copied when it
/// has room for the others (reserve_for_text gave it room): theirs go before and after it.
template <typename T>
std::vector<T> joined(std::vector<Stretch>& read, std::vector<T> Stretch::*array) {
    std::size_t total = 0, longest = 0;
    for (std::size_t i = 0; i < read.size(); ++i) {
        total += (read[i].*array).size();
        if ((read[i].*array).size() > (read[longest].*array).size()) longest = i;
    }
    std::vector<T> out;
    if ((read[longest].*array).capacity() >= total) {
        out = std::move(read[longest].*array);
        std::size_t before = 0;
        for (std::size_t i = 0; i < longest; ++i)
            before += (read[i].*array).size();
        out.insert(out.begin(), before, T{});  // one move of the longest, whatever the count
        auto at = out.begin();
        for (std::size_t i = 0; i < longest; ++i)
            at = std::copy((read[i].*array).begin(), (read[i].*array).end(), at);
        for (std::size_t i = longest + 1; i < read.size(); ++i)
            out.insert(out.end(), (read[i].*array).begin(), (read[i].*array).end());
    } else {
        out.reserve(total);
        for (const Stretch& stretch : read)
            out.insert(out.end(), (stretch.*array).begin(), (stretch.*array).end());
    }
    for (Stretch& stretch : read)
        std::vector<T>().swap(stretch.*array);  // its memory back before the next array's
    return out;
}

/// Reads the lines of [from, to), whole lines of the text that starts at `begin`. Alone (`whole`),
/// it reads what the text says and throws its errors; otherwise it stops at anything that is not
/// simple. Cancel is looked at every 16 MB; `report` also moves the progress. With `reserve` its
/// arrays first get room for what its text could hold (reserve_for_text).
void read_stretch(const char* const begin, const char* from, const char* to, bool whole,
                  bool reserve, const std::filesystem::path& path, LoadProgress* progress,
                  bool report, const std::atomic<bool>& give_up, Stretch& out) {
    std::size_t next_report = std::size_t(from - begin) + kBytesPerReport;
    if (reserve) reserve_for_text(out, std::size_t(to - from));
    for (const char* line = from; line < to;) {
        if (std::size_t(line - begin) >= next_report) {
            next_report += kBytesPerReport;
            if (progress != nullptr) {
                if (report) progress->fraction = 0.9f * float(line - from) / float(to - from);
                if (progress->cancel)
                    throw LoadError(path, "loading cancelled", LoadFailure::Cancelled);
            }
            if (!whole && give_up.load(std::memory_order_relaxed)) return;
        }
        // Nearly every line of a big file is "v ..." or "f ...": those skip the keyword's scan.
        const char* p = line;
        LineKind kind;
        if (to - line >= 2 && (line[0] == 'v' || line[0] == 'f') && is_blank(line[1])) {
            kind = line[0] == 'v' ? LineKind::Vertex : LineKind::Face;
            ++p;
        } else {
            p = skip_blanks(line, to);
            const char* word_end = p;
            while (!at_line_end(word_end, to) && !is_blank(*word_end))
                ++word_end;
            kind = kind_of(std::string_view(p, std::size_t(word_end - p)));
            p = word_end;
        }
        switch (kind) {
            case LineKind::Skip: {
                const char* const line_end = line_end_of(p, to);
                line = line_end == to ? to : line_end + 1;
                break;
            }
            case LineKind::Other:
                out.simple = false;
                out.left_to_assimp = true;
                return;
            case LineKind::Name: {
                ++out.names;
                const char* const line_end = line_end_of(p, to);
                line = line_end == to ? to : line_end + 1;
                if (out.names > 1 && whole) {  // several objects or groups: Assimp's meshes
                    out.left_to_assimp = true;
                    return;
                }
                if (out.names > 1) break;  // split: the names of every stretch are counted

                // The words after the keyword, blanks trimmed at both ends (the start first: a
                // name of blanks alone must leave p at the line's end, never past name_end).
                p = skip_blanks(p, line_end);
                const char* name_end = line_end;
                while (name_end != p && is_blank(name_end[-1]))
                    --name_end;
                if (p != name_end)
                    out.name = capped_name(std::string_view(p, std::size_t(name_end - p)));
                break;
            }
            case LineKind::Vertex: {
                glm::vec3 v;
                // A weight (Assimp divides by it) or colours: Assimp's.
                if (!next_number(p, to, v.x) || !next_number(p, to, v.y) ||
                    !next_number(p, to, v.z) || !only_blanks_left(p, to, line)) {
                    out.simple = false;
                    out.left_to_assimp = true;
                    return;
                }
                out.positions.push_back(v);
                break;
            }
            case LineKind::Face: {
                std::int64_t corners[3];
                bool read = true;
                for (std::int64_t& corner : corners)
                    read = read && next_number(p, to, corner);
                if (!read || !only_blanks_left(p, to, line)) {  // a polygon, or not numbers
                    out.simple = false;
                    out.left_to_assimp = true;
                    return;
                }
                for (const std::int64_t corner : corners) {
                    if (corner < 0 && !whole) {  // counts back from a vertex of an earlier stretch
                        out.simple = false;
                        return;
                    }
                    // 1-based, or counted back from the last vertex so far when negative.
                    const std::int64_t index =
                        corner > 0 ? corner - 1 : std::int64_t(out.positions.size()) + corner;
                    if (corner == 0 || index < 0 || index >= std::int64_t(UINT32_MAX)) {
                        if (!whole) {
                            out.simple = false;
                            return;
                        }
                        throw LoadError(path, "face " + std::to_string(out.indices.size() / 3) +
                                                  " names vertex " + std::to_string(corner) +
                                                  ", which the file does not have");
                    }
                    out.indices.push_back(std::uint32_t(index));
                }
                break;
            }
        }
    }
}

/// The stretches the text is read in: at most `threads` (every core for 0), each at least
/// `min_bytes` long, each ending after a newline (or at the text's end).
std::vector<std::pair<const char*, const char*>> stretches(const char* begin, const char* end,
                                                           const PlainObjSplit& split) {
    const std::size_t size = std::size_t(end - begin);
    std::size_t count = split.threads ? split.threads : std::thread::hardware_concurrency();
    count = std::clamp<std::size_t>(
        std::min(count, size / std::max<std::size_t>(split.min_chunk_bytes, 1)), 1, 64);
    std::vector<std::pair<const char*, const char*>> out;
    const char* from = begin;
    for (std::size_t i = 1; i <= count && from < end; ++i) {
        const char* to = i == count ? end : std::max(from, begin + size * i / count);
        if (to != end) to = std::min(end, line_end_of(to, end) + 1);
        out.push_back({from, to});
        from = to;
    }
    return out;
}

}  // namespace

std::optional<Scene> read_plain_obj(std::span<const std::byte> bytes,
                                    const std::filesystem::path& path, LoadProgress* progress,
                                    const PlainObjSplit& split) {
    const char* const begin = reinterpret_cast<const char*>(bytes.data());
    const char* const end = begin + bytes.size();
    const auto parts = stretches(begin, end, split);
    const bool reserve = room_to_reserve(bytes.size());
    std::vector<Stretch> read(parts.size());
    std::atomic<bool> give_up{false};
    if (parts.size() > 1) {
        // Each stretch on a thread of its own: the last on this one.
        std::vector<std::exception_ptr> errors(parts.size());
        std::vector<std::thread> threads;
        auto read_part = [&](std::size_t i) {
            try {
                read_stretch(begin, parts[i].first, parts[i].second, false, reserve, path, progress,
                             i == 0, give_up, read[i]);
            } catch (...) {
                errors[i] = std::current_exception();
            }
            if (!read[i].simple) give_up.store(true, std::memory_order_relaxed);
        };
        try {
            for (std::size_t i = 0; i + 1 < parts.size(); ++i)
                threads.emplace_back(read_part, i);
        } catch (const std::system_error&) {
            // No more threads to be had (a process limit): the stretches read alone, so the
            // ones without a thread are read on this one.
        }
        for (std::size_t i = threads.size(); i < parts.size(); ++i)
            read_part(i);
        for (std::thread& thread : threads)
            thread.join();
        for (const std::exception_ptr& error : errors)
            if (error) std::rethrow_exception(error);  // cancelled
        // Stretches shorter than the distance between two looks at cancel never looked.
        if (progress != nullptr && progress->cancel)
            throw LoadError(path, "loading cancelled", LoadFailure::Cancelled);
    }
    MeshData mesh;
    mesh.name = "defaultobject";  // Assimp's and tinyobjloader's name for faces before any o or g
    const bool all_simple =
        parts.size() > 1 && std::all_of(read.begin(), read.end(),
                                        [](const Stretch& stretch) { return stretch.simple; });
    if (all_simple) {
        std::size_t names = 0;
        for (const Stretch& stretch : read) {
            names += stretch.names;
            if (!stretch.name.empty()) mesh.name = stretch.name;
        }
        if (names > 1) return std::nullopt;  // several objects or groups: Assimp's meshes
        mesh.positions = joined(read, &Stretch::positions);
        mesh.indices = joined(read, &Stretch::indices);
    } else {
        Stretch whole;
        read_stretch(begin, begin, end, true, reserve, path, progress, true, give_up, whole);
        if (whole.left_to_assimp) return std::nullopt;
        if (!whole.name.empty()) mesh.name = whole.name;
        mesh.positions = std::move(whole.positions);
        mesh.indices = std::move(whole.indices);
    }
    // A positive index may name a vertex that comes later: checked once all are read.
    for (std::size_t i = 0; i < mesh.indices.size(); ++i) {
        if (mesh.indices[i] >= mesh.positions.size()) {
            throw LoadError(path, "face " + std::to_string(i / 3) + " names vertex " +
                                      std::to_string(std::uint64_t(mesh.indices[i]) + 1) +
                                      ", but the file has " +
                                      std::to_string(mesh.positions.size()) + " vertices");
        }
    }
    if (progress != nullptr) progress->fraction = 1.0f;
    // The layout of the other OBJ paths (assets/load_obj.cpp): a root named after the file and
    // a child for the object, drawing its one mesh with the default material.
    Scene scene;
    scene.source = path.string();
    SceneNode root, object;
    root.name = capped_name(path.filename().string());
    root.children = {1};
    object.name = mesh.name;
    object.parent = 0;
    object.meshes = {0};
    scene.nodes = {std::move(root), std::move(object)};
    scene.meshes.push_back(std::move(mesh));
    scene.materials.push_back({"DefaultMaterial", glm::vec3(0.6f), ""});
    scene.notes.push_back(
        "Read by raypick's plain OBJ reader (positions and triangles; smooth normals derived for "
        "drawing); "
        "OBJ files with texture coordinates, normals, materials, polygons or several objects go "
        "to Assimp");
    return scene;
}

}  // namespace assets
