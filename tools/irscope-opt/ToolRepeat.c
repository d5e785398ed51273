// SPDX-License-Identifier: Apache-2.0
//===- ToolRepeat.c - --repeat of an irscope-opt --tool run ---------------===//
//
// Each repetition is one run of the tool runner (a fresh tool process per
// step, or per run with --repeat-whole), so every run starts from nothing
// as a fresh process would. A failure's signature is its kind (and
// signal), its step and the normalised first error the tool printed for
// that step; the first run of each signature keeps its artefacts, in
// BASE/failure-K (the run writes into BASE/.run, renamed when its signature
// is new). The summary lines and repeat.xml are those of --repeat without
// --tool (Repeat.c, RepeatReport.c).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Driver.h"
#include "RepeatProgress.h"
#include "RepeatTally.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The signature of the failed run: kind, signal, step, message.
static void signatureOf(IrsToolRunner t, IrsPipeline p, IrsErrorKind k,
                        IrsSignature *s) {
  memset(s, 0, sizeof(*s));
  const IrsWorkerResult *d = irsToolRunnerGetDeath(t);
  s->kind = d ? irsWorkerOutcomeGetOutcome(d->outcome)
              : irsOptRepeatExitKind(irsOutcomeFromErrorKind(k));
  s->signal = d && d->outcome == IrsWorkerCrashed ? d->signal : 0;
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

// A new signature: the run's artefacts become BASE/failure-K.
static void keepArtefacts(IrsToolRunner t, const IrsOptRepeatTally *tally,
                          IrsOptRepeatSig *s, const char *scratch, long run) {
  char dir[4200];
  // failure-K for signature K, as without --tool (Repeat.c).
  snprintf(dir, sizeof(dir), "%s/failure-%ld", tally->base,
           (long)tally->numSigs);
  irsOptRemoveDir(dir);
  MlirStringRef m = irsToolRunnerGetErrorMessage(t);
  bool kept = rename(scratch, dir) == 0;
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
                      const char *input, const char *scratch,
                      IrsOptRepeatTally *tally) {
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  IrsOptInterrupts saved; // the handlers to put back after the runs
  irsOptInterruptsCatch(irsToolRunnerGetSupervisor(t), &saved);
  IrsOptRepeatProgress progress;
  irsOptRepeatProgressBegin(&progress, c->repeat);
  for (long i = 0; i < c->repeat; ++i) {
    irsOptRepeatProgressUpdate(&progress, tally->runs, tally->failures,
                               tally->numSigs);
    irsOptRemoveDir(scratch);
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
    } else if ((s = irsOptRepeatTallyAdd(tally, &sig, i)) != NULL) {
      irsOptRepeatProgressClear(&progress);
      keepArtefacts(t, tally, s, scratch, i);
    } else {
      return irsOutcomeGetExitCode(IrsOutcomeIoError);
    }
    if (c->stopOnFailure) {
      tally->stopped = i + 1 < c->repeat;
      break;
    }
  }
  irsOptRepeatProgressClear(&progress);
  irsOptInterruptsRestore(&saved);
  irsOptRemoveDir(scratch);
  return rc;
}

int irsOptToolRepeat(const IrsOptConfig *c, IrsPipeline p,
                     const IrsToolOptions *o, const char *input) {
  IrsOptRepeatTally tally;
  if (!irsOptRepeatTallyInit(&tally, c))
    return irsOutcomeGetExitCode(IrsOutcomeIoError);
  char scratch[4200];
  snprintf(scratch, sizeof(scratch), "%s/.run", tally.base);
  IrsToolOptions o2 = *o;
  o2.failureDir = scratch;
  o2.dumpDir = NULL;
  o2.onStderr = NULL; // the runs are counted, not shown
  o2.narrow = false;   // nor narrowed
  IrsToolRunner t = irsToolRunnerCreate(p, &o2, irsOptErrorLine, NULL);
  if (irsToolRunnerIsNull(t)) {
    irsOptRepeatTallyFree(&tally);
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  }
  double t0 = nowMs();
  int rc = repeatRuns(c, t, p, input, scratch, &tally);
  double elapsed = nowMs() - t0;
  IrsRepeatSummary sum = {
      .header = o->header,
      .pipeline = p,
      .threading = !c->disableThreading,
      .verifyEach = c->verifyEach,
      .requestedRuns = c->repeat,
  };
  rc = irsOptWorse(rc, irsOptRepeatTallyFinish(&tally, &sum, elapsed));
  irsToolRunnerDestroy(t);
  irsOptRepeatTallyFree(&tally);
  return rc;
}
