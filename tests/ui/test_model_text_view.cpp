// The lab's Text view (issue 65): a shipped model opened with File → Open shows every head of its two layers on the
// first text, the numbers core::text_forward gives (what --dump prints, which tests/cli/test_model_text.py holds to
// torch); typing another text runs it, a text the model cannot read is said and changes nothing; a head clicked in
// the grid is shown at length; an attention file's 2 × 2 head worked by hand; Back goes back to the views.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "app/files/files.h"
#include "app/panels/panel_table.h"
#include "app/panels/panels.h"
#include "app/training/model_text.h"
#include "core/io/model_file.h"
#include "core/model/compute.h"
#include "core/model/head_in_views.h"
#include "ui_harness.h"

namespace test_model_text_view {

namespace {

namespace fs = std::filesystem;

const std::string kModels = ATTNLAB_LANGUAGE_MODELS "/../models";

std::string fixed(const char* format, double x) {
  char text[64];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

class ModelTextViewTest : public LabPanelTest {
 protected:
  // The view's numbers are the forward pass's on the text it holds, head for head, bit for bit.
  void expect_numbers_of(const core::TrainedModel& model, const std::string& typed) {
    const core::TextForward expected = core::text_forward(model, typed);
    const app::TextShown& shown = *state.lab.text;
    ASSERT_EQ(shown.forward.layers.size(), expected.layers.size());
    for (size_t l = 0; l < expected.layers.size(); ++l)
      for (size_t h = 0; h < expected.layers[l].size(); ++h) {
        EXPECT_EQ(shown.forward.layers[l][h].weights, expected.layers[l][h].weights) << l << " " << h;
        EXPECT_EQ(shown.forward.layers[l][h].weights_qq, expected.layers[l][h].weights_qq) << l << " " << h;
        EXPECT_EQ(shown.forward.layers[l][h].asymmetry, expected.layers[l][h].asymmetry);
      }
    EXPECT_EQ(shown.forward.next_logits, expected.next_logits);
  }
};

}  // namespace

TEST_F(ModelTextViewTest, AShippedModelOnTheFirstTextThenOnATextTyped) {
  const std::string path = kModels + "/licences_qkt.safetensors";
  const core::ModelLoad model = core::load_model_file(path);
  ASSERT_TRUE(model.ok()) << model.message();
  ASSERT_TRUE(app::request_open(state, path));
  frames(3);
  ASSERT_TRUE(state.lab.text) << state.status;
  EXPECT_EQ(state.view.workspace, app::Workspace::Lab);
  EXPECT_NE(state.status.find("opened the model"), std::string::npos) << state.status;
  const app::TextShown& shown = *state.lab.text;
  EXPECT_EQ(shown.text, app::kFirstText);
  EXPECT_EQ(shown.tokens.size(), std::string(app::kFirstText).size());
  expect_numbers_of(*model.model, app::kFirstText);
  // On screen: the title with the model file's held-out bits, the field's count; as text: every head's asymmetry.
  EXPECT_NE(text().find("seed 1 · 2.41 bits per character held out"), std::string::npos) << text();
  EXPECT_NE(text().find("61 of 64 bytes"), std::string::npos) << text();
  for (int l = 0; l < 2; ++l)
    for (int h = 0; h < 4; ++h) {
      const std::string said = "layer " + std::to_string(l) + " head " + std::to_string(h) + " " +
                               fixed("%.3f", shown.forward.layers[static_cast<size_t>(l)][static_cast<size_t>(h)].asymmetry);
      EXPECT_NE(described().find(said), std::string::npos) << said << "\nnot in:\n" << described();
    }
  // The ten likeliest next characters, as --dump's "top" has them.
  const std::vector<core::NextByte> top = core::likeliest_next(shown.forward.next_logits, 10);
  ASSERT_EQ(top.size(), 10u);
  for (size_t k = 1; k < top.size(); ++k) EXPECT_GE(top[k - 1].probability, top[k].probability);
  EXPECT_NE(described().find("The next character's ten likeliest: " + std::string(top[0].byte == ' ' ? "\u2423" : std::string(1, static_cast<char>(top[0].byte))) +
                             " " + fixed("%.3f", top[0].probability)),
            std::string::npos)
      << described();
  // The grid's one image and the head's five pictures, asked of the renderer.
  EXPECT_EQ(renderer.images.size(), 6u);
  // A head clicked in the grid is shown at length.
  click(center(control("text.head.1.2")));
  frames(1);
  EXPECT_EQ(state.lab.text->layer, 1);
  EXPECT_EQ(state.lab.text->head, 2);
  EXPECT_NE(described().find("Shown: layer 1, head 2, asymmetry " + fixed("%.3f", shown.forward.layers[1][2].asymmetry)), std::string::npos);
  // A new text typed: every head again, on it.
  click(center(control("text.text")));
  type_over("the licence");
  frames(2);
  EXPECT_EQ(state.lab.text->text, "the licence");
  EXPECT_EQ(state.lab.text->tokens.size(), 11u);
  EXPECT_TRUE(state.lab.text->problem.empty()) << state.lab.text->problem;
  expect_numbers_of(*model.model, "the licence");
  EXPECT_NE(described().find("on \u201Cthe licence\u201D: 2 layers of 4 heads, 11 tokens"), std::string::npos) << described();
  // Nothing typed: said, and the numbers stay the last text's.
  type_over("");
  ImGui::GetIO().AddKeyEvent(ImGuiKey_Delete, true);
  frame();
  ImGui::GetIO().AddKeyEvent(ImGuiKey_Delete, false);
  frames(2);
  EXPECT_EQ(state.lab.text->text, "");
  EXPECT_NE(state.lab.text->problem.find("the text is empty"), std::string::npos) << state.lab.text->problem;
  EXPECT_NE(text().find("the numbers below are the last text's"), std::string::npos) << text();
  expect_numbers_of(*model.model, "the licence");
  // Back: the views, as they were.
  click(center(control("text.back")));
  frames(1);
  EXPECT_FALSE(state.lab.text);
  EXPECT_EQ(state.view.workspace, app::Workspace::Views);
}

// Open in views: three characters of "the cat" clicked (h, e and c, at 1, 2 and 4), then the button, for the head shown
// (layer 1, head 2). The views' scenario has them as its tokens, each X row its input to layer 1 on the head's four
// directions, the model's causal mask, and logits that are the head's on each input's projection onto them (its W =
// W^Q·W^Kᵀ between x·P·Pᵀ, over √16), from the model's own weights; Ctrl+Z brings back the lesson. One character
// alone opens nothing.
TEST_F(ModelTextViewTest, ChosenCharactersOpenInTheViewsOnTheHeadsDirections) {
  const std::string path = kModels + "/licences_qkt.safetensors";
  const core::ModelLoad model = core::load_model_file(path);
  ASSERT_TRUE(model.ok()) << model.message();
  const core::Scenario lesson = state.scenario();
  ASSERT_TRUE(app::open_model_text(state, path, "the cat"));
  frames(2);
  click(center(control("text.head.1.2")));
  frames(1);
  click(center(control("text.choose.1")));
  frames(1);
  click(center(control("text.open_in_views")));
  frames(1);
  EXPECT_EQ(state.lab.text->chosen, std::vector<int>{1});
  EXPECT_EQ(state.scenario(), lesson) << "one character: the button does nothing";
  for (const char* key : {"text.choose.2", "text.choose.4"}) {
    click(center(control(key)));
    frames(1);
  }
  EXPECT_EQ(state.lab.text->chosen, (std::vector<int>{1, 2, 4}));
  click(center(control("text.open_in_views")));
  frames(2);
  ASSERT_EQ(state.view.workspace, app::Workspace::Views) << state.status;
  const core::Scenario& s = state.scenario();
  EXPECT_EQ(s.tokens, (std::vector<std::string>{"h\u2081", "e\u2082", "c\u2084"}));
  EXPECT_TRUE(s.options.causal);
  EXPECT_NE(state.status.find("the views show layer 1, head 2 on 3 characters"), std::string::npos) << state.status;
  const core::TrainedModel& m = *model.model;
  const core::TextForward forward = core::text_forward(m, "the cat");
  const Eigen::MatrixXd W_Q = m.layers[1].W_Q.middleCols(2 * m.d_qk, m.d_qk), W_K = m.layers[1].W_K.middleCols(2 * m.d_qk, m.d_qk);
  const core::HeadInViews in = core::head_in_views(W_Q, W_K, 4);
  const Eigen::MatrixXd onto = in.basis * in.basis.transpose();
  Eigen::MatrixXd X(3, m.d_model);
  for (int i = 0; i < 3; ++i) X.row(i) = forward.inputs[1].row(std::vector<int>{1, 2, 4}[static_cast<size_t>(i)]);
  const Eigen::MatrixXd expected = (X * onto) * (W_Q * W_K.transpose()) * (X * onto).transpose() / std::sqrt(static_cast<double>(m.d_qk));
  const core::Result r = core::compute(s);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j <= i; ++j) EXPECT_NEAR(r.head[0].logits(i, j), expected(i, j), 1e-9 * (1 + std::abs(expected(i, j)))) << i << " " << j;
  EXPECT_TRUE(std::isinf(r.head[0].logits(0, 1))) << "the causal mask: h does not see e";
  press(ImGuiKey_Z, ImGuiMod_Ctrl);
  EXPECT_EQ(state.scenario(), lesson);
}

// An attention file of one head on two tokens, worked by hand: Q = I, K = [[1, 0], [1, 1]], scale 1, no mask. S = Q·Kᵀ =
// [[1, 1], [0, 1]]: A's first row (½, ½), its second softmax(0, 1) = (1/(1 + e), e/(1 + e)). (S − Sᵀ)/2 = [[0, ½], [−½, 0]],
// so the asymmetry is √(½)/√3 = 0.408. With the queries as keys, Q·Qᵀ = I: each token's weight on itself is e/(1 + e).
TEST_F(ModelTextViewTest, AnAttentionFilesHeadWorkedByHand) {
  const fs::path dir = fs::temp_directory_path() / ("attnlab-ui-text-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const double e = std::exp(1.0), low = 1 / (1 + e), high = e / (1 + e);
  std::ofstream(dir / "a.json") << "{\"attnlab_attention\": 1, \"model\": \"by hand\", \"tokens\": [\"x\", \"y\"], \"layers\": [{\"module\": \"m\", "
                                   "\"kind\": \"torch.nn.MultiheadAttention\", \"scale\": 1, \"heads\": [{\"Q\": [[1, 0], [0, 1]], "
                                   "\"K\": [[1, 0], [1, 1]], \"mask\": [[0, 0], [0, 0]], \"weights\": [[0.5, 0.5], ["
                                << fixed("%.17g", low) << ", " << fixed("%.17g", high) << "]]}]}]}";
  ASSERT_TRUE(app::request_open(state, (dir / "a.json").string())) << state.status;
  frames(2);
  ASSERT_TRUE(state.lab.text);
  EXPECT_FALSE(state.lab.text->model);
  EXPECT_NE(state.status.find("1 layer on 2 tokens"), std::string::npos) << state.status;
  const core::TextHead& h = state.lab.text->forward.layers[0][0];
  EXPECT_DOUBLE_EQ(h.weights(1, 1), high);
  EXPECT_DOUBLE_EQ(h.weights_qq(0, 0), high);
  EXPECT_NEAR(h.asymmetry, std::sqrt(0.5) / std::sqrt(3.0), 1e-15);
  EXPECT_NE(described().find("Shown: layer 0, head 0, asymmetry 0.408"), std::string::npos) << described();
  EXPECT_NE(described().find("  y: 0.27, 0.73"), std::string::npos) << described();  // A's second row
  EXPECT_NE(described().find("The weight a character gives itself, on average over the rows: " + fixed("%.3f", (0.5 + high) / 2) + " here, " +
                             fixed("%.3f", high) + " with W^Q on both sides"),
            std::string::npos)
      << described();
  EXPECT_EQ(described().find("next character"), std::string::npos);  // no model: nothing predicted
  EXPECT_NE(text().find("an attention file holds no model"), std::string::npos) << text();
  fs::remove_all(dir);
}

// A model file the reader refuses leaves the lab as it was, the reason on the status line.
TEST_F(ModelTextViewTest, AModelFileTheReaderRefuses) {
  const fs::path dir = fs::temp_directory_path() / ("attnlab-ui-text-bad-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "m.safetensors", std::ios::binary) << std::string("\x02\x00\x00\x00\x00\x00\x00\x00{}", 10);
  const app::Workspace before = state.view.workspace;
  EXPECT_FALSE(app::request_open(state, (dir / "m.safetensors").string()));
  EXPECT_EQ(state.status.rfind("not opened: ", 0), 0u) << state.status;
  EXPECT_NE(state.status.find("m.safetensors"), std::string::npos) << state.status;
  EXPECT_FALSE(state.lab.text);
  EXPECT_EQ(state.view.workspace, before);
  fs::remove_all(dir);
}

}  // namespace test_model_text_view
