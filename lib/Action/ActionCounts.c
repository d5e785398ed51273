// SPDX-License-Identifier: Apache-2.0
//===- ActionCounts.c - how often each pattern and pass ran in a step -----===//
//
// The consumer behind the manifest's <rewrites>: every `apply-pattern`
// action counts one application of its pattern, every `pass-execution` of
// a pipeline pass one op that pass ran on. It runs for every action of a
// dumping run, so it must stay O(1) and lock-free: each thread counts into
// its own hash table (MLIR calls it from its worker threads), found by the
// thread's id; the tables are only merged when the step has ended and the
// workers are idle. A table counts by name, by content; but hashing a
// name (dozens of bytes) for each action cost most of the consumer, so
// each thread also remembers, by the address of the name MLIR handed over,
// which entry it counted last: a hit costs a compare of the bytes.
//
//===----------------------------------------------------------------------===//
#include "ActionImpl.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { kThreadSlots = 128 };

typedef struct Entry {
  uint64_t hash; // 0: empty
  char *name;
  uint32_t len;
  IrsRewriteKind kind;
  int64_t count;
} Entry;

// A name as MLIR handed it (address, length, kind) and its entry's index.
typedef struct Hit {
  const char *data;
  uint32_t len;
  uint32_t kind;
  size_t index; // valid only while the table has not grown since
} Hit;

enum { kHits = 256 }; // a power of two

typedef struct Table {
  Entry *e;
  size_t cap, n; // cap is a power of two
  Hit *hits; // kHits, made with the table's first entries
} Table;

typedef struct Slot {
  _Atomic uintptr_t owner; // pthread_self() of the thread; 0: free
  Table t;
} Slot;

struct IrsActionCounts {
  atomic_bool open;
  Slot slots[kThreadSlots];
};

static bool hasPrefix(MlirStringRef name, const char *prefix) {
  size_t n = strlen(prefix);
  return name.length >= n && memcmp(name.data, prefix, n) == 0;
}

bool irsActionIsOwnPass(MlirStringRef name) {
  return hasPrefix(name, "irs-checkpoint") ||
         hasPrefix(name, "irs-anchor-note");
}

MlirStringRef irsActionOwnPassName(MlirStringRef name) {
  static const char *const kOwn[] = {"irs-checkpoint", "irs-anchor-note"};
  for (size_t i = 0; i < sizeof kOwn / sizeof *kOwn; ++i)
    if (name.length == strlen(kOwn[i]) &&
        !memcmp(name.data, kOwn[i], name.length))
      return mlirStringRefCreate(kOwn[i], name.length);
  return name;
}

bool irsActionIsInternalPass(MlirStringRef name) {
  return irsActionIsOwnPass(name) ||
         hasPrefix(name, "mlir::detail::OpToOpPassAdaptor");
}

static uint64_t hashName(MlirStringRef s, IrsRewriteKind kind) {
  uint64_t h = 1469598103934665603ull ^ (uint64_t)kind;
  for (size_t i = 0; i < s.length; ++i)
    h = (h ^ (unsigned char)s.data[i]) * 1099511628211ull;
  return h ? h : 1;
}

static bool grow(Table *t) {
  size_t cap = t->cap ? 2 * t->cap : 64;
  Entry *e = calloc(cap, sizeof(Entry));
  if (!e)
    return false;
  if (t->hits) // the entries move
    memset(t->hits, 0, kHits * sizeof(Hit));
  for (size_t i = 0; i < t->cap; ++i) {
    if (!t->e[i].hash)
      continue;
    size_t k = t->e[i].hash & (cap - 1);
    while (e[k].hash)
      k = (k + 1) & (cap - 1);
    e[k] = t->e[i];
  }
  free(t->e);
  t->e = e;
  t->cap = cap;
  return true;
}

// The entry of (name, kind), made with count 0 when new; NULL when out of
// memory (that action is then not counted).
static Entry *lookup(Table *t, MlirStringRef name, IrsRewriteKind kind,
                     uint64_t h) {
  if (2 * (t->n + 1) > t->cap && !grow(t))
    return NULL;
  size_t k = h & (t->cap - 1);
  for (;; k = (k + 1) & (t->cap - 1)) {
    Entry *e = &t->e[k];
    if (!e->hash)
      break;
    if (e->hash == h && e->kind == kind && e->len == name.length &&
        (name.length == 0 || memcmp(e->name, name.data, name.length) == 0))
      return e;
  }
  char *copy = malloc(name.length + 1);
  if (!copy)
    return NULL;
  if (name.length) // an empty name may have no data at all
    memcpy(copy, name.data, name.length);
  copy[name.length] = 0;
  t->e[k] = (Entry){h, copy, (uint32_t)name.length, kind, 0};
  ++t->n;
  return &t->e[k];
}

