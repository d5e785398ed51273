// SPDX-License-Identifier: Apache-2.0
//===- Determinism.c - running each step twice and comparing the results --===//
//
// irsPassManagerCheckDeterminism: for every step, run it in a fork of the
// process on the fork's copy of its input (ForkedRun.c), then on the module
// (in "threads" mode the latter with the context's threading on and the
// former with it off), print both results and compare the text. The first
// step whose two results differ is documented like a failure (report.xml
// of kind "nondeterminism" with a unified diff from irsDiffUnified, the
// pre-step IR, a reproducer of that step, the first run's output) and stops
// the run. Printing both results is what makes this exact: fingerprints
// would miss differences the printer shows (attribute order, names) and
// could collide. The fork keeps the second run's frees out of the heap the
// user's run goes on with.
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

// What a step's second run hands back from its fork; its printed output
// goes to the check's second buffer.
typedef struct Second {
  bool died;       // no whole record: the run died in the fork
  IrsStepStatus st;
  bool broken;     // it succeeded and its output does not verify
} Second;

typedef struct SecondJob {
  Check *c;
  intptr_t i;
  MlirOperation module;
  bool threaded; // with a thread pool of the fork's own
} SecondJob;

// In the fork: step i on the fork's copy of the module (diagnostics
// dropped: the user sees the first run's), verified without verifyEach
// too, printed when it verifies. Record: "STATUS BROKEN LENGTH\n" and the
// printed IR.
static void secondChild(int fd, void *ud) {
  SecondJob *j = ud;
  IrsPassManagerImpl *pm = j->c->pm;
  if (j->threaded)
    mlirContextEnableMultithreading(pm->ctx, true);
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  IrsStepStatus st = runOnce(pm, j->i, j->module);
  bool broken = st == IrsStepOk && !mlirOperationVerify(j->module);
  IrsBuf text = IRS_BUF_INIT;
  if (st == IrsStepOk && !broken)
    printTo(j->module, pm, &text);
  char head[64];
  int n = snprintf(head, sizeof(head), "%d %d %zu\n", (int)st, (int)broken,
                   text.len);
  if (!text.failed && !irsWriteAll(fd, head, (size_t)n))
    (void)irsWriteAll(fd, text.data ? text.data : "", text.len);
}

// Reads the second run's record into *s and its printed IR into `text`.
static void receiveSecond(MlirStringRef r, Second *s, IrsBuf *text) {
  const char *nl = r.data ? memchr(r.data, '\n', r.length) : NULL;
  int st = 0, broken = 0;
  size_t len = 0;
  s->died = !nl || sscanf(r.data, "%d %d %zu", &st, &broken, &len) != 3 ||
            (size_t)(r.data + r.length - (nl + 1)) != len;
  if (s->died)
    return;
  s->st = (IrsStepStatus)st;
  s->broken = broken != 0;
  irsBufAppend(text, nl + 1, len);
}

