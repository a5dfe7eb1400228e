// The page's Mp4Writer: no FFmpeg in the browser, so every MP4 asked for fails with a message
// that says where to make one. The animation dialogs offer GIF only there (can_write_mp4).
#include "app/media/mp4_writer.h"

namespace app {

namespace {
constexpr const char* kWhy = "MP4 needs the desktop app (FFmpeg's H.264 encoder); the page writes GIF";
}  // namespace

struct Mp4Writer::State {};

Mp4Writer::Mp4Writer() = default;
Mp4Writer::~Mp4Writer() = default;

bool Mp4Writer::open(int, int, int, std::string* error) {
  *error = kWhy;
  return false;
}

bool Mp4Writer::add(const unsigned char*, std::string* error) {
  *error = kWhy;
  return false;
}

bool Mp4Writer::finish(std::string&, std::string* error) {
  *error = kWhy;
  return false;
}

}  // namespace app
