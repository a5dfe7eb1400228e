#include "core/io/lesson_show.h"

#include <exception>

namespace core {

using nlohmann::json;

namespace {

// What turns `from` into `to` as a merge patch: changed fields, objects compared key by key,
// arrays (the matrices) whole, null for a field `to` lacks.
json merge_patch_between(const json& from, const json& to) {
  if (!from.is_object() || !to.is_object()) return to;
  json patch = json::object();
  for (auto it = from.begin(); it != from.end(); ++it)
    if (!to.contains(it.key())) patch[it.key()] = nullptr;
  for (auto it = to.begin(); it != to.end(); ++it) {
    if (!from.contains(it.key())) patch[it.key()] = it.value();
    else if (from[it.key()] != it.value()) patch[it.key()] = merge_patch_between(from[it.key()], it.value());
  }
  return patch;
}

}  // namespace

LoadResult show_step(const Scenario& lesson, int step) {
  LoadResult result;
  const auto change = lesson.show.find(step);
  if (change == lesson.show.end()) {
    result.errors.push_back("show: step " + std::to_string(step) + " asks for no change");
    return result;
  }
  try {
    json file = json::parse(scenario_to_json(lesson).dump());
    file.erase("show");
    file.merge_patch(json::parse(change->second));
    result = parse_scenario(file.dump());
  } catch (const std::exception& e) {  // the reader checked every patch: still a message, not a crash
    result.errors.push_back(std::string("show: cannot apply the change of step ") + std::to_string(step) + ": " + e.what());
  }
  if (result.scenario) result.scenario->show = lesson.show;
  return result;
}

std::string change_between(const Scenario& lesson, const Scenario& now) {
  json from = json::parse(scenario_to_json(lesson).dump()), to = json::parse(scenario_to_json(now).dump());
  for (json* j : {&from, &to})
    for (const char* kept : kFieldsAStepKeeps) j->erase(kept);
  return merge_patch_between(from, to).dump();
}

}  // namespace core
