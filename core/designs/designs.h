// The registry of designs: every design the lab races (docs/questions.md's, and sigmoid attention), in the order the
// Experiment panel offers them, each its name, what it is, and the options that make it. A
// design with code of its own keeps it in a file of this folder (cosine_logits.h,
// sigmoid_attention.h); its row here comes from that file, and so does what the places that
// read, check, write and export a scenario ask of it through the functions below, so that none
// of those places names a design.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/model/scenario.h"

namespace core {

struct Design {
  const char* name;  // as the lab's menus and legends write it
  const char* what;  // what it is, in markup (core/model/markup.h)
  Options options;   // a variant of it has these
};

std::span<const Design> designs();

// validate(): what each design says of its fields (appended to problems).
void design_problems(const Scenario& s, std::vector<std::string>& problems);

// The file (core/io/scenario_io.cpp, scenario_write.cpp). The designs' keys in "options", in the
// order their errors list them; their options read among the others; what a file of an older
// version, or without an option, may not hold; their fields outside "options", read once the
// heads' matrices are; those fields written (where W_alt's are), and their options written, each
// as of the version that has it.
const std::vector<std::string>& design_option_keys();
void read_design_options(const nlohmann::json& options, Options& o, std::vector<std::string>& errors);
void check_design_fields(const nlohmann::json& root, const Options& o, int version, std::vector<std::string>& errors);
void read_design_fields(const nlohmann::json& root, Scenario& s, std::vector<std::string>& errors);
void write_design_fields(nlohmann::ordered_json& root, const Scenario& s);
void write_design_options(nlohmann::ordered_json& options, const Options& o, int version);
// The versions and what needs each, for the reader's message on a file that names none.
const char* format_versions_words();

// Why torch.nn.MultiheadAttention cannot replay the scenario, for each design that it is not.
void design_misfits(const Scenario& s, std::vector<std::string>& misfits);

// A variant's one-line summary: each design's words, e.g. "sigmoid, b = −1".
std::vector<std::string> design_summary(const Options& o);

// Whether a design of o needs W^Q and W^K of their own (the language model has none under one W), and
// the option keys of those that do, for its message.
bool design_needs_q_and_k(const Options& o);
const char* design_keys_needing_q_and_k();

// A generated Python script, with the designs' slots filled: {{design_keys}} (their option keys,
// as a set's items), {{design_defaults}} (their defaults, as a dict's items) and
// {{cosine_logits}} (whether a dict of options named o asks for cosine logits) and {{no_self_mask}} (the
// function no_self_mask(mask, options), no_self_mask.h) {{score_scale}} (score_scale(d_k, options),
// sqrt_dk_scale.h) and {{attention_alt}} (attention_alt(O, W_alt, d_k, options), attention_alt.h).
std::string fill_design_slots(std::string_view script);

}  // namespace core
