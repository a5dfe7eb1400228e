// The command line (docs/command-line.md), parsed into a plain struct.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/animation/sweep.h"
#include "core/animation/training_animation.h"

namespace app {

enum class Command { Window, Dump, Grad, Train, Link, Describe, Help, Version };

// A picture (--screenshot, --export OUT.png) in logical pixels; the PNG has
// K times as many a side, at most what the renderer is sure to take.
inline constexpr int kDefaultPictureWidth = 1440, kDefaultPictureHeight = 900;
inline constexpr int kMinPictureWidth = 320, kMinPictureHeight = 200;
inline constexpr int kMaxPictureSide = 8192;  // W·K and H·K

struct CommandLine {
  Command command = Command::Window;
  std::string file;        // the scenario FILE, or empty
  std::vector<std::string> more_files;  // --dump/--grad FILE FILE2 ...: the files after the first, in order
  std::optional<std::string> text;      // MODEL --text TEXT --dump: the text a model file's model runs on (text_dump.h)
  std::string layout_out;  // --layout-out L.json: the editable cells' rectangles, for tests
  std::string screenshot;  // --screenshot OUT.png: render one frame offscreen and exit
  std::string export_to;   // --export OUT.EXT: png, svg, tex, csv or py by the extension; with --train, train.py
  std::string out;         // --out RESULT.json: where --train writes
  std::string link_base;   // --link [BASE]: what goes before the link's #
  int seeds = 0;           // --seeds N with --train: the experiment's "seeds" overridden (0: the file's)
  int width = 0, height = 0;  // --size WxH, or the default for a picture; 0 for the window
  int scale = 1;              // --scale K (screenshot only), 1 to 4
  std::string theme;          // --theme light|dark, or empty: the session's
  std::string lang;           // --lang CODE (docs/languages.md), or empty: the session's, else the system's
  std::optional<core::Panel> panel;  // --panel NAME (one of core::kPanelNames): that panel alone in the picture
  bool transparent = false;   // --transparent: the picture has no background
  bool present = false;       // --present: a presentation's picture (heatmaps grow to their room)
  bool beamer = false;        // --beamer with --export OUT.tex: Beamer slides, not an article
  bool scale_per_frame = false;  // --scale-per-frame with --animate: each frame's own colour scales
  std::optional<core::Sweep> animate;  // --animate PARAM=FROM:TO [--frames N] [--fps F] with --export OUT.gif|OUT.mp4
  // --animate training [--every K] [--variant NAME] [--panel NAME] [--fps F] with FILE an experiment and
  // --export OUT.gif|OUT.mp4 (animate is then empty). Whether K and NAME fit the experiment is checked once it is read.
  std::optional<core::TrainingAnimation> training;
  std::string error;  // set when the words are off: exit 2 with this message
};

// Strict: every option at most once, each value checked in full, no option
// that the command would ignore, outputs named by their extension (.png, .json)
// and never FILE itself. See docs/command-line.md.
CommandLine parse_command_line(const std::vector<std::string>& args);  // args without argv[0]

const char* usage_text();

}  // namespace app
