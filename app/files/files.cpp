#include "app/files/files.h"

#include <algorithm>
#include <filesystem>
#include <ctime>
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include "app/files/data_dir.h"
#include "app/files/platform_files.h"
#include "app/files/session.h"
#include "app/training/lab.h"
#include "app/training/model_text.h"
#include "core/export/export.h"  // valid_utf8
#include "core/io/atomic_file.h"
#include "core/io/heads_file.h"
#include "core/io/model_file.h"
#include "core/io/language_model_json.h"
#include "core/io/lesson_show.h"
#include "core/io/link.h"
#include "core/io/scenario_io.h"
#include "core/model/lesson.h"
#include "core/model/markup.h"
#include "core/text/scripts.h"
#include "core/text/translate.h"
#include "core/training/training.h"

namespace app {

namespace {

// Absolute, so that the session still names the file from another working directory: its folder
// as the kernel resolves it ("d/.." with d a link is the folder above the one d leads to, not
// "."), its last name as given (a link stays a link, so that Save writes where it leads).
std::string absolute(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path given(path), name = given.filename();
  std::error_code ec;
  if (name.empty() || name == "." || name == "..") {  // a folder's path, not a file's
    const fs::path a = fs::absolute(given, ec);
    return ec ? path : a.lexically_normal().string();
  }
  const core::WriteTarget folder = core::write_target(given.has_parent_path() ? given.parent_path().string() : ".");
  if (folder.error || folder.path.empty()) return path;  // not resolved: as given, which the kernel reads the same
  return (fs::path(folder.path) / name).string();
}

void remember_recent(AppState& state, const std::string& path) {
  const std::string full = absolute(path);
  auto& recent = state.library.recent_files;
  recent.erase(std::remove(recent.begin(), recent.end(), full), recent.end());
  recent.insert(recent.begin(), full);
  if (recent.size() > kMaxRecentFiles) recent.resize(kMaxRecentFiles);
}

// Said after "opened …" where the scenario's text (its tokens, title, notes) is in a script that
// attnlab cannot lay out as written: a student who sees قطة's letters apart, left to right, or a
// row of �, knows why (core/text/scripts.h).
std::string unshaped_note(const AppState& state, const std::string& before = "; its ") {
  const core::UnshapedScripts found = core::unshaped_scripts(core::scenario_to_text(state.scenario()));
  std::string note;
  if (!found.drawn.empty())
    note += before + core::joined_names(found.drawn) + " text is drawn letter by letter, left to right, not as written (attnlab cannot lay out " +
            (found.drawn.size() == 1 ? "this script)" : "these scripts)");
  if (!found.missing.empty())
    note += (note.empty() ? before : "; its ") + core::joined_names(found.missing) + " text shows as \uFFFD (attnlab has no font for it)";
  return note;
}

// Whether a reader refused path: the status line then says why, after what ("not opened").
template <class Load>
bool say_if_refused(AppState& state, const Load& loaded, const std::string& path, const std::string& what) {
  if (!loaded.ok()) state.status = what + ": " + load_errors(loaded.errors, path);
  return !loaded.ok();
}

// A scenario file as a new document (open_scenario, once it is known not to be an experiment).
bool open_scenario_document(AppState& state, const std::string& path) {
  core::LoadResult loaded = core::load_scenario_file(path);
  if (say_if_refused(state, loaded, path, "not opened")) return false;
  state.open_document(std::move(*loaded.scenario));
  state.library.file = absolute(path);
  state.library.file_stamp = core::file_stamp(state.library.file);
  state.status = "opened " + file_shown(state.library.file) + unshaped_note(state);
  remember_recent(state, state.library.file);
  return true;
}

// What is opened: FILE's path, or FILE's scenario when FILE is a link (core/io/link.h).
struct StartFile {
  std::string path = {};            // a file: the one named, or a shipped lesson's, experiment's or model's for its link
  std::optional<core::Scenario> scenario = {};  // a scenario's link: the scenario, which has no file yet
  std::string error = {};            // why FILE cannot be used
  bool model_link = false;           // a #model= link: path is a shipped model's, maybe not here yet (the page fetches it)
  std::string text = {};             // and the text it opens on
};

// FILE as the start reads it: a link when it is one and no file has that name.
StartFile resolve_start(const std::string& file) {
  if (!core::names_link(file)) return {.path = file};
  core::LinkContents link = core::read_link(file);
  if (!link.ok()) return {.error = link.message()};
  if (link.kind == core::LinkContents::Kind::Scenario) return {.scenario = std::move(link.scenario)};
  if (link.kind == core::LinkContents::Kind::Model) {
    for (const ShippedModel& m : shipped_models())
      if (std::filesystem::path(m.path).stem() == link.stem) return {.path = m.path, .model_link = true, .text = link.text};
    return {.error = "the link: no shipped model is named " + link.stem};
  }
  const bool lesson = link.kind == core::LinkContents::Kind::Lesson;
  const std::filesystem::path shipped =
      platform_files().paths->data_dir() / "assets" / (lesson ? "lessons" : "experiments") / (link.stem + ".json");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(shipped, ec))
    return {.error = "the link: no shipped " + std::string(lesson ? "lesson" : "experiment") + " is named " + link.stem};
  return {.path = shipped.string()};
}

// A scenario with no file (what: whose) as a new document: unsaved, so that Save asks for a name.
void open_linked_scenario(AppState& state, core::Scenario s, const std::string& what) {
  state.open_document(std::move(s));
  state.set_saved(core::Scenario{});
  state.library.file.clear();
  state.library.file_stamp = {};
  state.status = "opened " + what + ": it has no file yet (Save asks for a name)" + unshaped_note(state);
}

// open_scenario, and request_open when ask_first: a scenario over unsaved changes is asked about.
bool open_file(AppState& state, const std::string& path_or_link, bool ask_first) {
  cancel_heads_read_elsewhere();  // a heads file still being read (the page's worker) no longer takes the screen
  StartFile target = resolve_start(path_or_link);
  if (!target.error.empty()) {
    state.status = "not opened: " + target.error;
    return false;
  }
  const std::string& path = target.scenario ? path_or_link : target.path;  // a link's scenario is read again once answered
  if (target.model_link) return open_model_text(state, path, target.text);  // the scenario stays
  if (!target.scenario && is_model_text_file(path)) return open_model_text(state, path);  // the scenario stays
  if (!target.scenario && core::is_heads_file(path)) return open_heads(state, path);  // the scenario stays
  if (!target.scenario && is_result_file(path)) return open_result(state, path);  // the scenario stays: nothing to ask
  if (!target.scenario && is_experiment_file(path)) return open_experiment(state, path);
  if (ask_first && state.modified()) {
    state.dialogs.pending = {Pending::Action::Open, path};
    return false;
  }
  if (target.scenario) {
    open_linked_scenario(state, std::move(*target.scenario), "the link's scenario");
    return true;
  }
  return open_scenario_document(state, path);
}

// Each file with the title title_of reads in it, else its name.
template <class TitleOf>
std::vector<LessonInfo> titled(const std::vector<std::string>& paths, TitleOf title_of) {
  std::vector<LessonInfo> listed;
  for (const std::string& path : paths) {
    const std::string title = title_of(path);
    listed.push_back({path, title.empty() ? core::valid_utf8(std::filesystem::path(path).stem().string()) : title});
  }
  return listed;
}

// FILE's scenario as a new document: its file's, or a link's with no file (unsaved: Save asks
// for a name). Exit code 2 with the message on stderr when FILE cannot be used.
int open_start(const StartFile& start, AppState& opened) {
  core::LoadResult loaded;
  if (start.scenario) loaded.scenario = start.scenario;
  else loaded = core::load_scenario_file(start.path);
  if (!loaded.ok()) {
    std::cerr << "attnlab: " << loaded.message() << "\n";
    return 2;
  }
  opened = AppState(std::move(*loaded.scenario));
  if (start.scenario) {
    opened.set_saved(core::Scenario{});  // never saved: it all counts as a change
  } else {
    opened.library.file = absolute(start.path);
    opened.library.file_stamp = core::file_stamp(opened.library.file);
  }
  return 0;
}

// FILE, else the last session, else the first lesson.
int load_initial_scenario(const StartFile& start, AppState& state, bool headless) {
  const bool given = !start.path.empty() || start.scenario;
  if (given && headless) {  // the session is not touched: only its view options are read
    if (const int code = open_start(start, state)) return code;
    AppState session;
    if (platform_files().sessions->restore(session, /*read_only=*/true) == SessionRestore::Restored) {
      state.view = session.view;  // the session's view over another scenario: a head FILE has, …
      state.fit_view();
    }
    return 0;
  }
  if (given) {
    AppState opened;
    if (const int code = open_start(start, opened)) return code;
    AppState session;  // keep the recent files and view options of the last session
    const SessionRestore restored = platform_files().sessions->restore(session, /*read_only=*/false);
    bool kept_unsaved = false;
    std::string message = session.status;  // a corrupt session's message, if any
    if (restored == SessionRestore::Restored) {
      opened.view = session.view;
      opened.library.recent_files = session.library.recent_files;
      opened.lab = session.lab;  // the experiment being edited stays too
      opened.view.workspace = Workspace::Views;  // a scenario was asked for: show it
      opened.fit_view();  // the session's view over FILE: a head FILE has, a row it has
      message = platform_files().sessions->notes();  // another window's session, other sessions kept, ...
      // Its unsaved changes would be gone with the next autosave: keep them in a file.
      // Until they are, the session that holds them is not written over (keep_session tries again).
      if (session.modified()) {
        std::string error;
        const std::string kept = platform_files().sessions->keep_unsaved(session, &error);
        message = (kept.empty() ? "the unsaved changes of the last session could not be set aside yet (" + error +
                                      "): the session keeps them, and is not written over until they are kept; each change "
                                      "tries again"
                                : "the unsaved changes of the last session are kept in " + kept +
                                      (error.empty() ? "" : " (" + error + ")")) +
                  (message.empty() ? "" : "; " + message);
        kept_unsaved = !kept.empty();
        if (!kept_unsaved) opened.library.unkept = session.scenario();
      }
    }
    state = std::move(opened);
    if (!state.library.file.empty()) remember_recent(state, state.library.file);
    state.status = message;
    // Kept once: the session says FILE from now on, so that a start that does not get as far
    // as the first autosave does not keep the same changes again.
    if (kept_unsaved) platform_files().sessions->save(state, nullptr, nullptr);
    return 0;
  }
  if (platform_files().sessions->restore(state, /*read_only=*/headless) == SessionRestore::Restored) return 0;
  const std::string message = state.status;  // a corrupt session's message, if any
  const std::vector<std::string> lessons = lesson_files();
  if (!lessons.empty()) {
    core::LoadResult loaded = core::load_scenario_file(lessons.front());
    if (!loaded.ok()) {
      std::cerr << "attnlab: the shipped lesson is broken: " << loaded.message() << "\n";
      return 1;
    }
    state = AppState(std::move(*loaded.scenario));
    state.library.file = lessons.front();
    state.library.file_stamp = core::file_stamp(state.library.file);
  }
  state.status = message;
  return 0;
}

}  // namespace

