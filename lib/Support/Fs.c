// SPDX-License-Identifier: Apache-2.0
// File-system helpers; see Fs.h.
#define _GNU_SOURCE // mkostemp, copy_file_range
#include "Fs.h"
#include "irscope/RunDir.h"
#include "irscope/Support.h"
#include "Buf.h"
#include "PrintSink.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { kBufSize = 1 << 20 };

int irsAtomicFileOpen(IrsAtomicFile *af, const char *path) {
  memset(af, 0, sizeof(*af));
  af->fd = -1;
  IrsFaultWrite fault;
  irsFaultWriteLoad(&fault);
  fault.path = path; // the caller's, for this call only
  af->fault = fault;
  af->fault.path = NULL;
  // Only regular files get the temporary-and-rename treatment: renaming
  // over /dev/null or a FIFO would replace the node itself.
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    af->buf = malloc(kBufSize);
    if (!af->buf)
      return ENOMEM;
    af->fd = open(path, O_WRONLY | O_CLOEXEC);
    if (af->fd < 0) {
      int e = errno;
      free(af->buf);
      af->buf = NULL;
      return e ? e : EIO;
    }
    af->direct = true;
    int fe = irsFaultWriteCheck(&fault);
    if (fe)
      irsAtomicFileAbort(af);
    return fe;
  }
  // mkstemp: unique even when several threads (parallel pass instances)
  // or processes write the same file at once; the pid in the name tells a
  // later run the temporary of a killed writer (RunDir.h).
  af->tmpPath = irsRunDirTemporaryTemplate(path, NULL);
  af->path = irsStrDup(path);
  af->buf = malloc(kBufSize);
  af->fault.path = af->path;
  if (!af->tmpPath || !af->path || !af->buf) {
    free(af->tmpPath);
    free(af->path);
    free(af->buf);
    memset(af, 0, sizeof(*af));
    af->fd = -1;
    return ENOMEM;
  }
  af->fd = mkostemp(af->tmpPath, O_CLOEXEC);
  if (af->fd >= 0) {
    // mkstemp creates 0600; dumps are ordinary files, honour the umask.
    mode_t um = umask(0);
    umask(um);
    fchmod(af->fd, 0666 & ~um);
    int fe = irsFaultWriteCheck(&fault);
    if (fe) {
      irsAtomicFileAbort(af);
      return fe;
    }
  }
  if (af->fd < 0) {
    int e = errno;
    free(af->tmpPath);
    free(af->path);
    free(af->buf);
    memset(af, 0, sizeof(*af));
    af->fd = -1;
    return e ? e : EIO;
  }
  return 0;
}

// write(2) behind the fault hook.
static ssize_t writeSome(IrsAtomicFile *af, const void *p, size_t n) {
  int fe = irsFaultWriteCheck(&af->fault);
  if (fe) {
    errno = fe;
    return -1;
  }
  return write(af->fd, p, n);
}

// Counts `n` bytes leaving the buffer, `p` the first of them.
static void leave(IrsAtomicFile *af, const char *p, size_t n) {
  if (!af->flushed && n)
    af->first = (unsigned char)p[0];
  af->flushed += n;
}

static void flushBuf(IrsAtomicFile *af) {
  leave(af, af->buf, af->len);
  size_t off = 0;
  while (!af->err && off < af->len) {
    ssize_t n = writeSome(af, af->buf + off, af->len - off);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      af->err = errno ? errno : EIO;
    } else {
      off += (size_t)n;
    }
  }
  af->len = 0;
}

void irsAtomicFileWrite(IrsAtomicFile *af, const void *data, size_t n) {
  if (af->err || af->fd < 0 || n == 0)
    return;
  if (af->len + n > kBufSize) {
    flushBuf(af);
    if (n >= kBufSize) {
      af->len = 0;
      const char *p = data;
      leave(af, p, n);
      while (!af->err && n) {
        ssize_t w = writeSome(af, p, n);
        if (w < 0) {
          if (errno != EINTR)
            af->err = errno ? errno : EIO;
          continue;
        }
        p += w;
        n -= (size_t)w;
      }
      return;
    }
  }
  memcpy(af->buf + af->len, data, n);
  af->len += n;
}

// Receives printed IR a token at a time (PrintSink.h): the common case is
// a copy into the buffer; a full buffer goes out by irsAtomicFileWrite.
void irsAtomicFileStringCallback(MlirStringRef s, void *userData) {
  IrsAtomicFile *af = userData;
  if (!af->err && irsPrintSinkPut(af->buf, &af->len, af->buf ? kBufSize : 0, s))
    return;
  irsAtomicFileWrite(af, s.data, s.length);
}

