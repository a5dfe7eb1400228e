#include "app/files/session_slots.h"

#include <algorithm>
#include <cerrno>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "app/files/session.h"  // Session::kMaxSessions
#include "core/io/atomic_file.h"
#include "core/text/json_text.h"

namespace app::session_slots {

// [SECTION] The slots: session.json is slot 1, session-K.json slot K.

std::string slot_name(int slot) { return slot == 1 ? "session.json" : "session-" + std::to_string(slot) + ".json"; }

int slot_of(const std::string& name) {
  for (int slot = 1; slot <= Session::kMaxSessions; ++slot)
    if (name == slot_name(slot)) return slot;
  return 0;
}

bool no_session_at(const fs::path& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) != 0 && errno == ENOENT;
}

int lock(const fs::path& dir, int slot) {
  const int fd = ::open((dir / (slot_name(slot) + ".lock")).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return -1;
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
  ::close(fd);
  return kBusy;
}

std::string lock_problem(int slot, int err) {
  return "the lock " + slot_name(slot) + ".lock could not be made (" + core::describe_error(err) +
         "): an attnlab window started now could take this window's session too";
}

bool held_elsewhere(const fs::path& dir, int slot) {
  const int fd = ::open((dir / (slot_name(slot) + ".lock")).c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return false;
  const bool held = ::flock(fd, LOCK_EX | LOCK_NB) != 0;
  ::close(fd);
  return held;
}

std::vector<Found> session_files(const fs::path& dir) {
  std::vector<Found> found;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const int slot = slot_of(it->path().filename().string());
    struct stat st {};
    if (!slot) continue;
    struct stat own {};
    const bool link = ::lstat(it->path().c_str(), &own) == 0 && S_ISLNK(own.st_mode);
    if (::stat(it->path().c_str(), &st) == 0) found.push_back({slot, -1, st.st_mtim, 0, st.st_dev, st.st_ino, link});
    else if (::lstat(it->path().c_str(), &st) == 0) found.push_back({slot, -1, st.st_mtim, 0});
  }
  std::sort(found.begin(), found.end(), [](const Found& a, const Found& b) {
    if (a.mtime.tv_sec != b.mtime.tv_sec) return a.mtime.tv_sec > b.mtime.tv_sec;
    return a.mtime.tv_nsec != b.mtime.tv_nsec ? a.mtime.tv_nsec > b.mtime.tv_nsec : a.link < b.link;
  });
  return found;
}

void remove_stale_temporaries(const fs::path& dir) {
  std::error_code ec;
  const auto now = fs::file_time_type::clock::now();
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code item_ec;
    if (!core::is_temporary_file_name(it->path().filename().string()) ||
        it->symlink_status(item_ec).type() != fs::file_type::regular)
      continue;
    const auto written = fs::last_write_time(it->path(), item_ec);
    if (!item_ec && now - written > kStaleAfter) fs::remove(it->path(), item_ec);
  }
}

}  // namespace app::session_slots