bool is_experiment_text(const std::string& text) {
  if (text.size() > core::kMaxFileBytes || core::nested_deeper_than(text, 12)) return false;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  return j.is_object() && j.contains("attnlab_experiment");
}

bool is_experiment_file(const std::string& path) {
  const core::FileRead file = core::read_regular_file(path, core::kMaxFileBytes);
  return file.problem == core::FileRead::Problem::None && is_experiment_text(file.text);
}

bool is_result_file(const std::string& path) {
  const core::FileRead file = core::read_regular_file(path, 4096);  // the key is the file's first
  return (file.problem == core::FileRead::Problem::None || file.problem == core::FileRead::Problem::TooLarge) &&
         core::is_lm_result_text(file.text);
}

std::string load_errors(const std::vector<std::string>& errors, const std::string& path) {
  std::string message;
  for (const std::string& e : errors)
    message += (message.empty() ? "" : "\n") +
               (e.rfind(path, 0) == 0 ? shown_path(path) + e.substr(path.size()) : core::valid_utf8(e));
  return message;
}

std::string file_shown(const std::string& path) {
  if (!is_shipped_file(path)) return shown_path(path);
  const std::filesystem::path p(path);
  const bool lesson = p.parent_path().filename() == "lessons";
  return std::string(lesson ? "the lesson " : "the experiment ") + p.stem().string();
}

