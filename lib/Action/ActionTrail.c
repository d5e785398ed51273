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
// worker itself turns those into text (TrailDeath.c) before the supervisor
// reads them; the op's name and location outlive the op (the context keeps
// them), so an op a pattern erased is described all the same.
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

typedef IrsTrail Trail;

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

const IrsTrailRec *irsTrailInnermostWithOp(const IrsTrail *t,
                                           const IrsTrailStack *s, int top,
                                           const uint64_t **where) {
  uint64_t leaf = __atomic_load_n(&s->leaf, __ATOMIC_ACQUIRE);
  if (leaf && (top <= 0 || leaf > __atomic_load_n(&s->began[top - 1],
                                                  __ATOMIC_ACQUIRE))) {
    const uint64_t *at = NULL;
    const IrsTrailRec *r = irsTrailRingRec(t, leaf, &at);
    if (r && irsTrailHasOp(r)) {
      if (where)
        *where = at;
      return r;
    }
  }
  for (int d = top - 1; d >= 0; --d)
    if (irsTrailHasOp(&s->rec[d])) {
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
    int top = irsTrailLoadTop(s);
    if (top > kDepth) // deeper than the stack: its deepest record is last
      top = kDepth;
    if (!__atomic_load_n(&s->tid, __ATOMIC_SEQ_CST))
      continue;
    uint64_t began =
        top > 0 ? __atomic_load_n(&s->began[top - 1], __ATOMIC_SEQ_CST) : 0;
    uint64_t leaf = __atomic_load_n(&s->leaf, __ATOMIC_SEQ_CST);
    if (leaf > began)
      began = leaf;
    const IrsTrailRec *r =
        began ? irsTrailInnermostWithOp(t, s, top, NULL) : NULL;
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
    if (!irsTrailHasOp(&e->rec))
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
    if (seq > best && irsTrailHasOp(&e->rec)) {
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
    if (seq <= bestPass || !irsTrailHasOp(&e->rec))
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
