// The page's heads files are read here, in a Web Worker (web/training_worker_pre.js runs this file's
// function for the page's Module.attnlabReadHeads; app/web/page_heads.cpp takes what it hands back), so
// that the page draws on while a large file is read and its heads measured.
#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "core/io/heads_file.h"
#include "core/io/heads_pack.h"

extern "C" {

// The heads file's text (size bytes) read and measured as on the desktop (core::parse_heads), the
// reading's progress posted to the page at every 1 MiB as {headsProgress: id, fraction}. Returns
// core::pack_heads's bytes after their length (4 bytes), malloc'd for the caller to free; 0 without
// the memory for them.
EMSCRIPTEN_KEEPALIVE char* attnlab_worker_read_heads(int id, const char* text, double size) {
  core::HeadsReading how;
  how.progress = [id](double fraction) { EM_ASM({ self.postMessage({ headsProgress: $0, fraction: $1 }); }, id, fraction); };
  const std::string packed = core::pack_heads(core::parse_heads(std::string_view(text, static_cast<size_t>(size)), how));
  const auto length = static_cast<std::uint32_t>(packed.size());
  char* out = static_cast<char*>(std::malloc(packed.size() + sizeof length));
  if (!out) return nullptr;
  std::memcpy(out, &length, sizeof length);
  std::memcpy(out + sizeof length, packed.data(), packed.size());
  return out;
}

}  // extern "C"
