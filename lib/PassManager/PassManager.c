// SPDX-License-Identifier: Apache-2.0
//===- PassManager.c - building and running pipelines step by step --------===//
//
// At creation every step gets its own MLIR pass manager (so an unknown pass
// is reported before anything runs, at its position in the pipeline text).
// A run is either:
//  - stepwise: each step's pass manager runs in turn and the instrumentation
//    (verify, hooks, fingerprint, timing, dumps, manifest) runs in between;
//  - whole: one pass manager for the full pipeline, exactly as mlir-opt
//    runs it. Only if it fails is the pipeline replayed stepwise on a copy of
//    the input to find and document the failing step, so the happy path pays
//    for one module clone and nothing else.
// On a failure, the IR that went into the failing step is reconstructed by
// replaying the steps before it on a copy of the input: nothing has to be
// printed ahead of time.
//
//===----------------------------------------------------------------------===//
#include "Fingerprint.h"
#include "PassManagerImpl.h"

#include "../Support/DiagnosticsImpl.h"
#include "../Support/Fs.h"
#include "../Support/StderrCapture.h"
#include "irscope/Outcome.h"
#include "irscope/Report.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

IrsInstrumentationOptions irsInstrumentationOptionsDefault(void) {
  IrsInstrumentationOptions o;
  memset(&o, 0, sizeof(o));
  o.verifyEach = true;
  o.writeFailureReport = true;
  o.threadingEnabled = true;
  o.mlirPassStatisticsDisplay = MLIR_PASS_DISPLAY_MODE_PIPELINE;
  return o;
}

const char *irsStepStatusGetName(IrsStepStatus s) {
  // The names are the outcome table's (Outcome.c).
  switch (s) {
  case IrsStepNotRun:
    return irsOutcomeGetName(IrsOutcomeNotRun);
  case IrsStepOk:
    return irsOutcomeGetName(IrsOutcomeOk);
  case IrsStepPassFailed:
    return irsOutcomeGetName(IrsOutcomePassFailure);
  case IrsStepVerifyFailed:
    return irsOutcomeGetName(IrsOutcomeVerifyFailure);
  }
  return "unknown";
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

static void collectErr(MlirStringRef s, void *ud) {
  irsBufAppendRef((IrsBuf *)ud, s);
}

// MLIR's pipeline parser reports "<buffer>:1:5: error: <what>\n<line>\n^".
// Keep just <what>, so we can point at the position in the user's text.
static void extractMlirError(const IrsBuf *raw, IrsBuf *out) {
  const char *s = raw->data ? raw->data : "";

  const char *e = strstr(s, "error: ");
  if (e)
    s = e + 7;
  size_t n = strcspn(s, "\n");
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
    --n;
  if (n == 0) {
    irsBufAppendStr(out, "invalid pass or pass options");
    return;
  }
  irsBufAppend(out, s, n);
}

// The reason a step could not be built: MLIR's message, unless LLVM's
// option parser printed a better one ("for the --max-iterations option:
// 'abc' value invalid for long argument!").
static void appendReason(IrsBuf *out, const IrsBuf *why, const IrsBuf *printed) {
  const char *p = printed->data ? printed->data : "";
  bool generic = !why->data || strcmp(why->data, "invalid pass or pass options") == 0 ||
                 strstr(why->data, "failed to add") != NULL;
  if (generic && *p) {
    const char *f = strstr(p, "for the ");
    if (!f)
      f = p;
    size_t n = strcspn(f, "\n");
    while (n && (f[n - 1] == ' ' || f[n - 1] == '\r'))
      --n;
    irsBufAppend(out, f, n);
    return;
  }
  irsBufAppendRef(out, irsBufRef(why));
}

static void pointAt(IrsPipeline p, intptr_t offset, IrsBuf *out) {
  MlirStringRef t = irsPipelineGetText(p);
  (void)t;
  irsBufPrintf(out, "pipeline:1:%ld: ", (long)offset + 1);
}

// Builds the pass manager for `stepText`/irs pass into `pm`.
static bool buildStep(IrsPassManagerImpl *pm, intptr_t i, MlirPassManager mpm,
                      IrsBuf *err) {
  IrsPipeline p = pm->pipeline;
  MlirStringRef pass = irsPipelineGetStepPassName(p, i);
  if (irsPassRegistryHas(pm->opts.passRegistry, pass)) {
    MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(mpm);
    intptr_t na = irsPipelineGetStepNumAnchors(p, i);
    for (intptr_t d = 1; d < na; ++d) {
      MlirStringRef a = irsPipelineGetStepAnchorAt(p, i, d);
      if (a.length == 3 && memcmp(a.data, "any", 3) == 0) {
        irsBufAppendStr(err, "irscope passes cannot be nested under 'any'; "
                             "name the operation instead");
        return false;
      }
      opm = mlirOpPassManagerGetNestedUnder(opm, a);
    }
    IrsBuf why = IRS_BUF_INIT;
    MlirPass mp = irsPassRegistryInstantiate(
        pm->opts.passRegistry, pass, irsPipelineGetStepPassOptions(p, i),
        irsPipelineGetStepAnchor(p, i), &pm->env, &why);
    if (!mp.ptr) {
      irsBufAppendRef(err, irsBufRef(&why));
      irsBufFree(&why);
      return false;
    }
    irsBufFree(&why);
    mlirOpPassManagerAddOwnedPass(opm, mp);
    return true;
  }
  IrsBuf raw = IRS_BUF_INIT;
  MlirLogicalResult r =
      mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(mpm),
                            irsPipelineGetStepText(p, i), collectErr, &raw);
  if (mlirLogicalResultIsFailure(r)) {
    extractMlirError(&raw, err);
    irsBufFree(&raw);
    return false;
  }
  irsBufFree(&raw);
  return true;
}

static MlirPassManager newPm(IrsPassManagerImpl *pm) {
  return mlirPassManagerCreateOnOperation(pm->ctx,
                                          irsPipelineGetRootAnchor(pm->pipeline));
}