std::string open_scenario_text(AppState& state, const std::string& text) {
  cancel_heads_read_elsewhere();
  core::LoadResult loaded = core::parse_scenario(text);
  if (!loaded.ok()) {
    state.status = "not opened: " + loaded.message();
    return loaded.message();
  }
  open_linked_scenario(state, std::move(*loaded.scenario), "a scenario");
  return "";
}

bool open_experiment(AppState& state, const std::string& path) {
  core::ExperimentLoad loaded = core::load_experiment_file(path);
  if (say_if_refused(state, loaded, path, "not opened")) return false;
  set_experiment(state, std::move(*loaded.experiment), absolute(path));
  state.status = "opened " + (is_shipped_file(path) ? file_shown(path) : "the experiment " + shown_path(path)) +
                 " in the training lab";
  return true;
}

bool open_scenario(AppState& state, const std::string& path_or_link) { return open_file(state, path_or_link, false); }

bool request_open(AppState& state, const std::string& path_or_link) { return open_file(state, path_or_link, true); }

bool save_scenario(AppState& state, const std::string& path) {
  std::string error;
  if (is_state_file(path)) {
    state.status = "not saved: " + shown_path(path) + " is attnlab's own (its session, a lock, the window layout): "
                   "choose another name";
    return false;
  }
  if (is_shipped_file(path)) {
    state.status = "not saved: " + std::filesystem::path(path).filename().string() +
                   " would go among the lessons that come with attnlab, which stay as shipped: Save as\u2026 keeps your copy "
                   "in your own lessons folder";
    return false;
  }
  bool in_place = false;
  if (!core::save_scenario_file(state.scenario(), path, &error, core::kKeepMode, &in_place) && !in_place) {
    state.status = "not saved: " + error;
    return false;
  }
  // In place though its folder's fsync failed: saved (FILE was replaced), and said to be fragile.
  state.mark_saved();
  state.library.file = absolute(path);
  state.library.file_stamp = core::file_stamp(state.library.file);
  state.status = "saved " + where_written(state.library.file);
  // A link: the file written is the one it leads to (the link itself stays), named here.
  if (const core::WriteTarget where = core::write_target(state.library.file); where.through_link)
    state.status += " (a link: written to " + shown_path(where.path) + ")";
  if (!error.empty()) state.status += ", but the folder's fsync failed: it may not last (" + error + ")";
  remember_recent(state, state.library.file);
  return true;
}

