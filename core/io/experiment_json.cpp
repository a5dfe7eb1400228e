#include "core/io/experiment_json.h"

#include "core/io/scenario_io.h"

namespace core {

namespace {

// A variant's options as a scenario file writes them: one writer, one spelling.
OrderedJson options_json(const Variant& v, const Experiment& e) {
  return scenario_to_json(blank_model(e, v))["options"];
}

}  // namespace

OrderedJson experiment_to_json(const Experiment& e) {
  OrderedJson j;
  j["attnlab_experiment"] = 1;
  if (!e.title.empty()) j["title"] = e.title;
  if (!e.notes.empty()) j["notes"] = e.notes;
  OrderedJson task;
  task["kind"] = to_string(e.task);
  if (e.task == TaskKind::Teacher) task["teacher"] = scenario_to_json(e.teacher);
  j["task"] = std::move(task);
  j["n"] = e.n;
  if (e.m > 0) j["m"] = e.m;  // cross-attention
  j["d_model"] = e.d_model;
  j["d_k"] = e.d_k;
  j["heads"] = e.heads;
  OrderedJson variants = OrderedJson::array();
  for (const Variant& v : e.variants) {
    OrderedJson variant;
    variant["name"] = v.name;
    variant["options"] = options_json(v, e);
    if (v.d_k > 0) variant["d_k"] = v.d_k;
    if (!v.default_start()) {
      OrderedJson start;
      if (v.qk_factor != 1) start["qk_factor"] = v.qk_factor;
      if (v.w_from_product) start["W"] = "product";
      if (v.alt_start != Variant::AltStart::Drawn) start["W_alt"] = v.alt_start == Variant::AltStart::Identity ? "identity" : "sqrt_dk";
      variant["start"] = std::move(start);
    }
    variants.push_back(std::move(variant));
  }
  j["variants"] = std::move(variants);
  j["init_scale"] = e.init_scale;
  j["steps"] = e.steps;
  j["batch"] = e.batch;
  j["optimizer"] = e.optimizer == Optimizer::Adam ? "adam" : "sgd";
  j["learning_rate"] = e.learning_rate;
  j["seed"] = e.seed;
  if (e.seeds != 1) j["seeds"] = e.seeds;
  j["record"] = e.record;
  if (!e.sweep_learning_rate.empty()) j["sweep"] = {{"learning_rate", e.sweep_learning_rate}};
  return j;
}

std::vector<std::string> experiment_problems(const Experiment& e) {
  return parse_experiment(experiment_to_json(e).dump()).errors;
}

}  // namespace core
