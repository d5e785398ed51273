// SPDX-License-Identifier: Apache-2.0
//===- CrashDoc.c - documenting a worker that died ------------------------===//
//
// The supervisor side of include/irscope/CrashDoc.h. The order matters:
// the step is located before the failure directory is made (an interrupt
// needs neither), the snapshot replay fills the directory before
// report.xml names its files, and the manifest is marked last, pointing at
// a report that exists. Replays repeat what the user has already seen, so
// they run under the caller's quiet supervisor and cost nothing unless a
// worker died.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "irscope/CrashDoc.h"
#include "irscope/CrashTrace.h"
#include "irscope/FailureWriter.h"
#include "irscope/Outcome.h"
#include "irscope/Report.h"
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"
#include "irscope/StackTrace.h"

#include "../Support/Fs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Replay {
  const IrsCrashDocOptions *o;
  IrsCrashReplay r;
} Replay;

static int replayMain(IrsWorkerChannel ch, void *ud) {
  Replay *p = ud;
  return p->o->replay(ch, &p->r, p->o->replayUserData);
}

// Locates a death the worker did not announce a step for (a
// whole-pipeline run) by a step-by-step replay: the step it ends in
// without its answer (it died there, also by an exit(0) of a library), or,
// when it lives, how it ended as it said (IrsCrashReplayEnd). A replay
// that ends without saying outside any step could not run (no worker, an
// input that no longer parses, an interrupt) or died between steps.
static void locate(IrsSupervisor quiet, const IrsCrashDocOptions *o,
                   IrsCrashDoc *doc) {
  Replay job = {o, {IrsCrashReplayLocate, 0, NULL}};
  const IrsWorkerResult *r;
  doc->located = IrsCrashLocatedNoAnswer;
  if (!irsStatusIsOk(irsSupervisorRun(quiet, replayMain, &job, &r)))
    return;
  doc->replays = 1;
  int64_t end = 0, failed = 0;
  bool said = irsWorkerResultGetValue(r, IRS_CRASH_REPLAY_LOCATE_END, &end);
  if (!said && r->inStep && r->step > 0) { // even exit(0) in a step
    doc->located = IrsCrashLocatedInStep;
    doc->step = r->step;
  } else if (said && end == IrsCrashReplayEndAllSteps) {
    doc->located = IrsCrashLocatedNotReproduced;
  } else if (said && end == IrsCrashReplayEndStepFailed &&
             irsWorkerResultGetValue(r, IRS_CRASH_REPLAY_FAILED_STEP,
                                     &failed) &&
             failed > 0) {
    doc->located = IrsCrashLocatedOtherFailure;
    doc->replayFailedStep = (intptr_t)failed;
  }
}

// Whether a replay did all it was asked: it said ok, or, saying nothing,
// exited with 0 (IrsCrashReplayMain).
static bool replayDone(const IrsWorkerResult *r) {
  return r->outcome == IrsWorkerExited && r->exitCode == 0 &&
         (r->reported == IrsOutcomeNone || r->reported == IrsOutcomeOk);
}

// Keeps the first artefact that could not be written, for the one error
// line (irsCrashDocGetSummary).
static void noteWriteError(IrsCrashDoc *doc, const char *dir, const char *name,
                           int err) {
  if (!err || doc->writeError)
    return;
  doc->writeError = err;
  snprintf(doc->writePath, sizeof(doc->writePath), "%s/%s", dir, name);
}

// Fills the directory; true when the pre-step IR and the local reproducer
// were written.
static bool snapshot(IrsSupervisor quiet, const IrsCrashDocOptions *o,
                     IrsCrashDoc *doc, int64_t *inputOps) {
  Replay job = {o, {IrsCrashReplaySnapshot, doc->step, doc->dir}};
  const IrsWorkerResult *r;
  if (!irsStatusIsOk(irsSupervisorRun(quiet, replayMain, &job, &r)))
    return false;
  bool havePre = replayDone(r) && doc->step > 0;
  irsSupervisorGetValue(quiet, "input-ops", inputOps);
  int64_t file, err;
  if (irsSupervisorGetValue(quiet, IRS_CRASH_REPLAY_WRITE_FILE, &file) &&
      irsSupervisorGetValue(quiet, IRS_CRASH_REPLAY_WRITE_ERRNO, &err) &&
      irsCrashReplayFileGetName((int)file))
    noteWriteError(doc, doc->dir, irsCrashReplayFileGetName((int)file),
                   (int)err);
  return havePre;
}

// The step's text is cut to 400 bytes in both parts of the message; each
// buffer holds its part whole (a number takes 20 bytes at most), so that
// the message's own cut (doc->message) is the only one.
enum { kStepTextMax = 400 };

