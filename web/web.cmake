# The page's dependencies (emcmake cmake, as scripts/web runs it): the same targets the desktop
# build makes from Debian's packages, made here from Debian's sources and headers, for wasm.
#
# - Eigen, nlohmann-json and stb are headers: Debian's own, through folders that hold only them
#   (an -I/usr/include would put glibc's headers before emscripten's libc).
# - zlib and giflib are compiled from Debian's source packages, which scripts/web
#   fetches with `apt-get source` into ATTNLAB_WEB_SOURCES (emscripten's own zlib is a port it
#   would download, and Debian's emscripten has a frozen cache: no ports).
# - GLFW is emscripten's (-sUSE_GLFW=3) and GL is WebGL 2 through <GLES3/gl3.h>: no glad.
# - No FFmpeg: the page writes GIF animations; MP4 stays the desktop's (app/media/mp4_unavailable.cpp).
set(ATTNLAB_WEB_SOURCES "${CMAKE_BINARY_DIR}/src" CACHE PATH "Debian's zlib and giflib sources, unpacked (scripts/web)")
file(GLOB ZLIB_SRC LIST_DIRECTORIES true ${ATTNLAB_WEB_SOURCES}/zlib-1.2.13*)
file(GLOB GIFLIB_SRC LIST_DIRECTORIES true ${ATTNLAB_WEB_SOURCES}/giflib-5.2.1*)
foreach(dir ZLIB_SRC GIFLIB_SRC)
  if(NOT IS_DIRECTORY "${${dir}}")
    message(FATAL_ERROR "${dir}: Debian's source not found under ${ATTNLAB_WEB_SOURCES}; scripts/web fetches it")
  endif()
endforeach()

# Headers only: Debian's, each through a folder of links that holds nothing else.
set(WEB_SYSINC ${CMAKE_BINARY_DIR}/sysinc)
file(MAKE_DIRECTORY ${WEB_SYSINC})
foreach(name nlohmann stb)
  file(CREATE_LINK /usr/include/${name} ${WEB_SYSINC}/${name} SYMBOLIC)
endforeach()
add_library(Eigen3::Eigen INTERFACE IMPORTED)
set_target_properties(Eigen3::Eigen PROPERTIES INTERFACE_INCLUDE_DIRECTORIES /usr/include/eigen3)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${WEB_SYSINC})

# Every C++ file of the page: floating-point to_chars/from_chars, which 3.1.6's libc++ lacks, from
# one header (web/charconv_shim.h). Exceptions are caught only by the files that catch one
# (web/page.cmake): emscripten 3.1.6 catches through JavaScript, and a file compiled to catch
# makes every call that may throw a call out to JavaScript, seven times slower in compute().
add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:SHELL:-include ${PROJECT_SOURCE_DIR}/web/charconv_shim.h>")
add_link_options(-fexceptions)
# WebAssembly's SIMD (every browser since 2021) for what the compiler vectorizes itself. Eigen 3.4
# has no WebAssembly packets, and its SSE path through emscripten's SSE emulation stops on x86 asm.
add_compile_options(-msimd128)
# -O2 for the page, not CMake's -O3 for Release, in compiling and in linking (wasm-opt): measured on
# this project's 2-core machine, the page builds from nothing in 243 s instead of 359, its wasm is
# 5% smaller (4.03 MB, was 4.26), and it is as quick: compute() of example.json 5.1 µs (5.5 at
# -O3), the race's 5 seeds 8.3 s (8.8), the first frame 1.20 s (1.22), one bench run each.
set(CMAKE_CXX_FLAGS_RELEASE "-O2 -DNDEBUG")
set(CMAKE_C_FLAGS_RELEASE "-O2 -DNDEBUG")

# zlib (the links), as the desktop's zlib1g: Debian's 1.2.13.
set(zlib_names adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback inffast inflate inftrees trees uncompr zutil)
list(TRANSFORM zlib_names PREPEND ${ZLIB_SRC}/ OUTPUT_VARIABLE zlib_sources)
list(TRANSFORM zlib_sources APPEND .c)
add_library(zlib_web STATIC ${zlib_sources})
target_compile_definitions(zlib_web PRIVATE HAVE_UNISTD_H HAVE_STDARG_H)
target_compile_options(zlib_web PRIVATE -w)
file(COPY ${ZLIB_SRC}/zlib.h ${ZLIB_SRC}/zconf.h DESTINATION ${CMAKE_BINARY_DIR}/zlibinc)
target_include_directories(zlib_web SYSTEM INTERFACE ${CMAKE_BINARY_DIR}/zlibinc)
add_library(ZLIB::ZLIB ALIAS zlib_web)

# giflib (GIF animations), as the desktop's libgif: Debian's 5.2.1 with its patches.
set(gif_names dgif_lib egif_lib gifalloc gif_err gif_hash openbsd-reallocarray quantize)
list(TRANSFORM gif_names PREPEND ${GIFLIB_SRC}/ OUTPUT_VARIABLE gif_sources)
list(TRANSFORM gif_sources APPEND .c)
add_library(giflib_web STATIC ${gif_sources})
target_compile_options(giflib_web PRIVATE -w)
file(COPY ${GIFLIB_SRC}/gif_lib.h DESTINATION ${CMAKE_BINARY_DIR}/gifinc)
target_include_directories(giflib_web SYSTEM INTERFACE ${CMAKE_BINARY_DIR}/gifinc)
add_library(GIF::GIF ALIAS giflib_web)

# stb's headers (stb_image_write for the pictures), Debian's.
add_library(stb_headers INTERFACE)
target_include_directories(stb_headers SYSTEM INTERFACE ${WEB_SYSINC} ${WEB_SYSINC}/stb)

# emcc's JavaScript passes run node, which must find Debian's acorn (NodeSource's node does not
# look in /usr/share/nodejs): set for every link, so that a plain `cmake --build build-web` works.
set(CMAKE_CXX_LINKER_LAUNCHER ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs EMSDK_PYTHON=/usr/bin/python3)
