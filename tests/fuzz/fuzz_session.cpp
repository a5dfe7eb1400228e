// libFuzzer target: the session restore path, as a start takes it. The first
// byte makes session.json a regular file of mode 0600, 000 or 0200, a
// directory, a FIFO, a link loop, a dangling link or a link to a file; the
// second does the same for session-2.json (or leaves it out); the rest is
// their content. Whatever they are, a headless start changes nothing, and a
// window's start restores one or says why not, never waits on a FIFO, never
// crashes, and keeps a session that saves and restores unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <string_view>

#include <sys/stat.h>
#include <unistd.h>

#include "app/files/session.h"
#include "core/scenario.h"
#include "tests/without_dac_override.h"

namespace fs = std::filesystem;

namespace {

fs::path g_dir;  // $XDG_STATE_HOME/attnlab

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

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // tmpfs when there is one: every run fsyncs a session.
  const fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
  const fs::path home = base / ("attnlab-fuzz-session-" + std::to_string(::getpid()));
  g_dir = home / "attnlab";
  fs::create_directories(g_dir);
  ::setenv("XDG_STATE_HOME", home.c_str(), 1);
  static WithoutDacOverride as_a_user;  // root too cannot read a file of mode 000
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  for (const auto& e : fs::directory_iterator(g_dir)) fs::remove_all(e.path());
  const std::string_view content(reinterpret_cast<const char*>(data) + 2, size - 2);
  place(g_dir / "session.json", data[0], content);
  if (data[1] % 9) place(g_dir / "session-2.json", static_cast<uint8_t>(data[1] % 9 - 1), content);

  // A headless run reads and changes nothing.
  const std::set<std::string> before = listing();
  app::AppState peek;
  app::restore_session(peek, /*read_only=*/true);
  if (listing() != before) std::abort();

  core::Scenario kept;
  {
    app::Session session;
    app::AppState state;
    const app::SessionRestore restored = session.restore(state);
    if (restored == app::SessionRestore::Corrupt && state.status.empty()) std::abort();  // always says why
    if (restored == app::SessionRestore::Restored && !core::validate(state.scenario()).empty()) std::abort();
    if (session.path().empty()) std::abort();  // a slot is always free here
    std::string error;
    if (!session.save(state, &error)) std::abort();
    kept = state.scenario();
  }
  // What it wrote, the next start restores.
  app::Session next;
  app::AppState again;
  if (next.restore(again) != app::SessionRestore::Restored || !(again.scenario() == kept)) std::abort();
  return 0;
}
