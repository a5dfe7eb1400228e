// The page's text view (app/panels/text_view.h), its model and its edits, on a 2 × 2 case worked
// by hand: the tables are the panels' own numbers, an edit is one undo step and is said in
// words that a person can check on paper, and what is refused changes nothing. The page's DOM
// built from it is tested in a browser (tests/web/text_view.test.mjs).
#include <cmath>

#include "app/panels/text_view.h"
#include "core/io/scenario_io.h"
#include "ui_harness.h"

namespace test_text_view {

namespace {

class TextViewTest : public UiTest {
 protected:
  // Direct mode, tokens a and b: Q = I, K = [[1, 0], [1, 1]], V = I, W^O = I, so that
  // S = QKᵀ = [[1, 1], [0, 1]] and, with √d_k = √2, row a of A is ½, ½.
  void open_worked_case(int heads = 1) {
    core::Scenario s = core::make_zero_scenario(2, 2 * heads, 2, heads);
    s.tokens = {"a", "b"};
    s.mode = core::Mode::Direct;
    for (int h = 0; h < heads; ++h) {
      s.Q[h] = core::Mat::Identity(2, 2);
      s.K[h].resize(2, 2);
      s.K[h] << 1, 0, 1, 1;
      s.V[h] = core::Mat::Identity(2, 2);
    }
    s.W_O = core::Mat::Identity(2 * heads, 2 * heads);
    state.open_document(s);
  }
  // The region whose heading is `heading`, and its first table captioned from `caption`.
  static const nlohmann::ordered_json* table(const nlohmann::ordered_json& view, const std::string& heading, const std::string& caption) {
    for (const auto& r : view["regions"]) {
      if (r["heading"] != heading) continue;
      for (const auto& b : r["blocks"])
        if (b.contains("table") && b["table"]["caption"].get<std::string>().rfind(caption, 0) == 0) return &b["table"];
    }
    return nullptr;
  }
};

// Q row 1 becomes (1, 1): S's row 1 is q_a·k_a = 1 and q_a·k_b = 2, so S row 1, column 2 goes
// from 1 to 2. Row 1 of A is softmax(1/√2, 2/√2): its second weight 1/(1 + e^(−1/√2)) = 0.67,
// and it still sums to 1. With V = W^O = I, Y is A: Y row 1 moves from ½ by 0.17 either way.
TEST_F(TextViewTest, AnEditIsSaidInWordsAPersonCanCheck) {
  open_worked_case();
  const app::TextViewAnswer a = app::set_entry(state, "Q[0][0][1]", "1");
  ASSERT_TRUE(a.ok) << a.error;
  EXPECT_EQ(a.said.substr(0, a.said.find("; the output")),
            "Q row 1 column 2 rose from 0.00 to 1.00; S row 1 column 2 rose from 1.00 to 2.00; row 1 of A still sums to 1");
  EXPECT_NE(a.said.find("; the output Y row 1 column "), std::string::npos) << a.said;
  EXPECT_EQ(state.scenario().Q[0](0, 1), 1.0);
  EXPECT_NEAR(state.result().head[0].weights(0, 1), 1 / (1 + std::exp(-1 / std::sqrt(2.0))), 1e-12);
}

// The key the page watches moves with what the view shows: an edit, the plane Geometry shows.
TEST_F(TextViewTest, ItsKeyMovesWithWhatItShows) {
  open_worked_case();
  const std::string key = app::text_view_key(state);
  EXPECT_EQ(app::text_view_key(state), key);
  ASSERT_TRUE(app::set_entry(state, "Q[0][0][1]", "1").ok);
  const std::string edited = app::text_view_key(state);
  EXPECT_NE(edited, key);
  state.panels.geometry.show_q = false;
  EXPECT_NE(app::text_view_key(state), edited);
}

// Each edit is one undo step, as a drag is; undo takes back one at a time.
TEST_F(TextViewTest, EachEditIsOneUndoStep) {
  open_worked_case();
  ASSERT_TRUE(app::set_entry(state, "Q[0][0][1]", "1").ok);
  ASSERT_TRUE(app::set_entry(state, "Q[0][1][0]", "\u22120.5").ok);  // the Unicode minus, as the screen writes it
  EXPECT_EQ(state.scenario().Q[0](1, 0), -0.5);
  EXPECT_EQ(state.undo_steps(), 2u);
  ASSERT_TRUE(app::set_entry(state, "Q[0][1][1]", " 0,25 ").ok);  // a decimal comma, spaces around it
  EXPECT_EQ(state.scenario().Q[0](1, 1), 0.25);
  ASSERT_TRUE(app::undo_in_text_view(state, false).ok);
  EXPECT_TRUE(app::undo_in_text_view(state, false).ok);
  EXPECT_EQ(state.scenario().Q[0](1, 0), 0.0);
  EXPECT_EQ(state.scenario().Q[0](0, 1), 1.0);
  EXPECT_TRUE(app::undo_in_text_view(state, false).ok);
  EXPECT_EQ(state.scenario().Q[0], core::Mat::Identity(2, 2));
  EXPECT_FALSE(app::undo_in_text_view(state, false).ok);  // nothing left: said, not done
  EXPECT_TRUE(app::undo_in_text_view(state, true).ok);
  EXPECT_EQ(state.scenario().Q[0](0, 1), 1.0);
}

// Undo and redo say which entry came back and both its values, as the edit said them (Q = I, worked by hand:
// Q₁₂ was 0, set to 1); a step that moved several entries names them; one that moved none says so.
TEST_F(TextViewTest, UndoAndRedoNameTheEntryAndBothValues) {
  open_worked_case();
  ASSERT_TRUE(app::set_entry(state, "Q[0][0][1]", "1").ok);
  const app::TextViewAnswer undone = app::undo_in_text_view(state, false);
  ASSERT_TRUE(undone.ok);
  EXPECT_EQ(undone.said.rfind("undone: Q row 1 column 2 fell from 1.00 to 0.00; S row ", 0), 0u) << undone.said;
  const app::TextViewAnswer redone = app::undo_in_text_view(state, true);
  EXPECT_EQ(redone.said.rfind("redone: Q row 1 column 2 rose from 0.00 to 1.00; S row ", 0), 0u) << redone.said;
  // Two entries in one step, as a matrix's menu makes them.
  state.apply([](core::Scenario& s) {
    s.Q[0](0, 0) = 3;
    s.Q[0](1, 1) = -2;
  });
  state.end_frame(false);
  const std::string two = app::undo_in_text_view(state, false).said;
  EXPECT_EQ(two.rfind("undone: 2 entries changed: Q row 1 column 1 fell from 3.00 to 1.00, Q row 2 column 2 rose from "
                      "−2.00 to 1.00", 0), 0u) << two;
  // An option: no entry moved.
  state.apply([](core::Scenario& s) { s.options.causal = !s.options.causal; });
  state.end_frame(false);
  EXPECT_EQ(app::undo_in_text_view(state, false).said, "undone: no entry changed: an option, a token, the title or the notes did");
  // A size: the sizes now, both ways.
  state.apply([](core::Scenario& s) { core::resize(s, 3, s.d_model, s.d_k, s.heads); });
  state.end_frame(false);
  const core::Scenario& s = state.scenario();
  const std::string sizes = ", d_model = " + std::to_string(s.d_model) + ", d_k = " + std::to_string(s.d_k) + ", 1 head";
  EXPECT_EQ(app::undo_in_text_view(state, false).said, "undone: the sizes are now n = 2" + sizes);
  EXPECT_EQ(app::undo_in_text_view(state, true).said, "redone: the sizes are now n = 3" + sizes);
}

// What is not one number, an entry that is not there, a value past a file's limit: each said,
// naming the entry, and the scenario as it was.
TEST_F(TextViewTest, WhatIsRefusedIsSaidAndChangesNothing) {
  open_worked_case();
  const long revision = state.revision();
  const app::TextViewAnswer word = app::set_entry(state, "Q[0][0][1]", "abc");
  EXPECT_FALSE(word.ok);
  EXPECT_EQ(word.error.rfind("Q row 1 column 2: \u201Cabc\u201D is not one number", 0), 0u) << word.error;
  EXPECT_NE(word.error.find("it stays 0.00"), std::string::npos) << word.error;
  EXPECT_FALSE(app::set_entry(state, "Q[0][0][1]", "1 2").ok);
  const app::TextViewAnswer far = app::set_entry(state, "Q[0][5][0]", "1");
  EXPECT_FALSE(far.ok);
  EXPECT_NE(far.error.find("no such entry"), std::string::npos) << far.error;
  EXPECT_FALSE(app::set_entry(state, "W_Q[0][0][0]", "1").ok);  // direct mode has no W^Q
  const app::TextViewAnswer big = app::set_entry(state, "Q[0][0][0]", "2e6");  // |x| ≤ 1e6, as in a file
  EXPECT_FALSE(big.ok);
  EXPECT_NE(big.error.find("beyond \u00B11e6"), std::string::npos) << big.error;
  EXPECT_FALSE(app::set_entry(state, "Q[0][0][0]", "nan").ok);
  EXPECT_FALSE(app::set_entry(state, "temperature", "2").ok);
  EXPECT_EQ(state.revision(), revision);
  EXPECT_EQ(state.scenario().Q[0], core::Mat::Identity(2, 2));
}

// The view's tables are the panels' numbers; a panel of one head is a region a head, the head on
// screen left as it was; the matrices a person edits carry their cell key and label.
TEST_F(TextViewTest, ItsTablesAreThePanelsNumbersForEveryHead) {
  open_worked_case(2);
  state.apply([](core::Scenario& s) { s.K[1](0, 1) = 3; });  // head 2: K row 1 is (1, 3)
  state.view.head = 1;
  const nlohmann::ordered_json view = app::text_view(state);
  EXPECT_EQ(state.view.head, 1);
  const auto* s1 = table(view, "Scores, head 1 of 2", "S = QK");
  const auto* s2 = table(view, "Scores, head 2 of 2", "S = QK");
  ASSERT_TRUE(s1 && s2) << view.dump(1);
  EXPECT_EQ((*s1)["cells"], nlohmann::ordered_json::parse(R"([["1.00","1.00"],["0.00","1.00"]])"));
  // head 2: K row 1 is (1, 3), so S column 1 is Q·(1, 3) = (1, 3).
  EXPECT_EQ((*s2)["cells"], nlohmann::ordered_json::parse(R"([["1.00","1.00"],["3.00","1.00"]])"));
  EXPECT_EQ((*s1)["rows"], nlohmann::ordered_json::parse(R"(["a","b"])"));
  EXPECT_FALSE(s1->contains("key"));  // S is computed, not edited
  const auto* a2 = table(view, "Softmax, head 2 of 2", "A, the weights");
  ASSERT_TRUE(a2);
  EXPECT_EQ((*a2)["cells"][0], nlohmann::ordered_json::parse(R"(["0.50","0.50"])"));
  const auto* k2 = table(view, "Matrices", "K of head 2");
  ASSERT_TRUE(k2);
  EXPECT_EQ((*k2)["key"], "K[1]");
  EXPECT_EQ((*k2)["name"], "K");
  EXPECT_EQ((*k2)["head"], 2);
  EXPECT_EQ((*k2)["cells"][0][1], "3.00");
}

// Tokens, titles and notes are text in the model, whatever they hold: the page puts them in text
// nodes (the browser test checks that nothing runs).
TEST_F(TextViewTest, MarkupInTokensIsText) {
  open_worked_case();
  state.apply([](core::Scenario& s) { s.tokens = {"<img src=x onerror=alert(1)>", "<script>b</script>"}; });
  const nlohmann::ordered_json view = app::text_view(state);
  const auto* q = table(view, "Matrices", "Q");
  ASSERT_TRUE(q);
  EXPECT_EQ((*q)["rows"][0], "<img src=x onerror=alert(1)>");
  EXPECT_EQ((*q)["rows"][1], "<script>b</script>");
}

// The menus' lists: a lesson is never opened over unsaved changes (the window would ask on the
// canvas, where a screen-reader user cannot answer), an experiment opens in the lab, and the lab's
// buttons are the lab's.
TEST_F(TextViewTest, TheMenusOpenWhatTheWindowsMenusOpenAndLoseNothing) {
  state.library.lessons = {app::LessonInfo{std::string(ATTNLAB_LESSONS) + "/01_qkt_vs_qqt.json", "QK\u1D40 or QQ\u1D40"}};
  state.library.experiments = {app::LessonInfo{std::string(ATTNLAB_EXPERIMENTS) + "/01_qqt_vs_qkt_previous_token.json", "a race"}};
  open_worked_case();
  ASSERT_TRUE(app::set_entry(state, "Q[0][0][1]", "1").ok);
  const app::TextViewAnswer refused = app::menu_in_text_view(state, "lesson", 0);
  EXPECT_FALSE(refused.ok);
  EXPECT_NE(refused.error.find("not saved"), std::string::npos) << refused.error;
  EXPECT_EQ(state.scenario().Q[0](0, 1), 1.0);  // the edit is still there
  EXPECT_FALSE(app::menu_in_text_view(state, "lesson", 1).ok);  // no such lesson
  ASSERT_TRUE(app::undo_in_text_view(state, false).ok);
  ASSERT_FALSE(state.modified());
  ASSERT_TRUE(app::menu_in_text_view(state, "lesson", 0).ok);
  EXPECT_EQ(state.scenario().n(), core::load_scenario_file(state.library.lessons[0].path).scenario.value().n());
  const nlohmann::ordered_json views = app::text_view(state);
  EXPECT_EQ(views["workspace"], "views");
  EXPECT_EQ(views["lessons"][0]["current"], true);
  ASSERT_TRUE(app::menu_in_text_view(state, "experiment", 0).ok);
  const nlohmann::ordered_json lab = app::text_view(state);
  EXPECT_EQ(lab["workspace"], "lab");
  EXPECT_EQ(lab["lab"]["run"], "Run");
  EXPECT_EQ(lab["regions"].size(), 1u);
  EXPECT_EQ(lab["regions"][0]["panel"], "Experiment");
  EXPECT_TRUE(app::menu_in_text_view(state, "lab", 0).ok);
  EXPECT_EQ(state.view.workspace, app::Workspace::Views);
  EXPECT_FALSE(app::menu_in_text_view(state, "run", 0).ok);  // the lab's buttons are the lab's
}

}  // namespace

}  // namespace test_text_view
