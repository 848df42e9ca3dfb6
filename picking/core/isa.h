#pragma once
/// The instruction sets picking's SIMD paths are written for, and the one CPU check that decides
/// which of them runs. Every dispatcher (the ray–triangle block kernels, the wide BVH's
/// traversal, the triangle–triangle batch) asks active_isa(), so they never disagree.
///
/// Each path names the exact CPU features its code uses (isa_target.h compiles it for them):
///   avx2    AVX2 and FMA (x86-64-v3's vector core; FMA is required, never contracted into the
///           kernels, which round exactly like the scalar code)
///   avx512  the above with AVX-512 F, VL, DQ and BW (x86-64-v4)
/// and the operating system must save the registers (libgcc's check reads XCR0 too).

#include <optional>
#include <string>
#include <string_view>

namespace picking {

enum class Isa { Scalar, Avx2, Avx512 };

/// "scalar", "avx2", "avx512".
[[nodiscard]] std::string_view isa_name(Isa isa);
[[nodiscard]] std::optional<Isa> find_isa(std::string_view name);
/// "AVX2 + FMA", "AVX-512 F + VL + DQ + BW (+ AVX2 + FMA)": what a path needs, for messages.
[[nodiscard]] std::string_view isa_features(Isa isa);
/// The CPU (and OS) can run every instruction of that path.
[[nodiscard]] bool cpu_supports(Isa isa);
/// The widest path the CPU supports.
[[nodiscard]] Isa widest_supported_isa();

/// The path every dispatcher takes: the environment variable RAYPICK_ISA (scalar, avx2 or
/// avx512) when set and the CPU supports it, else the widest supported. Read once.
[[nodiscard]] Isa active_isa();
/// Why RAYPICK_ISA cannot be honoured (an unknown name, or a path this CPU lacks), or nothing.
/// active_isa() then falls back to the widest path; the app reports this and stops.
[[nodiscard]] std::optional<std::string> isa_request_error();

/// `isa` when the CPU supports it, else the widest supported path narrower than it.
[[nodiscard]] Isa supported_isa_at_most(Isa isa);

}  // namespace picking
