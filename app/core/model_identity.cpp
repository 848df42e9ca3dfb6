#include "app/core/model_identity.h"

#include <array>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <vector>

#include <openssl/evp.h>

#include "assets/import_process.h"

namespace app {

namespace {

struct DigestContextFree {
    void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};
using DigestContext = std::unique_ptr<EVP_MD_CTX, DigestContextFree>;

DigestContext start_sha256() {
    DigestContext context(EVP_MD_CTX_new());
    if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 is not available (OpenSSL)");
    return context;
}

std::string finish_hex(EVP_MD_CTX* context) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(context, digest.data(), &size) != 1)
        throw std::runtime_error("SHA-256 failed (OpenSSL)");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    for (unsigned int i = 0; i < size; ++i) {
        hex += kHex[digest[i] >> 4];
        hex += kHex[digest[i] & 15];
    }
    return hex;
}

}  // namespace

bool is_built_in_model(const std::filesystem::path& model) {
    return !assets::imports_in_child(model);
}

std::string sha256_hex(std::string_view bytes) {
    const DigestContext context = start_sha256();
    if (EVP_DigestUpdate(context.get(), bytes.data(), bytes.size()) != 1)
        throw std::runtime_error("SHA-256 failed (OpenSSL)");
    return finish_hex(context.get());
}

ModelIdentity identify_model(const std::filesystem::path& model, bool obj_via_tinyobjloader) {
    ModelIdentity identity;
    identity.path = model.string();
    identity.obj_via_tinyobjloader = obj_via_tinyobjloader;
    if (is_built_in_model(model)) return identity;
    std::ifstream file(model, std::ios::binary);
    std::error_code error;
    if (!file || std::filesystem::is_directory(model, error))
        throw std::runtime_error(model.string() + ": cannot read the file to hash it");
    const DigestContext context = start_sha256();
    std::vector<char> buffer(1 << 20);
    while (file) {
        file.read(buffer.data(), std::streamsize(buffer.size()));
        const auto got = std::size_t(file.gcount());
        if (got == 0) break;
        if (EVP_DigestUpdate(context.get(), buffer.data(), got) != 1)
            throw std::runtime_error("SHA-256 failed (OpenSSL)");
        identity.bytes += got;
    }
    if (file.bad()) throw std::runtime_error(model.string() + ": reading it to hash it failed");
    identity.sha256 = finish_hex(context.get());
    return identity;
}

}  // namespace app
