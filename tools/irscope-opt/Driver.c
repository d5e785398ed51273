// SPDX-License-Identifier: Apache-2.0
//===- Driver.c - irscope-opt: from a configuration to output and exit code ===//
//
// Sets up an MLIR context like mlir-opt's (all dialects, extensions and
// passes registered), builds the pipeline and the instrumented pass manager,
// then for each input chunk: parse, run, print. Output for all chunks is
// collected and written once at the end (atomically for -o), joined by the
// output split marker exactly as mlir-opt joins them.
//
//===----------------------------------------------------------------------===//
#include "CrashHandler.h"
#include "DiagOut.h"
#include "DialectHint.h"
#include "Driver.h"
#include "Irdl.h"
#include "PipelineEcho.h"
#include "StderrCatch.h"

#include "irscope/Diagnostics.h"
#include "irscope/Input.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <mlir-c/RegisterEverything.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


// Tells the supervisor (if any) where the worker is.
static void notifyStep(intptr_t step, bool begin, void *ud) {
  IrsOptRun *run = ud;
  if (begin)
    irsOptLogStepBegin(run, step);
  irsWorkerChannelStep(run->ch, run->chunk, step, begin);
}

void irsOptStderrCallback(MlirStringRef s, void *ud) {
  (void)ud;
  fwrite(s.data, 1, s.length, stderr);
}

void irsOptForwardDiag(const IrsDiagnostic *d, void *ud) {
  (void)ud;
  irsOptDiagOutPrint(d);
  irsToolDialectHint("irscope-opt", d);
}

void irsOptErrorLine(MlirStringRef s, void *ud) {
  (void)ud;
  fprintf(stderr, "irscope-opt: error: %.*s\n", (int)s.length, s.data);
}

// An error in the run's pipeline (ud: the IrsOptConfig). In --pass-pipeline
// text the text and a caret follow. In a pipeline built from pass flags a
// position means nothing to the user, who wrote no pipeline text: the
// message names the flags instead (one without a position, e.g. in
// --verify-with, is about something else and keeps its words). A
// reproducer's pipeline is not on the command line: no echo.
void irsOptPipelineErrorLine(const IrsPipelineError *e, void *ud) {
  const IrsOptConfig *cfg = ud;
  if (cfg->passPipeline || cfg->runReproducer) {
    irsToolPipelineErrorLine("irscope-opt", e, cfg->passPipeline);
    return;
  }
  fprintf(stderr, "irscope-opt: error: %s%.*s\n",
          e->offset >= 0 ? "in pass flags: " : "", (int)e->message.length,
          e->message.data);
}

void irsOptPrintDumpSummary(intptr_t n, const IrsStepResult *(*get)(void *,
                                                                     intptr_t),
                            void *runner, const char *dir) {
  intptr_t changed = 0;
  for (intptr_t i = 0; i < n; ++i) {
    const IrsStepResult *r = get(runner, i);
    changed += r && r->status == IrsStepOk && r->changed;
  }
  fprintf(stderr, "irscope-opt: dumps: %ld step%s, %ld changed the IR, none "
                  "failed: %s\n",
          (long)n, n == 1 ? "" : "s", (long)changed, dir ? dir : "?");
}

static const IrsStepResult *pmStep(void *pm, intptr_t i) {
  return irsPassManagerGetStepResult((IrsPassManager){pm}, i);
}

static void printDumpSummary(IrsPassManager pm, const char *dir) {
  irsOptPrintDumpSummary(irsPassManagerGetNumSteps(pm), pmStep, pm.ptr, dir);
}

static bool mlirInstrumented(const IrsOptConfig *cfg) {
  return cfg->mlirPrintIrBeforeAll || cfg->mlirPrintIrAfterAll ||
         cfg->mlirPrintIrAfterFailure || cfg->mlirTiming ||
         cfg->mlirPassStatistics;
}