// Appends step i's leaf into an existing pass manager (whole-pipeline
// construction): nested managers are created per step and MLIR merges
// adjacent ones for the same anchor, giving the same schedule as parsing
// the whole text.
static bool appendStep(IrsPassManagerImpl *pm, intptr_t i,
                       MlirPassManager whole, IrsBuf *err) {
  IrsPipeline p = pm->pipeline;
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(whole);
  intptr_t na = irsPipelineGetStepNumAnchors(p, i);
  for (intptr_t d = 1; d < na; ++d)
    opm = mlirOpPassManagerGetNestedUnder(opm, irsPipelineGetStepAnchorAt(p, i, d));
  MlirStringRef pass = irsPipelineGetStepPassName(p, i);
  if (irsPassRegistryHas(pm->opts.passRegistry, pass)) {
    MlirPass mp = irsPassRegistryInstantiate(
        pm->opts.passRegistry, pass, irsPipelineGetStepPassOptions(p, i),
        irsPipelineGetStepAnchor(p, i), &pm->env, err);
    if (!mp.ptr)
      return false;
    mlirOpPassManagerAddOwnedPass(opm, mp);
    return true;
  }
  IrsBuf leaf = IRS_BUF_INIT, raw = IRS_BUF_INIT;
  irsBufAppendRef(&leaf, pass);
  MlirStringRef o = irsPipelineGetStepPassOptions(p, i);
  if (o.length) {
    irsBufAppendStr(&leaf, "{");
    irsBufAppendRef(&leaf, o);
    irsBufAppendStr(&leaf, "}");
  }
  MlirLogicalResult r =
      mlirOpPassManagerAddPipeline(opm, irsBufRef(&leaf), collectErr, &raw);
  bool ok = mlirLogicalResultIsSuccess(r);
  if (!ok)
    extractMlirError(&raw, err);
  irsBufFree(&leaf);
  irsBufFree(&raw);
  return ok;
}

static bool hasIrsPass(IrsPassManagerImpl *pm, IrsPipeline p) {
  for (intptr_t i = 0; i < irsPipelineGetNumSteps(p); ++i)
    if (irsPassRegistryHas(pm->opts.passRegistry,
                           irsPipelineGetStepPassName(p, i)))
      return true;
  return false;
}

static MlirPassManager buildWhole(IrsPassManagerImpl *pm, IrsBuf *err) {
  MlirPassManager w = newPm(pm);
  IrsPipeline p = pm->pipeline;
  if (!hasIrsPass(pm, p)) {
    // Same parse mlir-opt performs, so the schedule is identical.
    IrsBuf raw = IRS_BUF_INIT;
    MlirLogicalResult r = mlirParsePassPipeline(
        mlirPassManagerGetAsOpPassManager(w), irsPipelineGetText(p),
        collectErr, &raw);
    if (mlirLogicalResultIsFailure(r)) {
      // MLIR's column is relative to a fragment of the text; find the
      // offending step ourselves to point at it in the user's text.
      bool located = false;
      for (intptr_t i = 0; i < irsPipelineGetNumSteps(p) && !located; ++i) {
        MlirPassManager t = newPm(pm);
        IrsBuf why = IRS_BUF_INIT;
        if (!buildStep(pm, i, t, &why)) {
          pointAt(p, irsPipelineGetStepOffset(p, i), err);
          irsBufAppendRef(err, irsBufRef(&why));
          located = true;
        }
        irsBufFree(&why);
        mlirPassManagerDestroy(t);
      }
      if (!located)
        extractMlirError(&raw, err);
      irsBufFree(&raw);
      mlirPassManagerDestroy(w);
      return (MlirPassManager){NULL};
    }
    irsBufFree(&raw);
  } else {
    for (intptr_t i = 0; i < irsPipelineGetNumSteps(p); ++i) {
      if (!appendStep(pm, i, w, err)) {
        mlirPassManagerDestroy(w);
        return (MlirPassManager){NULL};
      }
    }
  }
  mlirPassManagerEnableVerifier(w, pm->opts.verifyEach);
  return w;
}

static void freeImpl(IrsPassManagerImpl *pm) {
  if (!pm)
    return;
  for (intptr_t i = 0; pm->steps && i < pm->numSteps; ++i) {
    IrsStepState *s = &pm->steps[i];
    if (s->pm.ptr)
      mlirPassManagerDestroy(s->pm);
    if (s->userPm.ptr)
      mlirPassManagerDestroy(s->userPm);
    free(s->diagCopies);
    free(s->dumpFile);
    free(s->failedHook);
  }
  free(pm->steps);
  if (pm->whole.ptr)
    mlirPassManagerDestroy(pm->whole);
  if (pm->verifyWithPm.ptr)
    mlirPassManagerDestroy(pm->verifyWithPm);
  irsPipelineDestroy(pm->verifyPipeline);
  for (intptr_t i = 0; i < pm->numHooks; ++i)
    free(pm->hooks[i].name);
  free(pm->hooks);
  irsDiagnosticCaptureDestroy(pm->capture);
  irsBufFree(&pm->errMsg);
  free(pm->dumpDir);
  free(pm->failureDir);
  free(pm->verifyWith);
  free(pm->toolName);
  free(pm->commandLine);
  free(pm->inputPath);
  free(pm->inputHash);
  free(pm->failureDirUsed);
  free(pm->inputDumpFile);
  // A run always reaps its children; nothing can be in flight here.
  free(pm->bg);
  irsBufFree(&pm->bgErr);
  irsDumpCacheDestroy(pm->dumpCache);
  free(pm->topFps);
  free(pm->mlirTreeDir);
  free(pm);
}

static bool dupOpt(char **dst, const char *src) {
  if (!src)
    return true;
  *dst = irsStrDup(src);
  return *dst != NULL;
}

