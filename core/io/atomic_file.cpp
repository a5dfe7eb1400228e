#include "core/io/atomic_file.h"

#include "core/text/utf8.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <deque>
#include <filesystem>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace core {

namespace {

// Short whatever the target's name: "." + a 254-byte name + ".XXXXXX" would
// not fit in the file system's 255 bytes, and the target itself does.
constexpr char kTemporaryPrefix[] = ".attnlab-";

bool random_suffix(std::string_view s) {
  if (s.size() != 6) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
  return true;
}

std::string file_kind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a file of data";
}

// The process's umask, for a new file's mode as open() would make it (0644 under the usual 022).
mode_t current_umask() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

}  // namespace

std::string describe_error(int err, bool path_lookup) {
  switch (err) {
    case EACCES:
    case EPERM:
      return path_lookup ? std::string(std::strerror(err)) + " (a directory on its path cannot be entered)"
                         : std::strerror(err);
    case ELOOP: return std::string(std::strerror(err)) + " (a loop of symbolic links)";
    case ENAMETOOLONG:
      return std::string(std::strerror(err)) + " (the path or a name in it is longer than the file system allows)";
    default: return std::strerror(err);
  }
}

std::string short_path(std::string_view path, size_t max_chars) {
  const std::u32string chars = decode_utf8(path);  // a byte that is not UTF-8 is shown as U+FFFD
  if (chars.size() <= max_chars || max_chars < 8) return valid_utf8(path);
  // The end names the file: it gets two thirds.
  const size_t tail = max_chars * 2 / 3, head = max_chars - tail - 1;
  std::string out;
  for (size_t i = 0; i < head; ++i) append_utf8(out, chars[i]);
  out += "\u2026";
  for (size_t i = chars.size() - tail; i < chars.size(); ++i) append_utf8(out, chars[i]);
  return out;
}

bool is_temporary_file_name(std::string_view name) {
  const std::string_view prefix(kTemporaryPrefix);
  if (name.size() == prefix.size() + 6 && name.substr(0, prefix.size()) == prefix)
    return random_suffix(name.substr(prefix.size()));
  // Before: "." + the target's name + ".XXXXXX", for the session and kept unsaved changes.
  const bool ours = name.rfind(".session", 0) == 0 || name.rfind(".unsaved-", 0) == 0;
  return ours && name.size() > 13 && name.substr(name.size() - 12, 6) == ".json." &&
         random_suffix(name.substr(name.size() - 6));
}

WriteTarget write_target(const std::string& path) {
  namespace fs = std::filesystem;
  WriteTarget t;
  if (path.empty()) return t;
  // The folder reached so far: real (no link in it) and existing, so that ".." is its parent.
  fs::path real = "/";
  if (!fs::path(path).is_absolute()) {
    std::error_code ec;
    real = fs::current_path(ec);  // getcwd: the kernel's own name for it
    if (ec || !real.is_absolute()) {
      // No name for the working directory (removed, or too long): its links cannot be followed
      // from it, and a path not resolved is not written to.
      t.error = ec ? ec.value() : ENOENT;
      return t;
    }
  }
  std::deque<std::string> names;
  for (const fs::path& name : fs::path(path).relative_path()) names.push_back(name.string());
  // Where the kernel would stop (nothing there, a name it cannot look up, a file that is not a
  // folder): the rest as given, for the write itself to fail on as the kernel fails.
  const auto stop_at = [&](fs::path at) {
    for (const std::string& name : names) at /= name;
    t.path = at.string();
    return t;
  };
  while (!names.empty()) {
    const std::string name = names.front();
    names.pop_front();
    if (name.empty() || name == ".") continue;
    if (name == "..") {
      real = real.parent_path();  // of a real folder: the folder above it ("/" above "/")
      continue;
    }
    const fs::path next = real / name;
    struct stat st {};
    if (::lstat(next.c_str(), &st) != 0) {
      if (errno == ENOENT && !names.empty()) t.missing = next.string();
      return stop_at(next);  // the last name missing: the file the write makes
    }
    if (S_ISLNK(st.st_mode)) {
      if (++t.links > 40) {
        t.error = ELOOP;
        return t;
      }
      std::error_code ec;
      const fs::path to = fs::read_symlink(next, ec);
      if (ec) {  // a link lstat saw and readlink cannot read (gone meanwhile): not written through blindly
        t.error = ec.value();
        return t;
      }
      if (names.empty()) t.through_link = true;
      // The link's names in its place, read from the folder the link is in (real), or from /.
      std::vector<std::string> its;
      for (const fs::path& part : to.relative_path()) its.push_back(part.string());
      names.insert(names.begin(), its.begin(), its.end());
      if (to.is_absolute()) real = "/";
      continue;
    }
    if (names.empty()) {
      t.path = next.string();  // the last name: a file, or what the writer will refuse
      return t;
    }
    if (!S_ISDIR(st.st_mode)) return stop_at(next);  // "file/x": the kernel says ENOTDIR
    real = next;
  }
  t.path = real.string();  // the path ended in a folder ("d/..", "d/"): the writer refuses it
  return t;
}

