// SPDX-License-Identifier: Apache-2.0
//===- ToolMode.c - irscope-opt --tool=PATH: the user's tool runs the steps ===//
//
// Turns the configuration into an IrsToolRunner (lib/Tool), prints what the
// library reports and picks the exit code. irscope's process never creates
// an MLIR context here: the tool parses, verifies and prints the IR, so its
// own dialects (mlir-opt's test dialect, fir-opt's FIR) need nothing from
// irscope. Options that only make sense in irscope's own pass manager are
// refused with a pointer to --tool-arg. What the runner is asked to do
// (one run, the determinism check, --repeat's runs in ToolRepeat.c) is the
// run kind's row (RunKind.c), chosen once like every other kind.
//
//===----------------------------------------------------------------------===//
#include "CrashNote.h"
#include "Driver.h"
#include "RunKind.h"
#include "ToolNest.h"
#include "StdStreams.h"

#include "irscope/RunDir.h"
#include "irscope/Tool.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void writeStderr(MlirStringRef s, void *ud) {
  (void)ud;
  fwrite(s.data, 1, s.length, stderr);
}

// The tool's arguments: --tool-arg values, then the printing flags
// irscope-opt shares with mlir-opt, so they mean the same in both modes.
typedef struct ToolArgs {
  const char **v;
  intptr_t n;
  char elide[64], elideRes[64];
} ToolArgs;

static bool toolArgs(const IrsOptConfig *c, ToolArgs *a) {
  a->v = calloc(c->tool.args.num + 12, sizeof(char *));
  a->n = 0;
  if (!a->v)
    return false;
  for (size_t k = 0; k < c->tool.args.num; ++k)
    a->v[a->n++] = c->tool.args.items[k];
  const struct {
    bool on;
    const char *flag;
  } flags[] = {
      {c->allowUnregistered, "--allow-unregistered-dialect"},
      {c->print.generic, "--mlir-print-op-generic"},
      {c->print.debugInfo, "--mlir-print-debuginfo"},
      {c->print.localScope, "--mlir-print-local-scope"},
      {c->print.prettyDebugInfo, "--mlir-pretty-debuginfo"},
      {c->print.assumeVerified, "--mlir-print-assume-verified"},
      {c->print.skipRegions, "--mlir-print-skip-regions"},
      {c->print.nameLocAsPrefix, "--mlir-use-nameloc-as-prefix"},
  };
  for (size_t k = 0; k < sizeof(flags) / sizeof(flags[0]); ++k)
    if (flags[k].on)
      a->v[a->n++] = flags[k].flag;
  if (c->print.elideElementsAttrs >= 0) {
    snprintf(a->elide, sizeof(a->elide),
             "--mlir-elide-elementsattrs-if-larger=%ld", c->print.elideElementsAttrs);
    a->v[a->n++] = a->elide;
  }
  if (c->print.elideResourceStrings >= 0) {
    snprintf(a->elideRes, sizeof(a->elideRes),
             "--mlir-elide-resource-strings-if-larger=%ld",
             c->print.elideResourceStrings);
    a->v[a->n++] = a->elideRes;
  }
  return true;
}

// stdin goes to a file first: the tool reads a path.
static char *stdinToFile(IrsInput in) {
  char *path = irsToolTempFile("irscope-stdin");
  MlirStringRef s = irsInputGetContents(in);
  FILE *f = path ? fopen(path, "wbe") : NULL;
  bool ok = f && fwrite(s.data, 1, s.length, f) == s.length;
  ok = f && fclose(f) == 0 && ok;
  if (!ok) {
    fprintf(stderr, "irscope-opt: error: cannot save stdin to a temporary "
                    "file: %s\n", strerror(errno));
    if (path)
      unlink(path);
    free(path);
    return NULL;
  }
  return path;
}

