// SPDX-License-Identifier: Apache-2.0
// Narrowing's pieces that need no MLIR run (lib/Support/Narrow.c,
// ActionLog.c, TopLevelOps.c): the bisection finds the first failing count
// in 1 + ceil(log2(n)) questions and asks K - 1 and K; names lose their
// namespaces; mlir-opt's action log is read; the top-level op that one
// action changed is cut out of two printed modules.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Narrow.h"
#include "Support/Halve.h"

#include <stdio.h>
#include <string.h>

typedef struct Oracle {
  int64_t culprit;
  int numAsked;
  int64_t counts[64];
} Oracle;

static int isBad(int64_t count, void *ud) {
  Oracle *o = ud;
  o->counts[o->numAsked++] = count;
  return count >= o->culprit;
}

static bool asked(const Oracle *o, int64_t k) {
  for (int i = 0; i < o->numAsked; ++i)
    if (o->counts[i] == k)
      return true;
  return false;
}

static void test_narrow__bisect_finds_every_culprit(void **state) {
  (void)state;
  for (int64_t n = 1; n <= 40; ++n)
    for (int64_t c = 1; c <= n; ++c) {
      Oracle o = {.culprit = c};
      assert_int_equal(irsNarrowBisect(n, isBad, &o), c);
      assert_true(o.numAsked <= irsNarrowBudget(n) - 3); // 1 + ceil(log2 n)
      assert_true(asked(&o, c - 1));
      assert_true(c == n || asked(&o, c));
    }
}

static void test_narrow__bisect_count_zero_failing_blames_none(void **state) {
  (void)state;
  Oracle o = {.culprit = 0};
  assert_int_equal(irsNarrowBisect(40, isBad, &o), 0);
  assert_int_equal(o.numAsked, 1);
  assert_int_equal(irsNarrowBisect(0, isBad, &o), 0);
}

// A step that died is searched from the action its log ended in: two
// runs when the log names the culprit; a log that lost its tail (the hint
// below the culprit) or a culprit before the hint is still found, as a true
// transition.
static void test_narrow__search_from_hint(void **state) {
  (void)state;
  for (int64_t c = 1; c <= 40; ++c) {
    Oracle o = {.culprit = c};
    assert_int_equal(irsNarrowSearchFrom(c, isBad, &o), c);
    assert_int_equal(o.numAsked, 2);
    for (int64_t hint = 0; hint <= 45; ++hint) {
      Oracle h = {.culprit = c};
      assert_int_equal(irsNarrowSearchFrom(hint, isBad, &h), c);
      assert_true(asked(&h, c) && asked(&h, c - 1));
      int64_t gap = c > hint ? c - hint : hint - c;
      assert_true(h.numAsked <= irsNarrowBudget(gap + 1) + 2 * irsNarrowBudget(gap + 1));
    }
  }
  Oracle none = {.culprit = 0};
  assert_int_equal(irsNarrowSearchFrom(7, isBad, &none), 0);
}

// A step that died after its actions (in a verifier, in the pass's own
// code): the log's count is asked, then the bisection, so the log run,
// this and the module printed before the action stay within
// ceil(log2 n) + 4 runs; a log that lost its tail is galloped past.
static void test_narrow__search_past_last(void **state) {
  (void)state;
  for (int64_t n = 1; n <= 40; ++n)
    for (int64_t c = 1; c <= n; ++c) {
      Oracle o = {.culprit = c};
      assert_int_equal(irsNarrowSearchPast(n, isBad, &o), c);
      assert_true(o.numAsked <= irsNarrowBudget(n) - 2);
      assert_true(asked(&o, c) && asked(&o, c - 1));
    }
  for (int64_t c = 1; c <= 40; ++c)
    for (int64_t n = 0; n < c; ++n) {
      Oracle o = {.culprit = c};
      assert_int_equal(irsNarrowSearchPast(n, isBad, &o), c);
      assert_true(asked(&o, c) && asked(&o, c - 1));
    }
  Oracle none = {.culprit = 0};
  assert_int_equal(irsNarrowSearchPast(7, isBad, &none), 0);
}

static void test_narrow__budget(void **state) {
  (void)state;
  assert_int_equal(irsNarrowBudget(1), 4);
  assert_int_equal(irsNarrowBudget(40), 10);
  assert_int_equal(irsNarrowBudget(12895), 18);
}