bool writes_over(const std::string& output, const std::string& existing) {
  namespace fs = std::filesystem;
  if (output.empty() || existing.empty()) return false;
  const WriteTarget out = write_target(output), in = write_target(existing);
  if (!out.error && !in.error && out.missing.empty() && in.missing.empty()) {
    // Where the kernel leads each: the same file when both exist, else the same resolved place
    // ("d/../ex.json" with d a link is beside what d leads to, whatever ./ex.json is).
    struct stat a {}, b {};
    if (::stat(out.path.c_str(), &a) == 0 && ::stat(in.path.c_str(), &b) == 0)
      return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
    return out.path == in.path;
  }
  // Only where a path cannot be resolved (a loop, no working directory, a folder missing on the
  // way: "sub/../a.json" beside a.json with no sub): the names without "." and "..", refused though
  // the kernel would fail on it, rather than risk the file.
  std::error_code ec_out, ec_in;
  const fs::path a = fs::absolute(output, ec_out), b = fs::absolute(existing, ec_in);
  if (ec_out || ec_in) return fs::path(output).lexically_normal() == fs::path(existing).lexically_normal();
  return a.lexically_normal() == b.lexically_normal();
}

bool write_file_atomically(const std::string& path, std::string_view contents, std::string* error, int mode,
                           bool* in_place) {
  if (in_place) *in_place = false;
  const auto fail = [&](const std::string& what, int err) {
    if (error) *error = describe_error(err) + ": cannot " + what + " " + short_path(path);
    return false;
  };
  // Through a symbolic link, the file it points to is replaced, not the link; a dangling link
  // is written through, making its target (a session kept with the dotfiles). Resolved as the
  // kernel resolves it: "d/../out.svg" with d a link is beside what d leads to, not "./out.svg".
  const WriteTarget where = write_target(path);
  if (where.error) return fail(where.error == ELOOP ? "follow the symbolic link" : "resolve the path", where.error);
  const std::filesystem::path target(where.path);
  const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : ".";
  std::string temp = (dir / (std::string(kTemporaryPrefix) + "XXXXXX")).string();
  // Only a regular file is replaced: renamed over, a device, a FIFO or a socket would become
  // a file of ours (/dev/full, as root), and a directory cannot take a file's place.
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) {
    if (error)
      *error = short_path(path) + " is " + (S_ISDIR(existing.st_mode) ? "a directory" : file_kind(existing.st_mode)) +
               ", not a regular file: nothing was written";
    return false;
  }
  // A file that exists keeps its permissions, unless told otherwise; a new one is an ordinary
  // document. Never set-user-ID, set-group-ID or sticky: those are for files made on purpose.
  const mode_t new_mode = mode != kKeepMode ? static_cast<mode_t>(mode & 0777)
                          : exists            ? (existing.st_mode & 0777)
                                              : (0666 & ~current_umask());

  const int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    const int err = errno;
    fail("create a temporary file beside", err);
    // Through links, the folder that is missing is not one the path names: say which.
    if (error && err == ENOENT && where.links > 0 && !where.missing.empty())
      *error += " (it leads into " + short_path(where.missing) + ", which does not exist)";
    return false;
  }
  const auto abandon = [&](const char* what) {
    const int err = errno;
    ::close(fd);
    ::unlink(temp.c_str());
    return fail(what, err);
  };
  size_t written = 0;
  while (written < contents.size()) {
    const ssize_t w = ::write(fd, contents.data() + written, contents.size() - written);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      if (w == 0) errno = EIO;  // no progress and no reason: do not spin
      return abandon("write");
    }
    written += static_cast<size_t>(w);
  }
  if (::fchmod(fd, new_mode) != 0) return abandon("set the permissions of a temporary file beside");
  if (::fsync(fd) != 0) return abandon("write");
  // A file system may report a failed write only when the file is closed (NFS).
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    return fail("write", err);
  }
  if (::rename(temp.c_str(), target.c_str()) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    return fail("replace", err);
  }
  if (in_place) *in_place = true;
  // The rename itself reaches the disk only with the directory: a failure there is said, for the
  // new file may not survive a power cut (it is whole and in place; a file system that cannot
  // sync a directory at all, EINVAL, is not one).
  if (const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir_fd >= 0) {
    const int synced = ::fsync(dir_fd), err = errno;
    ::close(dir_fd);
    if (synced != 0 && err != EINVAL) {
      if (error)
        *error = describe_error(err) + ": cannot make sure that " + short_path(path) +
                 " reaches the disk (written, but its folder could not be synced)";
      return false;
    }
  }
  return true;
}

