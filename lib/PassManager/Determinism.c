// SPDX-License-Identifier: Apache-2.0
//===- Determinism.c - running each step twice and comparing the results --===//
//
// irsPassManagerCheckDeterminism: for every step, clone its input, run the
// step on the module and on the clone (in "threads" mode the first run with
// the context's threading on and the second with it off), print both results
// and compare the text. The first step whose two results differ is
// documented like a failure (report.xml of kind "nondeterminism" with a
// unified diff from irsDiffUnified, the pre-step IR, a reproducer of that
// step, the first run's output) and stops the run. Printing both results is
// what makes this exact: fingerprints would miss differences the printer
// shows (attribute order, names) and could collide.
//
// Also irsPassManagerSetSeed, the seed handed to passes that draw random
// numbers.
//
//===----------------------------------------------------------------------===//
#include "Fingerprint.h"
#include "PassManagerImpl.h"

#include "../Support/DiagnosticsImpl.h"
#include "../Support/Fs.h"
#include "irscope/Diff.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void irsPassManagerSetSeed(IrsPassManager handle, uint64_t seed) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  pm->env.seed = seed;
  pm->env.hasSeed = true;
  // The record carries it into manifests, reports and reproducers.
  pm->rec.seed = seed;
  pm->rec.hasSeed = true;
}

bool irsPassManagerGetSeed(IrsPassManager handle, uint64_t *seed) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  if (pm->env.hasSeed && seed)
    *seed = pm->env.seed;
  return pm->env.hasSeed;
}

static void printTo(MlirOperation op, IrsPassManagerImpl *pm, IrsBuf *out) {
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  if (pm->opts.dump.printGeneric)
    mlirOpPrintingFlagsPrintGenericOpForm(f);
  if (pm->opts.dump.printDebugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(f, true, false);
  mlirOperationPrintWithFlags(op, f, irsBufStringCallback, out);
  mlirOpPrintingFlagsDestroy(f);
}

// Runs step i on `m` and verifies it when asked. Returns the step status.
static IrsStepStatus runOnce(IrsPassManagerImpl *pm, intptr_t i,
                             MlirOperation m) {
  if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm->steps[i].pm, m)))
    return IrsStepPassFailed;
  if (pm->opts.verify.verifyEach && !mlirOperationVerify(m))
    return IrsStepVerifyFailed;
  return IrsStepOk;
}

static const char *statusWord(IrsStepStatus s) {
  return s == IrsStepPassFailed     ? "failed"
         : s == IrsStepVerifyFailed ? "broke the IR"
                                    : "succeeded";
}

// Writes the artefacts of a differing step i: pre-step IR, reproducer, the
// first run's output and report.xml with the diff.
static void document(IrsPassManagerImpl *pm, intptr_t i, MlirOperation pre,
                     MlirOperation first, MlirStringRef diff,
                     IrsDeterminismMode mode) {
  if (!pm->opts.failure.writeReport)
    return;
  IrsFailureWriter w;
  if (irsFailureWriterOpenForRecord(&pm->rec, IrsOutcomeNondeterminism, &w))
    return;
  int e = irsPmAddPreStep(pm, w, i, pre, pm->opts.dump.printGeneric);
  if (!e)
    e = irsFailureWriterAddModule(w, IrsArtefactPostStepIr, first,
                                  pm->opts.dump.printGeneric,
                                  pm->opts.dump.printDebugInfo, true);
  char *failed = NULL;
  if (e) {
    // No report without all its files; the message still names the one
    // that was not written.
    irsFailureWriterGetError(w, &failed);
    free(pm->rec.failureDirUsed);
    pm->rec.failureDirUsed = irsStrDup(irsFailureWriterGetDir(w));
    irsFailureWriterAbort(w);
  } else {
    pm->rec.artifacts = (IrsRecordArtifacts){
        .diff = diff,
        .determinismMode =
            mode == IrsDeterminismThreads ? "threads" : "repeat"};
    e = irsFailureWriterCommitRecord(w, &pm->rec,
                                     IrsRecordWriterNondeterminismReport);
  }
  if (e && failed)
    irsBufPrintf(&pm->rec.errMsg, "; cannot write '%s': %s", failed,
                 strerror(e));
  else if (e)
    irsBufPrintf(&pm->rec.errMsg, "; cannot write '%s/" IRS_RUN_DIR_REPORT
                 "': %s",
                 pm->rec.failureDirUsed ? pm->rec.failureDirUsed : "?",
                 strerror(e));
  free(failed);
}

// One check: the mode and the buffers reused across steps.
typedef struct Check {
  IrsPassManagerImpl *pm;
  IrsDeterminismMode mode;
  IrsBuf a, b, diff;
  double t0;
  int64_t ops; // ops before the current step
} Check;

