#include "app/command_line.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string_view>

#include "core/export.h"
#include "core/lesson.h"

namespace app {

const char* usage_text() {
  return "usage: attnlab [FILE] [--layout-out L.json]\n"
         "       attnlab [FILE] --screenshot OUT.png [--size WxH] [--scale K] [--theme light|dark]\n"
         "                      [--panel NAME] [--transparent] [--layout-out L.json]\n"
         "       attnlab [FILE] --export OUT.EXT   (png, svg, tex, csv or py)\n"
         "       attnlab --dump FILE\n"
         "       attnlab --help | --version\n"
         "\n"
         "A lab for the mathematics of transformer attention.\n"
         "\n"
         "  FILE          a scenario file (JSON, format version 1); without it the\n"
         "                window opens on the last session, else the first lesson\n"
         "  --screenshot OUT.png\n"
         "                render one frame exactly as the window would show it, offscreen,\n"
         "                write it as a PNG of W·K × H·K pixels and exit (needs an X display)\n"
         "  --export OUT.EXT\n"
         "                write FILE as OUT in the format its extension names: png (as\n"
         "                --screenshot), svg (the heatmaps), tex (LaTeX with amsmath),\n"
         "                csv (every matrix), py (a PyTorch script printing the output)\n"
         "  --size WxH    the window size for --screenshot, 320x200 to 8192x8192 (default 1440x900)\n"
         "  --scale K     1 to 4: fonts and sizes built K times larger, not upscaled (default 1)\n"
         "  --theme T     light (for slides) or dark\n"
         "  --panel NAME  the picture shows one panel alone: Lesson, Matrices, Scores,\n"
         "                Softmax, Rank, Output or Geometry\n"
         "  --transparent the picture has no background (PNG alpha)\n"
         "  --dump FILE   print every computed quantity of FILE as JSON and exit:\n"
         "                per head Q, K, V, scores, logits, weights, row_sums, entropy,\n"
         "                output, alt_output, QQt, scores_sym, scores_antisym, asymmetry\n"
         "                and, in projected mode, W_QK with its singular values and rank\n"
         "  --layout-out L.json\n"
         "                once the layout has settled (with --screenshot: of the picture),\n"
         "                write the rectangle [x, y, w, h] in logical pixels of every\n"
         "                visible editable matrix cell, keyed X[r][c], W_Q[h][r][c], ...,\n"
         "                and under \"heatmaps\" every heatmap: its cells' rect, one cell's\n"
         "                size and whether it prints numbers (for tests)\n"
         "  --help        show this text\n"
         "  --version     show the version\n"
         "\n"
         "Exit status: 0 success; 2 invalid input or usage (a missing, unreadable or\n"
         "malformed FILE); 1 any other failure.\n";
}

CommandLine parse_command_line(const std::vector<std::string>& args) {
  CommandLine cl;
  const auto fail = [&](const std::string& message) {
    cl.error = message + " (see attnlab --help)";
    return cl;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      cl.command = Command::Help;
      return cl;  // --help wins over everything else on the line
    } else if (a == "--version") {
      cl.command = Command::Version;
    } else if (a == "--dump") {
      if (i + 1 >= args.size()) return fail("--dump needs a FILE");
      if (cl.command == Command::Dump) return fail("--dump given twice");
      cl.command = Command::Dump;
      if (!cl.file.empty()) return fail("--dump FILE: one scenario file at a time");
      cl.file = args[++i];
    } else if (a == "--screenshot") {
      if (i + 1 >= args.size()) return fail("--screenshot needs a file name (OUT.png)");
      cl.screenshot = args[++i];
    } else if (a == "--export") {
      if (i + 1 >= args.size()) return fail("--export needs a file name (OUT.png, .svg, .tex, .csv or .py)");
      cl.export_to = args[++i];
      if (core::export_format(cl.export_to) == core::ExportFormat::Unknown)
        return fail("--export " + cl.export_to + ": the extension names the format: .png, .svg, .tex, .csv or .py");
    } else if (a == "--size") {
      if (i + 1 >= args.size()) return fail("--size needs WxH, e.g. 1920x1080");
      const std::string v = args[++i];
      int w = 0, h = 0;
      char x = 0, extra = 0;
      if (std::sscanf(v.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X') || w < 320 ||
          h < 200 || w > 8192 || h > 8192)
        return fail("--size " + v + ": expected WxH with W from 320 to 8192 and H from 200 to 8192");
      cl.width = w;
      cl.height = h;
    } else if (a == "--scale") {
      if (i + 1 >= args.size()) return fail("--scale needs K, 1 to 4");
      const std::string v = args[++i];
      if (v.size() != 1 || v[0] < '1' || v[0] > '4') return fail("--scale " + v + ": expected 1, 2, 3 or 4");
      cl.scale = v[0] - '0';
    } else if (a == "--theme") {
      if (i + 1 >= args.size()) return fail("--theme needs light or dark");
      cl.theme = args[++i];
      if (cl.theme != "light" && cl.theme != "dark") return fail("--theme " + cl.theme + ": expected light or dark");
    } else if (a == "--panel") {
      if (i + 1 >= args.size()) return fail("--panel needs a panel name");
      const std::string name = args[++i];
      for (const char* panel : core::kPanelNames)
        if (name.size() == std::string_view(panel).size() &&
            std::equal(name.begin(), name.end(), panel, [](char x, char y) { return std::tolower(x) == std::tolower(y); }))
          cl.panel = panel;
      if (cl.panel.empty())
        return fail("--panel " + name + ": expected Lesson, Matrices, Scores, Softmax, Rank, Output or Geometry");
    } else if (a == "--transparent") {
      cl.transparent = true;
    } else if (a == "--layout-out") {
      if (i + 1 >= args.size()) return fail("--layout-out needs a file name");
      cl.layout_out = args[++i];
    } else if (a.size() > 1 && a[0] == '-' && a != "-") {
      return fail("unknown option '" + a + "'");
    } else {
      if (!cl.file.empty()) return fail("one scenario file at a time, got '" + cl.file + "' and '" + a + "'");
      cl.file = a;
    }
  }
  if (cl.command == Command::Dump && (!cl.layout_out.empty() || !cl.screenshot.empty()))
    return fail("--dump prints text: it takes no --layout-out or --screenshot");
  if (!cl.screenshot.empty() && !cl.export_to.empty()) return fail("--screenshot and --export: one picture at a time");
  const bool png = !cl.screenshot.empty() || core::export_format(cl.export_to) == core::ExportFormat::Png;
  if (!png && (cl.width || cl.scale != 1)) return fail("--size and --scale go with --screenshot or --export OUT.png");
  if (!png && (!cl.panel.empty() || cl.transparent))
    return fail("--panel and --transparent go with --screenshot or --export OUT.png");
  return cl;
}

}  // namespace app
