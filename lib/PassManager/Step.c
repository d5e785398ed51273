// SPDX-License-Identifier: Apache-2.0
//===- Step.c - one instrumented step and what is written after it --------===//
//
// Running step i: its pass manager, wall and CPU time, peak RSS, the
// verifier, then the observers' checks (--verify-with, the verify hooks:
// the first to reject the IR makes the step a verifier failure), the
// fingerprint that says whether the IR changed, the step's diagnostics.
// Then the observers write its numbered dump with this engine's writer
// (the previous dump copied, stitched from cached op texts, a background
// printer or a thread, when that is provably the same) and the manifest.
// Results go into the run record (pm->rec.steps).
//
//===----------------------------------------------------------------------===//
#include "Fingerprint.h"
#include "PassManagerImpl.h"
#include "StitchedDump.h"

#include "../Support/DiagnosticsImpl.h"
#include "../Support/Fs.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static int64_t peakRssKb(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0)
    return 0;
  return (int64_t)ru.ru_maxrss;
}

void irsPmTakeStepDiagnostics(IrsPassManagerImpl *pm, intptr_t i,
                              intptr_t from) {
  IrsRecordStep *s = &pm->rec.steps[i];
  intptr_t end = irsDiagnosticCaptureGetNumDiagnostics(pm->capture), n = 0;
  free(s->diagCopies);
  s->diagCopies = NULL;
  s->result.numDiagnostics = 0;
  s->result.diagnostics = NULL;
  for (intptr_t k = from; k < end; ++k)
    n += irsDiagnosticCaptureGetDiagnostic(pm->capture, k)->step == i + 1;
  if (n <= 0)
    return;
  s->diagCopies = malloc((size_t)n * sizeof(IrsDiagnostic));
  if (!s->diagCopies)
    return;
  n = 0;
  for (intptr_t k = from; k < end; ++k) {
    const IrsDiagnostic *d = irsDiagnosticCaptureGetDiagnostic(pm->capture, k);
    if (d->step == i + 1)
      s->diagCopies[n++] = *d;
  }
  s->result.numDiagnostics = n;
  s->result.diagnostics = s->diagCopies;
}

// Runs the verifier, then the observers' checks (--verify-with, the user
// hooks, ...): the step's status, the failing check recorded on the step.
static IrsStepStatus verifyAfter(IrsPassManagerImpl *pm, intptr_t i,
                                 MlirOperation module, bool instrumented) {
  IrsRecordStep *s = &pm->rec.steps[i];
  if (pm->opts.verify.verifyEach) {
    s->result.verified = true;
    IrsPhaseMark m = irsPhaseBegin(pm->phases);
    s->result.verifierOk = mlirOperationVerify(module);
    irsPhaseEnd(pm->phases, IrsPhaseVerify, m, 0);
    if (!s->result.verifierOk) {
      irsRunRecordSetFailedHook(&pm->rec, i, "verifier");
      return IrsStepVerifyFailed;
    }
  }
  // The observers' checks (--verify-with, verify hooks: StepObserver.c).
  return instrumented ? irsPmStepCheck(pm, i, module) : IrsStepOk;
}

// Fingerprint of the IR of the instrumented run. With dumps it also keeps
// the top-level ops' fingerprints for the dump writer, so the module is
// walked once per step, not twice.
uint64_t irsPmFingerprintRun(IrsPassManagerImpl *pm, MlirOperation module,
                             int64_t *ops) {
  irsPmHeldSettle(pm, module);
  pm->lightValid = false;
  if (!(pm->needs & IrsObserveTopOps) && !pm->cpRun)
    return irsFingerprint(module, ops);
  uint64_t fp = irsFingerprintWithTops(module, &pm->topFps, &pm->capTopFps,
                                       &pm->numTopFps, ops,
                                       mlirContextGetNumThreads(pm->ctx) > 1);
  if (pm->cpRun) // the input of a checkpointed run
    irsPmLightBaseline(pm, module);
  return fp;
}

