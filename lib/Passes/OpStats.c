// SPDX-License-Identifier: Apache-2.0
//===- OpStats.c - irs-op-stats: operation counts per dialect and op ------===//
//
// Contract: needs nothing, changes nothing (an analysis). Counts the ops
// under the anchor (the anchor itself included), grouped by dialect, sorted
// by count then name. Reports a remark at the anchor's location
//   "op statistics: N operations in D dialects"
// with one note per dialect "arith: 10 (arith.constant 6, arith.addi 4)";
// with file=PATH it writes the same as a table to PATH instead (atomically).
// Counting keys on the uniqued name identifier, so it costs one hash probe
// per op.
//
//===----------------------------------------------------------------------===//
#include "../Support/DiagnosticsImpl.h"
#include "../Support/Fs.h"
#include "PassesImpl.h"

#include <mlir-c/Diagnostics.h>
#include <errno.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

static alignas(8) const char typeId = 0;

typedef struct Entry {
  const void *key;
  MlirStringRef name;
  int64_t count;
} Entry;

typedef struct Table {
  Entry *slots;
  size_t cap, num;
  bool failed;
  int64_t total;
} Table;

static bool grow(Table *t) {
  size_t cap = t->cap ? t->cap * 2 : 64;
  Entry *n = calloc(cap, sizeof(Entry));
  if (!n)
    return false;
  for (size_t i = 0; i < t->cap; ++i) {
    if (!t->slots[i].key)
      continue;
    size_t h = ((uintptr_t)t->slots[i].key >> 4) & (cap - 1);
    while (n[h].key)
      h = (h + 1) & (cap - 1);
    n[h] = t->slots[i];
  }
  free(t->slots);
  t->slots = n;
  t->cap = cap;
  return true;
}

static MlirWalkResult countCb(MlirOperation op, void *ud) {
  Table *t = ud;
  MlirIdentifier id = mlirOperationGetName(op);
  if (t->failed)
    return MlirWalkResultInterrupt;
  if ((t->num + 1) * 2 > t->cap && !grow(t)) {
    t->failed = true;
    return MlirWalkResultInterrupt;
  }
  size_t h = ((uintptr_t)id.ptr >> 4) & (t->cap - 1);
  while (t->slots[h].key && t->slots[h].key != id.ptr)
    h = (h + 1) & (t->cap - 1);
  if (!t->slots[h].key) {
    t->slots[h].key = id.ptr;
    t->slots[h].name = mlirIdentifierStr(id);
    ++t->num;
  }
  ++t->slots[h].count;
  ++t->total;
  return MlirWalkResultAdvance;
}

static size_t dialectLen(MlirStringRef n) {
  const char *dot = memchr(n.data, '.', n.length);
  return dot ? (size_t)(dot - n.data) : n.length;
}

static int cmpRef(MlirStringRef a, size_t an, MlirStringRef b, size_t bn) {
  int c = memcmp(a.data, b.data, an < bn ? an : bn);
  return c ? c : (an < bn ? -1 : an > bn);
}

// Per-dialect totals are needed for sorting; computed once into `dialTotal`.
typedef struct Row {
  Entry e;
  int64_t dialTotal;
} Row;

static int cmpRows(const void *pa, const void *pb) {
  const Row *a = pa, *b = pb;
  if (a->dialTotal != b->dialTotal)
    return a->dialTotal > b->dialTotal ? -1 : 1;
  size_t ad = dialectLen(a->e.name), bd = dialectLen(b->e.name);
  int c = cmpRef(a->e.name, ad, b->e.name, bd);
  if (c)
    return c;
  if (a->e.count != b->e.count)
    return a->e.count > b->e.count ? -1 : 1;
  return cmpRef(a->e.name, a->e.name.length, b->e.name, b->e.name.length);
}

