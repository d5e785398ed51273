// SPDX-License-Identifier: Apache-2.0
//===- TrailRec.h - the action trail's records and its fast path ----------===//
//
// What the action handler (ActionBridge.cpp) and the trail (ActionTrail.c)
// share so that a record is made inside the handler, with no call: the
// record, the per-thread cache of (tag, name) that counts it (its misses
// are in TrailDescribe.c), the stacks and the ring the supervisor reads
// after a worker died, and irsTrailRecordHit, the path of an action whose
// (tag, name) is known. A record holds its op raw: the op's name and
// location as the uniqued pointers MLIR hands over, described into text
// only when someone asks (irsActionTrailDescribeOps, at a death). Plain C
// that is also C++: no _Atomic (shared fields are read and written with
// the __atomic builtins), thread-locals as __thread (no C++ wrapper call).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_ACTION_TRAILREC_H
#define IRS_ACTION_TRAILREC_H

#include "irscope/Action.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A string of the table: 0 is "" (also what a string gets once the table
/// is full); else 1 + the offset of its length byte in the arena.
typedef uint32_t IrsTrailStr;

//===----------------------------------------------------------------------===//
// One record, and the per-thread caches that make it (TrailDescribe.c)
//===----------------------------------------------------------------------===//

/// What an action is: its tag and its pattern or pass.
typedef struct IrsTrailWhat {
  IrsTrailStr tag, name;
} IrsTrailWhat;

/// What a record says of its op in text: its name and file location. A
/// record pushed from a tool's action log has it; an action recorded in
/// process has its op raw, described at a death (IrsTrailOpNote).
typedef struct IrsTrailOpDesc {
  IrsTrailStr name, file;
  uint32_t line, column;
} IrsTrailOpDesc;

/// IrsActionRecord without its text: the action's strings are references
/// into the string table; its op is the op's name (an identifier) and
/// location as the context uniqued them, which live as long as it does
/// (NULL for no op), or else `op` for a record described elsewhere.
typedef struct IrsTrailRec {
  IrsTrailWhat what;
  int32_t depth;
  const void *ident, *loc;
  IrsTrailOpDesc op; // read only when `ident` is NULL: all 0 for no op
  int64_t index;
  uint64_t opId;
} IrsTrailRec;

/// Entries of the (tag, name) cache (a power of two). Kept for a
/// context's whole run (every step).
enum { IRS_TRAIL_WHAT_CACHE = 4096, IRS_TRAIL_RANGES = 512 };

/// An action's tag and name as MLIR handed them (their addresses and the
/// name's length) and their strings. A name in writable memory is checked
/// by its bytes on each hit (`copy`, the table's bytes of the name): a
/// pattern set built and freed inside a pass could hand a new name at an
/// old address. A name in a read-only segment of a loaded object (a
/// pattern's type name, a string literal) cannot change there: `copy` is
/// NULL and the addresses are enough.
///
/// `count` is the step's rewrite count of an entry known by address (the
/// trail's counts, irsActionTrailSetCounts): one add in the lookup the
/// record makes anyway. An entry that leaves the cache hands its count to
/// the counts' table (irsTrailWhatMiss); a step's end takes the rest.
///
/// `key` is what a hit compares besides the name's address: the tag's
/// address and the name's length (irsTrailWhatKey), or a value no hit
/// gives (bit 47 set: no user-space address has it) when the name is
/// checked by its bytes or is too long to fit.
typedef struct IrsTrailWhatHit {
  const char *name, *tag;
  const char *copy;
  uint64_t length;
  uint64_t key;
  IrsTrailWhat what;
  int64_t count;
  uint64_t pad; // 64 bytes: a slot's address is one shift, in one line
} IrsTrailWhatHit;

enum { IRS_TRAIL_KEY_LENGTH_SHIFT = 48 };
#define IRS_TRAIL_KEY_NEVER (1ull << 47)

/// The key of a hit on (tag, a name of `length` bytes) known by address.
static inline uint64_t irsTrailWhatKey(const char *tag, uint64_t length) {
  return (uint64_t)(uintptr_t)tag | (length << IRS_TRAIL_KEY_LENGTH_SHIFT);
}

/// An address range of a loaded object's read-only segments.
typedef struct IrsTrailRange {
  uintptr_t lo, hi;
} IrsTrailRange;

