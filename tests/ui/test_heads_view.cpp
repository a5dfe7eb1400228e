// The Heads view: a heads file opened on its own or from a RESULT's "seed" buttons shows each head's
// numbers as `attnlab --dump` prints them (core::heads_to_json, what --dump writes), its table sorts
// by the symmetric fraction, a row shows that head's pictures, Back returns to what was under it, and
// a file the reader refuses leaves the lab as it was.
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <unistd.h>

#include "app/files/files.h"
#include "app/panels/panel_table.h"
#include "app/panels/panels.h"
#include "app/training/lab.h"
#include "core/io/heads_file.h"
#include "core/io/lm_result.h"
#include "ui_harness.h"

namespace test_heads_view {

namespace {

namespace fs = std::filesystem;

const std::string kResult = ATTNLAB_LANGUAGE_MODELS "/heads_small.result.json";

// The numbers as the view writes them, through the streams rather than printf: 3 or 4 decimals, and a
// singular value to 4 significant digits (as %.4g: the shorter of the fixed and scientific forms).
std::string fixed(double x, int decimals) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(decimals) << x;
  return out.str();
}

std::string significant(double x) {
  std::ostringstream out;
  out << std::setprecision(4) << x;  // the default float field: %g's
  return out.str();
}

using HeadsViewTest = LabPanelTest;

}  // namespace

// From the RESULT: its table names each variant's objective, and the bidirectional variant's seed-2
// button opens that run's heads over the RESULT; every head's line is --dump's numbers.
TEST_F(HeadsViewTest, ARunsHeadsShowWhatDumpPrints) {
  ASSERT_TRUE(app::request_open(state, kResult));
  frames(3);
  ASSERT_TRUE(state.lab.result);
  EXPECT_NE(text().find("bidirectional"), std::string::npos);
  click(center(control("result.heads.1.1")));  // the second variant (bidirectional), its second run (seed 2)
  frames(2);
  ASSERT_TRUE(state.lab.heads) << state.status;
  EXPECT_EQ(fs::path(state.lab.heads->source).filename(), "v02-seed2.json");
  // What --dump prints for the same file.
  const core::HeadsLoad loaded = core::load_heads_file(state.lab.heads->source);
  ASSERT_TRUE(loaded.ok());
  const auto dump = core::heads_to_json(*loaded.heads);
  EXPECT_EQ(dump["seed"], 2);
  EXPECT_EQ(dump["objective"], "bidirectional");
  ASSERT_EQ(dump["heads"].size(), 8u);
  EXPECT_NE(text().find("Heads of bidirectional · bidirectional objective · seed 2"), std::string::npos) << text();
  EXPECT_NE(described().find("Heads of bidirectional, bidirectional objective, seed 2: 8 heads"), std::string::npos) << described();
  for (const auto& h : dump["heads"]) {
    const std::vector<double> sv = h["singular_values"].get<std::vector<double>>();
    ASSERT_EQ(sv.size(), 16u);
    // On screen, the table's row: layer, head, d_k, the fraction to 3 decimals, the rank and σ₁.
    const std::string row = "| " + std::to_string(h["layer"].get<int>()) + " | " + std::to_string(h["head"].get<int>()) + " | 16 | " +
                            fixed(h["symmetric_fraction"].get<double>(), 3) + " | " + std::to_string(h["rank"].get<int>()) + " | " +
                            significant(sv.front()) + " |";
    EXPECT_NE(text().find(row), std::string::npos) << row << "\nnot in:\n" << text();
    // As text: every singular value, the fraction to 4 decimals.
    std::string sigma;
    for (double s : sv) sigma += (sigma.empty() ? "" : " ") + significant(s);
    const std::string line = "layer " + std::to_string(h["layer"].get<int>()) + ", head " + std::to_string(h["head"].get<int>()) +
                             ": symmetric fraction " + fixed(h["symmetric_fraction"].get<double>(), 4) + ", rank " +
                             std::to_string(h["rank"].get<int>()) + " of d_k = 16, singular values " + sigma;
    EXPECT_NE(described().find(line), std::string::npos) << line << "\nnot in:\n" << described();
  }
  // The head shown first is the file's first, its three pictures asked of the renderer as images.
  EXPECT_NE(described().find("Shown: layer 0, head 0"), std::string::npos);
  EXPECT_NE(text().find("layer 0, head 0: d model  = 64"), std::string::npos) << text();
  EXPECT_EQ(renderer.images.size(), 3u);
  EXPECT_TRUE(layout.controls.count("heads.part.2"));
  // Sorted by the symmetric fraction, largest first (a header clicked sorts the way it prefers, then the other).
  click(center(control("heads.sort.3")));
  const app::HeadsShown& shown = *state.lab.heads;
  ASSERT_EQ(shown.order.size(), 8u);
  for (size_t k = 1; k < shown.order.size(); ++k)
    EXPECT_GE(shown.forms[static_cast<size_t>(shown.order[k - 1])].symmetric_fraction,
              shown.forms[static_cast<size_t>(shown.order[k])].symmetric_fraction);
  click(center(control("heads.sort.3")));
  for (size_t k = 1; k < shown.order.size(); ++k)
    EXPECT_LE(shown.forms[static_cast<size_t>(shown.order[k - 1])].symmetric_fraction,
              shown.forms[static_cast<size_t>(shown.order[k])].symmetric_fraction);
  // A row shows its head.
  click(center(control("heads.row.5")));
  frames(1);
  EXPECT_EQ(state.lab.heads->selected, 5);
  EXPECT_EQ(state.lab.heads->picture_of, 5);
  EXPECT_NE(described().find("Shown: layer 1, head 1"), std::string::npos);
  EXPECT_NE(text().find("layer 1, head 1: d model  = 64"), std::string::npos);
  // Open in views: the head on its 4 top singular directions, as the views' scenario; the lab keeps the Heads view.
  click(center(control("heads.open_in_views.4")));
  frames(1);
  EXPECT_EQ(state.view.workspace, app::Workspace::Views);
  EXPECT_EQ(state.scenario().d_model, 4);
  EXPECT_EQ(state.scenario().tokens, (std::vector<std::string>{"u1", "v1", "u2", "v2"}));
  EXPECT_EQ(state.scenario().title.rfind("Layer 1, head 1 of bidirectional, in 4 of its 64 dimensions", 0), 0u) << state.scenario().title;
  EXPECT_NE(state.status.find("Ctrl+Z brings back"), std::string::npos) << state.status;
  state.view.workspace = app::Workspace::Lab;  // Ctrl+L
  frames(2);
  ASSERT_TRUE(state.lab.heads);
  EXPECT_EQ(state.lab.heads->selected, 5);
  // Back: the RESULT, as it was.
  click(center(control("heads.back")));
  frames(1);
  EXPECT_FALSE(state.lab.heads);
  EXPECT_TRUE(state.lab.result);
  EXPECT_EQ(state.view.workspace, app::Workspace::Lab);
}

