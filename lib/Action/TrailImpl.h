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

#include "irscope/Action.h"

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

/// A string of the table: 0 is "" (also what a string gets once the table
/// is full); else 1 + the offset of its length byte in the arena.
typedef uint32_t IrsTrailStr;

/// Lives in the shared mapping. Writers are the threads of one process;
/// a slot's hash is claimed first, its reference published (release) only
/// once the string is written, so a reader never follows a half-written
/// string. Arena entry: length byte, the bytes, NUL.
typedef struct IrsTrailStrings {
  _Atomic uint32_t used; // arena bytes handed out
  _Atomic uint64_t hash[IRS_TRAIL_STRING_SLOTS]; // 0: free
  _Atomic IrsTrailStr ref[IRS_TRAIL_STRING_SLOTS]; // 0: not yet written
  char arena[IRS_TRAIL_STRING_BYTES];
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

//===----------------------------------------------------------------------===//
// One record, and the per-thread caches that make it (TrailDescribe.c)
//===----------------------------------------------------------------------===//

/// What a record says of its op: its name and file location.
typedef struct IrsTrailOpDesc {
  IrsTrailStr name, file;
  uint32_t line, column;
} IrsTrailOpDesc;

/// IrsActionRecord without its text.
typedef struct IrsTrailRec {
  IrsTrailStr tag, name;
  IrsTrailOpDesc op; // all 0 when the action names no op
  int32_t depth;
  int64_t index;
  uint64_t opId;
} IrsTrailRec;

/// Entries of each cache (powers of two): a canonicalize tries a few
/// hundred patterns on a few dozen kinds of op, at thousands of locations.
enum { IRS_TRAIL_NAME_CACHE = 1024, IRS_TRAIL_OP_CACHE = 1024,
       IRS_TRAIL_IDENT_CACHE = 64, IRS_TRAIL_TAG_CACHE = 8,
       IRS_TRAIL_RANGES = 64 };

/// A name as MLIR handed it (its address and length) and its string. A
/// name in writable memory is checked by its bytes on each hit (`copy`, the
/// table's bytes of `ref`): a pattern set built and freed inside a pass
/// could hand a new name at an old address. A name in a read-only segment
/// of a loaded object (a pattern's type name, a string literal) cannot
/// change there: `copy` is NULL and the address is enough.
typedef struct IrsTrailNameHit {
  const char *data;
  const char *copy;
  uint32_t length;
  IrsTrailStr ref;
} IrsTrailNameHit;

/// A static string (a tag, as IrsAction.tag says) or an identifier (an op
/// name, a file name: uniqued by the context), and its string.
typedef struct IrsTrailPtrHit {
  const void *ptr;
  IrsTrailStr ref;
} IrsTrailPtrHit;

/// An op as recorded, by its location and name (both uniqued by the
/// context, never freed while it lives). Two ops with the same location
/// and name are recorded alike, so a hit needs no more than the two
/// compares: an op address reused by another op changes neither or
/// misses.
typedef struct IrsTrailOpHit {
  const void *loc, *ident;
  IrsTrailOpDesc desc;
} IrsTrailOpHit;

/// An address range of a loaded object's read-only segments.
typedef struct IrsTrailRange {
  uintptr_t lo, hi;
} IrsTrailRange;

/// One thread's caches, in that thread's part of the trail (no other thread
/// touches them). Identifiers and locations are uniqued only within their
/// context, so the caches are forgotten when `gen` differs from the
/// trail's, which each step and each reset change.
typedef struct IrsTrailCache {
  uint64_t gen;
  bool rangesRead; // the read-only ranges are looked up (once a generation)
  int32_t numRanges;
  IrsTrailRange ranges[IRS_TRAIL_RANGES];
  IrsTrailPtrHit tags[IRS_TRAIL_TAG_CACHE];
  IrsTrailNameHit names[IRS_TRAIL_NAME_CACHE];
  IrsTrailOpHit ops[IRS_TRAIL_OP_CACHE];
  IrsTrailPtrHit idents[IRS_TRAIL_IDENT_CACHE];
} IrsTrailCache;

/// Empties `c` for generation `gen`.
void irsTrailCacheReset(IrsTrailCache *c, uint64_t gen);

/// The caches' misses (TrailDescribe.c): each looks the string up in the
/// table, fills the cache's entry and returns what a hit would have.
IrsTrailStr irsTrailTagMiss(IrsTrailCache *c, IrsTrailStrings *s,
                            MlirStringRef tag);
IrsTrailStr irsTrailNameMiss(IrsTrailCache *c, IrsTrailStrings *s,
                             MlirStringRef name);
IrsTrailOpDesc irsTrailOpMiss(IrsTrailCache *c, IrsTrailStrings *s,
                              MlirIdentifier name, MlirLocation loc);
/// Describes `a` into *r without caches (a thread with no part of its own:
/// every string is looked up in the table).
void irsTrailDescribeUncached(IrsTrailStrings *s, const IrsAction *a,
                              IrsTrailRec *r);

/// Direct-mapped: the slot of an address in a cache of `size` (a power of
/// two) entries, from the top bits of a Fibonacci hash (addresses are
/// aligned and clustered; their low bits alone collide).
static inline size_t irsTrailSlot(const void *p, size_t size) {
  uint64_t h = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 40) & (size - 1);
}

/// Describes `a` into *r through the thread's caches `c`. Inline: it runs
/// for every action, and a hit in each cache costs a few compares.
static inline void irsTrailDescribe(IrsTrailCache *c, IrsTrailStrings *s,
                                    const IrsAction *a, IrsTrailRec *r) {
  const IrsTrailPtrHit *t = &c->tags[irsTrailSlot(a->tag.data,
                                                   IRS_TRAIL_TAG_CACHE)];
  r->tag = t->ptr == a->tag.data && t->ref ? t->ref
                                           : irsTrailTagMiss(c, s, a->tag);
  MlirStringRef n = a->name;
  const IrsTrailNameHit *h = &c->names[irsTrailSlot(n.data,
                                                    IRS_TRAIL_NAME_CACHE)];
  if (!n.length)
    r->name = 0;
  else if (h->data == n.data && h->length == n.length &&
           (!h->copy ||
            memcmp(h->copy, n.data,
                   n.length < IRS_TRAIL_STRING_MAX ? n.length
                                                   : IRS_TRAIL_STRING_MAX) ==
                0))
    r->name = h->ref;
  else
    r->name = irsTrailNameMiss(c, s, n);
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
  const IrsTrailOpHit *o = &c->ops[irsTrailSlot(loc.ptr, IRS_TRAIL_OP_CACHE)];
  r->op = o->loc == loc.ptr && o->ident == id.ptr
              ? o->desc
              : irsTrailOpMiss(c, s, id, loc);
}

#endif // IRS_ACTION_TRAILIMPL_H
