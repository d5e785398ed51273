// SPDX-License-Identifier: Apache-2.0
//===- RunLogs.c - irscope-opt --trace and --junit --------------------------===//
//
// Keeps the IrsRunLog behind --trace and --junit across the processes of a
// supervised run. The worker adds a step to its chunk's log when the next
// step begins (by then its dump time is known) and when the chunk ends, and
// each time hands the chunk's whole log to the supervisor as a frame of
// its stream IrsWorkerStreamRunLog, which replaces the previous one. What the
// supervisor holds when a worker dies is therefore every finished step; it
// adds the step the worker died in (status crash, timeout, ...) and the
// steps that never ran. Unsupervised, the log simply grows in the process.
// A step that is never logged costs nothing: without --trace/--junit there
// is no log and every function here returns at once.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "Driver.h"

#include "irscope/Diagnostics.h"
#include "irscope/RunDir.h"
#include "irscope/RunLog.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct IrsOptLog {
  const IrsOptConfig *cfg;
  IrsRunLog all;   // the result (supervisor or unsupervised process)
  IrsRunLog chunk; // the current chunk's steps (worker)
  intptr_t chunkIndex;
  intptr_t logged; // steps of the current chunk already in `chunk`
  double *starts;  // CLOCK_MONOTONIC ms at each step's begin
  intptr_t numStarts;
  IrsRunLog deaths; // supervisor: steps workers died in, one per chunk
  bool failed;      // out of memory somewhere: say so at the end
} IrsOptLog;

static double monoMs(void) {
  return irsClockMonotonicMs();
}

// The documents written from the log (their writers are functions of an
// IrsRunLog, include/irscope/RunLog.h): the option's value and the writer.
typedef struct LogFormat {
  size_t path; // offset of the `const char *` option value in IrsOptConfig
  const char *what;
  int (*write)(IrsRunLog log, const char *path);
} LogFormat;

static const LogFormat kLogFormats[] = {
    {offsetof(IrsOptConfig, trace), "trace", irsRunLogWriteTrace},
    {offsetof(IrsOptConfig, junit), "JUnit", irsRunLogWriteJUnit},
};

static const char *formatPath(const IrsOptConfig *cfg, const LogFormat *f) {
  return *(const char *const *)((const char *)cfg + f->path);
}

bool irsOptLogWanted(const IrsOptConfig *cfg) {
  for (size_t k = 0; k < sizeof(kLogFormats) / sizeof(kLogFormats[0]); ++k)
    if (formatPath(cfg, &kLogFormats[k]))
      return true;
  return false;
}

int irsOptLogWriteFiles(const IrsOptConfig *cfg, IrsRunLog log) {
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  for (size_t k = 0; k < sizeof(kLogFormats) / sizeof(kLogFormats[0]); ++k) {
    const LogFormat *f = &kLogFormats[k];
    const char *path = formatPath(cfg, f);
    int e = path ? f->write(log, path) : 0;
    if (e) {
      fprintf(stderr, "irscope-opt: error: cannot write %s file '%s': %s\n",
              f->what, path, strerror(e));
      rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
    }
  }
  return rc;
}

IrsOptLog *irsOptLogCreate(const IrsOptConfig *cfg) {
  if (!irsOptLogWanted(cfg))
    return NULL;
  IrsOptLog *l = calloc(1, sizeof(*l));
  if (!l)
    return NULL;
  l->cfg = cfg;
  char name[4096];
  snprintf(name, sizeof(name), "irscope-opt %s", cfg->io.input);
  l->all = irsRunLogCreate(name);
  l->deaths = irsRunLogCreate(name);
  l->chunkIndex = -1;
  if (irsRunLogIsNull(l->all) || irsRunLogIsNull(l->deaths)) {
    irsRunLogDestroy(l->all);
    irsRunLogDestroy(l->deaths);
    free(l);
    return NULL;
  }
  return l;
}

