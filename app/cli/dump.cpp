#include "app/cli/dump.h"

#include <cerrno>
#include <cstring>
#include <optional>
#include <ostream>

#include "core/io/atomic_file.h"
#include "core/io/attention_file.h"
#include "core/io/heads_file.h"
#include "core/io/link.h"
#include "core/io/result_json.h"
#include "core/io/scenario_io.h"
#include "core/model/compute.h"

namespace app {

// 0, or 1 with why on err (a full disk, a closed pipe: the write's errno).
int print(std::ostream& out, const std::string& text, std::ostream& err) {
  errno = 0;
  out << text;
  out.flush();
  if (out) return 0;
  const int why = errno;
  err << "attnlab: the output could not be written to standard output" << (why ? std::string(" (") + std::strerror(why) + ")" : "")
      << "\n";
  return 1;
}

namespace {

// A heads file's numbers: each head's W_Q·W_Kᵀ as core/model/bilinear_form.h measures it. The matrices
// are let go as each head is measured: a file of many heads costs its text, not its doubles too.
std::optional<std::string> heads_dump_text(const std::string& file, std::ostream& err) {
  core::HeadsReading numbers_only;
  numbers_only.keep_matrices = false;
  const core::HeadsLoad loaded = core::load_heads_file(file, numbers_only);
  if (refused(loaded, err)) return std::nullopt;
  return core::to_text(core::heads_to_json(*loaded.heads));
}

// An attention file's numbers: per layer and head what `MODEL --text TEXT --dump` prints of a text (text_dump.h).
std::optional<std::string> attention_dump_text(const std::string& file, std::ostream& err) {
  const core::AttentionLoad loaded = core::load_attention_file(file);
  if (refused(loaded, err)) return std::nullopt;
  return core::to_text(core::attention_to_json(*loaded.attention));
}

// One file's JSON text, or why it cannot be used (on err, then nullopt).
std::optional<std::string> dump_text(const std::string& file, std::ostream& err) {
  if (core::is_heads_file(file)) return heads_dump_text(file, err);
  if (core::is_attention_file(file)) return attention_dump_text(file, err);
  const core::LoadResult loaded = core::load_scenario_or_link(file);
  if (refused(loaded, err)) return std::nullopt;
  return core::to_text(core::result_to_json(*loaded.scenario, core::compute(*loaded.scenario)));
}

std::optional<std::string> grad_text(const std::string& file, std::ostream& err) {
  const core::LoadResult loaded = core::load_scenario_or_link(file);
  if (refused(loaded, err)) return std::nullopt;
  const core::Scenario& s = *loaded.scenario;
  if (!s.has_target) {
    // A link's text is not repeated: it may be 128 KiB long.
    err << "attnlab: " << (core::names_link(file) ? std::string("the link's scenario") : file)
        << ": target: missing; --grad needs the output the scenario should produce "
        << "(\"target\": " << s.n() << "×" << s.d_model << ", in a file with \"attnlab\": 2)\n";
    return std::nullopt;
  }
  core::Gradient g;
  const double loss = core::gradient(s, g);
  return core::to_text(core::gradient_to_json(s, g, loss));
}

// Every file's text, then all of it at once: a file that cannot be used leaves out empty.
int print_each(const std::vector<std::string>& files, std::optional<std::string> (*text_of)(const std::string&, std::ostream&),
               std::ostream& out, std::ostream& err) {
  if (files.size() == 1) {
    const std::optional<std::string> text = text_of(files[0], err);
    return text ? print(out, *text, err) : 2;
  }
  std::string all = "[\n";
  for (size_t i = 0; i < files.size(); ++i) {
    const std::optional<std::string> text = text_of(files[i], err);
    if (!text) return 2;
    // Each text ends in a line break; the comma goes before it.
    all += text->substr(0, text->size() - 1) + (i + 1 < files.size() ? ",\n" : "\n");
  }
  return print(out, all + "]\n", err);
}

}  // namespace

int run_dump(const std::vector<std::string>& files, std::ostream& out, std::ostream& err) {
  return print_each(files, dump_text, out, err);
}

int run_grad(const std::vector<std::string>& files, std::ostream& out, std::ostream& err) {
  return print_each(files, grad_text, out, err);
}

int run_link(const std::string& file, const std::string& base, std::ostream& out, std::ostream& err) {
  const core::LoadResult loaded = core::load_scenario_or_link(file);
  if (refused(loaded, err)) return 2;
  return print(out, core::scenario_link(*loaded.scenario, base) + "\n", err);
}

}  // namespace app
