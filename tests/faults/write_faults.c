/* Fault injection for attnlab's writes, by LD_PRELOAD: no seam in the program itself.
 *
 * Every file attnlab writes goes through core::write_file_atomically: a temporary file
 * ".attnlab-XXXXXX" beside the target (mkstemp), write, fchmod, fsync, close, rename over
 * the target. This library counts those calls, and only those (the temporary file's
 * descriptor, a rename from such a name), in the order they come:
 *
 *   ATTNLAB_FAULT_LOG=PATH   appends one line per counted call ("3 fsync"), and "FAULT 3 fsync"
 *                            for the call it made fail
 *   ATTNLAB_FAULT=N:ERRNO    makes the N-th counted call fail with ERRNO (ENOSPC or EIO):
 *                            it returns -1 as the system call would (a failed close still
 *                            closes, as on Linux)
 *   ATTNLAB_FAULT=N+:ERRNO   makes every counted call from the N-th on fail (a full disk), until
 *                            the file ATTNLAB_FAULT_CLEARED names exists (the space freed): a
 *                            fault that clears later. Without ATTNLAB_FAULT_CLEARED it never clears.
 *   ATTNLAB_FAULT_ONLY=TEXT  counts only the writes into a folder whose path contains TEXT (the
 *                            temporary file's, the folder's fsync): a window's export among the
 *                            layout and session files it writes too
 *
 * Besides the atomic writer's calls, these count too, as writes a user relies on:
 *
 *   dirfsync  fsync of a directory, which makes a rename reach the disk
 *   lock      opening a session's lock file ("*.lock", made when missing)
 *   aside     renaming a session aside (to "*.corrupt-*" or "*.unreadable-*")
 *
 * tests/faults/test_write_faults.py runs each write path once to count its calls, then once
 * per call and errno with that call failing.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_FD 4096

static char tracked[MAX_FD];   /* 1: a temporary file of the atomic writer's; 2: a directory */
static long counted;
static long fail_at = -1;
static int fail_from = 0;      /* N+: every call from fail_at on, until cleared */
static const char* cleared;    /* the file whose existence clears a fault from fail_at on */
static int fail_errno = ENOSPC;
static int log_fd = -1;
static const char* only;       /* count only the writes into folders whose path contains this */

static void init(void) __attribute__((constructor));
static void init(void) {
  const char* fault = getenv("ATTNLAB_FAULT");
  if (fault) {
    char* end = NULL;
    fail_at = strtol(fault, &end, 10);
    fail_from = end && *end == '+';
    const char* name = strchr(fault, ':');
    fail_errno = name && strcmp(name + 1, "EIO") == 0 ? EIO : ENOSPC;
  }
  cleared = getenv("ATTNLAB_FAULT_CLEARED");
  only = getenv("ATTNLAB_FAULT_ONLY");
  const char* log = getenv("ATTNLAB_FAULT_LOG");
  if (log) log_fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
}

/* Whether path is in a folder ATTNLAB_FAULT_ONLY lets count (every folder without it). */
static int counted_here(const char* path) { return !only || strstr(path, only) != NULL; }

/* Whether path names one of write_file_atomically's temporary files (in a folder that counts). */
static int ours(const char* path) {
  const char* slash = strrchr(path, '/');
  return strncmp(slash ? slash + 1 : path, ".attnlab-", 9) == 0 && counted_here(path);
}

/* Whether path names a session's lock file, or a session set aside. */
static int ends_with(const char* path, const char* end) {
  const size_t n = strlen(path), m = strlen(end);
  return n >= m && strcmp(path + n - m, end) == 0;
}
static int set_aside(const char* path) {
  const char* slash = strrchr(path, '/');
  const char* name = slash ? slash + 1 : path;
  return strncmp(name, "session", 7) == 0 && (strstr(name, ".corrupt-") || strstr(name, ".unreadable-"));
}

static int is_tracked(int fd) { return fd >= 0 && fd < MAX_FD && tracked[fd] == 1; }
static int is_directory(int fd) { return fd >= 0 && fd < MAX_FD && tracked[fd] == 2; }

/* Counts a call; 1 when it is the one to fail (errno is then set). */
static int counts(const char* call) {
  const long n = __atomic_add_fetch(&counted, 1, __ATOMIC_SEQ_CST);
  int fail = n == fail_at;
  if (fail_from && n >= fail_at && fail_at > 0) fail = !(cleared && access(cleared, F_OK) == 0);
  if (log_fd >= 0) dprintf(log_fd, "%s%ld %s\n", fail ? "FAULT " : "", n, call);
  if (fail) errno = fail_errno;
  return fail;
}

/* The next definition of name (libc's), found once. */
#define REAL(name) \
  static __typeof__(&name) real_##name; \
  if (!real_##name) real_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

static int temporary(int (*make)(char*), char* template_) {
  if (ours(template_) && counts("mkstemp")) return -1;
  const int fd = make(template_);
  if (fd >= 0 && fd < MAX_FD && ours(template_)) tracked[fd] = 1;
  return fd;
}

int mkstemp(char* template_) {
  REAL(mkstemp);
  return temporary(real_mkstemp, template_);
}

int mkstemp64(char* template_) {
  REAL(mkstemp64);
  return temporary(real_mkstemp64, template_);
}

ssize_t write(int fd, const void* buffer, size_t count) {
  REAL(write);
  if (is_tracked(fd) && counts("write")) return -1;
  return real_write(fd, buffer, count);
}

int fchmod(int fd, mode_t mode) {
  REAL(fchmod);
  if (is_tracked(fd) && counts("fchmod")) return -1;
  return real_fchmod(fd, mode);
}

int fsync(int fd) {
  REAL(fsync);
  if (is_tracked(fd) && counts("fsync")) return -1;
  if (is_directory(fd) && counts("dirfsync")) return -1;
  return real_fsync(fd);
}

/* A directory opened (to fsync it), and the lock files: open and open64 alike. */
static int opened(const char* path, int flags, int fd) {
  if (fd >= 0 && fd < MAX_FD) tracked[fd] = (flags & O_DIRECTORY) && counted_here(path) ? 2 : 0;
  return fd;
}

static int lock_fails(const char* path, int flags) {
  return (flags & O_CREAT) && ends_with(path, ".lock") && counted_here(path) && counts("lock");
}

int open(const char* path, int flags, ...) {
  REAL(open);
  mode_t mode = 0;
  if (flags & (O_CREAT | O_TMPFILE)) {
    va_list ap;
    va_start(ap, flags);
    mode = va_arg(ap, mode_t);
    va_end(ap);
  }
  if (lock_fails(path, flags)) return -1;
  return opened(path, flags, real_open(path, flags, mode));
}

int open64(const char* path, int flags, ...) {
  REAL(open64);
  mode_t mode = 0;
  if (flags & (O_CREAT | O_TMPFILE)) {
    va_list ap;
    va_start(ap, flags);
    mode = va_arg(ap, mode_t);
    va_end(ap);
  }
  if (lock_fails(path, flags)) return -1;
  return opened(path, flags, real_open64(path, flags, mode));
}

int close(int fd) {
  REAL(close);
  if (is_directory(fd)) tracked[fd] = 0;
  if (!is_tracked(fd)) return real_close(fd);
  tracked[fd] = 0;
  const int fail = counts("close");
  const int result = real_close(fd);
  if (fail) {
    errno = fail_errno;
    return -1;
  }
  return result;
}

int rename(const char* from, const char* to) {
  REAL(rename);
  if (ours(from) && counts("rename")) return -1;
  if (set_aside(to) && counted_here(to) && counts("aside")) return -1;
  return real_rename(from, to);
}
