// SPDX-License-Identifier: Apache-2.0
// Unit tests of the action trail (lib/Action/ActionTrail.c, TrailDescribe.c,
// TrailStrings.c): records are made through a per-thread cache keyed by the
// addresses MLIR hands over and hold their op raw, described when the
// recording process is asked (irsActionTrailDescribeOps), so each test
// changes one thing between two actions (the pattern, the op, the
// location, the bytes at a reused address) and checks that the record read
// back says the new thing; a worker killed at random moments never leaves
// a record that mixes two actions, described or not.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Action/ActionImpl.h"
#include "Action/TrailImpl.h"
#include "irscope/Action.h"

#include "DialectContext.h"

#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// Ops on lines 2, 3, 4 and 5 of a.mlir (the last behind a name and a fused
// location, as rewrites leave them).
static const char kModule[] =
    "func.func @f(%x: i32) -> i32 {\n"
    "  %0 = arith.addi %x, %x : i32 loc(\"a.mlir\":2:3)\n"
    "  %1 = arith.muli %0, %0 : i32 loc(\"a.mlir\":3:5)\n"
    "  %2 = arith.subi %1, %0 : i32 loc(\"a.mlir\":4:7)\n"
    "  %3 = arith.addi %2, %2 : i32 loc(\"n\"(fused[\"b.mlir\":5:9, "
    "\"c.mlir\":1:1]))\n"
    "  return %3 : i32\n"
    "} loc(\"a.mlir\":1:1)\n";

enum { kOps = 4 };
static MlirModule module;
static MlirOperation func, ops[kOps];

static int setup(void **state) {
  dialectContextSetup(state);
  mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("arith"));
  mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("func"));
  module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module))
    return -1;
  func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  MlirOperation op = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  for (int i = 0; i < kOps; ++i, op = mlirOperationGetNextInBlock(op))
    ops[i] = op;
  return 0;
}

static int teardown(void **state) {
  mlirModuleDestroy(module);
  return dialectContextTeardown(state);
}

// Whether action() fills the op's name and location as the handler does
// (else the trail asks the op, as for an action a caller made).
static bool fillOp = true;

static IrsAction action(const char *tag, const char *name, MlirOperation op,
                        int depth) {
  static int64_t index;
  IrsAction a = {mlirStringRefCreateFromCString(tag),
                 mlirStringRefCreateFromCString(name), op, depth, ++index,
                 NULL, {NULL}, {NULL}};
  if (fillOp && !mlirOperationIsNull(op)) {
    a.opName = mlirOperationGetName(op);
    a.opLoc = mlirOperationGetLocation(op);
  }
  return a;
}

// The action in flight once this process (the recording one) described
// its ops, as a dying worker does.
static bool describedInFlight(IrsActionTrail t, IrsActionRecord *r) {
  irsActionTrailDescribeOps(t, false);
  return irsActionTrailGetInFlight(t, r);
}

static size_t describedRepeating(IrsActionTrail t, IrsActionRecord *out,
                                 size_t cap, size_t *window) {
  irsActionTrailDescribeOps(t, true);
  return irsActionTrailGetRepeating(t, out, cap, window);
}

// Records `a` as the one action in flight and reads it back.
static IrsActionRecord inFlight(IrsActionTrail t, IrsAction a) {
  IrsActionRecord r;
  memset(&r, 0, sizeof r);
  irsActionTrailBefore(&a, t.ptr);
  assert_true(describedInFlight(t, &r));
  irsActionTrailAfter(&a, true, t.ptr);
  return r;
}

static void assertRecord(const IrsActionRecord *r, const char *name,
                         const char *opName, const char *file, unsigned line,
                         unsigned column) {
  assert_string_equal(r->name, name);
  assert_string_equal(r->opName, opName);
  assert_string_equal(r->file, file);
  assert_int_equal(r->line, line);
  assert_int_equal(r->column, column);
}

// Each record after a change of pattern, op or location says the new one,
// also when the cache's slot for the address already held something; with
// the op's name and location from the handler and without.
static void recordFollowsChangesOnce(void);

static void recordFollowsChanges(void **state) {
  (void)state;
  for (int pass = 0; pass < 2; ++pass) {
    fillOp = pass == 0;
    recordFollowsChangesOnce();
  }
  fillOp = true;
}

static void recordFollowsChangesOnce(void) {
  IrsActionTrail t = irsActionTrailCreate();
  assert_false(irsActionTrailIsNull(t));
  irsActionTrailMarkStep(t);
  IrsActionRecord r = inFlight(t, action("apply-pattern", "PatA", ops[0], 0));
  assert_string_equal(r.tag, "apply-pattern");
  assertRecord(&r, "PatA", "arith.addi", "a.mlir", 2, 3);
  r = inFlight(t, action("apply-pattern", "PatB", ops[0], 0));
  assertRecord(&r, "PatB", "arith.addi", "a.mlir", 2, 3);
  r = inFlight(t, action("apply-pattern", "PatB", ops[1], 0));
  assertRecord(&r, "PatB", "arith.muli", "a.mlir", 3, 5);
  r = inFlight(t, action("apply-pattern", "PatA", ops[2], 0));
  assertRecord(&r, "PatA", "arith.subi", "a.mlir", 4, 7);
  r = inFlight(t, action("apply-pattern", "PatA", ops[3], 0));
  assertRecord(&r, "PatA", "arith.addi", "b.mlir", 5, 9);
  r = inFlight(t, action("pass-execution", "cse", func, 0));
  assert_string_equal(r.tag, "pass-execution");
  assertRecord(&r, "cse", "func.func", "a.mlir", 1, 1);
  // Back to the first op, after the others: from the caches.
  r = inFlight(t, action("apply-pattern", "PatA", ops[0], 0));
  assertRecord(&r, "PatA", "arith.addi", "a.mlir", 2, 3);
  r = inFlight(t, action("GreedyPatternRewriteIteration", "",
                         (MlirOperation){NULL}, 0));
  assertRecord(&r, "", "", "", 0, 0);
  assert_int_equal(r.opId, 0);
  // A new step keeps the caches; a new context forgets them.
  irsActionTrailMarkStep(t);
  r = inFlight(t, action("apply-pattern", "PatB", ops[1], 0));
  assertRecord(&r, "PatB", "arith.muli", "a.mlir", 3, 5);
  irsActionTrailMarkContext(t);
  r = inFlight(t, action("apply-pattern", "PatB", ops[1], 0));
  assertRecord(&r, "PatB", "arith.muli", "a.mlir", 3, 5);
  irsActionTrailDestroy(t);
}

