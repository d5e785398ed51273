// SPDX-License-Identifier: Apache-2.0
//===- Announced.c - a failure a supervised worker documented -------------===//
//
// A supervised worker tells its supervisor of a failed step as soon as the
// step is documented (Work.c's announce), before it writes its manifest or
// frees anything, and then stops. A pass that broke the IR may have
// corrupted the heap, so nothing the worker does after that is trusted to
// survive: the supervisor prints the failure's lines, narrows a verifier
// failure in a fresh worker (whose trials may die too: a note then), and
// a death of the worker after the announcement is one note, never a
// second failure over the first (the plain tool may die the same way,
// later or at its exit).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "CrashHandler.h"
#include "Driver.h"

#include "irscope/Report.h"
#include "irscope/RunDir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static IrsWorkerStream failureOf(intptr_t chunk) {
  return (IrsWorkerStream){IrsWorkerStreamFailure, chunk, 0};
}

// A failed step a worker announced (Work.c's sendFailure).
typedef struct IrsOptAnnounced {
  intptr_t chunk;
  IrsOutcome outcome;
  intptr_t step;
  bool verifierFailed;
  char *dir, *message;
} IrsOptAnnounced;

// The first failure announced for a chunk in [first, nchunks); false when
// there is none.
static bool get(IrsSupervisor sup, intptr_t first, intptr_t nchunks,
                IrsOptAnnounced *a) {
  memset(a, 0, sizeof(*a));
  for (intptr_t c = first; c < nchunks; ++c) {
    if (!irsSupervisorHasOutput(sup, failureOf(c)))
      continue;
    MlirStringRef s = irsSupervisorGetOutput(sup, failureOf(c));
    char *text = strndup(s.data ? s.data : "", s.length);
    char *dir = text ? strchr(text, '\n') : NULL;
    char *msg = dir ? strchr(dir + 1, '\n') : NULL;
    int outcome = 0, verifier = 0;
    long step = 0;
    if (!msg || sscanf(text, "%d %ld %d", &outcome, &step, &verifier) != 3) {
      free(text);
      continue;
    }
    *msg = '\0';
    a->chunk = c;
    a->outcome = (IrsOutcome)outcome;
    a->step = step;
    a->verifierFailed = verifier != 0;
    a->dir = strdup(dir + 1);
    a->message = strdup(msg + 1);
    free(text);
    return a->dir && a->message;
  }
  return false;
}

static void freeAnnounced(IrsOptAnnounced *a) {
  free(a->dir);
  free(a->message);
  memset(a, 0, sizeof(*a));
}

char *irsOptNarrowFresh(IrsOptRun *run, IrsSupervisor quiet, intptr_t chunk,
                        intptr_t step, const char *dir, char **message,
                        bool *interrupted, int64_t *runs) {
  *interrupted = false;
  if (runs)
    *runs = 0;
  IrsOptRun job = *run;
  job.supervised = false;
  job.mode = IrsOptModeNarrow;
  job.jobChunk = chunk;
  job.jobStep = step;
  job.jobDir = dir;
  job.trail = (IrsActionTrail){NULL};
  job.log = NULL;
  const IrsWorkerResult *res = NULL;
  if (!irsStatusIsOk(irsSupervisorRun(quiet, irsOptWorkerMain, &job, &res)))
    return NULL;
  char *note = NULL;
  if (res->outcome == IrsWorkerInterrupted) {
    // Its files half-written are removed; report.xml is the failing
    // worker's, without the action.
    *interrupted = true;
    irsRunDirRemoveTemporaries(dir);
    if (asprintf(&note, "interrupted while narrowing step %ld: the failure "
                        "is documented without its action",
                 (long)step) < 0)
      note = NULL;
  } else if (irsWorkerResultGetReported(res) == IrsOutcomeOk) {
    IrsWorkerStream from = {IrsWorkerStreamNarrowNote, chunk, 0};
    MlirStringRef s = irsSupervisorGetOutput(quiet, from);
    if (runs && !irsWorkerResultGetValue(res, IRS_OPT_NARROW_RUNS, runs))
      *runs = 0;
    if (s.length)
      note = strndup(s.data, s.length);
    from.sub = 1;
    MlirStringRef err = irsSupervisorGetOutput(quiet, from);
    char *m = NULL;
    if (err.length && asprintf(&m, "%s; %.*s", *message, (int)err.length,
                               err.data) >= 0) {
      free(*message);
      *message = m;
    }
  } else if (res->outcome == IrsWorkerCrashed &&
             asprintf(&note,
                      "step %ld not narrowed to one action: its runs "
                      "crashed with %s (the step may corrupt memory)",
                      (long)step, irsSignalName(res->signal)) < 0) {
    note = NULL;
  }
  return note;
}

