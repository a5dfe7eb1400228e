// A UI test with a state directory of its own ($XDG_STATE_HOME), never the user's session.
#pragma once

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <unistd.h>

#include "app/files/session.h"
#include "ui_harness.h"

namespace fs = std::filesystem;

namespace {

class SessionTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    dir = fs::temp_directory_path() / ("attnlab-ui-sessions-" + std::to_string(::getpid()) + "-" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir / "state" / "attnlab");
    ::setenv("XDG_STATE_HOME", (dir / "state").c_str(), 1);  // never the user's session
    if (const char* home = std::getenv("HOME")) old_home = home;
  }
  void TearDown() override {
    ::setenv("HOME", old_home.c_str(), 1);
    fs::remove_all(dir);
    UiTest::TearDown();
  }
  fs::path state_dir() const { return dir / "state" / "attnlab"; }
  std::string example_text() const {
    std::ifstream in(std::string(ATTNLAB_TEST_DATA) + "/example.json");
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  int count(const std::string& prefix) const {
    int n = 0;
    for (const auto& e : fs::directory_iterator(state_dir())) n += e.path().filename().string().rfind(prefix, 0) == 0;
    return n;
  }
  // Lets the autosave see the change and write it, as the window's loop would.
  static void autosave_now(app::Autosave& autosave, app::AppState& s) {
    autosave.tick(s);
    std::this_thread::sleep_for(app::Autosave::kMaxDelay + std::chrono::milliseconds(50));
    autosave.tick(s);
  }
  fs::path dir;
  std::string old_home;
};

}  // namespace
