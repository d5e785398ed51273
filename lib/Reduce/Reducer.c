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
#define _GNU_SOURCE // mkostemp, pipe2
#include "ReduceImpl.h"

#include "../Support/Fs.h"

#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

bool irsReduceEstablish(Reducer *r);

typedef struct Strategy {
  const char *name;
  bool (*fn)(Reducer *);
  const char *description;
  bool final; // cosmetic: runs once, after the fixed point of the others
  IrsStrategyNeeds needs;
} Strategy;

static const Strategy strategies[] = {
#define IRS_STRATEGY(NAME, FN, NEEDS, DESC) {NAME, FN, DESC, false, NEEDS},
#define IRS_FINAL_STRATEGY(NAME, FN, NEEDS, DESC) {NAME, FN, DESC, true, NEEDS},
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

typedef struct Sink {
  IrsAtomicFile *file; // NULL: only count
  int64_t bytes;
} Sink;

static void sinkCb(MlirStringRef s, void *ud) {
  Sink *k = ud;
  k->bytes += (int64_t)s.length;
  if (k->file)
    irsAtomicFileStringCallback(s, k->file);
}

// Prints the module as -o has it; returns its size in bytes.
static int64_t printModule(Reducer *r, IrsAtomicFile *af) {
  Sink k = {af, 0};
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  if (r->opts.printGeneric)
    mlirOpPrintingFlagsPrintGenericOpForm(f);
  if (r->opts.printDebugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(f, true, false);
  // The printer verifies what it prints first (1.2 s of CPU on a million
  // ops); the input verified, and so did every candidate kept since.
  if (!r->inputInvalid)
    mlirOpPrintingFlagsAssumeVerified(f);
  mlirOperationPrintWithFlags(mlirModuleGetOperation(r->module), f, sinkCb,
                              &k);
  mlirOpPrintingFlagsDestroy(f);
  if (af)
    irsAtomicFileWrite(af, "\n", 1);
  return k.bytes + 1;
}

// Printing a module of a million ops takes seconds, and ddmin accepts a
// dozen halvings of it in a row: a write is put off while it would cost
// more than a fifth of the time since the last one (estimated per op from
// that one). `force`: the input, and the result at the end, are always
// written; only a killed run can leave an older (bigger) best behind.
static bool saveBest(Reducer *r, bool force) {
  ++r->generation;
  if (!r->opts.outputPath)
    return true;
  double t0 = irsClockMonotonicMs() / 1e3;
  if (!force && r->saveSecPerOp * (double)r->opsNow > (t0 - r->lastSaveAt) / 5)
    return true;
  IrsAtomicFile af;
  int e = irsAtomicFileOpen(&af, r->opts.outputPath);
  if (e) {
    errno = e; // for the caller's message
    return false;
  }
  r->bytesAfter = printModule(r, &af);
  e = irsAtomicFileCommit(&af);
  bool ok = e == 0;
  if (!ok)
    errno = e;
  r->lastSaveAt = irsClockMonotonicMs() / 1e3;
  r->saveSecPerOp = (r->lastSaveAt - t0) / (double)(r->opsNow > 0 ? r->opsNow : 1);
  return ok;
}

bool irsReduceSaveBest(Reducer *r) { return saveBest(r, false); }

// The input's first write, on a big module, runs in a forked child while
// the input's check runs: printing a million ops took 6.6 s of CPU after
// the check, on the critical path, while the single-threaded check leaves
// the second core idle (bench/README.md, scale). The parent opens the
// temporary file and renames it into place only once the check has found
// the input interesting, so a failed check leaves -o untouched, as before.
enum { kBackgroundSaveOps = 100000 };

typedef struct BackgroundSave {
  IrsAtomicFile af;
  pid_t pid; // -1: none running
  int fd;    // the child's report: bytes written and seconds taken
} BackgroundSave;

static void backgroundSaveStart(Reducer *r, BackgroundSave *b) {
  b->pid = -1;
  int p[2];
  if (!r->opts.outputPath || r->opsNow < kBackgroundSaveOps ||
      irsAtomicFileOpen(&b->af, r->opts.outputPath) != 0)
    return;
  if (b->af.direct || pipe2(p, O_CLOEXEC) != 0) {
    irsAtomicFileAbort(&b->af);
    return;
  }
  b->pid = fork();
  if (b->pid == 0) {
    close(p[0]);
    // Behind the check's threads: it may take the core their inliner
    // leaves idle, not theirs.
    if (nice(10) == -1) {
      // Runs at the parent's priority: only slower.
    }
    double t0 = irsClockMonotonicMs() / 1e3;
    double rep[2] = {(double)printModule(r, &b->af), 0};
    b->af.direct = true; // flush and close; the parent renames
    if (irsAtomicFileCommit(&b->af) != 0)
      rep[0] = -1;
    rep[1] = irsClockMonotonicMs() / 1e3 - t0;
    ssize_t w = write(p[1], rep, sizeof(rep));
    _exit(w == (ssize_t)sizeof(rep) && rep[0] >= 0 ? 0 : 1);
  }
  close(p[1]);
  b->fd = p[0];
  if (b->pid < 0) {
    close(p[0]);
    irsAtomicFileAbort(&b->af);
  }
}

// Waits for the child; `commit`: renames its file into place. True when
// the input is written (then bytesAfter is its size).
static bool backgroundSaveFinish(Reducer *r, BackgroundSave *b, bool commit) {
  if (b->pid < 0)
    return false;
  double rep[2] = {-1, 0};
  ssize_t n;
  while ((n = read(b->fd, rep, sizeof(rep))) < 0 && errno == EINTR)
    ;
  close(b->fd);
  int st = 0;
  while (waitpid(b->pid, &st, 0) < 0 && errno == EINTR)
    ;
  b->pid = -1;
  bool ok = commit && n == (ssize_t)sizeof(rep) && rep[0] >= 0 &&
            WIFEXITED(st) && WEXITSTATUS(st) == 0;
  if (!ok) {
    irsAtomicFileAbort(&b->af);
    return false;
  }
  if (irsAtomicFileCommit(&b->af) != 0) // nothing buffered here: renames
    return false;
  ++r->generation;
  r->bytesAfter = (int64_t)rep[0];
  r->lastSaveAt = irsClockMonotonicMs() / 1e3;
  r->saveSecPerOp = rep[1] / (double)(r->opsNow > 0 ? r->opsNow : 1);
  return true;
}

static bool outOfTime(Reducer *r) {
  if (r->opts.stopFlag && *r->opts.stopFlag)
    r->stop = true;
  if (r->opts.maxTimeSec > 0 && irsClockMonotonicMs() / 1e3 - r->start > r->opts.maxTimeSec)
    r->stop = true;
  return r->stop;
}

// Builds the edit removing the still-kept items of [lo, hi); NULL if none.
static IrsEdit *chunkEdit(const int64_t *items, const bool *keep, size_t lo,
                          size_t hi, int64_t **storage) {
  size_t cnt = 0;
  for (size_t i = lo; i < hi; ++i)
    cnt += keep[i];
  *storage = NULL;
  if (cnt == 0)
    return NULL;
  int64_t *erase = malloc(cnt * sizeof(int64_t));
  IrsEdit *e = calloc(1, sizeof(IrsEdit));
  if (!erase || !e) {
    free(erase);
    free(e);
    return NULL;
  }
  size_t k = 0;
  for (size_t i = lo; i < hi; ++i)
    if (keep[i])
      erase[k++] = items[i];
  e->erase.ops = erase;
  e->erase.num = k;
  *storage = erase;
  return e;
}

// Tool mode's batches (OracleSplit.c): after a chunk has gone, the rest of
// its granularity is tested again on the new module, and each chunk that
// goes then ends a batch (the next chunks are edits of yet another
// module): on the small crashes of bench/reduce_tool.py two of three tool
// processes of erase-symbols were such one-chunk batches. Removing the
// whole rest at once goes first in the list: one chunk more in the batch
// when it is not interesting (a few ms of the tool's, nothing when it does
// not verify), every later batch of that granularity saved when it is.
// Only for top-level symbols, which are mostly independent (the functions
// around the one that fails): inside a function the rest rarely goes at
// once (on test-written-to it never did, 4 chunks more for one batch less).
// NULL when fewer than two chunks are left or batches are not in use
// (in-process tests cost no process each; the union would only add one).
static IrsEdit *unionEdit(Reducer *r, const int64_t *items, const bool *keep,
                          const size_t *los, const size_t *his, size_t first,
                          size_t end, int64_t **storage) {
  *storage = NULL;
  if (end - first < 2 || !r->opts.toolArgv || r->splitState < 0 ||
      r->testRuns != 1)
    return NULL;
  IrsEdit *e = chunkEdit(items, keep, los[end - 1], his[first], storage);
  if (e)
    e->erase.detachTo = irsReduceGraveyard(r);
  return e;
}

// irsReduceTestFirst over `u` (when not NULL) then the n chunks: the index
// in that list of the first interesting one, so 0 is `u` and k > 0 chunk
// k - 1; without `u`, the chunk's index plus one. -1: none.
static intptr_t testWithUnion(Reducer *r, const IrsEdit *u,
                              const IrsEdit *const *edits, size_t n) {
  if (!u) {
    intptr_t k = irsReduceTestFirst(r, edits, n);
    return k < 0 ? -1 : k + 1;
  }
  const IrsEdit **list = malloc((n + 1) * sizeof(*list));
  if (!list)
    return testWithUnion(r, NULL, edits, n);
  list[0] = u;
  memcpy(list + 1, edits, n * sizeof(*list));
  intptr_t k = irsReduceTestFirst(r, list, n + 1);
  free(list);
  return k;
}

bool irsReduceDdmin(Reducer *r, int64_t *items, size_t n, bool independent) {
  if (n == 0)
    return false;
  // Indices refer to the pre-order numbering of the module as it is now;
  // after an accepted removal, numbering shifts. Removals are therefore
  // applied from the end of the list towards the start, so the indices of
  // the chunks still to try (all smaller) stay valid.
  //
  // Sequential ddmin tries the chunks of one granularity from the end
  // towards the start, and goes to the next finer granularity only when
  // none could go. The candidates it tries up to its first success are
  // therefore known in advance: the chunks of every granularity, coarse to
  // fine, in that order. They go to irsReduceTestFirst as one list, so that
  // -j N always has N candidates to test (the first success in list order
  // is the one sequential ddmin finds). After a success, the rest of its
  // granularity is tried on the new module, then the caller re-collects.
  size_t total = 0;
  for (size_t chunk = n;; chunk = (chunk + 1) / 2) {
    total += (n + chunk - 1) / chunk;
    if (chunk == 1)
      break;
  }
  IrsEdit **edits = calloc(total, sizeof(IrsEdit *));
  int64_t **store = calloc(total, sizeof(int64_t *));
  size_t *los = calloc(total, sizeof(size_t)), *his = calloc(total, sizeof(size_t));
  size_t *levelEnd = calloc(total, sizeof(size_t));
  bool *keep = malloc(n * sizeof(bool));
  bool any = false;
  if (!edits || !store || !los || !his || !levelEnd || !keep)
    goto out;
  for (size_t i = 0; i < n; ++i)
    keep[i] = true;
  size_t m = 0;
  for (size_t chunk = n;; chunk = (chunk + 1) / 2) {
    size_t begin = m;
    for (size_t hi = n; hi > 0;) {
      size_t lo = hi > chunk ? hi - chunk : 0;
      IrsEdit *e = chunkEdit(items, keep, lo, hi, &store[m]);
      if (e)
        e->erase.detachTo = irsReduceGraveyard(r);
      if (e) {
        edits[m] = e;
        los[m] = lo;
        his[m++] = hi;
      }
      hi = lo;
    }
    for (size_t i = begin; i < m; ++i)
      levelEnd[i] = m;
    if (chunk == 1)
      break;
  }
  size_t first = 0, end = m;
  bool after = false; // a chunk of this granularity has gone
  while (first < end && !outOfTime(r)) {
    int64_t *uStore = NULL;
    IrsEdit *u = after && independent
                     ? unionEdit(r, items, keep, los, his, first, end, &uStore)
                     : NULL;
    intptr_t k = testWithUnion(r, u, (const IrsEdit *const *)edits + first,
                               end - first);
    // k == 0: the rest went at once, as if up to its last chunk.
    size_t c = k > 0 ? first + (size_t)k - 1 : end - 1;
    size_t lo = k > 0 ? los[c] : los[end - 1], hi = k > 0 ? his[c] : his[first];
    if (k >= 0) {
      irsReduceApply(r, k > 0 ? edits[c] : u);
      for (size_t i = lo; i < hi; ++i)
        keep[i] = false;
    }
    free(uStore);
    free(u);
    if (k < 0)
      break;
    after = true;
    irsReduceSaveBest(r);
    irsReduceReport(r, true);
    any = true;
    // The chunks after it in its granularity (smaller indices) are still
    // valid, but were tested against the module before this removal: test
    // them again; finer granularities wait for the caller's re-collection.
    first = c + 1;
    end = levelEnd[c];
  }
out:
  for (size_t i = 0; store && edits && i < total; ++i) {
    free(store[i]);
    free(edits[i]);
  }
  free(edits), free(store), free(los), free(his), free(levelEnd), free(keep);
  return any;
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

// Every name of the comma-separated `list` is a strategy's.
static bool checkStrategies(const char *list, IrsBuf *err) {
  for (const char *p = list; p && *p;) {
    const char *c = strchr(p, ',');
    size_t l = c ? (size_t)(c - p) : strlen(p);
    bool found = false;
    for (intptr_t s = 0; s < NUM_STRATEGIES; ++s)
      if (strlen(strategies[s].name) == l && !memcmp(strategies[s].name, p, l))
        found = true;
    if (!found) {
      irsBufPrintf(err, "unknown strategy '%.*s' (see --list-strategies)",
                   (int)l, p);
      return false;
    }
    if (!c)
      break;
    p = c + 1;
  }
  return true;
}

// The temporary directory, the supervisor and the per-strategy figures.
static bool allocate(Reducer *r, IrsBuf *err) {
  const char *t = getenv("TMPDIR");
  snprintf(r->tmpDir, sizeof(r->tmpDir), "%s/opt-reduce-XXXXXX",
           t && *t ? t : "/tmp");
  if (!mkdtemp(r->tmpDir)) {
    r->tmpDir[0] = '\0'; // nothing for irsReducerDestroy to remove
    irsBufPrintf(err, "%s", "cannot create a temporary directory");
    return false;
  }
  IrsSupervisorOptions so = {
      .stepTimeoutSec = r->opts.testTimeoutSec > 0
                            ? r->opts.testTimeoutSec
                            : (r->opts.testArgv ? 60 : 0),
      .memoryLimitBytes = r->opts.memoryLimitBytes};
  r->sup = irsSupervisorCreate(&so);
  r->curTimeoutSec = r->minTimeoutSec = so.stepTimeoutSec;
  r->strategyOps = calloc((size_t)NUM_STRATEGIES, sizeof(int64_t));
  r->strategyWins = calloc((size_t)NUM_STRATEGIES, sizeof(int64_t));
  r->symCache = calloc(kSymCacheSize, sizeof(*r->symCache));
  if (!r->sup.ptr || !r->strategyOps || !r->strategyWins || !r->symCache) {
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
      !checkStrategies(r->opts.strategies, &err) || !allocate(r, &err)) {
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
  free(r->strategyOps);
  free(r->strategyWins);
  irsReduceCacheFree(r);
  if (!mlirOperationIsNull(r->original))
    mlirOperationDestroy(r->original);
  free(r->emptyPipeline);
  irsLoadMapDestroy(r->toolMap);
  irsReduceAnchorsFree(r);
  // The temporary directory only ever holds candidate files.
  if (r->tmpDir[0])
    rmdir(r->tmpDir);
  free(r);
}

// What the run's mode lacks of what the strategy needs: a test script and a
// foreign tool do not say which step failed; a foreign tool's dialects are
// not registered in opt-reduce, so irscope's canonicalize, cse and
// symbol-dce would change nothing there and cost three tests a round.
static IrsStrategyNeeds missingNeeds(const Reducer *r, const Strategy *s) {
  uint32_t lacks = 0;
  if (r->opts.testArgv || r->opts.toolArgv)
    lacks |= IrsStrategyNeedsFailingStep;
  if (r->opts.toolArgv)
    lacks |= IrsStrategyNeedsDialects;
  return (IrsStrategyNeeds)(s->needs & lacks);
}

// Tool mode says once, through the progress callback (opt-reduce -v), which
// strategies it skips and why.
static void noteSkipped(Reducer *r, const Strategy *s, IrsStrategyNeeds miss) {
  if (!r->opts.toolArgv || (r->skipNoted & (uint32_t)miss) == (uint32_t)miss)
    return;
  r->skipNoted |= (uint32_t)miss;
  char why[256];
  snprintf(why, sizeof(why), "strategy '%s' skipped: %s", s->name,
           (miss & IrsStrategyNeedsFailingStep)
               ? "a run of the tool does not say which step failed"
               : "it needs the tool's dialects, which are not registered "
                 "in opt-reduce");
  irsReduceNote(r, why);
}

// Whether strategy `s` runs in this reduction's mode. Miscompile mode skips
// the cosmetic (final) strategies: each of their tests costs two
// executions, and the entry and what it prints stay named as in the input.
static bool runsInMode(Reducer *r, const Strategy *s) {
  IrsStrategyNeeds miss = missingNeeds(r, s);
  if (miss) {
    noteSkipped(r, s, miss);
    return false;
  }
  return !(r->opts.miscompile && s->final);
}

// Pass 0: the reducing strategies to a fixed point; pass 1: the final
// (cosmetic) ones, once.
static void reduceToFixedPoint(Reducer *r) {
  bool progress = true;
  for (int pass = 0; pass < 2; ++pass) {
    for (progress = true; progress && !outOfTime(r);) {
      progress = false;
      for (intptr_t s = 0; s < NUM_STRATEGIES && !outOfTime(r); ++s) {
        if (strategies[s].final != (pass == 1) ||
            !enabled(r, strategies[s].name))
          continue;
        if (!runsInMode(r, &strategies[s]))
          continue;
        // The final strategies change little, and their tests at the full
        // timeout confirm quick hang verdicts for free when they succeed.
        if (pass == 1)
          r->quickHangs = false;
        r->strategy = strategies[s].name;
        r->strategyIndex = s;
        int64_t before = r->opsNow;
        if (strategies[s].fn(r))
          progress = true;
        r->opsNow = irsReduceCountOps(mlirModuleGetOperation(r->module));
        r->strategyOps[s] += before - r->opsNow;
      }
      if (pass == 1)
        break;
    }
  }
  r->strategyIndex = -1;
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
  // A cleanup pass killed on a quick verdict may not have hung at all.
  for (size_t i = 0; i < sizeof(r->runPassesRetryAt) / sizeof(int64_t); ++i)
    r->runPassesRetryAt[i] = INT64_MAX;
  // The summary's per-strategy figures describe the reduction that counts.
  memset(r->strategyOps, 0, (size_t)NUM_STRATEGIES * sizeof(int64_t));
  memset(r->strategyWins, 0, (size_t)NUM_STRATEGIES * sizeof(int64_t));
  ++r->generation; // cached verdicts were about the other module
  r->opsNow = irsReduceCountOps(mlirModuleGetOperation(r->module));
  if (!saveBest(r, true))
    return false;
  if (!r->stop)
    reduceToFixedPoint(r);
  return true;
}

// Whether the input's check writes the IR going into each step for the
// pipeline strategy (OracleSnapshot.c): only a single in-process run of a
// pipeline of several steps has the snapshot that strategy takes.
static intptr_t checkSnapshots(Reducer *r) {
  if (r->opts.testArgv || r->opts.toolArgv || r->opts.miscompile ||
      r->opts.checkDeterminism || r->testRuns != 1 ||
      !enabled(r, "pipeline"))
    return 0;
  intptr_t n = irsPipelineGetNumSteps(r->pipeline);
  return n > 1 ? n : 0;
}

// Whether the input's check notes the symbols its nested steps run on
// (OracleAnchor.c): a single in-process run of the pipeline, whose steps
// are the ones failing-symbol's candidate runs under.
static bool checkAnchors(Reducer *r) {
  return !r->opts.testArgv && !r->opts.toolArgv && !r->opts.miscompile &&
         !r->opts.checkDeterminism && r->testRuns == 1 &&
         enabled(r, "failing-symbol");
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
// failing-symbol's candidate is such a run, on the module cut to one
// function (a fraction of a second where the threads saved seconds); if it
// is not kept, the check runs again without threads, and its signature is
// the target. False: then the input is not interesting after all.
static bool confirmThreadedCheck(Reducer *r) {
  if (!r->checkThreaded)
    return true;
  r->checkThreaded = false;
  irsReduceNote(r, "the input was checked with MLIR's threads: its "
                   "signature is taken once a run without them confirms "
                   "it");
  for (intptr_t s = 0; s < NUM_STRATEGIES; ++s) {
    if (strategies[s].fn != irsReduceFailingSymbol)
      continue;
    r->strategy = strategies[s].name;
    r->strategyIndex = s;
    int64_t before = r->opsNow;
    bool kept = irsReduceFailingSymbol(r);
    r->strategyOps[s] += before - r->opsNow;
    r->strategyIndex = -1;
    if (kept)
      return true;
  }
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

IrsStatus irsReducerRun(IrsReducer h) {
  Reducer *r = h.ptr;
  r->start = irsClockMonotonicMs() / 1e3;
  r->opsBefore = r->opsNow =
      irsReduceCountOps(mlirModuleGetOperation(r->module));
  for (size_t i = 0; i < sizeof(r->runPassesRetryAt) / sizeof(int64_t); ++i)
    r->runPassesRetryAt[i] = INT64_MAX;
  r->emptyVerdict = -1;
  r->strategy = "check";
  r->inputInvalid = !r->opts.inputVerified &&
                    !mlirOperationVerify(mlirModuleGetOperation(r->module));
  r->checkSnapSteps = checkSnapshots(r);
  if (checkAnchors(r))
    irsReduceAnchorsStart(r); // without the mapping, nothing is noted
  r->checkThreaded = checkThreads(r);
  BackgroundSave bg;
  backgroundSaveStart(r, &bg);
  if (!establish(r) || !acceptTarget(r)) {
    backgroundSaveFinish(r, &bg, false);
    irsReduceSnapshotDrop(r);
    return irsStatusMake(IRS_ERR_USAGE);
  }
  // Miscompile mode checks determinism once, on the result (confirmOrRedo),
  // and needs the input back if that fails.
  if (r->opts.miscompile && mlirOperationIsNull(r->original))
    r->original = mlirOperationClone(mlirModuleGetOperation(r->module));
  // The input's size in bytes comes from its first write (a print of a big
  // module takes seconds).
  if (!backgroundSaveFinish(r, &bg, true) && !saveBest(r, true)) {
    irsBufPrintf(&r->msg, "cannot write '%s': %s", r->opts.outputPath,
                 strerror(errno));
    irsReduceSnapshotDrop(r);
    return irsStatusMake(IRS_ERR_IO);
  }
  r->bytesBefore = r->bytesAfter =
      r->opts.outputPath ? r->bytesAfter : printModule(r, NULL);
  r->checkSnapGeneration = r->generation;
  if (!confirmThreadedCheck(r)) {
    irsReduceSnapshotDrop(r);
    return irsStatusMake(IRS_ERR_USAGE);
  }
  // Tool mode, a crash: what to redo from if batched verdicts fail their
  // confirmation (see confirmOrRedo).
  if (r->opts.toolArgv && r->target.kind == IrsOutcomeCrash &&
      mlirOperationIsNull(r->original))
    r->original = mlirOperationClone(mlirModuleGetOperation(r->module));
  reduceToFixedPoint(r);
  irsReduceSnapshotDrop(r);
  r->unconfirmed = r->unconfirmed || (r->opts.miscompile && !r->miscompileFull);
  if ((r->unconfirmed || r->splitUnconfirmed) && !confirmOrRedo(r))
    return irsStatusMake(IRS_ERR_IO);
  if (r->toolBatches > 0) {
    IrsBuf n = IRS_BUF_INIT;
    irsBufPrintf(&n, "%lld of %lld tests ran in %lld batched tool processes",
                 (long long)r->splitTests, (long long)r->testsRun,
                 (long long)r->toolBatches);
    irsReduceNote(r, n.data);
    irsBufFree(&n);
  }
  r->strategyIndex = -1;
  if (!saveBest(r, true)) {
    irsBufPrintf(&r->msg, "cannot write '%s': %s", r->opts.outputPath,
                 strerror(errno));
    return irsStatusMake(IRS_ERR_IO);
  }
  if (!r->opts.outputPath)
    r->bytesAfter = printModule(r, NULL);
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
  if (pos < 0 || pos >= NUM_STRATEGIES) {
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
