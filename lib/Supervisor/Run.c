// SPDX-License-Identifier: Apache-2.0
//===- Run.c - fork, watch and classify one worker ------------------------===//
//
// The supervisor reads the channel and the worker's stderr as they come
// (gathering for 5 ms after each read) and looks at the worker itself
// every 50 ms, never per read: a single run watches so lightly that a
// thread race of the worker shows as often as in a plain run. 50 ms is
// also the resolution of the step timeout and of the sampled memory check
// (resident set size, Proc.c). The memory limit is nonetheless exact: a
// step that rises above it and ends between two samples is caught by the
// peak on its end line, and a process that exits by the kernel's
// high-water mark at reaping (see irsSupOverLimit).
//
// With traceOnTimeout, a step timeout first signals the worker, whose
// handler writes a backtrace to stderr; the kill follows as soon as the
// trace's end line has been read, or after a short bounded wait.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // memmem, pipe2, F_SETPIPE_SZ
#include "SupervisorImpl.h"

#include "PipeWriters.h"
#include "Proc.h"
#include "TraceThread.h"
#include "WorkerTie.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static double nowMs(void) { return irsClockMonotonicMs(); }

static void killGroup(pid_t pid) { kill(-pid, SIGKILL), kill(pid, SIGKILL); }

// Keeps the tail bounded: drop the older half when it grows too big.
void irsSupTailAppend(Supervisor *s, const char *d, size_t n) {
  irsBufAppend(&s->tail, d, n);
  if (s->tail.len > kTailMax) {
    size_t drop = s->tail.len - kTailMax / 2;
    memmove(s->tail.data, s->tail.data + drop, s->tail.len - drop);
    s->tail.len -= drop;
    s->tail.data[s->tail.len] = '\0';
  }
}

// The exact half of the memory limit: true, and the worker stopped as a
// sampled one is, when a high-water mark (KiB) it reported or the kernel
// gave at reaping is over the limit. Peaks only rise, so the first one
// over it names where it was crossed: on a step's end line, in that step;
// on a step's begin line, since the last step ended (where a sample would
// have found the worker between steps); at the exit, since the last line.
bool irsSupOverLimit(Supervisor *s, long long peakKb) {
  if (peakKb > s->result.peakRssKb)
    s->result.peakRssKb = peakKb;
  if (s->opts.memoryLimitBytes <= 0 || s->killedFor != IrsWorkerExited ||
      peakKb * 1024 <= s->opts.memoryLimitBytes)
    return false;
  s->killedFor = IrsWorkerMemoryLimit;
  s->decidedAt = nowMs();
  pid_t pid = (pid_t)s->pid;
  if (!s->reaped && pid > 0)
    killGroup(pid);
  return true;
}

// The worker's stderr goes to the tail and, as it arrives, to the
// caller's sink (IrsSupervisorOptions.onStderr).
static ssize_t readStderr(Supervisor *s) {
  char buf[8192];
  ssize_t n = irsSupReadSome(s->erFd, buf, sizeof(buf), &s->erOpen);
  if (n <= 0)
    return n;
  if (s->opts.onStderr)
    s->opts.onStderr(buf, (size_t)n, s->opts.stderrUserData);
  irsSupTailAppend(s, buf, (size_t)n);
  if (s->opts.progressOnStderr)
    s->progressAt = nowMs();
  return n;
}

// The sink hears that this run's stderr has ended.
static void endStderr(Supervisor *s) {
  if (s->opts.onStderr)
    s->opts.onStderr(NULL, 0, s->opts.stderrUserData);
}

void irsSupRunReset(Supervisor *s) {
  memset(&s->result, 0, sizeof(s->result));
  s->result.chunk = -1;
  irsBufReset(&s->tail);
  irsBufReset(&s->line);
  s->inFrame = false;
}

void irsSupRunWatchFrom(Supervisor *s, pid_t pid, int chFd, int erFd) {
  s->pid = pid;
  s->chFd = chFd;
  s->erFd = erFd;
  s->chOpen = chFd >= 0;
  s->erOpen = erFd >= 0;
  s->status = 0;
  s->handover = 0;
  s->killedFor = IrsWorkerExited;
  s->start = s->stepStart = s->progressAt = nowMs();
  s->progressSeen =
      s->opts.progress ? __atomic_load_n(s->opts.progress, __ATOMIC_RELAXED) : 0;
  s->decidedAt = s->traceDeadline = 0;
  s->reaped = false;
}

static void closePair(int p[2]) {
  close(p[0]);
  close(p[1]);
}

// The forked worker: runs fn and ends with its return value.
static _Noreturn void workerBody(int ch[2], int er[2], IrsWorkerMain fn,
                                 void *userData, pid_t supervisor) {
  irsWorkerTieToSupervisor(supervisor);
  irsWorkerNoCoreFiles();
  close(ch[0]);
  close(er[0]);
  dup2(er[1], 2); // the one end meant for an exec: dup2 clears the flag
  close(er[1]);
  IrsWorkerChannel c = {ch[1]};
  int rc = fn(c, userData);
  fflush(stdout);
  fflush(stderr);
#if defined(__SANITIZE_ADDRESS__)
  // Let LeakSanitizer check the worker, where all the real work happens.
  exit(rc);
#else
  // The worker owns nothing that outlives it; skipping LLVM's static
  // destructors saves a noticeable part of a small run.
  _exit(rc);
#endif
}

