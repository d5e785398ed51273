// SPDX-License-Identifier: Apache-2.0
// Temporary redirection of fd 2 around pipeline builds; see StderrCatch.h.
#include "StderrCatch.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct Catch {
  int savedFd; // -1 when not catching
  int tmpFd;
} Catch;

// One per process: builds are never nested, and a tool is one process.
static Catch theCatch = {-1, -1};

static void begin(void *ud) {
  Catch *c = ud;
  c->savedFd = -1;
  c->tmpFd = -1;
  fflush(stderr);
  FILE *t = tmpfile();
  if (!t)
    return;
  int fd = fcntl(fileno(t), F_DUPFD_CLOEXEC, 0);
  fclose(t);
  if (fd < 0)
    return;
  int saved = fcntl(2, F_DUPFD_CLOEXEC, 0);
  if (saved < 0 || dup2(fd, 2) < 0) {
    if (saved >= 0)
      close(saved);
    close(fd);
    return;
  }
  c->savedFd = saved;
  c->tmpFd = fd;
}

static void end(void *ud, MlirStringCallback cb, void *cbData) {
  Catch *c = ud;
  if (c->savedFd < 0)
    return;
  fflush(stderr);
  dup2(c->savedFd, 2);
  close(c->savedFd);
  if (lseek(c->tmpFd, 0, SEEK_SET) == 0) {
    char buf[4096];
    ssize_t n;
    while ((n = read(c->tmpFd, buf, sizeof(buf))) > 0)
      cb(mlirStringRefCreate(buf, (size_t)n), cbData);
  }
  close(c->tmpFd);
  c->savedFd = c->tmpFd = -1;
}

IrsStderrCatcher irsToolStderrCatcher(void) {
  return (IrsStderrCatcher){begin, end, &theCatch};
}
