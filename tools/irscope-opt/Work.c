// SPDX-License-Identifier: Apache-2.0
//===- Work.c - the work of one irscope-opt process: chunks through steps --===//
//
// For each input chunk: parse, run the instrumented pass manager, print.
// Output for all chunks is collected and written once at the end by the
// driver, joined by the output split marker exactly as mlir-opt joins them.
// A supervised worker hands each chunk's output to its supervisor instead,
// and the replay workers of a crash locate its step or snapshot its
// pre-step IR here too.
//
//===----------------------------------------------------------------------===//
#include "CrashHandler.h"
#include "DiagOut.h"
#include "Driver.h"
#include "RunKind.h"

#include "irscope/CrashDoc.h"
#include "irscope/Diagnostics.h"
#include "irscope/Input.h"
#include "irscope/Narrow.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"
#include "irscope/RunDir.h"

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <mlir-c/RegisterEverything.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Tells the supervisor (if any) where the worker is. The steps run after
// a finding for the output only (runOnPlainly) are no steps of the log.
static void notifyStep(intptr_t step, bool begin, void *ud) {
  IrsOptRun *run = ud;
  if (begin && !run->plainRest)
    irsOptLogStepBegin(run, step);
  irsWorkerChannelStep(run->ch, run->chunk, step, begin);
}


static const IrsStepResult *pmStep(void *pm, intptr_t i) {
  return irsPassManagerGetStepResult((IrsPassManager){pm}, i);
}

static void printDumpSummary(IrsPassManager pm, const char *dir) {
  irsOptPrintDumpSummary(irsPassManagerGetNumSteps(pm), pmStep, pm.ptr, dir);
}

static bool mlirInstrumented(const IrsOptConfig *cfg) {
  return cfg->mlir.printIrBeforeAll || cfg->mlir.printIrAfterAll ||
         cfg->mlir.printIrAfterFailure || cfg->mlir.timing ||
         cfg->mlir.passStatistics;
}

// How the output is printed, also MLIR's IR printing as in mlir-opt (where
// both read the same command-line options).
static IrsPrintingOptions outputPrinting(const IrsOptConfig *cfg) {
  IrsPrintingOptions p = irsPrintingOptionsDefault();
  p.generic = cfg->print.generic;
  p.debugInfo = cfg->print.debugInfo;
  p.prettyDebugInfo = cfg->print.prettyDebugInfo;
  p.elideElementsAttrs = cfg->print.elideElementsAttrs;
  p.elideResourceStrings = cfg->print.elideResourceStrings;
  p.localScope = cfg->print.localScope;
  p.assumeVerified = cfg->print.assumeVerified;
  p.skipRegions = cfg->print.skipRegions;
  p.nameLocAsPrefix = cfg->print.nameLocAsPrefix;
  return p;
}


typedef struct Reload {
  IrsInput input;
  MlirContext ctx;
  intptr_t chunk;
} Reload;

// Re-parses the current chunk when the library needs a pristine copy of the
// input to document a failure: free on the successful path.
static MlirOperation reloadChunk(void *ud) {
  Reload *r = ud;
  MlirModule m = irsInputParseChunk(r->input, r->ctx, r->chunk);
  if (mlirModuleIsNull(m))
    return (MlirOperation){NULL};
  MlirOperation op = mlirModuleGetOperation(m);
  // Ownership of the operation passes to the library; the module wrapper
  // owns nothing else.
  return op;
}


typedef struct ChunkWork {
  IrsOptRun *run;
  MlirContext ctx;
  IrsPassManager pm;
  IrsDiagnosticCapture parseDiags;
  IrsPrintingOptions printing;
  MlirOpPrintingFlags flags; // made from `printing`
  Reload *reload;
  IrsOptOut *out;
  intptr_t nchunks;
  // The run's dump and failure options: each chunk sets its own directory.
  IrsDumpOptions dump;
  IrsFailureOptions failure;
  bool keptModule; // the last chunk's module was left for the exit
} ChunkWork;

// Whether the last chunk's module (and the context) may be left to the
// process's exit: a supervised worker ends (_exit) right after its run, and
// freeing a model's module op by op costs as much as printing it, while
// the supervisor waits for the exit. LeakSanitizer checks the worker
// (Run.c): under it, everything is freed.
static bool leaveToExit(const IrsOptRun *run, intptr_t chunk,
                        intptr_t nchunks) {
#if defined(__SANITIZE_ADDRESS__)
  (void)run, (void)chunk, (void)nchunks;
  return false;
#else
  return run->supervised && chunk == nchunks - 1;
#endif
}

