// An experiment's run for slides and spreadsheets: the loss curves as SVG
// (log axis, a legend with each variant's last value) and the table of
// variants as CSV. The Experiment panel draws the same curves with the same
// colours and axis (curve_colour, LossAxis), so the picture and the file agree.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/io/lm_result.h"
#include "core/training/training.h"

namespace core {

// What a run has shown so far: what the panel holds between frames, copied from the worker.
struct Curves {
  std::string title;
  std::vector<std::string> names;
  std::vector<std::vector<double>> loss;  // per variant: before each step done, then after the last
  std::vector<int> params;                // trainable numbers per variant
  std::vector<double> test_loss;          // per variant; NaN until the run is finished, or diverged
  std::vector<int> diverged;              // per variant: the step it could not take (Training::diverged), 0 if none
  int steps = 0;                          // the experiment's steps
  int steps_done = 0;
  // Over seeds (seeds > 1): loss holds each step's median over the seeds' runs that reached it,
  // band_lo and band_hi their smallest and largest; test_loss the median over the runs that did
  // not diverge (NaN if none), test_lo and test_hi their range; diverged the earliest step any
  // seed's run stopped at, diverged_runs how many runs did. Empty with one seed.
  int seeds = 1;
  std::vector<std::vector<double>> band_lo, band_hi;
  std::vector<double> test_lo, test_hi;
  std::vector<int> diverged_runs;
  // A learning-rate sweep: its rates, and a curve for each rate and design, rate by rate (curve
  // k·designs + v is design v at rate sweep[k], named "QKᵀ, η = 0.01"); per curve and seed, the run's
  // test loss (+∞ when it diverged, NaN until it is finished) and the largest |attention logit| it
  // has had so far (Training::largest_logits). Empty, and designs 0, without a sweep.
  std::vector<double> sweep;
  int designs = 0;
  std::vector<std::vector<double>> run_test_loss, run_largest_logit;
  bool finished() const { return steps_done >= steps && steps > 0; }
};

Curves curves_of(const Training& t);
Curves curves_of(const SeededTraining& t);
// Brings c, empty or made by this function for t before, up to date with t: the steps since
// are appended (the median of a step is final once every seed's run has passed it).
void update_curves(Curves& c, const SeededTraining& t);

// A seed's run as the page receives it from the Web Worker that trains it (app/training/
// training_worker.h): what the curves read of it. Steps arrive by parts, and the runs of
// different workers need not be at the same step.
struct RunRecord {
  std::vector<std::vector<double>> loss;  // per variant, as Training::loss
  std::vector<double> test_loss;          // per variant, as Training::test_loss
  std::vector<int> diverged;              // per variant, as Training::diverged
  std::vector<double> largest_logit;      // per variant in a sweep: the largest of Training::largest_logits
  int steps_done = 0;
};
RunRecord record_of(const Training& t);
// As update_curves of a SeededTraining whose runs are these (first: the first seed's run, at any
// step, for the names and sizes): a step is drawn once every run that still trains has taken it.
void update_curves(Curves& c, const Training& first, const std::vector<RunRecord>& runs);
// The sweep's point of design v at rate k (curve k·designs + v), over the seeds' runs that are
// finished (a run still training has no test loss yet: the point has fewer runs).
SweepPoint sweep_point_of(const Curves& c, int k, int v);
// A language model's RESULT as the lab draws it: each step's bits per character (the median over the
// seeds, and their band), the held-out bits per character at the end as the test loss.
Curves curves_of(const LmResult& r);

// The colour of variant i: Okabe and Ito's palette, told apart with the
// commonest colour blindnesses; on the light theme, those short of 3:1 on the plot darkened to it.
std::array<std::uint8_t, 3> curve_colour(int i, bool light);

// The y axis: whole decades from 10^lo to 10^hi around every positive value drawn, however
// small (a loss that reached rounding falls to 10⁻³², and the axis goes down with it). A
// loss of exactly 0 has no place on a log axis: when there is one, the axis has one decade
// more below the lowest positive value, its floor, where the zeros are drawn and which is
// labelled 0 (zero_floor). Nothing else is clipped.
struct LossAxis {
  int lo = -3, hi = 0;
  bool zero_floor = false;
  double floor() const;  // 10^lo: where a 0 (or a value not finite) is drawn
  // The label of decade k, in the views' markup ("10^{−5}", or "0" on a zero floor), or "" where
  // the labels are thinned: every `every` decades, at multiples of it (10^{0}, 10^{−5}, …), and
  // always the floor when it is 0.
  std::string label(int k, int every) const;
  // How many decades a label: 1, 2, 5, 10, 20, 50 … the fewest that leave `label_px` of height
  // between labels on a plot `plot_px` high.
  int label_every(double plot_px, double label_px) const;
};
LossAxis loss_axis(const Curves& c);
// The label of a tick between two decades of a log axis, 2 to 9 times a power of ten, as a plain
// number: "3", "0.02", "5e+06".
std::string minor_tick_label(double value);
// A learning-rate sweep's axes, as the lab (app/widgets/sweep_plot.cpp) and the SVG draw them: the whole
// decades around the finite positive values, [lo, hi] with at least one (10^-3 .. 10^0 when there are
// none); and the rate axis in log₁₀, from a quarter of a decade below the first rate to a quarter above
// the last, so that no point sits on the frame.
// The decades may lie past what a double holds (10^309 over a logit of 1.7e308, 10^-324 under a rate of 5e-324):
// the plots place them by their exponents, never through 10^k, and draw no minor tick a double cannot hold.
std::pair<int, int> decades_around(const std::vector<double>& values);
std::pair<double, double> sweep_rate_axis(const std::vector<double>& rates);
// How many decades a label on an axis of `decades` decades, `plot_px` long, whose labels need `label_px`
// each: 1, 2, 5, 10, 20, 50 … the fewest that keep them apart (a rate axis from 10^-324 to 10^1 drew 325
// labels over each other). A decade k is labelled where k is a multiple of it.
int decade_label_every(int decades, double plot_px, double label_px);
// A loss as the axis draws it: at least its floor.
double on_axis(const LossAxis& axis, double loss);
// A step count for the x axis's ticks: 1, 2 or 5 times a power of ten, about `ticks` of them up to `steps`.
int step_tick(int steps, int ticks = 5);

// 720 × 420 SVG, on white (light) or the dark theme's background; each curve, and its sample in the
// legend, in its colour and dash pattern (curve_dash, stroke-dasharray), as the window draws them.
std::string curves_svg(const Curves& c, bool light);
// A learning-rate sweep's curves SVG (curves_svg gives it for a sweep): 720 × 420, the lab's two plots
// against the rate, each design's median a line through a dot a rate, the band of its runs, a cross on the
// top edge where the median run diverged (sweep_svg.cpp).
std::string sweep_svg(const Curves& c, bool light);

// One row per variant: variant, params, first_loss (before step 1), last_loss, test_loss
// (empty until finished, or diverged), steps_done (the steps it took), diverged_at_step (the
// step it could not take, or empty). Numbers in their shortest exact form. Over seeds the
// losses are medians, steps_done the steps of the run, diverged_at_step the earliest step a
// seed's run stopped at, and seeds, test_loss_min, test_loss_max and runs_diverged follow.
std::string curves_table_csv(const Curves& c);

}  // namespace core
