// SPDX-License-Identifier: Apache-2.0
//===- Determinism.c - --check-determinism on one chunk ---------------------===//
#include "Driver.h"

#include <stdio.h>

// The check stopped after a step whose output does not verify
// (--verify-each=0), where the plain tool goes on with that IR. Supervised,
// the chunk is left to a fresh worker that runs it without the check, as
// the plain tool runs it: a step that left dangling pointers makes a later
// one crash or not by what reuses the freed blocks, and the check's copies
// and prints here changed that (#102577's linalg-detensorize, then
// canonicalize: mlir-opt crashed in 20 runs of 20, the steps after the stop
// run here in none of 10). Unprotected, the remaining steps run once here.
// The note goes out first: a later step may kill the worker.
static IrsStatus runRestOnce(IrsOptRun *run, IrsPassManager pm,
                             MlirOperation op, intptr_t stop) {
  intptr_t n = irsPipelineGetNumSteps(run->pipeline);
  MlirStringRef text = irsPipelineGetStepText(run->pipeline, stop - 1);
  const char *then = run->supervised
                         ? "the run starts over without the determinism "
                           "check, as the plain tool runs"
                     : stop < n ? "the steps after it run once, without the "
                                  "determinism check"
                                : "it ends without the determinism check";
  fprintf(stderr,
          "irscope-opt: note: step %ld '%.*s' left IR that does not verify "
          "(--verify-each=0): %s (broken IR cannot be copied safely)\n",
          (long)stop, (int)text.length, text.data, then);
  fflush(stderr);
  if (run->supervised) {
    irsWorkerChannelSendValue(run->ch, IRS_OPT_PLAIN_CHUNK, run->chunk);
    run->chunkLeft = true;
    return irsStatusOk();
  }
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
