#include "app/training/model_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/training/lab.h"  // refused
#include "core/io/atomic_file.h"
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

}  // namespace

bool is_model_text_file(const std::string& path) { return core::is_model_file(path) || core::is_attention_file(path); }

bool open_model_text(AppState& state, const std::string& path, const std::string& text) {
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
  auto shown = std::make_shared<TextShown>();
  shown->source = std::move(path);
  shown->title = model_title(model);
  const std::string first = text.empty() ? cut_to_context(model, kFirstText) : text;  // a text given is run as given, or refused
  shown->model = std::make_shared<const core::TrainedModel>(std::move(model));
  state.lab.text = std::move(shown);
  state.view.workspace = Workspace::Lab;
  set_model_text(state, first);
  const TextShown& now = *state.lab.text;
  state.status = "opened the model " + core::short_path(now.source) + " (" + now.title + ") on a text: type another" +
                 (now.problem.empty() ? "" : "; " + now.problem);
}

bool show_attention_text(AppState& state, core::AttentionFile file, std::string path) {
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
    state.status = "not opened: " + core::short_path(shown->source) + ": " + problem;
    return false;
  }
  renumber(*shown);
  state.lab.text = std::move(shown);
  state.view.workspace = Workspace::Lab;
  const TextShown& now = *state.lab.text;
  state.status = "opened the attention file " + core::short_path(now.source) + ": " + std::to_string(now.forward.layers.size()) +
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
  renumber(shown);
}

void close_model_text(AppState& state) {
  state.lab.text.reset();
  if (!state.lab.heads && !state.lab.result && state.lab.experiment.variants.empty()) state.view.workspace = Workspace::Views;
}

}  // namespace app
