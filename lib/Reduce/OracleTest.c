// SPDX-License-Identifier: Apache-2.0
//===- OracleTest.c - "is one of these candidates still interesting?" -----===//
//
// The entry points strategies call. irsReduceTestFirst answers from the
// cache what it can (OracleCache.c) and runs the rest as one batch
// (OracleBatch.c); the answer is the first interesting candidate in list
// order, as if each had been tested in turn.
//
//===----------------------------------------------------------------------===//
#include "OracleImpl.h"

#include <stdlib.h>
#include <string.h>

bool irsReduceTest(Reducer *r, const IrsEdit *edit) {
  return irsReduceTestFirst(r, &edit, 1) == 0;
}

// The candidates of one irsReduceTestFirst call: their cache hashes, and
// those the cache cannot answer (`todo`, at list positions `pos`).
typedef struct Pending {
  uint64_t *h; // two per candidate
  const IrsEdit **todo;
  size_t *pos, m;
  bool *cached, *empties;
  intptr_t cachedYes; // the first candidate known to be interesting, or -1
} Pending;

static void pendingFree(Pending *p) {
  free(p->h), free(p->todo), free(p->pos), free(p->cached), free(p->empties);
}

static bool pendingInit(Pending *p, size_t n) {
  p->h = malloc(n * 2 * sizeof(uint64_t));
  p->todo = malloc(n * sizeof(*p->todo));
  p->pos = malloc(n * sizeof(size_t));
  p->cached = calloc(n, sizeof(bool));
  p->empties = calloc(n, sizeof(bool));
  p->m = 0;
  p->cachedYes = -1;
  if (p->h && p->todo && p->pos && p->cached && p->empties)
    return true;
  pendingFree(p);
  return false;
}

// Candidates the cache answers are not run; one it knows is interesting
// ends the list (nothing after it can be the first).
static void lookUp(Reducer *r, const IrsEdit *const *edits, size_t n,
                   Pending *p) {
  IrsBuf key = IRS_BUF_INIT;
  int known = irsReduceEmptyVerdict(r);
  size_t top = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(r->module));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    ++top;
  for (size_t i = 0; i < n; ++i) {
    uint64_t *h = &p->h[2 * i];
    irsReduceCacheHash(r, edits[i], &key, &h[0], &h[1]);
    IrsReduceCacheEntry *e = irsReduceCacheSlot(r, h[0], h[1], false);
    p->empties[i] = !r->opts.testArgv && r->testRuns == 1 &&
                    irsReduceEmptiesModule(r, edits[i], top);
    if (!e && p->empties[i] && known >= 0) {
      p->cached[i] = true;
      if (known) {
        p->cachedYes = (intptr_t)i;
        break;
      }
      continue;
    }
    p->cached[i] = e != NULL;
    if (e) {
      if (e->interesting) {
        p->cachedYes = (intptr_t)i;
        break;
      }
      continue;
    }
    p->todo[p->m] = edits[i];
    p->pos[p->m++] = i;
  }
  irsBufFree(&key);
}

// Verdicts of the pending candidates, in order (-1 unknown): a prefix from
// batches of many candidates per tool process (OracleSplit.c) when they
// can be used, the rest from one batch of runs. False if the runs could
// not be started.
static bool decide(Reducer *r, const Pending *p, signed char *v, bool *q,
                   size_t *fromSplit) {
  memset(v, -1, p->m);
  size_t from = 0;
  if (irsReduceSplitUsable(r, p->todo, p->m))
    from = irsReduceSplitTest(r, p->todo, p->m, v);
  *fromSplit = from;
  if (from == p->m || (from > 0 && v[from - 1] == 1))
    return true;
  Batch b;
  bool ok = irsReduceBatchInit(&b, r, p->todo + from, p->m - from, false) &&
            irsReduceBatchRun(&b);
  for (size_t k = 0; ok && k < p->m - from; ++k) {
    v[from + k] = b.verdict[k];
    q[from + k] = b.quick[k];
  }
  irsReduceBatchFree(&b);
  return ok || from > 0;
}

// Runs the pending candidates and caches their verdicts; returns the first
// interesting candidate's list position (the cached one when none ran
// interesting), -1 if none or unknown, in *quick whether that verdict was
// a quick hang verdict and in *batched whether it came from a chunk after
// the first of a tool process (OracleSplit.c), which no plain run backs.
static intptr_t runPending(Reducer *r, const Pending *p, bool *quick,
                           bool *batched) {
  intptr_t answer = p->cachedYes;
  *quick = true; // a cached verdict: how it was made is not kept
  *batched = r->toolBatches > 0;
  signed char *v = malloc(p->m);
  bool *q = calloc(p->m, sizeof(bool));
  size_t fromSplit = 0;
  if (v && q && decide(r, p, v, q, &fromSplit)) {
    for (size_t k = 0; k < p->m; ++k) {
      if (v[k] < 0)
        break; // stopped early: nothing after an unknown one is first
      size_t i = p->pos[k];
      IrsReduceCacheEntry *e =
          irsReduceCacheSlot(r, p->h[2 * i], p->h[2 * i + 1], true);
      if (e)
        e->interesting = v[k] == 1;
      if (p->empties[i])
        irsReduceSetEmptyVerdict(r, v[k] == 1);
      if (v[k] == 1) {
        answer = (intptr_t)i;
        *quick = q[k];
        *batched = k < fromSplit && r->splitLastChunk > 0;
        break;
      }
    }
    // With nothing interesting among the runs, the cached one stands,
    // unless an undecided run came before it.
    if (answer == p->cachedYes && p->cachedYes >= 0)
      for (size_t k = 0; k < p->m; ++k)
        if (v[k] < 0 && p->pos[k] < (size_t)p->cachedYes)
          answer = -1;
  } else {
    answer = -1;
  }
  free(v);
  free(q);
  return answer;
}

intptr_t irsReduceTestFirst(Reducer *r, const IrsEdit *const *edits, size_t n) {
  if (r->opts.stopFlag && *r->opts.stopFlag)
    r->stop = true;
  Pending p;
  if (r->stop || n == 0 || !pendingInit(&p, n))
    return -1;
  lookUp(r, edits, n, &p);
  intptr_t answer = p.cachedYes;
  bool answerQuick = true, answerBatched = r->toolBatches > 0;
  if (p.m > 0)
    answer = runPending(r, &p, &answerQuick, &answerBatched);
  // Count the hits that sequential testing would have met: those up to
  // the answer (a list may run far beyond it).
  for (size_t i = 0; i < n && (answer < 0 || i <= (size_t)answer); ++i)
    r->cacheHits += p.cached[i];
  // Every caller applies the candidate found: whether the module then
  // still needs confirming at the full timeout is this verdict's.
  if (answer >= 0) {
    r->unconfirmed = r->quickHangs && answerQuick;
    r->splitUnconfirmed = answerBatched;
  }
  pendingFree(&p);
  irsReduceReport(r, false);
  return answer;
}
