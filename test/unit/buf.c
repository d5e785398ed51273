// SPDX-License-Identifier: Apache-2.0
// Unit tests of the growable buffer (lib/Support/Buf.c).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Support/Buf.h"

#include <stdlib.h>
#include <string.h>

static void test_buf__append_and_printf(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  irsBufAppendStr(&b, "step ");
  irsBufPrintf(&b, "%04d-%s", 7, "cse");
  assert_string_equal(b.data, "step 0007-cse");
  assert_int_equal(b.len, 13);
  assert_false(b.failed);
  irsBufFree(&b);
}

static void test_buf__grows_past_initial_capacity(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  for (int i = 0; i < 10000; ++i)
    irsBufAppend(&b, "ab", 2);
  assert_int_equal(b.len, 20000);
  assert_int_equal(b.data[19999], 'b');
  assert_int_equal(b.data[20000], '\0');
  irsBufFree(&b);
}

static void test_buf__detach_empty_gives_empty_string(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  char *s = irsBufDetach(&b);
  assert_non_null(s);
  assert_string_equal(s, "");
  free(s);
}

static void test_buf__reset_keeps_buffer_usable(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  irsBufAppendStr(&b, "abc");
  irsBufReset(&b);
  assert_int_equal(b.len, 0);
  assert_string_equal(b.data, "");
  irsBufAppendStr(&b, "x");
  assert_string_equal(b.data, "x");
  irsBufFree(&b);
}

static void test_buf__strdupref_copies_exact_length(void **state) {
  (void)state;
  MlirStringRef r = {"abcdef", 3};
  char *s = irsStrDupRef(r);
  assert_string_equal(s, "abc");
  free(s);
}

// Tokens of every length a printer hands over, each the last bytes of its
// own allocation (so valgrind sees any read past a token), through the
// printing callback's fast path and across its growth.
static void test_buf__string_callback_copies_every_token_length(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT, want = IRS_BUF_INIT;
  for (int round = 0; round < 200; ++round)
    for (size_t n = 0; n <= 40; ++n) {
      char *t = malloc(n ? n : 1);
      for (size_t i = 0; i < n; ++i)
        t[i] = (char)('a' + (round + i * 7 + n) % 26);
      irsBufStringCallback((MlirStringRef){t, n}, &b);
      irsBufAppend(&want, t, n);
      free(t);
    }
  assert_int_equal(b.len, want.len);
  assert_memory_equal(b.data, want.data, want.len);
  assert_int_equal(b.data[b.len], '\0');
  irsBufFree(&b);
  irsBufFree(&want);
}

// After a failed allocation the buffer takes nothing more, fast path or not.
static void test_buf__string_callback_respects_failed(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  irsBufAppendStr(&b, "ab");
  b.failed = true;
  irsBufStringCallback(mlirStringRefCreateFromCString("cd"), &b);
  assert_int_equal(b.len, 2);
  irsBufFree(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_buf__append_and_printf),
      cmocka_unit_test(test_buf__grows_past_initial_capacity),
      cmocka_unit_test(test_buf__detach_empty_gives_empty_string),
      cmocka_unit_test(test_buf__reset_keeps_buffer_usable),
      cmocka_unit_test(test_buf__strdupref_copies_exact_length),
      cmocka_unit_test(test_buf__string_callback_copies_every_token_length),
      cmocka_unit_test(test_buf__string_callback_respects_failed),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
