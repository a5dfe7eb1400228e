// MP4 (H.264, yuv420p) through FFmpeg's libraries, in memory, so that the file
// is written whole (atomically) or not at all. H.264 wants even sizes: an odd
// width or height loses its last column or row.
#pragma once

#include <memory>
#include <string>

namespace app {

class Mp4Writer {
 public:
  Mp4Writer();
  ~Mp4Writer();
  Mp4Writer(const Mp4Writer&) = delete;
  Mp4Writer& operator=(const Mp4Writer&) = delete;

  // A video of width × height pixels (made even) at fps frames a second. False with
  // *error when there is no H.264 encoder or it does not open.
  bool open(int width, int height, int fps, std::string* error);
  // One frame of RGBA pixels, top row first, width × height as given to open().
  bool add(const unsigned char* rgba, std::string* error);
  // Flushes the encoder and returns the whole file.
  bool finish(std::string& bytes, std::string* error);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace app
