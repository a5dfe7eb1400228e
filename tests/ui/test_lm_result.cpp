// A language model's RESULT in the lab: request_open (File → Open, Open result, a drop) knows it by its
// contents and shows it in place of the lab's run, with its curves (medians over the seeds), its table
// and its facts; "Back to the lab" gives the experiment a new run; a RESULT whose curve is not finite
// opens and says that the run diverged; a file the reader refuses leaves the lab as it was.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <unistd.h>

#include "app/files/files.h"
#include "app/panels/panels.h"
#include "app/training/lab.h"
#include "ui_harness.h"

namespace test_lm_result {

namespace {

namespace fs = std::filesystem;

// Two designs over two seeds; QQᵀ's first run stopped at step 3 (its loss was not finite there).
const char* kResult = R"({"attnlab_result": "language_model", "title": "Two designs on the licences", "notes": "Both learn the licences.",
  "device": "cpu", "torch": "1.13", "seconds": 12.5, "steps": 3, "eval_steps": [0, 3], "seeds": 2,
  "corpus": {"name": "debian-licenses", "characters": 237320, "sha256": "e702fc128a22ec5f"},
  "variants": [
    {"name": "QKᵀ", "params": 100, "runs": [
      {"seed": 1, "loss": [8.0, 6.0, 4.0, 3.0], "held_out": [8.1, 3.2], "test_loss": 3.2},
      {"seed": 2, "loss": [8.0, 5.0, 3.0, 2.0], "held_out": [8.1, 2.8], "test_loss": 2.8}]},
    {"name": "QQᵀ", "params": 80, "runs": [
      {"seed": 1, "loss": [8.0, 7.0, null, null], "held_out": [8.1], "test_loss": null},
      {"seed": 2, "loss": [8.0, 7.5, 7.0, 6.5], "held_out": [8.1, 6.6], "test_loss": 6.6}]}]})";

class LmResultTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    dir = fs::temp_directory_path() / ("attnlab-ui-lm-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    experiment = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/01_qqt_vs_qkt_previous_token.json").experiment.value();
    app::set_experiment(state, experiment, "01_qqt_vs_qkt_previous_token.json");
    layout.read_text = true;
    frames(2);
  }
  void TearDown() override {
    UiTest::TearDown();
    fs::remove_all(dir);
  }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
  fs::path dir;
  core::Experiment experiment;
};

}  // namespace

TEST_F(LmResultTest, OpensInTheLabWithItsCurvesAndSaysWhatDiverged) {
  ASSERT_TRUE(app::request_open(state, write("R.json", kResult)));
  frames(3);
  ASSERT_TRUE(state.lab.result);
  EXPECT_EQ(state.view.workspace, app::Workspace::Lab);
  EXPECT_FALSE(state.lab.worker);  // the lab's own run ended
  EXPECT_NE(state.status.find("1 run diverged"), std::string::npos) << state.status;
  const core::Curves& c = state.lab.view.curves;
  EXPECT_EQ(c.names, (std::vector<std::string>{"QKᵀ", "QQᵀ"}));
  EXPECT_EQ(c.loss[0], (std::vector<double>{8.0, 5.5, 3.5, 2.5}));  // the medians of the two seeds
  EXPECT_EQ(c.diverged[1], 3);
  // On screen: the curves, the table's rows and the facts.
  EXPECT_TRUE(layout.panels.count(app::kLossCurvesPicture));
  EXPECT_TRUE(layout.controls.count("result.close"));
  EXPECT_TRUE(layout.controls.count("result.export.svg"));
  const std::string& text = layout.text[app::kExperimentPanel];
  for (const char* words : {"Two designs on the licences", "3.0000 [2.8000, 3.2000]", "1 of 2 runs diverged at step 3", "debian-licenses",
                            "Both learn the licences."})
    EXPECT_NE(text.find(words), std::string::npos) << words << " not on screen";
  // Its table as CSV, named after the RESULT and put beside it, as the lab's own files are: the medians.
  const app::FileDialog& d = state.dialogs.file;
  click(center(control("result.export.csv")));
  ASSERT_EQ(d.purpose, app::FileDialog::Purpose::Export);
  EXPECT_EQ(d.name, "R-table.csv");
  EXPECT_EQ(fs::path(d.directory), dir);
  click(center(control("file_dialog.confirm")));
  EXPECT_EQ(d.purpose, app::FileDialog::Purpose::None) << d.error;
  std::ifstream csv(dir / "R-table.csv");
  const std::string table((std::istreambuf_iterator<char>(csv)), std::istreambuf_iterator<char>());
  EXPECT_EQ(table.rfind("variant,params,", 0), 0u) << table;
  EXPECT_NE(table.find("QKᵀ,100,8.0,2.5,3.0,"), std::string::npos) << table;  // median first, last and held-out values
  // Back to the lab: the experiment, with a new run at step 0.
  click(center(control("result.close")));
  frames(2);
  EXPECT_FALSE(state.lab.result);
  ASSERT_TRUE(state.lab.worker);
  EXPECT_EQ(state.lab.experiment.title, experiment.title);
  EXPECT_EQ(state.view.workspace, app::Workspace::Lab);
}

TEST_F(LmResultTest, AFileTheReaderRefusesLeavesTheLabAsItWas) {
  std::string bad = kResult;
  bad.replace(bad.find("null"), 4, "NaN");  // what Python's json writes unless told not to
  EXPECT_FALSE(app::request_open(state, write("bad.json", bad)));
  EXPECT_NE(state.status.find("NaN or Infinity"), std::string::npos) << state.status;
  EXPECT_FALSE(state.lab.result);
  EXPECT_TRUE(state.lab.worker);
}

}  // namespace test_lm_result
