// SPDX-License-Identifier: Apache-2.0
//===- Batch.c - several independent workers watched with one poll() ------===//
//
// Each lane is a supervisor of its own (own pipes, tail, limits), made once
// and reused by later batches; the batch strings the pieces of their runs
// (SupervisorImpl.h) together.
//
//===----------------------------------------------------------------------===//
#include "SupervisorImpl.h"

#include <time.h>

typedef struct Lanes {
  Supervisor *s;
  const IrsWorkerBatch *batch;
  intptr_t par;
  intptr_t job[kMaxSlots]; // -1: the lane is free
  intptr_t next, running;
} Lanes;

static bool makeLanes(Supervisor *s, intptr_t par) {
  for (intptr_t i = s->numSlots; i < par; ++i) {
    IrsSupervisor sub = irsSupervisorCreate(&s->opts);
    if (!sub.ptr)
      return false;
    s->slots[i] = sub.ptr;
    s->numSlots = i + 1;
  }
  return true;
}

// Starts jobs in order while lanes are free; skips the unneeded ones.
static IrsStatus startJobs(Lanes *l) {
  const IrsWorkerBatch *b = l->batch;
  for (intptr_t i = 0; i < l->par && l->next < b->numJobs; ++i) {
    if (l->job[i] >= 0)
      continue;
    while (l->next < b->numJobs && b->isNeeded &&
           !b->isNeeded(l->next, false, b->userData))
      ++l->next;
    if (l->next >= b->numJobs)
      break;
    IrsStatus st = irsSupRunStart(l->s->slots[i], b->fn,
                                  b->jobData ? b->jobData[l->next] : NULL);
    if (!irsStatusIsOk(st)) {
      l->next = b->numJobs; // start nothing more; let the others end
      return st;
    }
    l->job[i] = l->next++;
    ++l->running;
  }
  return irsStatusOk();
}

// Waits for the running lanes' pipes (or the next limit check) and reads.
static void pollLanes(Lanes *l) {
  struct pollfd p[2 * kMaxSlots];
  int np = 0, wait = kPollMs;
  bool exiting = false;
  for (intptr_t i = 0; i < l->par; ++i)
    if (l->job[i] >= 0) {
      int k = irsSupRunPollFds(l->s->slots[i], p + np);
      exiting |= k == 0;
      np += k;
      int w = irsSupPollWaitMs(l->s->slots[i]);
      wait = w < wait ? w : wait;
    }
  if (np > 0) {
    // A worker whose pipes are closed is exiting: look again soon, as a
    // single run does, rather than after a full poll period.
    if (poll(p, (nfds_t)np, exiting ? 1 : wait) > 0)
      for (intptr_t i = 0; i < l->par; ++i)
        if (l->job[i] >= 0)
          irsSupRunReadReady(l->s->slots[i], p, np);
  } else {
    struct timespec ts = {0, 1000000L};
    nanosleep(&ts, NULL);
  }
}

// Finishes the lanes whose worker ended; true if any did.
static bool finishEnded(Lanes *l) {
  bool ended = false;
  for (intptr_t i = 0; i < l->par; ++i) {
    if (l->job[i] < 0 || !irsSupRunCheck(l->s->slots[i]))
      continue;
    const IrsWorkerResult *r = irsSupRunFinish(l->s->slots[i]);
    intptr_t j = l->job[i];
    l->job[i] = -1;
    --l->running;
    ended = true;
    if (l->batch->onDone)
      l->batch->onDone(j, r, l->batch->userData);
  }
  return ended;
}

IrsStatus irsSupervisorRunBatch(IrsSupervisor supervisor,
                                const IrsWorkerBatch *batch) {
  Lanes l = {.s = supervisor.ptr, .batch = batch};
  l.par = batch->maxParallel > 0 ? batch->maxParallel : 1;
  if (l.par > kMaxSlots)
    l.par = kMaxSlots;
  if (!makeLanes(l.s, l.par))
    return irsStatusMake(IRS_ERR_IO);
  for (intptr_t i = 0; i < l.par; ++i)
    l.job[i] = -1;
  IrsStatus status = irsStatusOk();
  for (;;) {
    IrsStatus st = startJobs(&l);
    if (!irsStatusIsOk(st))
      status = st;
    if (l.running == 0)
      break;
    pollLanes(&l);
    if (!finishEnded(&l) || !batch->isNeeded)
      continue;
    // An outcome may make running jobs pointless (a later candidate when
    // an earlier one already won): stop them now rather than wait.
    for (intptr_t i = 0; i < l.par; ++i)
      if (l.job[i] >= 0 && !batch->isNeeded(l.job[i], true, batch->userData)) {
        irsSupRunCancel(l.s->slots[i]);
        l.job[i] = -1;
        --l.running;
      }
  }
  return status;
}