static void test_narrow__short_name(void **state) {
  (void)state;
  MlirStringRef s = irsNarrowShortName(mlirStringRefCreateFromCString(
      "(anonymous namespace)::WhileMoveIfDown"));
  assert_int_equal(s.length, strlen("WhileMoveIfDown"));
  assert_memory_equal(s.data, "WhileMoveIfDown", s.length);
  s = irsNarrowShortName(mlirStringRefCreateFromCString(
      "mlir::OpRewritePattern<mlir::scf::WhileOp>"));
  assert_memory_equal(s.data, "OpRewritePattern<mlir::scf::WhileOp>",
                      s.length);
}

typedef struct Seen {
  int n;
  char names[4][64], ops[4][64], locs[4][260];
} Seen;

static void onEntry(const IrsActionLogEntry *e, void *ud) {
  Seen *s = ud;
  snprintf(s->names[s->n], 64, "%.*s", (int)e->name.length, e->name.data);
  snprintf(s->ops[s->n], 64, "%.*s", (int)e->opName.length, e->opName.data);
  snprintf(s->locs[s->n], 260, "%s", e->locBuf);
  ++s->n;
}

static void test_narrow__action_log(void **state) {
  (void)state;
  const char *log =
      "[thread mlir-opt] begins (no breakpoint) Action `pass-execution` "
      "running `LoopCoalescing` on Operation `func.func` (\"func.func\"() "
      "<{sym_name = \"f\"}> ({...}) : () -> () loc(\"in.mlir\":7:1))`\n"
      "[thread mlir-opt] begins (no breakpoint) Action "
      "GreedyPatternRewriteIteration(1) (Region #0 for op module {...})`\n"
      "[thread mlir-opt] begins (no breakpoint) Action `apply-pattern "
      "pattern: (anonymous namespace)::WhileMoveIfDown (%4:3 = "
      "\"scf.while\"(%0) ({...}, {...}) : (index) -> (index) "
      "loc(\"w.mlir\":6:15))`\n"
      "[thread mlir-opt] completed `apply-pattern`\n"
      "[thread mlir-opt] begins (no breakpoint) Action `apply-pattern "
      "pattern:  (%7 = index.cmp ule(%6, %0))`\n"
      // A template pattern's name has spaces and parentheses of its own
      // (upstream #206952).
      "[thread mlir-opt] begins (no breakpoint) Action `apply-pattern "
      "pattern: (anonymous namespace)::T<a::IfOp, (anonymous namespace)::K> "
      "(%3 = \"tosa.cond_if\"(%arg0) ({...}) : (i1) -> i64 "
      "loc(\"t.mlir\":3:10))`";
  Seen s = {0};
  assert_int_equal(irsActionLogParse(mlirStringRefCreateFromCString(log),
                                     onEntry, &s),
                   4);
  assert_string_equal(s.names[0], "LoopCoalescing");
  assert_string_equal(s.ops[0], "func.func");
  assert_string_equal(s.locs[0], "in.mlir:7:1");
  assert_string_equal(s.names[1], "(anonymous namespace)::WhileMoveIfDown");
  assert_string_equal(s.ops[1], "scf.while");
  assert_string_equal(s.locs[1], "w.mlir:6:15");
  assert_string_equal(s.names[2], "");
  assert_string_equal(s.ops[2], "index.cmp");
  assert_string_equal(s.locs[2], "");
  assert_string_equal(s.names[3],
                      "(anonymous namespace)::T<a::IfOp, (anonymous "
                      "namespace)::K>");
  assert_string_equal(s.ops[3], "tosa.cond_if");
  assert_string_equal(s.locs[3], "t.mlir:3:10");
}

typedef struct Events {
  int n, depth, maxDepth;
  char tags[8][40], ops[8][40];
} Events;

static void onEvent(IrsActionLogEvent ev, const IrsActionLogEntry *e,
                    void *ud) {
  Events *s = ud;
  if (ev == IrsActionLogCompleted) {
    --s->depth;
    return;
  }
  if (ev == IrsActionLogBegins && ++s->depth > s->maxDepth)
    s->maxDepth = s->depth;
  snprintf(s->tags[s->n], 40, "%.*s", (int)e->tag.length, e->tag.data);
  snprintf(s->ops[s->n], 40, "%.*s", (int)e->opName.length, e->opName.data);
  ++s->n;
}