IrsPassManager irsPassManagerCreate(MlirContext context, IrsPipeline pipeline,
                                    const IrsInstrumentationOptions *options,
                                    MlirStringCallback errorCallback,
                                    void *userData) {
  IrsPassManager result = {NULL};
  IrsBuf err = IRS_BUF_INIT;
  IrsPassManagerImpl *pm = calloc(1, sizeof(*pm));
  if (!pm)
    goto oom;
  pm->ctx = context;
  pm->pipeline = pipeline;
  pm->opts = options ? *options : irsInstrumentationOptionsDefault();
  if (!dupOpt(&pm->dumpDir, pm->opts.dumpDir) ||
      !dupOpt(&pm->failureDir, pm->opts.failureDir) ||
      !dupOpt(&pm->verifyWith, pm->opts.verifyWith) ||
      !dupOpt(&pm->toolName, pm->opts.toolName) ||
      !dupOpt(&pm->commandLine, pm->opts.commandLine) ||
      !dupOpt(&pm->inputPath, pm->opts.inputPath) ||
      !dupOpt(&pm->inputHash, pm->opts.inputHash) ||
      !dupOpt(&pm->mlirTreeDir, pm->opts.mlirPrintIrTreeDir))
    goto oom;
  pm->opts.mlirPrintIrTreeDir = NULL;
  if (pm->opts.mlirPrintIrModuleScope && pm->opts.threadingEnabled) {
    // MLIR aborts the process (report_fatal_error) when asked for this;
    // mlir-opt refuses it up front with this message.
    irsBufAppendStr(&err, "IR print for module scope can't be setup on a "
                          "pass-manager without disabling multi-threading "
                          "first");
    goto fail;
  }
  pm->opts.dumpDir = pm->opts.failureDir = pm->opts.verifyWith = NULL;
  pm->opts.toolName = pm->opts.commandLine = pm->opts.inputPath =
      pm->opts.inputHash = NULL;
  pm->env.fallbackFileName = NULL;

  pm->numSteps = irsPipelineGetNumSteps(pipeline);
  pm->steps = calloc((size_t)(pm->numSteps ? pm->numSteps : 1),
                     sizeof(IrsStepState));
  if (!pm->steps)
    goto oom;
  for (intptr_t i = 0; i < pm->numSteps; ++i) {
    IrsStepState *s = &pm->steps[i];
    s->pm = newPm(pm);
    // We verify between steps ourselves, so a verifier failure can be told
    // apart from a pass failure.
    mlirPassManagerEnableVerifier(s->pm, false);
    IrsBuf why = IRS_BUF_INIT, printed = IRS_BUF_INIT;
    IrsStderrCapture cap;
    irsStderrCaptureBegin(&cap);
    bool ok = buildStep(pm, i, s->pm, &why);
    irsStderrCaptureEnd(&cap, &printed);
    if (!ok) {
      pointAt(pipeline, irsPipelineGetStepOffset(pipeline, i), &err);
      size_t reasonAt = err.len;
      appendReason(&err, &why, &printed);
      irsPassAdviseError(pm->ctx, irsPipelineGetStepPassName(pipeline, i),
                         &err, reasonAt);
      irsBufFree(&why);
      irsBufFree(&printed);
      goto fail;
    }
    irsBufFree(&why);
    irsBufFree(&printed);
  }
  if (pm->verifyWith) {
    IrsPipeline vp = irsPipelineCreateParse(
        mlirStringRefCreateFromCString(pm->verifyWith), collectErr, &err);
    if (irsPipelineIsNull(vp)) {
      IrsBuf msg = IRS_BUF_INIT;
      irsBufPrintf(&msg, "in --verify-with: %s", err.data ? err.data : "");
      irsBufFree(&err);
      err = msg;
      goto fail;
    }
    // Reuse the whole-pipeline builder on the checking pipeline.
    IrsPipeline saved = pm->pipeline;
    pm->pipeline = vp;
    IrsBuf why = IRS_BUF_INIT;
    pm->verifyWithPm = buildWhole(pm, &why);
    if (pm->verifyWithPm.ptr)
      mlirPassManagerEnableVerifier(pm->verifyWithPm, false);
    pm->pipeline = saved;
    // Passes keep pointers to their anchor names: the pipeline must live as
    // long as the pass manager built from it.
    pm->verifyPipeline = vp;
    if (!pm->verifyWithPm.ptr) {
      irsBufPrintf(&err, "in --verify-with: %s", why.data ? why.data : "");
      irsBufFree(&why);
      goto fail;
    }
    irsBufFree(&why);
  }
  irsBufFree(&err);
  result.ptr = pm;
  return result;

oom:
  irsBufFree(&err);
  irsBufAppendStr(&err, "out of memory");
fail:
  if (errorCallback)
    errorCallback(irsBufRef(&err), userData);
  irsBufFree(&err);
  freeImpl(pm);
  return result;
}

void irsPassManagerDestroy(IrsPassManager pm) { freeImpl(irsPmUnwrap(pm)); }

void irsPassManagerAddVerifyHook(IrsPassManager handle, MlirStringRef name,
                                 IrsVerifyHook hook, void *userData) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  IrsHook *h = realloc(pm->hooks, (size_t)(pm->numHooks + 1) * sizeof(*h));
  if (!h)
    return;
  pm->hooks = h;
  h[pm->numHooks].name = irsStrDupRef(name);
  h[pm->numHooks].fn = hook;
  h[pm->numHooks].userData = userData;
  ++pm->numHooks;
}

static IrsStatus setDir(char **slot, const char *dir) {
  char *d = dir ? irsStrDup(dir) : NULL;
  if (dir && !d)
    return irsStatusMake(IRS_ERR_NOMEM);
  free(*slot);
  *slot = d;
  return irsStatusOk();
}

IrsStatus irsPassManagerSetDumpDir(IrsPassManager pm, const char *dir) {
  return setDir(&irsPmUnwrap(pm)->dumpDir, dir);
}

IrsStatus irsPassManagerSetFailureDir(IrsPassManager pm, const char *dir) {
  return setDir(&irsPmUnwrap(pm)->failureDir, dir);
}