/// One thread's cache (no other thread touches it). Its keys are
/// addresses that mean one thing only within one process, so a thread
/// empties its cache whenever it (re)joins a trail: in a new process, after
/// a reset, or after irsActionTrailMarkContext. Page-aligned and a whole
/// number of pages, so that emptying it can hand its pages back
/// (irsTrailCacheReset) instead of writing them all.
typedef struct IrsTrailCache {
  IrsTrailWhatHit whats[IRS_TRAIL_WHAT_CACHE];
  // The slots that ever held an entry since the cache was emptied, each
  // once (listed[k]): a step's end takes their counts without a walk of
  // the whole cache.
  uint16_t filled[IRS_TRAIL_WHAT_CACHE];
  uint8_t listed[IRS_TRAIL_WHAT_CACHE];
  uint32_t numFilled;
  // Whose it is: the process and the trail's epoch it was emptied for
  // (irsActionTrailTakeCounts takes only this process's counts).
  uint32_t pid;
  uint64_t epoch;
  bool rangesRead; // the read-only ranges are looked up (once a fill)
  int32_t numRanges;
  IrsTrailRange ranges[IRS_TRAIL_RANGES];
} __attribute__((aligned(4096))) IrsTrailCache;

/// Direct-mapped: the slot of an address in a cache of `size` (a power of
/// two) entries, from the top bits of a Fibonacci hash (addresses are
/// aligned and clustered; their low bits alone collide).
static inline size_t irsTrailSlot(const void *p, size_t size) {
  uint64_t h = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 40) & (size - 1);
}


/// The home slot of an action's (tag, name) among the whats. An entry
/// lives in the first free slot of the IRS_TRAIL_WHAT_PROBES from its home
/// (linear probing) and stays there: names whose homes collide all stay
/// known, where in a direct-mapped or two-way cache three hot names would
/// evict each other on every action (callgrind's layout of the libraries
/// puts two of canonicalize's patterns and a third name in one pair of
/// slots: 4 % of the actions). Only a window whose slots are all taken
/// evicts.
static inline size_t irsTrailWhatSlot(const char *tag, const char *name) {
  return irsTrailSlot((const void *)((uintptr_t)tag ^ (uintptr_t)name),
                      IRS_TRAIL_WHAT_CACHE);
}

enum { IRS_TRAIL_WHAT_PROBES = 8 };

/// The `i`th slot of the window that starts at home slot `k`.
static inline size_t irsTrailWhatProbe(size_t k, size_t i) {
  return (k + i) & (IRS_TRAIL_WHAT_CACHE - 1);
}

/// The entry of (tag, name) in `c` if it is known by address, else NULL.
/// A slot never written (key 0: no entry has it) ends the search, as
/// entries are only ever replaced in place.
__attribute__((always_inline)) static inline IrsTrailWhatHit *
irsTrailWhatFind(IrsTrailCache *c, const char *tag, MlirStringRef name) {
  size_t k = irsTrailWhatSlot(tag, name.data);
  uint64_t key = irsTrailWhatKey(tag, name.length);
  for (size_t i = 0; i < IRS_TRAIL_WHAT_PROBES; ++i) {
    IrsTrailWhatHit *h = &c->whats[irsTrailWhatProbe(k, i)];
    if (__builtin_expect(h->name == name.data && h->key == key, 1))
      return h;
    if (!h->key)
      return NULL;
  }
  return NULL;
}


//===----------------------------------------------------------------------===//
// The stacks and the ring (ActionTrail.c), and the record of a hit
//===----------------------------------------------------------------------===//

enum { IRS_TRAIL_THREADS = 32, IRS_TRAIL_DEPTH = 8,
       IRS_TRAIL_WINDOW = IRS_ACTION_TRAIL_WINDOW };

/// A thread's actions in flight: those at depths [0, top), the one at
/// depth d begun as action began[d], its record in rec[d]; and the pattern
/// application in flight inside them (`leaf`: its action number, 0 for
/// none), whose record is the ring's entry of that number while the ring
/// still holds it. A pattern application rarely holds other actions and is
/// most of them: recorded in the ring alone (irsTrailRecordLeaf), it costs
/// one store here; a pass run, which holds thousands, is copied to its
/// stack (irsTrailRecordHit). A record is written while it is at or above
/// `top` and only then counted in (top raised), so a worker killed
/// mid-write leaves no torn record below `top`. `top` is the handler's end
/// mark (IrsActionRecordFn), stored with a release once the action ended,
/// and may pass IRS_TRAIL_DEPTH (the deepest record is then the last
/// begun). `tid` (0: free), `began` and `leaf` are read and written with
/// __atomic builtins.
typedef struct IrsTrailStack {
  int64_t tid;
  int top;
  uint64_t leaf;
  uint64_t began[IRS_TRAIL_DEPTH];
  IrsTrailRec rec[IRS_TRAIL_DEPTH];
} IrsTrailStack;

typedef struct IrsTrailRingEntry {
  uint64_t seq; // 1-based sequence number when complete; 0: not
  IrsTrailRec rec;
} IrsTrailRingEntry;

