// A PNG in memory, from pixels read back from the picture's framebuffer.
//
// Written here with zlib, not with stb_image_write: stb's own deflate and its search of five
// filters a row took 680 ms of a 3840 × 2160 picture's 820 (and wrote 784 KiB); zlib's deflate at
// level 3 over rows each less the row above (PNG's "Up" filter) takes about 75 ms and writes
// 630 KiB of the same picture (measured on this project's 2-core machine).
#pragma once

#include <string>

namespace app {

// rgba: width × height pixels, four bytes each (straight alpha), the top row first. alpha:
// keep the alpha channel (a transparent picture); else the PNG is RGB, which opaque pixels lose
// nothing by. Appends the file's bytes to png; false with *error when zlib fails.
bool encode_png(const unsigned char* rgba, int width, int height, bool alpha, std::string& png, std::string* error);

}  // namespace app