// Everything the user needs after a failed run: the report, the replay.
int irsOptToolReportFailure(IrsToolRunner t, IrsErrorKind k) {
  MlirStringRef msg = irsToolRunnerGetErrorMessage(t);
  MlirStringRef dir = irsToolRunnerGetFailureDir(t);
  const IrsWorkerResult *death = irsToolRunnerGetDeath(t);
  // A death prints as a worker's does (Supervise.c): the error line, where
  // it died (the tool's own LLVM stack dump was held back, ToolRun.c), then
  // the report.
  if (dir.length && !death)
    fprintf(stderr,
            "irscope-opt: error: %.*s; report: %.*s/" IRS_RUN_DIR_REPORT "\n",
            (int)msg.length, msg.data, (int)dir.length, dir.data);
  else
    fprintf(stderr, "irscope-opt: error: %.*s\n", (int)msg.length, msg.data);
  // A timed-out tool was asked for its stack dump (SIGQUIT) before the kill.
  if (death && (death->outcome == IrsWorkerCrashed ||
                death->outcome == IrsWorkerTimedOut))
    irsToolPrintTraceNotes("irscope-opt", death->stderrTail,
                           death->outcome == IrsWorkerTimedOut);
  // What it was doing, from its action log (as a worker's trail says it).
  MlirStringRef doing = irsToolRunnerGetActionNote(t);
  if (doing.length)
    fprintf(stderr, "irscope-opt: note: %.*s\n", (int)doing.length,
            doing.data);
  if (dir.length && death)
    irsToolPrintReportNote("irscope-opt", dir.data, dir.length);
  MlirStringRef narrowed = irsToolRunnerGetNarrowNote(t);
  if (narrowed.length)
    fprintf(stderr, "irscope-opt: note: %.*s\n", (int)narrowed.length,
            narrowed.data);
  MlirStringRef replay = irsToolRunnerGetReplayCommand(t);
  MlirStringRef repro = irsToolRunnerGetReproducerCommand(t);
  if (replay.length)
    fprintf(stderr, "irscope-opt: note: replay: %.*s\n", (int)replay.length,
            replay.data);
  if (repro.length)
    fprintf(stderr, "irscope-opt: note: or: %.*s\n", (int)repro.length,
            repro.data);
  return death ? irsOptExitForOutcome(death->outcome) : irsOptExitFor(k);
}

static const IrsStepResult *toolStep(void *t, intptr_t i) {
  return irsToolRunnerGetStepResult((IrsToolRunner){t}, i);
}

// One run, or the determinism check (`determinism`), of a ready runner:
// output, notes, timing, the failure, the --trace/--junit log (r->log).
// The exit code.
static int runWith(IrsOptToolRun *r, IrsToolRunner t, bool determinism) {
  const IrsOptConfig *c = r->cfg;
  intptr_t differing = 0;
  IrsOptInterrupts interrupts; // the handlers to put back after the run
  irsOptInterruptsCatch(irsToolRunnerGetSupervisor(t),
                        irsToolRunnerGetHelperSupervisor(t),
                        &interrupts);
  IrsStatus st = determinism
                     ? irsToolRunnerCheckDeterminism(t, r->input, r->output,
                                                     *c->checkDeterminism != 0,
                                                     &differing)
                     : irsToolRunnerRun(t, r->input, r->output);
  irsOptInterruptsRestore(&interrupts);
  if (irsToolRunnerIgnoredBytecode(t))
    fprintf(stderr,
            "irscope-opt: note: '%s' ignored '--emit-bytecode'; its "
            "steps hand over text\n",
            c->tool.path);
  if (c->timing)
    irsToolRunnerPrintTiming(t, c->sort, writeStderr, NULL);
  int rc = irsStatusIsOk(st) ? irsOutcomeGetExitCode(IrsOutcomeOk)
                             : irsOptToolReportFailure(t, st.kind);
  // The determinism check's dumps are its second run's.
  if (irsStatusIsOk(st) && c->dumps.dir && !determinism)
    irsOptPrintDumpSummary(irsToolRunnerGetNumSteps(t), toolStep, t.ptr,
                           c->dumps.dir);
  if (irsStatusIsOk(st) && differing > 0) {
    irsOptToolReportFailure(t, IRS_ERR_PASS);
    rc = irsOutcomeGetExitCode(IrsOutcomeNondeterminism);
  }
  r->log = irsOptToolLogCollect(c, t, r->pipeline, r->starts);
  return rc;
}

// Creates the runner with r->options, runs it once, continues with `then`
// (nullable) after a successful run, hands stdout the output when it goes
// there and writes --trace/--junit. The output of a successful run is the
// plain tool's whatever `then` finds (a wrong result): the tool wrote -o,
// and stdout gets it too.
static int runOnce(IrsOptToolRun *r, bool determinism,
                   int (*then)(IrsOptToolRun *r, IrsToolRunner t)) {
  IrsToolRunner t =
      irsToolRunnerCreate(r->pipeline, &r->options, irsOptErrorLine, NULL);
  int rc = irsToolRunnerIsNull(t)
               ? irsOutcomeGetExitCode(IrsOutcomeUsageError)
               : runWith(r, t, determinism);
  bool ran = rc == irsOutcomeGetExitCode(IrsOutcomeOk);
  if (then && ran)
    rc = then(r, t);
  // The determinism check writes the plain tool's output past a
  // difference too (exit 8).
  bool wrote = ran || (!irsToolRunnerIsNull(t) && irsToolRunnerWroteOutput(t));
  irsToolRunnerDestroy(t);
  if (wrote && r->outputIsTemporary)
    rc = irsOptWorse(rc, irsToolCopyToStdout("irscope-opt", r->output));
  // After the check, which may mark a step, and after the output, as
  // in-process (Driver.c).
  IrsOptRun logged = {.cfg = r->cfg, .log = r->log};
  r->log = NULL;
  return irsOptWorse(rc, irsOptLogFinish(&logged));
}

