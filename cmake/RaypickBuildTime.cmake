# Build time. CI builds each preset from scratch on two cores, and the build is most of its
# time: the test files and the app's files parse gtest, nlohmann/json, ImGui and the standard
# library again and again. Two remedies, neither of which changes what is compiled, warned about
# or tested:
#   - unity batches (UNITY_BUILD): a batch of files parses those headers once;
#   - precompiled headers of the same heavy headers.
# RAYPICK_FAST_BUILD=OFF (the dev preset) builds every file on its own, as written, so a file
# that leans on an include it does not write still fails there.
option(RAYPICK_FAST_BUILD "Unity batches and precompiled headers (faster clean builds)" ON)
# ccache caches a file compiled with a precompiled header only with -fpch-preprocess and
# CCACHE_SLOPPINESS=pch_defines,time_macros in the environment (the README says so).
if(RAYPICK_FAST_BUILD AND CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache"
   AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fpch-preprocess>)
endif()

# The headers most test files include, and the ones the app's files reach through their own
# headers. Adding one here never makes a file compile that would not without it being listed
# in that file too: RAYPICK_FAST_BUILD=OFF still checks that.
set(RAYPICK_PCH_STANDARD
    <algorithm> <array> <cmath> <cstdint> <filesystem> <fstream> <functional> <limits> <map>
    <memory> <optional> <random> <set> <sstream> <string> <string_view> <vector>
    <glm/geometric.hpp> <glm/gtc/matrix_transform.hpp> <glm/vec3.hpp>)
set(RAYPICK_PCH_TEST ${RAYPICK_PCH_STANDARD} <gtest/gtest.h>)

# raypick_fast_build(<target> [UNITY [ISA_FILES_ALONE]] [PCH <header>... | PCH_FROM <target>])
#   UNITY            build the target's files in unity batches
#   ISA_FILES_ALONE  but not the files that open an ISA region (picking/core/isa_begin_*.h): in
#                    a batch, a header first included inside a region would have its inline
#                    functions compiled for that ISA and called from baseline code
#   PCH              precompile these headers for the target
#   PCH_FROM         use the precompiled headers of a target built with the same flags
function(raypick_fast_build target)
    cmake_parse_arguments(PARSE_ARGV 1 arg "UNITY;ISA_FILES_ALONE" "PCH_FROM" "PCH")
    if(NOT RAYPICK_FAST_BUILD)
        return()
    endif()
    if(arg_UNITY)
        # Batches of 8 keep both cores busy to the end and a changed file recompiles 7 others
        # at most.
        set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
    endif()
    if(arg_ISA_FILES_ALONE)
        # Read from the files themselves, so a new SIMD file cannot be forgotten here.
        get_target_property(sources ${target} SOURCES)
        get_target_property(source_dir ${target} SOURCE_DIR)
        foreach(source IN LISTS sources)
            cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${source_dir}")
            file(STRINGS "${source}" isa_regions REGEX "#include \"picking/core/isa_begin_")
            if(isa_regions)
                set_source_files_properties("${source}" TARGET_DIRECTORY ${target}
                                            PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
            endif()
        endforeach()
    endif()
    if(arg_PCH)
        target_precompile_headers(${target} PRIVATE ${arg_PCH})
    elseif(arg_PCH_FROM)
        target_precompile_headers(${target} REUSE_FROM ${arg_PCH_FROM})
    endif()
endfunction()

# raypick_test_code(<target> [LIGHT])
#   How a test target's own files are optimised; the libraries they test keep their own flags.
#   Test code drives the libraries and checks their answers, and optimising it harder buys the
#   tests little and costs the build much:
#   - Release (the ci preset): -O1, not -O3 (a test batch compiles in 30-45 % less time);
#   - under a sanitizer, LIGHT targets (whose code calls the libraries and compares, with no
#     brute force or oracle of its own) compile at -O0: with AddressSanitizer that takes about
#     half the time of -O1 (all six test programs on two cores: 224 -> 126 s) for a few seconds
#     more of tests. picking_test and assets_test are not LIGHT: their oracles then ran 40 s
#     longer.
function(raypick_test_code target)
    cmake_parse_arguments(PARSE_ARGV 1 arg "LIGHT" "" "")
    if(NOT RAYPICK_SANITIZER STREQUAL "none")
        if(arg_LIGHT)
            target_compile_options(${target} PRIVATE -O0)
        endif()
    else()
        target_compile_options(${target} PRIVATE $<$<CONFIG:Release>:-O1>)
    endif()
endfunction()