// The slot of a name's address among kHits (the top bits of a Fibonacci
// hash: addresses are aligned and clustered).
static size_t hitSlot(const char *p) {
  return (size_t)(((uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull) >> 40) &
         (kHits - 1);
}

// Counts `n` actions of (name, kind): through the thread's memory of the
// name's address when its bytes are still the entry's, else by content.
static void count(Table *t, MlirStringRef name, IrsRewriteKind kind,
                  int64_t n) {
  Hit *hit = t->hits ? &t->hits[hitSlot(name.data)] : NULL;
  if (hit && hit->data == name.data && hit->len == name.length &&
      hit->kind == (uint32_t)kind && hit->index < t->cap) {
    Entry *e = &t->e[hit->index];
    if (e->hash && e->kind == kind && e->len == name.length &&
        (name.length == 0 || memcmp(e->name, name.data, name.length) == 0)) {
      e->count += n;
      return;
    }
  }
  Entry *e = lookup(t, name, kind, hashName(name, kind));
  if (!e)
    return;
  e->count += n;
  if (!t->hits)
    t->hits = calloc(kHits, sizeof(Hit)); // without it, every count hashes
  if (t->hits && name.length <= UINT32_MAX)
    t->hits[hitSlot(name.data)] =
        (Hit){name.data, (uint32_t)name.length, (uint32_t)kind,
              (size_t)(e - t->e)};
}

static Table *myTable(IrsActionCounts *c) {
  uintptr_t me = (uintptr_t)pthread_self();
  size_t start = (size_t)((me >> 6) * 0x9E3779B97F4A7C15ull) % kThreadSlots;
  for (size_t i = 0; i < kThreadSlots; ++i) {
    Slot *s = &c->slots[(start + i) % kThreadSlots];
    uintptr_t owner = atomic_load_explicit(&s->owner, memory_order_relaxed);
    if (owner == me)
      return &s->t;
    uintptr_t none = 0;
    if (!owner && atomic_compare_exchange_strong(&s->owner, &none, me))
      return &s->t;
  }
  return NULL; // more threads than slots: this one is not counted
}

IrsActionCounts *irsActionCountsCreate(void) {
  IrsActionCounts *c = calloc(1, sizeof(IrsActionCounts));
  return c;
}

static void clearTable(Table *t, bool release) {
  for (size_t i = 0; i < t->cap; ++i)
    if (t->e[i].hash) {
      free(t->e[i].name);
      t->e[i] = (Entry){0};
    }
  t->n = 0;
  if (t->hits) // their entries are gone (a new name may reuse the address)
    memset(t->hits, 0, kHits * sizeof(Hit));
  if (release) {
    free(t->e);
    free(t->hits);
    *t = (Table){0};
  }
}

void irsActionCountsDestroy(IrsActionCounts *c) {
  if (!c)
    return;
  for (size_t i = 0; i < kThreadSlots; ++i)
    clearTable(&c->slots[i].t, true);
  free(c);
}

// Whether actions of `tag` named `name` are counted, and as what.
static bool countedKind(MlirStringRef tag, MlirStringRef name,
                        IrsRewriteKind *kind) {
  // Tags are compared by length first: the two we count differ in it.
  if (tag.length == 13 && memcmp(tag.data, "apply-pattern", 13) == 0)
    *kind = IrsRewritePattern;
  else if (tag.length == 14 && memcmp(tag.data, "pass-execution", 14) == 0 &&
           !irsActionIsInternalPass(name))
    *kind = IrsRewritePass;
  else
    return false;
  return true;
}

IrsActionDecision irsActionCountsBefore(const IrsAction *a, void *userData) {
  IrsActionCounts *c = userData;
  if (atomic_load_explicit(&c->open, memory_order_relaxed))
    irsActionCountsAdd(c, a->tag, a->name, 1);
  return IrsActionExecute;
}

void irsActionCountsAdd(IrsActionCounts *c, MlirStringRef tag,
                        MlirStringRef name, int64_t n) {
  IrsRewriteKind kind;
  if (!c || n <= 0 || !countedKind(tag, name, &kind))
    return;
  Table *t = myTable(c);
  if (t)
    count(t, name, kind, n);
}

void irsActionCountsSetOpen(IrsActionCounts *c, bool open) {
  if (open)
    for (size_t i = 0; i < kThreadSlots; ++i)
      clearTable(&c->slots[i].t, false);
  atomic_store(&c->open, open);
}

static int compareCounts(const void *pa, const void *pb) {
  const IrsRewriteCount *a = pa, *b = pb;
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return strcmp(a->name, b->name);
}

bool irsActionCountsTake(IrsActionCounts *c, IrsRewriteCount **out,
                         size_t *n) {
  *out = NULL;
  *n = 0;
  Table all = {0};
  bool ok = true;
  for (size_t i = 0; ok && i < kThreadSlots; ++i) {
    Table *t = &c->slots[i].t;
    for (size_t k = 0; ok && k < t->cap; ++k) {
      Entry *e = &t->e[k];
      if (!e->hash)
        continue;
      Entry *m = lookup(&all, mlirStringRefCreate(e->name, e->len), e->kind,
                        e->hash);
      ok = m != NULL;
      if (m)
        m->count += e->count;
    }
  }
  IrsRewriteCount *r = ok ? calloc(all.n ? all.n : 1, sizeof *r) : NULL;
  ok = r != NULL;
  size_t m = 0;
  for (size_t k = 0; ok && k < all.cap; ++k) {
    if (!all.e[k].hash)
      continue;
    r[m++] = (IrsRewriteCount){all.e[k].name, all.e[k].count, all.e[k].kind};
    all.e[k].name = NULL; // moved to r
  }
  clearTable(&all, true);
  if (!ok)
    return false;
  qsort(r, m, sizeof *r, compareCounts);
  *out = r;
  *n = m;
  return true;
}

void irsRewriteCountsFree(IrsRewriteCount *counts, size_t n) {
  for (size_t i = 0; counts && i < n; ++i)
    free(counts[i].name);
  free(counts);
}