// An op's address reused by another op (the first erased, the second
// allocated where it was): the record names the op there now, not the one
// the caches saw at that address. Simulated by handing the trail the same
// op pointer with another op's name and location, as the handler reads
// them from the op; and done for real by parsing a second module after
// freeing the first (the allocator usually hands back the same memory).
static void reusedOpAddressIsNotStale(void **state) {
  (void)state;
  IrsActionTrail t = irsActionTrailCreate();
  irsActionTrailMarkStep(t);
  IrsAction a = action("apply-pattern", "PatA", ops[0], 0);
  IrsActionRecord r = inFlight(t, a);
  assertRecord(&r, "PatA", "arith.addi", "a.mlir", 2, 3);
  a.opName = mlirOperationGetName(ops[1]);
  a.opLoc = mlirOperationGetLocation(ops[1]);
  r = inFlight(t, a);
  assertRecord(&r, "PatA", "arith.muli", "a.mlir", 3, 5);
  // Same location, another name (a rewrite that keeps the location).
  a.opName = mlirOperationGetName(ops[2]);
  r = inFlight(t, a);
  assertRecord(&r, "PatA", "arith.subi", "a.mlir", 3, 5);

  static const char *const kTexts[] = {
      "%0 = arith.constant 1 : i32 loc(\"r.mlir\":7:1)",
      "%0 = arith.constant 1.0 : f32 loc(\"s.mlir\":9:2)\n"
      "%1 = arith.negf %0 : f32 loc(\"s.mlir\":10:3)"};
  static const char *const kNames[] = {"arith.constant", "arith.negf"};
  for (int i = 0; i < 2; ++i) {
    MlirModule m =
        mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kTexts[i]));
    assert_false(mlirModuleIsNull(m));
    MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
    if (i == 1)
      op = mlirOperationGetNextInBlock(op);
    r = inFlight(t, action("apply-pattern", "PatA", op, 0));
    assertRecord(&r, "PatA", kNames[i], i ? "s.mlir" : "r.mlir", i ? 10 : 7,
                 i ? 3 : 1);
    mlirModuleDestroy(m);
  }
  irsActionTrailDestroy(t);
}

// A reset empties the string table; the threads' caches, which hold
// references into it, are emptied too: a record after the table was filled
// anew (other strings at the old offsets) names what it names now.
static void resetForgetsCachedReferences(void **state) {
  (void)state;
  IrsActionTrail t = irsActionTrailCreate();
  IrsActionRecord r = inFlight(t, action("apply-pattern", "PatA", ops[0], 0));
  assertRecord(&r, "PatA", "arith.addi", "a.mlir", 2, 3);
  irsActionTrailReset(t);
  r = inFlight(t, action("pass-execution", "OtherName", ops[2], 0));
  assertRecord(&r, "OtherName", "arith.subi", "a.mlir", 4, 7);
  r = inFlight(t, action("apply-pattern", "PatA", ops[0], 0));
  assert_string_equal(r.tag, "apply-pattern");
  assertRecord(&r, "PatA", "arith.addi", "a.mlir", 2, 3);
  irsActionTrailDestroy(t);
}

// `text` parsed in a context of its own (*c, single-threaded, with arith).
static MlirModule parseInNewContext(const char *text, MlirContext *c) {
  *c = mlirContextCreateWithThreading(false);
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  mlirContextAppendDialectRegistry(*c, reg);
  mlirDialectRegistryDestroy(reg);
  mlirContextGetOrLoadDialect(*c, mlirStringRefCreateFromCString("arith"));
  MlirModule m =
      mlirModuleCreateParse(*c, mlirStringRefCreateFromCString(text));
  assert_false(mlirModuleIsNull(m));
  return m;
}

// Ops of a new context (the old one destroyed, its memory handed out
// again) are named from the new context after irsActionTrailMarkContext,
// whatever the caches saw at those addresses before.
// A context made and destroyed again and again, each round parsing the
// same text but for the location's file, line and column, so each
// allocates as the last did: the allocator soon hands a new context the
// addresses an earlier one gave another op name and location (ASan's
// quarantine holds freed memory back, so there it need not). A cache keyed
// by them, not emptied by the mark, would then answer the earlier round's
// description.
static void newContextIsNotStale(void **state) {
  (void)state;
  static const char *const kTexts[] = {
      "%0 = arith.constant 1 : i32 loc(\"p.mlir\":1:1)",
      "%0 = arith.constant 1 : i32 loc(\"q.mlir\":8:4)"};
  static const char *const kFiles[] = {"p.mlir", "q.mlir"};
  enum { kRounds = 64 };
  const void *names[kRounds], *locs[kRounds];
  bool reused = false;
  IrsActionTrail t = irsActionTrailCreate();
  for (int j = 0; j < kRounds && !reused; ++j) {
    int i = j & 1;
    MlirContext c;
    MlirModule m = parseInNewContext(kTexts[i], &c);
    irsActionTrailMarkContext(t);
    MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
    IrsAction a = action("apply-pattern", "PatA", op, 0);
    names[j] = a.opName.ptr;
    locs[j] = a.opLoc.ptr;
    for (int k = 1 - i; k < j; k += 2)
      reused |= names[k] == names[j] && locs[k] == locs[j];
    IrsActionRecord r = inFlight(t, a);
    assertRecord(&r, "PatA", "arith.constant", kFiles[i], i ? 8 : 1,
                 i ? 4 : 1);
    mlirModuleDestroy(m);
    mlirContextDestroy(c);
  }
#if !defined(__SANITIZE_ADDRESS__)
  assert_true(reused);
#endif
  irsActionTrailDestroy(t);
}

