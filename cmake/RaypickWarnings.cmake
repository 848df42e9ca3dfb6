# One INTERFACE target carries our warning flags; third-party code never sees them.
add_library(raypick_warnings INTERFACE)
target_compile_options(raypick_warnings INTERFACE
    $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
        -Woverloaded-virtual -Wcast-align -Wnull-dereference -Wdouble-promotion -Wformat=2
        -Wimplicit-fallthrough>)
if(RAYPICK_STRICT)
    target_compile_options(raypick_warnings INTERFACE $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Werror>)
endif()
