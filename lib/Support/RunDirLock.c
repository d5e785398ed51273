// SPDX-License-Identifier: Apache-2.0
//===- RunDirLock.c - one run at a time in a run directory ----------------===//
//
// Two runs pointed at one dump or failure directory (two terminals, a CI
// retry) would interleave numbered dumps, manifests and reports. The first
// run locks the directory with flock(2) on a file inside it; the second is
// refused while the first lives. flock, not a pid file: the kernel releases
// it when the owner dies, even by SIGKILL, so there is no stale lock to
// clear, and forked workers share the owner's lock (one open file
// description). The file holds the owner's pid, for the refusal's message.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/RunDir.h"

#include "Buf.h"
#include "Fs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static IrsErrorKind lockFailed(IrsErrorKind k, IrsBuf *b,
                               MlirStringCallback message, void *ud) {
  if (message)
    message(irsBufRef(b), ud);
  irsBufFree(b);
  return k;
}

// The owner's pid as it wrote it; 0 when unknown.
static long ownerPid(int fd) {
  char buf[24] = {0};
  ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
  return n > 0 ? strtol(buf, NULL, 10) : 0;
}

// Whether `fd` is still the file named `path`: an owner that removed the
// lock file (irsRunDirUnlock) after this process opened it leaves a lock
// on an unlinked file, which locks nothing.
static bool isCurrent(int fd, const char *path) {
  struct stat a, b;
  return fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_ino == b.st_ino &&
         a.st_dev == b.st_dev;
}

// One attempt: 1 locked, 0 try again, -1 failed (reason in `b`).
static int tryLock(const char *path, const char *dir, const char *what,
                   int *lockFd, IrsBuf *b, IrsErrorKind *k) {
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) {
    irsBufPrintf(b, "cannot write to %s '%s': %s", what, dir, strerror(errno));
    *k = IRS_ERR_IO;
    return -1;
  }
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    int e = errno;
    if (e == EWOULDBLOCK) {
      long pid = ownerPid(fd);
      irsBufPrintf(b, "%s '%s' is in use by another run", what, dir);
      if (pid > 0)
        irsBufPrintf(b, " (pid %ld)", pid);
      irsBufPrintf(b, "; wait for it to end or choose another directory");
      *k = IRS_ERR_USAGE;
    } else {
      irsBufPrintf(b, "cannot lock %s '%s': %s", what, dir, strerror(e));
      *k = IRS_ERR_IO;
    }
    close(fd);
    return -1;
  }
  if (!isCurrent(fd, path)) {
    close(fd);
    return 0;
  }
  char pid[24];
  int n = snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
  // Only the refusal's message reads it: failing to write it is no error.
  if (ftruncate(fd, 0) == 0)
    (void)!pwrite(fd, pid, (size_t)n, 0);
  *lockFd = fd;
  return 1;
}

IrsErrorKind irsRunDirLock(const char *dir, const char *what, int *lockFd,
                           bool *created, MlirStringCallback message,
                           void *ud) {
  *lockFd = -1;
  *created = false;
  IrsBuf b = IRS_BUF_INIT;
  struct stat st;
  bool existed = stat(dir, &st) == 0;
  int e = irsMkdirP(dir);
  if (e) {
    irsBufPrintf(&b, "cannot create %s '%s': %s", what, dir, strerror(e));
    return lockFailed(IRS_ERR_IO, &b, message, ud);
  }
  char *path = irsPathJoin(dir, IRS_RUN_DIR_LOCK);
  if (!path) {
    irsBufPrintf(&b, "out of memory");
    return lockFailed(IRS_ERR_NOMEM, &b, message, ud);
  }
  IrsErrorKind k = IRS_OK;
  int r = 0;
  for (int tries = 0; r == 0 && tries < 16; ++tries)
    r = tryLock(path, dir, what, lockFd, &b, &k);
  free(path);
  if (r == 0) {
    irsBufPrintf(&b, "cannot lock %s '%s': its lock file keeps changing", what,
                 dir);
    k = IRS_ERR_IO;
  }
  if (r != 1)
    return lockFailed(k, &b, message, ud);
  *created = !existed;
  irsBufFree(&b);
  return IRS_OK;
}

void irsRunDirUnlock(const char *dir, int lockFd, bool removeIfEmpty) {
  if (lockFd < 0)
    return;
  // Removed while still held, so that a finished run leaves only its own
  // files: a run that opened the old file meanwhile finds it is no longer
  // current and takes a fresh one (isCurrent).
  char *path = irsPathJoin(dir, IRS_RUN_DIR_LOCK);
  if (path)
    unlink(path);
  free(path);
  if (removeIfEmpty)
    rmdir(dir); // fails, as meant, when the run left anything in it
  close(lockFd);
}