void irsPassManagerSetDiagVerifier(IrsPassManager pm, IrsDiagVerifier v) {
  irsPmUnwrap(pm)->diagVerifier = v;
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

static double nowMs(clockid_t clk) {
  struct timespec ts;
  clock_gettime(clk, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int64_t peakRssKb(void) {
  struct rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) != 0)
    return 0;
  return (int64_t)ru.ru_maxrss;
}

static void resetResults(IrsPassManagerImpl *pm) {
  irsDumpCacheDestroy(pm->dumpCache);
  pm->dumpCache = NULL;
  pm->numTopFps = 0;
  for (intptr_t i = 0; i < pm->numSteps; ++i) {
    IrsStepState *s = &pm->steps[i];
    free(s->diagCopies);
    free(s->dumpFile);
    free(s->failedHook);
    s->diagCopies = NULL;
    s->dumpFile = NULL;
    s->failedHook = NULL;
    memset(&s->result, 0, sizeof(s->result));
    s->result.dumpFile = mlirStringRefCreate("", 0);
    s->result.failedHook = mlirStringRefCreate("", 0);
    s->fingerprint = 0;
  }
  irsBufReset(&pm->errMsg);
  free(pm->failureDirUsed);
  pm->failureDirUsed = NULL;
  free(pm->inputDumpFile);
  pm->inputDumpFile = NULL;
  pm->failedStep = 0;
  pm->runStatus = IRS_OK;
  pm->interrupted = false;
  pm->totalWallMs = 0;
}

static bool wantsStepwise(IrsPassManagerImpl *pm) {
  return pm->opts.stepwise || pm->opts.forceStepwise || pm->dumpDir ||
         pm->verifyWithPm.ptr || pm->numHooks > 0;
}

// Attaches the step's diagnostics [from, capture end) to its result.
static void takeDiagnostics(IrsPassManagerImpl *pm, IrsStepState *s,
                            intptr_t from) {
  intptr_t n = irsDiagnosticCaptureGetNumDiagnostics(pm->capture) - from;
  free(s->diagCopies);
  s->diagCopies = NULL;
  s->result.numDiagnostics = 0;
  s->result.diagnostics = NULL;
  if (n <= 0)
    return;
  s->diagCopies = malloc((size_t)n * sizeof(IrsDiagnostic));
  if (!s->diagCopies)
    return;
  for (intptr_t k = 0; k < n; ++k)
    s->diagCopies[k] = *irsDiagnosticCaptureGetDiagnostic(pm->capture, from + k);
  s->result.numDiagnostics = n;
  s->result.diagnostics = s->diagCopies;
}

void irsPmDumpName(IrsPassManagerImpl *pm, intptr_t i, IrsBuf *out) {
  irsRunDirDumpName(i + 1, irsPipelineGetStepAnchor(pm->pipeline, i),
                    irsPipelineGetStepPassName(pm->pipeline, i),
                    irsBufStringCallback, out);
}

static void setError(IrsPassManagerImpl *pm, const char *fmt, const char *a,
                     const char *b) {
  irsBufReset(&pm->errMsg);
  irsBufPrintf(&pm->errMsg, fmt, a, b);
}

// Runs the verifier, --verify-with and the user hooks. Returns false and
// records the failing hook on the step when one rejects the IR.
static bool verifyAfter(IrsPassManagerImpl *pm, intptr_t i,
                        MlirOperation module, bool instrumented) {
  IrsStepState *s = &pm->steps[i];
  if (pm->opts.verifyEach) {
    s->result.verified = true;
    s->result.verifierOk = mlirOperationVerify(module);
    if (!s->result.verifierOk) {
      s->failedHook = irsStrDup("verifier");
      return false;
    }
  }
  if (!instrumented)
    return true;
  if (pm->verifyWithPm.ptr) {
    // The checking pipeline runs on the live module (no copy: that would
    // cost a deep clone per step), so make sure it only looked.
    uint64_t before = irsFingerprint(module, NULL);
    bool failed = mlirLogicalResultIsFailure(
        mlirPassManagerRunOnOp(pm->verifyWithPm, module));
    bool changed = !failed && irsFingerprint(module, NULL) != before;
    if (changed) {
      IrsBuf m = IRS_BUF_INIT;
      irsBufPrintf(&m, "the --verify-with pipeline '%s' changed the IR; it "
                       "must only check it",
                   pm->verifyWith);
      irsDiagnosticCaptureAdd(pm->capture, IrsSeverityError,
                              mlirStringRefCreateFromCString("<verify-with>"),
                              irsBufRef(&m), NULL, 0);
      irsBufFree(&m);
    }
    if (failed || changed) {
      IrsBuf b = IRS_BUF_INIT;
      irsBufPrintf(&b, "verify-with(%s)", pm->verifyWith);
      s->failedHook = irsBufDetach(&b);
      return false;
    }
  }
  for (intptr_t h = 0; h < pm->numHooks; ++h) {
    if (mlirLogicalResultIsFailure(
            pm->hooks[h].fn(module, i + 1, pm->hooks[h].userData))) {
      s->failedHook = irsStrDup(pm->hooks[h].name ? pm->hooks[h].name : "hook");
      return false;
    }
  }
  return true;
}

// Runs step i on `module`. With `instrumented`, also measures, fingerprints
// and dumps. Returns the step status.
// Fingerprint of the IR of the instrumented run. With dumps it also keeps
// the top-level ops' fingerprints for the dump writer, so the module is
// walked once per step, not twice.
static uint64_t fingerprintRun(IrsPassManagerImpl *pm, MlirOperation module,
                               int64_t *ops) {
  if (!pm->dumpDir)
    return irsFingerprint(module, ops);
  return irsFingerprintWithTops(module, &pm->topFps, &pm->capTopFps,
                                &pm->numTopFps, ops);
}

//===----------------------------------------------------------------------===//
// MLIR's own instrumentation (mlir-opt's --mlir-print-ir-*, --mlir-timing,
// --mlir-pass-statistics)
//===----------------------------------------------------------------------===//

static bool wantsMlirPrinting(const IrsInstrumentationOptions *o) {
  return o->mlirPrintIrBeforeAll || o->mlirPrintIrAfterAll ||
         o->mlirPrintIrAfterFailure;
}

static bool wantsMlirInstrumentation(const IrsInstrumentationOptions *o) {
  return wantsMlirPrinting(o) || o->mlirTiming || o->mlirPassStatistics;
}

// Same order as mlir-opt (statistics, IR printing, then timing), so the
// timers do not include the printing.
static void instrumentMlir(IrsPassManagerImpl *pm, MlirPassManager mpm,
                           const char *treeDir) {
  const IrsInstrumentationOptions *o = &pm->opts;
  if (o->mlirPassStatistics)
    mlirPassManagerEnableStatistics(mpm, o->mlirPassStatisticsDisplay);
  if (wantsMlirPrinting(o)) {
    MlirOpPrintingFlags f = o->mlirPrintIrFlags;
    bool own = !f.ptr;
    if (own)
      f = mlirOpPrintingFlagsCreate();
    // mlir-opt prints after every pass when only failures are asked for:
    // MLIR itself then skips the successful ones.
    mlirPassManagerEnableIRPrinting(
        mpm, o->mlirPrintIrBeforeAll,
        o->mlirPrintIrAfterAll || o->mlirPrintIrAfterFailure,
        o->mlirPrintIrModuleScope, o->mlirPrintIrAfterChange,
        o->mlirPrintIrAfterFailure, f,
        treeDir ? mlirStringRefCreateFromCString(treeDir)
                : mlirStringRefCreate(NULL, 0));
    if (own)
      mlirOpPrintingFlagsDestroy(f);
  }
  if (o->mlirTiming)
    mlirPassManagerEnableTiming(mpm);
}

// Builds the instrumented manager of step i of a stepwise run, just before
// the step runs (so MLIR's timing report of the step covers that step
// only). MLIR numbers tree-dir files per manager, so each step writes below
// its own sub-directory: a pass repeated later in the pipeline would
// otherwise overwrite the files of its first run.
static IrsErrorKind buildUserPm(IrsPassManagerImpl *pm, intptr_t i) {
  if (!wantsMlirInstrumentation(&pm->opts))
    return IRS_OK;
  IrsStepState *s = &pm->steps[i];
  IrsBuf why = IRS_BUF_INIT, dir = IRS_BUF_INIT;
  s->userPm = newPm(pm);
  mlirPassManagerEnableVerifier(s->userPm, false);
  if (!buildStep(pm, i, s->userPm, &why)) {
    mlirPassManagerDestroy(s->userPm);
    s->userPm = (MlirPassManager){NULL};
    irsBufReset(&pm->errMsg);
    irsBufAppendRef(&pm->errMsg, irsBufRef(&why));
    irsBufFree(&why);
    return IRS_ERR_PIPELINE;
  }
  irsBufFree(&why);
  if (pm->mlirTreeDir && wantsMlirPrinting(&pm->opts)) {
    // MLIR creates one directory level per print; the step's level is ours.
    // Errors are left to MLIR, which reports them as it does in mlir-opt.
    (void)mkdir(pm->mlirTreeDir, 0777);
    irsBufPrintf(&dir, "%s/", pm->mlirTreeDir);
    irsPmDumpName(pm, i, &dir);
    if (dir.len > 5)
      dir.data[dir.len -= 5] = '\0'; // drop ".mlir"
  }
  instrumentMlir(pm, s->userPm, pm->mlirTreeDir ? dir.data : NULL);
  irsBufFree(&dir);
  return IRS_OK;
}

// Destroying a manager is what makes MLIR print its timing report: after
// each step in stepwise runs, at the end of the run otherwise (mlir-opt
// prints one report per input chunk).
static void dropUserPm(IrsPassManagerImpl *pm, intptr_t i) {
  if (pm->steps[i].userPm.ptr)
    mlirPassManagerDestroy(pm->steps[i].userPm);
  pm->steps[i].userPm = (MlirPassManager){NULL};
}

static void dropUserPms(IrsPassManagerImpl *pm) {
  for (intptr_t i = 0; i < pm->numSteps; ++i)
    dropUserPm(pm, i);
  if (pm->whole.ptr && wantsMlirInstrumentation(&pm->opts)) {
    mlirPassManagerDestroy(pm->whole);
    pm->whole = (MlirPassManager){NULL};
  }
}

static IrsStepStatus runStep(IrsPassManagerImpl *pm, intptr_t i,
                             MlirOperation module, bool instrumented,
                             uint64_t prevFp, int64_t prevOps) {
  IrsStepState *s = &pm->steps[i];
  if (pm->opts.onStep)
    pm->opts.onStep(i + 1, true, pm->opts.onStepUserData);
  irsDiagnosticCaptureSetStep(pm->capture, i + 1);
  intptr_t d0 = irsDiagnosticCaptureGetNumDiagnostics(pm->capture);
  double w0 = nowMs(CLOCK_MONOTONIC), c0 = nowMs(CLOCK_PROCESS_CPUTIME_ID);
  // The instrumented manager exists only during a stepwise run of the
  // user's pipeline; replays and the failure search use the silent one.
  MlirLogicalResult r =
      mlirPassManagerRunOnOp(s->userPm.ptr ? s->userPm : s->pm, module);
  s->result.wallMs = nowMs(CLOCK_MONOTONIC) - w0;
  s->result.cpuMs = nowMs(CLOCK_PROCESS_CPUTIME_ID) - c0;
  s->result.peakRssKb = peakRssKb();
  s->result.opsBefore = prevOps;
  IrsStepStatus st = IrsStepOk;
  if (mlirLogicalResultIsFailure(r))
    st = IrsStepPassFailed;
  else {
    double v0 = nowMs(CLOCK_MONOTONIC);
    if (!verifyAfter(pm, i, module, instrumented))
      st = IrsStepVerifyFailed;
    s->result.verifyMs = nowMs(CLOCK_MONOTONIC) - v0;
  }
  if (s->failedHook)
    s->result.failedHook = mlirStringRefCreateFromCString(s->failedHook);
  if (instrumented || st != IrsStepOk) {
    int64_t ops = 0;
    s->fingerprint =
        instrumented ? fingerprintRun(pm, module, &ops) : irsFingerprint(module, &ops);
    s->result.opsAfter = ops;
    s->result.changed = s->fingerprint != prevFp;
  }
  s->result.status = st;
  takeDiagnostics(pm, s, d0);
  irsDiagnosticCaptureSetStep(pm->capture, 0);
  if (pm->opts.onStep)
    pm->opts.onStep(i + 1, false, pm->opts.onStepUserData);
  return st;
}

// Picks (and creates) the directory for failure artefacts.
static char *failureDirFor(IrsPassManagerImpl *pm, IrsBuf *err) {
  char *dir = NULL;
  int e = irsRunDirCreateFailureDir(pm->dumpDir ? pm->dumpDir : pm->failureDir,
                                    &dir);
  if (e) {
    irsBufPrintf(err, "cannot create failure directory '%s': %s",
                 dir ? dir : "", strerror(e));
    free(dir);
    return NULL;
  }
  return dir;
}

char *irsPmFailureDirOpen(IrsPassManagerImpl *pm) {
  IrsBuf err = IRS_BUF_INIT;
  char *dir = failureDirFor(pm, &err);
  if (!dir) {
    irsBufAppendStr(&pm->errMsg, "; ");
    irsBufAppendRef(&pm->errMsg, irsBufRef(&err));
  }
  irsBufFree(&err);
  return dir;
}

// Replays steps [0, upTo) on a clone of `input` with diagnostics dropped and
// returns the resulting module (caller destroys), or null if the replay
// failed (a nondeterministic pipeline).
static MlirOperation replay(IrsPassManagerImpl *pm, MlirOperation input,
                            intptr_t upTo) {
  MlirOperation m = mlirOperationClone(input);
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  bool ok = true;
  for (intptr_t k = 0; k < upTo && ok; ++k)
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm->steps[k].pm, m));
  irsDiagnosticCaptureSetDiscard(pm->capture, false);
  if (!ok) {
    mlirOperationDestroy(m);
    return (MlirOperation){NULL};
  }
  return m;
}

