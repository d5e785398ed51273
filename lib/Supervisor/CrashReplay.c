// SPDX-License-Identifier: Apache-2.0
//===- CrashReplay.c - the replays that document a dead worker ------------===//
//
// Runs inside a replay worker (see CrashDoc.h): nothing of the dead
// worker's IR survives, so it is rebuilt from the input. Locating runs the
// steps one by one, each verified as it ends, until the process dies, the
// supervisor learning the step from the channel; a replay that lives says
// how it ended (IrsCrashReplayEnd). The snapshot writes the full reproducer (the
// untouched input with the whole pipeline) first, so that it exists even
// when replaying the earlier steps fails, then the IR before the failing
// step and the local reproducer (that IR with only the failing step).
//
//===----------------------------------------------------------------------===//
#include "irscope/CrashDoc.h"
#include "irscope/FailureWriter.h"
#include "irscope/RunDir.h"

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

// Tells the supervisor which file was not written and why: the replay
// runs in a worker, and its documenter names the file on its error line
// (irsCrashDocGetSummary). The first failure is the one kept.
static void sendWriteError(IrsWorkerChannel ch, bool *sent, int file, int e) {
  if (!e || *sent)
    return;
  irsWorkerChannelSendValue(ch, IRS_CRASH_REPLAY_WRITE_FILE, file);
  irsWorkerChannelSendValue(ch, IRS_CRASH_REPLAY_WRITE_ERRNO, e);
  *sent = true;
}

// A reproducer of `module` running `pipeline`, as artefact `which`; a
// seeded run's replays with its seed, so that both reproducers make the
// dead run's random choices again. Returns 0 or an errno value.
static int addReproducer(IrsFailureWriter w, IrsArtefact which,
                         MlirOperation module, MlirStringRef pipeline,
                         const IrsCrashReplaySettings *s) {
  return irsFailureWriterAddReproducerAs(w, which, module, pipeline,
                                         s->disableThreading, s->verifyEach,
                                         s->plugins, s->hasSeed, s->seed);
}

// The IR that went into 1-based step `step` and its local reproducer; the
// module is advanced to it.
static IrsErrorKind addPreStep(IrsFailureWriter w, const IrsCrashReplay *r,
                               IrsPassManager pm, MlirOperation module,
                               const IrsCrashReplaySettings *s,
                               IrsWorkerChannel ch, bool *sent) {
  intptr_t i = r->step - 1;
  if (!irsStatusIsOk(irsPassManagerRunSteps(pm, module, 0, i)))
    return IRS_ERR_PASS;
  int e = irsFailureWriterAddModule(w, IrsArtefactPreStepIr, module, false,
                                    s->printDebugInfo, true);
  sendWriteError(ch, sent, IrsCrashReplayFilePreStepIr, e);
  int we = addReproducer(w, IrsArtefactReproducer, module,
                         irsPipelineGetStepText(s->pipeline, i), s);
  sendWriteError(ch, sent, IrsCrashReplayFileReproducer, we);
  return e || we ? IRS_ERR_IO : IRS_OK;
}

// The snapshot: its files go through a failure writer of the directory,
// which the supervisor's writer adopts (FailureWriter.h).
static IrsErrorKind snapshot(const IrsCrashReplay *r, IrsPassManager pm,
                             MlirOperation module,
                             const IrsCrashReplaySettings *s,
                             IrsWorkerChannel ch) {
  IrsFailureWriter w;
  if (irsFailureWriterOpen(r->dir, IrsOutcomeCrash, &w) != 0)
    return IRS_ERR_IO;
  IrsErrorKind k = IRS_OK;
  bool sent = false;
  int e = addReproducer(w, IrsArtefactFullReproducer, module,
                        irsPipelineGetText(s->pipeline), s);
  sendWriteError(ch, &sent, IrsCrashReplayFileFullReproducer, e);
  if (e)
    k = IRS_ERR_IO;
  if (r->step > 0) {
    IrsErrorKind pk = addPreStep(w, r, pm, module, s, ch, &sent);
    if (pk != IRS_OK)
      k = pk;
  }
  irsFailureWriterDetach(w);
  return k;
}

IrsErrorKind irsCrashReplayRun(const IrsCrashReplay *r, IrsWorkerChannel ch,
                               IrsPassManager pm, MlirOperation module,
                               const IrsCrashReplaySettings *s) {
  irsWorkerChannelSendValue(ch, "input-ops", countOps(module));
  // Located as the dead run would have run it step by step, with each
  // step's checks inside the step: a crash in the verifier after a pass
  // (llvm/llvm-project#205266) is that step's, which
  // irsPassManagerRunSteps (no verifier between steps) would never reach.
  // Still alive after the run: the replay did not die. It says so, typed,
  // so that the supervisor tells "ran every step" from a worker that
  // ended before it could answer.
  if (r->kind == IrsCrashReplayLocate) {
    bool ok = irsStatusIsOk(irsPassManagerRun(pm, module));
    if (!ok)
      irsWorkerChannelSendValue(ch, IRS_CRASH_REPLAY_FAILED_STEP,
                                irsPassManagerGetFailedStep(pm));
    irsWorkerChannelSendValue(ch, IRS_CRASH_REPLAY_LOCATE_END,
                              ok ? IrsCrashReplayEndAllSteps
                                 : IrsCrashReplayEndStepFailed);
    return ok ? IRS_OK : IRS_ERR_PASS;
  }
  return snapshot(r, pm, module, s, ch);
}

const char *irsCrashReplayFileGetName(int file) {
  switch (file) {
  case IrsCrashReplayFileFullReproducer:
    return IRS_RUN_DIR_FULL_REPRODUCER;
  case IrsCrashReplayFilePreStepIr:
    return IRS_RUN_DIR_PRE_STEP_IR;
  case IrsCrashReplayFileReproducer:
    return IRS_RUN_DIR_REPRODUCER;
  default:
    return NULL;
  }
}
