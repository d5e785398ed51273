// SPDX-License-Identifier: Apache-2.0
//===- Reducer.c - the reducer's handle and the course of a reduction -----===//
//
// A reduction checks the input (the target is the failure it shows), runs
// the strategies to their fixed point (Strategies.c; candidates are tested by
// the oracle, Oracle*.c, and ddmin's chunks come from Ddmin.c), confirms
// the bets it made on the way, and writes the result (ReduceSave.c).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // realpath, mkdtemp
#include "ReduceImpl.h"

#include "irscope/RunDir.h"

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Hands the progress callback the state now, about an improvement or one
// test run (t), or neither.
static void report(Reducer *r, bool improved, const IrsReduceTestReport *t,
                   const char *note) {
  if (!r->opts.onProgress)
    return;
  IrsReduceProgress p = {r->opsBefore, r->opsNow, r->testsRun,
                         irsClockMonotonicMs() / 1e3 - r->start, r->strategy, improved,
                         r->cacheHits, t, note};
  r->opts.onProgress(&p, r->opts.userData);
}

void irsReduceNote(Reducer *r, const char *note) { report(r, false, NULL, note); }

void irsReduceReportTest(Reducer *r, const IrsReduceTestReport *t) {
  report(r, false, t, NULL);
}

// Ops freed since the last trim from which the heap is given back.
enum { kTrimOps = 100000 };

void irsReduceReport(Reducer *r, bool improved) {
  if (improved) {
    // An accepted change: outcomes cached so far were about another module.
    ++r->generation;
    int64_t was = r->opsNow;
    r->opsNow = irsReduceCountOps(mlirModuleGetOperation(r->module));
    if (r->strategyIndex >= 0)
      ++r->strategyWins[r->strategyIndex];
    // The memory of a million freed ops stays mapped in malloc's arenas,
    // and every later fork copies its page tables: after the cut of the
    // 1M-line module that was most of the time of each of the next forty
    // tests (bench/README.md, scale). Give it back once a lot has gone.
    r->freedOps += was > r->opsNow ? was - r->opsNow : 0;
    if (r->freedOps >= kTrimOps) {
      malloc_trim(0);
      r->freedOps = 0;
    }
  }
  report(r, improved, NULL, NULL);
}

// Option values out of range; fixes the run counts they imply.
static bool checkCounts(Reducer *r, IrsBuf *err) {
  r->jobs = r->opts.jobs > 0 ? r->opts.jobs : 1;
  if (r->jobs > IRS_SUPERVISOR_MAX_PARALLEL)
    r->jobs = IRS_SUPERVISOR_MAX_PARALLEL;
  r->testRuns = r->opts.testRuns > 0 ? r->opts.testRuns : 1;
  if (r->opts.jobs < 0 || r->opts.testRuns < 0 || !(r->opts.minRate >= 0) ||
      r->opts.minRate > 1) {
    irsBufPrintf(err, "%s",
                 "jobs and test runs must not be negative, the minimum rate "
                 "must be in [0, 1]");
    return false;
  }
  // At least one run, and at least the asked fraction (rounded up, with a
  // little slack so that 0.3 * 10 needs 3, not 4).
  double need = r->opts.minRate * r->testRuns - 1e-9;
  r->needRuns = need > 1 ? (int)need + (need > (int)need) : 1;
  if (r->needRuns > r->testRuns)
    r->needRuns = r->testRuns;
  return true;
}

// The mode: a pipeline (parsed into the reducer's own copy; a pipeline that
// does not parse is reported through `cb`) or a test script, whose path is
// made absolute: tests run inside a private temporary directory.
static bool checkMode(Reducer *r, MlirStringCallback cb, void *ud,
                      IrsBuf *err) {
  if (!r->opts.testArgv) {
    if (irsPipelineIsNull(r->opts.pipeline)) {
      irsBufPrintf(err, "%s", "either a pipeline or a test script is needed");
      return false;
    }
    r->pipeline =
        irsPipelineCreateParse(irsPipelineGetText(r->opts.pipeline), cb, ud);
  }
  if (r->opts.testArgv && strchr(r->opts.testArgv[0], '/')) {
    r->testPath = realpath(r->opts.testArgv[0], NULL);
    if (!r->testPath) {
      irsBufPrintf(err, "cannot find test script '%s'", r->opts.testArgv[0]);
      return false;
    }
  }
  return true;
}

