// SPDX-License-Identifier: Apache-2.0
//===- OracleCheck.c - runs of the module as it is ------------------------===//
//
// The input's check (which establishes the signature being reduced and
// the input's failure rate), the confirmation of a hang reduction's result
// at the full timeout, and the result's failure rate: batches of the
// current module, unedited, run `testRuns` times.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "OracleImpl.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Runs the current module `testRuns` times; counts the runs that fail with
// the target signature. For the summary's failure rates.
bool irsReduceMeasure(Reducer *r, int64_t *failures, int64_t *runs) {
  Batch b;
  bool ok = irsReduceBatchInit(&b, r, NULL, 1, true) && irsReduceBatchRun(&b);
  if (ok) {
    *failures = b.fails[0];
    *runs = b.done[0];
  }
  irsReduceBatchFree(&b);
  return ok;
}

bool irsReduceConfirm(Reducer *r) {
  Batch b;
  bool ok = irsReduceBatchInit(&b, r, NULL, 1, true);
  b.unstoppable = true;
  ok = ok && irsReduceBatchRun(&b) && b.haveFirst && irsReduceSameSignature(r, &b.sigs[0]);
  irsReduceBatchFree(&b);
  return ok;
}

IrsStatus irsReducerCheckFile(IrsReducer reducer, const char *path,
                              IrsSignature *signature, bool *matches) {
  Reducer *r = reducer.ptr;
  memset(signature, 0, sizeof(*signature));
  *matches = false;
  if (!r->opts.toolArgv)
    return irsStatusMake(IRS_ERR_USAGE);
  // The worker runs the tool in its own directory.
  char *abs = realpath(path, NULL);
  if (!abs)
    return irsStatusMake(IRS_ERR_IO);
  r->checkFile = abs;
  const char *was = r->strategy;
  r->strategy = "check-result"; // what -v's test line says
  Batch b;
  bool ok = irsReduceBatchInit(&b, r, NULL, 1, true);
  b.unstoppable = true;
  ok = ok && irsReduceBatchRun(&b) && b.haveFirst;
  if (ok) {
    *signature = b.sigs[0];
    *matches = irsReduceSameSignature(r, &b.sigs[0]);
  }
  irsReduceBatchFree(&b);
  r->strategy = was;
  r->checkFile = NULL;
  free(abs);
  return irsStatusMake(ok ? IRS_OK : IRS_ERR_IO);
}

static void notEnough(Reducer *r, int64_t count, int64_t runs,
                      const char *what) {
  irsBufPrintf(&r->msg,
               "the input is not interesting: %s in %lld of %lld runs, fewer "
               "than --min-rate=%g asks for",
               what, (long long)count, (long long)runs, r->opts.minRate);
}

// Script mode: the input is interesting when the test says so in enough
// runs; otherwise the message says what the test did.
static bool establishScript(Reducer *r, const Batch *b) {
  const IrsWorkerResult *res = &b->first;
  int64_t runs = b->done[0], count = b->fails[0], err;
  r->failuresBefore = count, r->runsBefore = runs;
  if (res->outcome == IrsWorkerExited &&
      res->exitCode == IRS_EXIT_CANNOT_EXEC &&
      irsWorkerResultGetValue(res, IRS_REDUCE_EXEC_ERRNO_KEY, &err)) {
    irsBufPrintf(&r->msg, "cannot run the test script '%s'",
                 r->opts.testArgv[0]);
  } else if (count >= r->needRuns) {
    return true;
  } else if (count > 0) {
    notEnough(r, count, runs, "the test found it interesting");
  } else if (res->outcome == IrsWorkerTimedOut) {
    irsBufPrintf(&r->msg, "the input is not interesting: the test timed out after %g s",
                 r->opts.testTimeoutSec > 0 ? r->opts.testTimeoutSec : 60.0);
  } else {
    irsBufPrintf(&r->msg,
                 "the input is not interesting: the test %s (exit code %d%s)%s",
                 res->outcome == IrsWorkerExited ? "exited" : "was killed",
                 res->exitCode,
                 r->opts.testMustFail ? "; --test-must-fail expects non-zero"
                                      : "; 0 means interesting",
                 runs > 1 ? " in every run" : "");
  }
  return false;
}

