#include "app/command_line.h"

namespace app {

const char* usage_text() {
  return "usage: attnlab [FILE] [--layout-out L.json]\n"
         "       attnlab --dump FILE\n"
         "       attnlab --help | --version\n"
         "\n"
         "A lab for the mathematics of transformer attention.\n"
         "\n"
         "  FILE          a scenario file (JSON, format version 1); without it the\n"
         "                window opens on the first lesson\n"
         "  --dump FILE   print every computed quantity of FILE as JSON and exit:\n"
         "                per head Q, K, V, scores, logits, weights, row_sums, entropy,\n"
         "                output, alt_output, QQt, scores_sym, scores_antisym, asymmetry\n"
         "                and, in projected mode, W_QK with its singular values and rank\n"
         "  --layout-out L.json\n"
         "                open the window and, once its layout has settled, write the\n"
         "                window-pixel rectangle [x, y, w, h] of every visible editable\n"
         "                matrix cell, keyed X[r][c], W_Q[h][r][c], ... (for tests)\n"
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
  if (cl.command == Command::Dump && !cl.layout_out.empty())
    return fail("--layout-out goes with the window, not with --dump");
  return cl;
}

}  // namespace app