// The temporary directory, the supervisor and the per-strategy figures.
static bool allocate(Reducer *r, IrsBuf *err) {
  // Named with our pid: a run killed outright leaves it, the next removes
  // it.
  char *dir = NULL;
  if (irsRunDirCreateScratch("opt-reduce-", /*directory=*/true, &dir) != 0 ||
      strlen(dir) >= sizeof(r->tmpDir)) {
    if (dir)
      rmdir(dir);
    free(dir);
    r->tmpDir[0] = '\0'; // nothing for irsReducerDestroy to remove
    irsBufPrintf(err, "%s", "cannot create a temporary directory");
    return false;
  }
  snprintf(r->tmpDir, sizeof(r->tmpDir), "%s", dir);
  free(dir);
  IrsSupervisorOptions so = {
      .stepTimeoutSec = r->opts.testTimeoutSec > 0
                            ? r->opts.testTimeoutSec
                            : (r->opts.testArgv ? 60 : 0),
      .memoryLimitBytes = r->opts.memoryLimitBytes};
  r->sup = irsSupervisorCreate(&so);
  r->curTimeoutSec = r->minTimeoutSec = so.stepTimeoutSec;
  r->symCache = calloc(kSymCacheSize, sizeof(*r->symCache));
  if (!r->sup.ptr || !irsReduceStrategiesCreate(r) || !r->symCache) {
    irsBufPrintf(err, "%s", "out of memory");
    return false;
  }
  return true;
}

IrsReducer irsReducerCreate(MlirContext context, MlirModule module,
                            const IrsReduceOptions *options,
                            MlirStringCallback errorCallback, void *userData) {
  IrsReducer h = {calloc(1, sizeof(Reducer))};
  Reducer *r = h.ptr;
  if (!r) {
    mlirModuleDestroy(module);
    return h;
  }
  r->ctx = context;
  r->module = module;
  r->opts = *options;
  r->strategyIndex = -1;
  IrsBuf err = IRS_BUF_INIT;
  if (!checkCounts(r, &err) || !checkMode(r, errorCallback, userData, &err) ||
      !irsReduceCheckStrategyList(r->opts.strategies, &err) || !allocate(r, &err)) {
    if (errorCallback)
      errorCallback(irsBufRef(&err), userData);
    irsBufFree(&err);
    irsReducerDestroy(h); // takes whatever was set up, the module too
    return (IrsReducer){NULL};
  }
  // ub.poison stands in for erased results; load its dialect before any
  // fork so candidates do not each load it.
  mlirContextGetOrLoadDialect(context, mlirStringRefCreateFromCString("ub"));
  r->graveyard = mlirModuleCreateEmpty(mlirLocationUnknownGet(context));
  return h;
}

// Accepts a reducer irsReducerCreate gave up on half-way: every field is
// then set up or zero.
void irsReducerDestroy(IrsReducer h) {
  Reducer *r = h.ptr;
  if (!r)
    return;
  irsSupervisorDestroy(r->sup);
  irsPipelineDestroy(r->pipeline);
  mlirModuleDestroy(r->module);
  if (!mlirModuleIsNull(r->graveyard))
    mlirModuleDestroy(r->graveyard);
  irsBufFree(&r->msg);
  free(r->testPath);
  irsReduceStrategiesDestroy(r);
  irsReduceCacheFree(r);
  if (!mlirOperationIsNull(r->original))
    mlirOperationDestroy(r->original);
  free(r->emptyPipeline);
  irsLoadMapDestroy(r->toolMap);
  irsReduceAnchorsFree(r);
  // The temporary directory only ever holds candidate files, and in
  // miscompile mode the slowest execution's time.
  if (r->tmpDir[0]) {
    irsReduceMiscompileForget(r);
    rmdir(r->tmpDir);
  }
  free(r);
}