// One note on a worker that died after it announced its failure. In a
// step after the announced one it died in the plain tool's run, which it
// went on with for the output (Work.c's runOnPlainly): that is the plain
// tool's own death, which leaves no output, not the failed step's doing.
static void printDeathNote(const IrsOptRun *run, const IrsWorkerResult *res,
                           const IrsOptAnnounced *a) {
  if (res->inStep && res->chunk == a->chunk && res->step > a->step &&
      res->step <= irsPipelineGetNumSteps(run->pipeline)) {
    MlirStringRef text = irsPipelineGetStepText(run->pipeline, res->step - 1);
    char how[64];
    if (res->outcome == IrsWorkerCrashed)
      snprintf(how, sizeof(how), "crashed with %s", irsSignalName(res->signal));
    else
      snprintf(how, sizeof(how), "ended (%s)",
               irsWorkerOutcomeGetName(res->outcome));
    fprintf(stderr, "irscope-opt: note: run on as the plain tool runs, step "
                    "%ld '%.*s' %s: no output, as the plain tool writes none\n",
            (long)res->step, (int)text.length, text.data, how);
    return;
  }
  intptr_t chunk = a->chunk;
  const char *when = res->chunksDone > chunk ? "while freeing the run"
                                             : "while finishing the run";
  if (res->outcome == IrsWorkerCrashed)
    fprintf(stderr, "irscope-opt: note: the worker then crashed with %s %s: "
                    "a pass may have corrupted memory\n",
            irsSignalName(res->signal), when);
  else
    fprintf(stderr, "irscope-opt: note: the worker then ended (%s) %s\n",
            irsWorkerOutcomeGetName(res->outcome), when);
}

// Narrows and prints one announced failure; `diedAfter`: the worker died
// after announcing it (the death is its note). The exit code it adds.
static int finish(IrsOptRun *run, IrsSupervisor quiet, IrsOptAnnounced *a,
                  const IrsWorkerResult *res, bool diedAfter) {
  IrsOptConfig *cfg = run->cfg;
  // A manifest the dead worker left "running" names the failure instead.
  if (diedAfter && cfg->dumps.dir && res->chunksDone <= a->chunk) {
    intptr_t nchunks = irsInputGetNumChunks(run->input);
    char *dd = irsOptChunkDir(cfg, cfg->dumps.dir, a->chunk, nchunks);
    if (dd)
      irsManifestMarkStepFailed(dd, a->step, a->outcome, IRS_RUN_DIR_REPORT);
    free(dd);
  }
  bool interrupted = false;
  char *note = a->verifierFailed && cfg->narrow
                   ? irsOptNarrowFresh(run, quiet, a->chunk, a->step, a->dir,
                                       &a->message, &interrupted, NULL)
                   : NULL;
  // Under --verify-diagnostics the failure is what the test expects.
  if (!cfg->verifyDiagnostics) {
    irsOptPrintErrorLine(mlirStringRefCreateFromCString(a->message),
                         mlirStringRefCreateFromCString(a->dir));
    if (note)
      fprintf(stderr, "irscope-opt: note: %s\n", note);
  }
  if (diedAfter)
    printDeathNote(run, res, a);
  if (!cfg->verifyDiagnostics)
    irsOptPrintReplayNote(cfg, a->dir);
  free(note);
  if (interrupted)
    return irsOutcomeGetExitCode(IrsOutcomeInterrupted);
  // A worker that ended normally reported the outcome of its chunks itself
  // (as --verify-diagnostics judged them).
  if (!diedAfter)
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  if (res->outcome == IrsWorkerInterrupted)
    return irsOutcomeGetExitCode(IrsOutcomeInterrupted);
  return irsOutcomeGetExitCode(a->outcome);
}

int irsOptAnnouncedFinishAll(IrsOptRun *run, IrsSupervisor sup,
                             IrsSupervisor quiet, intptr_t first,
                             const IrsWorkerResult *res, intptr_t *keptUpTo) {
  intptr_t nchunks = irsInputGetNumChunks(run->input);
  bool died = irsWorkerResultGetReported(res) == IrsOutcomeNone;
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  *keptUpTo = -1;
  IrsOptAnnounced a, next;
  bool have = get(sup, first, nchunks, &a);
  while (have) {
    have = get(sup, a.chunk + 1, nchunks, &next);
    // The death belongs to the last failure when no step of a later chunk
    // began after it.
    bool diedAfter = died && !have && res->chunk <= a.chunk;
    rc = irsOptWorse(rc, finish(run, quiet, &a, res, diedAfter));
    if (diedAfter)
      *keptUpTo = a.chunk + 1;
    freeAnnounced(&a);
    a = next;
  }
  return rc;
}