// Writes report.xml, the pre-step IR, the post-step IR and a reproducer for
// the failure of step i (0-based). `module` is the IR after the failing step.
static void writeFailure(IrsPassManagerImpl *pm, intptr_t i,
                         MlirOperation module, MlirOperation input) {
  if (!pm->opts.writeFailureReport)
    return;
  char *dir = irsPmFailureDirOpen(pm);
  if (!dir)
    return;
  const char *pre = NULL, *post = "failure-output.mlir",
             *repro = "reproducer.mlir";
  int e = 0;
  if (!mlirOperationIsNull(input)) {
    MlirOperation before = replay(pm, input, i);
    if (!mlirOperationIsNull(before)) {
      char *prePath = irsPathJoin(dir, "failure-input.mlir");
      char *reproPath = irsPathJoin(dir, repro);
      e = prePath ? irsDumpModule(before, prePath, false,
                                  pm->opts.printDebugInfo, true)
                  : ENOMEM;
      if (!e)
        pre = "failure-input.mlir";
      if (!e && reproPath)
        e = irsReproducerWriteSeeded(
            before, reproPath, irsPipelineGetStepText(pm->pipeline, i),
            !pm->opts.threadingEnabled, pm->opts.verifyEach, pm->opts.plugins, pm->env.hasSeed,
            pm->env.seed);
      free(prePath);
      free(reproPath);
      mlirOperationDestroy(before);
    }
  }
  if (!pre)
    repro = NULL;
  char *postPath = irsPathJoin(dir, post);
  // The IR after a failure may be invalid: print it generically, and without
  // assuming it verified so MLIR does not trust broken invariants.
  int e2 = postPath ? irsDumpModule(module, postPath, true,
                                    pm->opts.printDebugInfo, false)
                    : ENOMEM;
  free(postPath);
  if (e2)
    post = NULL;
  int e3 = irsReportWrite(pm, dir, pre, post, repro);
  if (e || e2 || e3) {
    int ee = e ? e : e2 ? e2 : e3;
    irsBufPrintf(&pm->errMsg, "; could not write all failure artefacts to "
                              "'%s': %s", dir, strerror(ee));
  }
  pm->failureDirUsed = dir;
}