// On its own (File → Open): over the views, and Back goes back to them; a 2 × 2 head worked by hand.
TEST_F(HeadsViewTest, AHandWorkedHeadAndAFileTheReaderRefuses) {
  const fs::path dir = fs::temp_directory_path() / ("attnlab-ui-heads-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  // W = W_Q·W_Kᵀ = [[1, 2], [0, 1]]·I: ‖W‖² = 6, ⟨W, Wᵀ⟩ = 1 + 1 = 2 (the diagonal), fraction (6 + 2)/12 = 2/3.
  std::ofstream(dir / "h.json") << R"({"attnlab_heads": 1, "model": "by hand", "objective": "causal",
    "heads": [{"layer": 0, "head": 0, "W_Q": [[1, 2], [0, 1]], "W_K": [[1, 0], [0, 1]]}]})";
  std::ofstream(dir / "bad.json") << R"({"attnlab_heads": 1, "heads": [{"layer": 0, "head": 0, "W_Q": [[1, 2]], "W_K": [[1]]}]})";
  const app::Workspace before = state.view.workspace;
  EXPECT_FALSE(app::request_open(state, (dir / "bad.json").string()));
  EXPECT_NE(state.status.find("heads[0].W_Q: 1 × 2; expected d_model × d_k with d_k ≤ d_model"), std::string::npos) << state.status;
  EXPECT_FALSE(state.lab.heads);
  EXPECT_EQ(state.view.workspace, before);
  ASSERT_TRUE(app::request_open(state, (dir / "h.json").string()));
  frames(2);
  EXPECT_NE(described().find("layer 0, head 0: symmetric fraction 0.6667, rank 2 of d_k = 2, singular values 2.414 0.4142"), std::string::npos)
      << described();  // W's singular values: √(3 ± 2√2) = √2 ± 1
  EXPECT_NE(text().find("| 0 | 0 | 2 | 0.667 | 2 | 2.414 |"), std::string::npos) << text();
  const core::FormPicture& p = state.lab.heads->picture;
  EXPECT_EQ(p.block, 1);
  EXPECT_DOUBLE_EQ(p.symmetric(0, 1), 1.0);
  EXPECT_DOUBLE_EQ(p.antisymmetric(0, 1), 1.0);
  EXPECT_DOUBLE_EQ(p.antisymmetric(1, 0), -1.0);
  EXPECT_DOUBLE_EQ(p.max_abs, 2.0);
  click(center(control("heads.back")));
  frames(1);
  EXPECT_FALSE(state.lab.heads);
  fs::remove_all(dir);
}

}  // namespace test_heads_view