// Quick hang verdicts (see hangTimeout in OracleBatch.c) are bets: the result
// must still hang at the full timeout. If it does not, the reduction is
// redone from the input without them; if it was stopped, the input is the
// best result that is known to hang.
// Tool mode's batches are the other bet (OracleSplit.c): a result
// accepted from a chunk after the first of its tool process is run once
// plainly; if it does not crash that way there, the reduction is redone
// one candidate per tool process.
// Miscompile mode confirms the same way that the result's pre-step IR is
// deterministic, which candidates
// are not checked for (Miscompile.c). False on an I/O error.
static bool confirmOrRedo(Reducer *r) {
  const char *was = r->strategy;
  bool batched = r->splitUnconfirmed;
  r->strategy = "confirm";
  r->quickHangs = false;
  r->splitUnconfirmed = false;
  bool wasFull = r->miscompileFull;
  r->miscompileFull = true;
  bool ok = irsReduceConfirm(r);
  r->strategy = was;
  if (ok)
    return true;
  if (r->opts.miscompile && !wasFull)
    irsReduceNote(r, "the result's pre-step IR did not give its result "
                     "twice: reduced again from the input, checking every "
                     "candidate's twice");
  if (mlirOperationIsNull(r->original))
    return true; // nothing to redo from (cannot happen: kept for both bets)
  mlirModuleDestroy(r->module);
  r->module = mlirModuleFromOperation(r->original);
  r->original = (MlirOperation){NULL};
  irsPipelineDestroy(r->pipeline);
  r->pipeline = irsPipelineCreateParse(irsPipelineGetText(r->opts.pipeline),
                                       NULL, NULL);
  r->unconfirmed = false;
  if (batched) {
    r->splitState = -1;
    irsReduceNote(r, "the result of batched tests did not crash that way "
                     "when run alone: reduced again, one candidate per tool "
                     "process");
  } else if (!r->opts.miscompile) { // there, only determinism is confirmed
    r->hangRedone = true;
  }
  irsReduceStrategiesRedo(r);
  ++r->generation; // cached verdicts were about the other module
  r->opsNow = irsReduceCountOps(mlirModuleGetOperation(r->module));
  if (!irsReduceSaveBestNow(r))
    return false;
  if (!r->stop)
    irsReduceToFixedPoint(r);
  return true;
}

// Whether the input's check is a single in-process run of the pipeline,
// which can record what strategies use later (IrsStrategy.beforeCheck).
static bool singleCheck(Reducer *r) {
  return !r->opts.testArgv && !r->opts.toolArgv && !r->opts.miscompile &&
         !r->opts.checkDeterminism && r->testRuns == 1;
}

// Ops from which the input's check runs with MLIR's threads.
enum { kThreadedCheckOps = 100000 };

// Whether the check runs threaded: a big module, notes taken and some step
// nested (a failure in a nested step is confirmed single-threaded at the
// price of one test on one function, see confirmThreadedCheck).
static bool checkThreads(Reducer *r) {
  if (!r->anchors) // also: no pipeline (script mode)
    return false;
  bool nested = false;
  for (intptr_t s = 1; s <= irsPipelineGetNumSteps(r->pipeline); ++s)
    nested = nested || irsReduceStepNoted(r, s);
  return nested && r->opsNow >= kThreadedCheckOps;
}

// The input's check; when it ran threaded and found nothing, again
// without threads, as every other test runs.
static bool establish(Reducer *r) {
  if (irsReduceEstablish(r))
    return true;
  if (!r->checkThreaded)
    return false;
  r->checkThreaded = false;
  irsReduceAnchorsReset(r);
  irsBufReset(&r->msg);
  if (!mlirOperationIsNull(r->original)) { // a hang's, made again
    mlirOperationDestroy(r->original);
    r->original = (MlirOperation){NULL};
    r->quickHangs = false;
  }
  return irsReduceEstablish(r);
}

