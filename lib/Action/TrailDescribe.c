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
#include "TrailImpl.h"

#include <string.h>

// Direct-mapped: the slot of an address in a cache of `size` (a power of
// two) entries, from the top bits of a Fibonacci hash (addresses are
// aligned and clustered; their low bits alone collide).
static size_t slotOf(const void *p, size_t size) {
  uint64_t h = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 40) & (size - 1);
}

static IrsTrailStr nameRef(IrsTrailCache *c, IrsTrailStrings *s,
                           MlirStringRef str) {
  if (!str.length)
    return 0;
  if (!c)
    return irsTrailStringsIntern(s, str.data, str.length);
  IrsTrailNameHit *hit = &c->names[slotOf(str.data, IRS_TRAIL_NAME_CACHE)];
  size_t n = str.length < IRS_TRAIL_STRING_MAX ? str.length
                                               : IRS_TRAIL_STRING_MAX;
  if (hit->data == str.data && hit->length == str.length &&
      memcmp(hit->copy, str.data, n) == 0)
    return hit->ref;
  IrsTrailStr ref = irsTrailStringsIntern(s, str.data, str.length);
  if (ref && str.length <= UINT32_MAX) // a full table's "" is not the name
    *hit = (IrsTrailNameHit){str.data, irsTrailStringsGet(s, ref, NULL),
                             (uint32_t)str.length, ref};
  return ref;
}

// Tags are static strings (IrsAction.tag): known by their address alone.
static IrsTrailStr tagRef(IrsTrailCache *c, IrsTrailStrings *s,
                          MlirStringRef tag) {
  IrsTrailOpHit *hit =
      c ? &c->tags[slotOf(tag.data, IRS_TRAIL_TAG_CACHE)] : NULL;
  if (hit && hit->ident == tag.data && hit->ref)
    return hit->ref;
  IrsTrailStr ref = irsTrailStringsIntern(s, tag.data, tag.length);
  if (hit && ref)
    *hit = (IrsTrailOpHit){tag.data, ref};
  return ref;
}

static IrsTrailStr opNameRef(IrsTrailCache *c, IrsTrailStrings *s,
                             MlirOperation op) {
  MlirIdentifier id = mlirOperationGetName(op);
  IrsTrailOpHit *hit = c ? &c->ops[slotOf(id.ptr, IRS_TRAIL_OP_CACHE)] : NULL;
  if (hit && hit->ident == id.ptr)
    return hit->ref;
  MlirStringRef str = mlirIdentifierStr(id);
  IrsTrailStr ref = irsTrailStringsIntern(s, str.data, str.length);
  if (hit && ref)
    *hit = (IrsTrailOpHit){id.ptr, ref};
  return ref;
}

// The first file location in `loc`, looking through names, call sites
// (the callee) and fused locations (the first), as diagnostics print them.
static void fileLocation(IrsTrailCache *c, IrsTrailStrings *s,
                         MlirLocation loc, IrsTrailRec *r) {
  for (int hops = 0; hops < 8 && !mlirLocationIsNull(loc); ++hops) {
    if (mlirLocationIsAFileLineColRange(loc)) {
      r->file = nameRef(
          c, s, mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc)));
      r->line = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc);
      r->column = (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc);
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

static void locationOf(IrsTrailCache *c, IrsTrailStrings *s, MlirOperation op,
                       IrsTrailRec *r) {
  MlirLocation loc = mlirOperationGetLocation(op);
  IrsTrailLocHit *hit =
      c ? &c->locs[slotOf(loc.ptr, IRS_TRAIL_LOC_CACHE)] : NULL;
  if (hit && hit->loc == loc.ptr) {
    r->file = hit->file;
    r->line = hit->line;
    r->column = hit->column;
    return;
  }
  fileLocation(c, s, loc, r);
  if (hit)
    *hit = (IrsTrailLocHit){loc.ptr, r->file, r->line, r->column};
}

void irsTrailDescribe(IrsTrailCache *c, IrsTrailStrings *s, const IrsAction *a,
                      IrsTrailRec *r) {
  r->tag = tagRef(c, s, a->tag);
  r->name = nameRef(c, s, a->name);
  r->depth = a->depth;
  r->index = a->index;
  r->opId = (uint64_t)(uintptr_t)a->op.ptr;
  r->opName = r->file = 0;
  r->line = r->column = 0;
  if (mlirOperationIsNull(a->op))
    return;
  r->opName = opNameRef(c, s, a->op);
  locationOf(c, s, a->op, r);
}
