#pragma once
/// The scalar types of binary model files (PLY's names), read from unaligned bytes of either
/// byte order.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

namespace assets {

enum class Scalar { Int8, UInt8, Int16, UInt16, Int32, UInt32, Float32, Float64 };

/// PLY's names for them, old ("uchar") and new ("uint8"); nothing for another word.
[[nodiscard]] inline std::optional<Scalar> scalar_named(std::string_view name) {
    struct Name {
        std::string_view word;
        Scalar type;
    };
    static constexpr Name kNames[] = {
        {"char", Scalar::Int8},      {"int8", Scalar::Int8},       {"uchar", Scalar::UInt8},
        {"uint8", Scalar::UInt8},    {"short", Scalar::Int16},     {"int16", Scalar::Int16},
        {"ushort", Scalar::UInt16},  {"uint16", Scalar::UInt16},   {"int", Scalar::Int32},
        {"int32", Scalar::Int32},    {"uint", Scalar::UInt32},     {"uint32", Scalar::UInt32},
        {"float", Scalar::Float32},  {"float32", Scalar::Float32}, {"double", Scalar::Float64},
        {"float64", Scalar::Float64}};
    for (const Name& n : kNames)
        if (n.word == name) return n.type;
    return std::nullopt;
}

[[nodiscard]] constexpr std::size_t size_of(Scalar type) {
    switch (type) {
        case Scalar::Int8:
        case Scalar::UInt8:
            return 1;
        case Scalar::Int16:
        case Scalar::UInt16:
            return 2;
        case Scalar::Int32:
        case Scalar::UInt32:
        case Scalar::Float32:
            return 4;
        case Scalar::Float64:
            return 8;
    }
    return 1;
}

[[nodiscard]] constexpr bool is_floating(Scalar type) {
    return type == Scalar::Float32 || type == Scalar::Float64;
}

/// The unsigned value of `Unsigned`'s size at `at`, in the file's byte order.
template <class Unsigned>
[[nodiscard]] inline Unsigned load_bits(const std::byte* at, bool big_endian) {
    Unsigned bits;
    std::memcpy(&bits, at, sizeof bits);
    static_assert(std::endian::native == std::endian::little, "x86-64 only");
    if (big_endian) {
        if constexpr (sizeof bits == 2) bits = Unsigned(__builtin_bswap16(bits));
        if constexpr (sizeof bits == 4) bits = __builtin_bswap32(bits);
        if constexpr (sizeof bits == 8) bits = __builtin_bswap64(bits);
    }
    return bits;
}

/// An integer of any type as int64 (a float type reads as its value cut to an integer).
[[nodiscard]] inline std::int64_t load_integer(const std::byte* at, Scalar type, bool big_endian) {
    switch (type) {
        case Scalar::Int8:
            return std::int8_t(load_bits<std::uint8_t>(at, big_endian));
        case Scalar::UInt8:
            return load_bits<std::uint8_t>(at, big_endian);
        case Scalar::Int16:
            return std::int16_t(load_bits<std::uint16_t>(at, big_endian));
        case Scalar::UInt16:
            return load_bits<std::uint16_t>(at, big_endian);
        case Scalar::Int32:
            return std::int32_t(load_bits<std::uint32_t>(at, big_endian));
        case Scalar::UInt32:
            return load_bits<std::uint32_t>(at, big_endian);
        case Scalar::Float32:
        case Scalar::Float64:
            return 0;  // callers take integer types only
    }
    return 0;
}

/// A float or double as double (an integer type reads as its value).
[[nodiscard]] inline double load_floating(const std::byte* at, Scalar type, bool big_endian) {
    if (type == Scalar::Float32)
        return double(std::bit_cast<float>(load_bits<std::uint32_t>(at, big_endian)));
    if (type == Scalar::Float64)
        return std::bit_cast<double>(load_bits<std::uint64_t>(at, big_endian));
    return double(load_integer(at, type, big_endian));
}

}  // namespace assets
