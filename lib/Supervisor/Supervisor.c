// SPDX-License-Identifier: Apache-2.0
//===- Supervisor.c - the supervisor handle and its single runs -----------===//
//
// A worker's run is started, watched and classified by Run.c's pieces;
// this file owns the handle and strings the pieces together for one
// worker at a time (a batch's lanes: Batch.c). The library never prints
// what the worker writes: it goes to the run's stderr tail and to the
// caller's sink (IrsSupervisorOptions.onStderr).
//
//===----------------------------------------------------------------------===//
#include "SupervisorImpl.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

IrsOutcome irsWorkerOutcomeGetOutcome(IrsWorkerOutcome o) {
  static const IrsOutcome of[] = {
      [IrsWorkerExited] = IrsOutcomeExit,
      [IrsWorkerCrashed] = IrsOutcomeCrash,
      [IrsWorkerTimedOut] = IrsOutcomeTimeout,
      [IrsWorkerMemoryLimit] = IrsOutcomeMemoryLimit,
      [IrsWorkerInterrupted] = IrsOutcomeInterrupted,
  };
  return (unsigned)o < sizeof(of) / sizeof(of[0]) ? of[o] : IrsOutcomeNone;
}

IrsOutcome irsWorkerOutcomeGetDeathKind(IrsWorkerOutcome o) {
  IrsOutcome k = irsWorkerOutcomeGetOutcome(o);
  return k == IrsOutcomeExit || k == IrsOutcomeNone ? IrsOutcomeCrash : k;
}

const char *irsWorkerOutcomeGetName(IrsWorkerOutcome o) {
  // "exited" names how a process ended, not an outcome of a run ("exit":
  // it ended before the run did).
  if (o == IrsWorkerExited)
    return "exited";
  IrsOutcome k = irsWorkerOutcomeGetOutcome(o);
  return k == IrsOutcomeNone ? "unknown" : irsOutcomeGetName(k);
}

IrsSupervisor irsSupervisorCreate(const IrsSupervisorOptions *options) {
  IrsSupervisor r = {NULL};
  Supervisor *s = calloc(1, sizeof(Supervisor));
  if (!s)
    return r;
  if (options)
    s->opts = *options;
  r.ptr = s;
  return r;
}

void irsSupervisorDestroy(IrsSupervisor supervisor) {
  Supervisor *s = supervisor.ptr;
  if (!s)
    return;
  for (intptr_t i = 0; i < s->numSlots; ++i)
    irsSupervisorDestroy((IrsSupervisor){s->slots[i]});
  irsBufFree(&s->tail);
  irsBufFree(&s->line);
  irsSupStreamsFree(s);
  free(s);
}

void irsSupervisorSetStepTimeout(IrsSupervisor supervisor, double seconds) {
  Supervisor *s = supervisor.ptr;
  s->opts.stepTimeoutSec = seconds;
  for (intptr_t i = 0; i < s->numSlots; ++i)
    s->slots[i]->opts.stepTimeoutSec = seconds;
}

void irsSupervisorInterrupt(IrsSupervisor supervisor) {
  Supervisor *s = supervisor.ptr;
  s->interrupted = 1;
  if (s->pid > 0)
    kill((pid_t)s->pid, SIGTERM);
  for (intptr_t i = 0; i < s->numSlots; ++i) {
    s->slots[i]->interrupted = 1;
    if (s->slots[i]->pid > 0)
      kill((pid_t)s->slots[i]->pid, SIGTERM);
  }
}

// An interrupt that came between two runs, or during the fork before the
// worker's pid was known, must not be lost: no new worker starts, and
// one that started unaware is stopped in runWatch.
static bool interruptedBefore(Supervisor *s, const IrsWorkerResult **result) {
  if (!s->interrupted)
    return false;
  memset(&s->result, 0, sizeof(s->result));
  s->result.chunk = -1;
  s->result.outcome = IrsWorkerInterrupted;
  s->result.signal = SIGTERM;
  *result = &s->result;
  return true;
}

static void sleepMs(long ms) {
  struct timespec ts = {0, ms * 1000000L};
  nanosleep(&ts, NULL);
}

// Watches the started run to its end.
static const IrsWorkerResult *runWatch(Supervisor *s) {
  s->interruptSent = false;
  double checkAt = irsClockMonotonicMs() + irsSupPollWaitMs(s);
  for (;;) {
    if (s->interrupted && !s->interruptSent) {
      s->interruptSent = true;
      kill((pid_t)s->pid, SIGTERM);
    }
    struct pollfd p[2];
    int np = irsSupRunPollFds(s, p);
    if (np > 0) {
      int wait = (int)(checkAt - irsClockMonotonicMs());
      if (poll(p, (nfds_t)np, wait < 1 ? 1 : wait) > 0) {
        irsSupRunReadReady(s, p, np);
        // Output alone is no reason to look at the worker: a tool that
        // writes in thousands of small pieces would otherwise have the
        // supervisor sample /proc thousands of times, taking a core from
        // the tool's own threads (and hiding their races). A closed pipe
        // may be its exit: look now. Nor is there anything to gather in
        // a frame partway (an output stream): its writer is blocked on the
        // full pipe, and a pause per pipeful made an 18 MB output wait
        // 1.3 s.
        if (irsSupRunPollFds(s, p) == np && irsClockMonotonicMs() < checkAt) {
          struct timespec ts = {0, kGatherUs * 1000L};
          if (!s->inFrame)
            nanosleep(&ts, NULL);
          continue;
        }
      }
    } else {
      // Both pipes closed: the worker is exiting (or closed them itself and
      // runs on). Check often so that start-up and shutdown stay cheap.
      sleepMs(1);
    }
    if (irsSupRunCheck(s))
      break;
    checkAt = irsClockMonotonicMs() + irsSupPollWaitMs(s);
  }
  return irsSupRunFinish(s);
}

IrsStatus irsSupervisorRun(IrsSupervisor supervisor, IrsWorkerMain fn,
                           void *userData, const IrsWorkerResult **result) {
  Supervisor *s = supervisor.ptr;
  if (interruptedBefore(s, result))
    return irsStatusOk();
  IrsStatus st = irsSupRunStart(s, fn, userData);
  if (!irsStatusIsOk(st))
    return st;
  *result = runWatch(s);
  return irsStatusOk();
}

IrsStatus irsSupervisorRunSpawned(IrsSupervisor supervisor, IrsSpawnFn spawn,
                                  void *userData, intptr_t step,
                                  const IrsWorkerResult **result) {
  Supervisor *s = supervisor.ptr;
  if (interruptedBefore(s, result))
    return irsStatusOk();
  IrsStatus st = irsSupRunStartSpawned(s, spawn, userData, step);
  if (!irsStatusIsOk(st))
    return st;
  *result = runWatch(s);
  return irsStatusOk();
}
