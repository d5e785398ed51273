// SPDX-License-Identifier: Apache-2.0
//===- StepObserver.c - what runs around every step, in both engines ------===//
//
// Both engines (the stepwise one, Step.c and Run.c; the checkpointed one,
// Checkpoint.c) run a step's pass and measure it their own way, then hand
// the step to the observers below through four calls: begin and end (the
// announcement a supervisor follows: the action trail's mark, the rewrite
// counts of the step, the caller's onStep), check (after the pass, on the
// whole module: --verify-with, the verify hooks) and done (the step's
// result is final: its dump and the manifest). The verifier itself is each
// engine's (the checkpointed one verifies each changed op on its thread).
//
// Each observer says what it needs of the engine (IrsObserveNeeds): results
// per step (else the pipeline runs as one, as mlir-opt runs it), the
// top-level ops' fingerprints, or the whole module on the calling thread
// after every step, each step in its own MLIR pass manager: the stepwise
// engine. A run that goes step by step is checkpointed unless one needs
// that (irsPmCheckpointable). Timing is the engines' (each measures a step
// where it runs it). A new
// observer is one row of kObservers and its functions.
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

//===----------------------------------------------------------------------===//
// The announcement: trail, rewrite counts, the caller's onStep
//===----------------------------------------------------------------------===//

static void trailBegin(IrsPassManagerImpl *pm, intptr_t step) {
  (void)step;
  if (pm->markSteps)
    irsActionTrailMarkStep(pm->opts.watch.actionTrail);
}

// Step 0 is the whole pipeline run as one: not a step's counts.
static bool countsStep(const IrsPassManagerImpl *pm, intptr_t step) {
  return pm->countSteps && pm->counts && step >= 1 && step <= pm->numSteps;
}

static void countsBegin(IrsPassManagerImpl *pm, intptr_t step) {
  if (!countsStep(pm, step))
    return;
  // What the trail counted since the last step ended is no step's.
  if (pm->trailCounts)
    irsActionTrailTakeCounts(pm->opts.watch.actionTrail, NULL);
  irsActionCountsSetOpen(pm->counts, true);
  pm->countsOpen = step;
}

void irsPmTakeStepCounts(IrsPassManagerImpl *pm) {
  intptr_t step = pm->countsOpen;
  if (!step)
    return;
  pm->countsOpen = 0;
  IrsRewriteCount *c = NULL;
  size_t n = 0;
  if (pm->trailCounts)
    irsActionTrailTakeCounts(pm->opts.watch.actionTrail, pm->counts);
  irsActionCountsSetOpen(pm->counts, false);
  if (irsActionCountsTake(pm->counts, &c, &n))
    irsRunRecordSetRewrites(&pm->rec, step - 1, c, n);
}

static void countsEnd(IrsPassManagerImpl *pm, intptr_t step) {
  if (!countsStep(pm, step) || pm->countsOpen != step)
    return; // taken before the step's manifest was written
  irsPmTakeStepCounts(pm);
  // A checkpointed run that wrote the step's manifest before it announced
  // the step's end and took the counts: write it again, so that a worker
  // dying in the next step leaves these counts behind as a stepwise run
  // does. An end cannot fail the step: the error waits, as a background
  // dump's does, for the run's end to report it (the next write leaves a
  // whole manifest meanwhile).
  if (pm->cpRun && irsPmUpdateManifest(pm) != IRS_OK && !pm->bgFailed) {
    irsBufReset(&pm->bgErr);
    irsBufAppendRef(&pm->bgErr, irsBufRef(&pm->rec.errMsg));
    pm->bgFailed = true;
  }
}

static void callerBegin(IrsPassManagerImpl *pm, intptr_t step) {
  if (pm->opts.watch.onStep)
    pm->opts.watch.onStep(step, true, pm->opts.watch.onStepUserData);
}

static void callerEnd(IrsPassManagerImpl *pm, intptr_t step) {
  if (pm->opts.watch.onStep)
    pm->opts.watch.onStep(step, false, pm->opts.watch.onStepUserData);
}

// A crash or timeout attributed to one step needs each step in its own
// manager, announced before it starts.
static unsigned callerNeeds(const IrsPassManagerImpl *pm) {
  return pm->opts.watch.stepwise ? IrsObserveSteps | IrsObserveStepwise : 0;
}

//===----------------------------------------------------------------------===//
// Checks after the pass: --verify-with, verify hooks
//===----------------------------------------------------------------------===//