// The same per-run reset and pass manager rebuild as irsPassManagerRun.
static IrsStatus startCheck(IrsPassManager handle, MlirOperation module) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  irsBufReset(&pm->rec.errMsg);
  // The module ends as the first runs left it, which no dump shows.
  irsBufReset(&pm->finalDump);
  free(pm->rec.failureDirUsed);
  pm->rec.failureDirUsed = NULL;
  pm->rec.failedStep = 0;
  for (intptr_t i = 0; i < pm->numSteps; ++i) {
    IrsRecordStep *s = &pm->rec.steps[i];
    free(s->diagCopies);
    s->diagCopies = NULL;
    memset(&s->result, 0, sizeof(s->result));
    s->result.dumpFile = mlirStringRefCreate("", 0);
    s->result.failedHook = mlirStringRefCreate("", 0);
  }
  // Fresh managers for every run after the first, as irsPassManagerRun
  // builds them (irsPmRebuild): running no steps does it.
  IrsStatus st = irsPassManagerRunSteps(handle, module, 0, 0);
  if (!irsStatusIsOk(st))
    return st;
  irsDiagnosticCaptureDestroy(pm->capture);
  pm->capture = irsDiagnosticCaptureCreate(pm->ctx, pm->opts.run.onDiagnostic,
                                           pm->opts.run.onDiagnosticUserData);
  if (irsDiagnosticCaptureIsNull(pm->capture))
    return irsStatusMake(IRS_ERR_NOMEM);
  pm->env.capture = pm->capture;
  pm->inputFingerprint = irsFingerprint(module, &pm->rec.inputOps);
  return irsStatusOk();
}

// Without verifyEach, whether a run's output verifies; what the verifier
// says is dropped (the plain tool never verified it).
static bool outputVerifies(IrsPassManagerImpl *pm, MlirOperation module) {
  if (pm->opts.verify.verifyEach)
    return true;
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  bool ok = mlirOperationVerify(module);
  irsDiagnosticCaptureSetDiscard(pm->capture, false);
  return ok;
}

// Runs step i on `module` (recorded, diagnostics kept) and on `second`
// (diagnostics dropped: the user saw the first run's); *st2 gets the second
// status, *broken whether the second's output does not verify (without
// verifyEach). In threads mode the first run is threaded, the second not.
static IrsStepStatus runTwice(Check *c, intptr_t i, MlirOperation module,
                              MlirOperation second, IrsStepStatus *st2,
                              bool *broken) {
  IrsPassManagerImpl *pm = c->pm;
  bool threads = c->mode == IrsDeterminismThreads;
  irsPmStepBegin(pm, i + 1);
  irsDiagnosticCaptureSetStep(pm->capture, i + 1);
  // The second run goes first, and is verified: when its output is
  // broken, the module's run is the last thing done to the heap before the
  // next step, as in the plain tool, where a step that leaves dangling
  // pointers (without verifyEach) makes the next one crash; prints or a
  // run in between would reuse what they point to.
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  if (threads)
    mlirContextEnableMultithreading(pm->ctx, false);
  *st2 = runOnce(pm, i, second);
  irsDiagnosticCaptureSetDiscard(pm->capture, false);
  *broken = *st2 == IrsStepOk && !outputVerifies(pm, second);
  if (threads)
    mlirContextEnableMultithreading(pm->ctx, true);
  double w0 = irsClockMonotonicMs();
  IrsStepStatus st1 = runOnce(pm, i, module);
  pm->rec.steps[i].result.wallMs = irsClockMonotonicMs() - w0;
  if (threads)
    mlirContextEnableMultithreading(pm->ctx, pm->opts.run.threadingEnabled);
  irsDiagnosticCaptureSetStep(pm->capture, 0);
  irsPmStepEnd(pm, i + 1);
  return st1;
}

static void recordFirst(Check *c, intptr_t i, MlirOperation module,
                        IrsStepStatus st1) {
  IrsPassManagerImpl *pm = c->pm;
  IrsStepResult *r = &pm->rec.steps[i].result;
  r->opsBefore = c->ops;
  pm->steps[i].fingerprint = irsFingerprint(module, &c->ops);
  r->opsAfter = c->ops;
  r->changed = pm->steps[i].fingerprint !=
               (i ? pm->steps[i - 1].fingerprint : pm->inputFingerprint);
  r->status = st1;
  r->verified = pm->opts.verify.verifyEach && st1 != IrsStepPassFailed;
  r->verifierOk = st1 == IrsStepOk;
}

// Prints both results and, when they differ, diffs them into c->diff.
static bool printedDiffer(Check *c, MlirOperation module, MlirOperation second,
                          IrsErrorKind *k) {
  bool threads = c->mode == IrsDeterminismThreads;
  irsBufReset(&c->a);
  irsBufReset(&c->b);
  printTo(module, c->pm, &c->a);
  printTo(second, c->pm, &c->b);
  bool differ = c->a.len != c->b.len ||
                (c->a.len && memcmp(c->a.data, c->b.data, c->a.len));
  if (!differ)
    return false;
  irsBufReset(&c->diff);
  IrsStatus ds = irsDiffUnified(irsBufRef(&c->a), irsBufRef(&c->b),
                                threads ? "threading-on" : "first-run",
                                threads ? "threading-off" : "second-run", 3,
                                irsBufStringCallback, &c->diff, NULL);
  if (!irsStatusIsOk(ds) || c->a.failed || c->b.failed || c->diff.failed)
    *k = IRS_ERR_NOMEM;
  return true;
}

