// SPDX-License-Identifier: Apache-2.0
//===- Ddmin.c - removing chunks of ops while the failure stays -----------===//
//
// Op-level strategies hand a list of candidate ops to irsReduceDdmin, which
// removes chunks (halving the chunk size when no chunk can go, as in
// Zeller's ddmin and llvm-reduce's Delta.cpp) while the oracle says the
// failure is preserved.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <stdlib.h>
#include <string.h>

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
  e->ops = &irsEditErase;
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
  while (first < end && !irsReduceOutOfTime(r)) {
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
