// SPDX-License-Identifier: Apache-2.0
//===- Run.c - a whole run: stepwise, or whole and located by replay ------===//
//
// A run is either:
//  - stepwise: each step's pass manager runs in turn and the instrumentation
//    (verify, hooks, fingerprint, timing, dumps, manifest) runs in between
//    (Step.c);
//  - whole: one pass manager for the full pipeline, exactly as mlir-opt
//    runs it. Only if it fails is the pipeline replayed stepwise on a copy of
//    the input to find and document the failing step, so the happy path pays
//    for one module clone (none with reloadInput) and nothing else.
// Either way the run's results land in the record (pm->rec), from which the
// manifest and the failure report are written.
//
//===----------------------------------------------------------------------===//
#include "Fingerprint.h"
#include "PassManagerImpl.h"

#include "../Support/DiagnosticsImpl.h"
#include "../Support/Fs.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void resetResults(IrsPassManagerImpl *pm) {
  irsPmDumpJoin(pm);
  irsDumpCacheDestroy(pm->dumpCache);
  pm->dumpCache = NULL;
  pm->numTopFps = 0;
  for (intptr_t i = 0; i < pm->numSteps; ++i)
    pm->steps[i].fingerprint = 0;
  irsRunRecordReset(&pm->rec);
}


static void setError(IrsPassManagerImpl *pm, const char *fmt, const char *a,
                     const char *b) {
  irsBufReset(&pm->rec.errMsg);
  irsBufPrintf(&pm->rec.errMsg, fmt, a, b);
}

static void endCapture(IrsPassManagerImpl *pm) {
  irsDiagnosticCaptureDetach(pm->capture);
  pm->env.capture = (IrsDiagnosticCapture){NULL};
}

// Catches the most common pipeline mistake before anything runs: a
// pipeline anchored on another op than the one it is given.
static bool rootMatches(IrsPassManagerImpl *pm, MlirOperation module) {
  MlirStringRef root = irsPipelineGetRootAnchor(pm->pipeline);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(module));
  bool any = root.length == 3 && memcmp(root.data, "any", 3) == 0;
  if (any || (root.length == name.length &&
              memcmp(root.data, name.data, name.length) == 0))
    return true;
  irsBufReset(&pm->rec.errMsg);
  irsBufPrintf(&pm->rec.errMsg,
               "the pipeline is anchored on '%.*s' but the input's "
               "top-level operation is '%.*s'; nest it, e.g. "
               "'%.*s(%.*s(...))'",
               (int)root.length, root.data, (int)name.length, name.data,
               (int)name.length, name.data, (int)root.length, root.data);
  return false;
}

// Reset, fresh managers, a fresh diagnostic capture, the root check.
static IrsErrorKind startRun(IrsPassManagerImpl *pm, MlirOperation module) {
  resetResults(pm);
  pm->unrunFrom = 0;
  pm->plainRest = IrsPmPlainStops;
  pm->plainFrom = 0;
  if (pm->numRuns++ > 0 && irsPmRebuild(pm) != IRS_OK)
    return IRS_ERR_PIPELINE;
  irsDiagnosticCaptureDestroy(pm->capture);
  pm->capture = irsDiagnosticCaptureCreate(pm->ctx, pm->opts.run.onDiagnostic,
                                           pm->opts.run.onDiagnosticUserData);
  if (irsDiagnosticCaptureIsNull(pm->capture)) {
    setError(pm, "%s%s", "out of memory", "");
    return IRS_ERR_NOMEM;
  }
  pm->env.capture = pm->capture;
  if (!rootMatches(pm, module)) {
    pm->rec.runStatus = IRS_ERR_PIPELINE;
    endCapture(pm);
    return IRS_ERR_PIPELINE;
  }
  return IRS_OK;
}

static IrsErrorKind prepareDumpDir(IrsPassManagerImpl *pm) {
  IrsBuf err = IRS_BUF_INIT;
  pm->dumpDirReady = false;
  IrsErrorKind k = irsRunDirPrepareDumps(
      pm->rec.dumpDir, pm->opts.dump.overwrite, irsBufStringCallback, &err);
  pm->dumpDirReady = k == IRS_OK;
  if (k != IRS_OK) {
    irsBufReset(&pm->rec.errMsg);
    irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&err));
  }
  irsBufFree(&err);
  return k;
}

