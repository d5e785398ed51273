// SPDX-License-Identifier: Apache-2.0
//===- Reducer.c - the reduction loop and the ddmin engine ----------------===//
//
// Strategies (Strategies.def, one file each) run coarse before fine and the
// whole list repeats until a round changes nothing. Op-level strategies
// hand a list of candidate ops to irsReduceDdmin, which removes chunks
// (halving the chunk size when no chunk can go, as in Zeller's ddmin and
// llvm-reduce's Delta.cpp) while the oracle says the failure is preserved.
// Every accepted change is written to the output at once (atomically), so
// an interrupted reduction leaves a valid best-so-far behind.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include "../Support/Fs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <time.h>
#include <unistd.h>

bool irsReduceEstablish(Reducer *r);

static double nowSec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct Strategy {
  const char *name;
  bool (*fn)(Reducer *);
  const char *description;
} Strategy;

static const Strategy strategies[] = {
#define IRS_STRATEGY(NAME, FN, DESC) {NAME, FN, DESC},
#include "Strategies.def"
};
#define NUM_STRATEGIES ((intptr_t)(sizeof(strategies) / sizeof(strategies[0])))

intptr_t irsReduceStrategyGetNum(void) { return NUM_STRATEGIES; }
const char *irsReduceStrategyGetName(intptr_t pos) {
  return strategies[pos].name;
}
const char *irsReduceStrategyGetDescription(intptr_t pos) {
  return strategies[pos].description;
}

static bool enabled(Reducer *r, const char *name) {
  const char *list = r->opts.strategies;
  if (!list || !*list)
    return true;
  size_t n = strlen(name);
  for (const char *p = list; *p;) {
    const char *c = strchr(p, ',');
    size_t l = c ? (size_t)(c - p) : strlen(p);
    if (l == n && memcmp(p, name, n) == 0)
      return true;
    if (!c)
      break;
    p = c + 1;
  }
  return false;
}

void irsReduceReport(Reducer *r, bool improved) {
  if (!r->opts.onProgress)
    return;
  IrsReduceProgress p;
  p.opsBefore = r->opsBefore;
  p.opsNow = irsReduceCountOps(mlirModuleGetOperation(r->module));
  p.testsRun = r->testsRun;
  p.elapsedSec = nowSec() - r->start;
  p.strategy = r->strategy;
  p.improved = improved;
  r->opts.onProgress(&p, r->opts.userData);
}

bool irsReduceSaveBest(Reducer *r) {
  if (!r->opts.outputPath)
    return true;
  IrsAtomicFile af;
  if (irsAtomicFileOpen(&af, r->opts.outputPath) != 0)
    return false;
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOperationPrintWithFlags(mlirModuleGetOperation(r->module), f,
                              irsAtomicFileStringCallback, &af);
  mlirOpPrintingFlagsDestroy(f);
  irsAtomicFileWrite(&af, "\n", 1);
  return irsAtomicFileCommit(&af) == 0;
}

static bool outOfTime(Reducer *r) {
  if (r->opts.stopFlag && *r->opts.stopFlag)
    r->stop = true;
  if (r->opts.maxTimeSec > 0 && nowSec() - r->start > r->opts.maxTimeSec)
    r->stop = true;
  return r->stop;
}

// Tries to remove items[lo, hi) from the current set `keep` (a bitmap over
// items). Returns true if the removal was kept.
static bool tryRemove(Reducer *r, const int64_t *items, size_t n, bool *keep,
                      size_t lo, size_t hi) {
  size_t cnt = 0;
  for (size_t i = lo; i < hi; ++i)
    cnt += keep[i];
  if (cnt == 0)
    return false;
  int64_t *erase = malloc(cnt * sizeof(int64_t));
  if (!erase)
    return false;
  size_t k = 0;
  for (size_t i = lo; i < hi; ++i)
    if (keep[i])
      erase[k++] = items[i];
  IrsEdit e = {erase, k};
  (void)n;
  bool ok = irsReduceTest(r, &e);
  if (ok) {
    irsReduceApply(r, &e);
    for (size_t i = lo; i < hi; ++i)
      keep[i] = false;
    irsReduceSaveBest(r);
    irsReduceReport(r, true);
  }
  free(erase);
  return ok;
}

bool irsReduceDdmin(Reducer *r, int64_t *items, size_t n) {
  if (n == 0)
    return false;
  // Indices refer to the pre-order numbering of the module as it is now;
  // after an accepted removal, numbering shifts. Removals are therefore
  // applied from the end of the list towards the start, so the indices of
  // the chunks still to try (all smaller) stay valid.
  bool *keep = malloc(n * sizeof(bool));
  if (!keep)
    return false;
  for (size_t i = 0; i < n; ++i)
    keep[i] = true;
  bool any = false;
  size_t chunk = n;
  while (chunk >= 1 && !outOfTime(r)) {
    bool removed = false;
    for (size_t hi = n; hi > 0 && !outOfTime(r);) {
      size_t lo = hi > chunk ? hi - chunk : 0;
      if (tryRemove(r, items, n, keep, lo, hi)) {
        removed = any = true;
        // Later items (>= hi) keep their numbers only if nothing before
        // them was removed; renumber by re-collecting on the next round.
      }
      hi = lo;
    }
    if (chunk == 1)
      break;
    chunk = (chunk + 1) / 2;
    if (removed)
      break; // numbering changed: the caller re-collects and restarts
  }
  free(keep);
  return any;
}

