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

intptr_t irsReduceTestFirst(Reducer *r, const IrsEdit *const *edits, size_t n) {
  if (r->opts.stopFlag && *r->opts.stopFlag)
    r->stop = true;
  if (r->stop || n == 0)
    return -1;
  // Candidates the cache answers are not run; one it knows is interesting
  // ends the list (nothing after it can be the first).
  uint64_t *h = malloc(n * 2 * sizeof(uint64_t));
  const IrsEdit **todo = malloc(n * sizeof(*todo));
  size_t *pos = malloc(n * sizeof(size_t));
  bool *cached = calloc(n, sizeof(bool));
  bool *empties = calloc(n, sizeof(bool));
  if (!h || !todo || !pos || !cached || !empties) {
    free(h), free(todo), free(pos), free(cached), free(empties);
    return -1;
  }
  IrsBuf key = IRS_BUF_INIT;
  size_t m = 0;
  intptr_t cachedYes = -1;
  int known = irsReduceEmptyVerdict(r);
  size_t top = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(r->module));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    ++top;
  for (size_t i = 0; i < n; ++i) {
    irsReduceCacheHash(r, edits[i], &key, &h[2 * i], &h[2 * i + 1]);
    IrsReduceCacheEntry *e = irsReduceCacheSlot(r, h[2 * i], h[2 * i + 1], false);
    empties[i] = !r->opts.testArgv && r->testRuns == 1 &&
                 irsReduceEmptiesModule(r, edits[i], top);
    if (!e && empties[i] && known >= 0) {
      cached[i] = true;
      if (known) {
        cachedYes = (intptr_t)i;
        break;
      }
      continue;
    }
    cached[i] = e != NULL;
    if (e) {
      if (e->interesting) {
        cachedYes = (intptr_t)i;
        break;
      }
      continue;
    }
    todo[m] = edits[i];
    pos[m++] = i;
  }
  irsBufFree(&key);
  intptr_t answer = cachedYes;
  bool answerQuick = true; // a cached verdict: how it was made is not kept
  if (m > 0) {
    Batch b;
    if (irsReduceBatchInit(&b, r, todo, m, false) && irsReduceBatchRun(&b)) {
      for (size_t k = 0; k < m; ++k) {
        if (b.verdict[k] < 0)
          break; // stopped early: nothing after an unknown one is first
        IrsReduceCacheEntry *e =
            irsReduceCacheSlot(r, h[2 * pos[k]], h[2 * pos[k] + 1], true);
        if (e)
          e->interesting = b.verdict[k] == 1;
        if (empties[pos[k]])
          irsReduceSetEmptyVerdict(r, b.verdict[k] == 1);
        if (b.verdict[k] == 1) {
          answer = (intptr_t)pos[k];
          answerQuick = b.quick[k];
          break;
        }
      }
      // With nothing interesting among the runs, the cached one stands,
      // unless an undecided run came before it.
      if (answer == cachedYes && cachedYes >= 0)
        for (size_t k = 0; k < m; ++k)
          if (b.verdict[k] < 0 && pos[k] < (size_t)cachedYes)
            answer = -1;
    } else {
      answer = -1;
    }
    irsReduceBatchFree(&b);
  }
  // Count the hits that sequential testing would have met: those up to
  // the answer (a list may run far beyond it).
  for (size_t i = 0; i < n && (answer < 0 || i <= (size_t)answer); ++i)
    r->cacheHits += cached[i];
  // Every caller applies the candidate found: whether the module then
  // still needs confirming at the full timeout is this verdict's.
  if (answer >= 0)
    r->unconfirmed = r->quickHangs && answerQuick;
  free(h), free(todo), free(pos), free(cached), free(empties);
  irsReduceReport(r, false);
  return answer;
}

