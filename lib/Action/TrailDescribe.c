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

void irsTrailCacheReset(IrsTrailCache *c, uint64_t gen) {
  memset(c, 0, sizeof *c);
  c->gen = gen;
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
// looked up again each generation (each step). Asked on misses only.
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

IrsTrailStr irsTrailNameMiss(IrsTrailCache *c, IrsTrailStrings *s,
                             MlirStringRef str) {
  IrsTrailStr ref = irsTrailStringsIntern(s, str.data, str.length);
  if (ref && str.length <= UINT32_MAX) // a full table's "" is not the name
    c->names[irsTrailSlot(str.data, IRS_TRAIL_NAME_CACHE)] = (IrsTrailNameHit){
        str.data,
        isReadOnly(c, str.data, str.length) ? NULL
                                            : irsTrailStringsGet(s, ref, NULL),
        (uint32_t)str.length, ref};
  return ref;
}

static IrsTrailStr ptrMiss(IrsTrailPtrHit *hit, IrsTrailStrings *s,
                           const void *ptr, MlirStringRef str) {
  IrsTrailStr ref = irsTrailStringsIntern(s, str.data, str.length);
  if (hit && ref)
    *hit = (IrsTrailPtrHit){ptr, ref};
  return ref;
}

IrsTrailStr irsTrailTagMiss(IrsTrailCache *c, IrsTrailStrings *s,
                            MlirStringRef tag) {
  return ptrMiss(&c->tags[irsTrailSlot(tag.data, IRS_TRAIL_TAG_CACHE)], s,
                 tag.data, tag);
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
                                 MlirIdentifier name, MlirLocation loc,
                                 IrsTrailOpHit *hit) {
  IrsTrailOpDesc d = {identRef(c, s, name), 0, 0, 0};
  if (hit && hit->loc == loc.ptr) {
    d.file = hit->desc.file;
    d.line = hit->desc.line;
    d.column = hit->desc.column;
  } else {
    fileLocation(c, s, loc, &d);
  }
  if (hit && d.name)
    *hit = (IrsTrailOpHit){loc.ptr, name.ptr, d};
  return d;
}

IrsTrailOpDesc irsTrailOpMiss(IrsTrailCache *c, IrsTrailStrings *s,
                              MlirIdentifier name, MlirLocation loc) {
  return describeOp(c, s, name, loc,
                    &c->ops[irsTrailSlot(loc.ptr, IRS_TRAIL_OP_CACHE)]);
}

void irsTrailDescribeUncached(IrsTrailStrings *s, const IrsAction *a,
                              IrsTrailRec *r) {
  r->tag = irsTrailStringsIntern(s, a->tag.data, a->tag.length);
  r->name = irsTrailStringsIntern(s, a->name.data, a->name.length);
  r->depth = a->depth;
  r->index = a->index;
  r->opId = (uint64_t)(uintptr_t)a->op.ptr;
  r->op = (IrsTrailOpDesc){0, 0, 0, 0};
  if (!mlirOperationIsNull(a->op))
    r->op = describeOp(NULL, s, mlirOperationGetName(a->op),
                       mlirOperationGetLocation(a->op), NULL);
}
