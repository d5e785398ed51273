// SPDX-License-Identifier: Apache-2.0
// Unit tests of failure signatures (lib/Support/Signature.c): the first
// error of a stderr text, normalisation, crash sites from a glibc trace,
// and what counts as the same failure.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Signature.h"

#include <string.h>

static MlirStringRef ref(const char *s) {
  return mlirStringRefCreate(s, strlen(s));
}

static void test_signature__first_located_error(void **state) {
  (void)state;
  const char *t = "note: x\nin.mlir:3:5: error: 'arith.addi' op %v_1 at 12\n"
                  "in.mlir:4:1: error: second\n";
  size_t n = 0;
  const char *e = irsSignatureFindFirstError(ref(t), false, &n);
  assert_non_null(e);
  assert_int_equal(n, strlen("'arith.addi' op %v_1 at 12"));
  assert_memory_equal(e, "'arith.addi' op %v_1 at 12", n);
  IrsSignature s;
  memset(&s, 0, sizeof(s));
  assert_true(irsSignatureSetFirstError(&s, ref(t), false));
  assert_string_equal(s.message, "'arith.addi' op % at N");
}

static void test_signature__unlocated_error_only_when_asked(void **state) {
  (void)state;
  const char *t = "error: unknown pass\nx.mlir:1:1: error: later\n";
  size_t n = 0;
  const char *e = irsSignatureFindFirstError(ref(t), false, &n);
  assert_non_null(e);
  assert_memory_equal(e, "later", n);
  e = irsSignatureFindFirstError(ref(t), true, &n);
  assert_memory_equal(e, "unknown pass", n);
  // Not at a line start: not an unlocated diagnostic.
  assert_null(irsSignatureFindFirstError(ref("no error: here"), true, &n));
  assert_null(irsSignatureFindFirstError(mlirStringRefCreate(NULL, 0), true,
                                         &n));
  IrsSignature s;
  memset(&s, 0, sizeof(s));
  strcpy(s.message, "stale");
  assert_false(irsSignatureSetFirstError(&s, ref("all fine\n"), true));
  assert_string_equal(s.message, "");
}

static void test_signature__crash_site_from_glibc_trace(void **state) {
  (void)state;
  const char *t =
      "/lib/libc.so.6(+0x3c050) [0x7f0000003c050]\n"
      "/usr/lib/libMLIR.so.22.1(_ZN4mlir6detail3fooEv+0x12) [0x7f1]\n"
      "/usr/lib/libMLIR.so.22.1(_ZN4mlir3barEi+0x30) [0x7f2]\n";
  IrsSignature s;
  memset(&s, 0, sizeof(s));
  irsSignatureSetCrashSite(&s, ref(t), (IrsLoadMap){NULL}, true);
  assert_string_equal(s.site, "mlir::detail::foo");
  assert_string_equal(s.siteCaller, ""); // the site has a name
  irsSignatureSetCrashSite(&s, ref("no trace\n"), (IrsLoadMap){NULL}, true);
  assert_string_equal(s.site, "");
}

static void test_signature__kind_name_and_step(void **state) {
  (void)state;
  IrsSignature s;
  memset(&s, 0, sizeof(s));
  char buf[32];
  assert_string_equal(irsSignatureFormatKind(&s, buf, sizeof(buf)), "");
  s.kind = IrsOutcomeMemoryLimit;
  assert_string_equal(irsSignatureFormatKind(&s, buf, sizeof(buf)),
                      "memory-limit");
  s.inEdit = true;
  assert_string_equal(irsSignatureFormatKind(&s, buf, sizeof(buf)),
                      "edit-memory-limit");
  irsSignatureSetStep(&s, 3, mlirStringRefCreate("canonicalize-extra", 12));
  assert_int_equal(s.step, 3);
  assert_string_equal(s.pass, "canonicalize");
}

static void test_signature__failures(void **state) {
  (void)state;
  IrsSignature s;
  memset(&s, 0, sizeof(s));
  s.kind = IrsOutcomeOk;
  assert_false(irsSignatureIsFailure(&s));
  s.kind = IrsOutcomeInvalid;
  assert_false(irsSignatureIsFailure(&s));
  s.kind = IrsOutcomeInterrupted;
  assert_false(irsSignatureIsFailure(&s));
  s.inEdit = true; // died applying an edit: a failure, though not the bug
  assert_true(irsSignatureIsFailure(&s));
  s.inEdit = false;
  s.kind = IrsOutcomeCrash;
  assert_true(irsSignatureIsFailure(&s));
  s.kind = IrsOutcomeFailure;
  assert_true(irsSignatureIsFailure(&s));
}

static void test_signature__matches(void **state) {
  (void)state;
  IrsSignature t, s;
  memset(&t, 0, sizeof(t));
  t.kind = IrsOutcomeCrash;
  t.signal = 11;
  t.step = 2;
  strcpy(t.pass, "cse");
  strcpy(t.message, "m");
  strcpy(t.site, "f");
  s = t;
  assert_true(irsSignatureMatches(&s, &t, IrsSignatureMatchMessage |
                                              IrsSignatureMatchStep));
  s.step = 3; // the same pass elsewhere in the pipeline
  assert_true(irsSignatureMatches(&s, &t, IrsSignatureMatchMessage));
  assert_false(irsSignatureMatches(&s, &t, IrsSignatureMatchStep));
  s = t;
  strcpy(s.message, "other");
  assert_false(irsSignatureMatches(&s, &t, IrsSignatureMatchMessage));
  assert_true(irsSignatureMatches(&s, &t, 0));
  s = t;
  strcpy(s.site, "g"); // a crash elsewhere
  assert_false(irsSignatureMatches(&s, &t, 0));
  s.site[0] = '\0'; // a lost trace says nothing
  assert_true(irsSignatureMatches(&s, &t, 0));
  s = t;
  s.signal = 6;
  assert_false(irsSignatureMatches(&s, &t, 0));
  s = t;
  s.inEdit = true;
  assert_false(irsSignatureMatches(&s, &t, 0));
  s = t;
  s.kind = IrsOutcomeTimeout;
  assert_false(irsSignatureMatches(&s, &t, 0));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_signature__first_located_error),
      cmocka_unit_test(test_signature__unlocated_error_only_when_asked),
      cmocka_unit_test(test_signature__crash_site_from_glibc_trace),
      cmocka_unit_test(test_signature__kind_name_and_step),
      cmocka_unit_test(test_signature__failures),
      cmocka_unit_test(test_signature__matches),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
