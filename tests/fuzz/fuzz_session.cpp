// libFuzzer target: the session restore path, as a start takes it, and what it restores
// applied to a scenario of every shape and drawn.
//
// The first byte makes session.json a regular file of mode 0600, 000 or 0200, a directory,
// a FIFO, a link loop, a dangling link or a link to a file; the second does the same for
// session-2.json (or leaves it out); the third and fourth choose the start: the window's
// restore, `attnlab FILE` or a picture of FILE (headless), FILE a scenario of n tokens,
// d_model, d_k, heads, projected or direct, with or without cross-attention, as they say;
// the rest is the sessions' content: the scenario, the view (head, theme, zoom, workspace,
// colour maps, ...), the lab's experiment, the file and the recent files.
//
// Whatever they are: a headless start changes nothing on disk; a start restores or says
// why not, never waits on a FIFO, never crashes; every panel (or the lab) draws two frames
// of what it restored over FILE; the view then fits the scenario; and what it keeps saves
// and restores unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <string_view>

#include <imgui.h>
#include <implot.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/files/files.h"
#include "app/files/session.h"
#include "app/frame.h"
#include "app/render/heatmap_renderer.h"
#include "app/render/text.h"
#include "app/widgets/heatmap.h"
#include "core/io/scenario_io.h"
#include "core/model/scenario.h"
#include "tests/support/without_dac_override.h"

namespace fs = std::filesystem;

namespace {

fs::path g_dir;   // $XDG_STATE_HOME/attnlab
fs::path g_file;  // FILE, beside the state directory
app::NullHeatmapRenderer g_renderer;

void place(const fs::path& path, uint8_t kind, std::string_view content) {
  const auto write = [&](const fs::path& p, mode_t mode) {
    std::ofstream(p, std::ios::binary).write(content.data(), static_cast<std::streamsize>(content.size()));
    ::chmod(p.c_str(), mode);
  };
  switch (kind % 8) {
    case 0: write(path, 0600); break;
    case 1: write(path, 0); break;      // unreadable: file permissions apply (see WithoutDacOverride)
    case 2: write(path, 0200); break;   // write-only
    case 3: fs::create_directory(path); break;
    case 4: ::mkfifo(path.c_str(), 0600); break;
    case 5: fs::create_symlink(path.filename(), path); break;  // a loop of one
    case 6: fs::create_symlink("nowhere.json", path); break;
    case 7:
      write(g_dir / ("target-" + path.filename().string()), 0600);
      fs::create_symlink("target-" + path.filename().string(), path);
      break;
  }
}

std::set<std::string> listing() {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(g_dir)) names.insert(e.path().filename().string());
  return names;
}

// FILE of the shape the two bytes say, its entries small and distinct.
core::Scenario shaped(uint8_t a, uint8_t b) {
  const int d_k = 1 + a % 4, d_model = 2 + (a / 4) % 3, n = 2 + b % 7, heads = 1 + (b / 7) % 4;
  core::Scenario s = core::make_zero_scenario(n, d_model, d_k, heads);
  if (a & 16) core::set_cross_attention(s, true);
  if (a & 32) core::convert_to_direct(s);
  int k = 0;
  const auto fill = [&](auto& m) {
    for (Eigen::Index r = 0; r < m.rows(); ++r)
      for (Eigen::Index c = 0; c < m.cols(); ++c) m(r, c) = 0.25 * ((k++ % 7) - 3);
  };
  fill(s.X);
  if (s.cross()) fill(s.X_kv);
  fill(s.W_O);
  for (int h = 0; h < heads; ++h)
    for (core::Mat* m : {&s.W_Q[h], &s.W_K[h], &s.W_V[h], &s.Q[h], &s.K[h], &s.V[h]}) fill(*m);
  return s;
}

