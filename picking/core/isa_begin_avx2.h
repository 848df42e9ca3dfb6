// Opens an AVX2 region (closed by isa_end.h): every function defined from here on (templates
// and lambdas too) is compiled for the AVX2 path of isa.h (AVX2 + FMA), in a file otherwise
// compiled for baseline x86-64. This is the one way raypick compiles ISA code:
//   #include <every header the code needs>          // baseline: shared with the whole program
//   #include "picking/core/isa_begin_avx2.h"
//   namespace ... { #include lane vocabulary and kernel bodies; the ISA functions }
//   #include "picking/core/isa_end.h"
// Headers included before the region keep their baseline code, so no inline function the rest
// of the program shares is ever compiled with AVX (which would be a SIGILL on a CPU without it,
// should the linker keep that copy). Called only after cpu_supports(Isa::Avx2).
// No include guard: a file may open several regions.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#else
#error "raypick's ISA regions need GCC or Clang"
#endif
