#include "app/training/model_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "app/files/data_dir.h"
#include "app/files/platform_files.h"
#include "app/training/lab.h"  // refused
#include "core/io/atomic_file.h"
#include "core/io/link.h"
#include "core/io/model_file.h"
#include "core/text/utf8.h"

namespace app {

namespace {

// The numbers changed: the pictures' keys with them (the renderer uploads a key's pixels once).
void renumber(TextShown& shown) {
  static std::uint64_t serial = 0;
  shown.serial = ++serial << 20;  // a head's pictures below: layer·heads + head, a few each
  shown.layer = std::clamp(shown.layer, 0, std::max(0, static_cast<int>(shown.forward.layers.size()) - 1));
  const int heads = shown.forward.layers.empty() ? 0 : static_cast<int>(shown.forward.layers[static_cast<size_t>(shown.layer)].size());
  shown.head = std::clamp(shown.head, 0, std::max(0, heads - 1));
}

// "QKᵀ · seed 1 · 2.41 bits per character held out": the model file's metadata, as a title.
std::string model_title(const core::TrainedModel& m) {
  std::string title = m.variant.empty() ? std::string("a trained model") : m.variant;
  if (!m.seed.empty()) title += " \u00B7 seed " + m.seed;
  char* end = nullptr;
  const double bits = std::strtod(m.bits_per_character.c_str(), &end);
  if (!m.bits_per_character.empty() && end == m.bits_per_character.c_str() + m.bits_per_character.size() && std::isfinite(bits)) {
    char text[64];
    std::snprintf(text, sizeof text, " \u00B7 %.2f bits per character held out", bits);
    title += text;
  }
  return title;
}

// The first text cut to what the model reads (its context, at most core::kMaxTextBytes), at a character's end.
std::string cut_to_context(const core::TrainedModel& m, std::string text) {
  const size_t most = static_cast<size_t>(std::min(core::kMaxTextBytes, m.context));
  if (text.size() <= most) return text;
  size_t end = most;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // not inside a character
  return text.substr(0, end);
}

// One of the models assets/models/shipped.json lists: the only files the page fetches.
bool is_shipped_model(const std::string& path) {
  for (const ShippedModel& m : shipped_models())
    if (m.path == path) return true;
  return false;
}

}  // namespace

std::string shown_token(const std::string& t) {
  if (t.empty()) return "\u2218";  // a character's later byte (é is two): ∘
  if (t == " ") return "\u2423";
  if (t == "\n") return "\u23CE";
  if (t == "\t") return "\u21E5";
  if (t.size() == 1 && static_cast<unsigned char>(t[0]) < 0x20) return "\u00B7";
  return t;
}

std::string text_token_name(const TextShown& shown, int p) {
  std::string name = shown_token(shown.tokens[static_cast<size_t>(p)]);
  for (const char digit : std::to_string(p)) name += {'\xE2', '\x82', static_cast<char>(0x80 + (digit - '0'))};  // U+2080 + digit
  return name;
}

std::string text_view_link(const AppState& state, const std::string& base) {
  if (!state.lab.text || !state.lab.text->model || state.view.workspace != Workspace::Lab || !is_shipped_model(state.lab.text->source))
    return "";
  return core::model_text_link(std::filesystem::path(state.lab.text->source).stem().string(), state.lab.text->text, base);
}

bool is_model_text_file(const std::string& path) { return core::is_model_file(path) || core::is_attention_file(path); }

bool open_model_text(AppState& state, const std::string& path, const std::string& text) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec) && is_shipped_model(path) && platform_files().paths->fetch_shipped_model(path)) {
    state.lab.text_coming = Lab::TextComing{path, text};
    state.status = "fetching the model " + shown_path(path) + "\u2026";
    return true;
  }
  if (core::is_attention_file(path)) {
    core::AttentionLoad loaded = core::load_attention_file(path);
    if (!loaded.ok()) return refused(state, loaded.errors);
    return show_attention_text(state, std::move(*loaded.attention), path);
  }
  core::ModelLoad loaded = core::load_model_file(path);
  if (!loaded.ok()) return refused(state, loaded.errors);
  show_model_text(state, std::move(*loaded.model), path, text);
  return true;
}

