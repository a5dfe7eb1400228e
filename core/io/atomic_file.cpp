#include "core/io/atomic_file.h"

#include "core/text/utf8.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

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

bool write_file_atomically(const std::string& path, std::string_view contents, std::string* error, int mode) {
  const auto fail = [&](const std::string& what, int err) {
    if (error) *error = describe_error(err) + ": cannot " + what + " " + short_path(path);
    return false;
  };
  // Through a symbolic link, the file it points to is replaced, not the link; a dangling link
  // is written through, making its target (a session kept with the dotfiles). Link by link:
  // weakly_canonical stops at a link whose target does not exist yet.
  std::filesystem::path target(path);
  for (int links = 0; ; ++links) {
    std::error_code ec;
    if (!std::filesystem::is_symlink(target, ec)) break;
    if (links == 40) return fail("follow the symbolic link", ELOOP);
    const std::filesystem::path to = std::filesystem::read_symlink(target, ec);
    if (ec) return fail("follow the symbolic link", ec.value());
    target = (to.is_absolute() ? to : target.parent_path() / to).lexically_normal();
  }
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
  if (fd < 0) return fail("create a temporary file beside", errno);
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
  // The rename itself reaches the disk only with the directory.
  if (const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY); dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
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
