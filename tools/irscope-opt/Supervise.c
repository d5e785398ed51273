// SPDX-License-Identifier: Apache-2.0
//===- Supervise.c - irscope-opt's crash safety -----------------------------===//
//
// With crash protection (the default) irscope-opt never runs MLIR in its own
// process. A worker does the work (irsOptWork) and reports each step it
// starts; chunk outputs go to files so that what finished survives. When
// the worker dies (signal, --step-timeout, --memory-limit) the library
// documents it (irsCrashDocument: locate the step, snapshot the pre-step
// IR and reproducers, report.xml, the manifest); this file supplies the
// replay workers' body, logs the death, prints the crash notes and one
// line, and carries on with the next chunk. A crash that its trail tells
// by the step's pass alone (outside any action, after the pass: in the
// verifier, in the pass manager) is narrowed to the action after which
// the step crashes in a fresh worker (crashNarrowed), as a verifier
// failure is (Announced.c); one in a pattern or in a pass execution has
// its action already.
// Nothing is printed ahead of time, so protection costs one fork and a few
// pipe writes per step; replays happen only after a failure.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CrashHandler.h"
#include "CrashNote.h"
#include "Driver.h"
#include "StderrAbridge.h"

#include "irscope/CrashDoc.h"
#include "irscope/Narrow.h"
#include "irscope/RunDir.h"

#include <mlir-c/IR.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

//===----------------------------------------------------------------------===//
// Supervisor
//===----------------------------------------------------------------------===//

// One supervisor per process and its helper (the replays, the narrowing
// worker), or --check-results' executor; reached from the signal handler
// only.
static IrsSupervisor activeSupervisor, activeHelper;
static IrsExecutor activeExecutor;
static volatile sig_atomic_t interruptArrived;

static void onInterrupt(int sig) {
  (void)sig;
  interruptArrived = 1;
  if (activeSupervisor.ptr)
    irsSupervisorInterrupt(activeSupervisor);
  if (activeHelper.ptr)
    irsSupervisorInterrupt(activeHelper);
  if (activeExecutor.ptr)
    irsExecutorInterrupt(activeExecutor);
}

void irsOptInterruptsCatchChecks(IrsExecutor ex, IrsSupervisor helper,
                                 IrsOptInterrupts *saved) {
  activeExecutor = ex;
  irsOptInterruptsCatch((IrsSupervisor){NULL}, helper, saved);
}

bool irsOptInterruptsArrived(void) { return interruptArrived != 0; }

void irsOptInterruptsCatch(IrsSupervisor sup, IrsSupervisor helper,
                           IrsOptInterrupts *saved) {
  activeSupervisor = sup;
  activeHelper = helper;
  interruptArrived = 0;
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = onInterrupt;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &saved->oldInt);
  sigaction(SIGTERM, &sa, &saved->oldTerm);
}

void irsOptInterruptsRestore(const IrsOptInterrupts *saved) {
  sigaction(SIGINT, &saved->oldInt, NULL);
  sigaction(SIGTERM, &saved->oldTerm, NULL);
  activeSupervisor = activeHelper = (IrsSupervisor){NULL};
  activeExecutor = (IrsExecutor){NULL};
}

void irsOptWorkerInit(void) {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  irsInstallCrashHandlers("irscope-opt");
}

// The worker sends how its run ended as a typed outcome (irsOptWork, before
// its teardown) and ends normally: its exit code only says whether it got
// that far.
int irsOptWorkerMain(IrsWorkerChannel ch, void *ud) {
  IrsOptRun *run = ud;
  run->ch = ch;
  irsOptWorkerInit();
  // Only irsOptSupervise's main supervisor asks for a trace (its quiet
  // one and --repeat's replays do not); the handler is harmless where it
  // is never signalled.
  irsInstallHangTraceHandler("irscope-opt");
  // Only the worker that records into the trail describes its ops (a
  // replay's pointers would mean nothing in the records of another).
  if (run->supervised && run->mode == IrsOptModeNormal)
    irsCrashHandlerDescribeTrail(run->trail);
  IrsOptOut out = {0};
  irsOptWork(run, &out);
  free(out.data);
  return 0;
}

// The body of the library's replay workers: the dead chunk's run again, in
// the mode the replay asks for (and of the narrowing worker, Narrow mode).
static int replayMain(IrsWorkerChannel ch, const IrsCrashReplay *r, void *ud) {
  IrsOptRun job = *(const IrsOptRun *)ud;
  job.mode = r->kind == IrsCrashReplayLocate ? IrsOptModeLocate
                                             : IrsOptModeSnapshot;
  job.jobStep = r->step;
  job.jobDir = r->dir;
  return irsOptWorkerMain(ch, &job);
}

