// Closes the ISA region that isa_begin_avx2.h or isa_begin_avx512.h opened. No include guard.
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
