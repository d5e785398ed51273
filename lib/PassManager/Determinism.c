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
#include "Determinism.h"
#include "Fingerprint.h"

#include "../Support/DiagnosticsImpl.h"
#include "../Support/Fs.h"
#include "irscope/Diff.h"
#include "irscope/Report.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void irsPassManagerSetSeed(IrsPassManager handle, uint64_t seed) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  pm->env.seed = seed;
  pm->env.hasSeed = true;
}

bool irsPassManagerGetSeed(IrsPassManager handle, uint64_t *seed) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  if (pm->env.hasSeed && seed)
    *seed = pm->env.seed;
  return pm->env.hasSeed;
}

static double nowMs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void printTo(MlirOperation op, IrsPassManagerImpl *pm, IrsBuf *out) {
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  if (pm->opts.printGeneric)
    mlirOpPrintingFlagsPrintGenericOpForm(f);
  if (pm->opts.printDebugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(f, true, false);
  mlirOperationPrintWithFlags(op, f, irsBufStringCallback, out);
  mlirOpPrintingFlagsDestroy(f);
}

// Runs step i on `m` and verifies it when asked. Returns the step status.
static IrsStepStatus runOnce(IrsPassManagerImpl *pm, intptr_t i,
                             MlirOperation m) {
  if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm->steps[i].pm, m)))
    return IrsStepPassFailed;
  if (pm->opts.verifyEach && !mlirOperationVerify(m))
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
  if (!pm->opts.writeFailureReport)
    return;
  char *dir = irsPmFailureDirOpen(pm);
  if (!dir)
    return;
  const char *preName = "failure-input.mlir", *repro = "reproducer.mlir",
             *post = "failure-output.mlir";
  char *p1 = irsPathJoin(dir, preName), *p2 = irsPathJoin(dir, repro),
       *p3 = irsPathJoin(dir, post);
  int e = p1 && p2 && p3 ? 0 : ENOMEM;
  if (!e)
    e = irsDumpModule(pre, p1, pm->opts.printGeneric, pm->opts.printDebugInfo,
                      true);
  if (!e)
    e = irsReproducerWriteSeeded(
        pre, p2, irsPipelineGetStepText(pm->pipeline, i),
        !pm->opts.threadingEnabled, pm->opts.verifyEach, pm->opts.plugins, pm->env.hasSeed,
        pm->env.seed);
  if (!e)
    e = irsDumpModule(first, p3, pm->opts.printGeneric,
                      pm->opts.printDebugInfo, true);
  if (!e)
    e = irsNondeterminismReportWrite(pm, dir, i, diff,
                                     mode == IrsDeterminismThreads ? "threads"
                                                                   : "repeat",
                                     preName, post, repro);
  if (e)
    irsBufPrintf(&pm->errMsg,
                 "; could not write all failure artefacts to '%s': %s", dir,
                 strerror(e));
  free(p1);
  free(p2);
  free(p3);
  pm->failureDirUsed = dir;
}