void irsOptPrintErrorLine(MlirStringRef msg, MlirStringRef dir) {
  if (dir.length)
    fprintf(stderr,
            "irscope-opt: error: %.*s; report: %.*s/" IRS_RUN_DIR_REPORT "\n",
            (int)msg.length, msg.data, (int)dir.length, dir.data);
  else
    fprintf(stderr, "irscope-opt: error: %.*s\n", (int)msg.length, msg.data);
}

// The error line naming the step and the report, the narrowing note, then
// the replay of the failing step, as a crash ends (Supervise.c). A
// supervised worker's documented failure is its supervisor's to print.
static void printRunError(IrsPassManager pm, const IrsOptConfig *cfg) {
  MlirStringRef dir = irsPassManagerGetFailureDir(pm);
  irsOptPrintErrorLine(irsPassManagerGetErrorMessage(pm), dir);
  MlirStringRef note = irsPassManagerGetNarrowNote(pm);
  if (note.length)
    fprintf(stderr, "irscope-opt: note: %.*s\n", (int)note.length, note.data);
  if (dir.length) {
    char *d = strndup(dir.data, dir.length);
    irsOptPrintReplayNote(cfg, d);
    free(d);
  }
}

// Tells the supervisor of the current chunk's failure (run->announced).
static void sendFailure(IrsOptRun *run, MlirStringRef message,
                        MlirStringRef dir) {
  IrsOptOut o = {0};
  char head[64];
  int len = snprintf(head, sizeof(head), "%d %ld %d\n",
                     (int)run->announced.outcome, (long)run->announced.step,
                     (int)run->announced.verifierFailed);
  irsOptOutAppend(&o, head, (size_t)len);
  irsOptOutAppend(&o, dir.data, dir.length);
  irsOptOutAppend(&o, "\n", 1);
  irsOptOutAppend(&o, message.data, message.length);
  IrsWorkerStream to = {IrsWorkerStreamFailure, run->chunk, 0};
  if (!o.failed)
    irsWorkerChannelSendOutput(run->ch, to, o.data ? o.data : "", o.len);
  free(o.data);
}

// A supervised worker's failed step, documented: the supervisor hears of it
// before the run writes its manifest or frees anything (a pass that
// corrupted the heap may crash either), prints it, and narrows a verifier
// failure in a fresh worker (Supervise.c, Announced.c). A worker that gets
// to the end of its run sends it again with the run's final message (a
// manifest that could not be written is said on the error line too).
static void announce(const IrsFailureNotice *n, void *ud) {
  IrsOptRun *run = ud;
  run->announced.sent = true;
  run->announced.outcome = n->outcome;
  run->announced.step = n->step;
  run->announced.verifierFailed = n->verifierFailed;
  sendFailure(run, n->message, n->dir);
}

// The chunk's output. A dump of the final IR printed as the output would
// be (the library knows which, irsPassManagerGetFinalDump) is copied
// instead of printing the module again (a print of a large module costs as
// much as a pass); otherwise, or when the file cannot be read, the module
// is printed.
static void printOutput(ChunkWork *w, MlirOperation op, IrsOptOut *o) {
  const IrsOptConfig *cfg = w->run->cfg;
  if (cfg->io.emitBytecode) {
    mlirOperationWriteBytecode(op, irsToolTextCallback, o);
    return;
  }
  MlirStringRef dump = irsPassManagerGetFinalDump(w->pm, &w->printing);
  if (dump.length && irsToolTextAppendFile(o, dump.data))
    return;
  mlirOperationPrintWithFlags(op, w->flags, irsToolTextCallback, o);
  irsOptOutAppend(o, "\n", 1);
}

// A supervised worker hands chunk c's printed output to its supervisor;
// how the chunk ends: `rc`, or an I/O error.
static IrsOutcome handOver(IrsOptRun *run, intptr_t c, IrsOptOut *o,
                           IrsOutcome rc) {
  ++run->chunksPrinted;
  if (!run->supervised)
    return rc;
  if (irsOptWriteChunkOutput(run, c, o) != 0)
    rc = irsOutcomeWorse(rc, IrsOutcomeIoError);
  free(o->data);
  *o = (IrsOptOut){0};
  return rc;
}