static void describe(Check *c, intptr_t i, IrsStepStatus st1,
                     IrsStepStatus st2) {
  IrsPassManagerImpl *pm = c->pm;
  bool threads = c->mode == IrsDeterminismThreads;
  MlirStringRef text = irsPipelineGetStepText(pm->pipeline, i);
  MlirStringRef pass = irsPipelineGetStepPassName(pm->pipeline, i);
  IrsBuf *m = &pm->rec.errMsg;
  irsBufReset(m);
  if (st1 != st2)
    irsBufPrintf(m,
                 "step %ld '%.*s' is not deterministic: pass '%.*s' %s "
                 "in the %s run and %s in the %s run",
                 (long)(i + 1), (int)text.length, text.data, (int)pass.length,
                 pass.data, statusWord(st1), threads ? "threaded" : "first",
                 statusWord(st2), threads ? "single-threaded" : "second");
  else if (st1 == IrsStepOk)
    irsBufPrintf(m,
                 "step %ld '%.*s' is not deterministic: pass '%.*s' "
                 "printed different IR %s",
                 (long)(i + 1), (int)text.length, text.data, (int)pass.length,
                 pass.data,
                 threads ? "with threading on and off"
                         : "in two runs on the same input");
  else
    // Failing the same way twice is an ordinary failure.
    irsBufPrintf(m,
                 "step %ld '%.*s' %s in both runs (pass '%.*s'); run "
                 "without --check-determinism to document it",
                 (long)(i + 1), (int)text.length, text.data, statusWord(st1),
                 (int)pass.length, pass.data);
}

// Checks step i. Returns false when the check stops here: a difference
// (documented; *differingStep set), an error in *k, or an output that
// does not verify (determinismStop; the second run's copy is leaked).
static bool checkStep(Check *c, intptr_t i, MlirOperation module,
                      IrsErrorKind *k, intptr_t *differingStep) {
  IrsPassManagerImpl *pm = c->pm;
  MlirOperation pre = mlirOperationClone(module);
  MlirOperation second = mlirOperationClone(module);
  IrsStepStatus st2;
  bool broken = false;
  IrsStepStatus st1 = runTwice(c, i, module, second, &st2, &broken);
  if (broken && st1 == IrsStepOk) {
    // Broken IR: nothing more is printed, copied or freed (a block named
    // from another region, freed, corrupts the heap); both copies leak.
    pm->determinismStop = i + 1;
    return false;
  }
  recordFirst(c, i, module, st1);
  bool differ = st1 != st2;
  if (!differ && st1 == IrsStepOk)
    differ = printedDiffer(c, module, second, k);
  bool go = *k == IRS_OK;
  if (go && (differ || st1 != IrsStepOk)) {
    pm->rec.failedStep = i + 1;
    describe(c, i, st1, st2);
    go = false;
  }
  if (*k == IRS_OK && differ) {
    pm->rec.totalWallMs = irsClockMonotonicMs() - c->t0;
    document(pm, i, pre, module, irsBufRef(&c->diff), c->mode);
    *differingStep = i + 1;
  } else if (*k == IRS_OK && st1 != IrsStepOk) {
    *k = irsPmStatusKind(st1);
  }
  mlirOperationDestroy(pre);
  if (go && !outputVerifies(pm, module)) {
    pm->determinismStop = i + 1;
    return false;
  }
  mlirOperationDestroy(second);
  return go;
}

IrsStatus irsPassManagerCheckDeterminism(IrsPassManager handle,
                                         MlirOperation module,
                                         IrsDeterminismMode mode,
                                         intptr_t *differingStep) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  *differingStep = 0;
  pm->determinismStop = 0;
  IrsStatus st = startCheck(handle, module);
  if (!irsStatusIsOk(st))
    return st;
  Check c = {.pm = pm, .mode = mode, .a = IRS_BUF_INIT, .b = IRS_BUF_INIT,
             .diff = IRS_BUF_INIT, .t0 = irsClockMonotonicMs(),
             .ops = pm->rec.inputOps};
  IrsErrorKind k = IRS_OK;
  for (intptr_t i = 0; i < pm->numSteps; ++i)
    if (!checkStep(&c, i, module, &k, differingStep))
      break;
  pm->rec.totalWallMs = irsClockMonotonicMs() - c.t0;
  irsBufFree(&c.a);
  irsBufFree(&c.b);
  irsBufFree(&c.diff);
  pm->rec.runStatus = k;
  irsDiagnosticCaptureDetach(pm->capture);
  pm->env.capture = (IrsDiagnosticCapture){NULL};
  return irsStatusMake(k);
}

intptr_t irsPassManagerGetDeterminismStop(IrsPassManager handle) {
  return irsPmUnwrap(handle)->determinismStop;
}
