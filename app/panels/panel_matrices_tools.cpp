// A matrix's own tools, in a menu beside its title in the editor ("⋯", or a right-click on the
// title): copy it as numpy, CSV, TSV or LaTeX; paste it from any of those (core/io/matrix_text.h);
// fill it with random entries from a seed, the identity or zeros; round it to 2 decimals. The
// editor puts what the menu gives in place of the matrix through AppState::apply, so each is one
// undo step, and the status line says what was done, or why nothing was.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>  // ImHashStr

#include "app/panels/panel_matrices_parts.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "core/io/matrix_text.h"
#include "core/math/matrix_fill.h"
#include "core/text/translate.h"

namespace app {

namespace {

// "W_Q[1]" → {"W_Q", 1}; "X" → {"X", -1}.
struct MatrixKey {
  std::string name;
  int head = -1;
};

MatrixKey split_key(const std::string& key) {
  const size_t open = key.find('[');
  if (open == std::string::npos) return {key, -1};
  return {key.substr(0, open), std::atoi(key.c_str() + open + 1)};
}

// The matrix as the status line names it, in plain text ("W^Q of head 2", "X", "W_alt"), or as
// markup for the menu's heading (W_{alt} drawn with its subscript).
std::string matrix_name(const core::Scenario& s, const MatrixKey& k, bool markup = false) {
  static const std::map<std::string, std::string> kNames = {
      {"W_Q", "W^Q"}, {"W_K", "W^K"}, {"W_V", "W^V"}, {"W_O", "W^O"}, {"W", "W (one W)"}};
  static const std::map<std::string, std::string> kMarkup = {{"W_alt", "W_{alt}"}, {"X_kv", "X_{kv}"}};
  const auto it = kNames.find(k.name);
  const auto marked = kMarkup.find(k.name);
  std::string name = it != kNames.end() ? it->second : markup && marked != kMarkup.end() ? marked->second : k.name;
  if (k.head >= 0 && s.heads > 1) name += " of head " + std::to_string(k.head + 1);
  return name;
}

// The sizes that make the matrix's shape, as Sizes and mode names them: "5 tokens, d_model = 4".
std::string shape_reason(const core::Scenario& s, const std::string& name) {
  const std::string n = std::to_string(s.n()) + " tokens", d_model = "d_model = " + std::to_string(s.d_model),
                    d_k = "d_k = " + std::to_string(s.d_k);
  const std::string keys = s.cross() ? std::to_string(s.m()) + " tokens of the keys' sequence" : n;
  if (name == "X" || name == "target") return n + ", " + d_model;
  if (name == "X_kv") return keys + ", " + d_model;
  if (name == "W") return d_model;
  if (name == "Q") return n + ", " + d_k;
  if (name == "K" || name == "V") return keys + ", " + d_k;
  if (name == "W_alt") return d_k;
  if (name == "W_O") return "H\u00B7d_k = " + std::to_string(s.heads) + "\u00B7" + std::to_string(s.d_k) + ", " + d_model;
  return d_model + ", " + d_k;  // W_Q, W_K, W_V
}

std::string shape(const Eigen::MatrixXd& m) { return std::to_string(m.rows()) + "\u00D7" + std::to_string(m.cols()); }

// The clipboard's matrix in place of `shown`, or nothing and the status line saying why: a text
// that is no matrix, or one of another shape. Every shape is set by the sizes, which other
// matrices share: a paste does not change them (docs/architecture.md, The matrix editor).
std::optional<MatrixChange> Paste(AppState& state, const MatrixKey& key, const Eigen::MatrixXd& shown) {
  const std::string name = matrix_name(state.scenario(), key);
  const char* clipboard = ImGui::GetClipboardText();
  const core::MatrixText read = core::read_matrix_text(clipboard ? clipboard : "");
  if (!read.ok()) {
    state.status = "not pasted into " + name + ": " + read.error;
    return std::nullopt;
  }
  if (read.matrix.rows() != shown.rows() || read.matrix.cols() != shown.cols()) {
    // nn.Linear keeps its weight as out × in, the transpose of x·W: a likely source of a W the wrong way round.
    const bool weight = key.name.rfind("W", 0) == 0;  // W^Q, W^K, W^V, W^O, one W, W_alt: not X, Q, K, V or the target
    const bool transposed = weight && read.matrix.rows() == shown.cols() && read.matrix.cols() == shown.rows();
    state.status = "not pasted: the clipboard's matrix is " + shape(read.matrix) + ", but " + name + " is " + shape(shown) + " (" +
                   shape_reason(state.scenario(), key.name) + ")" +
                   (transposed ? "; its transpose would fit (PyTorch's nn.Linear keeps weight as W transposed)" : "");
    return std::nullopt;
  }
  return MatrixChange{read.matrix, "pasted a " + shape(read.matrix) + " matrix (" + read.form + ") into " + name};
}

void CopyItems(AppState& state, const std::string& name, const Eigen::MatrixXd& shown) {
  static constexpr std::pair<core::MatrixFormat, const char*> kCopies[] = {
      {core::MatrixFormat::Numpy, "np.array([[...]])"},
      {core::MatrixFormat::Csv, "for a file"},
      {core::MatrixFormat::Tsv, "for a spreadsheet"},
      {core::MatrixFormat::Latex, "bmatrix"}};
  for (const auto& [format, hint] : kCopies) {
    const std::string label = std::string("Copy as ") + core::to_string(format);
    if (keyed::MenuItem("tools.copy." + std::string(core::to_string(format)), label.c_str(), hint)) {
      ImGui::SetClipboardText(core::write_matrix_text(shown, format).c_str());
      state.status = "copied " + name + " (" + shape(shown) + ") as " + core::to_string(format);
    }
  }
}

// The seed the next Random uses, kept in the editor window's ImGui storage as ImGui keeps a tree
// node's open state: one for every matrix, and one more after each use, so that W^Q and W^K
// filled one after the other differ (two equal ones would make S symmetric).
constexpr const char* kSeedStorage = "matrix_tools.seed";

std::optional<MatrixChange> FillItems(const std::string& name, const Eigen::MatrixXd& shown, int& seed) {
  const int rows = static_cast<int>(shown.rows()), cols = static_cast<int>(shown.cols());
  std::optional<MatrixChange> change;
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000000000").x);
  keyed::InputInt("tools.seed", "seed", &seed);
  seed = std::max(seed, 0);
  const std::string random = "Random, seed " + std::to_string(seed) + "###random";
  if (keyed::MenuItem("tools.random", random.c_str(), "uniform in [\u22121, 1], 2 decimals")) {
    change = MatrixChange{core::random_entries(rows, cols, static_cast<std::uint32_t>(seed)),
                          name + ": random entries from seed " + std::to_string(seed) + " (uniform in [\u22121, 1], 2 decimals)"};
    ++seed;
  }
  if (keyed::MenuItem("tools.identity", translated("Identity").c_str(), rows == cols ? nullptr : "ones on the diagonal"))
    change = MatrixChange{Eigen::MatrixXd::Identity(rows, cols), name + (rows == cols ? ": the identity" : ": ones on the diagonal, zeros elsewhere")};
  if (keyed::MenuItem("tools.zero", translated("Zero").c_str())) change = MatrixChange{Eigen::MatrixXd::Zero(rows, cols), name + ": every entry 0"};
  if (keyed::MenuItem("tools.round", translated("Round to 2 decimals").c_str())) {
    const Eigen::MatrixXd round = core::rounded(shown, 2);
    const long changed = (round.array() != shown.array()).count();
    change = MatrixChange{round, name + ": rounded to 2 decimals (" + std::to_string(changed) + (changed == 1 ? " entry" : " entries") + " changed)"};
  }
  return change;
}

}  // namespace

float MatrixToolsWidth() {
  if (frame_picture().active) return 0;
  return ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize("\u22EF").x + ImGui::GetStyle().FramePadding.x * 2;
}

std::optional<MatrixChange> MatrixTools(AppState& state, const std::string& key, const Eigen::MatrixXd& shown) {
  if (frame_picture().active) return std::nullopt;  // a picture for a slide has no buttons
  // The title, the item just drawn: a right-click on it opens the menu too.
  const bool title_clicked = ImGui::IsItemHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Right);
  ImGuiStorage* storage = ImGui::GetStateStorage();  // the editor window's, before the menu's own
  const ImGuiID seed_id = ImHashStr(kSeedStorage);  // not the ID stack's: the same under every head's tab
  ImGui::PushID(key.c_str());
  ImGui::SameLine();
  // Dim until hovered: beside every title, a row of loud buttons would compete with the numbers on a projector.
  // Lit, a faint blue, on which the grey still reads 4.5:1 (the theme's full blue gave it 2.4:1).
  ImVec4 lit = ImGui::GetStyleColorVec4(ImGuiCol_ButtonHovered);
  lit.w = 0.3f;
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, lit);
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, lit);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  const bool clicked = keyed::SmallButton("tools." + key, translated("\u22EF##tools").c_str());
  ImGui::PopStyleColor(4);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", core::tr("Copy, paste, random, identity, zero, round to 2 decimals\n(or right-click the title)"));
  if (clicked || title_clicked) ImGui::OpenPopup("tools");
  std::optional<MatrixChange> change;
  if (ImGui::BeginPopup("tools")) {
    const MatrixKey k = split_key(key);
    const std::string name = matrix_name(state.scenario(), k);
    ScriptText(matrix_name(state.scenario(), k, true) + ", " + shape(shown),
               ImGui::GetColorU32(ImGuiCol_TextDisabled));
    ImGui::Separator();
    CopyItems(state, name, shown);
    ImGui::Separator();
    if (keyed::MenuItem("tools.paste", translated("Paste").c_str(), "numpy, CSV, TSV or LaTeX")) change = Paste(state, k, shown);
    ImGui::Separator();
    int seed = storage->GetInt(seed_id, 1);
    if (auto filled = FillItems(name, shown, seed)) change = std::move(filled);
    storage->SetInt(seed_id, seed);
    ImGui::EndPopup();
  }
  ImGui::PopID();
  return change;
}

}  // namespace app