// "PIPELINE" or, with several chunks, "PIPELINE [chunk-NNN]".
static char *groupName(IrsOptRun *run, intptr_t chunk) {
  MlirStringRef p = irsPipelineGetText(run->pipeline);
  size_t n = p.length + 32;
  char *g = malloc(n);
  if (!g)
    return NULL;
  char sub[32];
  irsRunDirSubdirPath(NULL, IrsRunDirChunk, irsOptChunkNumber(chunk), sub,
                      sizeof(sub));
  if (run->cfg->io.splitInputFile && irsInputGetNumChunks(run->input) > 1)
    snprintf(g, n, "%.*s [%s]", (int)p.length, p.data, sub);
  else
    snprintf(g, n, "%.*s", (int)p.length, p.data);
  return g;
}

static void startChunk(IrsOptLog *l, intptr_t chunk, intptr_t numSteps) {
  if (l->chunkIndex == chunk)
    return;
  irsRunLogDestroy(l->chunk);
  l->chunk = irsRunLogCreate("");
  if (irsRunLogIsNull(l->chunk))
    l->failed = true;
  l->chunkIndex = chunk;
  l->logged = 0;
  if (l->numStarts < numSteps) {
    free(l->starts);
    l->starts = calloc((size_t)numSteps, sizeof(double));
    l->numStarts = l->starts ? numSteps : 0;
  }
  for (intptr_t i = 0; i < l->numStarts; ++i)
    l->starts[i] = -1;
}

static void printCb(MlirStringRef s, void *ud) {
  irsOptOutAppend((IrsOptOut *)ud, s.data, s.length);
}

// The log entry for step i (0-based) of `group`, all else zero. Its
// pipeline and pass are copies returned in *pipeline and *pass (NULL when
// out of memory), which the caller frees.
static IrsRunLogStep stepEntry(IrsOptRun *run, const char *group, intptr_t i,
                               char **pipeline, char **pass) {
  MlirStringRef t = irsPipelineGetStepText(run->pipeline, i);
  MlirStringRef pn = irsPipelineGetStepPassName(run->pipeline, i);
  *pipeline = strndup(t.data, t.length);
  *pass = strndup(pn.data, pn.length);
  IrsRunLogStep s;
  memset(&s, 0, sizeof(s));
  s.group = group;
  s.index = i + 1;
  s.pipeline = *pipeline;
  s.pass = *pass;
  return s;
}

// Adds step i (0-based) of the pass manager's last run to the chunk log.
static void addStep(IrsOptRun *run, IrsOptLog *l, intptr_t i) {
  const IrsStepResult *r = irsPassManagerGetStepResult(run->pm, i);
  if (!r || irsRunLogIsNull(l->chunk))
    return;
  char *group = groupName(run, run->chunk);
  char *pipeline, *pass;
  IrsRunLogStep s = stepEntry(run, group, i, &pipeline, &pass);
  s.status = irsStepStatusGetOutcome(r->status);
  s.changed = r->changed;
  s.startMs = i < l->numStarts ? l->starts[i] : -1;
  s.wallMs = r->wallMs;
  s.verifyMs = r->verifyMs;
  s.dumpMs = r->dumpMs;
  IrsOptOut msg = {0}, det = {0};
  if (irsOutcomeIsStepFailure(s.status)) {
    MlirStringRef m = irsPassManagerGetErrorMessage(run->pm);
    irsOptOutAppend(&msg, m.data, m.length);
    irsOptOutAppend(&msg, "", 1);
    s.message = msg.data;
    for (intptr_t d = 0; d < r->numDiagnostics; ++d)
      irsDiagnosticPrint(&r->diagnostics[d], printCb, &det);
    MlirStringRef dir = irsPassManagerGetFailureDir(run->pm);
    if (dir.length) {
      char b[4200];
      snprintf(b, sizeof(b), "report: %.*s/" IRS_RUN_DIR_REPORT "\n",
               (int)dir.length, dir.data);
      irsOptOutAppend(&det, b, strlen(b));
    }
    irsOptOutAppend(&det, "", 1);
    s.details = det.data;
  }
  if (!group || !pipeline || !pass || msg.failed || det.failed ||
      !irsStatusIsOk(irsRunLogAddStep(l->chunk, &s)))
    l->failed = true;
  free(msg.data);
  free(det.data);
  free(group);
  free(pipeline);
  free(pass);
}

