#include "render/texture_image.h"

#include <algorithm>
#include <cstring>
#include <memory>

#include <stb/stb_image.h>

namespace render {

std::optional<TextureImage> read_texture_image(const std::string& path, std::string& error) {
    int width = 0, height = 0, channels = 0;
    if (stbi_info(path.c_str(), &width, &height, &channels) == 0) {
        const char* reason = stbi_failure_reason();
        error = reason != nullptr ? reason : "cannot be read";
        return std::nullopt;
    }
    if (width <= 0 || height <= 0 || width > kMaxTextureSide || height > kMaxTextureSide) {
        error = std::to_string(width) + " x " + std::to_string(height) + " pixels is too large";
        return std::nullopt;
    }
    const std::unique_ptr<stbi_uc, decltype(&stbi_image_free)> pixels(
        stbi_load(path.c_str(), &width, &height, &channels, 4), &stbi_image_free);
    if (!pixels) {
        const char* reason = stbi_failure_reason();
        error = reason != nullptr ? reason : "cannot be decoded";
        return std::nullopt;
    }
    TextureImage image;
    image.width = width;
    image.height = height;
    const std::size_t row = std::size_t(width) * 4;
    image.rgba.resize(row * std::size_t(height));
    // stb gives the top row first; OpenGL's first row is the bottom one.
    for (int y = 0; y < height; ++y)
        std::memcpy(image.rgba.data() + std::size_t(height - 1 - y) * row,
                    pixels.get() + std::size_t(y) * row, row);
    return image;
}

gl::Texture upload_texture(const TextureImage& image) {
    gl::Texture texture;
    glBindTexture(GL_TEXTURE_2D, texture.handle());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width, image.height, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, image.rgba.data());
    glGenerateMipmap(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glBindTexture(GL_TEXTURE_2D, 0);
    return texture;
}

}  // namespace render