// The manifest of a run that failed: the failure keeps its message and
// code, and a manifest that could not be written is said on its line
// once, as a failure's artefacts are; not after a failed write, which is
// the line already (a full disk fails the manifest too).
static void updateManifestKeeping(IrsPassManagerImpl *pm, IrsErrorKind k) {
  IrsBuf saved = IRS_BUF_INIT;
  irsBufAppendRef(&saved, irsBufRef(&pm->rec.errMsg));
  bool failed = irsPmUpdateManifest(pm) != IRS_OK;
  IrsBuf why = IRS_BUF_INIT;
  if (failed && !pm->manifestErrSaid && k != IRS_ERR_IO)
    irsBufAppendRef(&why, irsBufRef(&pm->rec.errMsg));
  irsBufReset(&pm->rec.errMsg);
  irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&saved));
  if (why.len) {
    irsBufPrintf(&pm->rec.errMsg, "; %s", why.data);
    pm->manifestErrSaid = true;
  }
  irsBufFree(&why);
  irsBufFree(&saved);
}

static IrsErrorKind dumpInput(IrsPassManagerImpl *pm, MlirOperation module) {
  char *path = irsPathJoin(pm->rec.dumpDir, IRS_RUN_DIR_INPUT_DUMP);
  int e = path ? irsPmWriteDump(pm, module, path, true) : ENOMEM;
  free(path);
  if (e) {
    setError(pm, "cannot write dump '%s/" IRS_RUN_DIR_INPUT_DUMP "': %s",
             pm->rec.dumpDir, strerror(e));
    return IRS_ERR_IO;
  }
  pm->rec.inputDumpFile = irsStrDup(IRS_RUN_DIR_INPUT_DUMP);
  return irsPmUpdateManifest(pm);
}

// Materialises the input copy through the reload callback if the run was
// started without one.
static void obtainInput(IrsPassManagerImpl *pm, MlirOperation *input) {
  if (!pm->reloadPending || !mlirOperationIsNull(*input))
    return;
  pm->reloadPending = false;
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  *input = pm->opts.failure.reloadInput(pm->opts.failure.reloadInputUserData);
  irsDiagnosticCaptureSetDiscard(pm->capture, false);
}

static IrsErrorKind stopRun(IrsPassManagerImpl *pm, IrsErrorKind k) {
  pm->rec.runStatus = k;
  pm->rec.running = false;
  return k;
}

// `shown`: the diagnostics of the first `shown` steps were shown already
// (by a checkpointed run this one replays), so they are captured muted.
static IrsErrorKind runStepwise(IrsPassManagerImpl *pm, MlirOperation module,
                                MlirOperation *inputp, intptr_t shown) {
  uint64_t fp = pm->inputFingerprint;
  int64_t ops = pm->rec.inputOps;
  double t0 = irsClockMonotonicMs();
  for (intptr_t i = 0; i < pm->numSteps; ++i) {
    if (shown > 0)
      irsDiagnosticCaptureSetMuted(pm->capture, i < shown);
    IrsErrorKind bk = irsPmBuildUserPm(pm, i);
    if (bk != IRS_OK)
      return stopRun(pm, bk);
    IrsStepStatus st = irsPmRunStep(pm, i, module, true, fp, ops);
    irsPmDropUserPm(pm, i);
    fp = pm->steps[i].fingerprint;
    ops = pm->rec.steps[i].result.opsAfter;
    if (st != IrsStepOk) {
      obtainInput(pm, inputp);
      pm->rec.failedStep = i + 1;
      pm->rec.runStatus = irsPmStatusKind(st);
      irsPmDescribeFailure(pm, i);
      pm->rec.totalWallMs = irsClockMonotonicMs() - t0;
      irsPmWriteFailure(pm, i, module, *inputp);
      pm->rec.running = false;
      updateManifestKeeping(pm, pm->rec.runStatus);
      return pm->rec.runStatus;
    }
    IrsErrorKind k = irsPmStepDoneStepwise(pm, i, module);
    if (k != IRS_OK)
      return stopRun(pm, k);
  }
  pm->rec.totalWallMs = irsClockMonotonicMs() - t0;
  return IRS_OK;
}

