# The page: build-web/site/ is a static folder (index.html, attnlab.js, attnlab.wasm, attnlab.data and
# attnlab_training.js) that any web server can serve. attnlab.data holds what the desktop finds beside its binary (the
# shaders, lessons and experiments, staged in share/attnlab) and the font, at the desktop's paths.
set(ATTNLAB_SITE ${CMAKE_BINARY_DIR}/site)
set(ATTNLAB_FONT /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)  # app/render/text.h's kFontPath
set_target_properties(attnlab PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${ATTNLAB_SITE})
# WebGL 2 alone, no extension: emscripten would otherwise enable every one the browser has as the
# context is made (a tenth of a second of the first frame's two under SwiftShader), and the page
# draws with WebGL 2's core (Dear ImGui's ES 3 backend, the heatmaps, a picture's framebuffer).
target_link_options(attnlab PRIVATE
  -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=0 -sENVIRONMENT=web --profiling-funcs -sGL_SUPPORT_AUTOMATIC_ENABLE_EXTENSIONS=0
  "-sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,stringToUTF8,lengthBytesUTF8,FS"
  "-sEXPORTED_FUNCTIONS=_main,_malloc,_free"
  "SHELL:--pre-js ${PROJECT_SOURCE_DIR}/web/page_pre.js" "SHELL:--pre-js ${PROJECT_SOURCE_DIR}/web/page_heads_pre.js"
  "SHELL:--preload-file ${CMAKE_BINARY_DIR}/share/attnlab@/share/attnlab"
  "SHELL:--preload-file ${ATTNLAB_FONT}@${ATTNLAB_FONT}")
set_property(TARGET attnlab APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/web/page_pre.js ${PROJECT_SOURCE_DIR}/web/page_heads_pre.js ${staged_files})

# attnlab_training.js: the lab's Web Worker (app/web/training_in_worker.cpp), which also reads heads files
# (app/web/heads_in_worker.cpp), core alone, its wasm
# inside (SINGLE_FILE), so that the page starts it from one file, served or from a Blob.
add_executable(attnlab_training ${PROJECT_SOURCE_DIR}/app/web/training_in_worker.cpp ${PROJECT_SOURCE_DIR}/app/web/heads_in_worker.cpp)
target_include_directories(attnlab_training PRIVATE ${PROJECT_SOURCE_DIR})
target_link_libraries(attnlab_training PRIVATE core)
target_compile_options(attnlab_training PRIVATE ${ATTNLAB_WARNINGS})
set_target_properties(attnlab_training PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${ATTNLAB_SITE})
target_link_options(attnlab_training PRIVATE
  -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=0 -sENVIRONMENT=worker -sSINGLE_FILE=1
  "-sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8"
  "-sEXPORTED_FUNCTIONS=_malloc,_free,_attnlab_worker_start,_attnlab_worker_control,_attnlab_worker_advance,_attnlab_worker_news,_attnlab_worker_read_heads"
  --pre-js ${PROJECT_SOURCE_DIR}/web/training_worker_pre.js)
set_property(TARGET attnlab_training APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/web/training_worker_pre.js)
add_dependencies(attnlab attnlab_training)

add_custom_command(OUTPUT ${ATTNLAB_SITE}/index.html
                   COMMAND ${CMAKE_COMMAND} -E copy_if_different ${PROJECT_SOURCE_DIR}/web/index.html ${ATTNLAB_SITE}/index.html
                   DEPENDS ${PROJECT_SOURCE_DIR}/web/index.html VERBATIM)
# The CJK font (app/render/text.h's kCjkFontPath) beside index.html, not in attnlab.data: fetched only
# when text needs it (app/web/page_fonts.cpp); the one file does not carry it (web/single_file.py).
set(ATTNLAB_CJK_FONT /usr/share/fonts/truetype/wqy/wqy-microhei.ttc)
add_custom_command(OUTPUT ${ATTNLAB_SITE}/wqy-microhei.ttc
                   COMMAND ${CMAKE_COMMAND} -E copy_if_different ${ATTNLAB_CJK_FONT} ${ATTNLAB_SITE}/wqy-microhei.ttc
                   DEPENDS ${ATTNLAB_CJK_FONT} VERBATIM)
# The shipped models (assets/models/shipped.json lists them) in site/models/, fetched the same way when one is opened
# (app/web/page_models.cpp): 1.5 MB that would otherwise be in every visit's attnlab.data.
file(GLOB ATTNLAB_PAGE_MODELS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/assets/models/*.safetensors)
set(site_models)
foreach(model ${ATTNLAB_PAGE_MODELS})
  get_filename_component(name ${model} NAME)
  add_custom_command(OUTPUT ${ATTNLAB_SITE}/models/${name}
                     COMMAND ${CMAKE_COMMAND} -E copy_if_different ${model} ${ATTNLAB_SITE}/models/${name}
                     DEPENDS ${model} VERBATIM)
  list(APPEND site_models ${ATTNLAB_SITE}/models/${name})
endforeach()
add_custom_target(attnlab_site ALL DEPENDS ${ATTNLAB_SITE}/index.html ${ATTNLAB_SITE}/wqy-microhei.ttc ${site_models})

# The files that catch an exception (a reader's nlohmann::json errors, a picture too large for
# memory): only these are compiled to catch (web/web.cmake says why). tests/checks/check_layers.py
# does not know them; a `try` in any other file is caught nowhere in the page: keep this list whole.
set(catching core/io/experiment_read.cpp core/io/heads_file.cpp core/io/scenario_io.cpp core/io/scenario_write.cpp core/io/lesson_show.cpp
    core/training/seeded_training.cpp
    app/files/session_json.cpp app/dialogs/file_dialog.cpp app/panels/panel_geometry.cpp app/window/window.cpp app/web/page_main.cpp)
foreach(file ${catching})
  get_filename_component(dir ${PROJECT_SOURCE_DIR}/${file} DIRECTORY)
  string(REGEX MATCH "^(core|app)" top ${file})
  set_source_files_properties(${PROJECT_SOURCE_DIR}/${file} DIRECTORY ${PROJECT_SOURCE_DIR}/${top}
                              PROPERTIES COMPILE_OPTIONS -fexceptions SKIP_UNITY_BUILD_INCLUSION ON)
endforeach()

# build-web/attnlab.html: the whole page in one file, for a page opened from the disk (docs/web.md).
set(ATTNLAB_SINGLE_FILE ${CMAKE_BINARY_DIR}/attnlab.html)
find_program(WEB_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
add_custom_command(OUTPUT ${ATTNLAB_SINGLE_FILE}
                   COMMAND ${WEB_PYTHON} ${PROJECT_SOURCE_DIR}/web/single_file.py ${ATTNLAB_SITE} ${ATTNLAB_SINGLE_FILE}
                   DEPENDS attnlab attnlab_training ${ATTNLAB_SITE}/index.html ${PROJECT_SOURCE_DIR}/web/single_file.py VERBATIM)
add_custom_target(attnlab_single_file ALL DEPENDS ${ATTNLAB_SINGLE_FILE})