// A step of several passes failed: its verifier between them rejected
// the IR (which it reported) if the IR no longer verifies, checked again
// without a second report.
static IrsStepStatus innerVerifyFailed(IrsPassManagerImpl *pm, intptr_t i,
                                       MlirOperation module) {
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  bool ok = mlirOperationVerify(module);
  irsDiagnosticCaptureSetDiscard(pm->capture, false);
  if (ok)
    return IrsStepPassFailed;
  IrsStepResult *res = &pm->rec.steps[i].result;
  res->verified = true;
  res->verifierOk = false;
  irsRunRecordSetFailedHook(&pm->rec, i, "verifier");
  return IrsStepVerifyFailed;
}

IrsStepStatus irsPmRunStep(IrsPassManagerImpl *pm, intptr_t i,
                           MlirOperation module, bool instrumented,
                           uint64_t prevFp, int64_t prevOps) {
  IrsStepState *s = &pm->steps[i];
  IrsStepResult *res = &pm->rec.steps[i].result;
  irsPmStepBegin(pm, i + 1);
  irsDiagnosticCaptureSetStep(pm->capture, i + 1);
  intptr_t d0 = irsDiagnosticCaptureGetNumDiagnostics(pm->capture);
  double w0 = irsClockMonotonicMs();
  double c0 = irsClockProcessCpuMs();
  // The instrumented manager exists only during a stepwise run of the
  // user's pipeline; replays and the failure search use the silent one.
  MlirPassManager run = s->userPm.ptr ? s->userPm : s->pm;
  // A step of several passes is verified between them, as mlir-opt does:
  // the first error is the one after the pass that broke the IR, not one
  // after the passes that ran on broken IR.
  bool inner = s->severalPasses && pm->opts.verify.verifyEach;
  if (inner)
    mlirPassManagerEnableVerifier(run, true);
  MlirLogicalResult r = mlirPassManagerRunOnOp(run, module);
  if (inner)
    mlirPassManagerEnableVerifier(run, false);
  res->wallMs = irsClockMonotonicMs() - w0;
  res->cpuMs = irsClockProcessCpuMs() - c0;
  res->peakRssKb = peakRssKb();
  res->opsBefore = prevOps;
  IrsStepStatus st = IrsStepOk;
  if (mlirLogicalResultIsFailure(r))
    st = inner ? innerVerifyFailed(pm, i, module) : IrsStepPassFailed;
  else {
    double v0 = irsClockMonotonicMs();
    st = verifyAfter(pm, i, module, instrumented);
    res->verifyMs = irsClockMonotonicMs() - v0;
  }
  if (instrumented || st != IrsStepOk) {
    int64_t ops = 0;
    IrsPhaseMark m = irsPhaseBegin(pm->phases);
    s->fingerprint = instrumented ? irsPmFingerprintRun(pm, module, &ops)
                                  : irsFingerprint(module, &ops);
    irsPhaseEnd(pm->phases, IrsPhaseFingerprint, m, 0);
    res->opsAfter = ops;
    res->changed = s->fingerprint != prevFp;
  }
  res->status = st;
  irsPmTakeStepDiagnostics(pm, i, d0);
  irsDiagnosticCaptureSetStep(pm->capture, 0);
  irsPmStepEnd(pm, i + 1);
  return st;
}

// Prints a dump, reusing the text of unchanged top-level ops when the
// result is provably identical to a whole-module print.
int irsPmWriteDump(IrsPassManagerImpl *pm, MlirOperation module,
                   const char *path, bool verified) {
  irsPmDumpJoin(pm);
  if (!pm->opts.dump.printGeneric && !pm->opts.dump.printDebugInfo && !pm->dumpAliased) {
    bool stitched = false;
    int e = irsDumpModuleStitched(&pm->dumpCache, module, path, verified,
                                  pm->opts.run.threadingEnabled, pm->topFps,
                                  pm->numTopFps, pm->phases, &stitched);
    if (e || stitched)
      return e;
  }
  IrsPhaseMark m = irsPhaseBegin(pm->phases);
  bool aliases = false;
  int e = irsDumpModuleAliases(module, path, pm->opts.dump.printGeneric,
                             pm->opts.dump.printDebugInfo, verified, &aliases);
  irsPhaseEnd(pm->phases, IrsPhasePrintWhole, m, 0);
  // Builtin maps and sets alone leave the next dump to the stitcher.
  if (!e && !pm->opts.dump.printGeneric && !pm->opts.dump.printDebugInfo)
    pm->dumpAliased = aliases && !irsDumpFileAliasesBuiltinOnly(path);
  return e;
}