int irsOptToolRunOnce(IrsOptToolRun *r) { return runOnce(r, false, NULL); }

int irsOptToolRunThen(IrsOptToolRun *r,
                      int (*then)(IrsOptToolRun *r, IrsToolRunner t)) {
  return runOnce(r, false, then);
}

int irsOptToolCheckDeterminism(IrsOptToolRun *r) {
  r->options.narrow = false; // a difference is no step's failure to narrow
  return runOnce(r, true, NULL);
}

// The runner's options from the configuration, the same for every kind of
// --tool run; a kind adjusts what is its own (the determinism check above,
// --repeat in ToolRepeat.c).
static void fillOptions(IrsOptToolRun *r, IrsInput in, const ToolArgs *args) {
  const IrsOptConfig *c = r->cfg;
  IrsToolOptions o = irsToolOptionsDefault();
  o.path = c->tool.path;
  o.args = args->v;
  o.numArgs = args->n;
  o.stepTimeoutSec = c->watch.stepTimeout;
  o.memoryLimitBytes = c->watch.memoryLimit;
  o.dumpDir = c->dumps.dir;
  o.stepNumberOffset = c->resume.stepNumberOffset;
  o.dumpOnlyChanged = c->dumps.onlyChanged;
  o.dumpOverwrite = c->dumps.overwrite;
  o.verifyEach = c->verifyEach;
  o.measureStartup = c->timing;
  o.stepwise = c->timing || irsOptLogWanted(c);
  o.failureDir = c->failureDir;
  o.threadingEnabled = !c->disableThreading;
  o.emitBytecode = c->io.emitBytecode;
  o.narrow = c->narrow;
  o.header = irsOptRunHeader(c, in, -1);
  o.onStderr = writeStderr;
  o.onStep = irsOptToolLogStep;
  o.onStepUserData = r->starts;
  r->options = o;
}

static int runKind(IrsOptToolRun *r, const IrsOptRunKind *kind, IrsInput in) {
  ToolArgs args;
  bool argsOk = toolArgs(r->cfg, &args);
  intptr_t n = irsPipelineGetNumSteps(r->pipeline);
  IrsOptToolStarts starts = {calloc((size_t)n + 1, sizeof(double)), n};
  for (intptr_t i = 0; starts.ms && i < n; ++i)
    starts.ms[i] = -1;
  r->starts = &starts;
  fillOptions(r, in, &args);
  int rc = argsOk && starts.ms ? kind->runTool(r)
                               : irsOutcomeGetExitCode(IrsOutcomeIoError);
  free(args.v);
  free(starts.ms);
  return rc;
}

static IrsPipeline makePipeline(const IrsOptConfig *c) {
  if (c->passPipeline)
    return irsPipelineCreateParse(
        mlirStringRefCreateFromCString(c->passPipeline), irsOptErrorLine, NULL);
  IrsPipeline p = irsOptionsPipelineFromFlags(
      &c->passFlags, &c->suspects, irsOptPipelineErrorLine, (void *)c);
  return irsPipelineIsNull(p)
             ? p
             : irsToolNestRestrictedPasses(p, c->tool.path, &c->tool.args,
                                           irsOptPipelineErrorLine, (void *)c);
}

// The options that mean nothing here are refused by Config.c; `kind` is
// one of RunKind.c's --tool rows.
int irsOptRunTool(IrsOptConfig *c, const IrsOptRunKind *kind) {
  int rc;
  IrsInput in = irsOptOpenInput(c, &rc);
  if (irsInputIsNull(in))
    return rc;
  IrsPipeline p = makePipeline(c);
  char *stdinPath = !strcmp(c->io.input, "-") ? stdinToFile(in) : NULL;
  bool toStdout = !strcmp(c->io.output, "-");
  char *outPath = toStdout ? irsToolTempFile("irscope-out") : NULL;
  if (toStdout && !outPath)
    fprintf(stderr, "irscope-opt: error: cannot create a temporary file for "
                    "stdout: %s\n", strerror(errno));
  rc = irsOutcomeGetExitCode(IrsOutcomeUsageError);
  IrsOptToolRun r = {.cfg = c,
                     .pipeline = p,
                     .input = stdinPath ? stdinPath : c->io.input,
                     .in = in,
                     .output = toStdout ? outPath : c->io.output,
                     .outputIsTemporary = toStdout};
  if (!irsPipelineIsNull(p) && (stdinPath || strcmp(c->io.input, "-")) &&
      (!toStdout || outPath))
    rc = runKind(&r, kind, in);
  if (outPath)
    unlink(outPath);
  if (stdinPath)
    unlink(stdinPath);
  free(outPath);
  free(stdinPath);
  irsPipelineDestroy(p);
  irsInputDestroy(in);
  return rc;
}