// An op is described from its name and location, which the context keeps:
// one that a pattern erased while its action ran is still described. Until
// the recording process describes it, a record names no op.
static void opDescribedAfterItsErasure(void **state) {
  (void)state;
  MlirModule m = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "%0 = arith.constant 3 : i32 loc(\"e.mlir\":6:2)"));
  assert_false(mlirModuleIsNull(m));
  MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  IrsActionTrail t = irsActionTrailCreate();
  IrsAction a = action("apply-pattern", "Eraser", op, 0);
  irsActionTrailBefore(&a, t.ptr);
  IrsActionRecord r;
  assert_true(irsActionTrailGetInFlight(t, &r));
  assertRecord(&r, "Eraser", "", "", 0, 0);
  assert_int_equal(r.opId, (uint64_t)(uintptr_t)op.ptr);
  mlirModuleDestroy(m); // the op is gone
  assert_true(describedInFlight(t, &r));
  assertRecord(&r, "Eraser", "arith.constant", "e.mlir", 6, 2);
  irsActionTrailAfter(&a, true, t.ptr);
  irsActionTrailDestroy(t);
}

// The handler's recorder ends an action by storing its depth into the end
// mark the trail handed back: the action is then no longer in flight, and
// the one around it is.
static void endMarkEndsTheAction(void **state) {
  (void)state;
  IrsActionTrail t = irsActionTrailCreate();
  IrsAction pass = action("pass-execution", "canonicalize", func, 0);
  int *outer = irsActionTrailRecord(&pass, t.ptr);
  IrsAction pat = action("apply-pattern", "PatA", ops[0], 1);
  int *inner = irsActionTrailRecord(&pat, t.ptr);
  assert_non_null(outer);
  assert_ptr_equal(inner, outer); // one per thread
  IrsActionRecord r;
  assert_true(describedInFlight(t, &r));
  assertRecord(&r, "PatA", "arith.addi", "a.mlir", 2, 3);
  __atomic_store_n(inner, pat.depth, __ATOMIC_RELEASE);
  assert_true(describedInFlight(t, &r));
  assertRecord(&r, "canonicalize", "func.func", "a.mlir", 1, 1);
  __atomic_store_n(outer, pass.depth, __ATOMIC_RELEASE);
  assert_false(describedInFlight(t, &r));
  irsActionTrailDestroy(t);
}

// The handler's own record (irsTrailRecordHit) writes an action only when
// the thread has joined the trail and its (tag, name) entry is known by
// address, as the trail's recorder would have written it, whatever the op
// (held raw); on a miss it writes nothing at all (the handler then hands
// the action to the recorder, which must not find a half-made one).
static void hitRecordsOnlyWhatTheCachesKnow(void **state) {
  (void)state;
  IrsActionTrail t = irsActionTrailCreate(), other = irsActionTrailCreate();
  IrsTrailHot *hot = t.ptr;
  IrsAction pat = action("apply-pattern", "PatA", ops[0], 0);
  int *mark = irsActionTrailRecord(&pat, t.ptr); // fills the cache
  __atomic_store_n(mark, 0, __ATOMIC_RELEASE);
  uint64_t next = hot->next;
  IrsActionRecord r;
  int depth = 0;
  mark = irsTrailRecordHit(hot, pat.tag.data, pat.name, ops[0].ptr,
                           pat.opName.ptr, pat.opLoc.ptr, 7, &depth);
  assert_non_null(mark);
  assert_int_equal(hot->next, next + 1);
  assert_true(describedInFlight(t, &r));
  assertRecord(&r, "PatA", "arith.addi", "a.mlir", 2, 3);
  assert_int_equal(r.index, 7);
  __atomic_store_n(mark, 0, __ATOMIC_RELEASE);
  // Another op: recorded as it is.
  IrsAction op1 = action("apply-pattern", "PatA", ops[1], 0);
  // Its depth the stack's (-1): 0, as the last action ended.
  depth = -1;
  mark = irsTrailRecordHit(hot, pat.tag.data, pat.name, ops[1].ptr,
                           op1.opName.ptr, op1.opLoc.ptr, 8, &depth);
  assert_int_equal(depth, 0);
  assert_non_null(mark);
  assert_true(describedInFlight(t, &r));
  assertRecord(&r, "PatA", "arith.muli", "a.mlir", 3, 5);
  __atomic_store_n(mark, 0, __ATOMIC_RELEASE);
  // As a leaf (a pattern application): in the ring alone, in flight until
  // its leaf mark is given back what it held; inside the pass run around
  // it, which it began after.
  IrsAction pass = action("pass-execution", "canonicalize", func, 0);
  int *passMark = irsActionTrailRecord(&pass, t.ptr);
  uint64_t outer = 99;
  uint64_t *leaf = irsTrailRecordLeaf(
      hot, pat.tag.data, pat.name, ops[2].ptr,
      mlirOperationGetName(ops[2]).ptr, mlirOperationGetLocation(ops[2]).ptr,
      9, &outer);
  assert_non_null(leaf);
  assert_int_equal(outer, 0);
  assert_true(describedInFlight(t, &r));
  assertRecord(&r, "PatA", "arith.subi", "a.mlir", 4, 7);
  assert_int_equal(r.depth, 1);
  __atomic_store_n(leaf, outer, __ATOMIC_RELEASE);
  assert_true(describedInFlight(t, &r));
  assertRecord(&r, "canonicalize", "func.func", "a.mlir", 1, 1);
  __atomic_store_n(passMark, 0, __ATOMIC_RELEASE);
  assert_false(irsActionTrailGetInFlight(t, &r));
  next = hot->next;
  // Another pattern's name, another trail: nothing written.
  char heap[] = "PatA";
  assert_null(irsTrailRecordHit(hot, pat.tag.data,
                                mlirStringRefCreateFromCString(heap),
                                ops[0].ptr, pat.opName.ptr, pat.opLoc.ptr, 9,
                                &depth));
  assert_null(irsTrailRecordLeaf(other.ptr, pat.tag.data, pat.name,
                                 ops[0].ptr, pat.opName.ptr, pat.opLoc.ptr, 9,
                                 &outer));
  assert_int_equal(hot->next, next);
  assert_false(irsActionTrailGetInFlight(t, &r));
  assert_int_equal(hot->ring[next & (IRS_TRAIL_WINDOW - 1)].seq, 0);
  irsActionTrailDestroy(other);
  irsActionTrailDestroy(t);
}

// The entry of (tag, name) in `c` by its address, known by address or not.
static const IrsTrailWhatHit *entryOf(const IrsTrailCache *c, const char *tag,
                                      const char *name) {
  size_t k = irsTrailWhatSlot(tag, name);
  for (size_t i = 0; i < IRS_TRAIL_WHAT_PROBES; ++i) {
    const IrsTrailWhatHit *h = &c->whats[irsTrailWhatProbe(k, i)];
    if (h->name == name && h->tag == tag)
      return h;
  }
  return NULL;
}