void draw(app::AppState& state) {
  app::Layout layout;
  for (int i = 0; i < 2; ++i) {
    ImGui::NewFrame();
    g_renderer.begin_frame();
    app::DrawFrame(state, layout);
    ImGui::Render();
    app::settle_headless_textures();
  }
  if (state.view.head < 0 || state.view.head >= state.scenario().heads) std::abort();
  if (!core::validate(state.scenario()).empty()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // tmpfs when there is one: every run fsyncs a session.
  const fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
  const fs::path home = base / ("attnlab-fuzz-session-" + std::to_string(::getpid()));
  g_dir = home / "attnlab";
  g_file = home / "file.json";
  fs::create_directories(g_dir);
  ::setenv("XDG_STATE_HOME", home.c_str(), 1);
  ::setenv("HOME", home.c_str(), 1);
  // A data directory of one lesson and one experiment from the source tree (ATTNLAB_SOURCE_DIR,
  // set by scripts/fuzz): a start reads every shipped file for its menus, and all eighteen
  // took a third of each execution.
  const char* source = std::getenv("ATTNLAB_SOURCE_DIR");
  if (!source) std::abort();
  const fs::path data = home / "data";
  for (const char* file : {"shaders/heatmap.frag", "assets/lessons/01_qkt_vs_qqt.json", "assets/experiments/01_qqt_vs_qkt_previous_token.json"}) {
    fs::create_directories((data / file).parent_path());
    fs::copy_file(fs::path(source) / file, data / file, fs::copy_options::overwrite_existing);
  }
  ::setenv("ATTNLAB_DATA_DIR", data.c_str(), 1);
  ImGui::CreateContext();
  ImPlot::CreateContext();  // the lab's plots
  ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_DockingEnable;  // the views dock (app/frame_dock.h)
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1280, 720);
  io.DeltaTime = 1.0f / 60.0f;
  app::make_headless();
  if (!app::load_fonts(1.0f)) std::abort();
  app::set_heatmap_renderer(&g_renderer);
  static WithoutDacOverride as_a_user;  // root too cannot read a file of mode 000
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  for (const auto& e : fs::directory_iterator(g_dir)) fs::remove_all(e.path());
  const std::string_view content(reinterpret_cast<const char*>(data) + 4, size - 4);
  place(g_dir / "session.json", data[0], content);
  if (data[1] % 9) place(g_dir / "session-2.json", static_cast<uint8_t>(data[1] % 9 - 1), content);

  // A headless run reads and changes nothing.
  const std::set<std::string> before = listing();
  app::AppState peek;
  app::restore_session(peek, /*read_only=*/true);
  if (listing() != before) std::abort();

  const int start = data[2] % 3;  // 0: the window's restore; 1: attnlab FILE; 2: a picture of FILE
  if (start > 0) {
    if (!core::save_scenario_file(shaped(data[2] / 3, data[3]), g_file.string())) std::abort();
    app::AppState state;
    if (app::load_initial_state(g_file.string(), state, /*headless=*/start == 2) != 0) std::abort();
    draw(state);
    if (start == 2 && listing() != before) std::abort();  // a picture never touches the session
    if (start == 1) {
      std::string error;
      if (!app::save_session(state, &error)) std::abort();
      app::AppState again;  // the newest session, as a picture would read it
      if (app::restore_session(again, /*read_only=*/true) != app::SessionRestore::Restored || !(again.scenario() == state.scenario()))
        std::abort();
    }
    return 0;
  }

  core::Scenario kept;
  {
    app::Session session;
    app::AppState state;
    const app::SessionRestore restored = session.restore(state);
    if (restored == app::SessionRestore::Corrupt && state.status.empty()) std::abort();  // always says why
    if (session.path().empty()) std::abort();  // a slot is always free here
    draw(state);
    std::string error;
    if (!session.save(state, &error)) std::abort();
    kept = state.scenario();
  }
  // What it wrote, the next start restores whole: nothing left to drop.
  app::Session next;
  app::AppState again;
  if (next.restore(again) != app::SessionRestore::Restored || !(again.scenario() == kept)) std::abort();
  if (again.status.find("could not apply") != std::string::npos) std::abort();
  return 0;
}
