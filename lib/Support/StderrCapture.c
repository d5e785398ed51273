// SPDX-License-Identifier: Apache-2.0
// Temporary redirection of fd 2; see StderrCapture.h.
#include "StderrCapture.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void irsStderrCaptureBegin(IrsStderrCapture *c) {
  c->savedFd = -1;
  c->tmpFd = -1;
  fflush(stderr);
  FILE *t = tmpfile();
  if (!t)
    return;
  int fd = dup(fileno(t));
  fclose(t);
  if (fd < 0)
    return;
  int saved = dup(2);
  if (saved < 0 || dup2(fd, 2) < 0) {
    if (saved >= 0)
      close(saved);
    close(fd);
    return;
  }
  c->savedFd = saved;
  c->tmpFd = fd;
}

void irsStderrCaptureEnd(IrsStderrCapture *c, IrsBuf *out) {
  if (c->savedFd < 0)
    return;
  fflush(stderr);
  dup2(c->savedFd, 2);
  close(c->savedFd);
  if (lseek(c->tmpFd, 0, SEEK_SET) == 0) {
    char buf[4096];
    ssize_t n;
    while ((n = read(c->tmpFd, buf, sizeof(buf))) > 0)
      irsBufAppend(out, buf, (size_t)n);
  }
  close(c->tmpFd);
  c->savedFd = c->tmpFd = -1;
}
