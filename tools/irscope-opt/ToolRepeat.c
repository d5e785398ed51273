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

#include "irscope/Flake.h"
#include "CrashHandler.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct Sigs {
  IrsRepeatSignature *v;
  intptr_t n, cap;
} Sigs;

static void removeDir(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char p[4096];
  while (d && (e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.')
      continue;
    snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
    unlink(p);
  }
  if (d)
    closedir(d);
  rmdir(dir);
}

static char *makeBase(const IrsOptConfig *c) {
  const char *t = getenv("TMPDIR");
  char *d = malloc(4096);
  if (!d)
    return NULL;
  if (c->failureDir)
    snprintf(d, 4096, "%s", c->failureDir);
  else
    snprintf(d, 4096, "%s/irscope-repeat-XXXXXX", t && *t ? t : "/tmp");
  bool ok = c->failureDir ? mkdir(d, 0777) == 0 || errno == EEXIST
                          : mkdtemp(d) != NULL;
  if (!ok) {
    fprintf(stderr, "irscope-opt: error: cannot create '%s': %s\n", d,
            strerror(errno));
    free(d);
    return NULL;
  }
  return d;
}

// The signature of the failed run: kind, signal, step, message.
static IrsRepeatSignature signatureOf(IrsToolRunner t, IrsPipeline p,
                                      IrsErrorKind k, char *msg, size_t cap) {
  IrsRepeatSignature s;
  memset(&s, 0, sizeof(s));
  const IrsWorkerResult *d = irsToolRunnerGetDeath(t);
  s.kind = d ? irsWorkerOutcomeGetName(d->outcome)
           : k == IRS_ERR_PASS ? "pass-failure"
           : k == IRS_ERR_VERIFY ? "verify-failure"
                                 : "exit";
  s.signal = d && d->outcome == IrsWorkerCrashed ? d->signal : 0;
  s.step = irsToolRunnerGetFailedStep(t);
  msg[0] = '\0';
  if (s.step > 0 && s.step <= irsPipelineGetNumSteps(p)) {
    const IrsStepResult *r = irsToolRunnerGetStepResult(t, s.step - 1);
    for (intptr_t i = 0; i < r->numDiagnostics && !msg[0]; ++i)
      if (r->diagnostics[i].severity == IrsSeverityError)
        irsNormaliseMessage(r->diagnostics[i].message.data,
                            r->diagnostics[i].message.length, msg, cap);
  }
  s.message = msg;
  return s;
}

// Finds or adds `s`; returns its index and whether it is new.
static intptr_t findOrAdd(Sigs *sigs, const IrsRepeatSignature *s, IrsPipeline p,
                          bool *isNew) {
  for (intptr_t k = 0; k < sigs->n; ++k) {
    IrsRepeatSignature *o = &sigs->v[k];
    if (!strcmp(o->kind, s->kind) && o->signal == s->signal &&
        o->step == s->step && !strcmp(o->message, s->message)) {
      *isNew = false;
      return k;
    }
  }
  if (sigs->n == sigs->cap) {
    intptr_t cap = sigs->cap ? 2 * sigs->cap : 8;
    IrsRepeatSignature *v = realloc(sigs->v, (size_t)cap * sizeof(*v));
    if (!v)
      return -1;
    sigs->v = v;
    sigs->cap = cap;
  }
  IrsRepeatSignature *n = &sigs->v[sigs->n];
  *n = *s;
  n->message = strdup(s->message);
  MlirStringRef pass = s->step > 0 ? irsPipelineGetStepPassName(p, s->step - 1)
                                   : (MlirStringRef){"", 0};
  n->pass = s->step > 0 ? strndup(pass.data, pass.length) : NULL;
  n->signalName = s->signal ? irsSignalName(s->signal) : NULL;
  *isNew = true;
  return sigs->n++;
}

static double nowMs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

// Runs the repetitions; returns the worst exit code.
static int repeatRuns(const IrsOptConfig *c, IrsToolRunner t, IrsPipeline p,
                      const char *input, const char *base, const char *scratch,
                      Sigs *sigs, int64_t *runs, int64_t *failures,
                      bool *stopped, bool *interrupted) {
  int rc = IRS_EXIT_OK;
  static IrsOptInterrupts saved;
  irsOptInterruptsCatch(irsToolRunnerGetSupervisor(t), &saved);
  for (long i = 0; i < c->repeat; ++i) {
    removeDir(scratch);
    IrsStatus st = irsToolRunnerRun(t, input, "/dev/null");
    const IrsWorkerResult *d = irsToolRunnerGetDeath(t);
    if (d && d->outcome == IrsWorkerInterrupted) {
      *interrupted = true;
      rc = IRS_EXIT_INTERRUPTED;
      break;
    }
    ++*runs;
    if (irsStatusIsOk(st))
      continue;
    ++*failures;
    rc = irsOptWorse(rc, d ? irsOptExitForOutcome(d->outcome)
                           : irsOptExitFor(st.kind));
    char msg[512];
    IrsRepeatSignature s = signatureOf(t, p, st.kind, msg, sizeof(msg));
    bool isNew = false;
    intptr_t k = findOrAdd(sigs, &s, p, &isNew);
    if (k < 0)
      return IRS_EXIT_IO;
    if (isNew) {
      char dir[4200];
      snprintf(dir, sizeof(dir), "%s/failure-%ld", base, (long)k);
      removeDir(dir);
      sigs->v[k].count = 0;
      sigs->v[k].firstRun = i + 1;
      MlirStringRef m = irsToolRunnerGetErrorMessage(t);
      bool kept = rename(scratch, dir) == 0;
      sigs->v[k].artifacts = kept ? strdup(dir) : NULL;
      fprintf(stderr, "irscope-opt: repeat: run %ld failed in a new way:\n"
                      "irscope-opt: error: %.*s%s%s%s\n",
              i + 1, (int)m.length, m.data, kept ? "; report: " : "",
              kept ? dir : "", kept ? "/report.xml" : "");
    }
    ++sigs->v[k].count;
    if (c->stopOnFailure) {
      *stopped = i + 1 < c->repeat;
      break;
    }
  }
  irsOptInterruptsRestore(&saved);
  removeDir(scratch);
  return rc;
}

int irsOptToolRepeat(const IrsOptConfig *c, IrsPipeline p,
                     const IrsToolOptions *o, const char *input) {
  char *base = makeBase(c);
  if (!base)
    return IRS_EXIT_IO;
  char scratch[4200];
  snprintf(scratch, sizeof(scratch), "%s/.run", base);
  IrsToolOptions o2 = *o;
  o2.failureDir = scratch;
  o2.dumpDir = NULL;
  o2.onStderr = NULL; // the runs are counted, not shown
  IrsToolRunner t = irsToolRunnerCreate(p, &o2, irsOptErrorLine, NULL);
  if (irsToolRunnerIsNull(t)) {
    free(base);
    return IRS_EXIT_USAGE;
  }
  Sigs sigs = {0};
  int64_t runs = 0, failures = 0;
  bool stopped = false, interrupted = false;
  double t0 = nowMs();
  int rc = repeatRuns(c, t, p, input, base, scratch, &sigs, &runs, &failures,
                      &stopped, &interrupted);
  double elapsed = nowMs() - t0;
  irsOptRepeatPrintSummary(p, runs, failures, stopped, sigs.v, sigs.n);
  IrsRepeatSummary sum;
  memset(&sum, 0, sizeof(sum));
  sum.toolName = "irscope-opt";
  sum.commandLine = c->commandLine;
  sum.inputPath = c->input;
  sum.inputHash = o->inputHash;
  sum.pipeline = p;
  sum.threading = !c->disableThreading;
  sum.verifyEach = c->verifyEach;
  sum.requestedRuns = c->repeat;
  sum.runs = runs;
  sum.stoppedEarly = stopped;
  sum.interrupted = interrupted;
  sum.failures = failures;
  sum.meanRunMs = runs ? elapsed / (double)runs : 0;
  sum.numSignatures = sigs.n;
  sum.signatures = sigs.v;
  int e = irsRepeatReportWrite(&sum, base);
  if (e) {
    fprintf(stderr, "irscope-opt: error: cannot write '%s/repeat.xml': %s\n",
            base, strerror(e));
    rc = irsOptWorse(rc, IRS_EXIT_IO);
  } else {
    fprintf(stderr, "irscope-opt: repeat: summary: %s/repeat.xml\n", base);
  }
  for (intptr_t k = 0; k < sigs.n; ++k) {
    free((char *)sigs.v[k].message);
    free((char *)sigs.v[k].pass);
    free((char *)sigs.v[k].artifacts);
  }
  free(sigs.v);
  irsToolRunnerDestroy(t);
  free(base);
  return rc;
}