bool changed_on_disk(const AppState& state) {
  if (state.library.file.empty()) return false;
  const core::FileStamp now = core::file_stamp(state.library.file);
  return now.size >= 0 && !(now == state.library.file_stamp);
}

void handle_drop(AppState& state, const std::vector<std::string>& paths) {
  for (const std::string& path : paths)
    if (const std::string ext = std::filesystem::path(path).extension().string(); ext == ".json" || ext == ".safetensors") {
      request_open(state, path);
      return;
    }
  state.status = paths.empty() ? "nothing was dropped" : "not opened: only .json files (scenarios, experiments, results, attention) and .safetensors models can be dropped";
}

void list_shipped(AppState& state) {
  state.library.lessons = load_lesson_list();
  state.library.experiments = titled(experiment_files(), [](const std::string& path) {
    const core::ExperimentLoad loaded = core::load_experiment_file(path);
    return loaded.ok() ? loaded.experiment->title : "";
  });
  // Each RESULT titled by its experiment's file beside it (R.json for R.result.json), which is
  // small: the RESULT itself is read only when it is opened.
  state.library.results = titled(shipped_result_files(), [](const std::string& path) {
    const std::string experiment = path.substr(0, path.size() - std::string(".result.json").size()) + ".json";
    const core::LanguageModelLoad loaded = core::load_language_model_file(experiment);
    return loaded.ok() ? loaded.model->title : "";
  });
  // Each model by its variant, as the list names it (data_dir.h): on the page the files come only when opened.
  state.library.models.clear();
  for (const ShippedModel& m : shipped_models())
    state.library.models.push_back({m.path, "a byte-level model of the licences, " + m.variant});
  state.library.listed = true;
}

