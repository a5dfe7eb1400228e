// Nothing a user does leaves the app holding what it could not write , and
// Save does not write over someone else's change: the real panels, headless.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <sys/stat.h>

#include "app/files/files.h"
#include "app/files/session.h"
#include "app/training/lab.h"
#include "core/io/scenario_io.h"
#include "session_test.h"

namespace test_limits {

namespace {

class LimitsTest : public SessionTest {
 protected:
  static std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  // A legal file of entries 1e6 (every matrix at the limit), opened.
  void open_everything_at_the_limit() {
    nlohmann::json j = nlohmann::json::parse(example_text());
    for (const char* key : {"X", "W_O"})
      for (auto& row : j[key])
        for (auto& x : row) x = 1e6;
    for (const char* key : {"W_Q", "W_K", "W_V"})
      for (auto& head : j[key])
        for (auto& row : head)
          for (auto& x : row) x = 1e6;
    const fs::path path = dir / "large.json";
    std::ofstream(path) << j.dump();
    ASSERT_TRUE(app::open_scenario(state, path.string())) << state.status;
    frames(2);
  }
};

}  // namespace

// "One W" starts at W_h = W^Q W^Kᵀ: 2e12 from entries of 1e6, past what a file holds. It was
// held, saved into the session, and the session set aside at the next start.
TEST_F(LimitsTest, OneWThatWouldLeaveTheLimitsIsRefusedWithAMessage) {
  open_everything_at_the_limit();
  const core::Scenario before = state.scenario();
  click(center(control("merged_qk")));
  EXPECT_FALSE(state.scenario().options.merged_qk);
  EXPECT_TRUE(state.scenario() == before);
  EXPECT_NE(state.status.find("not changed: it would break the scenario file's rules (W[0][0][0]: expected a finite number with "
                              "|x| ≤ 1e6, got 2000000000000"),
            std::string::npos)
      << state.status;
  std::string error;
  ASSERT_TRUE(app::save_session(state, &error)) << error;
  app::AppState restored;
  EXPECT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << restored.status;
  // Direct mode (Q = X·W^Q, 2e12 too) is refused the same way.
  click(center(control("mode.direct")));
  EXPECT_EQ(state.scenario().mode, core::Mode::Projected);
  EXPECT_NE(state.status.find("not changed:"), std::string::npos) << state.status;
}

// The race with SGD at learning rate 10 and init scale 100 showed −nan in every view, and the
// session and Save wrote null weights. Each design stops at the step it could not take.
TEST_F(LimitsTest, ADivergedRaceSaysWhereAndItsWeightsSaveAndReopen) {
  core::Experiment e = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json").experiment.value();
  e.optimizer = core::Optimizer::Sgd;
  e.learning_rate = 10;
  e.init_scale = 100;
  e.steps = 40;
  e.seeds = 1;
  app::set_experiment(state, e, "");
  frames(2);
  app::lab_run(state);
  ASSERT_TRUE(frames_until([&] { return state.lab.view.curves.finished() && !state.lab.view.running; }));
  EXPECT_EQ(app::lab_progress(state), "finished: 40 steps \u00B7 6 of 6 designs diverged");
  const core::Curves& c = state.lab.view.curves;
  for (size_t v = 0; v < c.names.size(); ++v) {
    ASSERT_EQ(c.loss[v].size(), 1u) << c.names[v];  // the loss before step 1, the one it had
    EXPECT_EQ(app::variant_loss_now(c, v), app::format_loss(c.loss[v].front()) + ", diverged at step 1");
  }

  ASSERT_TRUE(app::open_variant_in_views(state, 0)) << state.status;
  frames(2);
  // Its weights are those it had before step 1: the title says so, not the run's 40 steps.
  EXPECT_NE(state.scenario().title.find("after 0 steps (it diverged at step 1)"), std::string::npos) << state.scenario().title;
  EXPECT_TRUE(core::validate(state.scenario()).empty());
  const fs::path saved = dir / "diverged.json";
  ASSERT_TRUE(app::save_scenario(state, saved.string())) << state.status;
  EXPECT_TRUE(core::load_scenario_file(saved.string()).ok());
  std::string error;
  ASSERT_TRUE(app::save_session(state, &error)) << error;
  app::AppState restored;
  EXPECT_EQ(app::restore_session(restored), app::SessionRestore::Restored) << restored.status;
}

// Ctrl+S over a file someone changed since it was opened wrote over the change silently.
TEST_F(LimitsTest, SaveAsksBeforeWritingOverAChangeMadeOnDisk) {
  const fs::path path = dir / "lesson.json";
  std::ofstream(path) << example_text();
  ASSERT_TRUE(app::open_scenario(state, path.string())) << state.status;
  frames(1);
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.25; });
  frames(1);
  // Another editor saves its own version (a new file renamed over, as editors do).
  nlohmann::json theirs = nlohmann::json::parse(example_text());
  theirs["title"] = "their version";
  std::ofstream(dir / "theirs.json") << theirs.dump();
  fs::rename(dir / "theirs.json", path);
  const std::string on_disk = read(path);

  ctrl_key('S');
  EXPECT_EQ(read(path), on_disk);  // not written over
  EXPECT_EQ(state.dialogs.pending.action, app::Pending::Action::Overwrite);
  frames(1);
  click(center(control("overwrite.cancel")));
  EXPECT_EQ(state.dialogs.pending.action, app::Pending::Action::None);
  EXPECT_EQ(read(path), on_disk);
  EXPECT_TRUE(state.modified());

  ctrl_key('S');
  frames(1);
  click(center(control("overwrite.save")));
  EXPECT_EQ(core::load_scenario_file(path.string()).scenario->X(0, 0), 0.25);
  EXPECT_FALSE(state.modified());
  // Saved here: the next Ctrl+S has nothing to ask.
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.5; });
  frames(1);
  ctrl_key('S');
  EXPECT_EQ(state.dialogs.pending.action, app::Pending::Action::None);
  EXPECT_EQ(core::load_scenario_file(path.string()).scenario->X(0, 0), 0.5);
}