// The check ran with MLIR's threads, every later test runs without: its
// signature is the target only once a single-threaded run fails that way.
// The candidate of a strategy that confirms threaded checks (failing-symbol:
// the module cut to one function, a fraction of a second where the threads
// saved seconds) is such a run; if none is kept, the check runs again without threads, and its signature is
// the target. False: then the input is not interesting after all.
static bool confirmThreadedCheck(Reducer *r) {
  if (!r->checkThreaded)
    return true;
  r->checkThreaded = false;
  irsReduceNote(r, "the input was checked with MLIR's threads: its "
                   "signature is taken once a run without them confirms "
                   "it");
  if (irsReduceConfirmThreaded(r))
    return true;
  r->strategy = "check";
  irsReduceNote(r, "the input checked with threads was not confirmed by "
                   "its failing function alone: checked again without "
                   "threads");
  return irsReduceEstablish(r);
}

// The caller's word on the target (IrsReduceOptions.acceptTarget); its
// reason in the message when it rejects it.
static bool acceptTarget(Reducer *r) {
  if (!r->opts.acceptTarget)
    return true;
  irsBufReset(&r->msg);
  return r->opts.acceptTarget(&r->target, irsBufStringCallback, &r->msg,
                              r->opts.acceptTargetUserData);
}

bool irsReduceOutOfTime(Reducer *r) {
  if (r->opts.stopFlag && *r->opts.stopFlag)
    r->stop = true;
  if (r->opts.maxTimeSec > 0 && irsClockMonotonicMs() / 1e3 - r->start > r->opts.maxTimeSec)
    r->stop = true;
  return r->stop;
}

IrsStatus irsReducerRun(IrsReducer h) {
  Reducer *r = h.ptr;
  r->start = irsClockMonotonicMs() / 1e3;
  r->opsBefore = r->opsNow =
      irsReduceCountOps(mlirModuleGetOperation(r->module));
  r->emptyVerdict = -1;
  r->strategy = "check";
  r->inputInvalid = !r->opts.inputVerified &&
                    !mlirOperationVerify(mlirModuleGetOperation(r->module));
  if (singleCheck(r))
    irsReduceStrategiesBeforeCheck(r);
  r->checkThreaded = checkThreads(r);
  IrsReduceBackgroundSave *bg = irsReduceBackgroundSaveStart(r);
  if (!establish(r) || !acceptTarget(r)) {
    irsReduceBackgroundSaveFinish(r, bg, false);
    irsReduceSnapshotDrop(r);
    return irsStatusMake(IRS_ERR_USAGE);
  }
  // Miscompile mode checks determinism once, on the result (confirmOrRedo),
  // and needs the input back if that fails.
  if (r->opts.miscompile && mlirOperationIsNull(r->original))
    r->original = mlirOperationClone(mlirModuleGetOperation(r->module));
  // The input's size in bytes comes from its first write (a print of a big
  // module takes seconds).
  if (!irsReduceBackgroundSaveFinish(r, bg, true) &&
      !irsReduceSaveBestNow(r)) {
    irsBufPrintf(&r->msg, "cannot write '%s': %s", r->opts.outputPath,
                 strerror(errno));
    irsReduceSnapshotDrop(r);
    return irsStatusMake(IRS_ERR_IO);
  }
  r->bytesBefore = r->bytesAfter =
      r->opts.outputPath ? r->bytesAfter : irsReduceModuleBytes(r);
  r->checkSnapGeneration = r->generation;
  if (!confirmThreadedCheck(r)) {
    irsReduceSnapshotDrop(r);
    return irsStatusMake(IRS_ERR_USAGE);
  }
  irsReduceCheckDeathAfter(r);
  // Tool mode, a crash: what to redo from if batched verdicts fail their
  // confirmation (see confirmOrRedo).
  if (r->opts.toolArgv && r->target.kind == IrsOutcomeCrash &&
      mlirOperationIsNull(r->original))
    r->original = mlirOperationClone(mlirModuleGetOperation(r->module));
  irsReduceToFixedPoint(r);
  irsReduceSnapshotDrop(r);
  r->unconfirmed = r->unconfirmed || (r->opts.miscompile && !r->miscompileFull);
  if ((r->unconfirmed || r->splitUnconfirmed) && !confirmOrRedo(r)) {
    irsBufPrintf(&r->msg, "cannot write '%s': %s", r->opts.outputPath,
                 strerror(r->saveErr));
    return irsStatusMake(IRS_ERR_IO);
  }
  if (r->toolBatches > 0) {
    IrsBuf n = IRS_BUF_INIT;
    irsBufPrintf(&n, "%lld of %lld tests ran in %lld batched tool processes",
                 (long long)r->splitTests, (long long)r->testsRun,
                 (long long)r->toolBatches);
    irsReduceNote(r, n.data);
    irsBufFree(&n);
  }
  r->strategyIndex = -1;
  if (r->saveErr || !irsReduceSaveBestNow(r)) {
    irsBufPrintf(&r->msg, "cannot write '%s': %s", r->opts.outputPath,
                 strerror(r->saveErr ? r->saveErr : errno));
    return irsStatusMake(IRS_ERR_IO);
  }
  if (!r->opts.outputPath)
    r->bytesAfter = irsReduceModuleBytes(r);
  // How often the result fails, measured like the input's rate.
  if (r->testRuns > 1 && !(r->opts.stopFlag && *r->opts.stopFlag)) {
    r->strategy = "measure";
    irsReduceMeasure(r, &r->failuresAfter, &r->runsAfter);
  }
  irsBufReset(&r->msg);
  irsBufPrintf(&r->msg, "%s", r->stop ? "stopped early" : "done");
  return irsStatusOk();
}