// --verify-with on the live module (no copy: that would cost a deep clone
// per step), so make sure it only looked. A verifier failure when it failed
// or changed the IR. One that failed is fingerprinted too: the plain
// tool's run goes on from the module only if the check left it as the
// step did (PlainRest.c).
static IrsStepStatus verifyWithCheck(IrsPassManagerImpl *pm, intptr_t i,
                                     MlirOperation module) {
  if (!pm->verifyWithPm.ptr)
    return IrsStepOk;
  uint64_t before = irsFingerprint(module, NULL);
  bool failed = mlirLogicalResultIsFailure(
      mlirPassManagerRunOnOp(pm->verifyWithPm, module));
  bool changed = irsFingerprint(module, NULL) != before;
  if (changed)
    pm->plainRest = IrsPmPlainInput;
  if (changed && !failed) {
    IrsBuf m = IRS_BUF_INIT;
    irsBufPrintf(&m, "the --verify-with pipeline '%s' changed the IR; it "
                     "must only check it",
                 pm->rec.verifyWith);
    irsDiagnosticCaptureAdd(pm->capture, IrsSeverityError,
                            mlirStringRefCreateFromCString("<verify-with>"),
                            irsBufRef(&m), NULL, 0);
    irsBufFree(&m);
  }
  if (!failed && !changed)
    return IrsStepOk;
  IrsBuf b = IRS_BUF_INIT;
  irsBufPrintf(&b, "verify-with(%s)", pm->rec.verifyWith);
  irsRunRecordSetFailedHook(&pm->rec, i, b.data);
  irsBufFree(&b);
  return IrsStepVerifyFailed;
}

// The whole module after every step, on this thread.
static unsigned verifyWithNeeds(const IrsPassManagerImpl *pm) {
  return pm->verifyWithPm.ptr ? IrsObserveSteps | IrsObserveStepwise : 0;
}

static IrsStepStatus hooksCheck(IrsPassManagerImpl *pm, intptr_t i,
                                MlirOperation module) {
  for (intptr_t h = 0; h < pm->numHooks; ++h) {
    if (mlirLogicalResultIsFailure(
            pm->hooks[h].fn(module, i + 1, pm->hooks[h].userData))) {
      irsRunRecordSetFailedHook(&pm->rec, i,
                                pm->hooks[h].name ? pm->hooks[h].name : "hook");
      return IrsStepVerifyFailed;
    }
  }
  return IrsStepOk;
}

static unsigned hooksNeeds(const IrsPassManagerImpl *pm) {
  return pm->numHooks > 0 ? IrsObserveSteps | IrsObserveStepwise : 0;
}

// MLIR's own instrumentation is attached to a manager per step when the
// run goes step by step (MlirInstrumentation.c), else to the whole one.
static unsigned mlirNeeds(const IrsPassManagerImpl *pm) {
  return irsPmWantsMlirInstrumentation(&pm->opts.mlir) ? IrsObserveStepwise
                                                       : 0;
}

// Timing (irsPassManagerEnableTiming) is measured by the engines; it only
// asks for results per step.
static unsigned timingNeeds(const IrsPassManagerImpl *pm) {
  return pm->opts.timing ? IrsObserveSteps : 0;
}

//===----------------------------------------------------------------------===//
// The step's dump and the manifest
//===----------------------------------------------------------------------===//

// A background printer forks on the calling thread; the checkpointed
// engine's stitcher knows only the default printing flags (which also
// print the IR files of a failure). Every dump wants the top-level ops'
// fingerprints (the stitcher reuses the text of unchanged ops).
static unsigned dumpNeeds(const IrsPassManagerImpl *pm) {
  const IrsDumpOptions *d = &pm->opts.dump;
  bool stepwise = d->inBackground || d->printGeneric || d->printDebugInfo;
  return (pm->rec.dumpDir ? IrsObserveSteps | IrsObserveTopOps : 0) |
         (stepwise ? IrsObserveStepwise : 0);
}

// Writes step i's numbered dump through the engine's writer when one is
// due.
static IrsErrorKind dumpDone(IrsPassManagerImpl *pm, const IrsStepEnd *end) {
  intptr_t i = end->step;
  IrsStepResult *res = &pm->rec.steps[i].result;
  const char *dumpDir = pm->rec.dumpDir;
  if (!dumpDir || res->status != IrsStepOk)
    return IRS_OK;
  if (pm->opts.dump.onlyChanged && !res->changed)
    return IRS_OK;
  IrsBuf name = IRS_BUF_INIT;
  irsRunDirDumpName(pm->opts.dump.stepNumberOffset + i + 1,
                    irsPipelineGetStepAnchor(pm->pipeline, i),
                    irsPipelineGetStepPassName(pm->pipeline, i),
                    irsBufStringCallback, &name);
  char *path = irsPathJoin(dumpDir, name.data ? name.data : "");
  bool written = false, pending = false;
  int e = path ? end->writeDump(pm, end->engine, i, path, end->verified,
                                &written, &pending)
               : ENOMEM;
  free(path);
  IrsErrorKind k = IRS_OK;
  if (e) {
    irsBufReset(&pm->rec.errMsg);
    irsBufPrintf(&pm->rec.errMsg, "cannot write dump '%s/%s': %s", dumpDir,
                 name.data ? name.data : "", strerror(e));
    pm->rec.steps[i].dumpUnwritten = true;
    k = IRS_ERR_IO;
  } else if (written && name.data) {
    irsRunRecordSetDumpFile(&pm->rec, i, name.data);
    pm->rec.steps[i].dumpVerified = end->verified;
    // A background printer marks its dump pending itself.
    if (pending)
      pm->rec.steps[i].dumpPending = true;
  }
  // An earlier step's dump a printer could not write (found only now)
  // ends the run here; this step's, written, stays in the manifest.
  if (!e && pm->bgFailed) {
    irsBufReset(&pm->rec.errMsg);
    irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&pm->bgErr));
    k = IRS_ERR_IO;
  }
  irsBufFree(&name);
  return k;
}