// The chunk stopped at a finding only irscope makes (a --verify-with
// check, nondeterminism, a dump or manifest it could not write) where the
// plain tool goes on: its steps after the finding run as the plain tool
// runs them, so that the output is the plain tool's (the finding's
// documents are written already and stay).
// Whether `op` now holds that output; a later step that fails as it would
// in the plain tool leaves no output, as there, and a note.
static bool runOnPlainly(IrsOptRun *run, IrsPassManager pm, MlirOperation op) {
  if (!irsPassManagerPlainGoesOn(pm))
    return false;
  intptr_t failed = 0;
  run->plainRest = true;
  IrsStatus st = irsPassManagerRunPlainRest(pm, op, &failed);
  run->plainRest = false;
  if (irsStatusIsOk(st))
    return true;
  if (failed > 0) {
    MlirStringRef text = irsPipelineGetStepText(run->pipeline, failed - 1);
    fprintf(stderr,
            "irscope-opt: note: run on as the plain tool runs, step %ld "
            "'%.*s' fails: no output, as the plain tool writes none\n",
            (long)failed, (int)text.length, text.data);
  }
  return false;
}

// Parses, runs and prints chunk c; returns how it ended.
static IrsOutcome workChunk(ChunkWork *w, intptr_t c) {
  IrsOptRun *run = w->run;
  IrsOptConfig *cfg = run->cfg;
  IrsPassManager pm = w->pm;
  IrsOptOut chunkOut = {0};
  IrsOptOut *o = run->supervised ? &chunkOut : w->out;
  if (!run->supervised && c > 0 && cfg->io.splitInputFile) {
    irsOptOutAppend(o, cfg->io.outputSplitMarker, strlen(cfg->io.outputSplitMarker));
    irsOptOutAppend(o, "\n", 1);
  }
  char *dumpDir = irsOptChunkDir(cfg, cfg->dumps.dir, c, w->nchunks);
  char *failDir = irsOptChunkDir(cfg, cfg->failureDir, c, w->nchunks);
  if (dumpDir) {
    IrsDumpOptions d = w->dump;
    d.dir = dumpDir;
    irsPassManagerSetDumpOptions(pm, &d);
  }
  if (failDir) {
    IrsFailureOptions f = w->failure;
    f.dir = failDir;
    irsPassManagerSetFailureOptions(pm, &f);
  }
  free(dumpDir);
  free(failDir);
  IrsRunHeader h = irsOptRunHeader(cfg, run->input, c);
  irsPassManagerSetInputChunk(pm, h.chunk, h.chunkLine);
  intptr_t errs0 = irsDiagnosticCaptureGetNumErrors(w->parseDiags);
  MlirModule m = irsInputParseChunk(run->input, w->ctx, c);
  if (mlirModuleIsNull(m)) {
    if (irsDiagnosticCaptureGetNumErrors(w->parseDiags) == errs0)
      fprintf(stderr, "irscope-opt: error: cannot parse '%s'\n", cfg->io.input);
    return IrsOutcomeUsageError;
  }
  MlirOperation op = mlirModuleGetOperation(m);
  w->reload->chunk = c;
  irsOptCheckResultsBegin(run, pm, op);
  IrsOutcome found = IrsOutcomeNone;
  IrsStatus st = c == run->plainChunk
                     ? irsOptRunChunk(run, pm, op, &found)
                     : run->chunkKind->runChunk(run, pm, op, &found);
  if (run->chunkLeft) {
    // To a fresh worker (Determinism.c): the module holds IR that does not
    // verify, nothing is freed, the context stays.
    w->keptModule = true;
    return IrsOutcomeOk;
  }
  irsOptLogChunkEnd(run, c);
  // A usage error (a used dump directory, a pipeline for another op)
  // comes before anything ran: it comes alone, without an empty table.
  bool ranNothing = st.kind == IRS_ERR_USAGE || st.kind == IRS_ERR_PIPELINE;
  if (cfg->timing && !ranNothing)
    irsPassManagerPrintTiming(pm, run->sort, irsOptStderrCallback, NULL);
  if (!irsStatusIsOk(st)) {
    // Under --verify-diagnostics the failure is what the test expects; its
    // diagnostics were verified.
    if (run->announced.sent)
      sendFailure(run, irsPassManagerGetErrorMessage(pm),
                  irsPassManagerGetFailureDir(pm));
    else if (!irsOptDiagOutVerifying())
      printRunError(pm, cfg);
    IrsOutcome rc = found != IrsOutcomeNone ? found : irsOptOutcomeFor(st.kind);
    bool printed = runOnPlainly(run, pm, op);
    if (printed)
      printOutput(w, op, o);
    mlirModuleDestroy(m);
    return printed ? handOver(run, c, o, rc) : rc;
  }
  // With mlir-opt's instrumentation stderr is MLIR's, byte for byte as
  // mlir-opt writes it: nothing is added to it.
  if (cfg->dumps.dir && run->chunkKind->dumpSummary && !mlirInstrumented(cfg)) {
    char *dd = irsOptChunkDir(cfg, cfg->dumps.dir, c, w->nchunks);
    printDumpSummary(pm, dd);
    free(dd);
  }
  printOutput(w, op, o);
  w->keptModule = leaveToExit(run, c, w->nchunks);
  if (!w->keptModule)
    mlirModuleDestroy(m);
  return handOver(run, c, o, IrsOutcomeOk);
}