/// The start of the trail's shared mapping: what a record writes and what
/// the supervisor reads (the rest of the mapping, caches and strings, is
/// ActionTrail.c's). Cleared by a reset.
typedef struct IrsTrailHot {
  uint64_t next;      // sequence numbers handed out
  uint64_t stepStart; // `next` when the current step began
  // Changed by a reset and by irsActionTrailMarkContext: a thread whose
  // epoch differs joins again (finds its stack, empties its caches).
  uint64_t epoch;
  IrsTrailStack stacks[IRS_TRAIL_THREADS];
  IrsTrailRingEntry ring[IRS_TRAIL_WINDOW];
} IrsTrailHot;

/// The calling thread's id, the trail it last recorded into (at which
/// epoch) and its stack and caches there (ActionTrail.c keeps it): found
/// once, for gettid() is a system call and the search a loop. Initial-exec:
/// a thread-local of a shared library is otherwise reached through a call
/// to __tls_get_addr on every use.
typedef struct IrsTrailMine {
  int64_t tid;
  const IrsTrailHot *trail;
  uint64_t epoch;
  IrsTrailStack *stack;
  IrsTrailCache *cache;
} IrsTrailMine;

extern __thread IrsTrailMine irsTrailMine
    __attribute__((tls_model("initial-exec"), visibility("hidden")));

static inline int irsTrailDepthSlot(int depth) {
  return depth < IRS_TRAIL_DEPTH ? depth : IRS_TRAIL_DEPTH - 1;
}

static inline void irsTrailStoreTop(IrsTrailStack *s, int top) {
  __atomic_store_n(&s->top, top, __ATOMIC_RELEASE);
}

/// Whether the calling thread recorded into `t` since its epoch last
/// changed: then irsTrailMine's stack and caches are its own.
static inline bool irsTrailJoined(const IrsTrailHot *t) {
  return irsTrailMine.trail == t &&
         irsTrailMine.epoch == __atomic_load_n(&t->epoch, __ATOMIC_RELAXED);
}

static inline uint64_t irsTrailNextSeq(IrsTrailHot *t) {
  return __atomic_fetch_add(&t->next, 1, __ATOMIC_RELAXED) + 1;
}

/// The record of the action at `depth` on `s`, to be written in place, and
/// counted out while it is: deeper than the stack, the deepest record is
/// overwritten. irsTrailStackClose counts it in once whole.
static inline IrsTrailRec *irsTrailStackOpen(IrsTrailStack *s, int depth) {
  int d = irsTrailDepthSlot(depth);
  if (__atomic_load_n(&s->top, __ATOMIC_RELAXED) > d)
    irsTrailStoreTop(s, d);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  return &s->rec[d];
}

/// Counts in the record irsTrailStackOpen gave for `depth` as action `seq`.
/// Returns the stack's end mark.
static inline int *irsTrailStackClose(IrsTrailStack *s, int depth,
                                      uint64_t seq) {
  __atomic_store_n(&s->began[irsTrailDepthSlot(depth)], seq, __ATOMIC_RELAXED);
  irsTrailStoreTop(s, depth + 1);
  return &s->top;
}

/// The ring's entry of action `seq`, marked torn (0): to be written, then
/// published by irsTrailRingDone.
static inline IrsTrailRingEntry *irsTrailRingOpen(IrsTrailHot *t,
                                                  uint64_t seq) {
  IrsTrailRingEntry *e = &t->ring[(seq - 1) & (IRS_TRAIL_WINDOW - 1)];
  __atomic_store_n(&e->seq, 0, __ATOMIC_RELAXED);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  return e;
}

static inline void irsTrailRingDone(IrsTrailRingEntry *e, uint64_t seq) {
  __atomic_store_n(&e->seq, seq, __ATOMIC_RELEASE);
}

/// Writes `r` as the action `seq` into the ring.
static inline void irsTrailRingPut(IrsTrailHot *t, const IrsTrailRec *r,
                                   uint64_t seq) {
  IrsTrailRingEntry *e = irsTrailRingOpen(t, seq);
  e->rec = *r;
  irsTrailRingDone(e, seq);
}

/// The calling thread's entry of (tag, name) in its cache if the thread
/// has joined `t` and the entry is known by address, else NULL; with
/// `homeOnly`, only an entry in its home slot (most are: the cache is
/// mostly empty), a search with no loop and few registers.
__attribute__((always_inline)) static inline IrsTrailWhatHit *
irsTrailWhatHit(const IrsTrailHot *t, const char *tag, MlirStringRef name,
                bool homeOnly) {
  if (__builtin_expect(!irsTrailJoined(t), 0))
    return NULL;
  if (!homeOnly)
    return irsTrailWhatFind(irsTrailMine.cache, tag, name);
  IrsTrailWhatHit *h =
      &irsTrailMine.cache->whats[irsTrailWhatSlot(tag, name.data)];
  return h->name == name.data && h->key == irsTrailWhatKey(tag, name.length)
             ? h
             : NULL;
}