void irsPmDumpJoin(IrsPassManagerImpl *pm) {
  irsBgDumpSettleTables(pm);
  irsPmDumpJoinThreads(pm);
}

void irsPmDumpJoinThreads(IrsPassManagerImpl *pm) {
  if (!pm->asyncDump)
    return;
  IrsAsyncResult *r = NULL;
  size_t n = 0;
  irsDumpAsyncJoin(&pm->asyncDump, &pm->dumpCache, &r, &n);
  for (size_t k = 0; k < n; ++k) {
    pm->rec.steps[r[k].step].dumpPending = false;
    // A thread that had to print whole sends the next dumps to a forked
    // printer (BackgroundDump.c), until one shows no aliases.
    if (!r[k].err && r[k].whole)
      pm->dumpAliased = true;
    if (r[k].err) {
      if (!pm->bgFailed) {
        irsBufReset(&pm->bgErr);
        irsBufPrintf(&pm->bgErr, "cannot write dump '%s': %s",
                     r[k].path ? r[k].path : "", strerror(r[k].err));
        pm->bgFailed = true;
      }
      irsRunRecordSetDumpFile(&pm->rec, r[k].step, NULL);
      pm->rec.steps[r[k].step].dumpUnwritten = true;
    }
    free(r[k].path);
  }
  free(r);
}

// A dump finished on a thread while the next steps run (AsyncDump.c): the
// run must be threaded (uniquing locked) and the dump one the stitcher may
// write; -1 when this one cannot be. It pays only when the next step runs
// before anything needs the dump: a checkpointed nested group borrows the
// dump cache when it opens, and the run's end waits for the dumps, so
// before either the dump is printed at once on two threads (cloning first
// would only add the clones' cost). At most two are in flight.
// A module-level step's dump finished on a thread during the next step:
// its changed ops cloned and printed there, or, with `inPlace`, printed
// here on two threads and only written there. -1: write it here now.
static int dumpAsync(IrsPassManagerImpl *pm, intptr_t i, MlirOperation module,
                     const char *path, bool verified, bool inPlace) {
  if (pm->opts.dump.printGeneric || pm->opts.dump.printDebugInfo || pm->dumpAliased ||
      !pm->opts.run.threadingEnabled || mlirContextGetNumThreads(pm->ctx) < 2 ||
      i + 1 >= pm->numSteps ||
      (pm->cpRun && irsPipelineGetStepNumAnchors(pm->pipeline, i + 1) > 1))
    return -1;
  // The thread's dump starts from the cache: the printers' tables first.
  irsBgDumpSettleTables(pm);
  if (inPlace) {
    irsPmDumpJoin(pm);
    return irsDumpModuleAsyncPrinted(&pm->asyncDump, &pm->dumpCache,
                                     &pm->asyncBusy, module, path, i, verified,
                                     pm->topFps, pm->numTopFps, pm->phases);
  }
  if (atomic_load(&pm->asyncBusy) >= 2)
    irsPmDumpJoin(pm);
  return irsDumpModuleAsync(&pm->asyncDump, &pm->dumpCache, &pm->asyncBusy,
                            module, path, i, verified, pm->topFps,
                            pm->numTopFps, pm->phases);
}

int irsPmCopyUnchangedDump(IrsPassManagerImpl *pm, intptr_t i,
                           const char *path, bool verified) {
  if (i == 0 || pm->rec.steps[i].result.changed)
    return -1;
  const IrsRecordStep *prev = &pm->rec.steps[i - 1];
  // The copy of a dump a child is still printing is made once it is done;
  // a thread's is waited for (either costs less than printing again).
  if (prev->dumpFile && prev->dumpPending && prev->result.status == IrsStepOk &&
      prev->dumpVerified == verified) {
    int e = irsBgDumpCopyLater(pm, i, path);
    if (e >= 0)
      return e;
    irsBgDumpSettle(pm);
  }
  if (!prev->dumpFile || prev->dumpPending ||
      prev->result.status != IrsStepOk ||
      prev->dumpVerified != verified)
    return -1;
  char *from = irsPathJoin(pm->rec.dumpDir, prev->dumpFile);
  IrsPhaseMark m = irsPhaseBegin(pm->phases);
  int e = from ? irsCopyFileAtomic(from, path) : ENOMEM;
  irsPhaseEnd(pm->phases, IrsPhaseCopy, m, 0);
  free(from);
  return e;
}