void show_model_text(AppState& state, core::TrainedModel model, std::string path, const std::string& text) {
  state.lab.text_coming.reset();  // a model still being fetched no longer takes the screen
  auto shown = std::make_shared<TextShown>();
  shown->source = std::move(path);
  shown->title = model_title(model);
  const std::string first = text.empty() ? cut_to_context(model, kFirstText) : text;  // a text given is run as given, or refused
  shown->model = std::make_shared<const core::TrainedModel>(std::move(model));
  state.lab.text = std::move(shown);
  state.view.workspace = Workspace::Lab;
  set_model_text(state, first);
  const TextShown& now = *state.lab.text;
  state.status = "opened the model " + shown_path(now.source) + " (" + now.title + ") on a text: type another" +
                 (now.problem.empty() ? "" : "; " + now.problem);
}

bool show_attention_text(AppState& state, core::AttentionFile file, std::string path) {
  state.lab.text_coming.reset();
  auto shown = std::make_shared<TextShown>();
  shown->source = std::move(path);
  shown->title = "attention of " + (file.model.empty() ? std::string("a model") : core::valid_utf8(file.model)) + ", recorded";
  shown->tokens = file.tokens;
  shown->text.clear();
  for (const std::string& t : file.tokens) shown->text += t;
  for (const core::RecordedLayer& layer : file.layers) {
    std::vector<core::TextHead>& heads = shown->forward.layers.emplace_back();
    for (const core::RecordedHead& h : layer.heads) heads.push_back(core::recorded_head(h.Q, h.K, h.mask, layer.scale));
  }
  if (const std::string problem = core::forward_problem(shown->forward); !problem.empty()) {
    state.status = "not opened: " + shown_path(shown->source) + ": " + problem;
    return false;
  }
  renumber(*shown);
  state.lab.text = std::move(shown);
  state.view.workspace = Workspace::Lab;
  const TextShown& now = *state.lab.text;
  state.status = "opened the attention file " + shown_path(now.source) + ": " + std::to_string(now.forward.layers.size()) +
                 (now.forward.layers.size() == 1 ? " layer" : " layers") + " on " + std::to_string(now.tokens.size()) + " tokens";
  return true;
}

void set_model_text(AppState& state, std::string text) {
  if (!state.lab.text || !state.lab.text->model) return;
  TextShown& shown = *state.lab.text;
  shown.text = std::move(text);
  shown.problem = core::text_problem(*shown.model, shown.text);
  if (!shown.problem.empty()) return;  // the last text's numbers stay, under the reason
  core::TextForward forward = core::text_forward(*shown.model, shown.text);
  shown.problem = core::forward_problem(forward);
  if (!shown.problem.empty()) return;
  shown.forward = std::move(forward);
  shown.tokens = core::byte_tokens(shown.text);
  // The characters chosen for the views stay chosen where the text still has a character there.
  std::erase_if(shown.chosen, [&](int p) { return p >= static_cast<int>(shown.tokens.size()) || shown.tokens[static_cast<size_t>(p)].empty(); });
  renumber(shown);
}

void model_arrived(AppState& state, bool ok) {
  if (!state.lab.text_coming) return;
  const Lab::TextComing coming = std::move(*state.lab.text_coming);
  state.lab.text_coming.reset();
  std::error_code ec;
  if (ok && std::filesystem::exists(coming.path, ec)) {
    open_model_text(state, coming.path, coming.text);
    return;
  }
  state.status = "not opened: " + shown_path(coming.path) +
                 " could not be fetched. The shipped models come with the page a web server serves, not with the one file "
                 "opened from the disk; File \u2192 Open takes a model file you have.";
}

void close_model_text(AppState& state) {
  state.lab.text.reset();
  if (!state.lab.heads && !state.lab.result && state.lab.experiment.variants.empty()) state.view.workspace = Workspace::Views;
}

}  // namespace app
