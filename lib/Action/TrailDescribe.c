// SPDX-License-Identifier: Apache-2.0
//===- TrailDescribe.c - an action as the trail records it, cached --------===//
//
// What an action is recorded as: its tag, pattern or pass, the op's name and
// file location, read while the op still exists (TrailImpl.h). Asking MLIR
// for an op's name and walking its location to a file takes several C API
// calls and string copies, for every action; but a thread's actions keep
// naming the same few things (a pattern set tried on one op after another,
// the ops of one function), so each thread remembers, by address, what it
// last found for a name, an op name and a location, and a record after the
// first costs a few compares.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "TrailImpl.h"

#include <link.h>
#include <string.h>
#include <sys/mman.h>

void irsTrailCacheReset(IrsTrailCache *c, uint32_t pid, uint64_t epoch) {
  _Static_assert(sizeof(IrsTrailCache) % 4096 == 0, "whole pages");
  if (madvise(c, sizeof *c, MADV_REMOVE) != 0) // not a shared mapping
    memset(c, 0, sizeof *c);
  c->pid = pid;
  c->epoch = epoch;
}

_Static_assert(sizeof(IrsTrailOpDesc) == sizeof(((IrsTrailSharedOp *)0)->desc),
               "a shared op holds a description");

static IrsTrailSharedOp *sharedOp(IrsTrailStrings *s, const void *loc,
                                  const void *ident) {
  return &s->ops[irsTrailSharedOpSlot(loc, ident)];
}

// The description another thread of this process gave the op, if its
// entry is whole.
static bool sharedOpGet(const IrsTrailCache *c, IrsTrailStrings *s,
                        const void *loc, const void *ident,
                        IrsTrailOpDesc *d) {
  IrsTrailSharedOp *e = sharedOp(s, loc, ident);
  uint32_t v = atomic_load_explicit(&e->ver, memory_order_acquire);
  if (v & 1)
    return false;
  bool mine = e->pid == c->pid && e->epoch == c->epoch && e->loc == loc &&
              e->ident == ident;
  memcpy(d, e->desc, sizeof *d);
  atomic_thread_fence(memory_order_acquire);
  return mine && atomic_load_explicit(&e->ver, memory_order_relaxed) == v;
}

// Shares `d`, unless another thread is writing the entry now.
static void sharedOpPut(const IrsTrailCache *c, IrsTrailStrings *s,
                        const void *loc, const void *ident,
                        const IrsTrailOpDesc *d) {
  IrsTrailSharedOp *e = sharedOp(s, loc, ident);
  uint32_t v = atomic_load_explicit(&e->ver, memory_order_relaxed);
  if ((v & 1) || !atomic_compare_exchange_strong(&e->ver, &v, v + 1))
    return;
  e->pid = c->pid;
  e->epoch = c->epoch;
  e->loc = loc;
  e->ident = ident;
  memcpy(e->desc, d, sizeof *d);
  atomic_store_explicit(&e->ver, v + 2, memory_order_release);
}

static int addReadOnly(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  IrsTrailCache *c = data;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD || (ph->p_flags & PF_W) || !ph->p_memsz)
      continue;
    if (c->numRanges == IRS_TRAIL_RANGES)
      return 1; // the rest are taken for writable: checked by their bytes
    uintptr_t lo = (uintptr_t)(info->dlpi_addr + ph->p_vaddr);
    c->ranges[c->numRanges++] = (IrsTrailRange){lo, lo + ph->p_memsz};
  }
  return 0;
}

// Whether p[0..n) lies in a read-only segment of a loaded object, whose
// bytes stay as they are: MLIR never unloads a plugin, and the ranges are
// looked up again each time the caches are emptied. Asked on misses only.
static bool isReadOnly(IrsTrailCache *c, const char *p, size_t n) {
  if (!c->rangesRead) {
    c->rangesRead = true;
    c->numRanges = 0;
    dl_iterate_phdr(addReadOnly, c);
  }
  uintptr_t lo = (uintptr_t)p, hi = lo + n;
  for (int32_t i = 0; i < c->numRanges; ++i)
    if (lo >= c->ranges[i].lo && hi <= c->ranges[i].hi)
      return true;
  return false;
}

static IrsTrailStr intern(IrsTrailStrings *s, MlirStringRef str) {
  return irsTrailStringsIntern(s, str.data, str.length);
}

// Whether the table's bytes `copy` are those of `name` (as far as the
// table keeps them).
static bool sameBytes(const char *copy, MlirStringRef name) {
  size_t n = name.length < IRS_TRAIL_STRING_MAX ? name.length
                                                : IRS_TRAIL_STRING_MAX;
  return memcmp(copy, name.data, n) == 0;
}

// Whether `h` is the entry of (tag, name) in writable memory, its bytes
// still the same.
static bool sameWritable(const IrsTrailWhatHit *h, MlirStringRef tag,
                         MlirStringRef name) {
  return h->name == name.data && h->tag == tag.data &&
         h->length == name.length && h->copy && sameBytes(h->copy, name);
}

// Hands the count of `h` (an entry known by address: its name's bytes are
// still there) to `counts`.
static void spillCount(IrsTrailWhatHit *h, IrsTrailStrings *s,
                       IrsActionCounts *counts) {
  if (h->count && !h->copy) {
    size_t n;
    const char *tag = irsTrailStringsGet(s, h->what.tag, &n);
    irsActionCountsAdd(counts, mlirStringRefCreate(tag, n),
                       mlirStringRefCreate(h->name, h->length), h->count);
  }
  h->count = 0;
}