// In-process and tool mode: the target is the signature of the first run
// that failed; the input is interesting when enough runs fail that way.
static bool establishSignature(Reducer *r, const Batch *b) {
  int64_t runs = b->done[0], firstFail = -1;
  bool ran = false;
  for (int64_t j = 0; j < runs; ++j) {
    const IrsSignature *s = &b->sigs[j];
    if (firstFail < 0 && irsSignatureIsFailure(s))
      firstFail = j;
    if (s->inEdit ||
        (s->kind != IrsOutcomeInvalid && s->kind != IrsOutcomeInterrupted))
      ran = true;
  }
  if (firstFail < 0) {
    irsBufPrintf(&r->msg, "the input is not interesting: the %s %s%s",
                 r->opts.toolArgv ? "tool" : "pipeline",
                 !ran ? "cannot run on it"
                 : r->opts.checkDeterminism
                     ? "succeeds on it and every step printed the same IR "
                       "twice"
                     : "succeeds on it",
                 runs > 1 ? " in any run" : "");
    return false;
  }
  r->target = b->sigs[firstFail];
  if (r->target.kind == IrsOutcomeCrash && !r->target.inEdit &&
      !irsSignatureCrashIsTold(&r->target))
    irsReduceNote(r, "the crash printed no stack trace: crashing candidates "
                     "are told apart by their signal and pass alone");
  if (r->target.kind == IrsOutcomeTimeout && !r->target.inEdit &&
      r->opts.testTimeoutSec > 0 && r->testRuns == 1) {
    r->original = mlirOperationClone(mlirModuleGetOperation(r->module));
    r->quickHangs = !mlirOperationIsNull(r->original);
  }
  if (r->opts.matchRegex && !irsReduceSameSignature(r, &r->target)) {
    irsBufPrintf(&r->msg,
                 "the input is not interesting: its first error '%s' does not "
                 "match --match",
                 r->target.message);
    return false;
  }
  int64_t count = 0;
  for (int64_t j = 0; j < runs; ++j)
    count += irsReduceSameSignature(r, &b->sigs[j]);
  r->failuresBefore = count, r->runsBefore = runs;
  if (count >= r->needRuns)
    return true;
  notEnough(r, count, runs, "the pipeline fails this way");
  return false;
}

// A pass or verifier failure found by the single-threaded check may be
// followed, in the plain tool, by a death at its exit: a pass that
// corrupted the heap (upstream #102577's linalg-detensorize on two
// functions) leaves it to the thread pool's end or the module's free to
// die. The crash is the bug a compiler engineer wants kept, so the input
// runs once more as the plain tool runs it (threads, then the run freed);
// if it fails the same way and then dies, that death joins the target and
// every later test runs so (freeRun).
// Runs of the input that look for the death: where a corrupted heap gives
// out depends on which thread ran what, and a forked worker sees it in
// about three runs of four (upstream #102577, two functions). On a module
// of kDeathTriesOps ops or more, where a run is costly, one.
enum { kDeathTries = 4, kDeathTriesOps = 10000 };

// One run of the input as the plain tool runs it; the signal it died of
// after failing as the target does (0: it did not).
static int deathAfterRun(Reducer *r) {
  Batch b;
  bool ok = irsReduceBatchInit(&b, r, NULL, 1, true);
  b.unstoppable = true;
  int died = 0;
  if (ok && irsReduceBatchRun(&b))
    for (int64_t j = 0; j < b.done[0] && !died; ++j)
      if (irsReduceSameSignature(r, &b.sigs[j]))
        died = b.sigs[j].diedAfter;
  irsReduceBatchFree(&b);
  return died;
}

void irsReduceCheckDeathAfter(Reducer *r) {
  if (r->opts.testArgv || r->opts.toolArgv || r->opts.miscompile ||
      r->opts.checkDeterminism || r->opts.anyFailure ||
      r->opts.disableThreading || !irsOutcomeIsStepFailure(r->target.kind) ||
      r->target.inEdit)
    return;
  // Nothing of these runs is the input's check's: no anchors, no snapshots.
  struct IrsReduceAnchors *anchors = r->anchors;
  intptr_t snaps = r->checkSnapSteps;
  r->anchors = NULL;
  r->checkSnapSteps = 0;
  r->freeRun = true;
  r->target.diedAfter = -1; // any death
  int died = 0;
  int tries = r->opsNow < kDeathTriesOps ? kDeathTries : 1;
  for (int k = 0; k < tries && !died; ++k)
    died = deathAfterRun(r);
  r->anchors = anchors;
  r->checkSnapSteps = snaps;
  r->freeRun = died != 0;
  r->target.diedAfter = died;
  if (!died)
    return;
  IrsBuf n = IRS_BUF_INIT;
  irsBufPrintf(&n,
               "run as the plain tool runs it (MLIR's threads, the run freed "
               "at its end), the input fails so and then dies of SIG%s "
               "freeing the run: every test runs so, and keeps that death",
               sigabbrev_np(died) ? sigabbrev_np(died) : "?");
  irsReduceNote(r, n.data);
  irsBufFree(&n);
}

// The initial check: establishes the target signature (from the first run
// that failed, in run order) and the input's failure rate.
bool irsReduceEstablish(Reducer *r) {
  Batch b;
  bool ok = irsReduceBatchInit(&b, r, NULL, 1, true);
  b.unstoppable = true;
  if (!ok || !irsReduceBatchRun(&b) || !b.haveFirst) {
    irsReduceBatchFree(&b);
    irsBufPrintf(&r->msg, "%s", "cannot start a test process");
    return false;
  }
  ok = r->opts.testArgv ? establishScript(r, &b) : establishSignature(r, &b);
  irsReduceBatchFree(&b);
  return ok;
}