// An empty cache (of process 1 at epoch 1) and string table.
static IrsTrailCache *emptyCache(IrsTrailStrings **s) {
  *s = calloc(1, sizeof **s);
  IrsTrailCache *c = aligned_alloc(4096, sizeof *c);
  assert_non_null(*s);
  assert_non_null(c);
  irsTrailCacheReset(c, 1, 1);
  return c;
}

// A name in a read-only segment (a string literal, as pattern type names
// are) is known by its address; one in writable memory keeps its bytes in
// the cache, to be checked on each hit.
static void readOnlyNamesKnownByAddress(void **state) {
  (void)state;
  IrsTrailStrings *s;
  IrsTrailCache *c = emptyCache(&s);
  static const char kLiteral[] = "LiteralPattern";
  char heap[] = "LiteralPattern";
  IrsAction a = action("apply-pattern", kLiteral, ops[0], 0);
  IrsTrailRec r;
  irsTrailDescribe(c, s, &a, &r, NULL);
  const IrsTrailWhatHit *h = entryOf(c, a.tag.data, kLiteral);
  assert_non_null(h);
  assert_null(h->copy);
  IrsTrailStr literal = r.what.name;
  a.name = mlirStringRefCreateFromCString(heap);
  irsTrailDescribe(c, s, &a, &r, NULL);
  assert_int_equal(r.what.name, literal); // one string for both
  h = entryOf(c, a.tag.data, heap);
  assert_non_null(h);
  assert_non_null(h->copy);
  free(c);
  free(s);
}

// Names whose home slots are one all stay known by address: every action
// of them after its first is a hit, however they alternate (in a two-way
// cache three such names would evict each other on every action).
static void collidingNamesStayKnown(void **state) {
  (void)state;
  IrsTrailStrings *s;
  IrsTrailCache *c = emptyCache(&s);
  // Read-only bytes (.rodata), enough that some share a home slot.
  static const char kNames[65536] = "N";
  const char *tag = "apply-pattern";
  enum { kSame = 5 };
  const char *same[kSame];
  size_t home = irsTrailWhatSlot(tag, kNames);
  int found = 0;
  for (size_t i = 0; i < sizeof kNames && found < kSame; ++i)
    if (irsTrailWhatSlot(tag, kNames + i) == home)
      same[found++] = kNames + i;
  assert_int_equal(found, kSame);
  IrsTrailRec r;
  for (int round = 0; round < 3; ++round)
    for (int i = 0; i < kSame; ++i) {
      IrsAction a = action(tag, "", ops[0], 0);
      a.name = mlirStringRefCreate(same[i], 1);
      if (round > 0) // known by address: irsTrailDescribe counts it there
        assert_non_null(irsTrailWhatFind(c, tag, a.name));
      irsTrailDescribe(c, s, &a, &r, NULL);
    }
  for (int i = 0; i < kSame; ++i) {
    const IrsTrailWhatHit *h =
        irsTrailWhatFind(c, tag, mlirStringRefCreate(same[i], 1));
    assert_non_null(h);
    assert_int_equal(h->count, 2); // the hits of rounds 1 and 2
  }
  free(c);
  free(s);
}

// A name at the address of an earlier one (a pattern set freed and another
// built where it was) is read from its bytes, not remembered by address.
static void reusedAddressIsReadAgain(void **state) {
  (void)state;
  IrsActionTrail t = irsActionTrailCreate();
  char name[32];
  strcpy(name, "FirstPattern");
  IrsActionRecord r = inFlight(t, action("apply-pattern", name, ops[0], 0));
  assertRecord(&r, "FirstPattern", "arith.addi", "a.mlir", 2, 3);
  strcpy(name, "OtherPattern"); // same address, same length
  r = inFlight(t, action("apply-pattern", name, ops[0], 0));
  assertRecord(&r, "OtherPattern", "arith.addi", "a.mlir", 2, 3);
  strcpy(name, "Short");
  r = inFlight(t, action("apply-pattern", name, ops[0], 0));
  assertRecord(&r, "Short", "arith.addi", "a.mlir", 2, 3);
  irsActionTrailDestroy(t);
}

// Nested actions: the innermost that names an op is the one in flight; the
// repeating ones group by pattern and op location.
static void nestingAndRepeating(void **state) {
  (void)state;
  IrsActionTrail t = irsActionTrailCreate();
  irsActionTrailMarkStep(t);
  IrsAction pass = action("pass-execution", "canonicalize", func, 0);
  irsActionTrailBefore(&pass, t.ptr);
  IrsAction iter = action("GreedyPatternRewriteIteration", "",
                          (MlirOperation){NULL}, 1);
  irsActionTrailBefore(&iter, t.ptr);
  for (int i = 0; i < 10; ++i) {
    IrsAction a = action("apply-pattern", "Loop", ops[0], 2);
    irsActionTrailBefore(&a, t.ptr);
    irsActionTrailAfter(&a, true, t.ptr);
    IrsAction b = action("apply-pattern", "Other", ops[1 + i % 3], 2);
    irsActionTrailBefore(&b, t.ptr);
    irsActionTrailAfter(&b, true, t.ptr);
  }
  IrsActionRecord r;
  assert_true(describedInFlight(t, &r));
  assertRecord(&r, "canonicalize", "func.func", "a.mlir", 1, 1);
  IrsActionRecord rep[4];
  size_t window = 0;
  size_t n = describedRepeating(t, rep, 4, &window);
  assert_int_equal(window, 22);
  assert_int_equal(n, 4);
  assertRecord(&rep[0], "Loop", "arith.addi", "a.mlir", 2, 3);
  assert_int_equal(rep[0].count, 10);
  assertRecord(&rep[1], "Other", "arith.muli", "a.mlir", 3, 5);
  assert_int_equal(rep[1].count, 4);
  irsActionTrailDestroy(t);
}

static void appendNote(MlirStringRef s, void *ud) {
  strncat(ud, s.data, s.length);
}

