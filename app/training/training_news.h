// What the page says to the Web Workers that train its lab's runs, and how numbers travel in
// their answers: one definition for both sides (TrainingWorker's runs trained elsewhere,
// app/training/training_worker.cpp, and the worker, app/web/training_in_worker.cpp, which links
// core alone and so only this header of app/).
#pragma once

#include <cmath>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

namespace app::training_news {

// What the page asks of a run (TrainingElsewhere::control's `what`).
enum Control { kRun = 0, kPause = 1, kStep = 2, kRate = 3, kEnd = 4 };

// A number of the news: JSON has no NaN or infinity (a test loss is NaN until the end), which go
// as the strings "nan", "inf" and "-inf".
template <class Json>
Json number(double x) {
  if (std::isfinite(x)) return x;
  return std::isnan(x) ? "nan" : x > 0 ? "inf" : "-inf";
}
inline double number_of(const nlohmann::json& x) {
  if (x.is_number()) return x.get<double>();
  const std::string word = x.is_string() ? x.get<std::string>() : "nan";
  return word == "inf" ? HUGE_VAL : word == "-inf" ? -HUGE_VAL : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace app::training_news
