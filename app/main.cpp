// attnlab: the entry point. Parses the command line and runs one command.
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/command_line.h"
#include "app/cli/dump.h"
#include "app/cli/train_command.h"
#include "app/files/exports.h"
#include "app/files/files.h"
#include "app/window.h"
#include "core/export.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const app::CommandLine cl = app::parse_command_line(args);
  if (!cl.error.empty()) {
    std::cerr << "attnlab: " << cl.error << "\n";
    return 2;
  }
  switch (cl.command) {
    case app::Command::Help:
      std::cout << app::usage_text();
      return 0;
    case app::Command::Version:
      std::cout << "attnlab " << ATTNLAB_VERSION << "\n";
      return 0;
    case app::Command::Dump:
      return app::run_dump(cl.file, std::cout, std::cerr);
    case app::Command::Grad:
      return app::run_grad(cl.file, std::cout, std::cerr);
    case app::Command::Train:
      return cl.export_to.empty() ? app::run_train(cl.file, cl.out, std::cerr)
                                  : app::run_train_export(cl.file, cl.export_to, std::cerr);
    case app::Command::Window:
      break;
  }
  // Text exports need no display: the scenario, computed, written.
  const core::ExportFormat format = core::export_format(cl.export_to);
  if (!cl.export_to.empty() && format != core::ExportFormat::Png && !cl.animate && !cl.training) {
    app::AppState state;
    if (const int code = app::load_initial_state(cl.file, state, /*headless=*/true)) return code;
    if (!cl.theme.empty()) state.view.theme = cl.theme == "light" ? app::Theme::Light : app::Theme::Dark;
    std::string error;
    if (!app::write_text_export(state, format, cl.export_to, &error)) {
      std::cerr << "attnlab: " << error << "\n";
      return 1;
    }
    return 0;
  }
  app::WindowOptions options;
  options.file = cl.file;
  options.layout_out = cl.layout_out;
  options.screenshot = !cl.screenshot.empty() ? cl.screenshot : cl.export_to;  // --export OUT.png is a screenshot
  options.width = cl.width;
  options.height = cl.height;
  options.scale = cl.scale;
  options.panel = cl.panel;
  options.transparent = cl.transparent;
  options.animate = cl.animate;
  options.training = cl.training;
  if (!cl.theme.empty()) options.theme = cl.theme == "light" ? app::Theme::Light : app::Theme::Dark;
  return app::run_window(options);
}