int irsAtomicFileOpenFd(IrsAtomicFile *af, int fd) {
  memset(af, 0, sizeof(*af));
  irsFaultWriteLoad(&af->fault);
  af->fault.path = NULL;
  af->fd = fd;
  af->direct = true;
  af->buf = malloc(kBufSize);
  if (af->buf)
    return 0;
  af->fd = -1;
  return ENOMEM;
}

// Moves bytes [*in, len) of `fd` to the handle's file inside the kernel:
// copy_file_range within one file system (a reflink where it can), else
// sendfile, which copies page to page from any file (a memfd) into the
// file's page cache. Returns 0 when done, -1 when neither applies here
// (the caller copies through the buffer), or an errno value.
static int appendInKernel(IrsAtomicFile *af, int fd, loff_t *in,
                          uint64_t len) {
  bool sameFs = true;
  while ((uint64_t)*in < len) {
    size_t want = len - (uint64_t)*in;
    off_t at = (off_t)*in;
    ssize_t n = sameFs ? copy_file_range(fd, in, af->fd, NULL, want, 0)
                       : sendfile(af->fd, fd, &at, want);
    if (!sameFs && n > 0)
      *in = at;
    if (n > 0)
      continue;
    if (n < 0 && errno == EINTR)
      continue;
    if (n == 0)
      return EIO;
    if (errno != EXDEV && errno != ENOSYS && errno != EINVAL)
      return errno;
    if (!sameFs)
      return -1;
    sameFs = false;
  }
  return 0;
}

void irsAtomicFileAppendFdFrom(IrsAtomicFile *af, int fd, uint64_t from,
                               uint64_t len) {
  flushBuf(af);
  // The kernel's copy never passes through the buffer: count it here, so
  // irsAtomicFileSize and irsAtomicFileFirstByte stay true after it.
  unsigned char first;
  if (!af->err && !af->flushed && len && pread(fd, &first, 1, from) == 1)
    af->first = first;
  loff_t in = (loff_t)from;
  uint64_t end = from + len;
  int e = af->err ? af->err : appendInKernel(af, fd, &in, end);
  if (e > 0 && !af->err)
    af->err = e;
  af->flushed += (uint64_t)in - from;
  // Where the kernel cannot copy, the bytes go through the buffer.
  while (!af->err && (uint64_t)in < end) {
    size_t want = end - (uint64_t)in < kBufSize ? end - (uint64_t)in : kBufSize;
    ssize_t r = pread(fd, af->buf, want, in);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0) {
      af->err = r < 0 ? errno : EIO;
      break;
    }
    af->len = (size_t)r;
    in += r;
    flushBuf(af);
  }
}

void irsAtomicFileAppendFd(IrsAtomicFile *af, int fd, uint64_t len) {
  irsAtomicFileAppendFdFrom(af, fd, 0, len);
}

static void release(IrsAtomicFile *af) {
  free(af->tmpPath);
  free(af->path);
  free(af->buf);
  memset(af, 0, sizeof(*af));
  af->fd = -1;
}

int irsAtomicFileCommit(IrsAtomicFile *af) {
  if (af->fd < 0)
    return EINVAL;
  flushBuf(af);
  if (close(af->fd) != 0 && !af->err)
    af->err = errno ? errno : EIO;
  af->fd = -1;
  int err = af->err;
  if (af->direct) {
    release(af);
    return err;
  }
  if (!err)
    err = irsFaultWriteCheck(&af->fault);
  if (!err && rename(af->tmpPath, af->path) != 0)
    err = errno ? errno : EIO;
  if (err)
    unlink(af->tmpPath);
  release(af);
  return err;
}

void irsAtomicFileAbort(IrsAtomicFile *af) {
  if (af->fd >= 0) {
    close(af->fd);
    if (!af->direct)
      unlink(af->tmpPath);
  }
  release(af);
}

// One loop for both; `positional` writes at `at` instead of the offset.
static int writeLoop(int fd, const char *p, size_t n, bool positional,
                     off_t at) {
  while (n) {
    ssize_t w = positional ? pwrite(fd, p, n, at) : write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return w < 0 && errno ? errno : EIO;
    p += w;
    n -= (size_t)w;
    at += w;
  }
  return 0;
}

int irsWriteAll(int fd, const void *data, size_t n) {
  return writeLoop(fd, data, n, false, 0);
}

int irsPwriteAll(int fd, const void *data, size_t n, off_t at) {
  return writeLoop(fd, data, n, true, at);
}

static double nowMs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

