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
// a worker that died mid-write leaves no torn record behind. Records are
// small and hold their strings by reference (TrailImpl.h): a supervised
// run pays little more per action than a few compares.
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
#include <unistd.h>

enum { kThreads = 32, kDepth = 8, kWindow = IRS_ACTION_TRAIL_WINDOW };

typedef struct Stack {
  _Atomic int64_t tid; // 0: free
  _Atomic int top;     // actions in flight on the thread
  _Atomic uint64_t began[kDepth]; // sequence number of each; 0: torn
  IrsTrailRec rec[kDepth];
  IrsTrailCache cache; // the thread's own (TrailDescribe.c)
} Stack;

typedef struct RingEntry {
  _Atomic uint64_t seq; // 1-based sequence number when complete; 0: not
  IrsTrailRec rec;
} RingEntry;

typedef struct Trail {
  _Atomic uint64_t next; // sequence numbers handed out
  _Atomic uint64_t stepStart; // `next` when the current step began
  _Atomic uint64_t gen; // the threads' caches hold only this generation
  Stack stacks[kThreads];
  RingEntry ring[kWindow];
  IrsTrailStrings strings; // last: a reset leaves its arena as it is
} Trail;

// The calling thread's id and its stack in the trail it last recorded
// into. gettid() is a system call and the search a loop, asked before and
// after every action (millions in a canonicalize): each thread keeps both
// once found. A forked child's only thread inherits its parent's values,
// so the child handler forgets them (pthread_atfork, registered once).
// Initial-exec: a thread-local of a shared library is otherwise reached
// through a call to __tls_get_addr on every use.
typedef struct Mine {
  int64_t tid;
  Trail *trail;
  Stack *stack;
} Mine;
static _Thread_local Mine mine __attribute__((tls_model("initial-exec")));

static void forgetMine(void) { mine = (Mine){0, NULL, NULL}; }

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
    if (atomic_load_explicit(&t->stacks[i].tid, memory_order_relaxed) == me)
      return &t->stacks[i];
  for (int i = 0; i < kThreads; ++i) {
    int64_t none = 0;
    if (atomic_compare_exchange_strong(&t->stacks[i].tid, &none, me))
      return &t->stacks[i];
  }
  return NULL; // more threads than stacks: this one is not recorded
}

// The thread's stack, found again when the trail was reset (its ids
// cleared) or is another.
__attribute__((noinline, cold)) static Stack *findMyStack(Trail *t) {
  int64_t me = myTid();
  Stack *s = findStack(t, me);
  mine.trail = s ? t : NULL;
  mine.stack = s;
  return s;
}

static inline Stack *myStack(Trail *t) {
  Stack *s = mine.stack;
  if (mine.trail == t && s &&
      atomic_load_explicit(&s->tid, memory_order_relaxed) == mine.tid)
    return s;
  return findMyStack(t);
}

// A thread's caches hold pointers of the step they were filled in.
static IrsTrailCache *myCache(Trail *t, Stack *s) {
  uint64_t gen = atomic_load_explicit(&t->gen, memory_order_relaxed);
  if (s->cache.gen != gen)
    irsTrailCacheReset(&s->cache, gen);
  return &s->cache;
}

