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
// parent's heap as it was; how it died is the parent's to judge (a crash
// narrowed in forked trials, NarrowStep.c).
//
// The child dies with its parent (an interrupted or timed-out worker
// leaves no child behind), holds none of its parent's descriptors but the
// record's (a supervisor waiting for the end of its worker's pipes does
// not wait for it), says nothing and dies by its signals plainly (its
// crash is the parent's to judge, from a short record), and must not use
// a thread pool: threads are not copied by fork, so the caller forks with
// its context's threading off. A caller that compares crashes asks for
// the child's trace instead (IrsPmForkedEnd.trace): the child then keeps
// the fatal-signal handlers of the process, and its stderr goes to an
// anonymous file the parent reads once the child is gone (no second pipe
// to drain while the record's is read). A child that outlives the
// caller's limit is killed, its record whatever it wrote by then.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // close_range, memfd_create
#include "PassManagerImpl.h"

#include "../Support/Fs.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

// The child's setup: tied to the parent, silent (or writing to `trace`,
// its fatal-signal handlers kept, when that is >= 0), dying by its own
// signal, the record's descriptor its only other one; returns that
// descriptor.
static int quietChild(pid_t parent, int fd, int trace) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) // the parent died before prctl
    _exit(1);
  int err = trace >= 0 ? trace : open("/dev/null", O_WRONLY);
  if (err >= 0 && err != STDERR_FILENO) {
    dup2(err, STDERR_FILENO);
    if (err != fd)
      close(err);
  }
  if (fd != 3 && dup2(fd, 3) == 3)
    fd = 3;
  close_range((unsigned)fd + 1, ~0U, 0);
  for (int k = STDERR_FILENO + 1; k < fd; ++k)
    close(k);
  static const int crashes[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
                                SIGTRAP};
  for (size_t k = 0; trace < 0 && k < sizeof(crashes) / sizeof(crashes[0]);
       ++k)
    signal(crashes[k], SIG_DFL);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  return fd;
}

// The last IRS_PM_FORKED_STDERR_MAX bytes of the anonymous file `fd`.
static void readTail(int fd, IrsBuf *out) {
  struct stat st;
  if (fstat(fd, &st) != 0 || st.st_size <= 0)
    return;
  off_t from = st.st_size > IRS_PM_FORKED_STDERR_MAX
                   ? st.st_size - IRS_PM_FORKED_STDERR_MAX
                   : 0;
  char buf[8192];
  for (;;) {
    ssize_t n = pread(fd, buf, sizeof(buf), from);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return;
    irsBufAppend(out, buf, (size_t)n);
    from += n;
  }
}

bool irsPmRunForked(void (*child)(int fd, void *userData), void *userData,
                    IrsBuf *record, IrsPmForkedEnd *end) {
  if (end) {
    end->signal = 0;
    end->timedOut = false;
    end->stderrText = (IrsBuf)IRS_BUF_INIT;
  }
  int p[2];
  if (pipe(p) != 0)
    return false;
  // Without an anonymous file the child is silent, as by default.
  int trace = end && end->trace ? memfd_create("irscope-trial-stderr",
                                               MFD_CLOEXEC)
                                : -1;
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    close(p[0]);
    close(p[1]);
    if (trace >= 0)
      close(trace);
    return false;
  }
  if (pid == 0) {
    close(p[0]);
    child(quietChild(parent, p[1], trace), userData);
    _exit(0);
  }
  close(p[1]);
  bool timedOut =
      !irsReadAllWithin(p[0], pid, end ? end->timeoutMs : 0, record);
  close(p[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (end) {
    end->timedOut = timedOut;
    end->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  }
  if (trace >= 0) {
    readTail(trace, &end->stderrText);
    close(trace);
  }
  return !record->failed;
}