// A hang that stopped beginning actions (a folder looping after its last
// rewrite) repeats none: with a stall of at least IRS_ACTION_TRAIL_STALL_MS
// the note names the action in flight and the last one begun with its
// number; below it, the repeat; a reset forgets the stall.
static void stallNamesLastAction(void **state) {
  (void)state;
  IrsActionTrail t = irsActionTrailCreate();
  assert_non_null(irsActionTrailGetProgress(t));
  irsActionTrailMarkStep(t);
  IrsAction pass = action("pass-execution", "canonicalize", func, 0);
  irsActionTrailBefore(&pass, t.ptr);
  for (int i = 0; i < 3; ++i) {
    IrsAction a = action("apply-pattern", "Loop", ops[0], 1);
    a.index = 7 + i;
    irsActionTrailBefore(&a, t.ptr);
    irsActionTrailAfter(&a, true, t.ptr);
  }
  assert_int_equal(*irsActionTrailGetProgress(t), 4);
  // The hung worker describes its ops when asked for its trace.
  irsActionTrailDescribeOps(t, true);
  IrsActionRecord r;
  assert_true(irsActionTrailGetLast(t, &r));
  assertRecord(&r, "Loop", "arith.addi", "a.mlir", 2, 3);
  assert_int_equal(r.index, 9);
  char note[1024] = "";
  irsActionTrailSetStalled(t, IRS_ACTION_TRAIL_STALL_MS - 1);
  assert_true(irsActionTrailGetStalled(t) == 0);
  assert_true(irsActionTrailDescribeDeath(t, true, appendNote, note));
  assert_non_null(strstr(note, "timed out repeating applying pattern 'Loop'"));
  note[0] = 0;
  irsActionTrailSetStalled(t, 2900);
  assert_true(irsActionTrailDescribeDeath(t, true, appendNote, note));
  assert_string_equal(
      note, "timed out while running pass 'canonicalize' on 'func.func' at "
            "a.mlir:1:1: no action began in its last 2.9 s; the last was "
            "applying pattern 'Loop' to 'arith.addi' at a.mlir:2:3 (#9)");
  irsActionTrailReset(t);
  assert_true(irsActionTrailGetStalled(t) == 0);
  assert_false(irsActionTrailGetLast(t, &r));
  irsActionTrailDestroy(t);
}

// A crash in the verifier after a pass (llvm/llvm-project#116044) has
// only the adaptor around the pass in flight, or irscope's checkpoint, or
// nothing: it is told by the last action of the pipeline begun, which
// ended, with its number; the adaptor itself is never named.
static void crashOutsideActionNamesLastPass(void **state) {
  (void)state;
  IrsActionTrail t = irsActionTrailCreate();
  irsActionTrailMarkStep(t);
  IrsAction adaptor =
      action("pass-execution", "mlir::detail::OpToOpPassAdaptor", func, 0);
  adaptor.index = 1;
  irsActionTrailBefore(&adaptor, t.ptr);
  IrsAction pass = action("pass-execution", "convert-x", ops[0], 1);
  pass.index = 2;
  irsActionTrailBefore(&pass, t.ptr);
  // In flight: the pass itself.
  irsActionTrailDescribeOps(t, false);
  IrsActionRecord r;
  bool ended = true;
  assert_true(irsActionTrailGetCrashAction(t, &r, &ended));
  assert_false(ended);
  assertRecord(&r, "convert-x", "arith.addi", "a.mlir", 2, 3);
  irsActionTrailAfter(&pass, true, t.ptr);
  // The pass ended; then the checkpoint began and the process died in it.
  IrsAction cp = action("pass-execution", "irs-checkpoint", ops[0], 1);
  irsActionTrailBefore(&cp, t.ptr);
  irsActionTrailDescribeOps(t, false);
  assert_true(irsActionTrailGetCrashAction(t, &r, &ended));
  assert_true(ended);
  assertRecord(&r, "convert-x", "arith.addi", "a.mlir", 2, 3);
  assert_int_equal(r.index, 2);
  char note[1024] = "";
  assert_true(irsActionTrailDescribeDeath(t, false, appendNote, note));
  assert_string_equal(
      note, "crashed outside any action, after running pass 'convert-x' "
            "on 'arith.addi' at a.mlir:2:3 (#2): in the verifier or the "
            "pass manager");
  // Nothing in flight at all (a pass on the module, then its verifier).
  irsActionTrailAfter(&cp, true, t.ptr);
  irsActionTrailAfter(&adaptor, true, t.ptr);
  assert_false(irsActionTrailGetInFlight(t, &r));
  assert_true(irsActionTrailGetCrashAction(t, &r, &ended));
  assert_true(ended);
  assert_string_equal(r.name, "convert-x");
  // A new step with no action of the pipeline: nothing to tell.
  irsActionTrailMarkStep(t);
  assert_false(irsActionTrailGetCrashAction(t, &r, &ended));
  irsActionTrailDestroy(t);
}

// A thread of its own that runs what it is handed, one call at a time:
// the trail keeps a stack per thread and tells a crash by the thread that
// crashed (the one that describes the ops, as a fatal signal's handler
// runs on it).
typedef struct Thread {
  pthread_t id;
  sem_t go, done;
  void (*fn)(void *);
  void *arg;
} Thread;

static void *threadMain(void *p) {
  Thread *th = p;
  for (;;) {
    sem_wait(&th->go);
    if (!th->fn)
      return NULL;
    th->fn(th->arg);
    sem_post(&th->done);
  }
}

static void threadStart(Thread *th) {
  sem_init(&th->go, 0, 0);
  sem_init(&th->done, 0, 0);
  assert_int_equal(pthread_create(&th->id, NULL, threadMain, th), 0);
}

static void onThread(Thread *th, void (*fn)(void *), void *arg) {
  th->fn = fn;
  th->arg = arg;
  sem_post(&th->go);
  sem_wait(&th->done);
}

static void threadStop(Thread *th) {
  th->fn = NULL;
  sem_post(&th->go);
  pthread_join(th->id, NULL);
  sem_destroy(&th->go);
  sem_destroy(&th->done);
}

static IrsActionTrail threadsTrail;
static void beginOn(void *a) { irsActionTrailBefore(a, threadsTrail.ptr); }
static void endOn(void *a) { irsActionTrailAfter(a, true, threadsTrail.ptr); }
static void runOn(void *a) {
  beginOn(a);
  endOn(a);
}
static void crashOn(void *unused) {
  (void)unused;
  irsActionTrailDescribeOps(threadsTrail, false);
}