void irsPmAdoptResult(MlirOperation module, MlirOperation from) {
  for (intptr_t i = mlirOperationGetNumAttributes(module); i-- > 0;)
    mlirOperationRemoveAttributeByName(
        module, mlirIdentifierStr(mlirOperationGetAttribute(module, i).name));
  intptr_t n = mlirOperationGetNumAttributes(from);
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(from, i);
    mlirOperationSetAttributeByName(module, mlirIdentifierStr(a.name),
                                    a.attribute);
  }
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(module); ++r)
    mlirRegionTakeBody(mlirOperationGetRegion(module, r),
                       mlirOperationGetRegion(from, r));
}

// An instrumented run in the pipeline's own schedule (Checkpoint.c), which
// shows its diagnostics as they come and attributes them to their steps.
// What it cannot document exactly (a failure, a dump it could not write) is
// replayed stepwise on a copy of the input, showing only the diagnostics
// of the steps the first run did not reach. The first run may have stopped
// before the end (a checkpoint that could not go on signals failure), so
// when the replay succeeds its result becomes the caller's module: the
// output is then the IR the dumps show.
static IrsErrorKind runCheckpointed(IrsPassManagerImpl *pm,
                                    MlirOperation module,
                                    MlirOperation *inputp) {
  bool exact = false;
  intptr_t reached = 0;
  IrsErrorKind k = irsPmRunCheckpointed(pm, module, &exact, &reached);
  if (!exact)
    return k;
  pm->cpRun = false;
  obtainInput(pm, inputp);
  MlirOperation m = mlirOperationIsNull(*inputp) ? *inputp
                                                 : mlirOperationClone(*inputp);
  if (mlirOperationIsNull(m)) {
    setError(pm, "%s%s", "pipeline failed", "");
    return IRS_ERR_PASS;
  }
  irsDiagnosticCaptureClear(pm->capture);
  for (intptr_t i = 0; i < pm->numSteps; ++i)
    irsRunRecordResetStep(&pm->rec, i);
  irsPmDumpJoin(pm);
  irsDumpCacheDestroy(pm->dumpCache);
  pm->dumpCache = NULL;
  pm->inputFingerprint = irsPmFingerprintRun(pm, m, &pm->rec.inputOps);
  k = runStepwise(pm, m, inputp, reached);
  irsDiagnosticCaptureSetMuted(pm->capture, false);
  // A write error stops the replay between two steps: the plain tool's
  // run goes on from there (finishRun), on the caller's module.
  if (k == IRS_OK || k == IRS_ERR_IO)
    irsPmAdoptResult(module, m);
  mlirOperationDestroy(m);
  return k;
}

// The pipeline failed as a whole: replay it stepwise on the input copy to
// find out which step failed and why, then document that step.
static IrsErrorKind locateFailure(IrsPassManagerImpl *pm, MlirOperation input) {
  MlirOperation m = mlirOperationClone(input);
  if (mlirOperationIsNull(m)) {
    irsBufReset(&pm->rec.errMsg);
    irsBufAppendStr(&pm->rec.errMsg, "pipeline failed");
    return IRS_ERR_PASS;
  }
  irsDiagnosticCaptureSetMuted(pm->capture, true);
  pm->inputFingerprint = irsFingerprint(m, &pm->rec.inputOps);
  uint64_t fp = pm->inputFingerprint;
  int64_t ops = pm->rec.inputOps;
  intptr_t failed = -1;
  for (intptr_t i = 0; i < pm->numSteps && failed < 0; ++i) {
    if (irsPmRunStep(pm, i, m, true, fp, ops) != IrsStepOk)
      failed = i;
    fp = pm->steps[i].fingerprint;
    ops = pm->rec.steps[i].result.opsAfter;
  }
  irsDiagnosticCaptureSetMuted(pm->capture, false);
  if (failed < 0) {
    // The stepwise replay succeeded: the failure depends on scheduling
    // (e.g. interleaving of nested passes). Report it without a step.
    mlirOperationDestroy(m);
    for (intptr_t i = 0; i < pm->numSteps; ++i)
      pm->rec.steps[i].result.status = IrsStepNotRun;
    irsBufReset(&pm->rec.errMsg);
    irsBufPrintf(&pm->rec.errMsg, "%s",
                 "pipeline failed, but no single step fails when replayed "
                 "step by step");
    pm->rec.runStatus = IRS_ERR_PASS;
    return IRS_ERR_PASS;
  }
  pm->rec.failedStep = failed + 1;
  pm->rec.runStatus = irsPmStatusKind(pm->rec.steps[failed].result.status);
  irsPmDescribeFailure(pm, failed);
  irsPmWriteFailure(pm, failed, m, input);
  mlirOperationDestroy(m);
  return pm->rec.runStatus;
}

