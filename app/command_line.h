// The command line of DESIGN.md, parsed into a plain struct.
#pragma once

#include <string>
#include <vector>

namespace app {

enum class Command { Window, Dump, Help, Version };

struct CommandLine {
  Command command = Command::Window;
  std::string file;        // the scenario FILE, or empty
  std::string layout_out;  // --layout-out L.json: the editable cells' rectangles, for tests
  std::string screenshot;  // --screenshot OUT.png: render one frame offscreen and exit
  std::string export_to;   // --export OUT.EXT: png, svg, tex, csv or py by the extension
  int width = 0, height = 0;  // --size WxH (screenshot only), 0: the default
  int scale = 1;              // --scale K (screenshot only), 1 to 4
  std::string theme;          // --theme light|dark, or empty: the session's
  std::string panel;          // --panel NAME (one of core::kPanelNames): that panel alone in the picture
  bool transparent = false;   // --transparent: the picture has no background
  std::string error;  // set when the words are off: exit 2 with this message
};

CommandLine parse_command_line(const std::vector<std::string>& args);  // args without argv[0]

const char* usage_text();

}  // namespace app
