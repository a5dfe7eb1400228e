// The session's slots on disk (session.cpp): session.json is slot 1, session-K.json slot K, each with
// its lock file; which slots hold a file, which are one file through links, and the temporaries a
// kill -9 left. Internal to app/files/session.cpp.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include <sys/stat.h>

namespace app::session_slots {

namespace fs = std::filesystem;

inline constexpr int kBusy = -2;  // lock(): another process holds the slot
inline constexpr auto kStaleAfter = std::chrono::seconds(10);  // a temporary file older than this is no one's write in progress

std::string slot_name(int slot);
// The slot a file name is, or 0.
int slot_of(const std::string& name);
// Whether no session is at path: no file, or a link to none (writing goes through it).
bool no_session_at(const fs::path& path);
// The slot's lock, held until the descriptor is closed (by the process's end,
// kill -9 included): a descriptor, kBusy, or -1 when no lock file can be made
// (errno says why; lock_problem puts it in words for the status line).
int lock(const fs::path& dir, int slot);
// What the status line says when a session's lock file could not be made (err): the session is
// used all the same, but another window would not know it is in use.
std::string lock_problem(int slot, int err);
// Whether another Session (in this process or another) holds the slot; no lock file is made to find out.
bool held_elsewhere(const fs::path& dir, int slot);

struct Found {
  int slot;
  int fd;  // its lock, or -1
  struct timespec mtime;
  int lock_error = 0;  // why fd is -1
  dev_t dev = 0;  // the file it is, through links (ino 0: none, a dangling link or a loop)
  ino_t ino = 0;
  bool link = false;  // a symbolic link: after the file's own name among names of one file
};

// Whether two slots are one file: links (dotfiles) that lead to the same session. A lock is a
// slot's, so such a slot is held when the other is, and is restored or folded in only once.
inline bool same_file(const Found& a, const Found& b) { return a.ino != 0 && a.dev == b.dev && a.ino == b.ino; }

// Every session file in dir, newest first (a link loop or a dangling link is one too).
std::vector<Found> session_files(const fs::path& dir);
// kill -9 in the middle of a write leaves a temporary file; an old one of our
// naming is no one's write in progress. Nothing else is touched.
void remove_stale_temporaries(const fs::path& dir);

}  // namespace app::session_slots