IrsTrailWhat irsTrailWhatMiss(IrsTrailCache *c, IrsTrailStrings *s,
                              MlirStringRef tag, MlirStringRef name,
                              IrsActionCounts *counts) {
  size_t k = irsTrailWhatSlot(tag.data, name.data);
  IrsTrailWhatHit *h = &c->whats[k];
  // A name in writable memory is counted by its bytes, in the table.
  irsActionCountsAdd(counts, tag, name, 1);
  if (sameWritable(h, tag, name))
    return h->what;
  if (sameWritable(&c->whats[k ^ 1], tag, name))
    return c->whats[k ^ 1].what;
  // The slot's entry moves next door (its other way), the new one takes
  // the slot; the entry that was next door leaves, with its count.
  if (h->name != name.data || h->tag != tag.data) {
    spillCount(&c->whats[k ^ 1], s, counts);
    c->whats[k ^ 1] = *h; // its count with it
    h->count = 0;
  } else {
    spillCount(h, s, counts);
  }
  IrsTrailWhat w = {intern(s, tag), intern(s, name)};
  // A full table's "" is not the string: not remembered.
  if ((w.tag || !tag.length) && (w.name || !name.length))
    *h = (IrsTrailWhatHit){
        name.data, tag.data,
        !name.length || isReadOnly(c, name.data, name.length)
            ? NULL
            : irsTrailStringsGet(s, w.name, NULL),
        name.length, w, 0};
  return w;
}

static IrsTrailStr ptrMiss(IrsTrailPtrHit *hit, IrsTrailStrings *s,
                           const void *ptr, MlirStringRef str) {
  IrsTrailStr ref = intern(s, str);
  if (hit && ref)
    *hit = (IrsTrailPtrHit){ptr, ref};
  return ref;
}

// An identifier (an op name, a file name) by its address; `c` may be NULL.
static IrsTrailStr identRef(IrsTrailCache *c, IrsTrailStrings *s,
                            MlirIdentifier id) {
  IrsTrailPtrHit *hit =
      c ? &c->idents[irsTrailSlot(id.ptr, IRS_TRAIL_IDENT_CACHE)] : NULL;
  if (hit && hit->ptr == id.ptr && hit->ref)
    return hit->ref;
  return ptrMiss(hit, s, id.ptr, mlirIdentifierStr(id));
}

// The first file location in `loc`, looking through names, call sites
// (the callee) and fused locations (the first), as diagnostics print them.
static void fileLocation(IrsTrailCache *c, IrsTrailStrings *s,
                         MlirLocation loc, IrsTrailOpDesc *d) {
  for (int hops = 0; hops < 8 && !mlirLocationIsNull(loc); ++hops) {
    if (mlirLocationIsAFileLineColRange(loc)) {
      d->file = identRef(c, s, mlirLocationFileLineColRangeGetFilename(loc));
      d->line = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc);
      d->column = (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc);
      return;
    }
    if (mlirLocationIsAName(loc))
      loc = mlirLocationNameGetChildLoc(loc);
    else if (mlirLocationIsACallSite(loc))
      loc = mlirLocationCallSiteGetCallee(loc);
    else if (mlirLocationIsAFused(loc)) {
      // A rewrite fuses the locations of the ops it replaces.
      MlirLocation all[16];
      intptr_t n = mlirLocationFusedGetNumLocations(loc);
      if (n < 1 || n > 16)
        return;
      mlirLocationFusedGetLocations(loc, all);
      loc = all[0];
    } else
      return;
  }
}

// The op's name, and its file location unless `hit` already knows the
// location (another op there); `c` and `hit` may be NULL.
static IrsTrailOpDesc describeOp(IrsTrailCache *c, IrsTrailStrings *s,
                                 MlirIdentifier name, MlirLocation loc) {
  IrsTrailOpDesc d = {identRef(c, s, name), 0, 0, 0};
  IrsTrailLocHit *l =
      c ? &c->locs[irsTrailSlot(loc.ptr, IRS_TRAIL_LOC_CACHE)] : NULL;
  if (l && l->loc == loc.ptr) {
    d.file = l->file;
    d.line = l->line;
    d.column = l->column;
  } else {
    fileLocation(c, s, loc, &d);
    if (l)
      *l = (IrsTrailLocHit){loc.ptr, d.file, d.line, d.column};
  }
  return d;
}

IrsTrailOpDesc irsTrailOpMiss(IrsTrailCache *c, IrsTrailStrings *s,
                              MlirIdentifier name, MlirLocation loc) {
  IrsTrailOpDesc d;
  if (!sharedOpGet(c, s, loc.ptr, name.ptr, &d)) {
    d = describeOp(c, s, name, loc);
    if (d.name)
      sharedOpPut(c, s, loc.ptr, name.ptr, &d);
  }
  if (d.name)
    c->ops[irsTrailOpSlot(loc.ptr, name.ptr)] =
        (IrsTrailOpHit){loc.ptr, name.ptr, d};
  return d;
}

void irsTrailDescribeUncached(IrsTrailStrings *s, const IrsAction *a,
                              IrsTrailRec *r, IrsActionCounts *counts) {
  irsActionCountsAdd(counts, a->tag, a->name, 1);
  r->what = (IrsTrailWhat){intern(s, a->tag), intern(s, a->name)};
  r->depth = a->depth;
  r->index = a->index;
  r->opId = (uint64_t)(uintptr_t)a->op.ptr;
  r->op = (IrsTrailOpDesc){0, 0, 0, 0};
  if (!mlirOperationIsNull(a->op))
    r->op = describeOp(NULL, s, mlirOperationGetName(a->op),
                       mlirOperationGetLocation(a->op));
}