static void assertCrash(bool ended, const char *name, const char *opName,
                        unsigned line, unsigned column) {
  IrsActionRecord r;
  bool wasEnded = !ended;
  assert_true(irsActionTrailGetCrashAction(threadsTrail, &r, &wasEnded));
  assert_int_equal(wasEnded, ended);
  assertRecord(&r, name, opName, "a.mlir", line, column);
}

// With threads, a crash is told by the thread that crashed: the action in
// flight on it, or when it died outside any action (in the verifier after
// its pass), the pass of the pipeline it ran last, whatever other threads
// began since; a thread that ran no action (a pool thread MLIR's verifier
// checks a function on) by the pass of the pipeline begun last on any
// thread.
static void crashToldByTheThreadThatCrashed(void **state) {
  (void)state;
  threadsTrail = irsActionTrailCreate();
  irsActionTrailMarkStep(threadsTrail);
  Thread a, b, c;
  threadStart(&a);
  threadStart(&b);
  threadStart(&c);
  // The adaptor on this thread, its pass on a function on each of a and b.
  IrsAction adaptor =
      action("pass-execution", "mlir::detail::OpToOpPassAdaptor", func, 0);
  IrsAction passA = action("pass-execution", "convert-a", ops[0], 0);
  IrsAction passB = action("pass-execution", "convert-b", ops[1], 0);
  IrsAction pat = action("apply-pattern", "PatC", ops[2], 0);
  beginOn(&adaptor);
  onThread(&a, runOn, &passA);
  onThread(&b, runOn, &passB);
  onThread(&a, crashOn, NULL);
  assertCrash(true, "convert-a", "arith.addi", 2, 3);
  onThread(&c, crashOn, NULL);
  assertCrash(true, "convert-b", "arith.muli", 3, 5);
  // b applies a pattern (the last action begun); a dies outside it.
  onThread(&b, beginOn, &pat);
  onThread(&a, crashOn, NULL);
  assertCrash(true, "convert-a", "arith.addi", 2, 3);
  onThread(&b, crashOn, NULL);
  assertCrash(false, "PatC", "arith.subi", 4, 7);
  char note[1024] = "";
  assert_true(irsActionTrailDescribeDeath(threadsTrail, false, appendNote,
                                          note));
  assert_string_equal(note, "crashed while applying pattern 'PatC' to "
                            "'arith.subi' at a.mlir:4:7");
  onThread(&b, endOn, &pat);
  endOn(&adaptor);
  // A new step, no action of the pipeline in it: nothing to tell.
  irsActionTrailMarkStep(threadsTrail);
  onThread(&a, crashOn, NULL);
  IrsActionRecord r;
  bool ended = false;
  assert_false(irsActionTrailGetCrashAction(threadsTrail, &r, &ended));
  threadStop(&a);
  threadStop(&b);
  threadStop(&c);
  irsActionTrailDestroy(threadsTrail);
}

// The ops of a context whose teardown began (irsActionTrailMarkContextEnd)
// are described then and never followed again: a worker that dies while
// freeing the context (its op names and locations among the freed memory)
// still tells its crash by them, and reads no freed memory (the sanitizer
// build checks that). Records of the next context are described as usual.
static void contextEndDescribesOnce(void **state) {
  (void)state;
  IrsActionTrail t = irsActionTrailCreate();
  for (int round = 0; round < 2; ++round) {
    MlirContext c;
    MlirModule m = parseInNewContext(
        round ? "%0 = arith.constant 2 : i32 loc(\"y.mlir\":5:6)"
              : "%0 = arith.constant 1 : i32 loc(\"x.mlir\":3:4)",
        &c);
    irsActionTrailMarkContext(t);
    MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
    IrsAction pass = action("pass-execution", "convert-x", op, 0);
    irsActionTrailBefore(&pass, t.ptr);
    irsActionTrailAfter(&pass, true, t.ptr);
    irsActionTrailMarkContextEnd(t);
    mlirModuleDestroy(m);
    mlirContextDestroy(c);
    // Dies in the teardown, outside any action.
    irsActionTrailDescribeOps(t, false);
    IrsActionRecord r;
    bool ended = false;
    assert_true(irsActionTrailGetCrashAction(t, &r, &ended));
    assert_true(ended);
    assert_string_equal(r.opName, "arith.constant");
    assert_string_equal(r.file, round ? "y.mlir" : "x.mlir");
    assert_int_equal(r.line, round ? 5 : 3);
    assert_int_equal(r.column, round ? 6 : 4);
  }
  irsActionTrailDestroy(t);
}

// Deeper than the stack's 8 records (ActionTrail.c's kDepth): the deepest
// record is the last action begun at any depth past it.
static void deepestRecordIsLastBegun(void **state) {
  (void)state;
  enum { kNest = 12, kStack = 8 };
  static const char *const kNames[kNest] = {"N0", "N1", "N2", "N3",
                                            "N4", "N5", "N6", "N7",
                                            "N8", "N9", "N10", "N11"};
  static const unsigned kLines[kOps] = {2, 3, 4, 5};
  IrsActionTrail t = irsActionTrailCreate();
  irsActionTrailMarkStep(t);
  IrsAction nest[kNest];
  IrsActionRecord r;
  for (int d = 0; d < kNest; ++d) {
    nest[d] = action("apply-pattern", kNames[d], ops[d % 3], d);
    irsActionTrailBefore(&nest[d], t.ptr);
    assert_true(describedInFlight(t, &r));
    assert_string_equal(r.name, kNames[d]);
    assert_int_equal(r.line, kLines[d % 3]);
  }
  // Ending the actions past the stack leaves the last begun in its deepest
  // record, also once N7, whose record it overwrote, is the innermost in
  // flight; below that depth the records are exact again.
  for (int d = kNest - 1; d >= kStack; --d) {
    irsActionTrailAfter(&nest[d], true, t.ptr);
    assert_true(describedInFlight(t, &r));
    assert_string_equal(r.name, kNames[kNest - 1]);
  }
  irsActionTrailAfter(&nest[kStack - 1], true, t.ptr);
  assert_true(describedInFlight(t, &r));
  assert_string_equal(r.name, kNames[kStack - 2]);
  irsActionTrailDestroy(t);
}