// How the output is printed, also MLIR's IR printing as in mlir-opt (where
// both read the same command-line options).
static IrsPrintingOptions outputPrinting(const IrsOptConfig *cfg) {
  IrsPrintingOptions p = irsPrintingOptionsDefault();
  p.generic = cfg->printGeneric;
  p.debugInfo = cfg->printDebugInfo;
  p.prettyDebugInfo = cfg->prettyDebugInfo;
  p.elideElementsAttrs = cfg->elideElementsAttrs;
  p.elideResourceStrings = cfg->elideResourceStrings;
  p.localScope = cfg->printLocalScope;
  p.assumeVerified = cfg->printAssumeVerified;
  p.skipRegions = cfg->printSkipRegions;
  p.nameLocAsPrefix = cfg->useNameLocAsPrefix;
  return p;
}

int irsOptExitFor(IrsErrorKind k) {
  int code = irsOutcomeGetExitCode(irsOutcomeFromErrorKind(k));
  return code < 0 ? irsOutcomeGetExitCode(IrsOutcomeIoError) : code;
}

bool irsOptLoadIrdl(const IrsOptConfig *cfg, MlirContext ctx) {
  return irsToolLoadIrdlFiles(ctx, "irscope-opt", cfg->irdlFiles.items,
                              cfg->irdlFiles.num, irsOptErrorLine, NULL);
}

// Worse outcomes win when chunks disagree (the ranks are the outcome
// table's, docs/irscope-opt.md#exit-codes).
int irsOptWorse(int a, int b) { return irsOutcomeWorseExitCode(a, b); }

MlirContext irsOptMakeContext(const IrsOptConfig *cfg, bool threading) {
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  irsToolPluginsAddDialects(&cfg->plugins, reg);
  MlirContext ctx = mlirContextCreateWithRegistry(reg, /*threading=*/false);
  mlirDialectRegistryDestroy(reg);
  // As mlir-opt: passes that translate to LLVM IR (gpu-module-to-binary)
  // need every dialect's translation interface.
  mlirRegisterAllLLVMTranslations(ctx);
  mlirContextSetAllowUnregisteredDialects(ctx, cfg->allowUnregistered);
  mlirContextEnableMultithreading(ctx, threading);
  return ctx;
}

IrsRunHeader irsOptRunHeader(const IrsOptConfig *cfg, IrsInput input) {
  return (IrsRunHeader){.toolName = "irscope-opt",
                        .commandLine = cfg->commandLine,
                        .inputPath = cfg->input,
                        .inputHash = irsInputGetHash(input)};
}

// Pulls pipeline, disable_threading, verify_each and the seed out of the
// input's reproducer resources (irsReproducerReadParts) and blanks those
// entries out, keeping line and column numbers and the rest of the file
// metadata. NULL when there is no mlir_reproducer entry with a pipeline.
static char *takeReproducer(IrsInput input, bool *threadingOff,
                            bool *verifyEach, bool *hasSeed, uint64_t *seed) {
  IrsReproducerParts parts;
  IrsOptOut pipeline = {0};
  if (!irsReproducerReadParts(irsInputGetContents(input), &parts, irsToolTextCallback,
                              &pipeline))
    return NULL;
  for (int i = 0; i < 2; ++i)
    if (parts.entries[i].length)
      irsInputBlankRange(input, parts.entries[i].offset,
                         parts.entries[i].length);
  if (parts.hasDisableThreading)
    *threadingOff = parts.disableThreading;
  if (parts.hasVerifyEach)
    *verifyEach = parts.verifyEach;
  if (parts.hasSeed) {
    *seed = parts.seed;
    *hasSeed = true;
  }
  irsOptOutAppend(&pipeline, "", 1);
  if (!parts.hasPipeline || pipeline.failed) {
    free(pipeline.data);
    return NULL;
  }
  return pipeline.data;
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
} ChunkWork;

static void printRunError(IrsPassManager pm) {
  MlirStringRef msg = irsPassManagerGetErrorMessage(pm);
  MlirStringRef dir = irsPassManagerGetFailureDir(pm);
  if (dir.length)
    fprintf(stderr, "irscope-opt: error: %.*s; report: %.*s/report.xml\n",
            (int)msg.length, msg.data, (int)dir.length, dir.data);
  else
    fprintf(stderr, "irscope-opt: error: %.*s\n", (int)msg.length, msg.data);
  MlirStringRef note = irsPassManagerGetNarrowNote(pm);
  if (note.length)
    fprintf(stderr, "irscope-opt: note: %.*s\n", (int)note.length, note.data);
}

