#include "picking/core/isa.h"

#include <cstdlib>

namespace picking {

namespace {

bool cpu_has_avx2_path() {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

bool cpu_has_avx512_path() {
    return cpu_has_avx2_path() && __builtin_cpu_supports("avx512f") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512bw");
}

struct Request {
    Isa isa = Isa::Scalar;
    std::optional<std::string> error;
};

Request read_request() {
    Request request{widest_supported_isa(), std::nullopt};
    const char* env = std::getenv("RAYPICK_ISA");
    if (!env || !*env) return request;
    const std::optional<Isa> wanted = find_isa(env);
    if (!wanted) {
        request.error = "RAYPICK_ISA=" + std::string(env) + " names no path (scalar, avx2, avx512)";
    } else if (!cpu_supports(*wanted)) {
        request.error = "RAYPICK_ISA=" + std::string(env) + " needs " +
                        std::string(isa_features(*wanted)) + ", which this CPU lacks (it runs " +
                        std::string(isa_name(widest_supported_isa())) + ")";
    } else {
        request.isa = *wanted;
    }
    return request;
}

const Request& request() {
    static const Request once = read_request();
    return once;
}

}  // namespace

std::string_view isa_name(Isa isa) {
    switch (isa) {
        case Isa::Scalar:
            return "scalar";
        case Isa::Avx2:
            return "avx2";
        case Isa::Avx512:
            return "avx512";
    }
    return "";
}

std::optional<Isa> find_isa(std::string_view name) {
    for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512})
        if (isa_name(isa) == name) return isa;
    return std::nullopt;
}

std::string_view isa_features(Isa isa) {
    switch (isa) {
        case Isa::Scalar:
            return "x86-64";
        case Isa::Avx2:
            return "AVX2 + FMA";
        case Isa::Avx512:
            return "AVX-512 F + VL + DQ + BW (and AVX2 + FMA)";
    }
    return "";
}

bool cpu_supports(Isa isa) {
    static const bool avx2 = cpu_has_avx2_path();
    static const bool avx512 = cpu_has_avx512_path();
    switch (isa) {
        case Isa::Scalar:
            return true;
        case Isa::Avx2:
            return avx2;
        case Isa::Avx512:
            return avx512;
    }
    return false;
}

Isa widest_supported_isa() {
    if (cpu_supports(Isa::Avx512)) return Isa::Avx512;
    if (cpu_supports(Isa::Avx2)) return Isa::Avx2;
    return Isa::Scalar;
}

Isa active_isa() {
    return request().isa;
}

std::optional<std::string> isa_request_error() {
    return request().error;
}

Isa supported_isa_at_most(Isa isa) {
    if (isa == Isa::Avx512 && !cpu_supports(Isa::Avx512)) isa = Isa::Avx2;
    if (isa == Isa::Avx2 && !cpu_supports(Isa::Avx2)) isa = Isa::Scalar;
    return isa;
}

}  // namespace picking