static void describeFailure(IrsPassManagerImpl *pm, intptr_t i) {
  IrsStepState *s = &pm->steps[i];
  MlirStringRef text = irsPipelineGetStepText(pm->pipeline, i);
  MlirStringRef pass = irsPipelineGetStepPassName(pm->pipeline, i);
  irsBufReset(&pm->errMsg);
  if (s->result.status == IrsStepPassFailed) {
    irsBufPrintf(&pm->errMsg, "step %ld '%.*s' failed: pass '%.*s' signalled "
                 "failure",
                 (long)(i + 1), (int)text.length, text.data, (int)pass.length,
                 pass.data);
  } else {
    irsBufPrintf(&pm->errMsg, "step %ld '%.*s' broke the IR: %s failed after "
                 "pass '%.*s'",
                 (long)(i + 1), (int)text.length, text.data,
                 s->failedHook ? s->failedHook : "verifier", (int)pass.length,
                 pass.data);
  }
}

static IrsErrorKind statusKind(IrsStepStatus st) {
  return st == IrsStepPassFailed ? IRS_ERR_PASS : IRS_ERR_VERIFY;
}

// Prints a dump, reusing the text of unchanged top-level ops when the
// result is provably identical to a whole-module print.
static int writeDump(IrsPassManagerImpl *pm, MlirOperation module,
                     const char *path, bool verified) {
  if (!pm->opts.printGeneric && !pm->opts.printDebugInfo) {
    bool stitched = false;
    int e = irsDumpModuleStitched(&pm->dumpCache, module, path, verified,
                                  pm->opts.threadingEnabled, pm->topFps,
                                  pm->numTopFps, &stitched);
    if (e || stitched)
      return e;
  }
  return irsDumpModule(module, path, pm->opts.printGeneric,
                       pm->opts.printDebugInfo, verified);
}

static IrsErrorKind dumpStep(IrsPassManagerImpl *pm, intptr_t i,
                             MlirOperation module) {
  IrsStepState *s = &pm->steps[i];
  if (!pm->dumpDir || s->result.status != IrsStepOk)
    return IRS_OK;
  if (pm->opts.dumpOnlyChanged && !s->result.changed)
    return IRS_OK;
  IrsBuf name = IRS_BUF_INIT;
  irsPmDumpName(pm, i, &name);
  char *path = irsPathJoin(pm->dumpDir, name.data ? name.data : "");
  int e = path ? 0 : ENOMEM;
  bool background = false;
  // Only verified IR may be printed by a child: printing unverified IR would
  // make the printer verify, and verification may need the thread pool.
  if (path && pm->opts.dumpInBackground && s->result.verifierOk)
    background = irsBgDumpStart(pm, i, module, path, pm->opts.printGeneric,
                                pm->opts.printDebugInfo) == 0;
  if (path && !background)
    e = writeDump(pm, module, path, s->result.verifierOk);
  free(path);
  if (!e && pm->bgFailed) {
    irsBufReset(&pm->errMsg);
    irsBufAppendRef(&pm->errMsg, irsBufRef(&pm->bgErr));
    irsBufFree(&name);
    return IRS_ERR_IO;
  }
  if (e) {
    irsBufReset(&pm->errMsg);
    irsBufPrintf(&pm->errMsg, "cannot write dump '%s/%s': %s", pm->dumpDir,
                 name.data ? name.data : "", strerror(e));
    irsBufFree(&name);
    return IRS_ERR_IO;
  }
  s->dumpFile = irsBufDetach(&name);
  if (s->dumpFile)
    s->result.dumpFile = mlirStringRefCreateFromCString(s->dumpFile);
  return IRS_OK;
}

static IrsErrorKind updateManifest(IrsPassManagerImpl *pm) {
  if (!pm->dumpDir)
    return IRS_OK;
  if (pm->numBg) {
    IrsBuf err = IRS_BUF_INIT;
    if (irsBgDumpReap(pm, false, &err) != IRS_OK) {
      irsBufReset(&pm->errMsg);
      irsBufAppendRef(&pm->errMsg, irsBufRef(&err));
      irsBufFree(&err);
      return IRS_ERR_IO;
    }
    irsBufFree(&err);
  }
  int e = irsManifestWrite(pm, pm->dumpDir);
  if (e) {
    irsBufReset(&pm->errMsg);
    irsBufPrintf(&pm->errMsg, "cannot write manifest '%s/manifest.xml': %s",
                 pm->dumpDir, strerror(e));
    return IRS_ERR_IO;
  }
  return IRS_OK;
}

// Materialises the input copy through the reload callback if the run was
// started without one.
static void obtainInput(IrsPassManagerImpl *pm, MlirOperation *input) {
  if (!pm->reloadPending || !mlirOperationIsNull(*input))
    return;
  pm->reloadPending = false;
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  *input = pm->opts.reloadInput(pm->opts.reloadInputUserData);
  irsDiagnosticCaptureSetDiscard(pm->capture, false);
}

