#include "core/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace core {

bool write_file_atomically(const std::string& path, std::string_view contents, std::string* error) {
  const auto fail = [&](const std::string& what, int err) {
    if (error) *error = path + ": " + what + ": " + std::strerror(err);
    return false;
  };
  // Through a symbolic link, the file it points to is replaced, not the link.
  std::error_code ec;
  std::filesystem::path target(path);
  if (std::filesystem::is_symlink(target, ec)) target = std::filesystem::weakly_canonical(target, ec);
  const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : ".";
  std::string temp = (dir / ("." + target.filename().string() + ".XXXXXX")).string();
  // A file that exists keeps its permissions; a new one is an ordinary document.
  struct stat existing {};
  const mode_t mode = ::stat(target.c_str(), &existing) == 0 ? (existing.st_mode & 07777) : 0644;

  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return fail("cannot create a temporary file beside it", errno);
  const auto abandon = [&](const char* what) {
    const int err = errno;
    ::close(fd);
    ::unlink(temp.c_str());
    return fail(what, err);
  };
  size_t written = 0;
  while (written < contents.size()) {
    const ssize_t w = ::write(fd, contents.data() + written, contents.size() - written);
    if (w < 0) {
      if (errno == EINTR) continue;
      return abandon("cannot write");
    }
    written += static_cast<size_t>(w);
  }
  if (::fchmod(fd, mode) != 0 || ::fsync(fd) != 0) return abandon("cannot write");
  ::close(fd);
  if (::rename(temp.c_str(), target.c_str()) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    return fail("cannot replace", err);
  }
  // The rename itself reaches the disk only with the directory.
  if (const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY); dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return true;
}

}  // namespace core
