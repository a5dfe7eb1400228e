#include "app/files/session_json.h"

#include <algorithm>

#include "app/files/platform_files.h"  // shown_path
#include "app/files/session.h"
#include "app/training/lab.h"
#include "core/export/export.h"  // valid_utf8
#include "core/io/experiment_json.h"
#include "core/io/scenario_io.h"
#include "core/text/json_text.h"

namespace app {

using nlohmann::json;

namespace {

constexpr int kSessionVersion = 1;
constexpr std::string_view kHex = "0123456789abcdef";  // a path's bytes, when they are no UTF-8

// A file name is bytes, and a JSON string is UTF-8: a name that is not UTF-8
// is kept as its bytes in hex, so that any path the system accepts comes back.
core::OrderedJson path_json(const std::string& path) {
  if (core::valid_utf8(path) == path) return path;
  std::string hex;
  for (unsigned char c : path) hex += {kHex[c >> 4], kHex[c & 15]};
  return {{"bytes", hex}};
}

std::optional<std::string> path_from_json(const json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (!j.is_object() || !j.contains("bytes") || !j["bytes"].is_string()) return std::nullopt;
  const std::string hex = j["bytes"].get<std::string>();
  if (hex.size() % 2) return std::nullopt;
  std::string path;
  for (size_t i = 0; i < hex.size(); i += 2) {
    const size_t hi = kHex.find(hex[i]), lo = kHex.find(hex[i + 1]);
    if (hi == kHex.npos || lo == kHex.npos) return std::nullopt;
    path += static_cast<char>(hi * 16 + lo);
  }
  return path;
}

core::OrderedJson view_json(const ViewOptions& v) {
  return {{"theme", v.theme == Theme::Light ? "light" : "dark"},
          {"head", v.head},
          {"show_numbers", v.show_numbers},
          {"sequential", core::colormap_name(v.sequential)},
          {"diverging", core::colormap_name(v.diverging)},
          {"own_scales", v.own_scales},
          {"show_gradients", v.show_gradients},
          {"show_jacobian", v.show_jacobian},
          {"zoom", v.zoom},
          {"workspace", v.workspace == Workspace::Lab ? "lab" : "views"},
          {"language", v.language}};
}

// A value of the session for a message: its JSON, at most 60 characters (a megabyte "theme"
// would be a megabyte status line, drawn every frame).
std::string shown(const json& value) { return core::short_path(value.dump(-1, ' ', false, json::error_handler_t::replace), 60); }

// The view options as the session holds them, checked against the scenario they apply to: a
// key left out keeps its default, and so does a value that is there but cannot apply (a head
// the scenario does not have, a theme of no name, a zoom past the limits), with a line in
// *dropped naming the field. A view is not worth losing the scenario for.
ViewOptions read_view(const json& j, const core::Scenario& scenario, std::vector<std::string>& dropped) {
  ViewOptions v;
  if (!j.is_object()) {
    dropped.push_back("view: expected an object, got " + shown(j));
    return v;
  }
  const auto bad = [&](const char* key, const std::string& expected) {
    dropped.push_back(std::string("view.") + key + ": expected " + expected + ", got " + shown(j[key]));
  };
  // A key of two names, the default's (usual) and other: whether it names other.
  const auto names_other = [&](const char* key, const std::string& usual, const std::string& other) {
    if (!j.contains(key)) return false;
    if (j[key] != usual && j[key] != other) bad(key, "\"" + usual + "\" or \"" + other + "\"");
    return j[key] == other;
  };
  for (const auto& [key, value] : {std::pair<const char*, bool*>{"show_numbers", &v.show_numbers},
                                   {"own_scales", &v.own_scales},
                                   {"show_gradients", &v.show_gradients},
                                   {"show_jacobian", &v.show_jacobian}})
    if (j.contains(key)) {
      if (j[key].is_boolean()) *value = j[key].get<bool>();
      else bad(key, "true or false");
    }
  if (names_other("theme", "dark", "light")) v.theme = Theme::Light;
  if (j.contains("head")) {
    const json& h = j["head"];
    if (h.is_number_integer() && h.get<std::int64_t>() >= 0 && h.get<std::int64_t>() < scenario.heads) v.head = h.get<int>();
    else bad("head", scenario.heads == 1 ? std::string("0, the scenario's one head")
                                         : "a head of the scenario, 0 to " + std::to_string(scenario.heads - 1));
  }
  if (names_other("sequential", core::colormap_name(core::Colormap::Viridis),
                  core::colormap_name(core::Colormap::Cividis)))
    v.sequential = core::Colormap::Cividis;
  if (j.contains("diverging") && j["diverging"] != core::colormap_name(core::Colormap::BlueRed))
    bad("diverging", std::string("\"") + core::colormap_name(core::Colormap::BlueRed) + "\"");
  if (j.contains("zoom")) {
    const json& z = j["zoom"];
    if (z.is_number() && z.get<double>() >= kMinZoom && z.get<double>() <= kMaxZoom) v.zoom = static_cast<float>(z.get<double>());
    else bad("zoom", "a number from " + core::plain_number(kMinZoom) + " to " + core::plain_number(kMaxZoom));
  }
  if (names_other("workspace", "views", "lab")) v.workspace = Workspace::Lab;
  if (j.contains("language")) {  // a code as the catalogues' names have it, or "" (the system's); its catalogue is read later
    const json& l = j["language"];
    if (l.is_string() && l.get<std::string>().size() <= 8) v.language = l.get<std::string>();
    else bad("language", "a language's code, as \"zh\", or \"\"");
  }
  return v;
}

// [device, inode, size, seconds, nanoseconds] as session_text writes them.
std::optional<core::FileStamp> read_stamp(const json& j, std::vector<std::string>& dropped) {
  if (j.is_array() && j.size() == 5 && j[0].is_number_unsigned() && j[1].is_number_unsigned() &&
      std::all_of(j.begin() + 2, j.end(), [](const json& x) { return x.is_number_integer(); }))
    return core::FileStamp{j[0].get<unsigned long long>(), j[1].get<unsigned long long>(), j[2].get<long long>(),
                           j[3].get<long long>(), j[4].get<long long>()};
  dropped.push_back("file_stamp: expected [device, inode, size, seconds, nanoseconds]");
  return std::nullopt;
}

}  // namespace

std::optional<SessionContents> read_session_text(const std::string& text, std::string& problem) {
  if (core::nested_deeper_than(text, core::kMaxNesting + 1)) {  // the scenario, one level down
    problem = "nested too deep";
    return std::nullopt;
  }
  try {
    const json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("attnlab_session") || !j["attnlab_session"].is_number_integer() ||
        j["attnlab_session"] != kSessionVersion || !j.contains("scenario")) {
      problem = "not a session file of this version";
      return std::nullopt;
    }
    SessionContents c;
    // The session's limit, not a file's: what the app holds it may keep (core::save_scenario_file).
    core::LoadResult scenario = core::parse_scenario(j["scenario"].dump(), Session::kMaxBytes);
    if (!scenario.ok()) {
      problem = scenario.message();
      return std::nullopt;
    }
    c.scenario = std::move(*scenario.scenario);
    c.view = read_view(j.contains("view") ? j["view"] : json::object(), c.scenario, c.dropped);
    const auto path = [&](const json& value, const std::string& field) {
      std::optional<std::string> p = path_from_json(value);
      if (!p) c.dropped.push_back(field + ": expected a path (a string, or {\"bytes\": hex}), got " + shown(value));
      return p;
    };
    // The lab's experiment as it was edited: read by the experiment file's rules, but for
    // combinations an edit in progress may leave (the lab shows them as problems again).
    if (j.contains("lab")) {
      const json& lab = j["lab"];
      core::ExperimentLoad e;
      if (!lab.is_object() || !lab.contains("experiment"))
        c.dropped.push_back("lab: expected an object with the experiment");
      else if (e = core::parse_experiment(lab["experiment"].dump(), /*as_edited=*/true); !e.ok())
        c.dropped.push_back("lab.experiment." + e.errors.front());
      else {
        c.experiment = std::move(e.experiment);
        if (lab.contains("source"))
          if (const std::optional<std::string> source = path(lab["source"], "lab.source")) c.lab_source = *source;
        if (lab.contains("edited") && !lab["edited"].is_boolean()) c.dropped.push_back("lab.edited: expected true or false");
        c.lab_edited = lab.contains("edited") && lab["edited"] == true;
      }
    }
    if (j.contains("file"))
      if (const std::optional<std::string> file = path(j["file"], "file")) c.file = *file;
    if (j.contains("file_stamp")) c.file_stamp = read_stamp(j["file_stamp"], c.dropped);
    if (j.contains("recent")) {
      if (!j["recent"].is_array() || j["recent"].size() > kMaxRecentFiles)
        c.dropped.push_back("recent: expected an array of at most " + std::to_string(kMaxRecentFiles) + " paths");
      else
        for (const json& r : j["recent"])
          if (const std::optional<std::string> recent = path(r, "recent")) c.recent.push_back(*recent);
    }
    return c;
  } catch (const std::exception& e) {  // a rule above missed a case: still a message, not a crash
    problem = e.what();
    return std::nullopt;
  }
}

