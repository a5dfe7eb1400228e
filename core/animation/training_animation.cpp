#include "core/animation/training_animation.h"

#include <algorithm>
#include <charconv>
#include <vector>

#include "core/model/lesson.h"

namespace core {

int default_every(int steps) {
  for (long long decade = 1;; decade *= 10)
    for (long long m : {1, 2, 5}) {
      const long long every = m * decade;
      if ((steps + every - 1) / every <= kTrainingFramesAimed) return static_cast<int>(every);
    }
}

int TrainingAnimation::every_for(int steps) const { return every > 0 ? every : default_every(steps); }

int TrainingAnimation::frames(int steps) const {
  const long long k = every_for(steps);
  return static_cast<int>((steps + k - 1) / k) + 1;
}

int TrainingAnimation::step(int frame, int steps) const {
  return static_cast<int>(std::min<long long>(static_cast<long long>(frame) * every_for(steps), steps));
}

bool training_panel(Panel panel) { return is_view(panel) && panel != Panel::Lesson; }

std::string training_panel_problem(Panel panel) {
  if (training_panel(panel)) return "";
  std::vector<Panel> beside;
  for (const Panel p : kPanels)
    if (training_panel(p)) beside.push_back(p);
  return "--panel " + std::string(panel_name(panel)) + ": beside the curves goes " + panel_names_text(beside);
}

int training_variant(const Experiment& e, const std::string& variant) {
  const int count = static_cast<int>(e.variants.size());
  if (variant.empty()) return count > 0 ? 0 : -1;
  for (int v = 0; v < count; ++v)
    if (e.variants[static_cast<size_t>(v)].name == variant) return v;
  int number = 0;
  const auto [end, ec] = std::from_chars(variant.data(), variant.data() + variant.size(), number);
  if (ec == std::errc() && end == variant.data() + variant.size() && number >= 1 && number <= count) return number - 1;
  return -1;
}

std::string training_animation_problem(const Experiment& e, const TrainingAnimation& a) {
  const std::string steps = std::to_string(e.steps);
  if (a.every < 0) return "--every " + std::to_string(a.every) + ": expected a whole number of steps, 1 or more";
  if (a.every > e.steps)
    return "--every " + std::to_string(a.every) + ": the experiment has " + steps + (e.steps == 1 ? " step" : " steps") +
           ": at most " + steps;
  if (const int frames = a.frames(e.steps); frames > kMaxFrames) {
    // The smallest K that fits: ⌈steps / K⌉ ≤ kMaxFrames − 1.
    const int fits = (e.steps + kMaxFrames - 2) / (kMaxFrames - 1);
    return "--every " + std::to_string(a.every_for(e.steps)) + ": " + std::to_string(frames) + " frames of " + steps +
           " steps, at most " + std::to_string(kMaxFrames) + ": --every " + std::to_string(fits) + " or more";
  }
  if (training_variant(e, a.variant) < 0) {
    std::string names;
    for (size_t v = 0; v < e.variants.size(); ++v)
      names += (v ? ", " : "") + std::to_string(v + 1) + " \u201C" + e.variants[v].name + "\u201D";
    return "--variant " + a.variant + ": the experiment's variants are " + names + " (a name or a number)";
  }
  if (std::string problem = training_panel_problem(a.panel); !problem.empty()) return problem;
  if (a.fps < kMinFps || a.fps > kMaxFps)
    return "--fps " + std::to_string(a.fps) + ": expected a whole number from " + std::to_string(kMinFps) + " to " +
           std::to_string(kMaxFps);
  return "";
}

}  // namespace core
