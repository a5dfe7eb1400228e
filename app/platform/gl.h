// The GL the app draws with: OpenGL 3.3 core through glad's loader on the desktop, WebGL 2
// (OpenGL ES 3.0) in the browser. The shaders in shaders/ are written once, for 3.3 core,
// in the subset ES 3.0 shares; glsl_for_this_gl gives them the header this GL wants.
#pragma once

#include <string>

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif

namespace app {

#ifdef __EMSCRIPTEN__
inline constexpr const char* kGlslVersion = "#version 300 es";
inline constexpr const char* kGlslHeader = "#version 300 es\nprecision highp float;\nprecision highp int;";
#else
inline constexpr const char* kGlslVersion = "#version 330 core";
inline constexpr const char* kGlslHeader = "#version 330 core";
#endif

// A shader of shaders/ (its first line "#version 330 core") with this GL's header instead.
inline std::string glsl_for_this_gl(const std::string& source) {
  const size_t end = source.find('\n');
  if (source.rfind("#version", 0) != 0 || end == std::string::npos) return source;
  return kGlslHeader + source.substr(end);
}

}  // namespace app