// Quitting with unsaved changes, "Save" in the question: a change on disk is asked about too,
// and once saved over, the quit goes ahead.
TEST_F(LimitsTest, QuittingWithSaveAsksAboutAChangeOnDiskThenQuits) {
  const fs::path path = dir / "lesson.json";
  std::ofstream(path) << example_text();
  ASSERT_TRUE(app::open_scenario(state, path.string())) << state.status;
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.25; });
  frames(1);
  std::ofstream(path, std::ios::app) << "\n";  // touched: its size and time change
  state.dialogs.pending = {app::Pending::Action::Quit, ""};
  frames(2);
  click(center(control("unsaved.save")));
  EXPECT_EQ(state.dialogs.pending.action, app::Pending::Action::Overwrite);
  EXPECT_EQ(state.dialogs.pending.after, app::Pending::Action::Quit);
  frames(1);
  mouse_to(center(control("overwrite.save")));
  frame();
  mouse_down(true);
  frame();
  mouse_down(false);
  const app::FrameRequests requests = frame();
  EXPECT_TRUE(requests.quit);
  EXPECT_EQ(core::load_scenario_file(path.string()).scenario->X(0, 0), 0.25);
}

// Outputs of the app's own: unsaved changes kept aside are private as the session is.
TEST_F(LimitsTest, UnsavedChangesKeptAsideAreTheOwnersAlone) {
  state.apply([](core::Scenario& s) { s.X(0, 0) = 0.125; });
  std::string error;
  const std::string kept = app::keep_unsaved(state, &error);
  ASSERT_FALSE(kept.empty()) << error;
  struct stat st {};
  ASSERT_EQ(::stat(kept.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
}

// Save As may not name the session (its next autosave would write over the scenario).
TEST_F(LimitsTest, SaveAsOverTheSessionFileIsRefused) {
  ASSERT_TRUE(app::save_session(state));
  const std::string before = read(state_dir() / "session.json");
  for (const char* name : {"session.json", "session-3.json", "session.json.lock", "imgui.ini"}) {
    EXPECT_FALSE(app::save_scenario(state, (state_dir() / name).string())) << name;
    EXPECT_NE(state.status.find("is attnlab's own"), std::string::npos) << state.status;
  }
  EXPECT_EQ(read(state_dir() / "session.json"), before);
  EXPECT_TRUE(app::save_scenario(state, (state_dir() / "mine.json").string())) << state.status;  // anything else is the user's
}

}  // namespace test_limits