IrsReducer irsReducerCreate(MlirContext context, MlirModule module,
                            const IrsReduceOptions *options,
                            MlirStringCallback errorCallback, void *userData) {
  IrsReducer h = {NULL};
  Reducer *r = calloc(1, sizeof(Reducer));
  if (!r) {
    mlirModuleDestroy(module);
    return h;
  }
  r->ctx = context;
  r->module = module;
  r->opts = *options;
  if (!r->opts.testArgv) {
    if (irsPipelineIsNull(r->opts.pipeline)) {
      if (errorCallback)
        errorCallback(mlirStringRefCreateFromCString(
                          "either a pipeline or a test script is needed"),
                      userData);
      mlirModuleDestroy(module);
      free(r);
      return h;
    }
    r->pipeline = irsPipelineCreateParse(irsPipelineGetText(r->opts.pipeline),
                                         errorCallback, userData);
  }
  if (r->opts.testArgv && strchr(r->opts.testArgv[0], '/')) {
    // Tests run inside a private temporary directory: make the script's
    // path independent of the current directory.
    char *abs = realpath(r->opts.testArgv[0], NULL);
    if (!abs) {
      if (errorCallback) {
        IrsBuf b = IRS_BUF_INIT;
        irsBufPrintf(&b, "cannot find test script '%s'", r->opts.testArgv[0]);
        errorCallback(irsBufRef(&b), userData);
        irsBufFree(&b);
      }
      mlirModuleDestroy(module);
      free(r);
      return h;
    }
    r->testPath = abs;
  }
  if (r->opts.strategies && *r->opts.strategies) {
    const char *p = r->opts.strategies;
    for (;;) {
      const char *c = strchr(p, ',');
      size_t l = c ? (size_t)(c - p) : strlen(p);
      bool found = false;
      for (intptr_t s = 0; s < NUM_STRATEGIES; ++s)
        if (strlen(strategies[s].name) == l && !memcmp(strategies[s].name, p, l))
          found = true;
      if (!found) {
        IrsBuf b = IRS_BUF_INIT;
        irsBufPrintf(&b, "unknown strategy '%.*s' (see --list-strategies)", (int)l, p);
        if (errorCallback) errorCallback(irsBufRef(&b), userData);
        irsBufFree(&b);
        irsPipelineDestroy(r->pipeline);
        free(r->testPath);
        mlirModuleDestroy(module);
        free(r);
        return h;
      }
      if (!c) break;
      p = c + 1;
    }
  }
  const char *t = getenv("TMPDIR");
  snprintf(r->tmpDir, sizeof(r->tmpDir), "%s/opt-reduce-XXXXXX",
           t && *t ? t : "/tmp");
  if (!mkdtemp(r->tmpDir)) {
    if (errorCallback)
      errorCallback(mlirStringRefCreateFromCString(
                        "cannot create a temporary directory"),
                    userData);
    irsPipelineDestroy(r->pipeline);
    mlirModuleDestroy(module);
    free(r);
    return h;
  }
  IrsSupervisorOptions so = {r->opts.testTimeoutSec > 0
                                 ? r->opts.testTimeoutSec
                                 : (r->opts.testArgv ? 60 : 0),
                             r->opts.memoryLimitBytes, false};
  r->sup = irsSupervisorCreate(&so);
  // ub.poison stands in for erased results; load its dialect before any
  // fork so candidates do not each load it.
  mlirContextGetOrLoadDialect(context, mlirStringRefCreateFromCString("ub"));
  h.ptr = r;
  return h;
}

void irsReducerDestroy(IrsReducer h) {
  Reducer *r = h.ptr;
  if (!r)
    return;
  irsSupervisorDestroy(r->sup);
  irsPipelineDestroy(r->pipeline);
  mlirModuleDestroy(r->module);
  irsBufFree(&r->msg);
  free(r->testPath);
  // The temporary directory only ever holds candidate files.
  char cmd[300];
  snprintf(cmd, sizeof(cmd), "%s", r->tmpDir);
  rmdir(cmd);
  free(r);
}

IrsStatus irsReducerRun(IrsReducer h) {
  Reducer *r = h.ptr;
  r->start = nowSec();
  r->opsBefore = irsReduceCountOps(mlirModuleGetOperation(r->module));
  r->strategy = "check";
  r->inputInvalid = !mlirOperationVerify(mlirModuleGetOperation(r->module));
  if (!irsReduceEstablish(r))
    return irsStatusMake(IRS_ERR_USAGE);
  if (!irsReduceSaveBest(r)) {
    irsBufPrintf(&r->msg, "cannot write '%s'", r->opts.outputPath);
    return irsStatusMake(IRS_ERR_IO);
  }
  bool progress = true;
  while (progress && !outOfTime(r)) {
    progress = false;
    for (intptr_t s = 0; s < NUM_STRATEGIES && !outOfTime(r); ++s) {
      if (!enabled(r, strategies[s].name))
        continue;
      if (r->opts.testArgv && strcmp(strategies[s].name, "pipeline") == 0)
        continue;
      r->strategy = strategies[s].name;
      if (strategies[s].fn(r))
        progress = true;
    }
  }
  if (!irsReduceSaveBest(r)) {
    irsBufPrintf(&r->msg, "cannot write '%s'", r->opts.outputPath);
    return irsStatusMake(IRS_ERR_IO);
  }
  irsBufReset(&r->msg);
  irsBufPrintf(&r->msg, "%s", r->stop ? "stopped early" : "done");
  return irsStatusOk();
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