// The string table: one copy per content, references checked on reading,
// nothing past its end.
static void stringsInternedOnce(void **state) {
  (void)state;
  IrsTrailStrings *s = calloc(1, sizeof *s);
  assert_non_null(s);
  char a[] = "arith.addi", b[] = "arith.addi";
  IrsTrailStr ra = irsTrailStringsIntern(s, a, strlen(a));
  assert_int_not_equal(ra, 0);
  assert_int_equal(irsTrailStringsIntern(s, b, strlen(b)), ra);
  assert_int_equal(irsTrailStringsIntern(s, "", 0), 0);
  size_t n;
  assert_string_equal(irsTrailStringsGet(s, ra, &n), "arith.addi");
  assert_int_equal(n, 10);
  assert_string_equal(irsTrailStringsGet(s, ra + 1, &n), ""); // no string
  assert_string_equal(irsTrailStringsGet(s, 1u << 30, &n), "");
  char longName[400];
  memset(longName, 'x', sizeof longName);
  IrsTrailStr rl = irsTrailStringsIntern(s, longName, sizeof longName);
  assert_int_equal(strlen(irsTrailStringsGet(s, rl, NULL)),
                   IRS_TRAIL_STRING_MAX);
  // Fill the arena: then "" for new strings, the old ones still read.
  char name[16];
  for (int i = 0; i < IRS_TRAIL_STRING_BYTES / 4; ++i) {
    snprintf(name, sizeof name, "n%d", i);
    irsTrailStringsIntern(s, name, strlen(name));
  }
  assert_true(atomic_load(&s->used) <= IRS_TRAIL_STRING_BYTES);
  assert_int_equal(irsTrailStringsIntern(s, "a-new-one", 9), 0);
  assert_string_equal(irsTrailStringsGet(s, ra, NULL), "arith.addi");
  irsTrailStringsReset(s);
  assert_int_equal(atomic_load(&s->used), 0);
  free(s);
}

// A string longer than IRS_ACTION_RECORD_TEXT_MAX is cut once, by the
// string table, and a record read back holds all the table kept: from
// MLIR's action and from a record pushed from a tool's log alike.
static void recordHoldsWhatTheTableKeeps(void **state) {
  (void)state;
  enum { kMax = IRS_ACTION_RECORD_TEXT_MAX, kLong = kMax + 45 };
  assert_int_equal(kMax, IRS_TRAIL_STRING_MAX);
  char name[kLong + 1];
  for (int i = 0; i < kLong; ++i)
    name[i] = (char)('a' + i % 26);
  name[kLong] = 0;
  IrsActionTrail t = irsActionTrailCreate();
  irsActionTrailMarkStep(t);
  IrsActionRecord r = inFlight(t, action("apply-pattern", name, ops[0], 0));
  assert_int_equal(strlen(r.name), kMax);
  assert_memory_equal(r.name, name, kMax);
  IrsActionRecord in, out;
  memset(&in, 0, sizeof in);
  memset(in.tag, 't', kMax);
  memcpy(in.name, name, kMax);
  memset(in.opName, 'o', kMax);
  memset(in.file, 'f', kMax);
  in.line = 7;
  in.column = 9;
  irsActionTrailPush(t, &in);
  assert_true(irsActionTrailGetInFlight(t, &out));
  assert_string_equal(out.tag, in.tag);
  assertRecord(&out, in.name, in.opName, in.file, 7, 9);
  IrsAction end = action("", "", (MlirOperation){NULL}, 0);
  irsActionTrailAfter(&end, true, t.ptr);
  irsActionTrailDestroy(t);
}

// The trail counts each action it records (irsActionTrailSetCounts): in
// its cache entry when the name is known by address (a literal), else
// into the table (a name in writable memory, whose bytes may change), and
// a step's take finds both, once. Actions of no counted tag, and internal
// passes, are not counted; a take with NULL forgets what was counted.
static void trailCountsWhatItRecords(void **state) {
  (void)state;
  IrsActionTrail t = irsActionTrailCreate();
  IrsActionCounts *c = irsActionCountsCreate();
  irsActionTrailSetCounts(t, c);
  irsActionCountsSetOpen(c, true);
  char writable[8];
  strcpy(writable, "PatW");
  for (int i = 0; i < 5; ++i) {
    inFlight(t, action("apply-pattern", "PatA", ops[i % kOps], 0));
    inFlight(t, action("apply-pattern", writable, ops[0], 0));
    inFlight(t, action("greedy-driver-iteration", "", ops[0], 0));
  }
  inFlight(t, action("pass-execution", "canonicalize", ops[1], 0));
  inFlight(t, action("pass-execution", "irs-checkpoint", ops[1], 0));
  irsActionTrailTakeCounts(t, c);
  irsActionTrailTakeCounts(t, c); // the caches' counts went with the first
  irsActionCountsSetOpen(c, false);
  IrsRewriteCount *r = NULL;
  size_t n = 0;
  assert_true(irsActionCountsTake(c, &r, &n));
  assert_int_equal(n, 3);
  assert_string_equal(r[0].name, "PatA");
  assert_int_equal(r[0].count, 5);
  assert_string_equal(r[1].name, "PatW");
  assert_int_equal(r[1].count, 5);
  assert_string_equal(r[2].name, "canonicalize");
  assert_int_equal(r[2].kind, IrsRewritePass);
  assert_int_equal(r[2].count, 1);
  irsRewriteCountsFree(r, n);
  // Counted between two steps, then forgotten by the next step's begin.
  inFlight(t, action("apply-pattern", "PatA", ops[0], 0));
  irsActionTrailTakeCounts(t, NULL);
  irsActionCountsSetOpen(c, true);
  inFlight(t, action("apply-pattern", "PatA", ops[0], 0));
  irsActionTrailTakeCounts(t, c);
  assert_true(irsActionCountsTake(c, &r, &n));
  assert_int_equal(n, 1);
  assert_int_equal(r[0].count, 1);
  irsRewriteCountsFree(r, n);
  irsActionTrailSetCounts(t, NULL);
  irsActionCountsDestroy(c);
  irsActionTrailDestroy(t);
}

// A worker killed at a random moment, recording an endless stream of
// actions (names that come and go from the caches, ops that change), leaves
// an in-flight record and repeating groups that each are one whole action:
// pattern P<j> was always applied to op j % 3. Every other round the worker
// is first asked to describe its ops (a signal whose handler does, as a
// hung worker's does, interrupting the recording anywhere), then goes on
// until it is killed. A description covers the records there are when it
// is made, so the states the trail guarantees are, per op: described when
// a whole record of it was there (an application of it ended before the
// signal came), not described when none was (killed outright, or asked
// before the worker began applying to it: a worker descheduled right after
// it said it began, as under load), either when the one record of it was
// being written as the signal came. The asked worker says how many
// applications it had begun.
enum { kNames = 100 };
static const char *const kOpNames[] = {"arith.addi", "arith.muli",
                                       "arith.subi"};

