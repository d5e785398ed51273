// SPDX-License-Identifier: Apache-2.0
// Unit tests of reading diagnostics back from a tool's stderr
// (lib/Tool/ToolDiagnostics.c).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Tool/ToolImpl.h"

#include <string.h>

static MlirStringRef ref(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static bool eq(MlirStringRef r, const char *s) {
  return r.length == strlen(s) && memcmp(r.data, s, r.length) == 0;
}

static void test_tooldiagnostics__error_with_excerpt_and_note(void **state) {
  (void)state;
  IrsToolDiags d;
  assert_int_equal(
      irsToolDiagsParse(ref("in.mlir:3:8: error: 'test.call' op bad\n"
                            "  %0 = test.call\n"
                            "       ^\n"
                            "in.mlir:3:8: note: see current operation: x\n"),
                        2, &d),
      IRS_OK);
  assert_int_equal(d.numDiags, 1);
  assert_int_equal(d.diags[0].severity, IrsSeverityError);
  assert_true(eq(d.diags[0].location, "in.mlir:3:8"));
  assert_true(eq(d.diags[0].message, "'test.call' op bad"));
  assert_int_equal(d.diags[0].step, 2);
  assert_int_equal(d.diags[0].numNotes, 1);
  assert_true(eq(d.diags[0].notes[0].message, "see current operation: x"));
  irsToolDiagsFree(&d);
}

static void test_tooldiagnostics__first_tag_wins(void **state) {
  (void)state;
  IrsToolDiags d;
  irsToolDiagsParse(ref("<unknown>:0: error: Parser:1:1: error: 'x' is not a "
                        "pass\nx\n^\n"),
                    1, &d);
  assert_int_equal(d.numDiags, 1);
  assert_true(eq(d.diags[0].location, "<unknown>:0"));
  assert_true(eq(d.diags[0].message, "Parser:1:1: error: 'x' is not a pass"));
  irsToolDiagsFree(&d);
}

static void test_tooldiagnostics__skips_other_lines(void **state) {
  (void)state;
  IrsToolDiags d;
  irsToolDiagsParse(ref("Stack dump:\n #0 0x1 f (lib+0x1)\n"
                        "  indented: error: not one\n"
                        "a.mlir:1:1: warning: w\n"
                        "a.mlir:2:1: remark: r\n"),
                    1, &d);
  assert_int_equal(d.numDiags, 2);
  assert_int_equal(d.diags[0].severity, IrsSeverityWarning);
  assert_int_equal(d.diags[1].severity, IrsSeverityRemark);
  assert_int_equal(d.numNotes, 0);
  irsToolDiagsFree(&d);
}

static void test_tooldiagnostics__leading_note_is_top_level(void **state) {
  (void)state;
  assert_int_equal(irsToolParseDiagnostics(ref("a:1:1: note: n\n"), NULL, NULL),
                   1);
  assert_int_equal(irsToolParseDiagnostics(ref(""), NULL, NULL), 0);
}

static void test_tooldiagnostics__is_diagnostic_line(void **state) {
  (void)state;
  assert_true(irsToolIsDiagnosticLine(ref("a.mlir:1:1: error: e")));
  assert_true(irsToolIsDiagnosticLine(ref("<unknown>:0: note: n")));
  assert_true(irsToolIsDiagnosticLine(ref("a:2:3: remark: r")));
  // No location, an indented line, no severity tag, the tag's end alone.
  assert_false(irsToolIsDiagnosticLine(ref(": error: e")));
  assert_false(irsToolIsDiagnosticLine(ref("  x: error: e")));
  assert_false(irsToolIsDiagnosticLine(ref("\tx: warning: w")));
  assert_false(irsToolIsDiagnosticLine(ref("func.func @f() {")));
  assert_false(irsToolIsDiagnosticLine(ref("a:1:1: error:")));
  // Only the given length counts.
  MlirStringRef cut = {"a:1:1: error: e", 8};
  assert_false(irsToolIsDiagnosticLine(cut));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_tooldiagnostics__error_with_excerpt_and_note),
      cmocka_unit_test(test_tooldiagnostics__first_tag_wins),
      cmocka_unit_test(test_tooldiagnostics__skips_other_lines),
      cmocka_unit_test(test_tooldiagnostics__leading_note_is_top_level),
      cmocka_unit_test(test_tooldiagnostics__is_diagnostic_line),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