/// Counts an action of (tag, name) in the calling thread's entry and hands
/// it its action number, if the entry is there (irsTrailWhatHit): its
/// strings then in *what. Returns 0 with nothing counted otherwise.
__attribute__((always_inline)) static inline uint64_t
irsTrailCountIn(IrsTrailHot *t, const char *tag, MlirStringRef name,
                IrsTrailWhat *what) {
  IrsTrailWhatHit *h = irsTrailWhatHit(t, tag, name, false);
  if (!h)
    return 0;
  ++h->count;
  *what = h->what;
  return irsTrailNextSeq(t);
}

/// Writes the record of action `seq` into the ring.
__attribute__((always_inline)) static inline IrsTrailRec *
irsTrailRingRecord(IrsTrailHot *t, uint64_t seq, IrsTrailWhat what,
                   const void *op, const void *ident, const void *loc,
                   int64_t index, int depth) {
  IrsTrailRingEntry *e = irsTrailRingOpen(t, seq);
  IrsTrailRec *r = &e->rec;
  r->what = what;
  r->depth = depth;
  r->ident = ident;
  r->loc = loc;
  if (__builtin_expect(!ident, 0)) // no op (else `op` is not read)
    r->op = (IrsTrailOpDesc){0, 0, 0, 0};
  r->index = index;
  r->opId = (uint64_t)(uintptr_t)op;
  irsTrailRingDone(e, seq);
  return r;
}

/// Records an action of the calling thread at *depth (-1: the depth its
/// stack is at, which *depth then says) on `op` (its name `ident` and
/// location `loc`; all NULL for no op) if the thread has joined `t` and its
/// (tag, name) entry is known by address: into the ring and its stack,
/// counted in only once whole; and counts it in that entry. Returns the end
/// mark, or NULL with nothing written or counted (the caller hands the
/// action to irsActionTrailRecordMiss). Inline: a pass run of a supervised
/// run costs this.
__attribute__((always_inline)) static inline int *
irsTrailRecordHit(IrsTrailHot *t, const char *tag, MlirStringRef name,
                  const void *op, const void *ident, const void *loc,
                  int64_t index, int *depth) {
  IrsTrailWhat what;
  uint64_t seq = irsTrailCountIn(t, tag, name, &what);
  if (!seq)
    return NULL;
  IrsTrailStack *s = irsTrailMine.stack;
  int d = *depth;
  if (d < 0)
    *depth = d = __atomic_load_n(&s->top, __ATOMIC_RELAXED);
  const IrsTrailRec *r =
      irsTrailRingRecord(t, seq, what, op, ident, loc, index, d);
  *irsTrailStackOpen(s, d) = *r;
  return irsTrailStackClose(s, d, seq);
}

/// Records a pattern application of the calling thread whose (tag, name)
/// entry `h` its cache holds (irsTrailWhatHit), as irsTrailRecordHit
/// records an action, into the ring alone, and makes it the thread's leaf
/// in flight. Returns where the leaf is kept, to be given back *outer (the
/// leaf it is nested in, usually none) once the application ended. Inline:
/// this is the cost of nearly every action of a supervised run.
__attribute__((always_inline)) static inline uint64_t *
irsTrailRecordLeafHit(IrsTrailHot *t, IrsTrailWhatHit *h, const void *op,
                      const void *ident, const void *loc, int64_t index,
                      uint64_t *outer) {
  ++h->count;
  uint64_t seq = irsTrailNextSeq(t);
  IrsTrailStack *s = irsTrailMine.stack;
  irsTrailRingRecord(t, seq, h->what, op, ident, loc, index,
                     __atomic_load_n(&s->top, __ATOMIC_RELAXED));
  *outer = __atomic_load_n(&s->leaf, __ATOMIC_RELAXED);
  __atomic_store_n(&s->leaf, seq, __ATOMIC_RELEASE);
  return &s->leaf;
}

/// irsTrailRecordLeafHit after the lookup of (tag, name): NULL with nothing
/// written or counted when it misses.
__attribute__((always_inline)) static inline uint64_t *
irsTrailRecordLeaf(IrsTrailHot *t, const char *tag, MlirStringRef name,
                   const void *op, const void *ident, const void *loc,
                   int64_t index, uint64_t *outer) {
  IrsTrailWhatHit *h = irsTrailWhatHit(t, tag, name, false);
  return h ? irsTrailRecordLeafHit(t, h, op, ident, loc, index, outer)
           : NULL;
}

#ifdef __cplusplus
}
#endif

#endif // IRS_ACTION_TRAILREC_H
