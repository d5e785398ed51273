// SPDX-License-Identifier: Apache-2.0
//===- CheckpointPass.c - the checkpoint pass and the checkpointed run -----===//
//
// Builds the pipeline with a checkpoint pass after each step at the step's
// own nesting (`builtin.module(open, func.func(start, s1, cp1, s2, cp2),
// close, s3, cp3, ...)`), runs it once and tells the caller whether what
// happened must be replayed stepwise. What each checkpoint does is in
// Checkpoint.c, whose opening comment states the algorithm.
//
//===----------------------------------------------------------------------===//
#include "CheckpointImpl.h"

#include "../Support/DiagnosticsImpl.h"

#include <stdlib.h>
#include <string.h>

static const uint64_t kCpTypeId = 0x6972732d63700000ull;

//===----------------------------------------------------------------------===//
// The checkpoint pass and the pass manager
//===----------------------------------------------------------------------===//

static void cpConstruct(void *ud) { (void)ud; }
static void cpDestruct(void *ud) { free(ud); }

// MLIR clones a pass for each worker thread; the clones share the run.
static void *cpClone(void *ud) {
  CpPass *c = malloc(sizeof(CpPass));
  if (c)
    *c = *(CpPass *)ud;
  return c;
}

static void cpRun(MlirOperation op, MlirExternalPass pass, void *ud) {
  CpPass *p = ud;
  if (!p) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  IrsCheckpointRun *r = p->run;
  switch (p->kind) {
  case CpOpen:
    if (!irsCpOpenGroup(r, op, p->step)) {
      r->exact = true;
      mlirExternalPassSignalFailure(pass);
    }
    break;
  case CpStart:
    irsCpRunStart(r, op);
    break;
  case CpNested:
    irsCpRunNested(r, op, p->step, pass);
    break;
  case CpClose:
    irsCpCloseGroup(r, op, pass);
    break;
  case CpModule:
    irsCpRunModule(r, op, p->step, pass);
    break;
  }
}

static bool addCheckpoint(IrsCheckpointRun *r, MlirOpPassManager opm,
                          CpKind kind, intptr_t step) {
  CpPass *p = malloc(sizeof(CpPass));
  if (!p)
    return false;
  *p = (CpPass){r, kind, step};
  MlirExternalPassCallbacks cbs = {cpConstruct, cpDestruct, NULL, cpClone,
                                   cpRun};
  MlirStringRef name = mlirStringRefCreateFromCString("irs-checkpoint");
  MlirPass mp = mlirCreateExternalPass(
      mlirTypeIDCreate(&kCpTypeId), name, name,
      mlirStringRefCreateFromCString("irscope's per-step instrumentation"),
      mlirStringRefCreate(NULL, 0), 0, NULL, cbs, p);
  mlirOpPassManagerAddOwnedPass(opm, mp);
  return true;
}

// builtin.module(open, X(start, s1, cp, s2, cp), close, s3, cp, ...)
static MlirPassManager buildCheckpointed(IrsCheckpointRun *r, IrsBuf *err) {
  IrsPassManagerImpl *pm = r->pm;
  IrsPipeline p = pm->pipeline;
  MlirPassManager w = irsPmNewMlirPm(pm);
  MlirOpPassManager root = mlirPassManagerGetAsOpPassManager(w);
  MlirOpPassManager nested = {NULL};
  bool ok = true;
  for (intptr_t i = 0; ok && i < pm->numSteps; ++i) {
    bool isNested = irsPipelineGetStepNumAnchors(p, i) == 2;
    bool opens = isNested && (r->single || i == 0 ||
                              irsPipelineGetStepNumAnchors(p, i - 1) != 2 ||
                              !mlirStringRefEqual(irsPipelineGetStepAnchorAt(p, i, 1),
                                                  irsPipelineGetStepAnchorAt(p, i - 1, 1)));
    if (opens) {
      ok = addCheckpoint(r, root, CpOpen, i);
      nested = mlirOpPassManagerGetNestedUnder(root, irsPipelineGetStepAnchorAt(p, i, 1));
      ok = ok && addCheckpoint(r, nested, CpStart, i);
    }
    ok = ok && irsPmAppendLeaf(pm, i, isNested ? nested : root, err);
    ok = ok && addCheckpoint(r, isNested ? nested : root,
                             isNested ? CpNested : CpModule, i);
    bool closes = isNested && (r->single || i + 1 == pm->numSteps ||
                               irsPipelineGetStepNumAnchors(p, i + 1) != 2 ||
                               !mlirStringRefEqual(irsPipelineGetStepAnchorAt(p, i + 1, 1),
                                                   irsPipelineGetStepAnchorAt(p, i, 1)));
    if (ok && closes)
      ok = addCheckpoint(r, root, CpClose, i);
  }
  if (!ok) {
    mlirPassManagerDestroy(w);
    return (MlirPassManager){NULL};
  }
  // The checkpoints verify; a step of several passes is verified between
  // them too, as mlir-opt does (Step.c), and then so is every pass.
  bool several = false;
  for (intptr_t i = 0; i < pm->numSteps; ++i)
    several = several || pm->steps[i].severalPasses;
  mlirPassManagerEnableVerifier(w, several && pm->opts.verify.verifyEach);
  return w;
}

