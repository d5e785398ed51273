// SPDX-License-Identifier: Apache-2.0
//===- Determinism.c - --check-determinism on one chunk ---------------------===//
#include "Driver.h"

#include <stdio.h>

// The check stopped after a step whose output does not verify
// (--verify-each=0): the plain tool goes on with that IR, so the remaining
// steps run once each, as there, and fail (or crash) as there. The note
// goes out before they run: one of them may kill the worker.
static IrsStatus runRestOnce(IrsOptRun *run, IrsPassManager pm,
                             MlirOperation op, intptr_t stop) {
  intptr_t n = irsPipelineGetNumSteps(run->pipeline);
  MlirStringRef text = irsPipelineGetStepText(run->pipeline, stop - 1);
  fprintf(stderr,
          "irscope-opt: note: step %ld '%.*s' left IR that does not verify "
          "(--verify-each=0): %s without the determinism check (broken IR "
          "cannot be copied safely)\n",
          (long)stop, (int)text.length, text.data,
          stop < n ? "the steps after it run once," : "it ends");
  fflush(stderr);
  return stop < n ? irsPassManagerRunSteps(pm, op, stop, n) : irsStatusOk();
}

IrsStatus irsOptCheckDeterminism(IrsOptRun *run, IrsPassManager pm,
                                 MlirOperation op, IrsOutcome *found) {
  IrsDeterminismMode mode = *run->cfg->checkDeterminism
                                ? IrsDeterminismThreads
                                : IrsDeterminismRepeat;
  intptr_t step = 0;
  IrsStatus st = irsPassManagerCheckDeterminism(pm, op, mode, &step);
  if (irsStatusIsOk(st) && step > 0) {
    *found = IrsOutcomeNondeterminism;
    return irsStatusMake(IRS_ERR_PASS);
  }
  intptr_t stop = irsPassManagerGetDeterminismStop(pm);
  if (irsStatusIsOk(st) && stop > 0)
    return runRestOnce(run, pm, op, stop);
  return st;
}
