// SPDX-License-Identifier: Apache-2.0
//===- NarrowFork.c - a narrowing trial in a fork of its own --------------===//
//
// A step whose IR the verifier rejects may have corrupted the heap of the
// process that ran it (llvm/llvm-project#102577's linalg-detensorize
// writes to a freed block), and a narrowing runs it a dozen times. Each
// such trial runs in a fork of the narrowing process, whose heap is as the
// replay of the steps before left it: the child writes its record to a
// pipe before it frees anything and ends without running destructors, the
// parent reads the record whole or not at all. A trial that dies alone
// leaves the next one a clean heap.
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

bool irsPmWriteAll(int fd, const void *data, size_t size) {
  const char *p = data;
  while (size > 0) {
    ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    size -= (size_t)n;
  }
  return true;
}

bool irsPmRunForked(void (*child)(int fd, void *userData), void *userData,
                    IrsBuf *record) {
  int p[2];
  if (pipe(p) != 0)
    return false;
  pid_t pid = fork();
  if (pid < 0) {
    close(p[0]);
    close(p[1]);
    return false;
  }
  if (pid == 0) {
    close(p[0]);
    child(p[1], userData);
    _exit(0);
  }
  close(p[1]);
  char buf[65536];
  for (;;) {
    ssize_t n = read(p[0], buf, sizeof(buf));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    irsBufAppend(record, buf, (size_t)n);
  }
  close(p[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  return !record->failed;
}