// Every tag begins and completes, so that a reader follows the nesting; a
// region is no op; a line the tool had not finished is no event.
static void test_narrow__action_log_events(void **state) {
  (void)state;
  const char *log =
      "ExecutionContext registered on the context\n"
      "[thread mlir-opt] begins (no breakpoint) Action `pass-execution` "
      "running `C` on Operation `func.func` (\"func.func\"() ({...}) : () "
      "-> () loc(\"in.mlir\":7:1))`\n"
      "[thread mlir-opt] begins (no breakpoint) Action "
      "GreedyPatternRewriteIteration(1) (Region #0 for op module {...})`\n"
      "[thread mlir-opt] begins (no breakpoint) Action apply-conversion "
      "(\"arith.extui\"(%arg0) : (i8) -> i32 loc(\"in.mlir\":8:3))`\n"
      "[thread mlir-opt] completed `apply-conversion`\n"
      "[thread mlir-opt] skipping (no breakpoint) Action `apply-pattern "
      "pattern: P (%7 = \"index.cmp\"(%6, %0) : (index, index) -> i1)`\n"
      "[thread mlir-opt] begins (no breakpoint) Action `apply-pattern "
      "pattern: Q (%7 = \"index.c";
  Events s = {0};
  assert_int_equal(irsActionLogParseEvents(mlirStringRefCreateFromCString(log),
                                           onEvent, &s),
                   5);
  assert_int_equal(s.n, 4);
  assert_int_equal(s.depth, 2);
  assert_int_equal(s.maxDepth, 3);
  assert_string_equal(s.tags[0], "pass-execution");
  assert_string_equal(s.ops[0], "func.func");
  assert_string_equal(s.tags[1], "GreedyPatternRewriteIteration");
  assert_string_equal(s.ops[1], "");
  assert_string_equal(s.tags[2], "apply-conversion");
  assert_string_equal(s.ops[2], "arith.extui");
  assert_string_equal(s.tags[3], "apply-pattern");
  assert_string_equal(s.ops[3], "index.cmp");
}

static void test_narrow__changed_top_level_op(void **state) {
  (void)state;
  const char *a = "#map = affine_map<(d0) -> (d0)>\nmodule {\n"
                  "  func.func @f() {\n    return\n  }\n"
                  "  func.func @g() {\n    %0 = arith.constant 1 : i32\n"
                  "    return\n  }\n}\n";
  const char *b = "#map = affine_map<(d0) -> (d0)>\nmodule {\n"
                  "  func.func @f() {\n    return\n  }\n"
                  "  func.func @g() {\n    return\n  }\n}\n";
  MlirStringRef x, y;
  assert_true(irsNarrowChangedTopLevelOp(mlirStringRefCreateFromCString(a),
                                         mlirStringRefCreateFromCString(b),
                                         &x, &y));
  assert_true(x.length > 0 && !strncmp(x.data, "  func.func @g", 14));
  assert_true(y.length > 0 && !strncmp(y.data, "  func.func @g", 14));
  assert_false(memmem(x.data, x.length, "@f", 2));
  assert_false(irsNarrowChangedTopLevelOp(mlirStringRefCreateFromCString(a),
                                          mlirStringRefCreateFromCString(a),
                                          &x, &y));
  // A new op: empty before, the op after.
  const char *c = "module {\n  func.func @f() {\n    return\n  }\n}\n";
  const char *d = "module {\n  func.func @f() {\n    return\n  }\n"
                  "  func.func private @h()\n}\n";
  assert_true(irsNarrowChangedTopLevelOp(mlirStringRefCreateFromCString(c),
                                         mlirStringRefCreateFromCString(d),
                                         &x, &y));
  assert_int_equal(x.length, 0);
  assert_true(!strncmp(y.data, "  func.func private @h()\n", y.length));
}

static void irsTestCopy(MlirStringRef s, void *ud) {
  snprintf(ud, 256, "%.*s", (int)s.length, s.data);
}

static void test_narrow__note(void **state) {
  (void)state;
  IrsNarrowedAction a = {.tag = IRS_NARROW_TAG_PATTERN,
                         .name = "WhileMoveIfDown", .index = 4, .of = 40,
                         .opName = "scf.while", .location = "in.mlir:12:8"};
  char out[256] = "";
  irsNarrowFormatNote(&a, IrsOutcomeWrongResult, 2,
                      mlirStringRefCreateFromCString("canonicalize"),
                      irsTestCopy, out);
  assert_string_equal(out, "first wrong rewrite: #4 of 40 in step 2 "
                           "'canonicalize': pattern 'WhileMoveIfDown' on "
                           "'scf.while' at in.mlir:12:8");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_narrow__bisect_finds_every_culprit),
      cmocka_unit_test(test_narrow__bisect_count_zero_failing_blames_none),
      cmocka_unit_test(test_narrow__search_from_hint),
      cmocka_unit_test(test_narrow__search_past_last),
      cmocka_unit_test(test_narrow__budget),
      cmocka_unit_test(test_narrow__short_name),
      cmocka_unit_test(test_narrow__action_log),
      cmocka_unit_test(test_narrow__action_log_events),
      cmocka_unit_test(test_narrow__changed_top_level_op),
      cmocka_unit_test(test_narrow__note),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
