// attnlab: the entry point. Parses the command line and runs one command.
#include <iostream>
#include <malloc.h>  // glibc's mallopt: the desktop is built on Debian
#include <new>
#include <string>
#include <vector>

#include "app/cli/command_line.h"
#include "app/cli/dump.h"
#include "app/cli/terminal_text.h"
#include "app/cli/text_dump.h"
#include "app/cli/train_command.h"
#include "app/files/exports.h"
#include "app/files/files.h"
#include "app/files/language.h"
#include "app/files/session.h"
#include "app/panels/alt_text.h"
#include "app/window/window.h"
#include "core/export/export.h"
#include "core/io/atomic_file.h"
#include "core/io/attention_file.h"
#include "core/io/heads_file.h"
#include "core/io/model_file.h"
#include "core/model/lesson.h"
#include "core/text/utf8.h"

namespace {

// A command line that cannot be carried out: why, on stderr, and exit 2.
int refused(const std::string& why) {
  std::cerr << "attnlab: " << why << "\n";
  return 2;
}

// What FILE is when it opens in the lab and holds no scenario: "a heads file" or "a language model's RESULT"; else "".
// (An experiment, which opens there too, is refused by each command in its own words.)
std::string lab_only_file(const std::string& file) {
  if (file.empty()) return "";
  if (core::is_heads_file(file)) return "a heads file";
  if (core::is_model_file(file)) return "a model file";
  if (core::is_attention_file(file)) return "an attention file";
  return app::is_result_file(file) ? "a language model's RESULT" : "";
}

// A text export (.csv .svg .py .tex) writes a scenario. An experiment, a language model's RESULT and a heads file hold
// none: the session's (or a lesson's) would be written in their name. Returns 2, with why on stderr, for those; else 0.
int refuse_text_export(const std::string& file) {
  const std::string f = core::short_path(file);
  if (app::is_experiment_file(file))
    return refused(f + " is an experiment: --export writes a scenario; for an experiment's curves, table or "
                   "train.py use --train " + f + " --export OUT");
  const std::string kind = lab_only_file(file);
  if (kind.empty()) return 0;
  return refused(f + " is " + kind + ", not a scenario: --export OUT.csv, .svg, .py or .tex writes a scenario, " +
                 "and it holds none; " +
                 (kind == "a heads file"
                      ? "its heads' numbers: attnlab --dump FILE (JSON) or FILE --describe (text); a picture of its "
                        "Heads view: FILE --export OUT.png"
                  : kind == "a model file" || kind == "an attention file"
                      ? "its heads on a text: FILE " + std::string(kind == "a model file" ? "--text TEXT " : "") +
                            "--dump (JSON) or --describe (text); a picture of its Text view: --export OUT.png"
                      : "its curves' SVG and its table's CSV: the Export buttons of the window (attnlab FILE); "
                        "its numbers as text: FILE --describe; a picture of them: FILE --export OUT.png"));
}

// --panel NAME and --animate PARAM=FROM:TO show a view of a scenario: a heads file or a RESULT holds none, and the
// session's (or a lesson's) would be drawn or described in its name. Returns 2, with why on stderr, for those; else 0.
int refuse_scenario_view(const app::CommandLine& cl) {
  const std::string kind = lab_only_file(cl.file);
  if (kind.empty() || (!cl.panel && !cl.animate)) return 0;
  const std::string f = core::short_path(cl.file);
  if (cl.animate)
    return refused("--animate " + cl.animate->param + ": " + f + " is " + kind +
                   ", not a scenario: it has no entry to sweep");
  const std::string panel = core::panel_name(*cl.panel);
  return refused("--panel " + panel + ": " + f + " is " + kind + ", not a scenario: it has no " + panel +
                 " panel; without --panel its picture and --describe show " +
                 (kind == "a heads file" ? "its Heads view" : kind == "a language model's RESULT" ? "its curves and table" : "its Text view"));
}

// attnlab FILE --describe [--panel NAME]: the picture's alt text (app/panels/alt_text.h), its
// titles and tokens, from files other people made, seen and not obeyed by the terminal.
int run_describe(const app::CommandLine& cl) {
  if (app::is_experiment_file(cl.file))
    return refused(core::short_path(cl.file) + " is an experiment: --describe describes a scenario's picture");
  if (const int code = refuse_scenario_view(cl)) return code;
  app::AppState state;
  if (const int code = app::load_initial_state(cl.file, state, /*headless=*/true, false, cl.text.value_or(""))) return code;
  if (!cl.lang.empty()) state.view.language = cl.lang;
  if (std::string why; !app::follow_language(state, &why)) return refused("--lang " + cl.lang + ": " + why);
  return app::print(std::cout, core::visible_controls(app::alt_text(state, cl.panel), "\n"), std::cerr);
}

int run(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const app::CommandLine cl = app::parse_command_line(args);
  if (!cl.error.empty()) return refused(cl.error);
  // Outputs never touch the state directory: a picture or a layout named session.json would replace the session.
  for (const std::string* out : {&cl.layout_out, &cl.screenshot, &cl.export_to, &cl.out})
    if (!out->empty() && app::in_state_dir(*out))
      return refused(core::short_path(*out) + " is in attnlab's state directory (" +
                     core::short_path(app::state_dir(false).string()) +
                     "), where the sessions are kept: write it elsewhere");
  // --text is a model's text: with any other file it would be dropped unread (--dump says so in its own words).
  if (cl.text && cl.command != app::Command::Dump && !core::is_model_file(cl.file))
    return refused(core::short_path(cl.file) + ": --text goes with a model file (a safetensors file of the language-model "
                   "script's --save-models, docs/model-file.md), and this is none");
  switch (cl.command) {
    case app::Command::Help:
      return app::print(std::cout, app::usage_text(), std::cerr);
    case app::Command::Version:
      return app::print(std::cout, std::string("attnlab ") + ATTNLAB_VERSION + "\n", std::cerr);
    case app::Command::Dump:
    case app::Command::Grad: {
      if (cl.command == app::Command::Dump && (cl.text || (cl.more_files.empty() && core::is_model_file(cl.file))))
        return app::run_text_dump(cl.file, cl.text, std::cout, std::cerr);
      std::vector<std::string> files{cl.file};
      files.insert(files.end(), cl.more_files.begin(), cl.more_files.end());
      return cl.command == app::Command::Dump ? app::run_dump(files, std::cout, std::cerr)
                                              : app::run_grad(files, std::cout, std::cerr);
    }
    case app::Command::Link:
      return app::run_link(cl.file, cl.link_base, std::cout, std::cerr);
    case app::Command::Describe:
      return run_describe(cl);
    case app::Command::Train:
      return cl.export_to.empty() ? app::run_train(cl.file, cl.out, std::cerr, cl.seeds)
                                  : app::run_train_export(cl.file, cl.export_to, std::cerr, cl.seeds);
    case app::Command::Window:
      break;
  }
  // Text exports need no display: the scenario, computed, written.
  const core::ExportFormat format = core::export_format(cl.export_to);
  if (!cl.export_to.empty() && format != core::ExportFormat::Png && !cl.animate && !cl.training) {
    if (const int code = refuse_text_export(cl.file)) return code;
    app::AppState state;
    if (const int code = app::load_initial_state(cl.file, state, /*headless=*/true)) return code;
    app::TextStyle style;
    // An SVG is for slides and paper: light, as File → Export's is, unless --theme dark asks for the window's dark
    // colours (README.md, docs/exports.md); never the session's theme, which a person running this does not see.
    style.theme = cl.theme == "dark" ? app::Theme::Dark : app::Theme::Light;
    style.beamer = cl.beamer;
    std::string error;
    if (!app::write_text_export(state, format, cl.export_to, &error, style)) {
      std::cerr << "attnlab: " << error << "\n";
      return 1;
    }
    return 0;
  }
  if (const int code = refuse_scenario_view(cl)) return code;
  app::WindowOptions options;
  options.file = cl.file;
  options.text = cl.text.value_or("");
  options.layout_out = cl.layout_out;
  options.screenshot = !cl.screenshot.empty() ? cl.screenshot : cl.export_to;  // --export OUT.png is a screenshot
  options.width = cl.width;
  options.height = cl.height;
  options.scale = cl.scale;
  options.panel = cl.panel;
  options.transparent = cl.transparent;
  options.present = cl.present;
  options.scale_per_frame = cl.scale_per_frame;
  options.animate = cl.animate;
  options.training = cl.training;
  if (!cl.theme.empty()) options.theme = cl.theme == "light" ? app::Theme::Light : app::Theme::Dark;
  if (!cl.lang.empty()) options.language = cl.lang;
  return app::run_window(options);
}

}  // namespace

int main(int argc, char** argv) {
  // A frame's buffers (an animation's pixels, its GIF's palette indices: 1 to 4 MB each) are
  // freed and asked for again every frame, on threads that come and go. glibc gave them back to
  // the kernel (mapped on their own, or trimmed from an arena's top), and each came back
  // zero-filled a page at a time: `--animate training` spent a fifth of its time in page faults.
  // Now blocks under 32 MiB come from the arenas, and each arena keeps up to 64 MiB free.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  const app::TerminalText seen_not_obeyed;  // messages quote names from files other people made
  // What a user's input sizes (a recording, an animation's frames, a picture) may not fit in
  // memory: that is a failure to report, exit 1, not an abort.
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc&) {
    std::cerr << "\nattnlab: out of memory: what was asked for does not fit (fewer steps, frames or pixels would)\n";
    return 1;
  }
}
