// SPDX-License-Identifier: Apache-2.0
// Unit tests of the "{key=value ...}" option lists of irscope's own passes
// (lib/Passes/PassOptions.c): plain, quoted and braced values, flags
// without a value, lookups (last one wins) and the error messages.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Passes/PassesImpl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Parses `text` expecting success.
static IrsPassOptions parseOk(const char *text) {
  IrsPassOptions o;
  IrsBuf err = IRS_BUF_INIT;
  bool ok =
      irsPassOptionsParse(mlirStringRefCreateFromCString(text), &o, &err);
  assert_true(ok);
  assert_int_equal(err.len, 0);
  irsBufFree(&err);
  return o;
}

// Parses `text` expecting failure with exactly `message`.
static void parseFails(const char *text, const char *message) {
  IrsPassOptions o;
  IrsBuf err = IRS_BUF_INIT;
  bool ok =
      irsPassOptionsParse(mlirStringRefCreateFromCString(text), &o, &err);
  assert_false(ok);
  assert_string_equal(err.data ? err.data : "", message);
  // Nothing is left allocated on failure.
  assert_null(o.items);
  assert_int_equal(o.num, 0);
  irsBufFree(&err);
}

static void test_passoptions__empty(void **state) {
  (void)state;
  IrsPassOptions o = parseOk("");
  assert_int_equal(o.num, 0);
  assert_null(irsPassOptionsGet(&o, "op"));
  irsPassOptionsFree(&o);
  o = parseOk("   \t ");
  assert_int_equal(o.num, 0);
  irsPassOptionsFree(&o);
}

static void test_passoptions__key_value_pairs(void **state) {
  (void)state;
  IrsPassOptions o = parseOk("op=func.func file=/tmp/stats.txt");
  assert_int_equal(o.num, 2);
  assert_string_equal(o.items[0].key, "op");
  assert_string_equal(o.items[0].value, "func.func");
  assert_string_equal(o.items[1].key, "file");
  assert_string_equal(o.items[1].value, "/tmp/stats.txt");
  assert_string_equal(irsPassOptionsGet(&o, "op"), "func.func");
  assert_string_equal(irsPassOptionsGet(&o, "file"), "/tmp/stats.txt");
  assert_null(irsPassOptionsGet(&o, "fil"));
  irsPassOptionsFree(&o);
  assert_null(o.items);
  assert_int_equal(o.num, 0);
}

static void test_passoptions__surrounding_whitespace(void **state) {
  (void)state;
  IrsPassOptions o = parseOk("  a=1 \t b=2\t");
  assert_int_equal(o.num, 2);
  assert_string_equal(irsPassOptionsGet(&o, "a"), "1");
  assert_string_equal(irsPassOptionsGet(&o, "b"), "2");
  irsPassOptionsFree(&o);
}

static void test_passoptions__quoted_values(void **state) {
  (void)state;
  IrsPassOptions o =
      parseOk("file=\"my stats.txt\" op='test.op' q=\"it's\" e=\"\"");
  assert_int_equal(o.num, 4);
  assert_string_equal(irsPassOptionsGet(&o, "file"), "my stats.txt");
  assert_string_equal(irsPassOptionsGet(&o, "op"), "test.op");
  assert_string_equal(irsPassOptionsGet(&o, "q"), "it's");
  assert_string_equal(irsPassOptionsGet(&o, "e"), "");
  irsPassOptionsFree(&o);
}

static void test_passoptions__braced_values(void **state) {
  (void)state;
  IrsPassOptions o = parseOk("p={a=1 b={c d}} x=2");
  assert_int_equal(o.num, 2);
  assert_string_equal(o.items[0].key, "p");
  assert_string_equal(o.items[0].value, "a=1 b={c d}");
  assert_string_equal(o.items[1].key, "x");
  assert_string_equal(o.items[1].value, "2");
  irsPassOptionsFree(&o);
  o = parseOk("e={}");
  assert_int_equal(o.num, 1);
  assert_string_equal(irsPassOptionsGet(&o, "e"), "");
  irsPassOptionsFree(&o);
}

