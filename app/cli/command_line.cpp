#include "app/cli/command_line.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <string_view>
#include <system_error>
#include <utility>

#include "core/export/export.h"
#include "core/io/atomic_file.h"
#include "core/io/link.h"
#include "core/model/lesson.h"
#include "core/text/utf8.h"
#include "core/training/training.h"

namespace app {

const char* usage_text() {
  return "usage: attnlab [FILE] [--layout-out L.json]\n"
         "       attnlab [FILE] --screenshot OUT.png [--size WxH] [--scale K] [--theme light|dark]\n"
         "                      [--panel NAME] [--present] [--transparent] [--layout-out L.json]\n"
         "       attnlab [FILE] --export OUT.EXT   (png, svg, tex, csv or py)\n"
         "       attnlab [FILE] --export OUT.tex --beamer\n"
         "       attnlab [FILE] --animate PARAM=FROM:TO [--frames N] [--fps F] --export OUT.gif|OUT.mp4\n"
         "                      [--size WxH] [--scale K] [--theme light|dark] [--panel NAME] [--scale-per-frame]\n"
         "       attnlab EXPERIMENT.json --animate training [--every K] [--variant NAME] [--panel NAME]\n"
         "                      [--fps F] [--size WxH] [--scale K] [--theme light|dark] [--scale-per-frame]\n"
         "                      --export OUT.gif|OUT.mp4\n"
         "       attnlab FILE --link [BASE]\n"
         "       attnlab FILE --describe [--panel NAME] [--lang CODE]\n"
         "       attnlab --dump FILE [FILE ...]\n"
         "       attnlab MODEL --text TEXT --dump\n"
         "       attnlab --grad FILE [FILE ...]\n"
         "       attnlab --train EXPERIMENT.json [--seeds N] --out RESULT.json\n"
         "       attnlab --train EXPERIMENT.json [--seeds N] --export train.py|curves.svg|table.csv\n"
         "       attnlab --help | --version\n"
         "\n"
         "A lab for the mathematics of transformer attention.\n"
         "\n"
         "  FILE          a scenario file (JSON, format version 1 to 5); without it the\n"
         "                window opens on the last session, else the first lesson. An\n"
         "                experiment, a language model's RESULT or a heads file opens in\n"
         "                the training lab (a heads file in its Heads view)\n"
         "  --screenshot OUT.png\n"
         "                render one frame exactly as the window would show it, offscreen,\n"
         "                write it as a PNG of W·K × H·K pixels and exit (needs an X display)\n"
         "  --export OUT.EXT\n"
         "                write FILE as OUT in the format its extension names: png (as\n"
         "                --screenshot), svg (the heatmaps), tex (LaTeX with amsmath),\n"
         "                csv (every matrix), py (a PyTorch script printing the output)\n"
         "  --beamer      with --export OUT.tex: Beamer slides (16:9, a frame a step of\n"
         "                each head) instead of an article\n"
         "  --size WxH    the window size for --screenshot, 320x200 to 8192x8192 (default 1440x900)\n"
         "  --scale K     1 to 4: fonts and sizes built K times larger, not upscaled (default 1);\n"
         "                W·K and H·K at most 8192\n"
         "  --theme T     light (for slides) or dark\n"
         "  --lang CODE   the language of the window, its pictures and --describe: en, or a\n"
         "                catalogue's (po/CODE.po: zh, es); default the session's, else\n"
         "                the system's (docs/languages.md). --dump never changes\n"
         "  --panel NAME  the picture shows one panel alone: Lesson, Matrices, Scores,\n"
         "                Softmax, Rank, Output or Geometry\n"
         "  --present     a presentation: the heatmaps grow to their room, their digits\n"
         "                as large as the cells allow (as the page's ?present=1)\n"
         "  --transparent the picture has no background (PNG alpha)\n"
         "  --animate PARAM=FROM:TO\n"
         "                with --export OUT.gif or OUT.mp4 (H.264): N frames (--frames, 2 to\n"
         "                600, default 60) at F a second (--fps, 1 to 60, default 30), PARAM\n"
         "                moved evenly from FROM to TO, both included. PARAM is a cell key as\n"
         "                --layout-out writes it (X[1][0], W_Q[0][1][0], Q[0][2][1]) or\n"
         "                temperature; each frame rendered like --screenshot; progress on stderr\n"
         "  --animate training\n"
         "                with an experiment file and --export OUT.gif or OUT.mp4: the run\n"
         "                trained afresh, one frame every K steps (--every, default about 100\n"
         "                frames): every variant's loss curve up to that step beside a panel\n"
         "                (--panel, default Softmax; not Lesson) showing one variant's weights\n"
         "                on the run's first sequence (--variant NAME or its number, default\n"
         "                the first); frames = ceil(steps / K) + 1, at most 600\n"
         "  --scale-per-frame\n"
         "                with --animate: each frame's heatmaps on their own colour scales;\n"
         "                by default one scale per heatmap over all the frames, so that a\n"
         "                value that does not change keeps its colour\n"
         "  --describe    print the alt text of FILE's picture (as --screenshot draws it, or\n"
         "                with --panel that panel alone) and exit: what it shows, then each\n"
         "                panel's numbers as its cells round them\n"
         "  --link [BASE] print the link that opens FILE's scenario in the page (BASE#z=...,\n"
         "                BASE default index.html) and exit; FILE may be such a link too\n"
         "  --dump FILE   print every computed quantity of FILE as JSON and exit:\n"
         "                per head Q, K, V, scores, logits, weights, row_sums, entropy,\n"
         "                output, alt_output, QQt, scores_sym, scores_antisym, asymmetry,\n"
         "                irreversibility, degrees_of_freedom and, in projected mode,\n"
         "                W_QK with its singular values and rank, and effective_parameters\n"
         "                (and the loss when FILE has a target);\n"
         "                of a heads file (attnlab.heads in Python), per head its layer, head,\n"
         "                d_model, d_k and W_Q W_K^T's symmetric_fraction, singular_values, rank\n"
         "                of an attention file (attnlab.attention in Python), per layer and\n"
         "                head what MODEL --text TEXT --dump prints, without the next byte\n"
         "  --text TEXT   with MODEL --dump, MODEL a model file (the language-model script's\n"
         "                --save-models): per layer and head its attention on the bytes of\n"
         "                TEXT (UTF-8, 1 to 64) and the next byte's logits, as JSON\n"
         "  --grad FILE   print {\"loss\": L, \"grad\": {...}} as JSON and exit: dL/d(entry)\n"
         "                for every matrix of FILE, which must have a target\n"
         "                --dump and --grad with several files print a JSON array, one element\n"
         "                a file in the order given; the first file that cannot be used is\n"
         "                named, and nothing is printed\n"
         "  --train EXPERIMENT.json --out RESULT.json\n"
         "                train the experiment's variants (no window) and write their loss\n"
         "                curves, test losses and weights; progress on stderr\n"
         "  --train EXPERIMENT.json --export train.py\n"
         "                write the same run as a PyTorch script (float64) that prints every\n"
         "                variant's loss curve and test loss; nothing is trained here\n"
         "  --train EXPERIMENT.json --export curves.svg | table.csv\n"
         "                train, then write the loss curves (log axis, legend) as SVG, or\n"
         "                the table of designs (params, first and last loss, test loss) as CSV\n"
         "  --train LM.json --export lm.py\n"
         "                a language-model experiment: write its PyTorch script, which trains\n"
         "                every variant on a CPU, a GPU or several (torchrun) and writes a\n"
         "                RESULT that the lab opens (File > Open result); attnlab trains none\n"
         "  --seeds N     with --train: every variant runs once per seed, seed, seed + 1,\n"
         "                ..., seed + N - 1 (1 to 32), whatever the experiment's \"seeds\"\n"
         "  --layout-out L.json\n"
         "                once the layout has settled (with --screenshot: of the picture),\n"
         "                write the rectangle [x, y, w, h] in logical pixels of every\n"
         "                visible editable matrix cell, keyed X[r][c], W_Q[h][r][c], ...,\n"
         "                and under \"heatmaps\" every heatmap: its cells' rect, one cell's\n"
         "                size, its axis labels and the text of its cells (for tests)\n"
         "  --help        show this text (alone)\n"
         "  --version     show the version (alone)\n"
         "\n"
         "Each option at most once; an option the command would ignore is an error, and\n"
         "so is an output that is FILE itself.\n"
         "\n"
         "Exit status: 0 success; 2 invalid input or usage (a missing, unreadable or\n"
         "malformed FILE, a bad option); 1 any other failure.\n";
}

namespace {

namespace fs = std::filesystem;

// A number of --size: digits alone. std::from_chars also stops at the first
// non-digit and says when the value does not fit an int (sscanf's %d wrapped
// 4294967616 to 320).
bool parse_dimension(std::string_view text, int& value) {
  if (text.empty() || text[0] < '0' || text[0] > '9') return false;  // no sign, no space
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

bool has_extension(const std::string& path, std::string_view wanted) {
  return core::equal_ignoring_ascii_case(fs::path(path).extension().string(), wanted);
}

// [SECTION] The options, one reader each

// What the words said so far, before their combinations are judged.
struct Words {
  const std::vector<std::string>& args;
  CommandLine cl;
  std::vector<std::string> options;  // every option given, in order: each at most once
  bool animate_training = false;     // --animate training
  int every = 0;                     // --every K
  std::string variant;               // --variant NAME

  bool given(const char* option) const { return std::find(options.begin(), options.end(), option) != options.end(); }
};

// An option's reader: value is the next word, or null at the end of the line (for an option
// that takes one). Returns why the words are off, or "".
using Reader = std::string (*)(Words& w, const std::string& option, const std::string* value);

std::string read_dump_or_grad(Words& w, const std::string& option, const std::string* value) {
  // FILE --dump is --dump FILE: MODEL --text TEXT --dump reads so, and so does ATTENTION.json --dump.
  const bool after_file = !value && option == "--dump" && !w.cl.file.empty();
  if (!value && !after_file) return option + " needs a FILE";
  if (w.cl.command == Command::Link) return "--link and " + option + ": one at a time";
  if (w.cl.command != Command::Window) return "--dump and --grad: one at a time";
  w.cl.command = option == "--dump" ? Command::Dump : Command::Grad;
  if (after_file) return "";
  if (!w.cl.file.empty()) return option + " FILE: one scenario file at a time";
  w.cl.file = *value;
  return w.cl.file.empty() ? "FILE is empty: name a scenario file" : "";
}

std::string read_text(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--text needs TEXT (in quotes when it has spaces)";
  w.cl.text = *value;
  return "";
}

std::string read_train(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--train needs an experiment file (EXPERIMENT.json)";
  if (w.cl.command != Command::Window) return "--train: one command at a time";
  if (!w.cl.file.empty()) return "--train EXPERIMENT.json: the experiment is the only input";
  w.cl.command = Command::Train;
  w.cl.file = *value;
  return w.cl.file.empty() ? "--train: the experiment file name is empty" : "";
}

std::string read_describe(Words& w, const std::string&, const std::string*) {
  if (w.cl.command != Command::Window) return "--describe: one command at a time";
  w.cl.command = Command::Describe;
  return "";
}

// An output of one kind, named in the usage as example (RESULT.json, OUT.png, L.json). The extension
// says what is written: a scenario is not replaced by a PNG for a slip of the hand.
template <std::string CommandLine::*file>
std::string read_output(Words& w, const std::string& option, const std::string* value) {
  const std::string_view example =
      file == &CommandLine::out ? "RESULT.json" : file == &CommandLine::screenshot ? "OUT.png" : "L.json";
  const std::string_view extension = example.substr(example.find('.'));
  if (!value) return option + " needs a file name (" + std::string(example) + ")";
  w.cl.*file = *value;
  if (has_extension(*value, extension)) return "";
  return option + " " + *value + ": expected a file name ending in " + std::string(extension);
}

std::string read_export(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--export needs a file name (OUT.png, .svg, .tex, .csv or .py)";
  const std::string& out = w.cl.export_to = *value;
  // With --train (before or after) the output is a script: judged below. With --animate, a GIF or an MP4.
  const bool training = std::find(w.args.begin(), w.args.end(), "--train") != w.args.end();
  const bool animating = std::find(w.args.begin(), w.args.end(), "--animate") != w.args.end();
  const bool video = has_extension(out, ".gif") || has_extension(out, ".mp4");
  if (animating && !video) return "--animate --export " + out + ": expected a file name ending in .gif or .mp4";
  if (!animating && video) return "--export " + out + ": an animation needs --animate PARAM=FROM:TO or --animate training";
  if (!training && !animating && core::export_format(out) == core::ExportFormat::Unknown)
    return "--export " + out + ": the extension names the format: .png, .svg, .tex, .csv or .py";
  return "";
}

std::string read_animate(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--animate needs PARAM=FROM:TO, e.g. X[1][0]=-1:1 or temperature=0.1:10, or training";
  if (*value == "training") {  // an experiment's run: its rules are checked with the combinations
    w.animate_training = true;
    return "";
  }
  core::Sweep sweep;
  if (std::string problem = core::parse_sweep(*value, sweep); !problem.empty()) return problem;
  if (w.cl.animate) sweep.frames = w.cl.animate->frames, sweep.fps = w.cl.animate->fps;
  w.cl.animate = sweep;
  return "";
}

std::string read_frames_or_fps(Words& w, const std::string& option, const std::string* value) {
  const bool frames = option == "--frames";
  const int lo = frames ? core::kMinFrames : core::kMinFps, hi = frames ? core::kMaxFrames : core::kMaxFps;
  const std::string range = std::to_string(lo) + " to " + std::to_string(hi);
  if (!value) return option + " needs a number, " + range;
  int n = 0;
  if (!parse_dimension(*value, n) || n < lo || n > hi) return option + " " + *value + ": expected a whole number from " + range;
  if (!w.cl.animate) w.cl.animate = core::Sweep{};  // --animate may come after: its PARAM is checked below
  (frames ? w.cl.animate->frames : w.cl.animate->fps) = n;
  return "";
}

std::string read_seeds(Words& w, const std::string&, const std::string* value) {
  const std::string most = std::to_string(core::kMaxSeeds);
  if (!value) return "--seeds needs N, a whole number of seeds from 1 to " + most;
  if (!parse_dimension(*value, w.cl.seeds) || w.cl.seeds < 1 || w.cl.seeds > core::kMaxSeeds)
    return "--seeds " + *value + ": expected a whole number from 1 to " + most;
  return "";
}

std::string read_every(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--every needs K, a whole number of steps";
  if (!parse_dimension(*value, w.every) || w.every < 1) return "--every " + *value + ": expected a whole number of steps, 1 or more";
  return "";
}

std::string read_variant(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--variant needs a variant's name or number";
  w.variant = *value;
  return w.variant.empty() ? "--variant is empty: name a variant of the experiment, or give its number" : "";
}

std::string read_size(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--size needs WxH, e.g. 1920x1080";
  const std::string_view v = *value;
  const size_t x = v.find_first_of("xX");
  int width = 0, height = 0;
  if (x == std::string::npos || !parse_dimension(v.substr(0, x), width) || !parse_dimension(v.substr(x + 1), height) ||
      width < kMinPictureWidth || height < kMinPictureHeight || width > kMaxPictureSide || height > kMaxPictureSide)
    return "--size " + *value + ": expected WxH with W from 320 to 8192 and H from 200 to 8192";
  w.cl.width = width;
  w.cl.height = height;
  return "";
}

std::string read_scale(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--scale needs K, 1 to 4";
  if (value->size() != 1 || (*value)[0] < '1' || (*value)[0] > '4') return "--scale " + *value + ": expected 1, 2, 3 or 4";
  w.cl.scale = (*value)[0] - '0';
  return "";
}

std::string read_theme(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--theme needs light or dark";
  w.cl.theme = *value;
  return w.cl.theme == "light" || w.cl.theme == "dark" ? "" : "--theme " + w.cl.theme + ": expected light or dark";
}

std::string read_lang(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--lang needs a language code (en, zh, es, …: docs/languages.md)";
  w.cl.lang = *value;
  return "";
}

std::string read_panel(Words& w, const std::string&, const std::string* value) {
  if (!value) return "--panel needs a panel name";
  w.cl.panel = core::find_panel_ignoring_case(*value, core::kPanels);
  return !w.cl.panel ? "--panel " + *value + ": expected " + core::panel_names_text(core::kPanels) : "";
}

// An option with no value: it turns its flag on.
template <bool CommandLine::*flag>
std::string read_flag(Words& w, const std::string&, const std::string*) {
  w.cl.*flag = true;
  return "";
}

// --link [BASE]: BASE is the next word when FILE came before --link and the word is no option.
std::string read_link(Words& w, const std::string&, const std::string* value) {
  if (w.cl.command != Command::Window) return "--link: one command at a time";
  w.cl.command = Command::Link;
  w.cl.link_base = value ? *value : core::kDefaultLinkBase;
  const std::string& base = w.cl.link_base;
  const bool plain = std::all_of(base.begin(), base.end(), [](char c) { return static_cast<unsigned char>(c) > ' ' && c != 0x7f; });
  if (base.empty() || base.find('#') != std::string::npos || !plain || core::valid_utf8(base) != base)
    return "--link " + core::valid_utf8(base) + ": BASE is the page's address, without a #, spaces or control characters";
  return "";
}

struct OptionSpec {
  const char* name;
  // AfterFile: the next word, when FILE came first and it is no option. UnlessFile: the next word, unless FILE came
  // first and there is none or it is an option (MODEL --text TEXT --dump).
  enum Value { None, Required, AfterFile, UnlessFile } value;
  Reader read;
};

// Every option the command line knows but --help and --version (docs/command-line.md).
constexpr OptionSpec kOptions[] = {
    {"--dump", OptionSpec::UnlessFile, read_dump_or_grad},
    {"--text", OptionSpec::Required, read_text},
    {"--grad", OptionSpec::Required, read_dump_or_grad},
    {"--train", OptionSpec::Required, read_train},
    {"--out", OptionSpec::Required, read_output<&CommandLine::out>},
    {"--screenshot", OptionSpec::Required, read_output<&CommandLine::screenshot>},
    {"--export", OptionSpec::Required, read_export},
    {"--animate", OptionSpec::Required, read_animate},
    {"--frames", OptionSpec::Required, read_frames_or_fps},
    {"--fps", OptionSpec::Required, read_frames_or_fps},
    {"--seeds", OptionSpec::Required, read_seeds},
    {"--every", OptionSpec::Required, read_every},
    {"--variant", OptionSpec::Required, read_variant},
    {"--size", OptionSpec::Required, read_size},
    {"--scale", OptionSpec::Required, read_scale},
    {"--theme", OptionSpec::Required, read_theme},
    {"--lang", OptionSpec::Required, read_lang},
    {"--panel", OptionSpec::Required, read_panel},
    {"--transparent", OptionSpec::None, read_flag<&CommandLine::transparent>},
    {"--present", OptionSpec::None, read_flag<&CommandLine::present>},
    {"--beamer", OptionSpec::None, read_flag<&CommandLine::beamer>},
    {"--scale-per-frame", OptionSpec::None, read_flag<&CommandLine::scale_per_frame>},
    {"--layout-out", OptionSpec::Required, read_output<&CommandLine::layout_out>},
    {"--link", OptionSpec::AfterFile, read_link},
    {"--describe", OptionSpec::None, read_describe},
};

// Each word in turn: an option and its value, or FILE. Returns why the words are off, or "".
std::string read_words(Words& w) {
  const std::vector<std::string>& args = w.args;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool option = a.size() > 1 && a[0] == '-';  // "-" alone is a FILE, as before
    if (option) {
      if (w.given(a.c_str())) return a + " given twice";
      w.options.push_back(a);
    }
    const auto spec = std::find_if(std::begin(kOptions), std::end(kOptions), [&](const OptionSpec& o) { return a == o.name; });
    if (spec != std::end(kOptions)) {
      const bool next = i + 1 < args.size();
      const bool next_is_word = next && !args[i + 1].empty() && args[i + 1][0] != '-';
      const bool takes = spec->value == OptionSpec::Required ||
                         (spec->value == OptionSpec::AfterFile && !w.cl.file.empty() && next_is_word) ||
                         (spec->value == OptionSpec::UnlessFile && (w.cl.file.empty() || next_is_word));
      const std::string* value = takes && next ? &args[++i] : nullptr;
      if (std::string problem = spec->read(w, a, value); !problem.empty()) return problem;
    } else if (option) {
      return "unknown option '" + a + "'";
    } else {
      // --dump and --grad read every file after theirs: one process for many scenarios.
      if (w.cl.command == Command::Dump || w.cl.command == Command::Grad) {
        if (a.empty()) return "FILE is empty: name a scenario file";
        w.cl.more_files.push_back(a);
        continue;
      }
      if (!w.cl.file.empty()) return "one scenario file at a time, got '" + w.cl.file + "' and '" + a + "'";
      if (a.empty()) return "FILE is empty: name a scenario file, or none for the last session";
      w.cl.file = a;
    }
  }
  return "";
}

// [SECTION] The combinations: what goes with what

// --train writes its RESULT, or its PyTorch script, and nothing else.
std::string train_combinations(const Words& w) {
  const CommandLine& cl = w.cl;
  for (const std::string& option : w.options)
    if (option != "--train" && option != "--out" && option != "--export" && option != "--seeds")
      return "--train takes --out RESULT.json or --export train.py (and --seeds N) and no other option: " + option;
  if (cl.out.empty() && cl.export_to.empty()) return "--train EXPERIMENT.json needs --out RESULT.json (or --export train.py)";
  if (!cl.out.empty() && !cl.export_to.empty()) return "--train: --out and --export, one output at a time";
  if (!cl.export_to.empty() && !has_extension(cl.export_to, ".py") && !has_extension(cl.export_to, ".svg") &&
      !has_extension(cl.export_to, ".csv"))
    return "--train --export " + cl.export_to +
           ": expected a file name ending in .py (a PyTorch script), .svg (the loss curves) or .csv (the table)";
  for (const auto& [option, output] : {std::pair{"--out", &cl.out}, std::pair{"--export", &cl.export_to}})
    if (!output->empty() && core::writes_over(*output, cl.file))
      return std::string(option) + " " + *output + " is the experiment file: it would replace it";
  return "";
}

// A picture's size, the default when --size was not given: whether W·K or H·K is past the renderer's limit.
bool past_limit(CommandLine& cl) {
  if (!cl.width) {
    cl.width = kDefaultPictureWidth;
    cl.height = kDefaultPictureHeight;
  }
  return cl.width * cl.scale > kMaxPictureSide || cl.height * cl.scale > kMaxPictureSide;
}

// A training run: --frames follows from the steps and --every; the rest as for a sweep.
std::string training_animation_combinations(Words& w) {
  CommandLine& cl = w.cl;
  if (w.given("--frames")) return "--animate training: the frames follow from the steps and --every K; --frames goes with a sweep";
  if (cl.file.empty()) return "--animate training needs an experiment file (EXPERIMENT.json) before it";
  core::TrainingAnimation training;
  training.every = w.every;
  training.variant = w.variant;
  if (cl.panel) training.panel = *cl.panel;
  if (std::string problem = core::training_panel_problem(training.panel); !problem.empty()) return problem;
  if (cl.animate) training.fps = cl.animate->fps;  // --fps, kept by a Sweep of its own
  cl.animate.reset();
  cl.training = training;
  cl.panel.reset();  // the frames are not one panel alone: the panel stands beside the curves
  return "";
}

// An animation: --animate with --export OUT.gif or OUT.mp4, the picture's options, nothing else.
std::string animation_combinations(CommandLine& cl) {
  if (cl.command != Command::Window) return "--animate goes with FILE and --export OUT.gif or OUT.mp4";
  if (cl.export_to.empty()) return "--animate needs --export OUT.gif or OUT.mp4";
  if (!cl.screenshot.empty() || !cl.layout_out.empty() || cl.transparent || cl.present)
    return cl.training ? "--animate training takes --export, --every, --variant, --panel, --fps, --size, --scale, --theme and "
                         "--scale-per-frame, and no other option"
                       : "--animate takes --export, --frames, --fps, --size, --scale, --theme, --panel and --scale-per-frame, "
                         "and no other option";
  if (!cl.file.empty() && core::writes_over(cl.export_to, cl.file))
    return "--export " + cl.export_to + " is FILE: it would replace the " + (cl.training ? "experiment" : "scenario");
  if (past_limit(cl))
    return "--size and --scale: the frames would be more than " + std::to_string(kMaxPictureSide) + " pixels a side";
  return "";
}

// The window, a picture or a text export: no output is FILE, and no option that this output would ignore.
std::string picture_and_export_combinations(const Words& w, CommandLine& cl) {
  // --export's extension was judged in the loop by the words around it: "--train" or "--animate" given as
  // another option's value made it look like a script's or an animation's. Not a picture nor a text export: refused.
  if (!cl.export_to.empty() && core::export_format(cl.export_to) == core::ExportFormat::Unknown)
    return "--export " + cl.export_to + ": the extension names the format: .png, .svg, .tex, .csv or .py";
  // --dump and --grad print text and exit: any other option would be ignored.
  if (cl.command == Command::Dump || cl.command == Command::Grad)
    for (const std::string& option : w.options)
      if (option != "--dump" && option != "--grad" && option != "--text")
        return (cl.command == Command::Dump ? "--dump" : "--grad") + std::string(" FILE takes no other option: ") + option;
  // No output is FILE itself: "a.json --layout-out ./a.json" would replace the scenario, nor is it
  // FILE under another name (a symlink, a hard link, "dir/../a.json"), resolved as the kernel does.
  if (!cl.file.empty())
    for (const auto& [option, output] : {std::pair{"--screenshot", &cl.screenshot}, std::pair{"--export", &cl.export_to},
                                         std::pair{"--layout-out", &cl.layout_out}})
      if (!output->empty() && core::writes_over(*output, cl.file))
        return std::string(option) + " " + *output + " is FILE: it would replace the scenario";
  // Options that only a picture, or only some exports, would use.
  if (!cl.screenshot.empty() && !cl.export_to.empty()) return "--screenshot and --export: one picture at a time";
  const core::ExportFormat format = core::export_format(cl.export_to);
  const bool png = !cl.screenshot.empty() || format == core::ExportFormat::Png;
  const bool text_export = !cl.export_to.empty() && format != core::ExportFormat::Png;
  if (!png && (cl.width || cl.scale != 1)) return "--size and --scale go with --screenshot or --export OUT.png";
  if (!png && (cl.panel || cl.transparent)) return "--panel and --transparent go with --screenshot or --export OUT.png";
  if (!png && cl.present) return "--present goes with --screenshot or --export OUT.png";
  if (text_export && !cl.layout_out.empty()) return "--layout-out goes with the window, --screenshot or --export OUT.png";
  if (text_export && !cl.theme.empty() && format != core::ExportFormat::Svg)
    return "--theme goes with the window, --screenshot or --export OUT.png or OUT.svg";
  // The renderer's limit, on the pixels of the PNG: refused now, not after a window was opened.
  if (!png || !past_limit(cl)) return "";
  return "--size " + std::to_string(cl.width) + "x" + std::to_string(cl.height) + " --scale " +
         std::to_string(cl.scale) + ": the picture would be " + std::to_string(cl.width * cl.scale) + "×" +
         std::to_string(cl.height * cl.scale) + " pixels, at most " + std::to_string(kMaxPictureSide) +
         " a side";
}

// The one check of how the options combine, once every word is read.
std::string judge_combinations(Words& w) {
  CommandLine& cl = w.cl;
  if (cl.text && (cl.command == Command::Grad || cl.command == Command::Link || cl.command == Command::Train))
    return "--text goes with a model file: attnlab MODEL --text TEXT, with --dump, --describe, --export OUT.png or none (the window)";
  if (cl.text && w.given("--animate")) return "--text goes with a model file's window, picture, --dump or --describe, not --animate";
  if (cl.text && !cl.more_files.empty()) return "--text: one model file at a time";
  if (cl.command == Command::Train) return train_combinations(w);
  if (cl.command == Command::Link) {
    for (const std::string& option : w.options)
      if (option != "--link") return "--link prints a link and exits: it takes no other option: " + option;
    return cl.file.empty() ? "--link needs FILE: the scenario (or link) to share" : "";
  }
  if (cl.command == Command::Describe) {
    for (const std::string& option : w.options)
      if (option != "--describe" && option != "--panel" && option != "--text" && option != "--lang")
        return "--describe prints a picture's alt text and exits: it takes --panel NAME, --lang CODE (or a model's --text TEXT) "
               "and no other option: " + option;
    return cl.file.empty() ? "--describe needs FILE: the scenario (or link) whose picture it describes" : "";
  }
  if (!cl.out.empty()) return "--out goes with --train";
  if (cl.beamer && (w.given("--animate") || core::export_format(cl.export_to) != core::ExportFormat::Tex))
    return "--beamer goes with --export OUT.tex: the LaTeX as Beamer slides instead of an article";
  if (cl.seeds) return "--seeds goes with --train";
  if (!w.animate_training && (w.given("--every") || w.given("--variant")))
    return "--every and --variant go with --animate training (and an experiment file)";
  if (w.animate_training)
    if (std::string problem = training_animation_combinations(w); !problem.empty()) return problem;
  const bool has_animate = w.given("--animate");
  if (cl.scale_per_frame && !has_animate) return "--scale-per-frame goes with --animate";
  if (cl.animate && !has_animate) return "--frames and --fps go with --animate PARAM=FROM:TO";
  if (has_animate) return animation_combinations(cl);
  return picture_and_export_combinations(w, cl);
}

}  // namespace

CommandLine parse_command_line(const std::vector<std::string>& args) {
  // --help and --version stand alone, wherever they are: with anything else the
  // line is a mistake, and which of its words to obey would be a guess.
  for (const std::string& a : args)
    if (a == "--help" || a == "-h" || a == "--version") {
      CommandLine cl;
      if (args.size() != 1) cl.error = a + " takes nothing else (see attnlab --help)";
      else cl.command = a == "--version" ? Command::Version : Command::Help;
      return cl;
    }
  Words w{args, {}, {}, false, 0, {}};
  std::string problem = read_words(w);
  if (problem.empty()) problem = judge_combinations(w);
  if (!problem.empty()) w.cl.error = problem + " (see attnlab --help)";
  return std::move(w.cl);
}

}  // namespace app