static void sendChunk(MlirStringRef s, void *ud) {
  irsOptOutAppend((IrsOptOut *)ud, s.data, s.length);
}

// Hands the chunk's log to the supervisor, or keeps it (unsupervised).
static void publish(IrsOptRun *run, IrsOptLog *l, bool chunkDone) {
  if (irsRunLogIsNull(l->chunk))
    return;
  if (!run->supervised) {
    if (!chunkDone)
      return;
    for (intptr_t i = 0; i < irsRunLogGetNumSteps(l->chunk); ++i)
      if (!irsStatusIsOk(
              irsRunLogAddStep(l->all, irsRunLogGetStep(l->chunk, i))))
        l->failed = true;
    return;
  }
  IrsOptOut o = {0};
  irsRunLogSerialize(l->chunk, sendChunk, &o);
  IrsWorkerStream to = {IrsWorkerStreamRunLog, run->chunk, 0};
  if (!o.failed)
    irsWorkerChannelSendOutput(run->ch, to, o.data ? o.data : "", o.len);
  free(o.data);
}

void irsOptLogStepBegin(IrsOptRun *run, intptr_t step) {
  IrsOptLog *l = run->log;
  if (!l || run->mode != IrsOptModeNormal || step <= 0 || !run->pm.ptr)
    return;
  startChunk(l, run->chunk, irsPipelineGetNumSteps(run->pipeline));
  if (step - 1 < l->numStarts)
    l->starts[step - 1] = monoMs();
  if (l->logged >= step - 1)
    return;
  while (l->logged < step - 1)
    addStep(run, l, l->logged++);
  publish(run, l, false);
}

void irsOptLogChunkEnd(IrsOptRun *run, intptr_t chunk) {
  IrsOptLog *l = run->log;
  if (!l || run->mode != IrsOptModeNormal || !run->pm.ptr)
    return;
  intptr_t n = irsPassManagerGetNumSteps(run->pm);
  startChunk(l, chunk, n);
  while (l->logged < n)
    addStep(run, l, l->logged++);
  publish(run, l, true);
  l->chunkIndex = -1;
}

void irsOptLogDeath(IrsOptRun *run, intptr_t chunk, intptr_t step,
                    IrsOutcome kind, const char *message,
                    MlirStringRef details, double elapsedMs) {
  IrsOptLog *l = run->log;
  if (!l)
    return;
  char *group = groupName(run, chunk);
  char *det = strndup(details.data, details.length);
  char *pipeline = NULL, *pass = NULL;
  if (step > 0) {
    MlirStringRef t = irsPipelineGetStepText(run->pipeline, step - 1);
    MlirStringRef pn = irsPipelineGetStepPassName(run->pipeline, step - 1);
    pipeline = strndup(t.data, t.length);
    pass = strndup(pn.data, pn.length);
  } else {
    MlirStringRef t = irsPipelineGetText(run->pipeline);
    pipeline = strndup(t.data, t.length);
    pass = strdup("(pipeline)");
  }
  IrsRunLogStep s;
  memset(&s, 0, sizeof(s));
  s.group = group;
  s.index = step;
  s.pipeline = pipeline;
  s.pass = pass;
  s.status = kind;
  s.startMs = monoMs() - elapsedMs;
  s.wallMs = elapsedMs;
  s.message = message;
  s.details = det;
  if (!group || !det || !pipeline || !pass ||
      !irsStatusIsOk(irsRunLogAddStep(l->deaths, &s)))
    l->failed = true;
  free(group);
  free(det);
  free(pipeline);
  free(pass);
}