static void printLine(MlirStringRef s, void *ud) {
  (void)ud;
  fprintf(stderr, "irscope-opt: error: %.*s\n", (int)s.length, s.data);
}

static void printNote(MlirStringRef s, void *ud) {
  (void)ud;
  fprintf(stderr, "irscope-opt: note: %.*s\n", (int)s.length, s.data);
}

// One note on what the dead worker was doing (its action trail): the
// action a crash was in, or the action a hang kept repeating.
static void printActionNote(IrsActionTrail trail, IrsWorkerOutcome outcome) {
  if (outcome == IrsWorkerTimedOut || outcome == IrsWorkerCrashed)
    irsActionTrailDescribeDeath(trail, outcome == IrsWorkerTimedOut, printNote,
                                NULL);
}

// The error line first, naming step, pass and signal; then where it died
// (the crash's trace was held back from the terminal, StderrAbridge.h;
// a timed-out worker was asked for its trace, see irsOptSupervise, held
// back the same way), what it was doing (its action trail), the action
// narrowing found (`narrowed`, nullable; with the `runs` of the step it
// took, all single-threaded), the report and last the replay.
// A report that could not be written says so on the error line.
// `line` (nullable) is the error line when narrowing could not write a
// file (it says which).
static void printDeath(const IrsCrashDoc *doc, IrsActionTrail trail,
                       const IrsOptConfig *cfg, const char *narrowed,
                       int64_t runs, const char *line) {
  if (doc->writeError || !doc->dir[0])
    irsCrashDocGetSummary(doc, printLine, NULL);
  else
    fprintf(stderr, "irscope-opt: error: %s\n", line ? line : doc->message);
  if (doc->outcome == IrsWorkerCrashed || doc->outcome == IrsWorkerTimedOut)
    irsToolPrintTraceNotes("irscope-opt", doc->stderrTail,
                           doc->outcome == IrsWorkerTimedOut);
  printActionNote(trail, doc->outcome);
  // A whole-pipeline death the stepwise replay did not see again: what to
  // try next (--repeat's own runs tally it instead).
  if (!cfg->repeat.runs && (doc->located == IrsCrashLocatedNotReproduced ||
                            doc->located == IrsCrashLocatedOtherFailure))
    fprintf(stderr, "irscope-opt: note: the failure depends on timing or "
                    "scheduling: --repeat=N runs the whole pipeline N times "
                    "and counts how often it fails; "
                    "--mlir-disable-threading tells whether threads "
                    "matter\n");
  if (narrowed)
    fprintf(stderr, "irscope-opt: note: %s\n", narrowed);
  if (narrowed && runs)
    fprintf(stderr, "irscope-opt: note: narrowed single-threaded with %lld "
                    "executions\n",
            (long long)runs);
  if (doc->dir[0] && !doc->writeError)
    irsToolPrintReportNote("irscope-opt", doc->dir, strlen(doc->dir));
  if (!doc->writeError)
    irsOptPrintReplayNote(cfg, doc->dir);
}

// Whether the crash's trail names nothing finer than the step: the thread
// that crashed was in no action of the pipeline, and the pass that ran
// last is told (irsActionTrailGetCrashAction's `ended`). A pattern or a
// real pass's execution in flight is the answer already.
static bool toldByStepOnly(IrsActionTrail trail) {
  IrsActionRecord rec;
  bool ended = false;
  return !irsActionTrailIsNull(trail) &&
         irsActionTrailGetCrashAction(trail, &rec, &ended) && ended;
}

// A crash documented in doc->dir that its trail tells by the step's pass
// alone, narrowed in a fresh worker of `quiet` (NarrowStep.c, its trials
// forked, each under the step's timeout; one that crashes elsewhere does
// not count: `signal`, the crash site and identity of doc's trace): the
// note, or NULL; *runs the runs of the step it took. *interrupted as
// irsOptNarrowFresh says; *line the error line saying what it could not
// write, else NULL (caller frees).
static char *crashNarrowed(IrsOptRun *run, IrsSupervisor quiet, int signal,
                           const IrsCrashDoc *doc, intptr_t k,
                           bool *interrupted, char **line, int64_t *runs) {
  *interrupted = false;
  *line = NULL;
  *runs = 0;
  if (!run->cfg->narrow || doc->outcome != IrsWorkerCrashed ||
      signal <= 0 || doc->step <= 0 || !doc->dir[0] || doc->writeError ||
      !toldByStepOnly(run->trail))
    return NULL;
  IrsNarrowCrash crash = {.signature = {.kind = IrsOutcomeCrash,
                                        .signal = signal},
                          .timeoutSec = run->cfg->watch.stepTimeout};
  irsSignatureSetCrashSite(&crash.signature, doc->stderrTail,
                           (IrsLoadMap){NULL}, false);
  IrsOptRun job = *run;
  job.jobCrash = &crash;
  char *message = strdup(doc->message);
  char *note = message ? irsOptNarrowFresh(&job, quiet, k, doc->step,
                                           doc->dir, &message, interrupted,
                                           runs)
                       : NULL;
  if (message && strcmp(message, doc->message))
    *line = message;
  else
    free(message);
  return note;
}

