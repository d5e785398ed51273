// SPDX-License-Identifier: Apache-2.0
//===- ToolRepeat.c - --repeat of an irscope-opt --tool run ---------------===//
//
// Each repetition is one run of the tool runner: one tool process on the
// whole pipeline, as the user's own plain run (a process per step with
// --repeat-stepwise), so every run starts from nothing as a fresh process
// would; a failed run is then replayed step by step to find its step. A
// failure's signature is its kind (and signal, and crash site), its step
// and the normalised first error the tool printed for that step; a death
// no step reproduces on its own is documented as the whole pipeline's
// (step 0). The first run of each signature keeps its artefacts, in
// BASE/failure-K: each run writes into the directory the next new
// signature would get, removed when its signature is known, so the
// commands in a report name the directory it stays in. The summary lines
// and repeat.xml are those of --repeat without --tool (Repeat.c,
// RepeatReport.c).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Driver.h"
#include "RepeatProgress.h"
#include "RepeatTally.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "irscope/Report.h"

// The signature of the failed run: kind, signal, step, message.
static void signatureOf(IrsToolRunner t, IrsPipeline p, IrsErrorKind k,
                        IrsSignature *s) {
  memset(s, 0, sizeof(*s));
  const IrsWorkerResult *d = irsToolRunnerGetDeath(t);
  s->kind = d ? irsWorkerOutcomeGetOutcome(d->outcome)
              : irsOptRepeatExitKind(irsOutcomeFromErrorKind(k));
  s->signal = d && d->outcome == IrsWorkerCrashed ? d->signal : 0;
  // Where it died, from the tool's own stack dump: two races of one
  // pipeline that no replay locates still differ by their site.
  if (s->signal)
    irsOptRepeatSetCrashSite(s, d->stderrTail);
  intptr_t step = irsToolRunnerGetFailedStep(t);
  if (step <= 0 || step > irsPipelineGetNumSteps(p)) {
    s->step = step;
    return;
  }
  irsSignatureSetStep(s, step, irsPipelineGetStepPassName(p, step - 1));
  const IrsStepResult *r = irsToolRunnerGetStepResult(t, step - 1);
  for (intptr_t i = 0; i < r->numDiagnostics; ++i)
    if (r->diagnostics[i].severity == IrsSeverityError) {
      irsSignatureSetMessage(s, r->diagnostics[i].message);
      break;
    }
}

static double nowMs(void) {
  return irsClockMonotonicMs();
}

// A new signature keeps the run's artefacts, written in `dir`
// (BASE/failure-K for signature K, as without --tool, Repeat.c).
static void keepArtefacts(IrsToolRunner t, IrsOptRepeatSig *s,
                          const char *dir, long run) {
  MlirStringRef m = irsToolRunnerGetErrorMessage(t);
  struct stat st;
  bool kept = stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
  s->dir = kept ? strdup(dir) : NULL;
  char msg[2048];
  snprintf(msg, sizeof(msg), "%.*s", (int)m.length, m.data);
  const IrsWorkerResult *d = irsToolRunnerGetDeath(t);
  MlirStringRef trace = d && d->outcome == IrsWorkerCrashed
                            ? d->stderrTail
                            : (MlirStringRef){NULL, 0};
  irsOptRepeatNewFailure(run, msg, kept ? dir : NULL, d != NULL, trace);
}

// Runs the repetitions into `tally`; returns the worst exit code.
static int repeatRuns(const IrsOptConfig *c, IrsToolRunner t, IrsPipeline p,
                      const char *input, IrsOptRepeatTally *tally) {
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  IrsOptInterrupts saved; // the handlers to put back after the runs
  irsOptInterruptsCatch(irsToolRunnerGetSupervisor(t),
                        irsToolRunnerGetHelperSupervisor(t),
                        &saved);
  IrsOptRepeatProgress progress;
  int64_t begin, end;
  irsOptRepeatRange(c, &begin, &end);
  irsOptRepeatProgressBegin(&progress, end - begin);
  for (int64_t i = begin; i < end; ++i) {
    irsOptRepeatProgressUpdate(&progress, tally->runs, tally->failures,
                               tally->numSigs);
    char scratch[4200];
    irsRunDirSubdirPath(tally->base, IrsRunDirRepeatFailure, tally->numSigs + 1,
                        scratch, sizeof(scratch));
    irsOptRemoveDir(scratch);
    if (!irsToolRunnerSetFailureDir(t, scratch))
      return irsOutcomeGetExitCode(IrsOutcomeIoError);
    IrsStatus st = irsToolRunnerRun(t, input, "/dev/null");
    const IrsWorkerResult *d = irsToolRunnerGetDeath(t);
    if (d && d->outcome == IrsWorkerInterrupted) {
      tally->interrupted = true;
      rc = irsOutcomeGetExitCode(IrsOutcomeInterrupted);
      break;
    }
    ++tally->runs;
    if (irsStatusIsOk(st))
      continue;
    ++tally->failures;
    rc = irsOptWorse(rc, d ? irsOptExitForOutcome(d->outcome)
                           : irsOptExitFor(st.kind));
    IrsSignature sig;
    signatureOf(t, p, st.kind, &sig);
    IrsOptRepeatSig *s = irsOptRepeatTallyFind(tally, &sig);
    if (s) {
      ++s->count;
      irsOptRemoveDir(scratch);
    } else if ((s = irsOptRepeatTallyAdd(tally, &sig, i)) != NULL) {
      irsOptRepeatProgressClear(&progress);
      keepArtefacts(t, s, scratch, i);
    } else {
      return irsOutcomeGetExitCode(IrsOutcomeIoError);
    }
    if (c->repeat.stopOnFailure) {
      tally->stopped = i + 1 < end;
      break;
    }
  }
  irsOptRepeatProgressClear(&progress);
  irsOptInterruptsRestore(&saved);
  // The directory a next new signature would have had.
  char next[4200];
  irsRunDirSubdirPath(tally->base, IrsRunDirRepeatFailure, tally->numSigs + 1,
                      next, sizeof(next));
  irsOptRemoveDir(next);
  return rc;
}

int irsOptToolRepeat(IrsOptToolRun *r) {
  const IrsOptConfig *c = r->cfg;
  IrsOptRepeatTally tally;
  if (!irsOptRepeatTallyInit(&tally, c))
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  IrsToolOptions o = r->options;
  o.dumpDir = NULL;
  o.onStderr = NULL; // the runs are counted, not shown
  o.narrow = false;  // nor narrowed
  // A run is a plain run (one tool process) unless --repeat-stepwise, as
  // without --tool.
  o.stepwise = o.stepwise || c->repeat.stepwise;
  IrsToolRunner t = irsToolRunnerCreate(r->pipeline, &o, irsOptErrorLine, NULL);
  if (irsToolRunnerIsNull(t)) {
    irsOptRepeatTallyFree(&tally);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  double t0 = nowMs();
  int rc = repeatRuns(c, t, r->pipeline, r->input, &tally);
  double elapsed = nowMs() - t0;
  IrsRepeatSummary sum = {
      .header = o.header,
      .pipeline = r->pipeline,
      .threading = !c->disableThreading,
      .verifyEach = c->verifyEach,
  };
  irsOptRepeatSummaryRange(c, &sum);
  rc = irsOptWorse(rc, irsOptRepeatTallyFinish(&tally, &sum, elapsed));
  irsToolRunnerDestroy(t);
  irsOptRepeatTallyFree(&tally);
  return rc;
}
