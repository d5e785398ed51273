// SPDX-License-Identifier: Apache-2.0
//===- Actions.c - the run's MLIR actions and who sees them ---------------===//
//
// A context has one action handler, so the pass manager owns it for the
// length of a run and fans actions out (include/irscope/Action.h): first
// the rewrite counts of a run that dumps (lib/Action/ActionCounts.c), then
// the action trail a supervisor reads after a death, then the caller's
// consumers. Counting follows the steps as onStep announces them, in both
// engines (Step.c, Checkpoint.c): the pass manager wraps the caller's
// onStep for the run, opens the counts when a step begins and hands them
// to the run record when it ends. No one wanting actions, no handler is
// registered and MLIR runs as without irscope.
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

static void countingOnStep(intptr_t step, bool begin, void *userData) {
  IrsPassManagerImpl *pm = userData;
  // Step 0 is the whole pipeline run as one: not a step's counts.
  if (step >= 1 && step <= pm->numSteps) {
    if (begin) {
      irsActionCountsSetOpen(pm->counts, true);
    } else {
      IrsRewriteCount *c = NULL;
      size_t n = 0;
      irsActionCountsSetOpen(pm->counts, false);
      if (irsActionCountsTake(pm->counts, &c, &n))
        irsRunRecordSetRewrites(&pm->rec, step - 1, c, n);
    }
  }
  if (pm->userOnStep)
    pm->userOnStep(step, begin, pm->userOnStepUserData);
}

static bool addConsumer(IrsPassManagerImpl *pm, IrsActionBeforeFn before,
                        IrsActionAfterFn after, void *userData) {
  if (irsActionHandlerIsNull(pm->actions)) {
    pm->actions = irsActionHandlerAttach(pm->ctx, before, after, userData);
    return !irsActionHandlerIsNull(pm->actions);
  }
  return irsActionHandlerAddConsumer(pm->actions, before, after, userData);
}

void irsPmActionsBegin(IrsPassManagerImpl *pm) {
  irsPmActionsEnd(pm);
  if (pm->rec.dumpDir && (pm->counts || (pm->counts = irsActionCountsCreate())) &&
      addConsumer(pm, irsActionCountsBefore, NULL, pm->counts)) {
    pm->userOnStep = pm->opts.onStep;
    pm->userOnStepUserData = pm->opts.onStepUserData;
    pm->opts.onStep = countingOnStep;
    pm->opts.onStepUserData = pm;
  }
  if (!irsActionTrailIsNull(pm->opts.actionTrail))
    addConsumer(pm, irsActionTrailBefore, irsActionTrailAfter,
                pm->opts.actionTrail.ptr);
  for (int i = 0; i < pm->numConsumers; ++i)
    addConsumer(pm, pm->consumers[i].before, pm->consumers[i].after,
                pm->consumers[i].userData);
}

void irsPmActionsEnd(IrsPassManagerImpl *pm) {
  if (pm->opts.onStep == countingOnStep) {
    pm->opts.onStep = pm->userOnStep;
    pm->opts.onStepUserData = pm->userOnStepUserData;
  }
  if (!irsActionHandlerIsNull(pm->actions))
    irsActionHandlerDetach(pm->actions);
  pm->actions = (IrsActionHandler){NULL};
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