// The restored state, or the reason the session cannot be used.
std::optional<AppState> parse_session(const std::string& text, std::string& problem, std::vector<std::string>& dropped,
                                      std::optional<core::FileStamp>& file_stamp) {
  std::optional<SessionContents> c = read_session_text(text, problem);
  if (!c) return std::nullopt;
  dropped = std::move(c->dropped);
  file_stamp = c->file_stamp;
  AppState restored(std::move(c->scenario));
  if (c->experiment) {
    set_experiment(restored, std::move(*c->experiment), c->lab_source);
    restored.lab.edited = c->lab_edited;
  }
  restored.view = c->view;  // set_experiment shows the lab: the session says what was shown
  restored.fit_view();
  restored.library.file = std::move(c->file);
  restored.library.recent_files = std::move(c->recent);
  return restored;
}

std::string session_text(const AppState& state, std::string* error, bool with_lab) {
  try {
    core::OrderedJson j;
    j["attnlab_session"] = kSessionVersion;
    j["file"] = path_json(state.library.file);
    // The file as it was when opened or saved here: a start tells a change made while attnlab was closed.
    if (!state.library.file.empty() && state.library.file_stamp.size >= 0) {
      const core::FileStamp& f = state.library.file_stamp;
      j["file_stamp"] = {f.device, f.inode, f.size, f.seconds, f.nanoseconds};
    }
    j["recent"] = core::OrderedJson::array();
    for (const std::string& path : state.library.recent_files) j["recent"].push_back(path_json(path));
    j["view"] = view_json(state.view);
    j["scenario"] = core::scenario_to_json(state.scenario());
    if (with_lab && !state.lab.experiment.variants.empty())
      j["lab"] = {{"experiment", core::experiment_to_json(state.lab.experiment)},
                  {"source", path_json(state.lab.source)},
                  {"edited", state.lab.edited}};
    std::string text = core::to_text(j);
    if (text.size() > Session::kMaxBytes) text = core::compact_text(j);
    if (text.size() <= Session::kMaxBytes) return text;
    if (error) *error = "the session would take " + std::to_string(text.size()) + " bytes, more than the 2 MiB it may have";
  } catch (const json::exception& e) {  // a label that is not UTF-8: say so, do not abort
    if (error) *error = std::string("the session cannot be written as JSON: ") + e.what();
  }
  return {};
}

void restore_file_state(AppState& restored, const std::optional<core::FileStamp>& known, std::string* changed_note) {
  if (restored.library.file.empty()) {
    restored.set_saved(core::Scenario{});  // never saved: it all counts as a change
    return;
  }
  restored.library.file_stamp = core::file_stamp(restored.library.file);
  if (known && restored.library.file_stamp.size >= 0 && !(*known == restored.library.file_stamp)) {
    restored.library.file_stamp = *known;
    if (changed_note)
      *changed_note = shown_path(restored.library.file) + " was changed on disk since the last session: Save asks before writing over it";
  }
  core::LoadResult on_disk = core::load_scenario_file(restored.library.file);
  restored.set_saved(on_disk.ok() ? std::move(*on_disk.scenario) : core::Scenario{});
}

}  // namespace app
