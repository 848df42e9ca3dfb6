# raypick_embed_files(TARGET <lib> NAMESPACE <ns> FILES <files...>)
# Generates a C++ source that holds each file as a std::string_view, looked up by file name,
# so the binary does not depend on its working directory.
function(raypick_embed_files)
    cmake_parse_arguments(ARG "" "TARGET;NAMESPACE" "FILES" ${ARGN})
    set(out_cpp "${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}_embedded.cpp")
    set(abs_files "")
    foreach(f IN LISTS ARG_FILES)
        get_filename_component(abs "${f}" ABSOLUTE)
        list(APPEND abs_files "${abs}")
    endforeach()
    add_custom_command(
        OUTPUT "${out_cpp}"
        COMMAND ${CMAKE_COMMAND} -DOUT=${out_cpp} -DNAMESPACE=${ARG_NAMESPACE}
                "-DFILES=${abs_files}" -P "${PROJECT_SOURCE_DIR}/cmake/EmbedFilesScript.cmake"
        DEPENDS ${abs_files} "${PROJECT_SOURCE_DIR}/cmake/EmbedFilesScript.cmake"
        COMMENT "Embedding ${ARG_TARGET} files"
        VERBATIM)
    target_sources(${ARG_TARGET} PRIVATE "${out_cpp}")
endfunction()
