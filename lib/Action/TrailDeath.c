// SPDX-License-Identifier: Apache-2.0
//===- TrailDeath.c - what a dying process writes into its action trail ---===//
//
// A trail's records hold their ops raw (TrailImpl.h); the recording process
// turns them into text only when asked: as it dies or hangs
// (irsActionTrailDescribeOps, from the tool's signal handlers) and as a
// context's teardown begins (irsActionTrailMarkContextEnd), after which
// that context's records are never followed again (its op names and
// locations are among what the teardown frees). A crashing thread also
// chooses here the action its crash is told by: only it knows which
// thread it is, and with threads the trail's last actions are other
// threads' as often as its own. All of it is async-signal-safe: reads of
// the mapping, lock-free writes into it, and the op descriptions of
// TrailDescribe.c.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ActionImpl.h"
#include "TrailImpl.h"

#include <string.h>
#include <unistd.h>

enum { kThreads = IRS_TRAIL_THREADS, kDepth = IRS_TRAIL_DEPTH,
       kWindow = IRS_TRAIL_WINDOW };

typedef IrsTrailStack Stack;

// Writes the note of the op named `ident` at `loc` unless there is one.
static void noteOp(IrsTrail *t, const void *ident, const void *loc) {
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
// a context whose teardown has not begun (IrsTrail.frozen).
static void noteRec(IrsTrail *t, const IrsTrailRec *r, const uint64_t *seq) {
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
static bool isPassRec(const IrsTrail *t, const IrsTrailRec *r,
                      bool *pipeline) {
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
static Stack *callerStack(IrsTrail *t) {
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
static bool chooseDeath(IrsTrail *t, IrsTrailRec *out, uint64_t *seq,
                        bool *ended) {
  uint64_t from = __atomic_load_n(&t->hot.stepStart, __ATOMIC_ACQUIRE);
  Stack *s = callerStack(t);
  bool pipeline = false;
  IrsTrailRec r;
  uint64_t n;
  if (s) {
    int top = irsTrailLoadTop(s);
    if (top > kDepth)
      top = kDepth;
    const uint64_t *at = NULL;
    const IrsTrailRec *in =
        top > 0 || __atomic_load_n(&s->leaf, __ATOMIC_ACQUIRE)
            ? irsTrailInnermostWithOp(t, s, top, &at)
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
    if (!copyRec(&e->rec, &e->seq, &r, &n) || n <= from || !irsTrailHasOp(&r))
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
static void describeStacks(IrsTrail *t, bool ended) {
  for (int i = 0; i < kThreads; ++i) {
    Stack *s = &t->hot.stacks[i];
    if (!__atomic_load_n(&s->tid, __ATOMIC_ACQUIRE))
      continue;
    int top = ended ? kDepth : irsTrailLoadTop(s);
    for (int d = 0; d < top && d < kDepth; ++d)
      noteRec(t, &s->rec[d], &s->began[d]);
    const uint64_t *seq = NULL;
    const IrsTrailRec *r =
        irsTrailRingRec(t, __atomic_load_n(&s->leaf, __ATOMIC_ACQUIRE), &seq);
    if (r)
      noteRec(t, r, seq);
  }
}

// The window's records since the step began.
static void describeWindow(IrsTrail *t) {
  uint64_t from = __atomic_load_n(&t->hot.stepStart, __ATOMIC_ACQUIRE);
  for (size_t k = 0; k < kWindow; ++k) {
    const IrsTrailRingEntry *e = &t->hot.ring[k];
    if (__atomic_load_n(&e->seq, __ATOMIC_ACQUIRE) > from)
      noteRec(t, &e->rec, &e->seq);
  }
}

void irsActionTrailDescribeOps(IrsActionTrail trail, bool window) {
  IrsTrail *t = trail.ptr;
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
  IrsTrail *t = trail.ptr;
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
