// SPDX-License-Identifier: Apache-2.0
//===- OracleBatch.c - a batch of test runs under the supervisor ----------===//
//
// Candidates are tested as a batch (irsSupervisorRunBatch): up to -j
// workers at once, each with --test-runs runs, started in candidate order.
// The answer is the first interesting candidate *in order*, whatever the
// order in which workers end: a later candidate that ends first only wins
// once every earlier one is known not to be interesting, and workers that
// can no longer change the answer are killed. A hang reduction judges a
// step hung well before the full timeout once it knows how long normal
// steps take (hangTimeout).
//
//===----------------------------------------------------------------------===//
#include "OracleImpl.h"

#include "irscope/Flake.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static bool jobNeeded(intptr_t job, bool started, void *ud) {
  Batch *b = ud;
  Reducer *r = b->r;
  bool signalled = r->opts.stopFlag && *r->opts.stopFlag;
  if (signalled)
    r->stop = true;
  // --max-time is checked between tests, also inside a long list.
  if (!b->measure && r->opts.maxTimeSec > 0 &&
      irsClockMonotonicMs() / 1e3 - r->start > r->opts.maxTimeSec)
    r->stop = true;
  // Measuring the rates goes on after --max-time, not after a signal; the
  // input check always runs (without it there is nothing to write).
  if (!started && !b->unstoppable && (b->measure ? signalled : r->stop))
    return false;
  if (b->measure)
    return true;
  size_t c = (size_t)job / (size_t)b->runs;
  if (b->verdict[c] >= 0)
    return false;
  // A later candidate is moot once an earlier one is interesting.
  for (size_t k = 0; k < c; ++k)
    if (b->verdict[k] == 1)
      return false;
  return true;
}

static void setTimeout(Reducer *r, double t) {
  if (t > 0 && t != r->curTimeoutSec) {
    irsSupervisorSetStepTimeout(r->sup, t);
    r->curTimeoutSec = t;
    if (t < r->minTimeoutSec)
      r->minTimeoutSec = t;
  }
}

// A candidate that still hangs costs the whole --test-timeout, and in a
// hang reduction most accepted candidates do: at 1 s each that is most of
// the run. Once runs that finish have been timed, a step that takes
// IRS_REDUCE_HANG_FACTOR times the slowest step that ended is judged hung (never below 1/20 of
// the full timeout nor 50 ms). A slow run that would have finished can thus pass
// for a hang; the end result is confirmed at the full timeout
// (irsReduceConfirm), and redone without this if it fails.
static double hangTimeout(const Reducer *r) {
  double full = r->opts.testTimeoutSec;
  if (!r->quickHangs || r->maxFinishMs <= 0) // no step has ended yet
    return full;
  double t = IRS_REDUCE_HANG_FACTOR * r->maxFinishMs / 1e3;
  if (t < full / 20)
    t = full / 20;
  if (t < 0.05)
    t = 0.05;
  return t < full ? t : full;
}

static void jobDone(intptr_t job, const IrsWorkerResult *res, void *ud) {
  Batch *b = ud;
  Reducer *r = b->r;
  size_t c = (size_t)job / (size_t)b->runs;
  const Job *jb = &b->jobs[job];
  ++r->testsRun;
  if (b->measure && job == 0) {
    b->first = *res;
    b->first.stderrTail = mlirStringRefCreate("", 0); // the supervisor's
    b->haveFirst = true;
  }
  IrsSignature sig;
  bool yes = irsReduceRunVerdict(r, res, &sig);
  if (b->sigs)
    b->sigs[job] = sig;
  b->fails[c] += yes;
  b->done[c] += 1;
  r->testRunSec += res->runMs / 1e3;
  if (res->longestStepMs > 0) {
    // Steps that ended, also in a run that then hung (the input's check
    // times the steps before the hanging one).
    if (res->longestStepMs > r->maxFinishMs)
      r->maxFinishMs = res->longestStepMs;
    // Applies to the runs in progress too.
    setTimeout(r, hangTimeout(r));
  }
  bool quick = yes && res->outcome == IrsWorkerTimedOut &&
               r->curTimeoutSec < r->opts.testTimeoutSec;
  b->quick[c] |= quick;
  if (r->opts.onProgress) {
    IrsBuf d = IRS_BUF_INIT;
    irsEditDescribe(jb->edit, &d);
    // The input's check runs before there is a signature to compare with.
    bool shown = b->measure && r->target.kind == IrsOutcomeNone
                     ? irsSignatureIsFailure(&sig)
                     : yes;
    char kind[32];
    IrsReduceTestReport t = {d.data ? d.data : "",
                             irsSignatureFormatKind(&sig, kind, sizeof(kind)),
                             sig.pass, shown, quick, res->runMs};
    irsReduceReportTest(r, &t);
    irsBufFree(&d);
  }
  if (b->verdict[c] < 0 && !b->measure) {
    if (b->fails[c] >= b->need)
      b->verdict[c] = 1;
    else if (b->fails[c] + (b->runs - b->done[c]) < b->need)
      b->verdict[c] = 0;
  }
  irsReduceReport(r, false);
}

