// SPDX-License-Identifier: Apache-2.0
//===- ActionTrail.c - the actions a worker ran, readable after it died ---===//
//
// A crash or a hang is documented by the supervisor, after the worker is
// gone, so what the worker was doing is written as it happens into an
// anonymous shared mapping the supervisor made before the fork (as
// lib/Reduce/OracleAnchor.c does for the failing symbol). Each action is
// recorded before it runs: per thread a stack of the actions in flight (a
// crash names the innermost), and for all threads a ring of the last
// actions (a hang names those that keep repeating). Each record is marked
// complete only after it is written, so a worker that died mid-write
// leaves no torn record behind. A record is a few stores: its tag and
// pattern or pass by reference into the mapping's string table, its op as
// the op's uniqued name and location (TrailImpl.h). The dying or hung
// worker itself turns those into text (irsActionTrailDescribeOps, called by
// the tool's signal handlers) before the supervisor reads them; the op's
// name and location outlive the op (the context keeps them), so an op a
// pattern erased is described all the same, but not the context: its
// records are described once as its teardown begins and never followed
// after (irsActionTrailMarkContextEnd). A crashing thread also chooses the
// action its crash is told by, for only it knows which thread it is.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ActionImpl.h"
#include "TrailImpl.h"

#include "../Support/Buf.h"

#include <pthread.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

enum { kThreads = IRS_TRAIL_THREADS, kDepth = IRS_TRAIL_DEPTH,
       kWindow = IRS_TRAIL_WINDOW };
_Static_assert((kWindow & (kWindow - 1)) == 0, "the window is a power of two");

typedef IrsTrailStack Stack;

// The action a crash is told by (irsActionTrailGetCrashAction), chosen by
// the thread that crashed as it died (irsActionTrailDescribeOps without
// the window): the dying thread is known only then, and with threads the
// trail's last actions are other threads' as often as its own. `state` is
// 0 for none, 1 while written, 2 once whole; `rec` a copy of the record
// (its op described into the notes like the others'), `ended` whether it
// had ended (the thread died outside any action of the pipeline). Other
// threads may record on until the process is gone: the choice stands.
typedef struct Death {
  uint32_t state;
  bool ended;
  IrsTrailRec rec;
} Death;

// The mapping: the stacks and the ring first (TrailRec.h: a record's
// handler writes them), then what a reset leaves as it is. Each stack's
// caches (only its thread touches them, emptied when it joins), then the
// strings (a reset clears their index and leaves the arena as it is).
typedef struct Trail {
  IrsTrailHot hot;
  // The ops described at a death (irsActionTrailDescribeOps); cleared by a
  // reset.
  IrsTrailOpNote notes[IRS_TRAIL_OP_NOTES];
  // Records numbered up to this are of a context whose teardown began
  // (irsActionTrailMarkContextEnd): their ops were described then, and
  // are never followed again. Cleared by a reset.
  uint64_t frozen;
  Death death; // cleared by a reset and as a step begins
  IrsTrailCache caches[kThreads];
  IrsTrailStrings strings;
  // The recording process's rewrite counts (irsActionTrailSetCounts): a
  // pointer of that process, which no other one follows.
  IrsActionCounts *counts;
  // irsActionTrailSetStalled: what the supervisor saw of a hang (ms).
  double stalledMs;
} Trail;

// The calling thread's part (TrailRec.h). A forked child's only thread
// inherits its parent's values, so the child handler forgets them
// (pthread_atfork, registered once).
__thread IrsTrailMine irsTrailMine
    __attribute__((tls_model("initial-exec"), visibility("hidden")));
#define mine irsTrailMine

static void forgetMine(void) { mine = (IrsTrailMine){0, NULL, 0, NULL, NULL}; }

static void registerForget(void) { pthread_atfork(NULL, NULL, forgetMine); }

static int64_t myTid(void) {
  if (!mine.tid) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, registerForget);
    mine.tid = (int64_t)gettid();
  }
  return mine.tid;
}