// The pass manager options of irsOptWork: the run's, with the dumps,
// MLIR's own instrumentation and the reload of the input; a replay only
// serves the supervisor and writes none of them. A verifier failure is
// narrowed here only without a supervisor, else in a fresh worker
// (IrsOptModeNarrow): the process whose step broke the IR may have a
// corrupted heap.
static IrsOptPmOptions workOptions(IrsOptRun *run, MlirOpPrintingFlags flags,
                                   Reload *reload) {
  const IrsOptConfig *cfg = run->cfg;
  bool replay = run->mode != IrsOptModeNormal;
  IrsOptPmOptions o = irsOptPmOptions(run);
  o.dump.dir = replay ? NULL : cfg->dumps.dir;
  o.dump.stepNumberOffset = cfg->resume.stepNumberOffset;
  o.dump.onlyChanged = cfg->dumps.onlyChanged;
  o.dump.overwrite = cfg->dumps.overwrite;
  o.dump.inBackground = cfg->dumps.inBackground;
  o.timing = (cfg->timing || irsOptLogWanted(cfg)) && !replay;
  o.watch.stepwise = replay || cfg->watch.stepTimeout > 0;
  o.verify.verifyWith = replay ? NULL : cfg->verifyWith;
  o.verify.narrow =
      cfg->narrow && (replay ? run->mode == IrsOptModeNarrow : !run->supervised);
  o.failure.dir = cfg->failureDir;
  o.failure.writeReport = !replay;
  o.failure.reloadInput = reloadChunk;
  o.failure.reloadInputUserData = reload;
  o.create.onDiagnostic = irsOptForwardDiag;
  o.watch.onStep = notifyStep;
  o.watch.onStepUserData = run;
  if (!replay && run->supervised) {
    o.watch.actionTrail = run->trail;
    o.failure.onDocumented = announce;
    o.failure.onDocumentedUserData = run;
  }
  if (!replay) {
    o.mlir.printIrBeforeAll = cfg->mlir.printIrBeforeAll;
    o.mlir.printIrAfterAll = cfg->mlir.printIrAfterAll;
    o.mlir.printIrAfterChange = cfg->mlir.printIrAfterChange;
    o.mlir.printIrAfterFailure = cfg->mlir.printIrAfterFailure;
    o.mlir.printIrModuleScope = cfg->mlir.printIrModuleScope;
    o.mlir.printIrTreeDir = cfg->mlir.printIrTreeDir;
    o.mlir.printIrFlags = flags;
    o.mlir.timing = cfg->mlir.timing;
    o.mlir.passStatistics = cfg->mlir.passStatistics;
    o.mlir.passStatisticsDisplay =
        !strcmp(cfg->mlir.passStatisticsDisplay, "list")
            ? MLIR_PASS_DISPLAY_MODE_LIST
            : MLIR_PASS_DISPLAY_MODE_PIPELINE;
  }
  return o;
}