// Documents a worker that died in chunk `k`. Returns the exit code.
static int documentDeath(IrsOptRun *run, IrsSupervisor quiet,
                         const IrsWorkerResult *res, intptr_t k) {
  IrsOptConfig *cfg = run->cfg;
  intptr_t nchunks = irsInputGetNumChunks(run->input);
  // How long a hang had begun no action (the supervisor sampled the
  // trail's count): the report and the note tell a stall from a repeat.
  irsActionTrailSetStalled(run->trail, res->stalledMs);
  // The result may be one the replays below reuse.
  int signal = res->signal;
  IrsOptRun job = *run;
  job.supervised = false;
  job.firstChunk = k;
  job.jobChunk = k;
  char *dumpDir = irsOptChunkDir(cfg, cfg->dumps.dir, k, nchunks);
  char *failDir = irsOptChunkDir(
      cfg, cfg->dumps.dir ? cfg->dumps.dir : cfg->failureDir, k, nchunks);
  IrsCrashDocOptions o = {
      .header = irsOptRunHeader(cfg, run->input, k),
      .pipeline = run->pipeline,
      .verifyEach = cfg->verifyEach,
      .threading = !cfg->disableThreading,
      .dumpOnlyChanged = cfg->dumps.onlyChanged,
      .hasSeed = cfg->seed.given,
      .seed = cfg->seed.value,
      .plugins = cfg->plugins.plugins,
      .stepTimeoutSec = cfg->watch.stepTimeout,
      .memoryLimitBytes = cfg->watch.memoryLimit,
      .dumpDir = dumpDir,
      .failureDir = failDir,
      .replay = replayMain,
      .replayUserData = &job,
      .signalName = irsSignalName,
      .symbolizer = irsToolSymbolizer(),
      .actionTrail = run->trail,
  };
  IrsCrashDoc doc;
  irsCrashDocument(quiet, res, &o, &doc);
  irsOptLogDeath(run, k, doc.step, irsWorkerOutcomeGetDeathKind(doc.outcome),
                 doc.message, doc.stderrTail, doc.elapsedMs);
  bool interrupted;
  char *line;
  int64_t runs;
  char *narrowed =
      crashNarrowed(run, quiet, signal, &doc, k, &interrupted, &line, &runs);
  printDeath(&doc, run->trail, cfg, narrowed, runs, line);
  free(narrowed);
  free(line);
  int rc = interrupted ? irsOutcomeGetExitCode(IrsOutcomeInterrupted)
                       : irsOptExitForOutcome(doc.outcome);
  irsCrashDocRelease(&doc);
  free(dumpDir);
  free(failDir);
  return rc;
}

int irsOptDocumentDeath(IrsOptRun *run, IrsSupervisor quiet,
                        const IrsWorkerResult *res, intptr_t chunk) {
  return documentDeath(run, quiet, res, chunk);
}

// The output of the chunks that finished, in order, joined by the split
// marker. A single chunk's is taken from the supervisor as it is, not
// copied (a model's output is tens of megabytes).
static void collectOutput(const IrsOptConfig *cfg, IrsSupervisor sup,
                          intptr_t nchunks, IrsOptOut *out) {
  if (nchunks == 1 && !out->data) {
    IrsWorkerStream only = {IrsWorkerStreamChunkOutput, 0, 0};
    size_t len = 0;
    char *data = irsSupervisorTakeOutput(sup, only, &len);
    if (data)
      *out = (IrsOptOut){data, len, len + 1, false};
    else
      out->failed = irsSupervisorHasOutput(sup, only);
    return;
  }
  for (intptr_t c = 0; c < nchunks; ++c) {
    if (c > 0 && cfg->io.splitInputFile) {
      irsOptOutAppend(out, cfg->io.outputSplitMarker,
                      strlen(cfg->io.outputSplitMarker));
      irsOptOutAppend(out, "\n", 1);
    }
    IrsWorkerStream from = {IrsWorkerStreamChunkOutput, c, 0};
    MlirStringRef o = irsSupervisorGetOutput(sup, from);
    irsOptOutAppend(out, o.data, o.length);
  }
}

// The worker's determinism check stopped at IR that does not verify and
// left that chunk to a fresh worker that runs it without the check
// (Determinism.c): true with *first at it.
static bool leftPlain(IrsOptRun *run, const IrsWorkerResult *res,
                      intptr_t *first) {
  int64_t c = -1;
  if (!irsWorkerResultGetValue(res, IRS_OPT_PLAIN_CHUNK, &c) || c < *first ||
      c >= irsInputGetNumChunks(run->input) || c == run->plainChunk)
    return false;
  run->plainChunk = *first = (intptr_t)c;
  return true;
}

