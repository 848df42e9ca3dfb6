# Sanitizers apply to our targets and to the final link (the runtime must be linked).
# RAYPICK_SANITIZED=1 lets heavy randomized tests run fewer iterations there (sanitized code
# is 3-10x slower), so the asan preset stays inside CI's time budget.
add_library(raypick_sanitizers INTERFACE)
if(NOT RAYPICK_SANITIZER STREQUAL "none")
    set(_flags -fsanitize=${RAYPICK_SANITIZER} -fno-omit-frame-pointer -fno-sanitize-recover=all)
    target_compile_options(raypick_sanitizers INTERFACE ${_flags})
    target_link_options(raypick_sanitizers INTERFACE ${_flags})
    target_compile_definitions(raypick_sanitizers INTERFACE RAYPICK_SANITIZED=1)
endif()
# The fuzzing lane: every library gets libFuzzer's coverage instrumentation (the harnesses in
# fuzz/ link the fuzzer itself).
if(RAYPICK_FUZZ)
    target_compile_options(raypick_sanitizers INTERFACE -fsanitize=fuzzer-no-link)
endif()