void irsReducerGetSummary(IrsReducer h, IrsReduceSummary *out) {
  Reducer *r = h.ptr;
  memset(out, 0, sizeof(*out));
  out->opsBefore = r->opsBefore;
  out->opsAfter = irsReduceCountOps(mlirModuleGetOperation(r->module));
  out->bytesBefore = r->bytesBefore;
  out->bytesAfter = r->bytesAfter;
  out->testsRun = r->testsRun;
  out->cacheHits = r->cacheHits;
  out->elapsedSec = r->start > 0 ? irsClockMonotonicMs() / 1e3 - r->start : 0;
  out->failuresBefore = r->failuresBefore;
  out->runsBefore = r->runsBefore;
  out->failuresAfter = r->failuresAfter;
  out->runsAfter = r->runsAfter;
  out->quickHangSec = r->minTimeoutSec < r->opts.testTimeoutSec
                          ? r->minTimeoutSec
                          : 0;
  out->hangRedone = r->hangRedone;
}

int64_t irsReducerGetStrategyOps(IrsReducer h, intptr_t pos, int64_t *wins) {
  Reducer *r = h.ptr;
  if (pos < 0 || pos >= irsReduceStrategyCount()) {
    if (wins)
      *wins = 0;
    return 0;
  }
  if (wins)
    *wins = r->strategyWins[pos];
  return r->strategyOps[pos];
}

MlirOperation irsReducerGetModule(IrsReducer h) {
  return mlirModuleGetOperation(((Reducer *)h.ptr)->module);
}
MlirStringRef irsReducerGetPipeline(IrsReducer h) {
  Reducer *r = h.ptr;
  return irsPipelineIsNull(r->pipeline) ? mlirStringRefCreate("", 0)
                                        : irsPipelineGetText(r->pipeline);
}
const IrsSignature *irsReducerGetSignature(IrsReducer h) {
  return &((Reducer *)h.ptr)->target;
}
MlirStringRef irsReducerGetMessage(IrsReducer h) {
  return irsBufRef(&((Reducer *)h.ptr)->msg);
}
int64_t irsReducerGetTestsRun(IrsReducer h) {
  return ((Reducer *)h.ptr)->testsRun;
}