bool irsPmCheckpointable(IrsPassManagerImpl *pm, MlirOperation module) {
  // What the observers need (StepObserver.c); then this engine's own
  // conditions: the input copy it replays what it cannot document from,
  // and one builtin.module block with steps nested at most once.
  if ((pm->needs & IrsObserveStepwise) || !pm->opts.failure.writeReport)
    return false;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(module));
  if (!mlirStringRefEqual(name, mlirStringRefCreateFromCString("builtin.module")) ||
      mlirOperationGetNumRegions(module) != 1)
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  if (mlirBlockIsNull(body) || !mlirBlockIsNull(mlirBlockGetNextInRegion(body)))
    return false;
  for (intptr_t i = 0; i < pm->numSteps; ++i)
    if (irsPipelineGetStepNumAnchors(pm->pipeline, i) > 2)
      return false;
  return pm->numSteps > 0;
}

IrsErrorKind irsPmRunCheckpointed(IrsPassManagerImpl *pm, MlirOperation module,
                                  bool *exact, intptr_t *reached) {
  // Dumps and the IR kept before a crashing step must not depend on which
  // functions a fused group's threads had taken to its next step: they need
  // a boundary on the module after each step. Without dumps the group stays
  // fused as mlir-opt runs it (--timing alone): --verify-each verifies each
  // changed function between the group's steps and the whole module at its
  // close, and a failure there is located by the stepwise replay.
  IrsCheckpointRun r = {.pm = pm, .single = pm->rec.dumpDir != NULL};
  atomic_init(&r.lost, false);
  atomic_init(&r.ioErrAt, 0);
  *exact = true;
  *reached = 0;
  IrsBuf err = IRS_BUF_INIT;
  MlirPassManager w = buildCheckpointed(&r, &err);
  irsBufFree(&err);
  if (!w.ptr)
    return IRS_OK; // the stepwise replay reports it
  // Run.c fingerprinted the input with its top-level ops (irsPmFingerprintRun).
  r.moduleFp = pm->inputFingerprint;
  r.moduleOps = pm->rec.inputOps;
  // Diagnostics are shown as they come, as in a plain run, and attached to
  // the step that emitted them (CheckpointImpl.h: diag0, marker).
  r.diag0 = irsDiagnosticCaptureGetNumDiagnostics(pm->capture);
  r.marker = mlirLocationNameGet(
      pm->ctx, mlirStringRefCreateFromCString("irscope.checkpoint.step"),
      mlirLocationUnknownGet(pm->ctx));
  double t0 = irsClockMonotonicMs();
  r.lastT = t0;
  r.lastC = irsClockProcessCpuMs();
  r.begun = -1;
  irsCpAnnounce(&r, 0);
  MlirLogicalResult res = mlirPassManagerRunOnOp(w, module);
  irsCpAnnounce(&r, pm->numSteps);
  pm->rec.totalWallMs = irsClockMonotonicMs() - t0;
  // A group that failed never closed: its markers are delivered by now.
  irsDiagnosticCaptureSetStepMarker(pm->capture, (MlirLocation){NULL});
  *reached = r.reached;
  irsCpFreeGroup(&r);
  mlirPassManagerDestroy(w);
  if (!r.ioErr)
    r.ioErr = (IrsErrorKind)atomic_load(&r.ioErrAt);
  if (r.ioErr) {
    *exact = false;
    return r.ioErr;
  }
  *exact = mlirLogicalResultIsFailure(res) || r.exact || atomic_load(&r.lost);
  return IRS_OK;
}
