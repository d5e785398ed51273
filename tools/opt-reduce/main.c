// SPDX-License-Identifier: Apache-2.0
//===- main.c - opt-reduce: shrink a failing module to a minimal reproducer ===//
//
// The outline around IrsReducer: check the command line (Config.c), parse
// the input once and establish what "interesting" means, the pipeline's
// failure signature or the user's test script (Session.c), reduce, and
// write the result, a reproducer and a lit test (Progress.c). Progress goes
// to stderr: a live line on a terminal, otherwise one line per improvement.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Config.h"
#include "CrashReport.h"
#include "Culprit.h"
#include "ExecWorker.h"
#include "ReduceWorker.h"
#include "Progress.h"
#include "Session.h"
#include "RunLocks.h"
#include "StdStreams.h"
#include "Tool.h"
#include "OwnTemps.h"

#include "irscope/Reduce.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Process-level state because a signal handler sets it (the reducer polls
// it through IrsReduceOptions.stopFlag).
static volatile int stopFlag;
// The first signal stops the reduction cleanly; a second one (the user
// insists, e.g. while the input check hangs) ends opt-reduce at once, as
// the signal would, after removing the temporary of a write in flight
// (OwnTemps.h).
static void onSignal(int sig) {
  if (stopFlag) {
    irsToolOwnTempsRemove();
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  stopFlag = 1;
  orCulpritInterrupt(); // after the reduction: the culprit search stops
}

// The reducer's options from the checked configuration and the session.
static IrsReduceOptions reduceOptions(OrConfig *c, const OrSession *s,
                                      OrProgress *progress) {
  IrsReduceOptions ro;
  memset(&ro, 0, sizeof(ro));
  irsToolReduceWorkerInit(&ro);
  ro.pipeline = irsPipelineIsNull(s->cut) ? s->pipeline : s->cut;
  ro.inputVerified = true; // irsInputParseChunk's parse verified it
  ro.disableThreading = c->disableThreading;
  ro.testArgv = s->testArgv;
  ro.testArgc = s->testArgc;
  ro.testMustFail = c->mustFail;
  ro.toolArgv = c->tool ? s->tool.argv : NULL;
  ro.toolArgc = s->tool.argc;
  ro.toolForkServer = s->tool.server;
  if (c->tool) {
    ro.acceptTarget = orToolAcceptTarget;
    ro.acceptTargetUserData = (void *)&s->tool;
  }
  ro.anyFailure = c->anyFailure;
  ro.matchRegex = c->match;
  ro.testTimeoutSec = c->testTimeoutSec;
  ro.maxTimeSec = c->maxTimeSec;
  ro.memoryLimitBytes = c->memoryLimitBytes;
  ro.outputPath = c->output;
  ro.strategies = c->strategies;
  ro.jobs = (int)c->jobs;
  ro.adaptiveJobs = c->autoJobs;
  ro.printGeneric = c->printGeneric;
  ro.printDebugInfo = c->printDebugInfo;
  ro.testRuns = (int)c->testRuns;
  ro.minRate = c->minRateValue;
  ro.hasSeed = c->seed != NULL;
  ro.seed = c->seedValue;
  ro.passRegistry = c->plugins.registry;
  ro.plugins = c->plugins.plugins;
  ro.checkDeterminism = !c->checkDeterminism ? 0 : *c->checkDeterminism ? 2 : 1;
  if (c->miscompile) {
    c->exec.allowUnregistered = c->allowUnregistered;
    c->exec.memoryLimitBytes = c->memoryLimitBytes;
    ro.miscompile = &c->exec;
    ro.tolerance = c->tolerance;
    ro.execSetup = irsToolExecWorkerSetup;
    ro.execSetupUserData = "opt-reduce";
  }
  ro.onProgress = orProgressReport;
  ro.userData = progress;
  ro.stopFlag = &stopFlag;
  return ro;
}

// How the summary and emitted tests name the input: "'FILE'", with
// --split-input-file "'FILE', chunk K of N, lines A-B" (1-based, as the
// lines are).
static bool showInput(OrConfig *c, const OrSession *s) {
  free(c->inputShown);
  const char *name = c->input;
  intptr_t first, last;
  orSessionChunkLines(s, &first, &last);
  int n = c->splitInputFile
              ? asprintf(&c->inputShown, "'%s', chunk %ld of %ld, lines "
                                         "%ld-%ld", name, (long)s->chunk + 1,
                         (long)s->numChunks, (long)first, (long)last)
              : asprintf(&c->inputShown, "'%s'", name);
  if (n < 0)
    c->inputShown = NULL;
  return n >= 0;
}

// Reduces and, when that worked, reports and writes the results. With
// --split-input-file and no --chunk, a chunk that is not interesting gives
// way to the next one: the first that fails as reported is reduced.
static int reduce(OrConfig *c, OrSession *s) {
  for (;;) {
    if (!showInput(c, s))
      return irsOutcomeGetExitCode(IrsOutcomeOutOfMemory);
    OrProgress progress = {c, isatty(2), 0, 0, 0};
    IrsReduceOptions ro = reduceOptions(c, s, &progress);
    IrsReducer r = irsReducerCreate(s->ctx, s->module, &ro, orErrorLine, NULL);
    s->module = (MlirModule){NULL}; // the reducer's now
    if (!r.ptr)
      return irsOutcomeGetExitCode(IrsOutcomeUsageError);
    IrsStatus st = irsReducerRun(r);
    orProgressEnd(&progress);
    MlirStringRef msg = irsReducerGetMessage(r);
    if (!irsStatusIsOk(st) && st.kind == IRS_ERR_USAGE && s->searching) {
      if (c->verbose)
        fprintf(stderr, "opt-reduce: note: %s: %.*s\n", c->inputShown,
                (int)msg.length, msg.data);
      irsReducerDestroy(r);
      if (orSessionNextChunk(s, c))
        continue;
      fprintf(stderr, "opt-reduce: error: no chunk of '%s' fails as "
                      "reported (%ld chunks; -v says how each ran)\n",
              irsInputGetSourceName(s->input), (long)s->numChunks);
      return irsOutcomeGetExitCode(IrsOutcomeUsageError);
    }
    int rc;
    if (!irsStatusIsOk(st)) {
      fprintf(stderr, "opt-reduce: error: %.*s\n", (int)msg.length,
              msg.data);
      rc = irsOutcomeGetExitCode(st.kind == IRS_ERR_IO ? IrsOutcomeIoError
                                                       : IrsOutcomeUsageError);
    } else {
      rc = orFinish(c, s, r);
      int doc = orCrashReportWrite(c, s->ctx, r);
      rc = rc ? rc : doc;
    }
    irsReducerDestroy(r);
    return rc;
  }
}

// `-o -` is stdout, as for mlir-opt: a temporary file stands in during the
// run (the reducer saves its best there as it goes, the tool prints it back
// in its own syntax, a crash report reads it) and goes to stdout at the
// end; messages name it '-'. `-` as the input is stdin; with --tool the
// tool reads a path (it converts the input to generic form first), so
// stdin is saved to one. Each stand-in replaces *path; false after saying
// why it could not be made.
static bool standIn(const char **path, char *file, const char *stream,
                    char **out) {
  *out = file;
  if (!file) {
    fprintf(stderr, "opt-reduce: error: cannot use a temporary file for "
                    "%s: %s\n", stream, strerror(errno));
    return false;
  }
  *path = file;
  return true;
}

static bool standIns(OrConfig *c, char **out, char **in) {
  *out = *in = NULL;
  c->outputName = c->output;
  return (strcmp(c->output, "-") != 0 ||
          standIn(&c->output, irsToolTempFile("opt-reduce-out"), "stdout",
                  out)) &&
         (!c->tool || strcmp(c->input, "-") != 0 ||
          standIn(&c->input, irsToolSaveStdin("opt-reduce-stdin"), "stdin",
                  in));
}

// The stand-in's result (the best so far, even after an error) to stdout.
static int flushStandIn(char *standIn, int rc) {
  struct stat st;
  if (standIn && stat(standIn, &st) == 0 && st.st_size > 0) {
    int w = irsToolCopyToStdout("opt-reduce", standIn);
    rc = rc ? rc : w;
  }
  if (standIn)
    unlink(standIn);
  free(standIn);
  return rc;
}

// The files this run writes: a killed run's temporaries of them go first,
// and a second signal removes this run's own (onSignal).
static void watchTemporaries(const OrConfig *c) {
  const char *written[] = {c->output, c->reproducer, c->litTest};
  for (size_t k = 0; k < sizeof(written) / sizeof(written[0]); ++k) {
    if (written[k] && strcmp(written[k], "-") != 0)
      irsRunDirRemoveStaleTemporariesOf(written[k]);
    irsToolOwnTempsWatch(written[k]);
  }
}

int main(int argc, char **argv) {
  // bin/opt-reduce (Launcher.c) set LD_BIND_NOW for this process only: what
  // it starts, test scripts above all, gets the user's environment back.
  if (getenv("IRS_LAUNCHER_SET_BIND_NOW")) {
    unsetenv("LD_BIND_NOW");
    unsetenv("IRS_LAUNCHER_SET_BIND_NOW");
  }
  orToolTakePrestarted(); // the launcher's fork server, if any (Tool.c)
  signal(SIGXFSZ, SIG_IGN);
  // From the start: a SIGINT while a big input is parsed must still stop
  // the reduction cleanly (after the input check), not be lost or kill us
  // half-way.
  signal(SIGINT, onSignal);
  signal(SIGTERM, onSignal);
  OrConfig c;
  int rc = orConfigParse(&c, argc, argv);
  IrsToolRunLocks locks = {0};
  if (rc < 0)
    rc = irsToolRunLocksAdd(&locks, "opt-reduce", c.failureDir,
                            "failure directory", true);
  if (rc >= 0) {
    orToolDiscardPrestarted();
    orConfigFree(&c);
    return rc;
  }
  char *stdoutFile, *stdinFile;
  if (!standIns(&c, &stdoutFile, &stdinFile)) {
    flushStandIn(stdoutFile, 0); // empty: only removed
    irsToolRunLocksRelease(&locks);
    orConfigFree(&c);
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  }
  watchTemporaries(&c);
  OrSession s;
  rc = orSessionCreate(&s, &c);
  orToolDiscardPrestarted(); // not adopted: no --tool, or another one
  if (rc == irsOutcomeGetExitCode(IrsOutcomeOk))
    rc = reduce(&c, &s);
  orToolDestroy(&s.tool); // its temporary directory, before the quick exit
  rc = flushStandIn(stdoutFile, rc);
  if (stdinFile)
    unlink(stdinFile);
  free(stdinFile);
  irsToolRunLocksRelease(&locks);
#if !defined(__SANITIZE_ADDRESS__)
  // Everything is written and the temporary directory is gone: tearing
  // down the context and LLVM's static objects only costs time (about
  // 20 ms, a twentieth of a small reduction). The sanitizer build takes
  // the long way so that its leak check sees everything freed.
  fflush(NULL);
  _exit(rc);
#endif
  orSessionDestroy(&s);
  orConfigFree(&c);
  return rc;
}