int load_initial_state(const std::string& file_or_link, AppState& state, bool headless, bool list_later, const std::string& text) {
  const StartFile start = resolve_start(file_or_link);
  if (!start.error.empty()) {
    std::cerr << "attnlab: " << start.error << "\n";
    return 2;
  }
  const std::string file = start.model_link ? std::string() : start.path;  // a shipped model's link opens below
  // An experiment opens in the lab, over the scenario the app would start on without it; so do a
  // language model's RESULT and a heads file (in the lab's Heads view). Each is read first, so that
  // a file the reader refuses says why and exits 2.
  std::optional<core::Experiment> experiment;
  std::optional<core::LmResult> result;
  std::optional<core::HeadsFile> heads;
  std::optional<core::TrainedModel> model;
  std::optional<core::AttentionFile> attention;
  bool refused = false;
  const auto take = [&refused](auto loaded, auto& into, auto field) {
    if (loaded.ok()) into = std::move(loaded.*field);
    else std::cerr << "attnlab: " << loaded.message() << "\n";
    refused = !loaded.ok();
  };
  if (!file.empty() && is_experiment_file(file))
    take(core::load_experiment_file(file), experiment, &core::ExperimentLoad::experiment);
  else if (!file.empty() && is_result_file(file))
    take(core::load_lm_result_file(file), result, &core::LmResultLoad::result);
  else if (!file.empty() && core::is_heads_file(file))
    take(core::load_heads_file(file), heads, &core::HeadsLoad::heads);
  else if (!file.empty() && core::is_model_file(file))
    take(core::load_model_file(file), model, &core::ModelLoad::model);
  else if (!file.empty() && core::is_attention_file(file))
    take(core::load_attention_file(file), attention, &core::AttentionLoad::attention);
  if (refused) return 2;
  const bool lab_only = experiment || result || heads || model || attention || start.model_link;
  const int code = load_initial_scenario(lab_only ? StartFile{} : start, state, headless);
  if (code == 0 && state.status.empty()) state.status = unshaped_note(state, "this scenario's ");
  if (!list_later) list_shipped(state);
  if (code == 0 && experiment) set_experiment(state, std::move(*experiment), absolute(file));
  if (code == 0 && result) show_result(state, std::move(*result), absolute(file));
  if (code == 0 && heads) show_heads(state, std::move(*heads), absolute(file));
  if (code == 0 && model) {
    show_model_text(state, std::move(*model), absolute(file), text);
    if (!state.lab.text->problem.empty()) {  // --text that cannot run: said, as --dump says it
      std::cerr << "attnlab: --text: " << state.lab.text->problem << "\n";
      return 2;
    }
  }
  // A #model= link: as Train → Shipped models opens it (the page fetches the file first); a text given on the
  // command line over the link's.
  if (code == 0 && start.model_link && !open_model_text(state, start.path, text.empty() ? start.text : text) && headless) {
    std::cerr << "attnlab: " << state.status << "\n";
    return 2;
  }
  if (code == 0 && start.model_link && headless && state.lab.text && !state.lab.text->problem.empty()) {
    std::cerr << "attnlab: the link's text: " << state.lab.text->problem << "\n";  // over the model's context
    return 2;
  }
  if (code == 0 && attention && !show_attention_text(state, std::move(*attention), absolute(file))) {
    std::cerr << "attnlab: " << state.status << "\n";
    return 2;
  }
  return code;
}