static IrsErrorKind runStepwise(IrsPassManagerImpl *pm, MlirOperation module,
                                MlirOperation *inputp) {
  uint64_t fp = pm->inputFingerprint;
  int64_t ops = pm->inputOps;
  double t0 = nowMs(CLOCK_MONOTONIC);
  for (intptr_t i = 0; i < pm->numSteps; ++i) {
    IrsErrorKind bk = buildUserPm(pm, i);
    if (bk != IRS_OK) {
      pm->runStatus = bk;
      pm->running = false;
      return bk;
    }
    IrsStepStatus st = runStep(pm, i, module, true, fp, ops);
    dropUserPm(pm, i);
    fp = pm->steps[i].fingerprint;
    ops = pm->steps[i].result.opsAfter;
    if (st != IrsStepOk) {
      obtainInput(pm, inputp);
      pm->failedStep = i + 1;
      pm->runStatus = statusKind(st);
      describeFailure(pm, i);
      pm->totalWallMs = nowMs(CLOCK_MONOTONIC) - t0;
      writeFailure(pm, i, module, *inputp);
      pm->running = false;
      updateManifest(pm);
      return pm->runStatus;
    }
    double d0 = nowMs(CLOCK_MONOTONIC);
    IrsErrorKind k = dumpStep(pm, i, module);
    if (k == IRS_OK)
      k = updateManifest(pm);
    if (pm->dumpDir)
      pm->steps[i].result.dumpMs = nowMs(CLOCK_MONOTONIC) - d0;
    if (k != IRS_OK) {
      pm->runStatus = k;
      pm->running = false;
      return k;
    }
  }
  pm->totalWallMs = nowMs(CLOCK_MONOTONIC) - t0;
  return IRS_OK;
}

// The pipeline failed as a whole: replay it stepwise on the input copy to
// find out which step failed and why, then document that step.
static IrsErrorKind locateFailure(IrsPassManagerImpl *pm,
                                  MlirOperation module, MlirOperation input) {
  MlirOperation m = mlirOperationClone(input);
  if (mlirOperationIsNull(m)) {
    irsBufReset(&pm->errMsg);
    irsBufAppendStr(&pm->errMsg, "pipeline failed");
    return IRS_ERR_PASS;
  }
  irsDiagnosticCaptureSetMuted(pm->capture, true);
  pm->inputFingerprint = irsFingerprint(m, &pm->inputOps);
  uint64_t fp = pm->inputFingerprint;
  int64_t ops = pm->inputOps;
  intptr_t failed = -1;
  for (intptr_t i = 0; i < pm->numSteps && failed < 0; ++i) {
    if (runStep(pm, i, m, true, fp, ops) != IrsStepOk)
      failed = i;
    fp = pm->steps[i].fingerprint;
    ops = pm->steps[i].result.opsAfter;
  }
  irsDiagnosticCaptureSetMuted(pm->capture, false);
  if (failed < 0) {
    // The stepwise replay succeeded: the failure depends on scheduling
    // (e.g. interleaving of nested passes). Report it without a step.
    mlirOperationDestroy(m);
    for (intptr_t i = 0; i < pm->numSteps; ++i)
      pm->steps[i].result.status = IrsStepNotRun;
    irsBufReset(&pm->errMsg);
    irsBufPrintf(&pm->errMsg, "%s",
                 "pipeline failed, but no single step fails when replayed "
                 "step by step");
    pm->runStatus = IRS_ERR_PASS;
    return IRS_ERR_PASS;
  }
  pm->failedStep = failed + 1;
  pm->runStatus = statusKind(pm->steps[failed].result.status);
  describeFailure(pm, failed);
  writeFailure(pm, failed, m, input);
  mlirOperationDestroy(m);
  (void)module;
  return pm->runStatus;
}

// MLIR pass managers resolve their anchor op names when first run; a
// manager built before a dialect was loaded keeps an unregistered name and
// then never matches ops of that dialect in later modules (seen with
// --split-input-file when an early chunk does not use the dialect). Each run
// after the first therefore gets freshly built managers.
static IrsErrorKind rebuild(IrsPassManagerImpl *pm) {
  IrsBuf err = IRS_BUF_INIT;
  for (intptr_t i = 0; i < pm->numSteps; ++i) {
    IrsStepState *s = &pm->steps[i];
    mlirPassManagerDestroy(s->pm);
    s->pm = newPm(pm);
    mlirPassManagerEnableVerifier(s->pm, false);
    if (!buildStep(pm, i, s->pm, &err)) {
      irsBufReset(&pm->errMsg);
      irsBufAppendRef(&pm->errMsg, irsBufRef(&err));
      irsBufFree(&err);
      return IRS_ERR_PIPELINE;
    }
  }
  if (pm->whole.ptr) {
    mlirPassManagerDestroy(pm->whole);
    pm->whole = (MlirPassManager){NULL};
  }
  if (pm->verifyWithPm.ptr) {
    IrsPipeline saved = pm->pipeline;
    pm->pipeline = pm->verifyPipeline;
    MlirPassManager v = buildWhole(pm, &err);
    pm->pipeline = saved;
    if (v.ptr) {
      mlirPassManagerEnableVerifier(v, false);
      mlirPassManagerDestroy(pm->verifyWithPm);
      pm->verifyWithPm = v;
    }
  }
  irsBufFree(&err);
  return IRS_OK;
}

