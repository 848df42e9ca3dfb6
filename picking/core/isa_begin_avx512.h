// Opens an AVX-512 region (closed by isa_end.h): every function defined from here on (templates
// and lambdas too) is compiled for the AVX-512 path of isa.h (AVX-512 F, VL, DQ and BW, with
// AVX2 and FMA). See isa_begin_avx2.h for how a region is used. Called only after
// cpu_supports(Isa::Avx512). No include guard: a file may open several regions.
#if defined(__clang__)
#pragma clang attribute push( \
    __attribute__((target("avx2,fma,avx512f,avx512vl,avx512dq,avx512bw"))), apply_to = function)
#elif defined(__GNUC__)
#pragma GCC push_options
#pragma GCC target("avx2,fma,avx512f,avx512vl,avx512dq,avx512bw")
#else
#error "raypick's ISA regions need GCC or Clang"
#endif