bool irsReduceBatchInit(Batch *b, Reducer *r, const IrsEdit *const *edits,
                        size_t n, bool measure) {
  memset(b, 0, sizeof(*b));
  b->r = r;
  b->n = n;
  b->runs = r->testRuns;
  b->need = r->needRuns;
  b->measure = measure;
  size_t nj = n * (size_t)b->runs;
  b->jobs = calloc(nj, sizeof(Job));
  b->fails = calloc(n, sizeof(int));
  b->done = calloc(n, sizeof(int));
  b->verdict = malloc(n);
  b->quick = calloc(n, sizeof(bool));
  if (measure)
    b->sigs = calloc(nj, sizeof(IrsSignature));
  if (!b->jobs || !b->fails || !b->done || !b->verdict || !b->quick ||
      (measure && !b->sigs))
    return false;
  memset(b->verdict, -1, n);
  for (size_t j = 0; j < nj; ++j) {
    Job *jb = &b->jobs[j];
    jb->r = r;
    jb->edit = edits ? edits[j / (size_t)b->runs] : NULL;
    jb->ch.fd = -1;
    jb->id = r->nextRunId + (int64_t)j;
    // Run ids are handed out in order whatever -j is, so a --seed makes
    // the random draws of every run reproducible.
    jb->seed = irsSeedForRun(r->opts.seed, (uint64_t)jb->id);
  }
  return true;
}

void irsReduceBatchFree(Batch *b) {
  free(b->jobs);
  free(b->fails);
  free(b->done);
  free(b->verdict);
  free(b->quick);
  free(b->sigs);
}

// How many tests run at once (IrsReduceOptions.adaptiveJobs).
static int lanes(const Reducer *r, const Batch *b) {
  if (!r->opts.adaptiveJobs || b->runs > 1 || b->measure)
    return r->jobs;
  return r->testsRun > 0 && r->testRunSec / (double)r->testsRun >= 0.05
             ? r->jobs
             : 1;
}

bool irsReduceBatchRun(Batch *b) {
  Reducer *r = b->r;
  setTimeout(r, b->measure ? r->opts.testTimeoutSec : hangTimeout(r));
  size_t nj = b->n * (size_t)b->runs;
  void **data = malloc((nj ? nj : 1) * sizeof(void *));
  if (!data)
    return false;
  for (size_t j = 0; j < nj; ++j)
    data[j] = &b->jobs[j];
  IrsWorkerBatch wb = {(intptr_t)nj, lanes(r, b), irsReduceWorker, data, jobDone,
                       jobNeeded, b};
  int64_t before = r->testsRun;
  IrsStatus st = irsSupervisorRunBatch(r->sup, &wb);
  free(data);
  if (r->opts.testArgv || r->opts.toolArgv)
    for (size_t j = 0; j < nj; ++j)
      irsReduceRemoveJobDir(r, b->jobs[j].id);
  r->nextRunId += (int64_t)nj;
  return irsStatusIsOk(st) || r->testsRun > before;
}
