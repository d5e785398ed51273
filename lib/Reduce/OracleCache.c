// SPDX-License-Identifier: Apache-2.0
//===- OracleCache.c - candidate outcomes already known -------------------===//
//
// Outcomes are cached under (module generation, module, pipeline, edit
// key), so a candidate met again before the module changes costs nothing.
// The empty module is a candidate of its own kind: its verdict depends only
// on the pipeline, so it is kept across generations.
//
//===----------------------------------------------------------------------===//
#include "OracleImpl.h"

#include <stdlib.h>
#include <string.h>

// Keys are hashed twice (two independent 64-bit FNV-1a streams): a ddmin
// chunk's key lists thousands of op indices, and only hashes are kept.
static void hashKey(const IrsBuf *k, uint64_t *h1, uint64_t *h2) {
  uint64_t a = 0xcbf29ce484222325ull, c = 0x84222325cbf29ce4ull;
  for (size_t i = 0; i < k->len; ++i) {
    unsigned char x = (unsigned char)k->data[i];
    a = (a ^ x) * 0x100000001b3ull;
    c = (c ^ (x + 0x9e)) * 0x100000001b3ull;
    c ^= c >> 29;
  }
  *h1 = a;
  *h2 = c;
}

static void cacheKey(Reducer *r, const IrsEdit *edit, IrsBuf *k) {
  irsBufReset(k);
  irsBufAppend(k, &r->generation, sizeof(r->generation));
  irsBufAppend(k, &r->module.ptr, sizeof(r->module.ptr));
  if (!irsPipelineIsNull(r->pipeline)) {
    MlirStringRef p = irsPipelineGetText(r->pipeline);
    irsBufAppend(k, p.data, p.length);
  }
  irsBufAppend(k, "", 1);
  irsEditKey(edit, k);
}

void irsReduceCacheHash(Reducer *r, const IrsEdit *edit, IrsBuf *key,
                        uint64_t *h1, uint64_t *h2) {
  cacheKey(r, edit, key);
  hashKey(key, h1, h2);
}

// Entries only ever describe the current generation: an accepted change
// makes every older entry useless, so the table is emptied then.
IrsReduceCacheEntry *irsReduceCacheSlot(Reducer *r, uint64_t h1, uint64_t h2,
                                        bool insert) {
  IrsReduceCache *c = &r->cache;
  if (c->generation != r->generation) {
    if (c->entries)
      memset(c->entries, 0, c->cap * sizeof(*c->entries));
    c->count = 0;
    c->generation = r->generation;
  }
  if (insert && (c->count + 1) * 2 > c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 1024;
    IrsReduceCacheEntry *e = calloc(cap, sizeof(*e));
    if (!e)
      return NULL;
    for (size_t i = 0; i < c->cap; ++i) {
      if (!c->entries[i].used)
        continue;
      size_t p = (size_t)c->entries[i].h1 & (cap - 1);
      while (e[p].used)
        p = (p + 1) & (cap - 1);
      e[p] = c->entries[i];
    }
    free(c->entries);
    c->entries = e;
    c->cap = cap;
  }
  if (!c->cap)
    return NULL;
  size_t p = (size_t)h1 & (c->cap - 1);
  while (c->entries[p].used) {
    if (c->entries[p].h1 == h1 && c->entries[p].h2 == h2)
      return &c->entries[p];
    p = (p + 1) & (c->cap - 1);
  }
  if (!insert)
    return NULL;
  c->entries[p].used = true;
  c->entries[p].h1 = h1;
  c->entries[p].h2 = h2;
  ++c->count;
  return &c->entries[p];
}

void irsReduceCacheFree(Reducer *r) {
  free(r->cache.entries);
  memset(&r->cache, 0, sizeof(r->cache));
  if (r->symCache)
    for (size_t k = 0; k < kSymCacheSize; ++k)
      free(r->symCache[k].text);
  free(r->symCache);
  r->symCache = NULL;
}

static bool containsIndex(const int64_t *a, size_t n, int64_t v) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (a[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < n && a[lo] == v;
}

// Whether `e` erases every top-level op: the candidate is the empty module.
// Every ddmin over top-level ops starts with it and every round of
// erase-symbols on a one-function module tries it, yet its verdict depends
// only on the pipeline: it is tested once per pipeline (emptyVerdict).
// `top` is the number of top-level ops.
bool irsReduceEmptiesModule(Reducer *r, const IrsEdit *e, size_t top) {
  if (!e || e->ops != &irsEditErase || top == 0 || e->erase.num < top)
    return false;
  MlirBlock body = mlirModuleGetBody(r->module);
  int64_t idx = 1; // pre-order: the module is 0
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    if (!containsIndex(e->erase.ops, e->erase.num, idx))
      return false;
    idx += irsReduceCountOps(op);
  }
  return true;
}

// -1 unknown, else the verdict of the empty module under the current
// pipeline.
int irsReduceEmptyVerdict(Reducer *r) {
  if (r->emptyVerdict < 0 || !r->emptyPipeline ||
      irsPipelineIsNull(r->pipeline))
    return -1;
  MlirStringRef p = irsPipelineGetText(r->pipeline);
  if (strlen(r->emptyPipeline) != p.length ||
      memcmp(r->emptyPipeline, p.data, p.length) != 0)
    return -1;
  return r->emptyVerdict;
}

void irsReduceSetEmptyVerdict(Reducer *r, bool interesting) {
  if (irsPipelineIsNull(r->pipeline))
    return;
  MlirStringRef p = irsPipelineGetText(r->pipeline);
  char *copy = malloc(p.length + 1);
  if (!copy)
    return;
  memcpy(copy, p.data, p.length);
  copy[p.length] = '\0';
  free(r->emptyPipeline);
  r->emptyPipeline = copy;
  r->emptyVerdict = interesting;
}
