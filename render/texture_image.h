#pragma once
/// A model's base-colour texture, read from its file (stb_image: PNG, JPEG, BMP, TGA and more)
/// and uploaded as an OpenGL texture that repeats beyond 0..1, as models expect.

#include <optional>
#include <string>
#include <vector>

#include "render/gl/object.h"

namespace render {

/// The image's pixels as RGBA rows, bottom row first: OpenGL's texture origin, where texture
/// coordinate v = 0 is (Assimp's and OBJ's convention).
struct TextureImage {
    int width = 0, height = 0;
    std::vector<unsigned char> rgba;
};

/// The largest side read: a bigger image is refused (GL 3.3 promises at least 1,024; drivers
/// give 16,384 and more).
inline constexpr int kMaxTextureSide = 16384;

/// Reads `path`; nothing, with `error` set, when it is missing, not an image or too large.
[[nodiscard]] std::optional<TextureImage> read_texture_image(const std::string& path,
                                                             std::string& error);

/// Uploads `image` with mipmaps (linear filtering, repeating).
[[nodiscard]] gl::Texture upload_texture(const TextureImage& image);

}  // namespace render