std::vector<LessonInfo> load_lesson_list() {
  std::vector<LessonInfo> listed;
  for (const std::string& path : lesson_files()) {
    const core::LoadResult loaded = core::load_scenario_file(path);
    const std::string title = loaded.ok() ? loaded.scenario->title : "";
    listed.push_back({path, title.empty() ? core::valid_utf8(std::filesystem::path(path).stem().string()) : title,
                      loaded.ok() ? loaded.scenario->title_i18n : std::map<std::string, std::string>{}});
  }
  return listed;
}

const std::string& shown_title(const LessonInfo& info) { return core::text_in(info.title, info.title_i18n, core::language()); }

const UserLessons& user_lessons() {
  namespace fs = std::filesystem;
  static UserLessons listed;
  static fs::file_time_type listed_at{};
  const fs::path folder = user_lessons_dir();
  std::error_code ec;
  const fs::file_time_type changed = fs::last_write_time(folder, ec);  // a file added, renamed or removed
  if (!ec && listed.folder == folder.string() && changed == listed_at) return listed;
  listed = UserLessons{folder.string(), {}, {}};
  if (ec) return listed;
  listed_at = changed;
  listed.lessons = titled(json_files(folder), [](const std::string& path) {
    const core::LoadResult loaded = core::load_scenario_file(path);
    listed.problems.push_back(loaded.ok() ? "" : loaded.message());
    return loaded.ok() ? loaded.scenario->title : "";
  });
  return listed;
}

std::string time_stamp() {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  return stamp;
}

bool reset_to_file(AppState& state) {
  if (state.library.file.empty()) return false;
  core::LoadResult loaded = core::load_scenario_file(state.library.file);
  if (say_if_refused(state, loaded, state.library.file, "not reset")) return false;
  if (!state.replace(*loaded.scenario)) return false;  // replace says why
  state.set_saved(*loaded.scenario);  // the file as it is now is what "unsaved changes" compares with
  state.library.file_stamp = core::file_stamp(state.library.file);
  state.status = "reset to " + file_shown(state.library.file) + " (Ctrl+Z brings your changes back)";
  return true;
}

bool show_lesson_step(AppState& state) {
  const int step = state.panels.lesson_step + 1;
  const core::LoadResult shown = core::show_step(state.saved(), step);
  if (!shown.ok()) {
    state.status = "not shown: " + shown.errors.front();
    return false;
  }
  if (*shown.scenario == state.scenario()) {
    state.status = "step " + std::to_string(step) + " is shown already";
    return true;
  }
  if (!state.replace(*shown.scenario)) return false;  // replace says why
  state.status = "step " + std::to_string(step) + " shown: the lesson's matrices with the change it asks for (Ctrl+Z undoes)";
  return true;
}

bool is_lesson(const AppState& state, size_t i) {
  return i < state.library.lessons.size() && !state.library.file.empty() &&
         std::filesystem::path(state.library.file).filename() == std::filesystem::path(state.library.lessons[i].path).filename();
}

std::string window_title(const AppState& state) {
  std::string title = "attnlab";
  if (!state.library.file.empty()) title += " \u2014 " + core::valid_utf8(std::filesystem::path(state.library.file).filename().string());
  else if (!state.scenario().title.empty()) title += " \u2014 " + core::markup_as_plain_text(state.scenario().title);  // the OS draws it: no markup
  if (state.modified()) title += " \u2022";
  return title;
}

}  // namespace app