// A step that changed a quarter of the module's top-level ops or more (a
// conversion) is dumped by a forked printer that stitches (ForkedDump.c):
// cloning them for a thread would hold the module twice. Fewer are cloned
// for a thread (AsyncDump.c), which costs less than a fork's page copies.
static bool manyChanged(IrsPassManagerImpl *pm, MlirOperation module) {
  MlirBlock body = irsDumpModuleBody(module);
  if (mlirBlockIsNull(body))
    return false;
  size_t n = irsDumpCountTops(body);
  size_t fresh = irsDumpCountNew(pm->dumpCache, pm->asyncDump, body,
                                 pm->numTopFps == n ? pm->topFps : NULL, n);
  return n > 0 && fresh * 4 >= n;
}

int irsPmWriteStepDump(IrsPassManagerImpl *pm, void *modulePtr, intptr_t i,
                       const char *path, bool verified, bool *written,
                       bool *pending) {
  MlirOperation module = {modulePtr};
  int e = irsPmCopyUnchangedDump(pm, i, path, verified);
  if (e < 0) {
    e = 0;
    // What the printers that are done tell (their tables, whether the
    // last dump had aliases). One still at work is waited for only when a
    // quarter of the ops are still as it printed them: else (a conversion)
    // the next printer starts from the cache as it is, whose texts are the
    // right ones for the ops it has keys for, and tries its guess of the
    // module's kind (BackgroundDump.c); other dumps wait for it.
    irsBgDumpCollect(pm, module);
    // Only verified IR may be printed by a child: printing unverified IR
    // would make the printer verify, and verification may need the thread
    // pool.
    bool background =
        pm->opts.dump.inBackground && verified &&
        irsBgDumpStart(pm, i, module, path, pm->opts.dump.printGeneric,
                       pm->opts.dump.printDebugInfo) == 0;
    // A conversion is printed here on two threads instead when forks cost
    // the pipeline more than that would (irsBgDumpForksPay).
    bool forks = irsBgDumpForksPay(pm);
    if (!background && forks && irsBgDumpWanted(pm, verified))
      background = irsBgDumpStitch(pm, i, module, path) == 0;
    bool many = !background && irsBgDumpCan(pm, verified) &&
                manyChanged(pm, module);
    if (many && forks)
      background = irsBgDumpStitch(pm, i, module, path) == 0;
    if (!background) {
      // Printed here: the texts get their ops' real keys.
      irsPmHeldSettle(pm, module);
      e = dumpAsync(pm, i, module, path, verified, many && !forks);
      *pending = e == 0; // still being printed when this returns
      if (e < 0)
        e = irsPmWriteDump(pm, module, path, verified);
    }
  }
  *written = e == 0;
  return e;
}

IrsErrorKind irsPmStepDoneStepwise(IrsPassManagerImpl *pm, intptr_t i,
                                   MlirOperation module) {
  IrsStepEnd end = {i, pm->rec.steps[i].result.verifierOk, irsPmWriteStepDump,
                    module.ptr};
  return irsPmStepDone(pm, &end);
}

IrsErrorKind irsPmUpdateManifest(IrsPassManagerImpl *pm) {
  if (!pm->rec.dumpDir)
    return IRS_OK;
  if (pm->numBg) {
    IrsBuf err = IRS_BUF_INIT;
    if (irsBgDumpReap(pm, false, &err) != IRS_OK) {
      irsBufReset(&pm->rec.errMsg);
      irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&err));
      irsBufFree(&err);
      return IRS_ERR_IO;
    }
    irsBufFree(&err);
  }
  IrsPhaseMark m = irsPhaseBegin(pm->phases);
  irsRunRecordHashDumps(&pm->rec);
  irsPhaseEnd(pm->phases, IrsPhaseHash, m, 0);
  int e = irsRunRecordWrite(&pm->rec, IrsRecordWriterManifest, pm->rec.dumpDir);
  if (e) {
    irsBufReset(&pm->rec.errMsg);
    irsBufPrintf(&pm->rec.errMsg,
                 "cannot write manifest '%s/" IRS_RUN_DIR_MANIFEST "': %s",
                 pm->rec.dumpDir, strerror(e));
    return IRS_ERR_IO;
  }
  return IRS_OK;
}