IrsStatus irsSupRunStart(Supervisor *s, IrsWorkerMain fn, void *userData) {
  irsSupRunReset(s);
  int ch[2], er[2];
  // Close-on-exec from the start: what the worker execs (a --tool run's
  // tool) gets only the stderr it is given below, never these pipes.
  if (pipe2(ch, O_CLOEXEC) != 0)
    return irsStatusMake(IRS_ERR_IO);
  if (pipe2(er, O_CLOEXEC) != 0) {
    closePair(ch);
    return irsStatusMake(IRS_ERR_IO);
  }
  // Best effort (the limit may be lower): the worker's stderr and its
  // output streams then go in pieces of a megabyte, not 64 KiB.
  fcntl(er[0], F_SETPIPE_SZ, kPipeBytes);
  fcntl(ch[0], F_SETPIPE_SZ, kPipeBytes);
  fflush(stdout);
  fflush(stderr);
  pid_t self = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    closePair(ch);
    closePair(er);
    return irsStatusMake(IRS_ERR_IO);
  }
  if (pid == 0)
    workerBody(ch, er, fn, userData, self);
  close(ch[1]);
  close(er[1]);
  irsSupRunWatchFrom(s, pid, ch[0], er[0]);
  return irsStatusOk();
}

// The poll period, or less when the step's deadline (or the end of the
// wait for a hang trace) comes sooner: a reducer judging hangs after 50 ms
// must not wait for the next 50 ms tick.
int irsSupPollWaitMs(const Supervisor *s) {
  double left;
  if (s->traceDeadline > 0)
    left = s->traceDeadline - nowMs();
  else if (s->opts.stepTimeoutSec > 0 && s->result.inStep)
    left = s->opts.stepTimeoutSec * 1e3 - (nowMs() - s->stepStart);
  else
    return kPollMs;
  return left >= kPollMs ? kPollMs : left < 1 ? 1 : (int)left + 1;
}

int irsSupRunPollFds(Supervisor *s, struct pollfd *p) {
  int np = 0;
  if (s->chOpen)
    p[np++] = (struct pollfd){s->chFd, POLLIN, 0};
  if (s->erOpen)
    p[np++] = (struct pollfd){s->erFd, POLLIN, 0};
  return np;
}

void irsSupRunReadReady(Supervisor *s, const struct pollfd *p, int np) {
  for (int i = 0; i < np; ++i) {
    if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
      continue;
    if (s->chOpen && p[i].fd == s->chFd)
      irsSupReadChannel(s);
    else if (s->erOpen && p[i].fd == s->erFd)
      readStderr(s);
  }
}

static bool traceEnded(const Supervisor *s) {
  return irsCrashTraceHasEnd((MlirStringRef){s->tail.data, s->tail.len});
}

// The worker has been reaped; true if the run has ended (it was not
// handed over).
static bool reaped(Supervisor *s, const struct rusage *ru) {
  s->reaped = true;
  // Its last step lines come before its exit is judged.
  irsSupDrainChannel(s);
  // A worker that dies between two samples (an abort 1 ms in) still has
  // a peak: the kernel's high-water mark, in KiB on Linux, that of the
  // process and of the children it waited for (a background printer
  // shares its pages). Over the limit, a process that exited went over
  // it; one a signal killed is documented by its signal (its trace says
  // where; a tool's crash handler runs llvm-symbolizer, whose peak is
  // not the step's).
  if (WIFEXITED(s->status))
    irsSupOverLimit(s, (long long)ru->ru_maxrss);
  else if ((int64_t)ru->ru_maxrss > s->result.peakRssKb)
    s->result.peakRssKb = (int64_t)ru->ru_maxrss;
  return !irsSupTakeOver(s);
}

// Whether the worker's progress count moved since the last sample.
static void sampleProgress(Supervisor *s) {
  if (!s->opts.progress)
    return;
  uint64_t now = __atomic_load_n(s->opts.progress, __ATOMIC_RELAXED);
  if (now != s->progressSeen) {
    s->progressSeen = now;
    s->progressAt = nowMs();
  }
}

