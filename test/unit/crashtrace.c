// SPDX-License-Identifier: Apache-2.0
// Unit tests of the trace markers (include/irscope/CrashTrace.h,
// lib/Support/CrashTrace.c): the lines the crash handler writes, built from
// the same markers, are each judged as what they are, and nothing else is.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/CrashTrace.h"

#include <string.h>

static IrsCrashTraceLine kindOf(const char *line) {
  return irsCrashTraceLineKind(mlirStringRefCreateFromCString(line));
}

// A marker line as a reader sees it: without its newline.
static IrsCrashTraceLine kindOfMarker(const char *marker) {
  return irsCrashTraceLineKind(
      mlirStringRefCreate(marker, strlen(marker) - 1));
}

static void test_crashtrace__writer_lines_are_recognised(void **state) {
  (void)state;
  assert_int_equal(kindOf("irscope-opt" IRS_CRASH_TRACE_FATAL_SIGNAL
                          "SIGSEGV" IRS_CRASH_TRACE_STACK_OVERFLOW),
                   IrsCrashTraceLineHeader);
  assert_int_equal(kindOf("opt-reduce" IRS_CRASH_TRACE_TIMED_OUT),
                   IrsCrashTraceLineHeader);
  assert_int_equal(kindOfMarker(IRS_CRASH_TRACE_START),
                   IrsCrashTraceLineStart);
  assert_int_equal(kindOfMarker(IRS_CRASH_TRACE_END), IrsCrashTraceLineEnd);
  assert_int_equal(kindOf("/lib/libc.so.6(abort+0x12) [0x7f0012345678]"),
                   IrsCrashTraceLineFrame);
}

static void test_crashtrace__other_lines_are_not(void **state) {
  (void)state;
  assert_int_equal(kindOf(""), IrsCrashTraceLineOther);
  assert_int_equal(kindOf("error: 'func.func' op failed"),
                   IrsCrashTraceLineOther);
  // The marker's words inside a line, or a timeout said mid-line.
  assert_int_equal(kindOf("see Stack trace: below"), IrsCrashTraceLineOther);
  assert_int_equal(kindOf("step timed out, retrying"), IrsCrashTraceLineOther);
  assert_int_equal(kindOf("[0x1"), IrsCrashTraceLineOther);
  assert_int_equal(irsCrashTraceLineKind((MlirStringRef){NULL, 0}),
                   IrsCrashTraceLineOther);
}

static void test_crashtrace__end_and_stack_overflow_in_text(void **state) {
  (void)state;
  const char *hang = "x" IRS_CRASH_TRACE_TIMED_OUT "\n" IRS_CRASH_TRACE_START
                     "m(f+0x1) [0x2]\n" IRS_CRASH_TRACE_END;
  assert_true(irsCrashTraceHasEnd(mlirStringRefCreateFromCString(hang)));
  assert_false(irsCrashTraceHasEnd(
      mlirStringRefCreate(hang, strlen(hang) - 3))); // cut short
  const char *so = "x" IRS_CRASH_TRACE_FATAL_SIGNAL
                   "SIGSEGV" IRS_CRASH_TRACE_STACK_OVERFLOW "\n";
  assert_true(irsCrashTraceIsStackOverflow(mlirStringRefCreateFromCString(so)));
  assert_false(irsCrashTraceIsStackOverflow(
      mlirStringRefCreateFromCString("x: fatal signal SIGSEGV\n")));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_crashtrace__writer_lines_are_recognised),
      cmocka_unit_test(test_crashtrace__other_lines_are_not),
      cmocka_unit_test(test_crashtrace__end_and_stack_overflow_in_text),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