typedef enum { NotDescribed, MaybeDescribed, Described } OpState;

// The state of op k % 3 in a round: none asked, or asked when the worker
// had begun `begun` applications (capped at 4: by then all three ops had
// a whole one). Applications 0 .. begun-2 had ended, begun-1 was begun.
static OpState opState(bool ask, int begun, int k) {
  if (!ask || k > begun - 1)
    return NotDescribed;
  return k < begun - 1 ? Described : MaybeDescribed;
}

static void consistent(const IrsActionRecord *r, bool ask, int begun) {
  int j = -1;
  assert_int_equal(sscanf(r->name, "P%d", &j), 1);
  OpState st = opState(ask, begun, j % 3);
  bool named = st == Described || (st == MaybeDescribed && r->opName[0]);
  assert_string_equal(r->opName, named ? kOpNames[j % 3] : "");
  assert_int_equal(r->line, named ? 2 + j % 3 : 0);
  assert_int_equal(r->index % kNames, j);
}

static IrsActionTrail askedTrail;
static int askedDone = -1;
// The applications the worker has begun, capped at 4 (the child's).
static volatile sig_atomic_t appsBegun;

static void onAsked(int sig) {
  (void)sig;
  irsActionTrailDescribeOps(askedTrail, true);
  unsigned char n = (unsigned char)appsBegun;
  if (write(askedDone, &n, 1) != 1)
    _exit(2);
}

// The child runs its pattern applications inside one pass run that never
// ends, and says so once that run is recorded (a byte on a pipe), so every
// round's kill lands after the child began recording, however slow the
// machine: each round finds an action in flight, the pass run or a whole
// application inside it.
static void killedWorkerLeavesNoTornRecord(void **state) {
  (void)state;
  static char names[kNames][16];
  for (int j = 0; j < kNames; ++j)
    snprintf(names[j], sizeof names[j], "P%d", j);
  IrsActionTrail t = irsActionTrailCreate();
  srand((unsigned)time(NULL));
  enum { kRounds = 40 };
  int found = 0, groups = 0;
  for (int round = 0; round < kRounds; ++round) {
    bool ask = round % 2 == 0;
    irsActionTrailReset(t);
    irsActionTrailMarkStep(t);
    int begun[2], done[2];
    assert_int_equal(pipe(begun), 0);
    assert_int_equal(pipe(done), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
      close(begun[0]);
      close(done[0]);
      askedTrail = t;
      askedDone = done[1];
      signal(SIGUSR1, onAsked);
      IrsAction pass = {mlirStringRefCreateFromCString("pass-execution"),
                        mlirStringRefCreateFromCString("outer"), func,
                        0, 1, NULL, mlirOperationGetName(func),
                        mlirOperationGetLocation(func)};
      irsActionTrailBefore(&pass, t.ptr);
      if (write(begun[1], "b", 1) != 1)
        _exit(1);
      for (int64_t i = 0;; ++i) {
        int j = (int)(i % kNames);
        IrsAction a = {mlirStringRefCreateFromCString("apply-pattern"),
                       mlirStringRefCreateFromCString(names[j]), ops[j % 3],
                       1, i, NULL, mlirOperationGetName(ops[j % 3]),
                       mlirOperationGetLocation(ops[j % 3])};
        if (i < 4)
          appsBegun = (sig_atomic_t)(i + 1);
        irsActionTrailBefore(&a, t.ptr);
        // The action's own work: kills land inside it as well as inside
        // the trail's writes, as they do in a real worker.
        for (volatile int w = 0; w < 64; ++w)
          ;
        irsActionTrailAfter(&a, true, t.ptr);
      }
    }
    close(begun[1]);
    close(done[1]);
    char b = 0;
    assert_int_equal(read(begun[0], &b, 1), 1); // no clock: waits for it
    close(begun[0]);
    usleep((useconds_t)(rand() % 20000));
    unsigned char appsAtAsk = 0;
    if (ask) {
      kill(pid, SIGUSR1);
      assert_int_equal(read(done[0], &appsAtAsk, 1), 1);
    }
    close(done[0]);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    IrsActionRecord r;
    if (irsActionTrailGetInFlight(t, &r)) {
      if (!strcmp(r.name, "outer"))
        assert_string_equal(r.opName, ask ? "func.func" : "");
      else
        consistent(&r, ask, appsAtAsk);
      ++found;
    }
    IrsActionRecord rep[8];
    size_t n = irsActionTrailGetRepeating(t, rep, 8, NULL);
    for (size_t k = 0; k < n; ++k)
      consistent(&rep[k], ask, appsAtAsk);
    groups += (int)n;
  }
  assert_int_equal(found, kRounds);
  assert_true(groups > 0);
  irsActionTrailDestroy(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(recordFollowsChanges),
      cmocka_unit_test(reusedAddressIsReadAgain),
      cmocka_unit_test(reusedOpAddressIsNotStale),
      cmocka_unit_test(readOnlyNamesKnownByAddress),
      cmocka_unit_test(collidingNamesStayKnown),
      cmocka_unit_test(resetForgetsCachedReferences),
      cmocka_unit_test(newContextIsNotStale),
      cmocka_unit_test(opDescribedAfterItsErasure),
      cmocka_unit_test(endMarkEndsTheAction),
      cmocka_unit_test(hitRecordsOnlyWhatTheCachesKnow),
      cmocka_unit_test(nestingAndRepeating),
      cmocka_unit_test(stallNamesLastAction),
      cmocka_unit_test(crashOutsideActionNamesLastPass),
      cmocka_unit_test(crashToldByTheThreadThatCrashed),
      cmocka_unit_test(contextEndDescribesOnce),
      cmocka_unit_test(deepestRecordIsLastBegun),
      cmocka_unit_test(stringsInternedOnce),
      cmocka_unit_test(recordHoldsWhatTheTableKeeps),
      cmocka_unit_test(trailCountsWhatItRecords),
      cmocka_unit_test(killedWorkerLeavesNoTornRecord),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