// Quotes inside a braced value protect braces, as in MLIR's option parser
// and in irscope's own pipeline parser, which hands such text over intact.
static void test_passoptions__quotes_inside_braces(void **state) {
  (void)state;
  IrsPassOptions o = parseOk("p={s=\"}\"} x=2");
  intptr_t num = o.num;
  char p[32] = "", x[32] = "";
  if (irsPassOptionsGet(&o, "p"))
    snprintf(p, sizeof(p), "%s", irsPassOptionsGet(&o, "p"));
  if (irsPassOptionsGet(&o, "x"))
    snprintf(x, sizeof(x), "%s", irsPassOptionsGet(&o, "x"));
  irsPassOptionsFree(&o);
  assert_int_equal(num, 2);
  assert_string_equal(p, "s=\"}\"");
  assert_string_equal(x, "2");
}

static void test_passoptions__flags_without_value(void **state) {
  (void)state;
  IrsPassOptions o = parseOk("verbose a= b=1");
  assert_int_equal(o.num, 3);
  assert_string_equal(o.items[0].key, "verbose");
  assert_string_equal(o.items[0].value, "");
  assert_string_equal(o.items[1].key, "a");
  assert_string_equal(o.items[1].value, "");
  assert_string_equal(irsPassOptionsGet(&o, "b"), "1");
  irsPassOptionsFree(&o);
}

static void test_passoptions__value_may_contain_equals(void **state) {
  (void)state;
  IrsPassOptions o = parseOk("pipeline=builtin.module(cse) x=a=b");
  assert_int_equal(o.num, 2);
  assert_string_equal(irsPassOptionsGet(&o, "pipeline"),
                      "builtin.module(cse)");
  assert_string_equal(irsPassOptionsGet(&o, "x"), "a=b");
  irsPassOptionsFree(&o);
}

static void test_passoptions__last_one_wins(void **state) {
  (void)state;
  IrsPassOptions o = parseOk("op=a op=b");
  assert_int_equal(o.num, 2);
  assert_string_equal(irsPassOptionsGet(&o, "op"), "b");
  irsPassOptionsFree(&o);
}

static void test_passoptions__respects_length(void **state) {
  (void)state;
  IrsPassOptions o;
  IrsBuf err = IRS_BUF_INIT;
  MlirStringRef r = {"op=abcdef", 5};
  assert_true(irsPassOptionsParse(r, &o, &err));
  assert_int_equal(o.num, 1);
  assert_string_equal(irsPassOptionsGet(&o, "op"), "ab");
  irsPassOptionsFree(&o);
  irsBufFree(&err);
}

static void test_passoptions__error_missing_name(void **state) {
  (void)state;
  parseFails("=x", "expected an option name before '='");
  parseFails("a=1 =2", "expected an option name before '='");
}

static void test_passoptions__error_unterminated(void **state) {
  (void)state;
  parseFails("file=\"abc", "unterminated value for option 'file'");
  parseFails("a=1 op='x", "unterminated value for option 'op'");
  parseFails("p={a={b}", "unterminated value for option 'p'");
}

static void test_passoptions__check_known(void **state) {
  (void)state;
  static const char *const known[] = {"op", "file", NULL};
  IrsPassOptions o = parseOk("op=x file=y");
  IrsBuf err = IRS_BUF_INIT;
  assert_true(irsPassOptionsCheckKnown(&o, "irs-test-fail", known, &err));
  assert_int_equal(err.len, 0);
  irsPassOptionsFree(&o);

  o = parseOk("op=x bogus=1 other=2");
  assert_false(irsPassOptionsCheckKnown(&o, "irs-test-fail", known, &err));
  assert_string_equal(err.data,
                      "unknown option 'bogus' for pass 'irs-test-fail'");
  irsPassOptionsFree(&o);
  irsBufFree(&err);

  static const char *const none[] = {NULL};
  o = parseOk("");
  assert_true(irsPassOptionsCheckKnown(&o, "p", none, &err));
  irsPassOptionsFree(&o);
  irsBufFree(&err);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_passoptions__empty),
      cmocka_unit_test(test_passoptions__key_value_pairs),
      cmocka_unit_test(test_passoptions__surrounding_whitespace),
      cmocka_unit_test(test_passoptions__quoted_values),
      cmocka_unit_test(test_passoptions__braced_values),
      cmocka_unit_test(test_passoptions__quotes_inside_braces),
      cmocka_unit_test(test_passoptions__flags_without_value),
      cmocka_unit_test(test_passoptions__value_may_contain_equals),
      cmocka_unit_test(test_passoptions__last_one_wins),
      cmocka_unit_test(test_passoptions__respects_length),
      cmocka_unit_test(test_passoptions__error_missing_name),
      cmocka_unit_test(test_passoptions__error_unterminated),
      cmocka_unit_test(test_passoptions__check_known),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
