// SPDX-License-Identifier: Apache-2.0
//===- OwnTemps.c - this process's temporaries, removed on a fatal signal -===//
//
// See OwnTemps.h. Process state, because a signal handler reads it: the
// directories are opened and the name's pid part is formatted when watched,
// so the handler only reads directory entries and unlinks.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "OwnTemps.h"

#include "irscope/RunDir.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { kMaxDirs = 4 };

static int dirFds[kMaxDirs];
static int numDirs;
static char infix[48]; // ".tmp-<pid>-"
static size_t infixLen;

void irsToolOwnTempsWatch(const char *path) {
  if (!path || !*path || !strcmp(path, "-") || numDirs == kMaxDirs)
    return;
  char dir[4096];
  const char *slash = strrchr(path, '/');
  if (!slash)
    snprintf(dir, sizeof(dir), ".");
  else
    snprintf(dir, sizeof(dir), "%.*s",
             (int)(slash == path ? 1 : slash - path), path);
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return;
  int n = snprintf(infix, sizeof(infix), IRS_RUN_DIR_TEMP_INFIX "%ld-",
                   (long)getpid());
  infixLen = n > 0 ? (size_t)n : 0;
  dirFds[numDirs++] = fd;
}

// strstr is not on POSIX's list of async-signal-safe functions.
static int contains(const char *s, const char *part, size_t n) {
  for (; *s; ++s)
    if (!memcmp(s, part, n))
      return 1;
  return 0;
}

// One linux_dirent64 as getdents64 fills the buffer.
typedef struct Dirent64 {
  uint64_t ino;
  int64_t off;
  unsigned short reclen;
  unsigned char type;
  char name[];
} Dirent64;

void irsToolOwnTempsRemove(void) {
  if (!infixLen)
    return;
  for (int k = 0; k < numDirs; ++k) {
    int fd = dirFds[k];
    if (lseek(fd, 0, SEEK_SET) < 0)
      continue;
    _Alignas(8) char buf[8192];
    long n;
    while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
      for (long at = 0; at < n;) {
        Dirent64 *e = (Dirent64 *)(buf + at);
        at += e->reclen;
        if (contains(e->name, infix, infixLen))
          unlinkat(fd, e->name, 0);
      }
    }
  }
}
