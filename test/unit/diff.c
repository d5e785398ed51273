// SPDX-License-Identifier: Apache-2.0
// Unit tests of the unified diff wrapper (lib/Support/Diff.c).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Support/Buf.h"
#include "irscope/Diff.h"

#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static void test_diff__equal_texts_print_nothing(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  bool differs = true;
  IrsStatus st = irsDiffUnified(ref("a\nb\n"), ref("a\nb\n"), "x", "y", 3,
                                irsBufStringCallback, &b, &differs);
  assert_true(irsStatusIsOk(st));
  assert_false(differs);
  assert_int_equal(b.len, 0);
  irsBufFree(&b);
}

static void test_diff__unified_format_with_labels(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  bool differs = false;
  IrsStatus st = irsDiffUnified(ref("one\ntwo\nthree\n"),
                                ref("one\nTWO\nthree\n"), "before.mlir",
                                "after.mlir", 1, irsBufStringCallback, &b,
                                &differs);
  assert_true(irsStatusIsOk(st));
  assert_true(differs);
  assert_string_equal(b.data, "--- before.mlir\n+++ after.mlir\n"
                              "@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n");
  irsBufFree(&b);
}

static void test_diff__context_limits_hunks(void **state) {
  (void)state;
  IrsBuf a = IRS_BUF_INIT, c = IRS_BUF_INIT, out = IRS_BUF_INIT;
  for (int i = 0; i < 100; ++i) {
    irsBufPrintf(&a, "line %d\n", i);
    irsBufPrintf(&c, "line %d%s\n", i, i == 10 || i == 90 ? " changed" : "");
  }
  IrsStatus st = irsDiffUnified(irsBufRef(&a), irsBufRef(&c), "a", "b", 0,
                                irsBufStringCallback, &out, NULL);
  assert_true(irsStatusIsOk(st));
  // Two separate hunks with no context lines.
  assert_non_null(strstr(out.data, "@@ -11 +11 @@\n-line 10\n+line 10 changed\n"));
  assert_non_null(strstr(out.data, "@@ -91 +91 @@\n-line 90\n+line 90 changed\n"));
  assert_null(strstr(out.data, " line 11"));
  irsBufFree(&a);
  irsBufFree(&c);
  irsBufFree(&out);
}

static void test_diff__missing_final_newline_is_marked(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  IrsStatus st = irsDiffUnified(ref("a\n"), ref("a\nb"), "x", "y", 3,
                                irsBufStringCallback, &b, NULL);
  assert_true(irsStatusIsOk(st));
  assert_non_null(strstr(b.data, "+b\n\\ No newline at end of file\n"));
  irsBufFree(&b);
}

// After cse the printer renumbers every later value: a plain diff shows
// each such line as changed, the structural one only the erased op.
static void test_diff_structural__renumbering_is_no_change(void **state) {
  (void)state;
  const char *before = "  %0 = arith.addi %a, %a : i32\n"
                       "  %1 = arith.addi %a, %a : i32\n"
                       "  %2 = arith.muli %0, %1 : i32\n"
                       "  return %2 : i32\n";
  const char *after = "  %0 = arith.addi %a, %a : i32\n"
                      "  %1 = arith.muli %0, %0 : i32\n"
                      "  return %1 : i32\n";
  IrsBuf b = IRS_BUF_INIT;
  bool differs = false;
  IrsStatus st = irsDiffStructural(ref(before), ref(after), "x", "y", 0,
                                   irsBufStringCallback, &b, &differs);
  assert_true(irsStatusIsOk(st));
  assert_true(differs);
  // One hunk: the erased addi, shown as it was; the renamed muli and return
  // lines are no change.
  assert_string_equal(b.data, "--- x\n+++ y\n@@ -2 +1,0 @@\n"
                              "-  %1 = arith.addi %a, %a : i32\n");
  irsBufFree(&b);
}

static void test_diff_structural__names_only_means_equal(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  bool differs = true;
  IrsStatus st = irsDiffStructural(
      ref("^bb1(%x: i32):\n  cf.br ^bb2(%x : i32)\n"),
      ref("^bb3(%arg0: i32):\n  cf.br ^bb0(%arg0 : i32)\n"), "x", "y", 3,
      irsBufStringCallback, &b, &differs);
  assert_true(irsStatusIsOk(st));
  assert_false(differs);
  assert_int_equal(b.len, 0);
  irsBufFree(&b);
}

// A change of op, type or attribute is a change, shown with the original
// names; "%" inside a string attribute is text, not a name.
static void test_diff_structural__real_changes_show_original_lines(
    void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  bool differs = false;
  IrsStatus st = irsDiffStructural(
      ref("%3 = arith.addi %1, %2 : i32\nx {s = \"%a\"}\n"),
      ref("%4 = arith.addi %1, %2 : i64\nx {s = \"%b\"}\n"), "x", "y", 3,
      irsBufStringCallback, &b, &differs);
  assert_true(irsStatusIsOk(st));
  assert_true(differs);
  assert_string_equal(b.data, "--- x\n+++ y\n@@ -1,2 +1,2 @@\n"
                              "-%3 = arith.addi %1, %2 : i32\n"
                              "-x {s = \"%a\"}\n"
                              "+%4 = arith.addi %1, %2 : i64\n"
                              "+x {s = \"%b\"}\n");
  irsBufFree(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_diff__equal_texts_print_nothing),
      cmocka_unit_test(test_diff__unified_format_with_labels),
      cmocka_unit_test(test_diff__context_limits_hunks),
      cmocka_unit_test(test_diff__missing_final_newline_is_marked),
      cmocka_unit_test(test_diff_structural__renumbering_is_no_change),
      cmocka_unit_test(test_diff_structural__names_only_means_equal),
      cmocka_unit_test(test_diff_structural__real_changes_show_original_lines),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