static IrsErrorKind manifestDone(IrsPassManagerImpl *pm,
                                 const IrsStepEnd *end) {
  (void)end;
  return irsPmUpdateManifest(pm);
}

//===----------------------------------------------------------------------===//
// The observers, in the order they are called
//===----------------------------------------------------------------------===//

typedef struct IrsStepObserver {
  const char *name;
  /// What it needs of the engine (IrsObserveNeeds); null: nothing.
  unsigned (*needs)(const IrsPassManagerImpl *pm);
  /// Step `step` (1-based; 0: the whole pipeline as one) begins; its pass
  /// and checks are done.
  void (*begin)(IrsPassManagerImpl *pm, intptr_t step);
  void (*end)(IrsPassManagerImpl *pm, intptr_t step);
  /// After step i's pass, on the whole module: IrsStepOk, or the step's
  /// failure (a verifier failure, or a kind of its own: Outcome.h), the
  /// observer naming itself in the record (irsRunRecordSetFailedHook). An
  /// observer with a check needs IrsObserveStepwise.
  IrsStepStatus (*check)(IrsPassManagerImpl *pm, intptr_t i,
                         MlirOperation module);
  /// Step end->step passed and its result is final.
  IrsErrorKind (*done)(IrsPassManagerImpl *pm, const IrsStepEnd *end);
} IrsStepObserver;

static const IrsStepObserver kObservers[] = {
    {"action-trail", NULL, trailBegin, NULL, NULL, NULL},
    {"rewrite-counts", NULL, countsBegin, countsEnd, NULL, NULL},
    {"on-step", callerNeeds, callerBegin, callerEnd, NULL, NULL},
    {"verify-with", verifyWithNeeds, NULL, NULL, verifyWithCheck, NULL},
    {"verify-hooks", hooksNeeds, NULL, NULL, hooksCheck, NULL},
    {"mlir-instrumentation", mlirNeeds, NULL, NULL, NULL, NULL},
    {"timing", timingNeeds, NULL, NULL, NULL, NULL},
    {"dump", dumpNeeds, NULL, NULL, NULL, dumpDone},
    {"manifest", NULL, NULL, NULL, NULL, manifestDone},
};

enum { kNumObservers = sizeof(kObservers) / sizeof(kObservers[0]) };

unsigned irsPmObserversNeed(const IrsPassManagerImpl *pm) {
  unsigned needs = 0;
  for (int k = 0; k < kNumObservers; ++k)
    if (kObservers[k].needs)
      needs |= kObservers[k].needs(pm);
  return needs;
}

void irsPmStepBegin(IrsPassManagerImpl *pm, intptr_t step) {
  for (int k = 0; k < kNumObservers; ++k)
    if (kObservers[k].begin)
      kObservers[k].begin(pm, step);
}

void irsPmStepEnd(IrsPassManagerImpl *pm, intptr_t step) {
  for (int k = 0; k < kNumObservers; ++k)
    if (kObservers[k].end)
      kObservers[k].end(pm, step);
}

// A check's failure is irscope's finding: the plain tool, which runs no
// check, goes on after the step (from the input when the check changed
// the module; a verify hook, like --verify-with, must only look).
IrsStepStatus irsPmStepCheck(IrsPassManagerImpl *pm, intptr_t i,
                             MlirOperation module) {
  IrsStepStatus st = IrsStepOk;
  for (int k = 0; st == IrsStepOk && k < kNumObservers; ++k)
    if (kObservers[k].check)
      st = kObservers[k].check(pm, i, module);
  if (st != IrsStepOk && pm->plainRest == IrsPmPlainStops) {
    pm->plainRest = IrsPmPlainModule;
    pm->plainFrom = i + 1;
  }
  return st;
}

IrsErrorKind irsPmStepDone(IrsPassManagerImpl *pm, const IrsStepEnd *end) {
  double d0 = irsClockMonotonicMs();
  IrsErrorKind k = IRS_OK;
  for (int n = 0; k == IRS_OK && n < kNumObservers; ++n)
    if (kObservers[n].done)
      k = kObservers[n].done(pm, end);
  // What is written after a step is timed as its dump (IrsStepResult).
  if (pm->rec.dumpDir)
    pm->rec.steps[end->step].result.dumpMs = irsClockMonotonicMs() - d0;
  return k;
}
