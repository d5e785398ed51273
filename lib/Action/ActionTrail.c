// SPDX-License-Identifier: Apache-2.0
//===- ActionTrail.c - the actions a worker ran, readable after it died ---===//
//
// A crash or a hang is documented by the supervisor, after the worker is
// gone, so what the worker was doing is written as it happens into an
// anonymous shared mapping the supervisor made before the fork (as
// lib/Reduce/OracleAnchor.c does for the failing symbol). Each action is
// recorded before it runs: the op is described (name, file location, an
// identity) while it still exists, never after the crash. Per thread a
// stack of the actions in flight (a crash names the innermost), and for
// all threads a ring of the last actions (a hang names those that keep
// repeating). Each record is marked complete only after it is written, so
// a worker that died mid-write leaves no torn record behind.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ActionImpl.h"

#include "../Support/Buf.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { kThreads = 32, kDepth = 8, kWindow = IRS_ACTION_TRAIL_WINDOW };

typedef struct Stack {
  _Atomic int64_t tid; // 0: free
  _Atomic int top;     // actions in flight on the thread
  _Atomic uint64_t began[kDepth]; // sequence number of each; 0: torn
  IrsActionRecord rec[kDepth];
} Stack;

typedef struct RingEntry {
  _Atomic uint64_t seq; // 1-based sequence number when complete; 0: not
  IrsActionRecord rec;
} RingEntry;

typedef struct Trail {
  _Atomic uint64_t next; // sequence numbers handed out
  _Atomic uint64_t stepStart; // `next` when the current step began
  Stack stacks[kThreads];
  RingEntry ring[kWindow];
} Trail;

static void copyRef(char *dst, size_t cap, MlirStringRef s) {
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  if (n) // an empty ref may have no data at all
    memcpy(dst, s.data, n);
  dst[n] = 0;
}

// The first file location in `loc`, looking through names, call sites
// (the callee) and fused locations (the first), as diagnostics print them.
static bool fileLocation(MlirLocation loc, IrsActionRecord *r) {
  for (int hops = 0; hops < 8 && !mlirLocationIsNull(loc); ++hops) {
    if (mlirLocationIsAFileLineColRange(loc)) {
      copyRef(r->file, sizeof r->file,
              mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc)));
      r->line = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc);
      r->column = (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc);
      return true;
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
        return false;
      mlirLocationFusedGetLocations(loc, all);
      loc = all[0];
    } else
      return false;
  }
  return false;
}

static void describe(const IrsAction *a, IrsActionRecord *r) {
  copyRef(r->tag, sizeof r->tag, a->tag);
  copyRef(r->name, sizeof r->name, a->name);
  r->depth = a->depth;
  r->index = a->index;
  r->count = 0;
  r->file[0] = 0;
  r->line = r->column = 0;
  r->opId = (uint64_t)(uintptr_t)a->op.ptr;
  if (mlirOperationIsNull(a->op)) {
    r->opName[0] = 0;
    return;
  }
  copyRef(r->opName, sizeof r->opName,
          mlirIdentifierStr(mlirOperationGetName(a->op)));
  fileLocation(mlirOperationGetLocation(a->op), r);
}

// The calling thread's id. gettid() is a system call, and the trail asks
// before every action (millions in a canonicalize): each thread keeps its
// id once asked. A forked child's only thread inherits its parent's cached
// value, so the child handler forgets it (pthread_atfork, registered once).
static _Thread_local int64_t tidCache;

static void forgetTid(void) { tidCache = 0; }

static void registerForget(void) { pthread_atfork(NULL, NULL, forgetTid); }

static int64_t myTid(void) {
  if (!tidCache) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, registerForget);
    tidCache = (int64_t)gettid();
  }
  return tidCache;
}

static Stack *myStack(Trail *t) {
  int64_t me = myTid();
  for (int i = 0; i < kThreads; ++i)
    if (atomic_load_explicit(&t->stacks[i].tid, memory_order_relaxed) == me)
      return &t->stacks[i];
  for (int i = 0; i < kThreads; ++i) {
    int64_t none = 0;
    if (atomic_compare_exchange_strong(&t->stacks[i].tid, &none, me))
      return &t->stacks[i];
  }
  return NULL; // more threads than stacks: this one is not recorded
}

