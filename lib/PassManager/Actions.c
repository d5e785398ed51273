// SPDX-License-Identifier: Apache-2.0
//===- Actions.c - the run's MLIR actions and who sees them ---------------===//
//
// A context has one action handler, so the pass manager owns it for the
// length of a run and fans actions out (include/irscope/Action.h): first
// the rewrite counts of a run that dumps (lib/Action/ActionCounts.c), then
// the action trail a supervisor reads after a death, then the caller's
// consumers. Both follow the steps as onStep announces them, in both
// engines (Step.c, Checkpoint.c): the pass manager wraps the caller's
// onStep for the run, opens the counts and marks the trail when a step
// begins, and hands the counts to the run record when it ends. No one wanting actions, no handler is
// registered and MLIR runs as without irscope.
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

static void countingOnStep(intptr_t step, bool begin, void *userData) {
  IrsPassManagerImpl *pm = userData;
  if (begin)
    irsActionTrailMarkStep(pm->opts.actionTrail);
  // Step 0 is the whole pipeline run as one: not a step's counts.
  if (pm->counts && step >= 1 && step <= pm->numSteps) {
    if (begin) {
      irsActionCountsSetOpen(pm->counts, true);
    } else {
      IrsRewriteCount *c = NULL;
      size_t n = 0;
      irsActionCountsSetOpen(pm->counts, false);
      if (irsActionCountsTake(pm->counts, &c, &n))
        irsRunRecordSetRewrites(&pm->rec, step - 1, c, n);
      // A checkpointed run wrote the step's manifest before it announced
      // the step's end: write it again, so that a worker dying in the next
      // step leaves these counts behind as a stepwise run does. (An error
      // here is the next write's to report.)
      if (pm->cpRun)
        irsPmUpdateManifest(pm);
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
  bool counting = false, trail = false;
  if (pm->rec.dumpDir && (pm->counts || (pm->counts = irsActionCountsCreate())))
    counting = addConsumer(pm, irsActionCountsBefore, NULL, pm->counts);
  if (!irsActionTrailIsNull(pm->opts.actionTrail))
    trail = addConsumer(pm, irsActionTrailBefore, irsActionTrailAfter,
                        pm->opts.actionTrail.ptr);
  if (!counting) {
    irsActionCountsDestroy(pm->counts);
    pm->counts = NULL;
  }
  if (counting || trail) {
    pm->userOnStep = pm->opts.onStep;
    pm->userOnStepUserData = pm->opts.onStepUserData;
    pm->opts.onStep = countingOnStep;
    pm->opts.onStepUserData = pm;
  }
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