int irsOptSupervise(IrsOptRun *run, IrsOptOut *out) {
  IrsOptConfig *cfg = run->cfg;
  intptr_t nchunks = irsInputGetNumChunks(run->input);
  run->supervised = true;
  // A timeout's report says where the step was stuck (irsOptWorkerMain handles
  // the signal); at most IRS_SUPERVISOR_TRACE_WAIT_MS more per timeout.
  // A dead worker's background printers finish the dumps of the steps
  // before the one it died in (the report's last good dump) before the
  // death is documented; one still printing after 30 s is killed.
  // The worker's action trail is its progress: a hang that began no
  // action for a while is told from one that repeats them.
  run->trail = irsActionTrailCreate();
  IrsSupervisorOptions so = {.stepTimeoutSec = cfg->watch.stepTimeout,
                             .memoryLimitBytes = cfg->watch.memoryLimit,
                             .traceOnTimeout = true,
                             .awaitDescendantsMs =
                                 cfg->dumps.inBackground ? 30000 : 0,
                             .progress = irsActionTrailGetProgress(run->trail)};
  // The worker's stderr goes on to ours, its crash traces held back.
  IrsToolAbridger *abridger = irsToolAbridgerCreate();
  if (abridger) {
    so.onStderr = irsToolAbridgeStderr;
    so.stderrUserData = abridger;
  }
  IrsSupervisor sup = irsSupervisorCreate(&so);
  // Replays repeat what the user has already seen: same limits, no echo,
  // and no trace (theirs would only repeat the first one's).
  IrsSupervisorOptions qo = so;
  qo.onStderr = NULL;
  qo.traceOnTimeout = false;
  IrsSupervisor quiet = irsSupervisorCreate(&qo);
  IrsOptInterrupts interrupts;
  irsOptInterruptsCatch(sup, quiet, &interrupts);

  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  intptr_t first = 0;
  while (first < nchunks) {
    run->firstChunk = first;
    run->mode = IrsOptModeNormal;
    irsActionTrailReset(run->trail);
    const IrsWorkerResult *res;
    if (!irsStatusIsOk(irsSupervisorRun(sup, irsOptWorkerMain, run, &res))) {
      fprintf(stderr, "irscope-opt: error: cannot start a worker process: "
                      "%s\n",
              strerror(errno));
      rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
      break;
    }
    // A worker that ended normally said how its run ended. The failed
    // steps it announced are printed and narrowed here (Announced.c); one
    // that stopped after announcing one leaves the chunks after it to a
    // fresh worker, and one that died after announcing keeps the failure.
    // One that exited without saying did not finish (a sanitizer report, a
    // library calling exit(), ...): document it like a crash and carry on
    // with the next chunk.
    IrsOutcome ended = irsWorkerResultGetReported(res);
    intptr_t kept;
    rc = irsOptWorse(
        rc, irsOptAnnouncedFinishAll(run, sup, quiet, first, res, &kept));
    if (rc == irsOutcomeGetExitCode(IrsOutcomeInterrupted))
      break;
    if (ended == IrsOutcomeOk && leftPlain(run, res, &first))
      continue;
    if (ended != IrsOutcomeNone) {
      rc = irsOptWorse(rc, irsOutcomeGetExitCode(ended));
      if (res->chunksDone <= first || res->chunksDone >= nchunks)
        break;
      first = res->chunksDone;
      continue;
    }
    if (kept >= 0) {
      first = kept;
      continue;
    }
    intptr_t k = res->chunk >= 0 ? res->chunk : res->chunksDone;
    if (k < first)
      k = first;
    rc = irsOptWorse(rc, documentDeath(run, quiet, res, k));
    if (rc == irsOutcomeGetExitCode(IrsOutcomeInterrupted))
      break;
    first = k + 1;
  }

  irsOptInterruptsRestore(&interrupts);

  run->chunksPrinted = 0;
  for (intptr_t c = 0; c < nchunks; ++c)
    run->chunksPrinted += irsSupervisorHasOutput(
        sup, (IrsWorkerStream){IrsWorkerStreamChunkOutput, c, 0});
  collectOutput(cfg, sup, nchunks, out);
  irsOptLogCollect(run, sup);
  irsOptCheckResultsCollect(run, sup);
  irsSupervisorDestroy(sup);
  irsSupervisorDestroy(quiet);
  irsToolAbridgerDestroy(abridger);
  irsActionTrailDestroy(run->trail);
  run->trail = (IrsActionTrail){NULL};
  run->supervised = false;
  return rc;
}