// The whole pipeline in one MLIR pass manager, built on first use.
static IrsErrorKind runWhole(IrsPassManagerImpl *pm, MlirOperation module,
                             MlirOperation *input) {
  if (!pm->whole.ptr) {
    IrsBuf why = IRS_BUF_INIT;
    pm->whole = irsPmBuildWhole(pm, &why);
    if (pm->whole.ptr && irsPmWantsMlirInstrumentation(&pm->opts.mlir))
      irsPmInstrumentMlir(pm, pm->whole, pm->mlirTreeDir);
    if (!pm->whole.ptr) {
      irsBufReset(&pm->rec.errMsg);
      irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&why));
    }
    irsBufFree(&why);
    if (!pm->whole.ptr)
      return IRS_ERR_PIPELINE;
  }
  double t0 = irsClockMonotonicMs();
  irsPmStepBegin(pm, 0);
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm->whole, module);
  irsPmStepEnd(pm, 0);
  pm->rec.totalWallMs = irsClockMonotonicMs() - t0;
  if (mlirLogicalResultIsSuccess(r)) {
    for (intptr_t i = 0; i < pm->numSteps; ++i)
      pm->rec.steps[i].result.status = IrsStepOk;
    return IRS_OK;
  }
  obtainInput(pm, input);
  if (mlirOperationIsNull(*input)) {
    irsBufReset(&pm->rec.errMsg);
    irsBufAppendStr(&pm->rec.errMsg, "pipeline failed");
    return IRS_ERR_PASS;
  }
  irsDiagnosticCaptureClear(pm->capture);
  return locateFailure(pm, *input);
}

// The dump of the IR the successful run left in the caller's module
// (irsPassManagerGetFinalDump): the last step's, or with dumpOnlyChanged
// the last one written when no step after it changed the IR. A step
// without a dump that changed the IR, or a dump still being written, means
// there is none.
static void noteFinalDump(IrsPassManagerImpl *pm, IrsErrorKind k) {
  irsBufReset(&pm->finalDump);
  if (k != IRS_OK || !pm->rec.dumpDir || !pm->opts.verify.verifyEach)
    return;
  const char *name = pm->rec.inputDumpFile;
  for (intptr_t i = pm->numSteps; i-- > 0;) {
    const IrsRecordStep *s = &pm->rec.steps[i];
    if (s->result.status != IrsStepOk || s->dumpPending)
      return;
    if (s->dumpFile) {
      name = s->dumpFile;
      break;
    }
    if (s->result.changed)
      return;
  }
  if (!name)
    return;
  char *path = irsPathJoin(pm->rec.dumpDir, name);
  if (path)
    irsBufAppendStr(&pm->finalDump, path);
  free(path);
  if (pm->finalDump.failed)
    irsBufFree(&pm->finalDump);
}