static void describe(IrsCrashDoc *doc, const IrsWorkerResult *res,
                     const IrsCrashDocOptions *o) {
  char where[kStepTextMax + sizeof("step  ''") + 20] = "";
  if (doc->step > 0) {
    MlirStringRef t = irsPipelineGetStepText(o->pipeline, doc->step - 1);
    snprintf(where, sizeof(where), "step %ld '%.*s'", (long)doc->step,
             (int)(t.length > kStepTextMax ? kStepTextMax : t.length), t.data);
  } else {
    snprintf(where, sizeof(where), "%s", "the pipeline");
  }
  // A worker that dies between steps, its chunk unfinished, died after the
  // last step it announced: that step's pass may have corrupted memory (a
  // use after free that crashes a later malloc) or left IR that cannot be
  // documented. Say which step it was; the step stays 0, none crashed.
  char after[kStepTextMax + sizeof(" after step  '' had ended") + 20] = "";
  if (doc->step == 0 && !res->inStep && res->step > 0 &&
      res->chunksDone <= res->chunk) {
    MlirStringRef t = irsPipelineGetStepText(o->pipeline, res->step - 1);
    snprintf(after, sizeof(after), " after step %ld '%.*s' had ended",
             (long)res->step,
             (int)(t.length > kStepTextMax ? kStepTextMax : t.length), t.data);
  }
  // What the replay that looked for the step found instead (locate).
  char replay[kStepTextMax + sizeof(", but a stepwise replay did not: its "
                                    "step  '' failed first") + 20] = "";
  if (doc->located == IrsCrashLocatedNotReproduced && doc->replays > 1)
    snprintf(replay, sizeof(replay), ", but %d stepwise replays of every "
             "step did not, so no step is known", doc->replays);
  else if (doc->located == IrsCrashLocatedNotReproduced)
    snprintf(replay, sizeof(replay), "%s", ", but a stepwise replay of every "
             "step did not, so no step is known");
  else if (doc->located == IrsCrashLocatedOtherFailure) {
    MlirStringRef t =
        irsPipelineGetStepText(o->pipeline, doc->replayFailedStep - 1);
    snprintf(replay, sizeof(replay), ", but a stepwise replay did not: its "
             "step %ld '%.*s' failed first", (long)doc->replayFailedStep,
             (int)(t.length > kStepTextMax ? kStepTextMax : t.length), t.data);
  } else if (doc->located == IrsCrashLocatedNoAnswer)
    snprintf(replay, sizeof(replay), "%s",
             "; the stepwise replay that looks for the step ended without "
             "an answer");
  char *m = doc->message;
  size_t cap = sizeof(doc->message);
  MlirStringRef tail = doc->stderrTail;
  if (doc->outcome == IrsWorkerTimedOut)
    snprintf(m, cap, "%s timed out after %g s%s", where, o->stepTimeoutSec,
             replay);
  else if (doc->outcome == IrsWorkerMemoryLimit)
    snprintf(m, cap, "%s exceeded the memory limit of %lld bytes%s", where,
             (long long)o->memoryLimitBytes, replay);
  else if (doc->outcome == IrsWorkerInterrupted)
    snprintf(m, cap, "interrupted in %s", where);
  else if (doc->outcome == IrsWorkerExited)
    snprintf(m, cap, "%s ended the process with exit code %d%s", where,
             res->exitCode, replay);
  else
    snprintf(m, cap, "%s crashed with %s%s%s%s", where,
             o->signalName(res->signal),
             irsCrashTraceIsStackOverflow(tail) ? IRS_CRASH_TRACE_STACK_OVERFLOW
                                                : "",
             after, replay);
}

static int writeReport(const IrsCrashDoc *doc, const IrsWorkerResult *res,
                       const IrsCrashDocOptions *o, bool havePre,
                       int64_t inputOps) {
  IrsCrashInfo info;
  memset(&info, 0, sizeof(info));
  info.header = o->header;
  info.pipeline = o->pipeline;
  info.verifyEach = o->verifyEach;
  info.threading = o->threading;
  irsCrashInfoSetDeath(&info, res, o->signalName(res->signal),
                       o->stepTimeoutSec, o->memoryLimitBytes);
  info.step = doc->step;
  info.located = doc->located;
  info.replays = doc->replays;
  info.replayFailedStep = doc->replayFailedStep;
  info.stderrTail = doc->stderrTail; // the replays may have reused res's
  info.message = doc->message;
  info.dumpOnlyChanged = o->dumpOnlyChanged;
  info.hasSeed = o->hasSeed;
  info.seed = o->seed;
  info.plugins = o->plugins;
  info.symbolizer = o->symbolizer;
  info.actionTrail = o->actionTrail;
  char lastGood[256] = "", inputDump[32] = "";
  if (o->dumpDir)
    irsRunDirFindDumps(o->dumpDir, doc->step, lastGood, sizeof(lastGood),
                       inputDump, sizeof(inputDump));
  info.lastGoodDump = lastGood[0] ? lastGood : NULL;
  // The supervisor never parses the input: the replay counted its ops, or
  // the worker recorded them in the manifest.
  info.inputOps = inputOps >= 0 ? inputOps
                  : o->dumpDir  ? irsRunDirGetInputOps(o->dumpDir)
                                : -1;
  info.inputDump = inputDump[0] ? inputDump : NULL;
  // The snapshot replay wrote the IR through a writer of its own; this one
  // adopts what is there and writes the report. The full reproducer is
  // named only when the replay wrote it (a replay killed, or a disk that
  // filled, must not leave a report naming no file); the pre-step IR and
  // its reproducer only when the replay wrote both.
  IrsFailureWriter w;
  int e = irsFailureWriterOpen(doc->dir, info.kind, &w);
  if (e)
    return e;
  irsFailureWriterAdopt(w, IrsArtefactFullReproducer);
  if (havePre) {
    irsFailureWriterAdopt(w, IrsArtefactPreStepIr);
    irsFailureWriterAdopt(w, IrsArtefactReproducer);
  }
  return irsFailureWriterCommitCrash(w, &info);
}

