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
  const std::filesystem::path target(path);
  const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : ".";
  std::string temp = (dir / ("." + target.filename().string() + ".XXXXXX")).string();

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
  // mkstemp makes the file 0600; what we save is an ordinary document.
  if (::fchmod(fd, 0644) != 0 || ::fsync(fd) != 0) return abandon("cannot write");
  ::close(fd);
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    return fail("cannot replace", err);
  }
  return true;
}

}  // namespace core