FileStamp file_stamp(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return {};
  return {static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino),
          static_cast<long long>(st.st_size), static_cast<long long>(st.st_mtim.tv_sec),
          static_cast<long long>(st.st_mtim.tv_nsec)};
}

std::string read_problem(const std::string& path, const FileRead& file, std::string_view what, std::string_view limit) {
  switch (file.problem) {
    case FileRead::Problem::None: return "";
    case FileRead::Problem::Missing: return path + ": no such file";
    case FileRead::Problem::Directory: return path + ": is a directory, not " + std::string(what);
    case FileRead::Problem::TooLarge: return path + ": larger than " + std::string(limit);
    default: return path + ": cannot be read: " + file.reason;
  }
}

FileRead read_regular_file(const std::string& path, size_t max_bytes) {
  FileRead r;
  const auto problem = [&](FileRead::Problem p, std::string reason) {
    r.problem = p;
    r.reason = std::move(reason);
    r.text.clear();
    return r;
  };
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    const int err = errno;
    if (err == ENOENT || err == ENOTDIR) return problem(FileRead::Problem::Missing, std::strerror(err));
    return problem(FileRead::Problem::Unreadable, describe_error(err, /*path_lookup=*/true));
  }
  if (S_ISDIR(st.st_mode)) return problem(FileRead::Problem::Directory, "a directory");
  if (!S_ISREG(st.st_mode)) return problem(FileRead::Problem::NotRegular, file_kind(st.st_mode));
  // O_NONBLOCK: had it become a FIFO since the stat, the open would wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return problem(FileRead::Problem::Unreadable, describe_error(errno));
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return problem(FileRead::Problem::NotRegular, file_kind(st.st_mode));
  }
  // At most one byte past the limit, in chunks: a huge file costs nothing,
  // and a small one no zeroed buffer of the limit's size.
  constexpr size_t kChunk = 64 * 1024;
  // Room for the size the file has now (and a chunk past it, where the loop looks for more): a string grown
  // chunk by chunk doubles its room, and a 300 MB heads file would briefly cost 800 MB.
  r.text.reserve(std::min(static_cast<size_t>(std::max<off_t>(st.st_size, 0)), max_bytes) + kChunk);
  size_t got = 0;
  while (got <= max_bytes) {
    r.text.resize(got + std::min(kChunk, max_bytes + 1 - got));
    const ssize_t n = ::read(fd, r.text.data() + got, r.text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      return problem(FileRead::Problem::Unreadable, describe_error(err));
    }
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  if (got > max_bytes) {
    // Its first max_bytes stay: enough to tell what kind of file it is (is_result_file reads 4 KiB).
    r.text.resize(max_bytes);
    r.problem = FileRead::Problem::TooLarge;
    r.reason = "larger than " + std::to_string(max_bytes) + " bytes";
    return r;
  }
  r.text.resize(got);
  return r;
}

}  // namespace core