// The directory the artefacts go to, into doc->dir ("" when none). One the
// user named is used even when it cannot be created: writing the report
// then fails and says why.
static void makeDir(IrsCrashDoc *doc, const IrsCrashDocOptions *o) {
  char *d = NULL;
  int e = irsRunDirCreateFailureDir(o->failureDir, &d);
  if (d && (!e || o->failureDir))
    snprintf(doc->dir, sizeof(doc->dir), "%s", d);
  free(d);
}

void irsCrashInfoSetDeath(IrsCrashInfo *info, const IrsWorkerResult *res,
                          const char *signalName, double stepTimeoutSec,
                          int64_t memoryLimitBytes) {
  info->kind = irsWorkerOutcomeGetDeathKind(res->outcome);
  info->signal = res->outcome == IrsWorkerCrashed ? res->signal : 0;
  info->signalName = signalName;
  info->elapsedMs = res->elapsedMs;
  info->timeoutSec = res->outcome == IrsWorkerTimedOut ? stepTimeoutSec : 0;
  info->memoryLimitBytes =
      res->outcome == IrsWorkerMemoryLimit ? memoryLimitBytes : 0;
  info->peakRssKb = res->peakRssKb;
  info->stderrTail = res->stderrTail;
}

void irsCrashDocument(IrsSupervisor quiet, const IrsWorkerResult *given,
                      const IrsCrashDocOptions *o, IrsCrashDoc *doc) {
  // The replays may reuse the supervisor `given` belongs to.
  IrsWorkerResult copy = *given;
  const IrsWorkerResult *res = &copy;
  memset(doc, 0, sizeof(*doc));
  doc->elapsedMs = res->elapsedMs;
  doc->outcome = res->outcome;
  doc->kind = irsWorkerOutcomeGetDeathKind(res->outcome);
  doc->step = res->inStep ? res->step : 0;
  // Keep what the dead worker said, for the same reason.
  char *tail = res->stderrTail.length ? malloc(res->stderrTail.length + 1)
                                      : NULL;
  if (tail) {
    memcpy(tail, res->stderrTail.data, res->stderrTail.length);
    tail[res->stderrTail.length] = '\0';
  }
  doc->stderrTail = (MlirStringRef){tail ? tail : "",
                                    tail ? res->stderrTail.length : 0};
  bool interrupted = res->outcome == IrsWorkerInterrupted;
  if (doc->step == 0 && !interrupted)
    locate(quiet, o, doc);
  if (!interrupted)
    makeDir(doc, o);
  bool havePre = false;
  int64_t inputOps = -1;
  if (doc->dir[0])
    havePre = snapshot(quiet, o, doc, &inputOps);
  describe(doc, res, o);
  bool haveReport = false;
  if (doc->dir[0]) {
    int e = writeReport(doc, res, o, havePre, inputOps);
    noteWriteError(doc, doc->dir, IRS_RUN_DIR_REPORT, e);
    haveReport = !e;
  }
  if (o->dumpDir) {
    irsRunDirRemoveTemporaries(o->dumpDir);
    // The manifest points at the report only when there is one; no
    // readable manifest (ENOENT) is no write error.
    int e = irsManifestMarkDeath(o->dumpDir, doc->kind, doc->step,
                                 !interrupted && haveReport,
                                 res->inStep ? res->elapsedMs : -1);
    if (e != ENOENT)
      noteWriteError(doc, o->dumpDir, IRS_RUN_DIR_MANIFEST, e);
  }
}

void irsCrashDocGetSummary(const IrsCrashDoc *doc, MlirStringCallback callback,
                           void *userData) {
  char line[1024 + 4200 + 128];
  int n;
  if (doc->writeError)
    n = snprintf(line, sizeof(line), "%s; cannot write '%s': %s",
                 doc->message, doc->writePath, strerror(doc->writeError));
  else if (!doc->dir[0])
    n = snprintf(line, sizeof(line), "%s", doc->message);
  else
    n = snprintf(line, sizeof(line), "%s; report: %s/" IRS_RUN_DIR_REPORT,
                 doc->message, doc->dir);
  if (n < 0)
    n = 0;
  else if ((size_t)n >= sizeof(line))
    n = (int)sizeof(line) - 1;
  callback((MlirStringRef){line, (size_t)n}, userData);
}

void irsCrashDocRelease(IrsCrashDoc *doc) {
  if (doc->stderrTail.length)
    free((char *)doc->stderrTail.data);
  doc->stderrTail = (MlirStringRef){"", 0};
}
