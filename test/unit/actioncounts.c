// SPDX-License-Identifier: Apache-2.0
// Unit tests of the rewrite counts (lib/Action/ActionCounts.c): each thread
// remembers which entry a name's address counted last, so each test
// changes what is at an address, or the kind, or the table's size, between
// two counts and checks that every count lands on its own name.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Action/ActionImpl.h"

#include <stdio.h>
#include <string.h>

static void countAction(IrsActionCounts *c, const char *tag,
                        const char *name) {
  IrsAction a = {mlirStringRefCreateFromCString(tag),
                 mlirStringRefCreateFromCString(name), {NULL}, 0, 1, NULL,
                 {NULL}, {NULL}};
  assert_int_equal(irsActionCountsBefore(&a, c), IrsActionExecute);
}

// The count of (name, kind) in r[0..n); -1 when absent.
static int64_t countOf(const IrsRewriteCount *r, size_t n, const char *name,
                       IrsRewriteKind kind) {
  for (size_t i = 0; i < n; ++i)
    if (r[i].kind == kind && !strcmp(r[i].name, name))
      return r[i].count;
  return -1;
}

static void newNameAtOldAddress(void **state) {
  (void)state;
  IrsActionCounts *c = irsActionCountsCreate();
  assert_non_null(c);
  irsActionCountsSetOpen(c, true);
  char name[32];
  strcpy(name, "PatA");
  for (int i = 0; i < 3; ++i)
    countAction(c, "apply-pattern", name);
  strcpy(name, "PatB"); // same address, same length
  for (int i = 0; i < 2; ++i)
    countAction(c, "apply-pattern", name);
  strcpy(name, "Pat"); // same address, shorter
  countAction(c, "apply-pattern", name);
  strcpy(name, "PatA"); // as a pass: another kind, another entry
  countAction(c, "pass-execution", name);
  countAction(c, "apply-pattern", "");
  countAction(c, "pass-execution", "mlir::detail::OpToOpPassAdaptor");
  countAction(c, "GreedyPatternRewriteIteration", "");
  IrsRewriteCount *r;
  size_t n;
  assert_true(irsActionCountsTake(c, &r, &n));
  assert_int_equal(n, 5);
  assert_int_equal(countOf(r, n, "PatA", IrsRewritePattern), 3);
  assert_int_equal(countOf(r, n, "PatB", IrsRewritePattern), 2);
  assert_int_equal(countOf(r, n, "Pat", IrsRewritePattern), 1);
  assert_int_equal(countOf(r, n, "", IrsRewritePattern), 1);
  assert_int_equal(countOf(r, n, "PatA", IrsRewritePass), 1);
  irsRewriteCountsFree(r, n);
  // A new step counts from zero, also through the remembered addresses.
  irsActionCountsSetOpen(c, false);
  irsActionCountsSetOpen(c, true);
  countAction(c, "apply-pattern", name);
  assert_true(irsActionCountsTake(c, &r, &n));
  assert_int_equal(n, 1);
  assert_int_equal(countOf(r, n, "PatA", IrsRewritePattern), 1);
  irsRewriteCountsFree(r, n);
  irsActionCountsDestroy(c);
}

// Enough names that the table grows (its entries move) between counts.
static void countsSurviveGrowth(void **state) {
  (void)state;
  enum { kNames = 300 };
  static char names[kNames][16];
  for (int j = 0; j < kNames; ++j)
    snprintf(names[j], sizeof names[j], "P%d", j);
  IrsActionCounts *c = irsActionCountsCreate();
  irsActionCountsSetOpen(c, true);
  for (int round = 0; round < 3; ++round)
    for (int j = 0; j < kNames; ++j)
      for (int k = 0; k <= j % 4; ++k)
        countAction(c, "apply-pattern", names[j]);
  IrsRewriteCount *r;
  size_t n;
  assert_true(irsActionCountsTake(c, &r, &n));
  assert_int_equal(n, kNames);
  for (int j = 0; j < kNames; ++j)
    assert_int_equal(countOf(r, n, names[j], IrsRewritePattern),
                     3 * (1 + j % 4));
  irsRewriteCountsFree(r, n);
  irsActionCountsDestroy(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(newNameAtOldAddress),
      cmocka_unit_test(countsSurviveGrowth),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