IrsActionDecision irsActionTrailBefore(const IrsAction *a, void *userData) {
  Trail *t = userData;
  uint64_t seq = atomic_fetch_add_explicit(&t->next, 1, memory_order_relaxed) + 1;
  RingEntry *e = &t->ring[(seq - 1) % kWindow];
  atomic_store_explicit(&e->seq, 0, memory_order_relaxed);
  // Described once, into this thread's own stack (no other thread writes
  // there), then copied to the ring.
  Stack *s = myStack(t);
  int d = a->depth < kDepth ? a->depth : kDepth - 1;
  if (s) {
    atomic_store_explicit(&s->began[d], 0, memory_order_relaxed);
    describe(a, &s->rec[d]);
    atomic_store_explicit(&s->began[d], seq, memory_order_release);
    atomic_store_explicit(&s->top, d + 1, memory_order_release);
    e->rec = s->rec[d];
  } else {
    describe(a, &e->rec);
  }
  atomic_store_explicit(&e->seq, seq, memory_order_release);
  return IrsActionExecute;
}

void irsActionTrailAfter(const IrsAction *a, bool executed, void *userData) {
  (void)executed;
  Trail *t = userData;
  Stack *s = myStack(t);
  if (s)
    atomic_store_explicit(&s->top, a->depth < kDepth ? a->depth : kDepth - 1,
                          memory_order_release);
}

IrsActionTrail irsActionTrailCreate(void) {
  void *p = mmap(NULL, sizeof(Trail), PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  return (IrsActionTrail){p == MAP_FAILED ? NULL : p};
}

void irsActionTrailDestroy(IrsActionTrail trail) {
  if (trail.ptr)
    munmap(trail.ptr, sizeof(Trail));
}

void irsActionTrailReset(IrsActionTrail trail) {
  if (trail.ptr)
    memset(trail.ptr, 0, sizeof(Trail)); // no process records into it now
}

void irsActionTrailMarkStep(IrsActionTrail trail) {
  Trail *t = trail.ptr;
  if (t)
    atomic_store(&t->stepStart, atomic_load(&t->next));
}

// Of a thread's actions in flight, the innermost that names an op (a
// greedy driver's iteration names none; the pass around it does).
static int innermostWithOp(Stack *s, int top) {
  for (int d = top - 1; d >= 0; --d)
    if (s->rec[d].opName[0])
      return d;
  return top - 1;
}

bool irsActionTrailGetInFlight(IrsActionTrail trail, IrsActionRecord *out) {
  Trail *t = trail.ptr;
  uint64_t best = 0;
  for (int i = 0; t && i < kThreads; ++i) {
    Stack *s = &t->stacks[i];
    int top = atomic_load(&s->top);
    if (!atomic_load(&s->tid) || top <= 0)
      continue;
    uint64_t began = atomic_load(&s->began[top - 1]);
    int d = innermostWithOp(s, top);
    if (began > best && atomic_load(&s->began[d])) {
      best = began;
      *out = s->rec[d];
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
  uint64_t from = t ? atomic_load(&t->stepStart) : 0;
  for (size_t k = 0; groups && k < kWindow; ++k) {
    if (atomic_load(&t->ring[k].seq) <= from)
      continue; // not written, torn, or from an earlier step
    ++seen;
    const IrsActionRecord *r = &t->ring[k].rec;
    if (!r->opName[0])
      continue; // a greedy driver's iteration: no op to name
    size_t g = 0;
    while (g < ng && !sameAction(&groups[g], r))
      ++g;
    if (g == ng) {
      groups[ng] = *r;
      groups[ng++].count = 0;
    }
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
  uint64_t seq = atomic_fetch_add(&t->next, 1) + 1;
  RingEntry *e = &t->ring[(seq - 1) % kWindow];
  e->rec = *record;
  atomic_store(&e->seq, seq);
  Stack *s = myStack(t);
  int d = record->depth < kDepth ? record->depth : kDepth - 1;
  if (s && d >= 0) {
    s->rec[d] = *record;
    atomic_store(&s->began[d], seq);
    atomic_store(&s->top, d + 1);
  }
}
