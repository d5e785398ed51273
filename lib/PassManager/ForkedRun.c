// SPDX-License-Identifier: Apache-2.0
//===- ForkedRun.c - a run whose heap effects nobody else sees ------------===//
//
// A step may corrupt the heap of the process that runs it
// (llvm/llvm-project#102577's linalg-detensorize writes to a freed block),
// and a run that only serves irscope must not change what the user's run
// does: a narrowing runs the step a dozen times, --check-determinism's
// second run frees blocks the next step of the user's run would have
// found. Each such run goes to a fork of the calling process, whose heap is
// the caller's as it is now: the child writes its record to a pipe before
// it frees anything and ends without running destructors, the parent reads
// the record whole or not at all. A child that dies alone leaves its
// parent's heap as it was; the signal it died of is the parent's to
// judge (a crash narrowed in forked trials, NarrowStep.c).
//
// The child dies with its parent (an interrupted or timed-out worker
// leaves no child behind), holds none of its parent's descriptors but the
// record's (a supervisor waiting for the end of its worker's pipes does
// not wait for it), says nothing and dies by its signals plainly (its
// crash is the parent's to judge, from a short record), and must not use
// a thread pool: threads are not copied by fork, so the caller forks with
// its context's threading off.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // close_range
#include "PassManagerImpl.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

// The child's setup: tied to the parent, silent, dying by its own signal,
// the record's descriptor its only one; returns that descriptor.
static int quietChild(pid_t parent, int fd) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) // the parent died before prctl
    _exit(1);
  if (fd != 3 && dup2(fd, 3) == 3)
    fd = 3;
  close_range((unsigned)fd + 1, ~0U, 0);
  for (int k = STDERR_FILENO + 1; k < fd; ++k)
    close(k);
  static const int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
                                SIGTRAP, SIGINT, SIGTERM};
  for (size_t k = 0; k < sizeof(crashes) / sizeof(crashes[0]); ++k)
    signal(crashes[k], SIG_DFL);
  int null = open("/dev/null", O_WRONLY);
  if (null >= 0) {
    dup2(null, STDERR_FILENO);
    close(null);
  }
  return fd;
}

bool irsPmRunForked(void (*child)(int fd, void *userData), void *userData,
                    IrsBuf *record, int *signal) {
  if (signal)
    *signal = 0;
  int p[2];
  if (pipe(p) != 0)
    return false;
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    close(p[0]);
    close(p[1]);
    return false;
  }
  if (pid == 0) {
    close(p[0]);
    child(quietChild(parent, p[1]), userData);
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
  if (signal && WIFSIGNALED(status))
    *signal = WTERMSIG(status);
  return !record->failed;
}