bool irsReadAllWithin(int fd, pid_t pid, int timeoutMs, IrsBuf *out) {
  double deadline = nowMs() + timeoutMs;
  char buf[65536];
  for (;;) {
    if (timeoutMs > 0) {
      double left = deadline - nowMs();
      struct pollfd p = {fd, POLLIN, 0};
      int r = left > 0 ? poll(&p, 1, (int)left + 1) : 0;
      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0) {
        kill(pid, SIGKILL);
        return false;
      }
    }
    ssize_t n = read(fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return true;
    irsBufAppend(out, buf, (size_t)n);
  }
}

int irsWriteFileAtomic(const char *path, const void *data, size_t n) {
  IrsAtomicFile af;
  int e = irsAtomicFileOpen(&af, path);
  if (e)
    return e;
  irsAtomicFileWrite(&af, data, n);
  return irsAtomicFileCommit(&af);
}

int irsCopyFileAtomic(const char *from, const char *to) {
  int in = open(from, O_RDONLY | O_CLOEXEC);
  if (in < 0)
    return errno;
  IrsAtomicFile af;
  int e = irsAtomicFileOpen(&af, to);
  if (e) {
    close(in);
    return e;
  }
  // The kernel copies; a file system or kernel without it (EXDEV, ENOSYS,
  // EINVAL) falls back to read and write through the file's buffer.
  ssize_t n = 1;
  bool kernel = !af.direct;
  while (kernel && !af.err && !(af.err = irsFaultWriteCheck(&af.fault)) &&
         (n = copy_file_range(in, NULL, af.fd, NULL, 1 << 30, 0)) > 0)
    ;
  if (kernel && n < 0 && errno != EXDEV && errno != ENOSYS && errno != EINVAL)
    af.err = errno;
  else if (!kernel || n < 0) {
    char buf[1 << 16];
    lseek(in, 0, SEEK_SET);
    while (!af.err && (n = read(in, buf, sizeof(buf))) > 0)
      irsAtomicFileWrite(&af, buf, (size_t)n);
    if (n < 0 && !af.err)
      af.err = errno;
  }
  close(in);
  return irsAtomicFileCommit(&af);
}

int irsFileWriteAtomic(const char *path, const void *data, size_t size) {
  return irsWriteFileAtomic(path, data, size);
}

int irsMkdirP(const char *path) {
  if (!*path)
    return ENOENT;
  char *p = irsStrDup(path);
  if (!p)
    return ENOMEM;
  size_t len = strlen(p);
  while (len > 1 && p[len - 1] == '/')
    p[--len] = '\0';
  for (char *s = p + 1; *s; ++s) {
    if (*s != '/')
      continue;
    *s = '\0';
    if (mkdir(p, 0777) != 0 && errno != EEXIST) {
      int e = errno;
      free(p);
      return e;
    }
    *s = '/';
  }
  int rc = 0;
  if (mkdir(p, 0777) != 0) {
    if (errno == EEXIST) {
      struct stat st;
      if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode))
        rc = ENOTDIR;
    } else {
      rc = errno;
    }
  }
  free(p);
  return rc;
}

char *irsPathJoin(const char *dir, const char *name) {
  IrsBuf b = IRS_BUF_INIT;
  size_t n = strlen(dir);
  irsBufAppendStr(&b, dir);
  if (n && dir[n - 1] != '/')
    irsBufAppendStr(&b, "/");
  irsBufAppendStr(&b, name);
  return irsBufDetach(&b);
}

void irsSanitizeFileName(MlirStringRef s, char *out, size_t maxLen) {
  size_t n = s.length < maxLen ? s.length : maxLen;
  for (size_t i = 0; i < n; ++i) {
    char c = s.data[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    out[i] = ok ? c : '_';
  }
  out[n] = '\0';
}

// nftw visits the top directory last (FTW_DEPTH), at level 0.
static int removeBelowTop(const char *path, const struct stat *st, int flag,
                          struct FTW *ftw) {
  (void)st, (void)flag;
  if (ftw->level > 0)
    remove(path);
  return 0;
}

void irsRemoveTree(const char *path, bool keepTop) {
  nftw(path, removeBelowTop, 16, FTW_DEPTH | FTW_PHYS);
  if (!keepTop)
    rmdir(path);
}

FILE *irsTempFileOpen(void) {
  const char *tmp = getenv("TMPDIR");
  char *path = irsPathJoin(tmp && *tmp ? tmp : "/tmp", "irscope-XXXXXX");
  if (!path) {
    errno = ENOMEM;
    return NULL;
  }
  int fd = mkostemp(path, O_CLOEXEC);
  if (fd >= 0)
    unlink(path);
  free(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w+e") : NULL;
  if (!f && fd >= 0)
    close(fd);
  return f;
}
