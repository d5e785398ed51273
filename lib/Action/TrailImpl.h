// SPDX-License-Identifier: Apache-2.0
//===- TrailImpl.h - the action trail's records and their strings ---------===//
//
// The action trail (ActionTrail.c) records every action of a worker before
// it runs, so the cost of one record is paid millions of times in a
// canonicalize. A record is therefore small and has no text: its tag and
// pattern or pass are references into a string table in the same shared
// mapping, each distinct string copied there once (TrailStrings.c) and
// found through a per-thread cache by the address MLIR hands over
// (TrailDescribe.c); its op is the op's uniqued name and location,
// pointers that only the recording process can follow. Those are described
// into text by that process when it dies or hangs (irsActionTrailDescribeOps,
// from the tool's fatal-signal and hang handlers) into a table of op notes
// the supervisor reads by the same pointers.
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


/// An op described at a death (irsActionTrailDescribeOps): the op name and
/// location pointers of its records, and their text. `state` is 0 while
/// free, 1 while written (claimed by a compare-and-swap), 2 once whole.
typedef struct IrsTrailOpNote {
  uint32_t state;
  const void *ident, *loc;
  IrsTrailOpDesc desc;
} IrsTrailOpNote;

/// Slots of the op notes: at most every stack's records and the ring's
/// are described, each once (a power of two, twice that).
enum { IRS_TRAIL_OP_NOTES = 2 * (IRS_TRAIL_THREADS * IRS_TRAIL_DEPTH +
                                 IRS_TRAIL_WINDOW) };