IrsStatus irsPassManagerCheckDeterminism(IrsPassManager handle,
                                         MlirOperation module,
                                         IrsDeterminismMode mode,
                                         intptr_t *differingStep) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  // The same per-run reset and pass manager rebuild as irsPassManagerRun.
  irsBufReset(&pm->errMsg);
  free(pm->failureDirUsed);
  pm->failureDirUsed = NULL;
  pm->failedStep = 0;
  for (intptr_t i = 0; i < pm->numSteps; ++i) {
    free(pm->steps[i].diagCopies);
    pm->steps[i].diagCopies = NULL;
    memset(&pm->steps[i].result, 0, sizeof(pm->steps[i].result));
    pm->steps[i].result.dumpFile = mlirStringRefCreate("", 0);
    pm->steps[i].result.failedHook = mlirStringRefCreate("", 0);
  }
  *differingStep = 0;
  {
    // Fresh managers for every run after the first, as irsPassManagerRun
    // builds them (see rebuild in PassManager.c): running no steps does it.
    IrsStatus st = irsPassManagerRunSteps(handle, module, 0, 0);
    if (!irsStatusIsOk(st))
      return st;
  }
  irsDiagnosticCaptureDestroy(pm->capture);
  pm->capture = irsDiagnosticCaptureCreate(pm->ctx, pm->opts.onDiagnostic,
                                           pm->opts.onDiagnosticUserData);
  if (irsDiagnosticCaptureIsNull(pm->capture))
    return irsStatusMake(IRS_ERR_NOMEM);
  pm->env.capture = pm->capture;
  pm->inputFingerprint = irsFingerprint(module, &pm->inputOps);

  IrsErrorKind k = IRS_OK;
  IrsBuf a = IRS_BUF_INIT, b = IRS_BUF_INIT, diff = IRS_BUF_INIT;
  double t0 = nowMs();
  int64_t ops = pm->inputOps;
  bool break_ = false;
  for (intptr_t i = 0; i < pm->numSteps && k == IRS_OK && !break_; ++i) {
    IrsStepState *s = &pm->steps[i];
    MlirOperation pre = mlirOperationClone(module);
    MlirOperation second = mlirOperationClone(module);
    if (pm->opts.onStep)
      pm->opts.onStep(i + 1, true, pm->opts.onStepUserData);
    irsDiagnosticCaptureSetStep(pm->capture, i + 1);
    if (mode == IrsDeterminismThreads)
      mlirContextEnableMultithreading(pm->ctx, true);
    double w0 = nowMs();
    IrsStepStatus st1 = runOnce(pm, i, module);
    s->result.wallMs = nowMs() - w0;
    // The user saw the first run's diagnostics; the second would repeat them.
    irsDiagnosticCaptureSetDiscard(pm->capture, true);
    if (mode == IrsDeterminismThreads)
      mlirContextEnableMultithreading(pm->ctx, false);
    IrsStepStatus st2 = runOnce(pm, i, second);
    irsDiagnosticCaptureSetDiscard(pm->capture, false);
    if (mode == IrsDeterminismThreads)
      mlirContextEnableMultithreading(pm->ctx, pm->opts.threadingEnabled);
    irsDiagnosticCaptureSetStep(pm->capture, 0);
    if (pm->opts.onStep)
      pm->opts.onStep(i + 1, false, pm->opts.onStepUserData);
    s->result.opsBefore = ops;
    s->fingerprint = irsFingerprint(module, &ops);
    s->result.opsAfter = ops;
    s->result.changed =
        s->fingerprint != (i ? pm->steps[i - 1].fingerprint
                             : pm->inputFingerprint);
    s->result.status = st1;
    s->result.verified = pm->opts.verifyEach && st1 != IrsStepPassFailed;
    s->result.verifierOk = st1 == IrsStepOk;
    MlirStringRef text = irsPipelineGetStepText(pm->pipeline, i);
    MlirStringRef pass = irsPipelineGetStepPassName(pm->pipeline, i);
    bool differ = st1 != st2;
    if (!differ && st1 == IrsStepOk) {
      irsBufReset(&a);
      irsBufReset(&b);
      printTo(module, pm, &a);
      printTo(second, pm, &b);
      differ = a.len != b.len || (a.len && memcmp(a.data, b.data, a.len));
      if (differ) {
        irsBufReset(&diff);
        IrsStatus ds = irsDiffUnified(
            irsBufRef(&a), irsBufRef(&b),
            mode == IrsDeterminismThreads ? "threading-on" : "first-run",
            mode == IrsDeterminismThreads ? "threading-off" : "second-run", 3,
            irsBufStringCallback, &diff, NULL);
        if (!irsStatusIsOk(ds) || a.failed || b.failed || diff.failed)
          k = IRS_ERR_NOMEM;
      }
    }
    if (k == IRS_OK && differ) {
      pm->failedStep = i + 1;
      irsBufReset(&pm->errMsg);
      if (st1 != st2)
        irsBufPrintf(&pm->errMsg,
                     "step %ld '%.*s' is not deterministic: pass '%.*s' %s "
                     "in the %s run and %s in the %s run",
                     (long)(i + 1), (int)text.length, text.data,
                     (int)pass.length, pass.data, statusWord(st1),
                     mode == IrsDeterminismThreads ? "threaded" : "first",
                     statusWord(st2),
                     mode == IrsDeterminismThreads ? "single-threaded"
                                                   : "second");
      else
        irsBufPrintf(&pm->errMsg,
                     "step %ld '%.*s' is not deterministic: pass '%.*s' "
                     "printed different IR %s",
                     (long)(i + 1), (int)text.length, text.data,
                     (int)pass.length, pass.data,
                     mode == IrsDeterminismThreads
                         ? "with threading on and off"
                         : "in two runs on the same input");
      pm->totalWallMs = nowMs() - t0;
      document(pm, i, pre, module, irsBufRef(&diff), mode);
      *differingStep = i + 1;
      break_ = true;
    } else if (k == IRS_OK && st1 != IrsStepOk) {
      // Failing the same way twice is an ordinary failure.
      pm->failedStep = i + 1;
      irsBufReset(&pm->errMsg);
      irsBufPrintf(&pm->errMsg,
                   "step %ld '%.*s' %s in both runs (pass '%.*s'); run "
                   "without --check-determinism to document it",
                   (long)(i + 1), (int)text.length, text.data,
                   statusWord(st1), (int)pass.length, pass.data);
      k = st1 == IrsStepPassFailed ? IRS_ERR_PASS : IRS_ERR_VERIFY;
    }
    mlirOperationDestroy(pre);
    mlirOperationDestroy(second);
  }
  pm->totalWallMs = nowMs() - t0;
  irsBufFree(&a);
  irsBufFree(&b);
  irsBufFree(&diff);
  pm->runStatus = k;
  irsDiagnosticCaptureDetach(pm->capture);
  pm->env.capture = (IrsDiagnosticCapture){NULL};
  return irsStatusMake(k);
}