// Assembles the final log from what the workers sent and the deaths.
void irsOptLogCollect(IrsOptRun *run, IrsSupervisor sup) {
  IrsOptLog *l = run->log;
  if (!l)
    return;
  intptr_t nchunks = irsInputGetNumChunks(run->input);
  intptr_t nsteps = irsPipelineGetNumSteps(run->pipeline);
  for (intptr_t c = 0; c < nchunks; ++c) {
    intptr_t before = irsRunLogGetNumSteps(l->all);
    IrsWorkerStream from = {IrsWorkerStreamRunLog, c, 0};
    if (irsSupervisorHasOutput(sup, from) &&
        !irsStatusIsOk(irsRunLogAppendSerialized(
            l->all, irsSupervisorGetOutput(sup, from))))
      l->failed = true;
    char *group = groupName(run, c);
    if (!group) {
      l->failed = true;
      continue;
    }
    for (intptr_t d = 0; d < irsRunLogGetNumSteps(l->deaths); ++d) {
      const IrsRunLogStep *ds = irsRunLogGetStep(l->deaths, d);
      if (strcmp(ds->group, group) != 0)
        continue;
      // The worker may have logged nothing of this chunk yet, or the
      // steps before the one it died in.
      intptr_t have = irsRunLogGetNumSteps(l->all) - before;
      if (ds->index > 0 && have >= ds->index)
        continue; // already documented by the worker
      if (!irsStatusIsOk(irsRunLogAddStep(l->all, ds)))
        l->failed = true;
      for (intptr_t i = ds->index > 0 ? ds->index : nsteps; i < nsteps; ++i) {
        char *pipeline, *pass;
        IrsRunLogStep s = stepEntry(run, group, i, &pipeline, &pass);
        s.status = IrsOutcomeNotRun;
        s.startMs = -1;
        if (!pipeline || !pass ||
            !irsStatusIsOk(irsRunLogAddStep(l->all, &s)))
          l->failed = true;
        free(pipeline);
        free(pass);
      }
    }
    free(group);
  }
}

int irsOptLogFinish(IrsOptRun *run) {
  IrsOptLog *l = run->log;
  if (!l && !irsOptLogWanted(run->cfg))
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  int rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  if (!l || l->failed) {
    fprintf(stderr, "irscope-opt: error: out of memory recording steps for "
                    "--trace/--junit\n");
    rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
    if (!l)
      return rc;
  } else {
    rc = irsOptLogWriteFiles(run->cfg, l->all);
  }
  irsOptLogDestroy(l);
  run->log = NULL;
  return rc;
}

void irsOptLogDestroy(IrsOptLog *l) {
  if (!l)
    return;
  irsRunLogDestroy(l->all);
  irsRunLogDestroy(l->chunk);
  irsRunLogDestroy(l->deaths);
  free(l->starts);
  free(l);
}

bool irsOptLogAddStep(IrsOptLog *l, const IrsRunLogStep *s) {
  return irsStatusIsOk(irsRunLogAddStep(l->all, s));
}

void irsOptLogMarkStep(IrsOptRun *run, intptr_t chunk, intptr_t step,
                       IrsOutcome kind, const char *message,
                       const char *details) {
  IrsOptLog *l = run->log;
  if (!l)
    return;
  char *group = groupName(run, chunk);
  for (intptr_t i = 0; group && i < irsRunLogGetNumSteps(l->all); ++i) {
    const IrsRunLogStep *s = irsRunLogGetStep(l->all, i);
    if (s->index == step && !strcmp(s->group, group) &&
        !irsStatusIsOk(
            irsRunLogSetStepFailure(l->all, i, kind, message, details)))
      l->failed = true;
  }
  if (!group)
    l->failed = true;
  free(group);
}