// Every background dump on disk (or its failure known), MLIR's reports
// printed, and the final manifest: the last word on the run, best effort
// when the run already failed for another reason (whose message is kept).
static IrsErrorKind finishRun(IrsPassManagerImpl *pm, IrsErrorKind k) {
  irsPmActionsEnd(pm);
  irsPmDropUserPms(pm);
  irsPmDumpJoin(pm);
  if (pm->numBg) {
    IrsBuf err = IRS_BUF_INIT;
    if (irsBgDumpReap(pm, true, &err) != IRS_OK && k == IRS_OK) {
      irsBufReset(&pm->rec.errMsg);
      irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&err));
      k = IRS_ERR_IO;
    }
    irsBufFree(&err);
  }
  if (pm->bgFailed && k == IRS_OK) {
    irsBufReset(&pm->rec.errMsg);
    irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&pm->bgErr));
    k = IRS_ERR_IO;
  }
  pm->bgFailed = false;
  irsBufReset(&pm->bgErr);
  stopRun(pm, k);
  if (pm->rec.dumpDir && pm->dumpDirReady) {
    if (k == IRS_OK)
      k = irsPmUpdateManifest(pm);
    else
      updateManifestKeeping(pm, k);
  }
  pm->manifestErrSaid = false;
  noteFinalDump(pm, k);
  endCapture(pm);
  // Every I/O error of a run is a write of its own files (the dump
  // directory, a dump, the manifest), which the plain tool does not write:
  // the run stopped between two steps, after those that passed, and the
  // plain tool's run goes on there, on the module (PlainRest.c).
  if (k == IRS_ERR_IO && pm->plainRest == IrsPmPlainStops) {
    intptr_t ran = 0;
    while (ran < pm->numSteps &&
           pm->rec.steps[ran].result.status == IrsStepOk)
      ++ran;
    pm->plainRest = IrsPmPlainModule;
    pm->plainFrom = ran;
  }
  return k;
}

IrsStatus irsPassManagerRun(IrsPassManager handle, MlirOperation module) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  IrsErrorKind k = startRun(pm, module);
  if (k != IRS_OK)
    return irsStatusMake(k);
  irsBufReset(&pm->finalDump);
  irsBufReset(&pm->narrowNote);
  memset(&pm->narrowed, 0, sizeof(pm->narrowed));
  // The observers decide how the run goes: step by step or as one, and
  // whether through checkpoints (StepObserver.c).
  pm->needs = irsPmObserversNeed(pm);
  bool stepwise = pm->needs & IrsObserveSteps;
  pm->cpRun = stepwise && irsPmCheckpointable(pm, module);
  irsPmActionsBegin(pm);
  pm->rec.running = true;
  if (pm->rec.dumpDir)
    k = prepareDumpDir(pm);
  MlirOperation input = {NULL};
  if (k == IRS_OK) {
    if (stepwise)
      pm->inputFingerprint = irsPmFingerprintRun(pm, module, &pm->rec.inputOps);
    // A copy of the input lets a failure be documented by replay. With a
    // reload callback it is only made if something fails.
    if (pm->opts.failure.writeReport && !pm->opts.failure.reloadInput)
      input = mlirOperationClone(module);
    pm->reloadPending = pm->opts.failure.writeReport && pm->opts.failure.reloadInput;
    if (pm->rec.dumpDir)
      k = dumpInput(pm, module);
  }
  if (k == IRS_OK)
    k = pm->cpRun  ? runCheckpointed(pm, module, &input)
        : stepwise ? runStepwise(pm, module, &input, 0)
                   : runWhole(pm, module, &input);
  pm->cpRun = false;
  if (!mlirOperationIsNull(input))
    mlirOperationDestroy(input);
  return irsStatusMake(finishRun(pm, k));
}

IrsStatus irsPassManagerRunSteps(IrsPassManager handle, MlirOperation module,
                                 intptr_t first, intptr_t last) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  bool unrun = pm->unrunFrom > 0 && first >= pm->unrunFrom;
  pm->unrunFrom = 0;
  if (pm->numRuns++ > 0 && !unrun && irsPmRebuild(pm) != IRS_OK)
    return irsStatusMake(IRS_ERR_PIPELINE);
  irsPmActionsBegin(pm);
  IrsErrorKind k = IRS_OK;
  for (intptr_t i = first; k == IRS_OK && i < last && i < pm->numSteps; ++i) {
    irsPmStepBegin(pm, i + 1);
    MlirLogicalResult r = mlirPassManagerRunOnOp(pm->steps[i].pm, module);
    irsPmStepEnd(pm, i + 1);
    if (mlirLogicalResultIsFailure(r))
      k = IRS_ERR_PASS;
  }
  irsPmActionsEnd(pm);
  return irsStatusMake(k);
}