IrsActionDecision irsActionTrailBefore(const IrsAction *a, void *userData) {
  Trail *t = userData;
  uint64_t seq = atomic_fetch_add_explicit(&t->next, 1, memory_order_relaxed) + 1;
  RingEntry *e = &t->ring[(seq - 1) % kWindow];
  atomic_store_explicit(&e->seq, 0, memory_order_relaxed);
  // No write below may be seen (or compiled) before the mark that says
  // "torn": a worker killed here must leave no old sequence number on a
  // half-new record.
  atomic_thread_fence(memory_order_release);
  // Described once, into this thread's own stack (no other thread writes
  // there), then copied to the ring.
  Stack *s = myStack(t);
  int d = a->depth < kDepth ? a->depth : kDepth - 1;
  if (s) {
    atomic_store_explicit(&s->began[d], 0, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    irsTrailDescribe(myCache(t, s), &t->strings, a, &s->rec[d]);
    atomic_store_explicit(&s->began[d], seq, memory_order_release);
    atomic_store_explicit(&s->top, d + 1, memory_order_release);
    e->rec = s->rec[d];
  } else {
    irsTrailDescribeUncached(&t->strings, a, &e->rec);
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
  Trail *t = trail.ptr;
  if (!t)
    return;
  // No process records into it now. The string arena (most of the
  // mapping) is left as it is: nothing refers to it once the index is
  // cleared.
  memset(t, 0, offsetof(Trail, strings));
  irsTrailStringsReset(&t->strings);
}

void irsActionTrailMarkStep(IrsActionTrail trail) {
  Trail *t = trail.ptr;
  if (!t)
    return;
  atomic_store(&t->stepStart, atomic_load(&t->next));
  atomic_fetch_add(&t->gen, 1);
}

static void copyStr(const Trail *t, IrsTrailStr ref, char *dst, size_t cap) {
  size_t n;
  const char *p = irsTrailStringsGet(&t->strings, ref, &n);
  if (n > cap - 1)
    n = cap - 1;
  memcpy(dst, p, n);
  dst[n] = 0;
}

static void toRecord(const Trail *t, const IrsTrailRec *r,
                     IrsActionRecord *out) {
  copyStr(t, r->tag, out->tag, sizeof out->tag);
  copyStr(t, r->name, out->name, sizeof out->name);
  copyStr(t, r->op.name, out->opName, sizeof out->opName);
  copyStr(t, r->op.file, out->file, sizeof out->file);
  out->line = r->op.line;
  out->column = r->op.column;
  out->depth = r->depth;
  out->index = r->index;
  out->opId = r->opId;
  out->count = 0;
}

// Of a thread's actions in flight, the innermost that names an op (a
// greedy driver's iteration names none; the pass around it does).
static int innermostWithOp(Stack *s, int top) {
  for (int d = top - 1; d >= 0; --d)
    if (s->rec[d].op.name)
      return d;
  return top - 1;
}

bool irsActionTrailGetInFlight(IrsActionTrail trail, IrsActionRecord *out) {
  Trail *t = trail.ptr;
  uint64_t best = 0;
  for (int i = 0; t && i < kThreads; ++i) {
    Stack *s = &t->stacks[i];
    int top = atomic_load(&s->top);
    if (!atomic_load(&s->tid) || top <= 0 || top > kDepth)
      continue;
    uint64_t began = atomic_load(&s->began[top - 1]);
    int d = innermostWithOp(s, top);
    if (began > best && atomic_load(&s->began[d])) {
      best = began;
      toRecord(t, &s->rec[d], out);
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
    if (!t->ring[k].rec.op.name)
      continue; // a greedy driver's iteration: no op to name
    IrsActionRecord *r = &groups[ng];
    toRecord(t, &t->ring[k].rec, r);
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
      .tag = irsTrailStringsIntern(&t->strings, record->tag, strlen(record->tag)),
      .name = irsTrailStringsIntern(&t->strings, record->name,
                                    strlen(record->name)),
      .op = {irsTrailStringsIntern(&t->strings, record->opName,
                                   strlen(record->opName)),
             irsTrailStringsIntern(&t->strings, record->file,
                                   strlen(record->file)),
             record->line, record->column},
      .depth = record->depth,
      .index = record->index,
      .opId = record->opId};
  uint64_t seq = atomic_fetch_add(&t->next, 1) + 1;
  RingEntry *e = &t->ring[(seq - 1) % kWindow];
  e->rec = r;
  atomic_store(&e->seq, seq);
  Stack *s = myStack(t);
  int d = record->depth < kDepth ? record->depth : kDepth - 1;
  if (s && d >= 0) {
    s->rec[d] = r;
    atomic_store(&s->began[d], seq);
    atomic_store(&s->top, d + 1);
  }
}