// Each chunk from run->firstChunk on, with its diagnostics verified under
// --verify-diagnostics; the worst outcome.
static IrsOutcome workChunks(ChunkWork *w) {
  IrsOptRun *run = w->run;
  IrsOutcome rc = IrsOutcomeOk;
  irsOptDiagOutRunBegin(run->firstChunk);
  for (intptr_t c = run->firstChunk; c < w->nchunks; ++c) {
    run->chunk = c;
    irsOptDiagOutChunkBegin(c);
    irsPassManagerSetDiagVerifier(w->pm, irsOptDiagOutVerifier());
    IrsOutcome chunk = workChunk(w, c);
    irsPassManagerSetDiagVerifier(w->pm, (IrsDiagVerifier){NULL});
    if (run->chunkLeft)
      break;
    rc = irsOutcomeWorse(rc, irsOptDiagOutChunkEnd(chunk));
    irsWorkerChannelChunkDone(run->ch, c);
    // The supervisor prints the failure (and narrows it) before the next
    // chunk runs, in a fresh worker; under --verify-diagnostics, which
    // prints nothing of it and verifies the chunks in order, this worker
    // goes on.
    if (run->announced.sent && !irsOptDiagOutVerifying())
      break;
    run->announced.sent = false;
  }
  return irsOutcomeWorse(rc, irsOptDiagOutRunEnd());
}

// The real work: set up a context, then parse, run and print each chunk from
// run->firstChunk on. Runs in the worker process when supervised (output
// then goes to one file per chunk, for the supervisor to assemble), or in
// the main process with --crash-protection=0. In the replay modes it only
// serves the supervisor (see Supervise.c).
IrsOutcome irsOptWork(IrsOptRun *run, IrsOptOut *out) {
  IrsOptConfig *cfg = run->cfg;
  IrsInput input = run->input;
  IrsOutcome rc = IrsOutcomeOk;
  // Registration of passes is process-global in MLIR; it belongs to the
  // tool, never to the library. Only processes that run MLIR pay for it:
  // with crash protection that is the worker, not the supervisor.
  mlirRegisterAllPasses();
  // The narrowing worker forks its trials: no thread pool to fork from.
  MlirContext ctx = irsOptMakeContext(
      cfg, !cfg->disableThreading && run->mode != IrsOptModeNarrow);
  IrsDiagnosticCapture parseDiags =
      irsDiagnosticCaptureCreate(ctx, irsOptForwardDiag, NULL);
  irsDiagnosticCaptureSetFallbackFileName(
      parseDiags, mlirStringRefCreateFromCString(irsInputGetSourceName(input)));
  IrsPassManager pm = {NULL};
  bool keptModule = false; // then the context stays too: the module uses it
  // Created before the pass manager, which borrows it for MLIR's printing.
  IrsPrintingOptions printing = outputPrinting(cfg);
  MlirOpPrintingFlags flags = irsPrintingOptionsCreateFlags(&printing);

  if (!irsOptLoadIrdl(cfg, ctx)) {
    rc = IrsOutcomeUsageError;
    goto cleanup_ctx;
  }

  Reload reload = {input, ctx, 0};
  IrsOptPmOptions opts = workOptions(run, flags, &reload);
  // Positions in a pipeline assembled from pass flags mean nothing to the
  // user: name the flag instead.
  pm = irsOptCreatePassManager(run, ctx, run->pipeline, &opts);
  if (irsPassManagerIsNull(pm)) {
    rc = IrsOutcomeUsageError;
    goto cleanup_ctx;
  }
  run->pm = pm;
  irsCrashHandlerAwaitDumpsOf(pm);
  if (cfg->seed.given)
    irsPassManagerSetSeed(pm, cfg->seed.value);
  if (run->mode != IrsOptModeNormal) {
    rc = irsOptReplay(run, ctx, pm);
    goto cleanup_ctx;
  }
  ChunkWork w = {run,   ctx,   pm,      parseDiags,
                 printing, flags, &reload, out,
                 irsInputGetNumChunks(input), opts.dump, opts.failure,
                 false};
  rc = workChunks(&w);
  keptModule = w.keptModule;
cleanup_ctx:
  // The verdict reaches the supervisor once, before the teardown: a pass
  // that corrupted the heap may crash the frees below (linalg-detensorize
  // of llvm/llvm-project#102577 on two functions), and that must not
  // replace the failure the run already documented (Supervise.c).
  irsWorkerChannelSendOutcome(run->ch, rc); // a no-op unsupervised
  run->pm = (IrsPassManager){NULL};
  irsCrashHandlerAwaitDumpsOf((IrsPassManager){NULL});
  irsPassManagerDestroy(pm);
  if (flags.ptr)
    mlirOpPrintingFlagsDestroy(flags);
  irsDiagnosticCaptureDestroy(parseDiags);
  if (!keptModule)
    mlirContextDestroy(ctx);
  return rc;
}