// Runs step i twice: first in a fork of this process on its copy of
// `module` (*s, its printed output in c->b), then on `module` itself,
// recorded, its diagnostics kept; returns the latter's status. Only the
// module's run touches this process's heap, as in the plain tool, where a
// step that leaves dangling pointers (without verifyEach) makes a later
// one crash or not by what reuses the freed blocks: a second run here
// freed blocks of its own, and #102577's linalg-detensorize then
// canonicalize crashed in 6 runs of 10 instead of every run. In threads
// mode the first run is threaded, the second not. False in *forked when
// no fork could be made.
static IrsStepStatus runTwice(Check *c, intptr_t i, MlirOperation module,
                              Second *s, bool *forked) {
  IrsPassManagerImpl *pm = c->pm;
  bool threads = c->mode == IrsDeterminismThreads;
  bool runThreaded = pm->opts.run.threadingEnabled;
  irsPmStepBegin(pm, i + 1);
  irsDiagnosticCaptureSetStep(pm->capture, i + 1);
  // No thread pool to fork from: the fork makes its own when it runs
  // threaded, this process a new one for its run.
  mlirContextEnableMultithreading(pm->ctx, false);
  SecondJob j = {c, i, module, !threads && runThreaded};
  IrsBuf record = IRS_BUF_INIT;
  irsBufReset(&c->b);
  *forked = irsPmRunForked(secondChild, &j, &record, NULL);
  receiveSecond(irsBufRef(&record), s, &c->b);
  irsBufFree(&record);
  if (threads || runThreaded)
    mlirContextEnableMultithreading(pm->ctx, true);
  double w0 = irsClockMonotonicMs();
  IrsStepStatus st1 = runOnce(pm, i, module);
  pm->rec.steps[i].result.wallMs = irsClockMonotonicMs() - w0;
  if (threads && !runThreaded)
    mlirContextEnableMultithreading(pm->ctx, false);
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

// Prints the module's result next to the second run's (c->b) and, when
// they differ, diffs them into c->diff.
static bool printedDiffer(Check *c, MlirOperation module, IrsErrorKind *k) {
  bool threads = c->mode == IrsDeterminismThreads;
  irsBufReset(&c->a);
  printTo(module, c->pm, &c->a);
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
                     const Second *s) {
  IrsPassManagerImpl *pm = c->pm;
  bool threads = c->mode == IrsDeterminismThreads;
  MlirStringRef text = irsPipelineGetStepText(pm->pipeline, i);
  MlirStringRef pass = irsPipelineGetStepPassName(pm->pipeline, i);
  IrsBuf *m = &pm->rec.errMsg;
  irsBufReset(m);
  if (s->died || st1 != s->st)
    irsBufPrintf(m,
                 "step %ld '%.*s' is not deterministic: pass '%.*s' %s "
                 "in the %s run and %s in the %s run",
                 (long)(i + 1), (int)text.length, text.data, (int)pass.length,
                 pass.data, statusWord(st1), threads ? "threaded" : "first",
                 s->died ? "crashed" : statusWord(s->st),
                 threads ? "single-threaded" : "second");
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
// does not verify (determinismStop; the pre-step copy is leaked).
static bool checkStep(Check *c, intptr_t i, MlirOperation module,
                      IrsErrorKind *k, intptr_t *differingStep) {
  IrsPassManagerImpl *pm = c->pm;
  MlirOperation pre = mlirOperationClone(module);
  Second s = {0};
  bool forked = true;
  irsBufReset(&c->diff); // a status that differs has no diff
  IrsStepStatus st1 = runTwice(c, i, module, &s, &forked);
  if (!forked) {
    mlirOperationDestroy(pre);
    *k = IRS_ERR_IO;
    irsBufReset(&pm->rec.errMsg);
    irsBufPrintf(&pm->rec.errMsg, "cannot fork the second run of step %ld",
                 (long)(i + 1));
    return false;
  }
  if (!s.died && s.broken && st1 == IrsStepOk) {
    // Broken IR: nothing more is printed, copied or freed (a block named
    // from another region, freed, corrupts the heap): the next step runs
    // on the heap the plain tool would give it.
    pm->determinismStop = pm->unrunFrom = i + 1;
    return false;
  }
  recordFirst(c, i, module, st1);
  bool differ = s.died || st1 != s.st;
  if (!differ && st1 == IrsStepOk)
    differ = printedDiffer(c, module, k);
  bool go = *k == IRS_OK;
  if (go && (differ || st1 != IrsStepOk)) {
    pm->rec.failedStep = i + 1;
    describe(c, i, st1, &s);
    go = false;
  }
  if (*k == IRS_OK && differ) {
    // The run on the module is the plain tool's when it succeeded and ran
    // as the plain tool's does (threads mode runs it threaded).
    if (st1 == IrsStepOk) {
      pm->plainRest = c->mode == IrsDeterminismThreads &&
                              !pm->opts.run.threadingEnabled
                          ? IrsPmPlainInput
                          : IrsPmPlainModule;
      pm->plainFrom = i + 1;
    }
    pm->rec.totalWallMs = irsClockMonotonicMs() - c->t0;
    document(pm, i, pre, module, irsBufRef(&c->diff), c->mode);
    *differingStep = i + 1;
  } else if (*k == IRS_OK && st1 != IrsStepOk) {
    *k = irsPmStatusKind(st1);
  }
  mlirOperationDestroy(pre);
  if (go && !outputVerifies(pm, module)) {
    pm->determinismStop = pm->unrunFrom = i + 1;
    return false;
  }
  return go;
}

IrsStatus irsPassManagerCheckDeterminism(IrsPassManager handle,
                                         MlirOperation module,
                                         IrsDeterminismMode mode,
                                         intptr_t *differingStep) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  *differingStep = 0;
  pm->determinismStop = pm->unrunFrom = 0;
  pm->plainRest = IrsPmPlainStops;
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
