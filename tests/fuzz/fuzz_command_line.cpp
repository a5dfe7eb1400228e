// libFuzzer target: the command line parser takes whatever words a shell
// passes. The input is split into words at NUL bytes (argv cannot hold one).
// Whatever the words, the parser returns; a line it accepts asks for
// something the program can do exactly: every value in range, every output
// named by its extension and none of them FILE.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "app/cli/command_line.h"
#include "core/export/export.h"
#include "core/model/lesson.h"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

bool ends_with_lower(const std::string& path, std::string_view ext) {
  if (path.size() <= ext.size()) return false;
  for (size_t i = 0; i < ext.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(path[path.size() - ext.size() + i])) != ext[i]) return false;
  return true;
}

bool lexically_same(const std::string& a, const std::string& b) {
  std::error_code ec;
  const std::filesystem::path x = std::filesystem::absolute(a, ec), y = std::filesystem::absolute(b, ec);
  return !ec && x.lexically_normal() == y.lexically_normal();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Each word ends at a NUL or at the end of the input: "" is no words at all,
  // "\0" one empty word, "a.json" and "a.json\0" the same one word.
  std::vector<std::string> words;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (size_t start = 0; start < text.size();) {
    const size_t end = std::min(text.find('\0', start), text.size());
    words.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }

  const app::CommandLine cl = app::parse_command_line(words);
  if (!cl.error.empty()) {
    check(cl.error.find("(see attnlab --help)") != std::string::npos);
    return 0;
  }
  if (cl.command == app::Command::Help || cl.command == app::Command::Version) {
    check(words.size() == 1);  // they stand alone
    return 0;
  }
  if (cl.command == app::Command::Dump) {  // FILE and nothing else
    check(!cl.file.empty() && words.size() == 2);
    return 0;
  }
  if (cl.command == app::Command::Link) {  // FILE --link [BASE], a BASE without #
    check(!cl.file.empty() && (words.size() == 2 || words.size() == 3));
    check(!cl.link_base.empty() && cl.link_base.find('#') == std::string::npos);
    return 0;
  }
  // An animation: a sweep or a training run, written as a GIF or an MP4, and nothing that it would ignore.
  if (cl.animate || cl.training) {
    check(!(cl.animate && cl.training));
    check(ends_with_lower(cl.export_to, ".gif") || ends_with_lower(cl.export_to, ".mp4"));
    check(cl.screenshot.empty() && cl.layout_out.empty() && !cl.transparent);
    check(cl.file.empty() || !lexically_same(cl.export_to, cl.file));
    check(cl.width >= app::kMinPictureWidth && cl.height >= app::kMinPictureHeight && cl.scale >= 1 && cl.scale <= 4);
    check(cl.width * cl.scale <= app::kMaxPictureSide && cl.height * cl.scale <= app::kMaxPictureSide);
    if (cl.training) {  // an experiment's run: its file, a panel to stand beside the curves, K from 1 (or the default)
      check(!cl.file.empty() && !cl.panel && core::training_panel(cl.training->panel));
      check(cl.training->every >= 0 && cl.training->fps >= core::kMinFps && cl.training->fps <= core::kMaxFps);
    } else {
      check(cl.animate->frames >= core::kMinFrames && cl.animate->frames <= core::kMaxFrames);
    }
    return 0;
  }
  // The window, a picture or an export.
  check(cl.screenshot.empty() || ends_with_lower(cl.screenshot, ".png"));
  check(cl.layout_out.empty() || ends_with_lower(cl.layout_out, ".json"));
  check(cl.export_to.empty() || core::export_format(cl.export_to) != core::ExportFormat::Unknown);
  check(cl.screenshot.empty() || cl.export_to.empty());
  for (const std::string* output : {&cl.screenshot, &cl.export_to, &cl.layout_out})
    check(output->empty() || cl.file.empty() || !lexically_same(*output, cl.file));
  const bool picture = !cl.screenshot.empty() || core::export_format(cl.export_to) == core::ExportFormat::Png;
  if (picture) {
    check(cl.width >= app::kMinPictureWidth && cl.height >= app::kMinPictureHeight);
    check(cl.scale >= 1 && cl.scale <= 4);
    check(cl.width * cl.scale <= app::kMaxPictureSide && cl.height * cl.scale <= app::kMaxPictureSide);
  } else {
    check(cl.width == 0 && cl.height == 0 && cl.scale == 1 && !cl.panel && !cl.transparent);
  }
  if (!cl.export_to.empty() && !picture)  // a text export: nothing that it would ignore
    check(cl.layout_out.empty() && (cl.theme.empty() || core::export_format(cl.export_to) == core::ExportFormat::Svg));
  check(cl.theme.empty() || cl.theme == "light" || cl.theme == "dark");
  bool known_panel = !cl.panel;
  for (const core::Panel panel : core::kPanels) known_panel |= cl.panel == panel;
  check(known_panel);
  return 0;
}