static void runStats(MlirOperation root, MlirExternalPass pass,
                     IrsSimplePassData *d) {
  Table t = {0};
  mlirOperationWalk(root, countCb, &t, MlirWalkPreOrder);
  Row *rows = t.failed ? NULL : calloc(t.num ? t.num : 1, sizeof(Row));
  if (!rows) {
    free(t.slots);
    mlirEmitError(mlirOperationGetLocation(root),
                  "irs-op-stats: out of memory");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  size_t n = 0;
  for (size_t i = 0; i < t.cap; ++i)
    if (t.slots[i].key)
      rows[n++].e = t.slots[i];
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j)
      if (dialectLen(rows[j].e.name) == dialectLen(rows[i].e.name) &&
          memcmp(rows[j].e.name.data, rows[i].e.name.data,
                 dialectLen(rows[i].e.name)) == 0)
        rows[i].dialTotal += rows[j].e.count;
  qsort(rows, n, sizeof(Row), cmpRows);

  // One note (and one table block) per dialect.
  MlirStringRef *notes = calloc(n ? n : 1, sizeof(MlirStringRef));
  IrsBuf *noteBufs = calloc(n ? n : 1, sizeof(IrsBuf));
  IrsBuf table = IRS_BUF_INIT;
  size_t numDialects = 0;
  for (size_t i = 0; notes && noteBufs && i < n;) {
    size_t dl = dialectLen(rows[i].e.name);
    IrsBuf *nb = &noteBufs[numDialects];
    irsBufPrintf(nb, "%.*s: %lld (", (int)dl, rows[i].e.name.data,
                 (long long)rows[i].dialTotal);
    irsBufPrintf(&table, "%-40.*s %10lld\n", (int)dl, rows[i].e.name.data,
                 (long long)rows[i].dialTotal);
    size_t j = i;
    for (; j < n && dialectLen(rows[j].e.name) == dl &&
           memcmp(rows[j].e.name.data, rows[i].e.name.data, dl) == 0;
         ++j) {
      irsBufPrintf(nb, "%s%.*s %lld", j == i ? "" : ", ",
                   (int)rows[j].e.name.length, rows[j].e.name.data,
                   (long long)rows[j].e.count);
      irsBufPrintf(&table, "  %-38.*s %10lld\n", (int)rows[j].e.name.length,
                   rows[j].e.name.data, (long long)rows[j].e.count);
    }
    irsBufAppendStr(nb, ")");
    notes[numDialects] = irsBufRef(nb);
    ++numDialects;
    i = j;
  }
  IrsBuf msg = IRS_BUF_INIT;
  irsBufPrintf(&msg, "op statistics: %lld operations in %zu dialects",
               (long long)t.total, numDialects);

  if (d->file) {
    IrsBuf all = IRS_BUF_INIT;
    irsBufAppendRef(&all, irsBufRef(&msg));
    irsBufAppendStr(&all, "\n");
    irsBufAppendRef(&all, irsBufRef(&table));
    int werr = all.failed ? ENOMEM : irsWriteFileAtomic(d->file, all.data, all.len);
    if (werr) {
      IrsBuf e = IRS_BUF_INIT;
      irsBufPrintf(&e, "irs-op-stats: cannot write '%s': %s", d->file,
                   strerror(werr));
      mlirEmitError(mlirOperationGetLocation(root), e.data ? e.data : "");
      irsBufFree(&e);
      mlirExternalPassSignalFailure(pass);
    }
    irsBufFree(&all);
  } else if (d->env && !irsDiagnosticCaptureIsNull(d->env->capture)) {
    IrsBuf loc = IRS_BUF_INIT;
    irsLocationFormat(mlirOperationGetLocation(root), d->env->fallbackFileName,
                      irsBufStringCallback, &loc);
    irsDiagnosticCaptureAdd(d->env->capture, IrsSeverityRemark,
                            irsBufRef(&loc), irsBufRef(&msg), notes,
                            (intptr_t)numDialects);
    irsBufFree(&loc);
  }
  irsBufFree(&msg);
  irsBufFree(&table);
  for (size_t i = 0; noteBufs && i < numDialects; ++i)
    irsBufFree(&noteBufs[i]);
  free(noteBufs);
  free(notes);
  free(rows);
  free(t.slots);
}

MlirPass irsOpStatsPassCreate(const IrsPassOptions *opts, MlirStringRef anchor,
                              IrsPassEnv *env, IrsBuf *err) {
  static const char *const known[] = {"file", NULL};
  MlirPass none = {NULL};
  if (!irsPassOptionsCheckKnown(opts, "irs-op-stats", known, err))
    return none;
  const char *file = irsPassOptionsGet(opts, "file");
  IrsSimplePassData *d =
      irsSimplePassDataCreate(NULL, file && *file ? file : NULL, env);
  if (!d) {
    irsBufPrintf(err, "%s", "out of memory");
    return none;
  }
  d->run = runStats;
  return irsSimplePassCreate(&typeId, "irs-op-stats",
                             "count operations per dialect", anchor, d);
}
