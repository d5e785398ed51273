// SPDX-License-Identifier: Apache-2.0
//===- Actions.c - the run's MLIR actions and who sees them ---------------===//
//
// A context has one action handler, so the pass manager owns it for the
// length of a run and fans actions out (include/irscope/Action.h): first
// the rewrite counts of a run that dumps (lib/Action/ActionCounts.c), then
// the action trail a supervisor reads after a death, then the caller's
// consumers. Both follow the steps as both engines announce them to the
// step observers (StepObserver.c), which open the counts and mark the
// trail when a step begins and hand the counts to the run record when it
// ends. No one wanting actions, no handler is registered and MLIR runs as
// without irscope.
//
// IRSCOPE_NO_ACTIONS (set and not empty) leaves the counts and the trail
// out: the baseline a benchmark measures their cost against (bench/).
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include <stdlib.h>

static bool addConsumer(IrsPassManagerImpl *pm, IrsActionBeforeFn before,
                        IrsActionAfterFn after, void *userData) {
  if (irsActionHandlerIsNull(pm->actions)) {
    pm->actions = irsActionHandlerAttach(pm->ctx, before, after, userData);
    return !irsActionHandlerIsNull(pm->actions);
  }
  return irsActionHandlerAddConsumer(pm->actions, before, after, userData);
}

// The trail, as the handler's recorder: seen before the consumers, its end
// a store rather than a call (a supervised run pays it on every action).
static bool attachTrail(IrsPassManagerImpl *pm) {
  IrsActionTrail trail = pm->opts.watch.actionTrail;
  // The trail's caches know op names and locations by address, valid only
  // within one context: this run's may be another.
  irsActionTrailMarkContext(trail);
  if (irsActionHandlerIsNull(pm->actions))
    pm->actions = irsActionHandlerAttach(pm->ctx, NULL, NULL, NULL);
  if (irsActionHandlerIsNull(pm->actions))
    return false;
  irsActionHandlerSetRecorder(pm->actions, irsActionTrailRecord, trail.ptr);
  return true;
}

void irsPmActionsBegin(IrsPassManagerImpl *pm) {
  irsPmActionsEnd(pm);
  const char *off = getenv("IRSCOPE_NO_ACTIONS");
  bool own = !off || !*off;
  bool trail = own && !irsActionTrailIsNull(pm->opts.watch.actionTrail) &&
               attachTrail(pm);
  bool counting = false;
  if (own && pm->rec.dumpDir &&
      (pm->counts || (pm->counts = irsActionCountsCreate()))) {
    // With the trail, its record counts the action in the same cache
    // lookup; without it, the counts are a consumer of their own.
    if (trail)
      irsActionTrailSetCounts(pm->opts.watch.actionTrail, pm->counts);
    counting =
        trail || addConsumer(pm, irsActionCountsBefore, NULL, pm->counts);
  }
  if (!counting) {
    irsActionCountsDestroy(pm->counts);
    pm->counts = NULL;
  }
  // The step observers open and take the counts and mark the trail
  // (StepObserver.c).
  pm->countSteps = counting;
  pm->trailCounts = counting && trail;
  pm->markSteps = trail;
  for (int i = 0; i < pm->numConsumers; ++i)
    addConsumer(pm, pm->consumers[i].before, pm->consumers[i].after,
                pm->consumers[i].userData);
}

void irsPmActionsEnd(IrsPassManagerImpl *pm) {
  if (pm->trailCounts)
    irsActionTrailSetCounts(pm->opts.watch.actionTrail, NULL);
  pm->countSteps = pm->markSteps = pm->trailCounts = false;
  pm->countsOpen = 0;
  if (!irsActionHandlerIsNull(pm->actions))
    irsActionHandlerDetach(pm->actions);
  pm->actions = (IrsActionHandler){NULL};
}

void irsPmActionsRelease(IrsPassManagerImpl *pm) {
  irsPmActionsEnd(pm);
  // The pass manager borrows its context, so its end comes before the
  // context's teardown: the ops the trail's records point at are
  // described now and never followed again (a worker that dies in the
  // teardown would read freed memory).
  irsActionTrailMarkContextEnd(pm->opts.watch.actionTrail);
}

bool irsPassManagerAddActionConsumer(IrsPassManager handle,
                                     IrsActionBeforeFn before,
                                     IrsActionAfterFn after, void *userData) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  int cap = (int)(sizeof pm->consumers / sizeof *pm->consumers);
  if (pm->numConsumers == cap)
    return false;
  pm->consumers[pm->numConsumers++] =
      (IrsPmActionConsumer){before, after, userData};
  return true;
}
