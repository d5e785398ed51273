// SPDX-License-Identifier: Apache-2.0
//===- CrashReplay.c - the replays that document a dead worker ------------===//
//
// Runs inside a replay worker (see CrashDoc.h): nothing of the dead
// worker's IR survives, so it is rebuilt from the input. Locating runs the
// steps one by one until the process dies, the supervisor learning the
// step from the channel. The snapshot writes the full reproducer (the
// untouched input with the whole pipeline) first, so that it exists even
// when replaying the earlier steps fails, then the IR before the failing
// step and the local reproducer (that IR with only the failing step).
//
//===----------------------------------------------------------------------===//
#include "irscope/CrashDoc.h"
#include "irscope/Report.h"
#include "irscope/RunDir.h"

#include "../Support/Fs.h"

#include <stdlib.h>

static MlirWalkResult countOne(MlirOperation op, void *ud) {
  (void)op;
  ++*(int64_t *)ud;
  return MlirWalkResultAdvance;
}

static int64_t countOps(MlirOperation op) {
  int64_t n = 0;
  mlirOperationWalk(op, countOne, &n, MlirWalkPreOrder);
  return n;
}

// The IR that went into 1-based step `step` and its local reproducer; the
// module is advanced to it.
static IrsErrorKind writePreStep(const IrsCrashReplay *r, IrsPassManager pm,
                                 MlirOperation module,
                                 const IrsCrashReplaySettings *s) {
  intptr_t i = r->step - 1;
  if (!irsStatusIsOk(irsPassManagerRunSteps(pm, module, 0, i)))
    return IRS_ERR_PASS;
  IrsErrorKind k = IRS_OK;
  char *path = irsPathJoin(r->dir, IRS_RUN_DIR_PRE_STEP_IR);
  if (!path || irsModuleWriteFile(module, path, false, s->printDebugInfo) != 0)
    k = IRS_ERR_IO;
  free(path);
  path = irsPathJoin(r->dir, IRS_RUN_DIR_REPRODUCER);
  MlirStringRef stepText =
      irsPipelineGetStepText(s->pipeline, i);
  // A seeded run's local reproducer replays with its seed.
  int we = !path ? 1
           : s->hasSeed
               ? irsReproducerWriteFileSeeded(module, path, stepText,
                                              s->disableThreading,
                                              s->verifyEach, s->plugins,
                                              s->seed)
               : irsReproducerWriteFileWithPlugins(module, path, stepText,
                                                   s->disableThreading,
                                                   s->verifyEach, s->plugins);
  free(path);
  return we != 0 ? IRS_ERR_IO : k;
}

IrsErrorKind irsCrashReplayRun(const IrsCrashReplay *r, IrsWorkerChannel ch,
                               IrsPassManager pm, MlirOperation module,
                               const IrsCrashReplaySettings *s) {
  irsWorkerChannelSendValue(ch, "input-ops", countOps(module));
  IrsPipeline pipeline = s->pipeline;
  if (r->kind == IrsCrashReplayLocate)
    return irsStatusIsOk(irsPassManagerRunSteps(
               pm, module, 0, irsPipelineGetNumSteps(pipeline)))
               ? IRS_OK
               : IRS_ERR_PASS;
  IrsErrorKind k = IRS_OK;
  char *path = irsPathJoin(r->dir, IRS_RUN_DIR_FULL_REPRODUCER);
  if (!path || irsReproducerWriteFileWithPlugins(
                   module, path, irsPipelineGetText(pipeline),
                   s->disableThreading, s->verifyEach, s->plugins) != 0)
    k = IRS_ERR_IO;
  free(path);
  if (r->step > 0) {
    IrsErrorKind pk = writePreStep(r, pm, module, s);
    if (pk == IRS_ERR_PASS)
      return pk;
    if (pk != IRS_OK)
      k = pk;
  }
  return k;
}