// The sampled limits of a running worker: resident memory, step timeout.
static void checkLimits(Supervisor *s, pid_t pid) {
  sampleProgress(s);
  int64_t rss = irsProcRssKb(pid);
  if (rss > s->result.peakRssKb)
    s->result.peakRssKb = rss;
  const IrsSupervisorOptions *o = &s->opts;
  if (o->memoryLimitBytes > 0 && rss > 0 && rss * 1024 > o->memoryLimitBytes) {
    s->killedFor = IrsWorkerMemoryLimit;
    killGroup(pid);
  } else if (o->stepTimeoutSec > 0 && s->result.inStep &&
             nowMs() - s->stepStart > o->stepTimeoutSec * 1e3) {
    s->killedFor = IrsWorkerTimedOut;
    if (o->progress || o->progressOnStderr) {
      double since = s->progressAt > s->stepStart ? s->progressAt : s->stepStart;
      s->result.stalledMs = nowMs() - since;
    }
    if (o->traceOnTimeout &&
        irsAskForTrace(pid, o->traceSignal ? o->traceSignal
                                           : IRS_SUPERVISOR_TRACE_SIGNAL)) {
      s->decidedAt = nowMs();
      s->traceDeadline =
          s->decidedAt + (o->traceWaitMs > 0 ? o->traceWaitMs
                                             : IRS_SUPERVISOR_TRACE_WAIT_MS);
    } else {
      killGroup(pid);
    }
  }
}

bool irsSupRunCheck(Supervisor *s) {
  pid_t pid = (pid_t)s->pid;
  // The worker may be gone while a grandchild (a background printer)
  // still holds the pipes: check for it on every round.
  struct rusage ru;
  pid_t w = wait4(pid, &s->status, WNOHANG, &ru);
  if (w == pid)
    return reaped(s, &ru);
  if (w < 0 && errno == ECHILD) {
    s->reaped = true;
    return true; // not ours to wait for: never loop on it
  }
  if (s->killedFor == IrsWorkerExited) {
    checkLimits(s, pid);
  } else if (s->traceDeadline > 0 &&
             (traceEnded(s) || nowMs() >= s->traceDeadline)) {
    // A timed-out worker asked for its trace dies once it has written it
    // or the wait is over.
    s->traceDeadline = 0;
    killGroup(pid);
  }
  return false;
}

// Reads the pipes until every process that holds them has ended, for at
// most `ms`; false if some still do.
static bool readToEnd(Supervisor *s, double ms) {
  double until = nowMs() + ms;
  while (s->chOpen || s->erOpen) {
    int left = (int)(until - nowMs());
    if (left <= 0)
      return false;
    struct pollfd p[2];
    int np = irsSupRunPollFds(s, p);
    if (poll(p, (nfds_t)np, left < kPollMs ? left : kPollMs) > 0)
      irsSupRunReadReady(s, p, np);
  }
  return true;
}

// awaitDescendantsMs: the worker is gone; the processes it forked that
// still hold its pipes (background printers: their end of file is the only
// sign a grandchild gives) finish, or are killed once the wait is over.
static void awaitDescendants(Supervisor *s) {
  if (s->opts.awaitDescendantsMs <= 0 ||
      readToEnd(s, s->opts.awaitDescendantsMs))
    return;
  int fds[2] = {s->chOpen ? s->chFd : -1, s->erOpen ? s->erFd : -1};
  if (irsKillPipeWriters(fds, 2) > 0)
    readToEnd(s, 1000); // SIGKILL'd: their descriptors close as they exit
}

static void classify(Supervisor *s, double ended) {
  IrsWorkerResult *r = &s->result;
  int status = s->status;
  r->runMs = ended - s->start;
  // The wait for a trace, or for the kill of a worker that reported a peak
  // over the limit, is not part of the step.
  double end = s->decidedAt > 0 ? s->decidedAt : ended;
  r->elapsedMs = r->inStep ? end - s->stepStart : r->runMs;
  if (s->killedFor != IrsWorkerExited) {
    r->outcome = s->killedFor;
    r->signal = SIGKILL;
  } else if (WIFSIGNALED(status)) {
    r->signal = WTERMSIG(status);
    r->outcome = (s->interrupted ||
                  ((r->signal == SIGINT || r->signal == SIGTERM)))
                     ? IrsWorkerInterrupted
                     : IrsWorkerCrashed;
  } else {
    r->outcome = IrsWorkerExited;
    r->exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
  r->stderrTail = irsBufRef(&s->tail);
}

const IrsWorkerResult *irsSupRunFinish(Supervisor *s) {
  double ended = nowMs(); // the wait for descendants is not the worker's
  // Drain what is left in the pipes without blocking on grandchildren
  // (unless asked to wait for them).
  irsSupDrainChannel(s);
  fcntl(s->erFd, F_SETFL, O_NONBLOCK);
  while (s->erOpen && readStderr(s) > 0)
    ;
  awaitDescendants(s);
  endStderr(s);
  if (s->chFd >= 0) // none in a spawned run
    close(s->chFd);
  close(s->erFd);
  irsSupDropHandover(s);
  s->pid = 0;
  classify(s, ended);
  return &s->result;
}

void irsSupRunCancel(Supervisor *s) {
  pid_t pid = (pid_t)s->pid;
  killGroup(pid);
  while (waitpid(pid, &s->status, 0) < 0 && errno == EINTR)
    ;
  irsSupDropHandover(s);
  if (s->chFd >= 0)
    close(s->chFd);
  close(s->erFd);
  s->chOpen = s->erOpen = false;
  s->pid = 0;
  endStderr(s);
}