IrsStatus irsPassManagerRun(IrsPassManager handle, MlirOperation module) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  resetResults(pm);
  if (pm->numRuns++ > 0 && rebuild(pm) != IRS_OK)
    return irsStatusMake(IRS_ERR_PIPELINE);
  irsDiagnosticCaptureDestroy(pm->capture);
  pm->capture = irsDiagnosticCaptureCreate(pm->ctx, pm->opts.onDiagnostic,
                                           pm->opts.onDiagnosticUserData);
  if (irsDiagnosticCaptureIsNull(pm->capture)) {
    setError(pm, "%s%s", "out of memory", "");
    return irsStatusMake(IRS_ERR_NOMEM);
  }
  pm->env.capture = pm->capture;
  {
    // Catch the most common pipeline mistake before anything runs: a
    // pipeline anchored on another op than the one it is given.
    MlirStringRef root = irsPipelineGetRootAnchor(pm->pipeline);
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(module));
    bool any = root.length == 3 && memcmp(root.data, "any", 3) == 0;
    if (!any && (root.length != name.length ||
                 memcmp(root.data, name.data, name.length) != 0)) {
      irsBufReset(&pm->errMsg);
      irsBufPrintf(&pm->errMsg,
                   "the pipeline is anchored on '%.*s' but the input's "
                   "top-level operation is '%.*s'; nest it, e.g. "
                   "'%.*s(%.*s(...))'",
                   (int)root.length, root.data, (int)name.length, name.data,
                   (int)name.length, name.data, (int)root.length, root.data);
      pm->runStatus = IRS_ERR_PIPELINE;
      irsDiagnosticCaptureDetach(pm->capture);
      pm->env.capture = (IrsDiagnosticCapture){NULL};
      return irsStatusMake(IRS_ERR_PIPELINE);
    }
  }
  bool stepwise = wantsStepwise(pm);
  pm->running = true;
  IrsErrorKind k = IRS_OK;

  if (pm->dumpDir) {
    IrsBuf err = IRS_BUF_INIT;
    pm->dumpDirReady = false;
    k = irsDumpDirPrepare(pm->dumpDir, pm->opts.dumpOverwrite, &err);
    pm->dumpDirReady = k == IRS_OK;
    if (k != IRS_OK) {
      irsBufReset(&pm->errMsg);
      irsBufAppendRef(&pm->errMsg, irsBufRef(&err));
      irsBufFree(&err);
      goto done;
    }
    irsBufFree(&err);
  }
  if (stepwise) {
    pm->inputFingerprint = fingerprintRun(pm, module, &pm->inputOps);
  }
  // A copy of the input lets a failure be documented by replay. With a
  // reload callback it is only made if something fails.
  MlirOperation input = {NULL};
  if (pm->opts.writeFailureReport && !pm->opts.reloadInput)
    input = mlirOperationClone(module);
  pm->reloadPending = pm->opts.writeFailureReport && pm->opts.reloadInput;

  if (pm->dumpDir) {
    char *path = irsPathJoin(pm->dumpDir, "0000-input.mlir");
    int e = path ? writeDump(pm, module, path, true) : ENOMEM;
    free(path);
    if (e) {
      setError(pm, "cannot write dump '%s/0000-input.mlir': %s", pm->dumpDir,
               strerror(e));
      k = IRS_ERR_IO;
    } else {
      pm->inputDumpFile = irsStrDup("0000-input.mlir");
      k = updateManifest(pm);
    }
  }
  if (k == IRS_OK) {
    if (stepwise) {
      k = runStepwise(pm, module, &input);
    } else {
      if (!pm->whole.ptr) {
        IrsBuf why = IRS_BUF_INIT;
        pm->whole = buildWhole(pm, &why);
        if (pm->whole.ptr && wantsMlirInstrumentation(&pm->opts))
          instrumentMlir(pm, pm->whole, pm->mlirTreeDir);
        if (!pm->whole.ptr) {
          irsBufReset(&pm->errMsg);
          irsBufAppendRef(&pm->errMsg, irsBufRef(&why));
          k = IRS_ERR_PIPELINE;
        }
        irsBufFree(&why);
      }
      if (pm->whole.ptr) {
        double t0 = nowMs(CLOCK_MONOTONIC);
        if (pm->opts.onStep)
          pm->opts.onStep(0, true, pm->opts.onStepUserData);
        MlirLogicalResult r = mlirPassManagerRunOnOp(pm->whole, module);
        if (pm->opts.onStep)
          pm->opts.onStep(0, false, pm->opts.onStepUserData);
        pm->totalWallMs = nowMs(CLOCK_MONOTONIC) - t0;
        if (mlirLogicalResultIsFailure(r)) {
          obtainInput(pm, &input);
          if (!mlirOperationIsNull(input)) {
            irsDiagnosticCaptureClear(pm->capture);
            k = locateFailure(pm, module, input);
          } else {
            irsBufReset(&pm->errMsg);
            irsBufAppendStr(&pm->errMsg, "pipeline failed");
            k = IRS_ERR_PASS;
          }
        } else {
          for (intptr_t i = 0; i < pm->numSteps; ++i)
            pm->steps[i].result.status = IrsStepOk;
        }
      }
    }
  }
  if (!mlirOperationIsNull(input))
    mlirOperationDestroy(input);
done:
  dropUserPms(pm);
  if (pm->numBg) {
    // Every dump must be on disk (or its failure known) before returning.
    IrsBuf err = IRS_BUF_INIT;
    if (irsBgDumpReap(pm, true, &err) != IRS_OK && k == IRS_OK) {
      irsBufReset(&pm->errMsg);
      irsBufAppendRef(&pm->errMsg, irsBufRef(&err));
      k = IRS_ERR_IO;
    }
    irsBufFree(&err);
  }
  if (pm->bgFailed && k == IRS_OK) {
    irsBufReset(&pm->errMsg);
    irsBufAppendRef(&pm->errMsg, irsBufRef(&pm->bgErr));
    k = IRS_ERR_IO;
  }
  pm->bgFailed = false;
  irsBufReset(&pm->bgErr);
  pm->runStatus = k;
  pm->running = false;
  if (pm->dumpDir && pm->dumpDirReady) {
    // The final word on the run, whatever happened: best effort when the
    // run already failed for another reason (whose message is kept).
    IrsBuf saved = IRS_BUF_INIT;
    irsBufAppendRef(&saved, irsBufRef(&pm->errMsg));
    IrsErrorKind mk = updateManifest(pm);
    if (k == IRS_OK) {
      k = mk;
    } else {
      irsBufReset(&pm->errMsg);
      irsBufAppendRef(&pm->errMsg, irsBufRef(&saved));
    }
    irsBufFree(&saved);
  }
  irsDiagnosticCaptureDetach(pm->capture);
  pm->env.capture = (IrsDiagnosticCapture){NULL};
  return irsStatusMake(k);
}

IrsStatus irsPassManagerRunSteps(IrsPassManager handle, MlirOperation module,
                                 intptr_t first, intptr_t last) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  if (pm->numRuns++ > 0 && rebuild(pm) != IRS_OK)
    return irsStatusMake(IRS_ERR_PIPELINE);
  for (intptr_t i = first; i < last && i < pm->numSteps; ++i) {
    if (pm->opts.onStep)
      pm->opts.onStep(i + 1, true, pm->opts.onStepUserData);
    MlirLogicalResult r = mlirPassManagerRunOnOp(pm->steps[i].pm, module);
    if (pm->opts.onStep)
      pm->opts.onStep(i + 1, false, pm->opts.onStepUserData);
    if (mlirLogicalResultIsFailure(r))
      return irsStatusMake(IRS_ERR_PASS);
  }
  return irsStatusOk();
}

MlirStringRef irsPassManagerGetErrorMessage(IrsPassManager pm) {
  return irsBufRef(&irsPmUnwrap(pm)->errMsg);
}

MlirStringRef irsPassManagerGetFailureDir(IrsPassManager pm) {
  const char *d = irsPmUnwrap(pm)->failureDirUsed;
  return mlirStringRefCreateFromCString(d ? d : "");
}

intptr_t irsPassManagerGetFailedStep(IrsPassManager pm) {
  return irsPmUnwrap(pm)->failedStep;
}

intptr_t irsPassManagerGetNumSteps(IrsPassManager pm) {
  return irsPmUnwrap(pm)->numSteps;
}

const IrsStepResult *irsPassManagerGetStepResult(IrsPassManager pm,
                                                 intptr_t pos) {
  return &irsPmUnwrap(pm)->steps[pos].result;
}

double irsPassManagerGetTotalWallMs(IrsPassManager pm) {
  return irsPmUnwrap(pm)->totalWallMs;
}
