# Sanitizers apply to our targets and to the final link (the runtime must be linked).
add_library(raypick_sanitizers INTERFACE)
if(NOT RAYPICK_SANITIZER STREQUAL "none")
    set(_flags -fsanitize=${RAYPICK_SANITIZER} -fno-omit-frame-pointer -fno-sanitize-recover=all)
    target_compile_options(raypick_sanitizers INTERFACE ${_flags})
    target_link_options(raypick_sanitizers INTERFACE ${_flags})
endif()
