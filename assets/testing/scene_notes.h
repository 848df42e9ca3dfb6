#pragma once
/// What tests ask of a loaded scene's notes (the loader's words about what it left out).

#include <algorithm>
#include <string>

#include "assets/scene/scene.h"

namespace assets::tests {

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// Whether one of the scene's notes mentions `part`.
inline bool has_note(const Scene& scene, const std::string& part) {
    return std::any_of(scene.notes.begin(), scene.notes.end(),
                       [&](const std::string& note) { return contains(note, part); });
}

}  // namespace assets::tests
