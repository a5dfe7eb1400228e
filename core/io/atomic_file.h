// Files on disk, for documents and the session alike.
//
// Writing so that a crash, a kill or a full disk never leaves half of a file:
// a temporary file in the same directory, flushed to disk, then renamed over
// the target. Readers see the old file or the new one, nothing between.
//
// Reading only what is a regular file (a FIFO would block forever, a device
// never ends), at most a given size, and saying what went wrong in words of
// the errno, not a catch-all "cannot be read".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace core {

// The mode a new file gets when write_file_atomically is not told one; an
// existing file keeps its own.
inline constexpr int kKeepMode = -1;

// Where a write to path lands, as the kernel resolves it: the folders walked
// name by name from the working directory (or /), each link read and followed
// from the real folder it is in, so that "d/.." is the folder above the one d
// leads to, not "."; then the last name, followed the same way while it is a
// link (a link to a file that does not exist yet leads to that file).
struct WriteTarget {
  std::string path;          // absolute, every link on the way followed: what rename() replaces
  std::string missing;       // the first folder on the way that does not exist (absolute, real), or ""
  bool through_link = false; // the last name was a link: the file written has another name
  int links = 0;             // how many links were followed on the way
  int error = 0;             // ELOOP: more than 40 links; or no name for the working directory, a link that
                             // could not be read (the errno): path is then empty, and nothing is written
};
WriteTarget write_target(const std::string& path);

// Whether a write to output would replace the file at existing (the input FILE): the same
// file (device and inode, a hard link too) when both exist, else the same place once both are
// resolved as write_target resolves them; only when one cannot be resolved (a loop of links,
// no working directory, a folder missing on the way), the same path once "." and ".." are taken out.
bool writes_over(const std::string& output, const std::string& existing);

// Returns false and sets *error (the reason first, then the path, shortened
// when long) on failure; the file at path is then untouched and no temporary
// file is left behind, except when only the folder's fsync after the rename
// failed: the new file is then in place, whole, and *error says it may not
// reach the disk. The temporary file is ".attnlab-XXXXXX" beside the
// target, short whatever the target's name. mode (e.g. 0600): the file gets
// exactly it, whatever the old file had; kKeepMode: an existing file keeps
// its permissions (never set-user-ID, set-group-ID or sticky), a new one is
// 0666 less the umask, as open() makes it. A path that exists and is not a
// regular file (a FIFO, a device, a socket, a directory) is refused. Through
// a symbolic link, the file it leads to (write_target) is replaced and the
// link kept; a folder missing on the way is named in the error. *in_place: whether the new
// file is in place, true on success and when only the folder's fsync failed (the one false
// return after which the file was written: a caller may count it written, and warn).
bool write_file_atomically(const std::string& path, std::string_view contents, std::string* error = nullptr,
                           int mode = kKeepMode, bool* in_place = nullptr);

// Whether name is one of write_file_atomically's temporary files, or one of
// the "<.name>.XXXXXX" it made before the names were kept short.
bool is_temporary_file_name(std::string_view name);

// What tells one version of a file from another without reading it: the inode it is (an
// atomic save makes a new one), its size and the time it was last written, to the nanosecond.
struct FileStamp {
  unsigned long long device = 0, inode = 0;
  long long size = -1, seconds = 0, nanoseconds = 0;  // size −1: no file there

  bool operator==(const FileStamp&) const = default;
};
// path's stamp now (through symbolic links); size −1 when nothing is there.
FileStamp file_stamp(const std::string& path);

struct FileRead {
  enum class Problem { None, Missing, Directory, NotRegular, Unreadable, TooLarge };
  Problem problem = Problem::None;
  std::string text;    // the contents when problem is None; TooLarge: the first max_bytes
  std::string reason;  // what is wrong, in words: "a loop of symbolic links", "a FIFO", ...
};

// Reads path when it is a regular file (through symbolic links) of at most
// max_bytes; never waits on a FIFO and never reads more than max_bytes + 1.
FileRead read_regular_file(const std::string& path, size_t max_bytes);

// Why a file could not be read, after its path, for a reader's message: "PATH: no such file", "PATH: is a
// directory, not WHAT", "PATH: larger than LIMIT", "PATH: cannot be read: REASON". Empty when it was read.
std::string read_problem(const std::string& path, const FileRead& file, std::string_view what, std::string_view limit);

// A reader's file: read whole (at most max_bytes), given to parse (text → a Load with `errors`), and every
// message then begun with its path; or read_problem's message alone when it could not be read.
template <class Load, class Parse>
Load load_file_with(const std::string& path, size_t max_bytes, std::string_view what, std::string_view limit, Parse parse) {
  Load out;
  const FileRead file = read_regular_file(path, max_bytes);
  if (std::string problem = read_problem(path, file, what, limit); !problem.empty()) {
    out.errors.push_back(std::move(problem));
    return out;
  }
  out = parse(file.text);
  for (std::string& e : out.errors) e = path + ": " + e;
  return out;
}

// What an errno means for a path, in words a user can act on. path_lookup:
// the error came while finding the file (stat), not while opening it, so
// EACCES is a directory on the way that cannot be searched.
std::string describe_error(int err, bool path_lookup = false);

// A path for a message: whole when it has at most max_chars characters, else
// its beginning and its end (the file name) with "…" between. File names are
// bytes: one that is not UTF-8 is shown with U+FFFD (core::valid_utf8), as the
// status line and the title want UTF-8.
std::string short_path(std::string_view path, size_t max_chars = 60);

}  // namespace core
