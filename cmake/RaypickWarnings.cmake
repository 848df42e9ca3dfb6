# One INTERFACE target carries our warning flags; third-party code never sees them.
add_library(raypick_warnings INTERFACE)
target_compile_options(raypick_warnings INTERFACE
    $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
        -Woverloaded-virtual -Wcast-align -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough>
    # GCC 12 reports false positives inside libstdc++'s std::string at -O2/-O3 (PR 105329,
    # PR 105651); they are not about our code.
    $<$<COMPILE_LANG_AND_ID:CXX,GNU>:-Wno-restrict -Wno-stringop-overflow -Wno-stringop-overread>
    # Clang (the fuzz preset): picking's branchless tests (finite(), the SIMD masks) combine
    # bools with & on purpose, so no short-circuit branch is compiled in.
    $<$<COMPILE_LANG_AND_ID:CXX,Clang>:-Wno-bitwise-instead-of-logical>)
if(RAYPICK_STRICT)
    target_compile_options(raypick_warnings INTERFACE $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Werror>)
endif()
