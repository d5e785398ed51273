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
#include <stddef.h>
#include <stdint.h>

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

/// IrsActionRecord without its text.
typedef struct IrsTrailRec {
  IrsTrailStr tag, name, opName, file;
  uint32_t line, column;
  int32_t depth;
  int64_t index;
  uint64_t opId;
} IrsTrailRec;

/// Entries of each cache (powers of two): a canonicalize tries a few
/// hundred patterns on a few dozen kinds of op.
enum { IRS_TRAIL_NAME_CACHE = 256, IRS_TRAIL_OP_CACHE = 64,
       IRS_TRAIL_LOC_CACHE = 256, IRS_TRAIL_TAG_CACHE = 8 };

/// A name as MLIR handed it (its address and length) and its string. A hit
/// also compares the bytes with the string's: a pattern set built and
/// freed inside a pass could hand a new name at an old address.
typedef struct IrsTrailNameHit {
  const char *data;
  const char *copy; // the table's bytes of `ref`
  uint32_t length;
  IrsTrailStr ref;
} IrsTrailNameHit;

/// An op name (its uniqued identifier) or a tag (a static string, as
/// IrsAction.tag says) and its string.
typedef struct IrsTrailOpHit {
  const void *ident;
  IrsTrailStr ref;
} IrsTrailOpHit;

/// A location (uniqued) and the file location found in it.
typedef struct IrsTrailLocHit {
  const void *loc;
  IrsTrailStr file;
  uint32_t line, column;
} IrsTrailLocHit;

/// One thread's caches, in that thread's part of the trail (no other thread
/// touches them). Identifiers and locations are uniqued only within their
/// context, so the caches are forgotten when `gen` differs from the
/// trail's, which each step and each reset change.
typedef struct IrsTrailCache {
  uint64_t gen;
  IrsTrailOpHit tags[IRS_TRAIL_TAG_CACHE];
  IrsTrailNameHit names[IRS_TRAIL_NAME_CACHE];
  IrsTrailOpHit ops[IRS_TRAIL_OP_CACHE];
  IrsTrailLocHit locs[IRS_TRAIL_LOC_CACHE];
} IrsTrailCache;

/// Describes `a` into *r; `c` may be NULL (a thread with no part of its
/// own: every string is looked up in the table).
void irsTrailDescribe(IrsTrailCache *c, IrsTrailStrings *s, const IrsAction *a,
                      IrsTrailRec *r);

#endif // IRS_ACTION_TRAILIMPL_H