IrsStatus irsOptRunChunk(IrsOptRun *run, IrsPassManager pm, MlirOperation op,
                         IrsOutcome *found) {
  (void)run, (void)found;
  return irsPassManagerRun(pm, op);
}

int irsOptWorkHere(IrsOptRun *run, IrsOptOut *out) {
  // Unprotected, the process still says how it died (signal and stack).
  irsInstallCrashHandlers("irscope-opt");
  return irsOutcomeGetExitCode(irsOptWork(run, out));
}

int irsOptWriteChunkOutput(IrsOptRun *run, intptr_t chunk, IrsOptOut *out) {
  if (out->failed) {
    fprintf(stderr, "irscope-opt: error: out of memory collecting output\n");
    return ENOMEM;
  }
  IrsWorkerStream to = {IrsWorkerStreamChunkOutput, chunk, 0};
  if (!irsWorkerChannelSendOutput(run->ch, to, out->data, out->len)) {
    fprintf(stderr, "irscope-opt: error: cannot hand the output of chunk %ld "
                    "to the supervisor\n",
            irsOptChunkNumber(chunk));
    return EIO;
  }
  return 0;
}


//===----------------------------------------------------------------------===//
// Replays (inside a worker)
//===----------------------------------------------------------------------===//

// Narrows a verifier failure or crash another worker documented and hands
// the note to the supervisor.
static IrsOutcome narrowHere(IrsOptRun *run, IrsPassManager pm,
                             MlirModule m) {
  if (run->jobCrash) {
    // Each trial is a fork of this process that keeps its crash handler
    // (for the trace that names the crash site): there it must not wait
    // for dumps no thread of the fork is writing.
    irsCrashHandlerAwaitDumpsOf((IrsPassManager){NULL});
    irsPassManagerNarrowCrash(pm, mlirModuleGetOperation(m), run->jobStep,
                              run->jobDir, run->jobCrash);
  } else {
    irsPassManagerNarrowStep(pm, mlirModuleGetOperation(m), run->jobStep,
                             run->jobDir);
  }
  const IrsNarrowedAction *a = irsPassManagerGetNarrowedAction(pm);
  if (a)
    irsWorkerChannelSendValue(run->ch, IRS_OPT_NARROW_RUNS, a->executions);
  // The note, and what could not be written (sub 1).
  MlirStringRef texts[2] = {irsPassManagerGetNarrowNote(pm),
                            irsPassManagerGetErrorMessage(pm)};
  for (int k = 0; k < 2; ++k) {
    IrsWorkerStream to = {IrsWorkerStreamNarrowNote, run->jobChunk, k};
    irsWorkerChannelSendOutput(run->ch, to, texts[k].data ? texts[k].data : "",
                               texts[k].length);
  }
  return IrsOutcomeOk;
}

IrsOutcome irsOptReplay(IrsOptRun *run, MlirContext ctx, IrsPassManager pm) {
  IrsOptConfig *cfg = run->cfg;
  run->chunk = run->jobChunk;
  MlirModule m = irsInputParseChunk(run->input, ctx, run->jobChunk);
  if (mlirModuleIsNull(m))
    return IrsOutcomeUsageError;
  if (run->mode == IrsOptModeNarrow)
    return narrowHere(run, pm, m); // the module is the library's
  IrsCrashReplay r = {run->mode == IrsOptModeLocate ? IrsCrashReplayLocate
                                                    : IrsCrashReplaySnapshot,
                      run->jobStep, run->jobDir};
  IrsCrashReplaySettings set = {run->pipeline,         cfg->disableThreading,
                                cfg->verifyEach,       cfg->print.debugInfo,
                                cfg->seed.given,          cfg->seed.value,
                                cfg->plugins.plugins};
  IrsErrorKind k =
      irsCrashReplayRun(&r, run->ch, pm, mlirModuleGetOperation(m), &set);
  mlirModuleDestroy(m);
  return irsOptOutcomeFor(k);
}
