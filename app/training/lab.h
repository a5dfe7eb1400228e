// The training lab's operations, apart from how the Experiment panel draws
// them: the window, the file dialog and the tests call them too.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/app_state.h"

namespace app {

// Slow motion: the speeds the panel offers, in steps a second (0: as fast as it goes).
struct LabSpeed {
  const char* label;
  double steps_per_second;
};
inline constexpr LabSpeed kLabSpeeds[] = {
    {"full speed", 0}, {"100 steps/s", 100}, {"20 steps/s", 20}, {"5 steps/s (slow motion)", 5}, {"1 step/s", 1}};

// A file the reader refused: its first message on the status line, and how many more there are; false.
bool refused(AppState& state, const std::vector<std::string>& errors);
// Puts e in the lab (its run, if any, ends) and shows the lab.
void set_experiment(AppState& state, core::Experiment e, std::string source);
// A language model's RESULT in the lab, in place of its run (which ends; the experiment stays): true,
// or false with the reader's message on the status line, and the lab as it was.
bool open_result(AppState& state, const std::string& path);
// The same for a RESULT already read (its file: path).
void show_result(AppState& state, core::LmResult result, std::string path);
// Back to the lab's experiment, with a new run of it at step 0.
void close_result(AppState& state);
// A heads file (core/io/heads_file.h) in the lab's Heads view, over the RESULT or the run, which stay: true,
// or false with the reader's message on the status line, and the lab as it was. Where heads are read
// elsewhere (below), true once the reading has started; heads_read follows.
bool open_heads(AppState& state, const std::string& path);
// The same for a file already read (its file: path); `head` is the one shown first.
void show_heads(AppState& state, core::HeadsFile heads, std::string path, int head = 0);
// A heads file read elsewhere, come back: shown, or the reader's message on the status line (each
// message begun with path, as load_heads_file's are); false then.
bool heads_read(AppState& state, core::HeadsLoad loaded, const std::string& path);
// Where heads files are read when not on the frames: the page reads them in a Web Worker
// (app/web/page_heads.cpp), so that it answers while a large head is measured. start, given the path,
// says whether it has started (then it says how far it has come on the status line and calls
// heads_read); unset, or false, open_heads reads at once. cancel forgets a reading under way: another
// file is being opened, and the heads must not take its place when they come.
struct ReadHeadsElsewhere {
  std::function<bool(AppState& state, const std::string& path)> start;
  std::function<void()> cancel;
};
void set_heads_read_elsewhere(ReadHeadsElsewhere where);
void cancel_heads_read_elsewhere();
// Back to what the Heads view was opened over: the RESULT, the lab, or the views when the lab has neither.
void close_heads(AppState& state);
// The Heads view's head shown, brought down to `dims` (2 to 4) dimensions (core/model/head_in_views.h) as
// the views' scenario, which a student can drag; Ctrl+Z brings back the scenario before. False with
// the reason on the status line when the views refuse it.
bool open_head_in_views(AppState& state, int dims);
// The Text view's chosen characters (TextShown::chosen, 2 to 8) with its head shown, the same way: their rows of
// the layer's normalised input on the head's top `dims` directions (core::text_in_views). False with the reason
// on the status line when it cannot (an attention file, too few or too many chosen, the views refuse it).
bool open_text_in_views(AppState& state, int dims);
// After an edit of state.lab.experiment: checks it as the reader would, and ends the run (it trained something else).
void experiment_edited(AppState& state);

// The run's controls. Every valid experiment has a run, paused at step 0 until
// Run or Step; Restart throws the run away and starts again from step 0.
void lab_run(AppState& state);
void lab_pause(AppState& state);
void lab_step(AppState& state);
void lab_restart(AppState& state);
// Whether the run has taken all its steps.
bool lab_finished(const Lab& lab);
// The lab's Run button as it reads now, wherever it is shown (the lab's panel, the Train menu, the
// page's text view): Pause, Run, Resume or Run again.
const char* lab_run_label(const Lab& lab);
// What that button (and Space) does: pause a running run, start a finished one again, else run.
void lab_run_or_pause(AppState& state);
// The lab, with an experiment in it (the first shipped one when it has none yet), or back to the
// views: Ctrl+L, Train → Training lab, the page's text view.
void toggle_lab(AppState& state);
void lab_set_speed(AppState& state, int speed);

// Once a frame: what the worker published since.
void lab_update(AppState& state);

// The lab's words for where its run is, in the progress bar: "step 120 of 2 000 · paused",
// "finished: 2 000 steps · 2 of 6 designs diverged", ...
std::string lab_progress(const AppState& state);
// The table's "loss now" for variant v: "0.0123", or "3.52e+09, diverged at step 1" for a
// design that stopped there (core::Training::diverged); "—" before the first step.
std::string variant_loss_now(const core::Curves& c, size_t v);
// Over seeds: the median [the smallest, the largest] of the runs, and "k of N runs diverged".
// The test loss column likewise: "" until there is one (or when every run diverged).
std::string variant_test_loss(const core::Curves& c, size_t v);
// A loss for a table or a legend: 4 decimals, or 3 significant digits in exponent form far from 1; "—" when not finite.
std::string format_loss(double x);
// 2000 as "2 000" (thin spaces), for counts of steps.
std::string thousands(double x);

// "Open in views": variant v's weights now (its starting weights before the
// first step), the run's first sequence as X and its target, as one undo step;
// the views are shown. The scenario is not tied to the file that was open
// (saving it asks for a name). False when there is no run.
bool open_variant_in_views(AppState& state, int v);

}  // namespace app
