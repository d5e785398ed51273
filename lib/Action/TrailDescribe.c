// SPDX-License-Identifier: Apache-2.0
//===- TrailDescribe.c - an action as the trail records it, cached --------===//
//
// What an action is recorded as: its tag and pattern or pass, interned
// into the string table through the calling thread's cache by address
// (TrailImpl.h), and what an op is described as when its process dies:
// its name and file location, read from the uniqued name and location its
// records hold.
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

// Lists slot `k` among those that hold an entry (IrsTrailCache.filled).
static void listSlot(IrsTrailCache *c, size_t k) {
  if (!c->listed[k]) {
    c->listed[k] = 1;
    c->filled[c->numFilled++] = (uint16_t)k;
  }
}

// The slot (tag, name) takes in `c`: the entry of that address (a name
// in writable memory, or one whose bytes may have changed there), else the
// window's first free slot, else its home (evicted).
static IrsTrailWhatHit *whatSlot(IrsTrailCache *c, MlirStringRef tag,
                                 MlirStringRef name, size_t *slot) {
  size_t k = irsTrailWhatSlot(tag.data, name.data);
  for (size_t i = 0; i < IRS_TRAIL_WHAT_PROBES; ++i) {
    size_t j = irsTrailWhatProbe(k, i);
    IrsTrailWhatHit *h = &c->whats[j];
    if (!h->key || (h->name == name.data && h->tag == tag.data &&
                    h->length == name.length)) {
      *slot = j;
      return h;
    }
  }
  *slot = k;
  return &c->whats[k];
}

IrsTrailWhat irsTrailWhatMiss(IrsTrailCache *c, IrsTrailStrings *s,
                              MlirStringRef tag, MlirStringRef name,
                              IrsActionCounts *counts) {
  // A name in writable memory is counted by its bytes, in the table.
  irsActionCountsAdd(counts, tag, name, 1);
  if (!c)
    return (IrsTrailWhat){intern(s, tag), intern(s, name)};
  size_t k;
  IrsTrailWhatHit *h = whatSlot(c, tag, name, &k);
  if (h->key && sameWritable(h, tag, name))
    return h->what;
  // The slot's entry leaves, with its count (an empty slot has none).
  spillCount(h, s, counts);
  IrsTrailWhat w = {intern(s, tag), intern(s, name)};
  // A full table's "" is not the string: not remembered.
  if ((w.tag || !tag.length) && (w.name || !name.length)) {
    listSlot(c, k);
    const char *copy = !name.length || isReadOnly(c, name.data, name.length)
                           ? NULL
                           : irsTrailStringsGet(s, w.name, NULL);
    uint64_t key = irsTrailWhatKey(tag.data, name.length);
    if (copy || name.length >> (64 - IRS_TRAIL_KEY_LENGTH_SHIFT))
      key = IRS_TRAIL_KEY_NEVER;
    *h = (IrsTrailWhatHit){name.data, tag.data, copy, name.length, key, w, 0,
                           0};
  }
  return w;
}

// The first file location in `loc`, looking through names, call sites
// (the callee) and fused locations (the first), as diagnostics print them.
static void fileLocation(IrsTrailStrings *s, MlirLocation loc,
                         volatile IrsTrailOpDesc *d) {
  for (int hops = 0; hops < 8 && !mlirLocationIsNull(loc); ++hops) {
    if (mlirLocationIsAFileLineColRange(loc)) {
      MlirIdentifier file = mlirLocationFileLineColRangeGetFilename(loc);
      d->file = intern(s, mlirIdentifierStr(file));
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

void irsTrailDescribeOp(IrsTrailStrings *s, MlirIdentifier name,
                        MlirLocation loc, volatile IrsTrailOpDesc *d) {
  d->name = intern(s, mlirIdentifierStr(name));
  fileLocation(s, loc, d);
}