// The chunk's output. A dump of the final IR printed as the output would
// be (the library knows which, irsPassManagerGetFinalDump) is copied
// instead of printing the module again (a print of a large module costs as
// much as a pass); otherwise, or when the file cannot be read, the module
// is printed.
static void printOutput(ChunkWork *w, MlirOperation op, IrsOptOut *o) {
  const IrsOptConfig *cfg = w->run->cfg;
  if (cfg->emitBytecode) {
    mlirOperationWriteBytecode(op, irsToolTextCallback, o);
    return;
  }
  MlirStringRef dump = irsPassManagerGetFinalDump(w->pm, &w->printing);
  if (dump.length && irsToolTextAppendFile(o, dump.data))
    return;
  mlirOperationPrintWithFlags(op, w->flags, irsToolTextCallback, o);
  irsOptOutAppend(o, "\n", 1);
}

// Parses, runs and prints chunk c; returns its exit code.
static int workChunk(ChunkWork *w, intptr_t c) {
  IrsOptRun *run = w->run;
  IrsOptConfig *cfg = run->cfg;
  IrsPassManager pm = w->pm;
  IrsOptOut chunkOut = {0};
  IrsOptOut *o = run->supervised ? &chunkOut : w->out;
  if (!run->supervised && c > 0 && cfg->splitInputFile) {
    irsOptOutAppend(o, cfg->outputSplitMarker, strlen(cfg->outputSplitMarker));
    irsOptOutAppend(o, "\n", 1);
  }
  char *dumpDir = irsOptChunkDir(cfg, cfg->dumpAfterEach, c, w->nchunks);
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
  intptr_t errs0 = irsDiagnosticCaptureGetNumErrors(w->parseDiags);
  MlirModule m = irsInputParseChunk(run->input, w->ctx, c);
  if (mlirModuleIsNull(m)) {
    if (irsDiagnosticCaptureGetNumErrors(w->parseDiags) == errs0)
      fprintf(stderr, "irscope-opt: error: cannot parse '%s'\n", cfg->input);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  MlirOperation op = mlirModuleGetOperation(m);
  w->reload->chunk = c;
  irsOptCheckResultsBegin(run, pm, op);
  int ndRc = 0;
  IrsStatus st = cfg->checkDeterminism && cfg->checkResults
                     ? irsOptCheckResultsDeterminism(run, pm, op, &ndRc)
                 : cfg->checkDeterminism
                     ? irsOptCheckDeterminism(run, pm, op, &ndRc)
                     : irsPassManagerRun(pm, op);
  irsOptLogChunkEnd(run, c);
  // A usage error (a used dump directory, a pipeline for another op)
  // comes before anything ran: it comes alone, without an empty table.
  bool ranNothing = st.kind == IRS_ERR_USAGE || st.kind == IRS_ERR_PIPELINE;
  if (cfg->timing && !ranNothing)
    irsPassManagerPrintTiming(pm, run->sort, irsOptStderrCallback, NULL);
  if (!irsStatusIsOk(st)) {
    // Under --verify-diagnostics the failure is what the test expects; its
    // diagnostics were verified.
    if (!irsOptDiagOutVerifying())
      printRunError(pm);
    mlirModuleDestroy(m);
    return ndRc ? ndRc : irsOptExitFor(st.kind);
  }
  // With mlir-opt's instrumentation stderr is MLIR's, byte for byte as
  // mlir-opt writes it: nothing is added to it.
  if (cfg->dumpAfterEach && !cfg->checkDeterminism && !mlirInstrumented(cfg)) {
    char *dd = irsOptChunkDir(cfg, cfg->dumpAfterEach, c, w->nchunks);
    printDumpSummary(pm, dd);
    free(dd);
  }
  printOutput(w, op, o);
  mlirModuleDestroy(m);
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  if (run->supervised) {
    if (irsOptWriteChunkOutput(run, c, &chunkOut) != 0)
      rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
    free(chunkOut.data);
  }
  return rc;
}

// The pass manager options of irsOptWork: the run's, with the dumps,
// MLIR's own instrumentation and the reload of the input; a replay only
// serves the supervisor and writes none of them.
static IrsOptPmOptions workOptions(IrsOptRun *run, MlirOpPrintingFlags flags,
                                   Reload *reload) {
  const IrsOptConfig *cfg = run->cfg;
  bool replay = run->mode != IrsOptModeNormal;
  IrsOptPmOptions o = irsOptPmOptions(run);
  o.dump.dir = replay ? NULL : cfg->dumpAfterEach;
  o.dump.stepNumberOffset = cfg->stepNumberOffset;
  o.dump.onlyChanged = cfg->dumpOnlyChanged;
  o.dump.overwrite = cfg->dumpOverwrite;
  o.dump.inBackground = cfg->dumpInBackground;
  o.timing = (cfg->timing || cfg->trace || cfg->junit) && !replay;
  o.watch.stepwise = replay || cfg->stepTimeout > 0;
  o.verify.verifyWith = replay ? NULL : cfg->verifyWith;
  o.verify.narrow = cfg->narrow && !replay;
  o.failure.dir = cfg->failureDir;
  o.failure.writeReport = !replay;
  o.failure.reloadInput = reloadChunk;
  o.failure.reloadInputUserData = reload;
  o.create.onDiagnostic = irsOptForwardDiag;
  o.watch.onStep = notifyStep;
  o.watch.onStepUserData = run;
  if (!replay && run->supervised)
    o.watch.actionTrail = run->trail;
  if (!replay) {
    o.mlir.printIrBeforeAll = cfg->mlirPrintIrBeforeAll;
    o.mlir.printIrAfterAll = cfg->mlirPrintIrAfterAll;
    o.mlir.printIrAfterChange = cfg->mlirPrintIrAfterChange;
    o.mlir.printIrAfterFailure = cfg->mlirPrintIrAfterFailure;
    o.mlir.printIrModuleScope = cfg->mlirPrintIrModuleScope;
    o.mlir.printIrTreeDir = cfg->mlirPrintIrTreeDir;
    o.mlir.printIrFlags = flags;
    o.mlir.timing = cfg->mlirTiming;
    o.mlir.passStatistics = cfg->mlirPassStatistics;
    o.mlir.passStatisticsDisplay =
        !strcmp(cfg->mlirPassStatisticsDisplay, "list")
            ? MLIR_PASS_DISPLAY_MODE_LIST
            : MLIR_PASS_DISPLAY_MODE_PIPELINE;
  }
  return o;
}

// Each chunk from run->firstChunk on, with its diagnostics verified under
// --verify-diagnostics; the worst exit code.
static int workChunks(ChunkWork *w) {
  IrsOptRun *run = w->run;
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  irsOptDiagOutRunBegin(run->firstChunk);
  for (intptr_t c = run->firstChunk; c < w->nchunks; ++c) {
    run->chunk = c;
    irsOptDiagOutChunkBegin(c);
    irsPassManagerSetDiagVerifier(w->pm, irsOptDiagOutVerifier());
    int chunkRc = workChunk(w, c);
    irsPassManagerSetDiagVerifier(w->pm, (IrsDiagVerifier){NULL});
    rc = irsOptWorse(rc, irsOptDiagOutChunkEnd(chunkRc));
    irsWorkerChannelChunkDone(run->ch, c);
  }
  return irsOptWorse(rc, irsOptDiagOutRunEnd());
}

// The real work: set up a context, then parse, run and print each chunk from
// run->firstChunk on. Runs in the worker process when supervised (output
// then goes to one file per chunk, for the supervisor to assemble), or in
// the main process with --crash-protection=0. In the replay modes it only
// serves the supervisor (see Supervise.c).
int irsOptWork(IrsOptRun *run, IrsOptOut *out) {
  IrsOptConfig *cfg = run->cfg;
  IrsInput input = run->input;
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  // Registration of passes is process-global in MLIR; it belongs to the
  // tool, never to the library. Only processes that run MLIR pay for it:
  // with crash protection that is the worker, not the supervisor.
  mlirRegisterAllPasses();
  MlirContext ctx = irsOptMakeContext(cfg, !cfg->disableThreading);
  IrsDiagnosticCapture parseDiags =
      irsDiagnosticCaptureCreate(ctx, irsOptForwardDiag, NULL);
  irsDiagnosticCaptureSetFallbackFileName(
      parseDiags, mlirStringRefCreateFromCString(irsInputGetSourceName(input)));
  IrsPassManager pm = {NULL};
  // Created before the pass manager, which borrows it for MLIR's printing.
  IrsPrintingOptions printing = outputPrinting(cfg);
  MlirOpPrintingFlags flags = irsPrintingOptionsCreateFlags(&printing);

  if (!irsOptLoadIrdl(cfg, ctx)) {
    rc = irsOutcomeGetExitCode(IrsOutcomeUsageError);
    goto cleanup_ctx;
  }

  Reload reload = {input, ctx, 0};
  IrsOptPmOptions opts = workOptions(run, flags, &reload);
  // Positions in a pipeline assembled from pass flags mean nothing to the
  // user: name the flag instead.
  pm = irsOptCreatePassManager(run, ctx, run->pipeline, &opts);
  if (irsPassManagerIsNull(pm)) {
    rc = irsOutcomeGetExitCode(IrsOutcomeUsageError);
    goto cleanup_ctx;
  }
  run->pm = pm;
  irsCrashHandlerAwaitDumpsOf(pm);
  if (cfg->hasSeed)
    irsPassManagerSetSeed(pm, cfg->seed);
  if (run->mode != IrsOptModeNormal) {
    rc = irsOptReplay(run, ctx, pm);
    goto cleanup_ctx;
  }
  ChunkWork w = {run,   ctx,   pm,      parseDiags,
                 printing, flags, &reload, out,
                 irsInputGetNumChunks(input), opts.dump, opts.failure};
  rc = workChunks(&w);
cleanup_ctx:
  run->pm = (IrsPassManager){NULL};
  irsCrashHandlerAwaitDumpsOf((IrsPassManager){NULL});
  irsPassManagerDestroy(pm);
  if (flags.ptr)
    mlirOpPrintingFlagsDestroy(flags);
  irsDiagnosticCaptureDestroy(parseDiags);
  mlirContextDestroy(ctx);
  return rc;
}

// Writes the collected output to stdout, or atomically to -o when the run
// succeeded (like mlir-opt, a failed run does not create or replace it).
static int writeOutput(const IrsOptConfig *cfg, IrsOptOut *out, int rc) {
  if (out->failed) {
    fprintf(stderr, "irscope-opt: error: out of memory collecting output\n");
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  if (!strcmp(cfg->output, "-")) {
    if ((out->len && fwrite(out->data, 1, out->len, stdout) != out->len) ||
        fflush(stdout) != 0) {
      fprintf(stderr, "irscope-opt: error: cannot write output: %s\n",
              strerror(errno));
      return irsOutcomeGetExitCode(IrsOutcomeIoError);
    }
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  }
  if (rc != irsOutcomeGetExitCode(IrsOutcomeOk))
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  int e = irsOptWriteFileAtomic(cfg->output, out->data, out->len);
  if (e) {
    fprintf(stderr, "irscope-opt: error: cannot write output file '%s': %s\n",
            cfg->output, strerror(e));
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  return irsOutcomeGetExitCode(IrsOutcomeOk);
}

// --run-reproducer: the pipeline of the input's mlir_reproducer (malloc'd),
// its threading, verification and seed applied to `cfg`; NULL after an
// error line.
static char *applyReproducer(IrsOptConfig *cfg, IrsInput input) {
  bool threadingOff = false, verify = true, hasSeed = false;
  uint64_t seed = 0;
  char *pipeline =
      takeReproducer(input, &threadingOff, &verify, &hasSeed, &seed);
  if (!pipeline) {
    fprintf(stderr, "irscope-opt: error: '%s' holds no mlir_reproducer "
                    "section with a pipeline\n",
            cfg->input);
    return NULL;
  }
  if (threadingOff)
    cfg->disableThreading = true;
  if (hasSeed && !cfg->hasSeed) { // an explicit --seed wins
    cfg->hasSeed = true;
    cfg->seed = seed;
  }
  cfg->verifyEach = cfg->verifyEach && verify;
  return pipeline;
}

// The pipeline of the run: the reproducer's, --pass-pipeline or the pass
// flags; null after an error line. Threading may be turned off by the
// reproducer, so mlir-opt's module-scope rule is checked here.
static IrsPipeline makePipeline(IrsOptConfig *cfg, IrsInput input) {
  char *repro = NULL;
  if (cfg->runReproducer && !(repro = applyReproducer(cfg, input)))
    return (IrsPipeline){NULL};
  IrsPipeline pipeline = {NULL};
  if (cfg->mlirPrintIrModuleScope && !cfg->disableThreading) {
    // mlir-opt's rule and words (MLIR itself would abort).
    fprintf(stderr, "irscope-opt: error: IR print for module scope can't be "
                    "setup on a pass-manager without disabling "
                    "multi-threading first; add '--mlir-disable-threading'\n");
  } else if (repro || cfg->passPipeline) {
    pipeline = irsPipelineCreateParseLocated(
        mlirStringRefCreateFromCString(repro ? repro : cfg->passPipeline),
        irsOptPipelineErrorLine, cfg);
  } else {
    pipeline = irsOptionsPipelineFromFlags(&cfg->passFlags, &cfg->suspects,
                                           irsOptPipelineErrorLine, cfg);
  }
  free(repro);
  return pipeline;
}

// The run in the mode asked for: repeated, supervised or in this process.
static int runMode(IrsOptRun *run, IrsOptOut *out) {
  const IrsOptConfig *cfg = run->cfg;
  if (cfg->repeat > 0)
    return irsOptRepeat(run);
  if (!cfg->crashProtection) {
    // Unprotected, the process still says how it died (signal and stack).
    irsInstallCrashHandlers("irscope-opt");
    return irsOptWork(run, out);
  }
  int rc = irsOptSupervise(run, out);
  if (rc == irsOutcomeGetExitCode(IrsOutcomeOk))
    return irsOptCheckResults(run);
  irsOptCheckResultsRelease(run); // e.g. --check-determinism found a step
  return rc;
}

IrsInput irsOptOpenInput(const IrsOptConfig *cfg, int *rc) {
  IrsErrorKind k = IRS_OK;
  IrsInput input = irsInputCreateFromFile(cfg->input, irsOptErrorLine, NULL, &k);
  IrsOutcome why =
      k == IRS_ERR_NOMEM ? IrsOutcomeIoError : IrsOutcomeUsageError;
  *rc = irsOutcomeGetExitCode(irsInputIsNull(input) ? why : IrsOutcomeOk);
  return input;
}

// The option checks are Config.c's; what needs the input is checked here.
int irsOptRun(IrsOptConfig *cfg) {
  int rc;
  IrsInput input = irsOptOpenInput(cfg, &rc);
  if (irsInputIsNull(input))
    return rc;
  IrsPipeline pipeline = {NULL};
  if (!irsOptDiagOutInit(cfg, input) ||
      irsPipelineIsNull(pipeline = makePipeline(cfg, input))) {
    irsInputDestroy(input);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  if (cfg->splitInputFile)
    irsInputSplit(input, mlirStringRefCreateFromCString(
                             *cfg->splitInputFile ? cfg->splitInputFile
                                                  : "// -----"));

  IrsOptRun run;
  memset(&run, 0, sizeof(run));
  run.cfg = cfg;
  run.input = input;
  run.pipeline = pipeline;
  run.sort = cfg->sort;
  run.ch.fd = -1;
  IrsOptOut out = {0};
  run.log = irsOptLogCreate(cfg);
  rc = runMode(&run, &out);
  rc = irsOptWorse(rc, writeOutput(cfg, &out, rc));
  // After the output: a trace or JUnit file that cannot be written does not
  // take away the result of a run that worked.
  rc = irsOptWorse(rc, irsOptLogFinish(&run));
  free(out.data);
  irsPipelineDestroy(pipeline);
  irsInputDestroy(input);
  return rc;
}
