// SPDX-License-Identifier: Apache-2.0
//===- TrailImpl.h - the action trail's records and their strings ---------===//
//
// The action trail (ActionTrail.c) records every action of a worker before
// it runs, so the cost of one record is paid millions of times in a
// canonicalize. A record is therefore small and has no text: its strings
// (tag, pattern or pass, op name, file) are references into a string table
// in the same shared mapping, each distinct string copied there once
// (TrailStrings.c). Finding a string's reference is itself cached per
// thread by the address MLIR hands us (TrailDescribe.c): pattern and pass
// names are static strings, op names and locations are uniqued by the
// context, so consecutive actions mostly repeat the same few addresses and
// a record costs a few compares and one short copy.
//
//===----------------------------------------------------------------------===//
#ifndef IRS_ACTION_TRAILIMPL_H
#define IRS_ACTION_TRAILIMPL_H

#include "ActionImpl.h"
#include "TrailRec.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// Strings, interned by content into shared memory (TrailStrings.c)
//===----------------------------------------------------------------------===//

enum {
  IRS_TRAIL_STRING_SLOTS = 8192, // a power of two
  IRS_TRAIL_STRING_BYTES = 512 * 1024,
  // Longer strings are cut; a record (IrsActionRecord) holds this many.
  IRS_TRAIL_STRING_MAX = IRS_ACTION_RECORD_TEXT_MAX,
};


/// An op's description shared by the threads of one process
/// (irsTrailOpMiss): a thread's own cache misses the ops another thread
/// already described (MLIR hands a function to whichever thread is free,
/// step after step). Its keys mean something only within one context of
/// one process, so an entry says whose it is (`pid`, `epoch`: the trail's
/// epoch when the writer joined) and no one else's entry is used. Written
/// under its own sequence lock (`ver` odd while written; a reader that sees
/// it change retries nothing and misses).
typedef struct IrsTrailSharedOp {
  _Atomic uint32_t ver;
  uint32_t pid;
  uint64_t epoch;
  const void *loc, *ident;
  uint32_t desc[4]; // an IrsTrailOpDesc (defined below)
} IrsTrailSharedOp;

enum { IRS_TRAIL_SHARED_OPS = 65536 }; // a power of two

/// The slot of an op among the shared ops, by its location and name.
static inline size_t irsTrailSharedOpSlot(const void *loc,
                                          const void *ident) {
  uint64_t h = (uint64_t)((uintptr_t)loc ^ ((uintptr_t)ident << 4)) *
               0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 40) & (IRS_TRAIL_SHARED_OPS - 1);
}

/// Lives in the shared mapping. Writers are the threads of one process;
/// a slot's hash is claimed first, its reference published (release) only
/// once the string is written, so a reader never follows a half-written
/// string. Arena entry: length byte, the bytes, NUL.
typedef struct IrsTrailStrings {
  _Atomic uint32_t used; // arena bytes handed out
  _Atomic uint64_t hash[IRS_TRAIL_STRING_SLOTS]; // 0: free
  _Atomic IrsTrailStr ref[IRS_TRAIL_STRING_SLOTS]; // 0: not yet written
  char arena[IRS_TRAIL_STRING_BYTES];
  // Not cleared by a reset: an entry is used only by its writer's process
  // and epoch.
  IrsTrailSharedOp ops[IRS_TRAIL_SHARED_OPS];
} IrsTrailStrings;

/// Forgets every string; touches the index, not the arena.
void irsTrailStringsReset(IrsTrailStrings *s);
/// The reference of the first IRS_TRAIL_STRING_MAX bytes of p[0..n): the
/// one already there with these contents, else a new copy.
IrsTrailStr irsTrailStringsIntern(IrsTrailStrings *s, const char *p, size_t n);
/// The NUL-terminated string of `ref` and its length (nullable); "" for 0
/// and for a reference that does not lead to a whole string of the arena
/// (the mapping was written by a process that may have gone wild).
const char *irsTrailStringsGet(const IrsTrailStrings *s, IrsTrailStr ref,
                               size_t *length);

/// Empties `c` and makes it the cache of process `pid` at trail epoch
/// `epoch` (IrsTrailSharedOp): in a shared mapping by dropping its pages (they read as
/// zeros again, and only those a thread touches come back), else by
/// writing zeros.
void irsTrailCacheReset(IrsTrailCache *c, uint32_t pid, uint64_t epoch);

/// The caches' misses (TrailDescribe.c): each looks the strings up in the
/// table, fills the cache's entry and returns what a hit would have.
/// irsTrailWhatMiss also answers a hit on a name in writable memory (it
/// checks the bytes), and counts the action: in its new entry when that is
/// known by address, else into `counts` (may be NULL), where the counts
/// of the entries it evicts go too.
IrsTrailWhat irsTrailWhatMiss(IrsTrailCache *c, IrsTrailStrings *s,
                              MlirStringRef tag, MlirStringRef name,
                              IrsActionCounts *counts);
IrsTrailOpDesc irsTrailOpMiss(IrsTrailCache *c, IrsTrailStrings *s,
                              MlirIdentifier name, MlirLocation loc);
/// Describes `a` into *r without caches (a thread with no part of its own:
/// every string is looked up in the table), and counts it into `counts`.
void irsTrailDescribeUncached(IrsTrailStrings *s, const IrsAction *a,
                              IrsTrailRec *r, IrsActionCounts *counts);

/// Describes `a` into *r through the thread's caches `c`, and counts it
/// (irsTrailWhatMiss). Inline: it runs for every action, and a hit in each
/// cache costs a few compares.
static inline void irsTrailDescribe(IrsTrailCache *c, IrsTrailStrings *s,
                                    const IrsAction *a, IrsTrailRec *r,
                                    IrsActionCounts *counts) {
  size_t k = irsTrailWhatSlot(a->tag.data, a->name.data);
  IrsTrailWhatHit *h = &c->whats[k];
  if (!irsTrailWhatHits(h, a->tag.data, a->name))
    h = &c->whats[k ^ 1];
  if (irsTrailWhatHits(h, a->tag.data, a->name)) {
    r->what = h->what;
    ++h->count;
  } else {
    r->what = irsTrailWhatMiss(c, s, a->tag, a->name, counts);
  }
  r->depth = a->depth;
  r->index = a->index;
  r->opId = (uint64_t)(uintptr_t)a->op.ptr;
  if (!a->op.ptr) {
    r->op = (IrsTrailOpDesc){0, 0, 0, 0};
    return;
  }
  MlirIdentifier id = a->opName;
  MlirLocation loc = a->opLoc;
  if (!id.ptr || !loc.ptr) { // an action not made by the handler
    id = mlirOperationGetName(a->op);
    loc = mlirOperationGetLocation(a->op);
  }
  const IrsTrailOpHit *o = &c->ops[irsTrailOpSlot(loc.ptr, id.ptr)];
  r->op = o->loc == loc.ptr && o->ident == id.ptr
              ? o->desc
              : irsTrailOpMiss(c, s, id, loc);
}

#endif // IRS_ACTION_TRAILIMPL_H