/// The slot an op's note starts looking from, by its name and location.
static inline size_t irsTrailOpNoteSlot(const void *ident, const void *loc) {
  return irsTrailSlot((const void *)((uintptr_t)loc ^ ((uintptr_t)ident << 4)),
                      IRS_TRAIL_OP_NOTES);
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
/// `epoch`: in a shared mapping by dropping its pages (they read as zeros
/// again, and only those a thread touches come back), else by writing
/// zeros.
void irsTrailCacheReset(IrsTrailCache *c, uint32_t pid, uint64_t epoch);

/// The cache's miss (TrailDescribe.c): looks the strings up in the table,
/// fills the cache's entry and returns what a hit would have. It also
/// answers a hit on a name in writable memory (it checks the bytes), and
/// counts the action: in its new entry when that is known by address, else
/// into `counts` (may be NULL), where the counts of the entries it evicts
/// go too. `c` may be NULL (a thread with no part of its own: every string
/// is looked up in the table).
IrsTrailWhat irsTrailWhatMiss(IrsTrailCache *c, IrsTrailStrings *s,
                              MlirStringRef tag, MlirStringRef name,
                              IrsActionCounts *counts);

/// Writes the text of an op by its name and location into *d
/// (TrailDescribe.c): the name first, then the first file location in
/// `loc`, looking through names, call sites and fused locations, so that a
/// fault on the way (a dying process's corrupted memory) leaves the name.
/// Async-signal-safe (no allocation, no lock: the strings go to the
/// table), for a process describes its ops as it dies.
void irsTrailDescribeOp(IrsTrailStrings *s, MlirIdentifier name,
                        MlirLocation loc, volatile IrsTrailOpDesc *d);

//===----------------------------------------------------------------------===//
// The mapping (ActionTrail.c), and what a dying process writes (TrailDeath.c)
//===----------------------------------------------------------------------===//

// The action a crash is told by (irsActionTrailGetCrashAction), chosen by
// the thread that crashed as it died (irsActionTrailDescribeOps without
// the window): the dying thread is known only then, and with threads the
// trail's last actions are other threads' as often as its own. `state` is
// 0 for none, 1 while written, 2 once whole; `rec` a copy of the record
// (its op described into the notes like the others'), `ended` whether it
// had ended (the thread died outside any action of the pipeline). Other
// threads may record on until the process is gone: the choice stands.
typedef struct IrsTrailDeath {
  uint32_t state;
  bool ended;
  IrsTrailRec rec;
} IrsTrailDeath;

// The mapping: the stacks and the ring first (TrailRec.h: a record's
// handler writes them), then what a reset leaves as it is. Each stack's
// caches (only its thread touches them, emptied when it joins), then the
// strings (a reset clears their index and leaves the arena as it is).
typedef struct IrsTrail {
  IrsTrailHot hot;
  // The ops described at a death (irsActionTrailDescribeOps); cleared by a
  // reset.
  IrsTrailOpNote notes[IRS_TRAIL_OP_NOTES];
  // Records numbered up to this are of a context whose teardown began
  // (irsActionTrailMarkContextEnd): their ops were described then, and
  // are never followed again. Cleared by a reset.
  uint64_t frozen;
  IrsTrailDeath death; // cleared by a reset and as a step begins
  IrsTrailCache caches[IRS_TRAIL_THREADS];
  IrsTrailStrings strings;
  // The recording process's rewrite counts (irsActionTrailSetCounts): a
  // pointer of that process, which no other one follows.
  IrsActionCounts *counts;
  // irsActionTrailSetStalled: what the supervisor saw of a hang (ms).
  double stalledMs;
} IrsTrail;

static inline int irsTrailLoadTop(const IrsTrailStack *s) {
  return __atomic_load_n(&s->top, __ATOMIC_ACQUIRE);
}

static inline bool irsTrailHasOp(const IrsTrailRec *r) {
  return r->ident || r->op.name;
}

/// The ring's record of action `seq` while the ring holds it, else NULL.
/// *where (nullable) is where its sequence number is kept, for a reader
/// that must check the record was not rewritten meanwhile.
static inline const IrsTrailRec *
irsTrailRingRec(const IrsTrail *t, uint64_t seq, const uint64_t **where) {
  const IrsTrailRingEntry *e =
      &t->hot.ring[(seq - 1) & (IRS_TRAIL_WINDOW - 1)];
  if (!seq || __atomic_load_n(&e->seq, __ATOMIC_ACQUIRE) != seq)
    return NULL;
  if (where)
    *where = &e->seq;
  return &e->rec;
}

/// Of a thread's actions in flight (`top` of them on `s`), the innermost
/// that names an op (a greedy driver's iteration names none; the pass
/// around it does): its pattern application in flight when that began
/// after the rest (and is still in the ring), else from the stack; else
/// the innermost, NULL for none. *where (nullable) is where its sequence
/// number is kept.
const IrsTrailRec *irsTrailInnermostWithOp(const IrsTrail *t,
                                           const IrsTrailStack *s, int top,
                                           const uint64_t **where);

/// Makes `a`'s record into *r through the thread's cache `c` (NULL: none),
/// and counts it (irsTrailWhatMiss). The op is recorded raw.
static inline void irsTrailDescribe(IrsTrailCache *c, IrsTrailStrings *s,
                                    const IrsAction *a, IrsTrailRec *r,
                                    IrsActionCounts *counts) {
  IrsTrailWhatHit *h = c ? irsTrailWhatFind(c, a->tag.data, a->name) : NULL;
  if (h) {
    r->what = h->what;
    ++h->count;
  } else {
    r->what = irsTrailWhatMiss(c, s, a->tag, a->name, counts);
  }
  r->depth = a->depth;
  r->index = a->index;
  r->opId = (uint64_t)(uintptr_t)a->op.ptr;
  r->op = (IrsTrailOpDesc){0, 0, 0, 0};
  r->ident = r->loc = NULL;
  if (!a->op.ptr)
    return;
  MlirIdentifier id = a->opName;
  MlirLocation loc = a->opLoc;
  if (!id.ptr || !loc.ptr) { // an action not made by the handler
    id = mlirOperationGetName(a->op);
    loc = mlirOperationGetLocation(a->op);
  }
  r->ident = id.ptr;
  r->loc = loc.ptr;
}

#endif // IRS_ACTION_TRAILIMPL_H