static Stack *findStack(Trail *t, int64_t me) {
  for (int i = 0; i < kThreads; ++i)
    if (__atomic_load_n(&t->hot.stacks[i].tid, __ATOMIC_RELAXED) == me)
      return &t->hot.stacks[i];
  for (int i = 0; i < kThreads; ++i) {
    int64_t none = 0;
    if (__atomic_compare_exchange_n(&t->hot.stacks[i].tid, &none, me, false,
                                    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
      return &t->hot.stacks[i];
  }
  return NULL; // more threads than stacks: this one is not recorded
}

// The thread (re)joins `t`: its stack, found again (a reset cleared the
// ids, or the trail is another), and its caches emptied, for the addresses
// they hold may mean something else now (another context, another process
// with the same thread id). NULL when there is no stack for it.
__attribute__((noinline, cold)) static Stack *join(Trail *t) {
  int64_t me = myTid();
  uint64_t epoch = __atomic_load_n(&t->hot.epoch, __ATOMIC_RELAXED);
  Stack *s = findStack(t, me);
  if (!s) {
    mine.trail = NULL;
    return NULL;
  }
  IrsTrailCache *c = &t->caches[s - t->hot.stacks];
  irsTrailCacheReset(c, (uint32_t)getpid(), epoch);
  mine = (IrsTrailMine){me, &t->hot, epoch, s, c};
  return s;
}

static inline Stack *myStack(Trail *t) {
  return irsTrailJoined(&t->hot) ? mine.stack : join(t);
}

static inline int loadTop(const Stack *s) {
  return __atomic_load_n(&s->top, __ATOMIC_ACQUIRE);
}

// Writes `r` as the action `seq` in flight at `depth` on `s` (a record of
// its own: counted in only once whole). Returns the stack's end mark.
static int *pushRec(Stack *s, int depth, const IrsTrailRec *r, uint64_t seq) {
  *irsTrailStackOpen(s, depth) = *r;
  return irsTrailStackClose(s, depth, seq);
}

// Every record that irsTrailRecordHit does not make: a thread that has not
// joined the trail (or has no stack), and any cache miss. A depth of -1 is
// the depth the thread's stack is at (0 without one).
int *irsActionTrailRecordMiss(IrsAction *a, void *userData) {
  Trail *t = userData;
  Stack *s = myStack(t);
  if (a->depth < 0)
    a->depth = s ? __atomic_load_n(&s->top, __ATOMIC_RELAXED) : 0;
  IrsTrailRec r;
  irsTrailDescribe(s ? mine.cache : NULL, &t->strings, a, &r, t->counts);
  uint64_t seq = irsTrailNextSeq(&t->hot);
  irsTrailRingPut(&t->hot, &r, seq);
  return s ? pushRec(s, a->depth, &r, seq) : NULL;
}

int *irsActionTrailRecord(const IrsAction *a, void *userData) {
  Trail *t = userData;
  // An action not made by the handler may lack the op's name and location.
  IrsAction copy = *a;
  if (a->op.ptr && (!a->opName.ptr || !a->opLoc.ptr))
    return irsActionTrailRecordMiss(&copy, t);
  int depth = a->depth;
  int *mark = irsTrailRecordHit(&t->hot, a->tag.data, a->name, a->op.ptr,
                                a->opName.ptr, a->opLoc.ptr, a->index,
                                &depth);
  return mark ? mark : irsActionTrailRecordMiss(&copy, t);
}

IrsActionDecision irsActionTrailBefore(const IrsAction *a, void *userData) {
  irsActionTrailRecord(a, userData);
  return IrsActionExecute;
}

void irsActionTrailAfter(const IrsAction *a, bool executed, void *userData) {
  (void)executed;
  Stack *s = myStack(userData);
  if (s)
    irsTrailStoreTop(s, a->depth);
}

IrsActionTrail irsActionTrailCreate(void) {
  Trail *t = mmap(NULL, sizeof(Trail), PROT_READ | PROT_WRITE,
                  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (t == MAP_FAILED)
    return (IrsActionTrail){NULL};
  // A thread knows the trail it joined by address and epoch, and a new
  // trail may be mapped where a destroyed one was: its epoch starts at the
  // time of its making, which no earlier trail's epoch reached (each
  // reset or context mark adds one, and each takes longer than 1 ns).
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  __atomic_store_n(&t->hot.epoch,
                   (uint64_t)now.tv_sec * 1000000000u +
                       (uint64_t)now.tv_nsec + 1,
                   __ATOMIC_SEQ_CST);
  return (IrsActionTrail){t};
}

void irsActionTrailDestroy(IrsActionTrail trail) {
  if (trail.ptr)
    munmap(trail.ptr, sizeof(Trail));
}

void irsActionTrailReset(IrsActionTrail trail) {
  Trail *t = trail.ptr;
  if (!t)
    return;
  // No process records into it now. The caches and the string arena (most
  // of the mapping) are left as they are: a thread empties its caches when
  // it joins the new epoch, and nothing refers to the arena once the
  // index is cleared.
  uint64_t epoch = __atomic_load_n(&t->hot.epoch, __ATOMIC_SEQ_CST);
  memset(&t->hot, 0, sizeof t->hot);
  memset(t->notes, 0, sizeof t->notes);
  memset(&t->death, 0, sizeof t->death);
  t->frozen = 0;
  __atomic_store_n(&t->hot.epoch, epoch + 1, __ATOMIC_SEQ_CST);
  irsTrailStringsReset(&t->strings);
  t->stalledMs = 0;
}

const uint64_t *irsActionTrailGetProgress(IrsActionTrail trail) {
  Trail *t = trail.ptr;
  return t ? &t->hot.next : NULL;
}

void irsActionTrailSetStalled(IrsActionTrail trail, double ms) {
  if (trail.ptr)
    ((Trail *)trail.ptr)->stalledMs = ms;
}

double irsActionTrailGetStalled(IrsActionTrail trail) {
  const Trail *t = trail.ptr;
  // A step that recorded no action (none registered) says nothing.
  if (!t || __atomic_load_n(&t->hot.next, __ATOMIC_SEQ_CST) ==
                __atomic_load_n(&t->hot.stepStart, __ATOMIC_SEQ_CST))
    return 0;
  return t->stalledMs >= IRS_ACTION_TRAIL_STALL_MS ? t->stalledMs : 0;
}

void irsActionTrailMarkStep(IrsActionTrail trail) {
  Trail *t = trail.ptr;
  if (!t)
    return;
  __atomic_store_n(&t->death.state, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&t->hot.stepStart,
                   __atomic_load_n(&t->hot.next, __ATOMIC_SEQ_CST),
                   __ATOMIC_SEQ_CST);
}

void irsActionTrailSetCounts(IrsActionTrail trail, IrsActionCounts *counts) {
  Trail *t = trail.ptr;
  if (t)
    t->counts = counts;
}

// A cache's counts: those of its entries known by address (the others'
// actions were counted into the table as they ran, irsTrailWhatMiss).
static void takeCacheCounts(IrsTrailCache *c, const IrsTrailStrings *s,
                            IrsActionCounts *counts) {
  for (uint32_t i = 0; i < c->numFilled && i < IRS_TRAIL_WHAT_CACHE; ++i) {
    IrsTrailWhatHit *h = &c->whats[c->filled[i]];
    if (!h->count)
      continue;
    if (!h->copy) {
      size_t n;
      const char *tag = irsTrailStringsGet(s, h->what.tag, &n);
      irsActionCountsAdd(counts, mlirStringRefCreate(tag, n),
                         mlirStringRefCreate(h->name, h->length), h->count);
    }
    h->count = 0;
  }
}

void irsActionTrailTakeCounts(IrsActionTrail trail, IrsActionCounts *counts) {
  Trail *t = trail.ptr;
  if (!t)
    return;
  // The caches of this process's threads since the epoch last changed
  // (irsTrailCacheReset stamps them): a thread that joins later empties
  // its cache first, and other caches' addresses are not this process's.
  uint32_t pid = (uint32_t)getpid();
  uint64_t epoch = __atomic_load_n(&t->hot.epoch, __ATOMIC_SEQ_CST);
  for (int i = 0; i < kThreads; ++i) {
    if (!__atomic_load_n(&t->hot.stacks[i].tid, __ATOMIC_RELAXED))
      continue;
    IrsTrailCache *c = &t->caches[i];
    if (c->pid == pid && c->epoch == epoch)
      takeCacheCounts(c, &t->strings, counts);
  }
}

void irsActionTrailMarkContext(IrsActionTrail trail) {
  Trail *t = trail.ptr;
  if (!t)
    return;
  __atomic_fetch_add(&t->hot.epoch, 1, __ATOMIC_SEQ_CST);
  // Notes are keyed by the old context's pointers, and the records before
  // are of ops a death must not describe: they start no step of this run.
  memset(t->notes, 0, sizeof t->notes);
  irsActionTrailMarkStep(trail);
}

static void copyStr(const Trail *t, IrsTrailStr ref, char *dst, size_t cap) {
  size_t n;
  const char *p = irsTrailStringsGet(&t->strings, ref, &n);
  if (n > cap - 1)
    n = cap - 1;
  memcpy(dst, p, n);
  dst[n] = 0;
}

static bool hasOp(const IrsTrailRec *r) { return r->ident || r->op.name; }

// The note of the op named `ident` at `loc`; NULL when the op was not
// described. Read once the describing process is gone (or done).
static const IrsTrailOpNote *findNote(const Trail *t, const void *ident,
                                      const void *loc) {
  size_t k = irsTrailOpNoteSlot(ident, loc);
  for (size_t i = 0; i < IRS_TRAIL_OP_NOTES;
       ++i, k = (k + 1) & (IRS_TRAIL_OP_NOTES - 1)) {
    const IrsTrailOpNote *n = &t->notes[k];
    uint32_t st = __atomic_load_n(&n->state, __ATOMIC_ACQUIRE);
    if (!st)
      return NULL;
    // A note left half-written (1) by a process that faulted while
    // describing it keeps what it got to: the op's name, say.
    if (n->ident == ident && n->loc == loc)
      return n;
  }
  return NULL;
}

static void toRecord(const Trail *t, const IrsTrailRec *r,
                     IrsActionRecord *out) {
  IrsTrailOpDesc op = r->op;
  if (r->ident) {
    const IrsTrailOpNote *n = findNote(t, r->ident, r->loc);
    op = n ? n->desc : (IrsTrailOpDesc){0, 0, 0, 0};
  }
  copyStr(t, r->what.tag, out->tag, sizeof out->tag);
  copyStr(t, r->what.name, out->name, sizeof out->name);
  copyStr(t, op.name, out->opName, sizeof out->opName);
  copyStr(t, op.file, out->file, sizeof out->file);
  out->line = op.line;
  out->column = op.column;
  out->depth = r->depth;
  out->index = r->index;
  out->opId = r->opId;
  out->count = 0;
}

// The ring's record of action `seq` while the ring holds it, else NULL.
// *where (nullable) is where its sequence number is kept, for a reader
// that must check the record was not rewritten meanwhile.
static const IrsTrailRec *ringRec(const Trail *t, uint64_t seq,
                                  const uint64_t **where) {
  const IrsTrailRingEntry *e = &t->hot.ring[(seq - 1) & (kWindow - 1)];
  if (!seq || __atomic_load_n(&e->seq, __ATOMIC_ACQUIRE) != seq)
    return NULL;
  if (where)
    *where = &e->seq;
  return &e->rec;
}

// Of a thread's actions in flight, the innermost that names an op (a
// greedy driver's iteration names none; the pass around it does): its
// pattern application in flight when that began after the rest (and is
// still in the ring), else from the stack. *where (nullable) is where its
// sequence number is kept.
static const IrsTrailRec *innermostWithOp(const Trail *t, const Stack *s,
                                          int top, const uint64_t **where) {
  uint64_t leaf = __atomic_load_n(&s->leaf, __ATOMIC_ACQUIRE);
  if (leaf && (top <= 0 || leaf > __atomic_load_n(&s->began[top - 1],
                                                  __ATOMIC_ACQUIRE))) {
    const uint64_t *at = NULL;
    const IrsTrailRec *r = ringRec(t, leaf, &at);
    if (r && hasOp(r)) {
      if (where)
        *where = at;
      return r;
    }
  }
  for (int d = top - 1; d >= 0; --d)
    if (hasOp(&s->rec[d])) {
      if (where)
        *where = &s->began[d];
      return &s->rec[d];
    }
  if (where && top > 0)
    *where = &s->began[top - 1];
  return top > 0 ? &s->rec[top - 1] : NULL;
}

bool irsTrailGetDeath(IrsActionTrail trail, IrsActionRecord *out,
                      bool *ended) {
  const Trail *t = trail.ptr;
  if (!t || __atomic_load_n(&t->death.state, __ATOMIC_ACQUIRE) != 2)
    return false;
  toRecord(t, &t->death.rec, out);
  *ended = t->death.ended;
  return true;
}

bool irsActionTrailGetInFlight(IrsActionTrail trail, IrsActionRecord *out) {
  Trail *t = trail.ptr;
  uint64_t best = 0;
  for (int i = 0; t && i < kThreads; ++i) {
    Stack *s = &t->hot.stacks[i];
    int top = loadTop(s);
    if (top > kDepth) // deeper than the stack: its deepest record is last
      top = kDepth;
    if (!__atomic_load_n(&s->tid, __ATOMIC_SEQ_CST))
      continue;
    uint64_t began =
        top > 0 ? __atomic_load_n(&s->began[top - 1], __ATOMIC_SEQ_CST) : 0;
    uint64_t leaf = __atomic_load_n(&s->leaf, __ATOMIC_SEQ_CST);
    if (leaf > began)
      began = leaf;
    const IrsTrailRec *r = began ? innermostWithOp(t, s, top, NULL) : NULL;
    if (began > best && r) {
      best = began;
      toRecord(t, r, out);
    }
  }
  return best != 0;
}

// The same action on the same op: rewrites replace ops by new ones, so an
// op with a location is known by it (and its name), one without by its
// address.
static bool sameAction(const IrsActionRecord *a, const IrsActionRecord *b) {
  if (strcmp(a->tag, b->tag) || strcmp(a->name, b->name) ||
      strcmp(a->opName, b->opName) || strcmp(a->file, b->file))
    return false;
  if (!a->file[0])
    return a->opId == b->opId;
  return a->line == b->line && a->column == b->column;
}

static int byCount(const void *pa, const void *pb) {
  const IrsActionRecord *a = pa, *b = pb;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

size_t irsActionTrailGetRepeating(IrsActionTrail trail, IrsActionRecord *out,
                                  size_t cap, size_t *window) {
  Trail *t = trail.ptr;
  IrsActionRecord *groups = t ? malloc(kWindow * sizeof *groups) : NULL;
  size_t ng = 0, seen = 0;
  uint64_t from = t ? __atomic_load_n(&t->hot.stepStart, __ATOMIC_SEQ_CST) : 0;
  for (size_t k = 0; groups && k < kWindow; ++k) {
    const IrsTrailRingEntry *e = &t->hot.ring[k];
    if (__atomic_load_n(&e->seq, __ATOMIC_SEQ_CST) <= from)
      continue; // not written, torn, or from an earlier step
    ++seen;
    if (!hasOp(&e->rec))
      continue; // a greedy driver's iteration: no op to name
    IrsActionRecord *r = &groups[ng];
    toRecord(t, &e->rec, r);
    size_t g = 0;
    while (g < ng && !sameAction(&groups[g], r))
      ++g;
    if (g == ng)
      ++ng;
    ++groups[g].count;
  }
  if (window)
    *window = seen;
  if (!groups)
    return 0;
  qsort(groups, ng, sizeof *groups, byCount);
  size_t n = 0;
  while (n < ng && n < cap && groups[n].count >= 2) {
    out[n] = groups[n];
    ++n;
  }
  free(groups);
  return n;
}

bool irsActionTrailGetLast(IrsActionTrail trail, IrsActionRecord *out) {
  const Trail *t = trail.ptr;
  uint64_t from = t ? __atomic_load_n(&t->hot.stepStart, __ATOMIC_SEQ_CST) : 0;
  uint64_t best = from;
  for (size_t k = 0; t && k < kWindow; ++k) {
    const IrsTrailRingEntry *e = &t->hot.ring[k];
    uint64_t seq = __atomic_load_n(&e->seq, __ATOMIC_SEQ_CST);
    if (seq > best && hasOp(&e->rec)) {
      best = seq;
      toRecord(t, &e->rec, out);
    }
  }
  return best > from;
}

bool irsTrailGetLastOfPipeline(IrsActionTrail trail, IrsActionRecord *out) {
  const Trail *t = trail.ptr;
  uint64_t from = t ? __atomic_load_n(&t->hot.stepStart, __ATOMIC_SEQ_CST) : 0;
  uint64_t best = from, bestPass = from;
  IrsActionRecord r, pass;
  for (size_t k = 0; t && k < kWindow; ++k) {
    const IrsTrailRingEntry *e = &t->hot.ring[k];
    uint64_t seq = __atomic_load_n(&e->seq, __ATOMIC_SEQ_CST);
    if (seq <= bestPass || !hasOp(&e->rec))
      continue;
    toRecord(t, &e->rec, &r);
    bool isPass = !strcmp(r.tag, "pass-execution");
    if (isPass &&
        irsActionIsInternalPass(mlirStringRefCreateFromCString(r.name)))
      continue;
    if (isPass) {
      bestPass = seq;
      pass = r;
    } else if (seq > best) {
      best = seq;
      *out = r;
    }
  }
  if (bestPass > from)
    *out = pass;
  return bestPass > from || best > from;
}

// Writes the note of the op named `ident` at `loc` unless there is one.
static void noteOp(Trail *t, const void *ident, const void *loc) {
  size_t k = irsTrailOpNoteSlot(ident, loc);
  for (size_t i = 0; i < IRS_TRAIL_OP_NOTES;
       ++i, k = (k + 1) & (IRS_TRAIL_OP_NOTES - 1)) {
    IrsTrailOpNote *n = &t->notes[k];
    uint32_t st = 0;
    if (__atomic_compare_exchange_n(&n->state, &st, 1, false,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      n->ident = ident;
      n->loc = loc;
      irsTrailDescribeOp(&t->strings, (MlirIdentifier){ident},
                         (MlirLocation){loc}, &n->desc);
      __atomic_store_n(&n->state, 2, __ATOMIC_RELEASE);
      return;
    }
    // Another thread may be writing a note (st 1): described twice at
    // worst, and either reads the same.
    if (st == 2 && n->ident == ident && n->loc == loc)
      return;
  }
}

// Notes the op of `r`, a record other threads of this process may be
// overwriting now (a hang's): its pointers are taken only if its sequence
// number `*seq` still holds after they were read, and only for a record of
// a context whose teardown has not begun (Trail.frozen).
static void noteRec(Trail *t, const IrsTrailRec *r, const uint64_t *seq) {
  uint64_t before = __atomic_load_n(seq, __ATOMIC_ACQUIRE);
  const void *ident = __atomic_load_n(&r->ident, __ATOMIC_RELAXED);
  const void *loc = __atomic_load_n(&r->loc, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  if (before > __atomic_load_n(&t->frozen, __ATOMIC_ACQUIRE) && ident &&
      loc && __atomic_load_n(seq, __ATOMIC_RELAXED) == before)
    noteOp(t, ident, loc);
}

// A copy of `r`, whose sequence number is kept at `seq`, into *out and its
// number into *n, if that number is set and still holds after the copy
// (another thread may be writing the record).
static bool copyRec(const IrsTrailRec *r, const uint64_t *seq,
                    IrsTrailRec *out, uint64_t *n) {
  uint64_t before = __atomic_load_n(seq, __ATOMIC_ACQUIRE);
  *out = *r;
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  *n = before;
  return before && __atomic_load_n(seq, __ATOMIC_RELAXED) == before;
}

// Whether `r` is a pass run; *pipeline then says whether of the pipeline
// (not a pass manager's adaptor, not one of irscope's own passes).
static bool isPassRec(const Trail *t, const IrsTrailRec *r, bool *pipeline) {
  static const char kPass[] = "pass-execution";
  size_t n;
  const char *tag = irsTrailStringsGet(&t->strings, r->what.tag, &n);
  if (n != sizeof kPass - 1 || memcmp(tag, kPass, n))
    return false;
  const char *name = irsTrailStringsGet(&t->strings, r->what.name, &n);
  *pipeline = !irsActionIsInternalPass(mlirStringRefCreate(name, n));
  return true;
}

// The calling thread's stack, NULL when it recorded nothing.
static Stack *callerStack(Trail *t) {
  int64_t me = (int64_t)gettid();
  for (int i = 0; i < kThreads; ++i)
    if (__atomic_load_n(&t->hot.stacks[i].tid, __ATOMIC_ACQUIRE) == me)
      return &t->hot.stacks[i];
  return NULL;
}

// What the crash of the calling thread is told by, into *out (its number
// *seq, *ended whether it had ended): the innermost action in flight on
// the thread, unless that is only an adaptor or one of irscope's own
// passes; else the pass of the pipeline it began last in the step (the
// thread died outside any action: in the verifier after that pass, say);
// else, for a thread that began none (MLIR's verifier checks functions on
// pool threads that may have run no action), the pass of the pipeline
// begun last in the step on any thread, else its last action of the
// pipeline: the trail's sequence numbers order them. False when the step
// began none. Reads only the trail.
static bool chooseDeath(Trail *t, IrsTrailRec *out, uint64_t *seq,
                        bool *ended) {
  uint64_t from = __atomic_load_n(&t->hot.stepStart, __ATOMIC_ACQUIRE);
  Stack *s = callerStack(t);
  bool pipeline = false;
  IrsTrailRec r;
  uint64_t n;
  if (s) {
    int top = loadTop(s);
    if (top > kDepth)
      top = kDepth;
    const uint64_t *at = NULL;
    const IrsTrailRec *in =
        top > 0 || __atomic_load_n(&s->leaf, __ATOMIC_ACQUIRE)
            ? innermostWithOp(t, s, top, &at)
            : NULL;
    if (in && copyRec(in, at, out, seq) &&
        !(isPassRec(t, out, &pipeline) && !pipeline)) {
      *ended = false;
      return true;
    }
    uint64_t best = from;
    for (int d = 0; d < kDepth; ++d)
      if (copyRec(&s->rec[d], &s->began[d], &r, &n) && n > best &&
          isPassRec(t, &r, &pipeline) && pipeline) {
        best = *seq = n;
        *out = r;
      }
    if (best > from) {
      *ended = true;
      return true;
    }
  }
  uint64_t bestPass = from, bestOther = from;
  IrsTrailRec other;
  for (size_t k = 0; k < kWindow; ++k) {
    const IrsTrailRingEntry *e = &t->hot.ring[k];
    if (!copyRec(&e->rec, &e->seq, &r, &n) || n <= from || !hasOp(&r))
      continue;
    bool isPass = isPassRec(t, &r, &pipeline);
    if (isPass && pipeline && n > bestPass) {
      bestPass = *seq = n;
      *out = r;
    } else if (!isPass && n > bestOther) {
      bestOther = n;
      other = r;
    }
  }
  if (bestPass == from && bestOther > from) {
    *out = other;
    *seq = bestOther;
  }
  *ended = true;
  return bestPass > from || bestOther > from;
}

// Every thread's records: those in flight, or with `ended` every one the
// stack still holds.
static void describeStacks(Trail *t, bool ended) {
  for (int i = 0; i < kThreads; ++i) {
    Stack *s = &t->hot.stacks[i];
    if (!__atomic_load_n(&s->tid, __ATOMIC_ACQUIRE))
      continue;
    int top = ended ? kDepth : loadTop(s);
    for (int d = 0; d < top && d < kDepth; ++d)
      noteRec(t, &s->rec[d], &s->began[d]);
    const uint64_t *seq = NULL;
    const IrsTrailRec *r =
        ringRec(t, __atomic_load_n(&s->leaf, __ATOMIC_ACQUIRE), &seq);
    if (r)
      noteRec(t, r, seq);
  }
}

// The window's records since the step began.
static void describeWindow(Trail *t) {
  uint64_t from = __atomic_load_n(&t->hot.stepStart, __ATOMIC_ACQUIRE);
  for (size_t k = 0; k < kWindow; ++k) {
    const IrsTrailRingEntry *e = &t->hot.ring[k];
    if (__atomic_load_n(&e->seq, __ATOMIC_ACQUIRE) > from)
      noteRec(t, &e->rec, &e->seq);
  }
}

void irsActionTrailDescribeOps(IrsActionTrail trail, bool window) {
  Trail *t = trail.ptr;
  if (!t)
    return;
  if (!window) {
    // A crash, on the thread that crashed: what it is told by is chosen
    // first and kept whole before its op is described (which may fault).
    IrsTrailRec r;
    uint64_t seq = 0;
    bool ended = false;
    if (chooseDeath(t, &r, &seq, &ended)) {
      __atomic_store_n(&t->death.state, 1, __ATOMIC_RELAXED);
      __atomic_signal_fence(__ATOMIC_SEQ_CST);
      t->death.rec = r;
      t->death.ended = ended;
      __atomic_store_n(&t->death.state, 2, __ATOMIC_RELEASE);
      if (r.ident && r.loc && seq > __atomic_load_n(&t->frozen,
                                                     __ATOMIC_ACQUIRE))
        noteOp(t, r.ident, r.loc);
    }
  }
  describeStacks(t, false);
  if (window) {
    describeWindow(t);
    return;
  }
  // A crash outside any action is told by the last action of the
  // pipeline that began: the most recent few are described too, for a
  // reader of a trail without the crash's choice.
  enum { kRecent = 16 };
  uint64_t from = __atomic_load_n(&t->hot.stepStart, __ATOMIC_ACQUIRE);
  uint64_t last = 0;
  for (size_t k = 0; k < kWindow; ++k) {
    uint64_t seq = __atomic_load_n(&t->hot.ring[k].seq, __ATOMIC_ACQUIRE);
    if (seq > last)
      last = seq;
  }
  for (size_t k = 0; k < kWindow; ++k) {
    const IrsTrailRingEntry *e = &t->hot.ring[k];
    uint64_t seq = __atomic_load_n(&e->seq, __ATOMIC_ACQUIRE);
    if (seq > from && seq + kRecent > last)
      noteRec(t, &e->rec, &e->seq);
  }
}

void irsActionTrailMarkContextEnd(IrsActionTrail trail) {
  Trail *t = trail.ptr;
  if (!t)
    return;
  // Whatever a reader may ask of after a death in the teardown: every
  // record the stacks hold and the window's since the step began. No
  // thread records now, so the stacks' ended records are whole.
  describeStacks(t, true);
  describeWindow(t);
  __atomic_store_n(&t->frozen, __atomic_load_n(&t->hot.next, __ATOMIC_SEQ_CST),
                   __ATOMIC_SEQ_CST);
}

void irsActionRecordDescribe(const IrsActionRecord *r,
                             MlirStringCallback callback, void *userData) {
  IrsBuf b = IRS_BUF_INIT;
  if (!strcmp(r->tag, "apply-pattern"))
    irsBufPrintf(&b, "applying pattern '%s'%s", r->name[0] ? r->name : "?",
                 r->opName[0] ? " to" : "");
  else if (!strcmp(r->tag, "pass-execution"))
    irsBufPrintf(&b, "running pass '%s'%s", r->name, r->opName[0] ? " on" : "");
  else
    irsBufPrintf(&b, "running action '%s'%s", r->tag, r->opName[0] ? " on" : "");
  if (r->opName[0])
    irsBufPrintf(&b, " '%s'", r->opName);
  // An implicit module is at line 0 of its file: the file says it all.
  if (r->file[0] && r->line)
    irsBufPrintf(&b, " at %s:%u:%u", r->file, r->line, r->column);
  else if (r->file[0])
    irsBufPrintf(&b, " in %s", r->file);
  callback(irsBufRef(&b), userData);
  irsBufFree(&b);
}

// A record described elsewhere (a foreign tool's action log, read after the
// tool ended): pushed as irsActionTrailBefore pushes an action it describes.
void irsActionTrailPush(IrsActionTrail trail, const IrsActionRecord *record) {
  Trail *t = trail.ptr;
  if (!t)
    return;
  // A record read back from a tool's action log: its strings are interned
  // as an in-process worker's are.
  IrsTrailRec r = {
      .what = {irsTrailStringsIntern(&t->strings, record->tag,
                                     strlen(record->tag)),
               irsTrailStringsIntern(&t->strings, record->name,
                                     strlen(record->name))},
      .op = {irsTrailStringsIntern(&t->strings, record->opName,
                                   strlen(record->opName)),
             irsTrailStringsIntern(&t->strings, record->file,
                                   strlen(record->file)),
             record->line, record->column},
      .ident = NULL,
      .loc = NULL,
      .depth = record->depth,
      .index = record->index,
      .opId = record->opId};
  uint64_t seq = irsTrailNextSeq(&t->hot);
  irsTrailRingPut(&t->hot, &r, seq);
  Stack *s = myStack(t);
  if (s && record->depth >= 0)
    pushRec(s, record->depth, &r, seq);
}
