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
 *
 * tests/faults/test_write_faults.py runs each write path once to count its calls, then once
 * per call and errno with that call failing.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_FD 4096

static char tracked[MAX_FD];
static long counted;
static long fail_at = -1;
static int fail_errno = ENOSPC;
static int log_fd = -1;

static void init(void) __attribute__((constructor));
static void init(void) {
  const char* fault = getenv("ATTNLAB_FAULT");
  if (fault) {
    fail_at = strtol(fault, NULL, 10);
    const char* name = strchr(fault, ':');
    fail_errno = name && strcmp(name + 1, "EIO") == 0 ? EIO : ENOSPC;
  }
  const char* log = getenv("ATTNLAB_FAULT_LOG");
  if (log) log_fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
}

/* Whether path names one of write_file_atomically's temporary files. */
static int ours(const char* path) {
  const char* slash = strrchr(path, '/');
  return strncmp(slash ? slash + 1 : path, ".attnlab-", 9) == 0;
}

static int is_tracked(int fd) { return fd >= 0 && fd < MAX_FD && tracked[fd]; }

/* Counts a call; 1 when it is the one to fail (errno is then set). */
static int counts(const char* call) {
  const long n = __atomic_add_fetch(&counted, 1, __ATOMIC_SEQ_CST);
  const int fail = n == fail_at;
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
  return real_fsync(fd);
}

int close(int fd) {
  REAL(close);
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
  return real_rename(from, to);
}
