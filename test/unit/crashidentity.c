// SPDX-License-Identifier: Apache-2.0
// Unit tests of crash identities (lib/Support/CrashIdentity.c) on the
// stderr of real crashes of MLIR 22's mlir-opt, kept verbatim in
// test/unit/Inputs/crash-identity/ (its README says how each was made):
// one crash as the plain tool, the tool logging its actions and the tool
// counting them print it, symbolised and not; and other crashes with the
// same signal.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Support/CrashIdentity.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The identity of the crash by `sig` whose stderr is Inputs file `name`.
static IrsCrashIdentity readInput(const char *name, int sig) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/crash-identity/%s", IRS_UNIT_INPUTS, name);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  static char text[1 << 18];
  size_t n = fread(text, 1, sizeof(text) - 1, f);
  fclose(f);
  text[n] = '\0';
  IrsCrashIdentity id;
  assert_true(irsCrashIdentityRead(&id, sig, mlirStringRefCreate(text, n)));
  return id;
}

static IrsCrashIdentity readText(const char *text, int sig) {
  IrsCrashIdentity id;
  assert_true(irsCrashIdentityRead(&id, sig,
                                   mlirStringRefCreateFromCString(text)));
  return id;
}

static void assertNoHandlerFrames(const IrsCrashIdentity *id) {
  for (int k = 0; k < id->numFrames; ++k) {
    const char *key = id->frames[k].key;
    assert_null(strstr(key, "llvm::sys::"));
    assert_null(strstr(key, "SignalHandler"));
    assert_null(strstr(key, "libc.so"));
    assert_null(strstr(key, "mlir::tracing::"));
    assert_null(strstr(key, "executeActionInternal"));
  }
}

// llvm/llvm-project#205233 (bench/upstream/arith-to-spirv-tensor.mlir):
// SIGSEGV in ExtUIPattern. The plain tool, the tool logging its actions
// and the tool counting them reach the pattern through different action
// handlers; the crash is the same one, and its identity starts at the
// pattern, not in the handler.
static void test_crashidentity__one_crash_three_handlers(void **state) {
  (void)state;
  IrsCrashIdentity plain = readInput("extui-plain.txt", SIGSEGV);
  IrsCrashIdentity logged = readInput("extui-log.txt", SIGSEGV);
  IrsCrashIdentity counted = readInput("extui-counter.txt", SIGSEGV);
  assert_true(plain.traced);
  assert_null(plain.abortLine);
  // OperandStorage's constructor, three Operation::create, OpBuilder's,
  // BitwiseAndOp's, the pattern (a hidden function: its object offset),
  // the conversion's dispatch to it.
  assert_int_equal(plain.numFrames, kIrsCrashIdentityFrames);
  assert_string_equal(plain.frames[0].key,
                      "mlir::detail::OperandStorage::OperandStorage+0x612f600");
  assert_non_null(strstr(plain.frames[5].key, "BitwiseAndOp::create"));
  assert_string_equal(plain.frames[6].key, "libMLIR.so.22.1+0x297faef");
  assert_false(plain.frames[6].addressOnly);
  assert_non_null(strstr(plain.frames[7].key, "dispatchTo1To1"));
  // The handler's frames come after these: the log run's identity is cut
  // where its ExecutionContext starts, and still agrees.
  assertNoHandlerFrames(&plain);
  assertNoHandlerFrames(&logged);
  assertNoHandlerFrames(&counted);
  assert_true(irsCrashIdentityMatches(&plain, &logged, true));
  assert_true(irsCrashIdentityMatches(&logged, &counted, true));
  assert_true(irsCrashIdentityMatches(&counted, &plain, false));
  irsCrashIdentityFree(&plain);
  irsCrashIdentityFree(&logged);
  irsCrashIdentityFree(&counted);
}

// Without a symboliser the pattern is a hidden function named by its
// address alone. Two runs without address randomisation (the log run and
// a trial) agree on it; the user's own run, randomised, agrees with them
// only when such frames are not compared.
static void test_crashidentity__address_only_frames(void **state) {
  (void)state;
  IrsCrashIdentity plain = readInput("extui-nosym-plain.txt", SIGSEGV);
  IrsCrashIdentity logged = readInput("extui-nosym-log.txt", SIGSEGV);
  IrsCrashIdentity counted = readInput("extui-nosym-counter.txt", SIGSEGV);
  // OperandStorage's constructor, three Operation::create, OpBuilder's,
  // BitwiseAndOp's, then the pattern, hidden: "libMLIR.so.22.1@0x...".
  assert_int_equal(logged.numFrames, kIrsCrashIdentityFrames);
  assert_false(logged.frames[0].addressOnly);
  assert_true(logged.frames[6].addressOnly);
  assert_non_null(strstr(logged.frames[6].key, "libMLIR.so.22.1@0x"));
  assertNoHandlerFrames(&logged);
  assertNoHandlerFrames(&counted);
  assert_true(irsCrashIdentityMatches(&logged, &counted, true));
  assert_true(irsCrashIdentityMatches(&plain, &logged, false));
  assert_false(irsCrashIdentityMatches(&plain, &logged, true));
  irsCrashIdentityFree(&plain);
  irsCrashIdentityFree(&logged);
  irsCrashIdentityFree(&counted);
}

// Another bug that dies of SIGSEGV too is another crash, symbolised or not.
static void test_crashidentity__other_crash_same_signal(void **state) {
  (void)state;
  IrsCrashIdentity a = readInput("extui-plain.txt", SIGSEGV);
  IrsCrashIdentity b = readInput("other-plain.txt", SIGSEGV);
  assert_true(b.numFrames >= 1);
  assert_false(irsCrashIdentityMatches(&a, &b, true));
  assert_false(irsCrashIdentityMatches(&b, &a, false));
  IrsCrashIdentity c = readInput("extui-nosym-log.txt", SIGSEGV);
  IrsCrashIdentity d = readInput("other-nosym-log.txt", SIGSEGV);
  assert_false(irsCrashIdentityMatches(&c, &d, true));
  irsCrashIdentityFree(&a);
  irsCrashIdentityFree(&b);
  irsCrashIdentityFree(&c);
  irsCrashIdentityFree(&d);
}

// An abort (SIGABRT): the frames of raise and abort are not the crash.
static void test_crashidentity__abort_skips_abort_frames(void **state) {
  (void)state;
  IrsCrashIdentity a = readInput("abort.txt", SIGABRT);
  assert_true(a.numFrames >= 1);
  for (int k = 0; k < a.numFrames; ++k) {
    assert_null(strstr(a.frames[k].key, "abort"));
    assert_null(strstr(a.frames[k].key, "raise"));
    assert_null(strstr(a.frames[k].key, "pthread_kill"));
  }
  assertNoHandlerFrames(&a);
  IrsCrashIdentity b = readInput("abort.txt", SIGSEGV);
  assert_false(irsCrashIdentityMatches(&a, &b, true)); // another signal
  irsCrashIdentityFree(&a);
  irsCrashIdentityFree(&b);
}

// mlir-opt --test-pass-crash aborts in the pass, which the plain tool
// calls from OpToOpPassAdaptor::run, the action's callback inlined there;
// the tool logging its actions calls it through that callback, a frame of
// its own just above the handler. Without that frame both are the pass.
static void test_crashidentity__callback_above_the_handler(void **state) {
  (void)state;
  IrsCrashIdentity plain = readInput("abort.txt", SIGABRT);
  IrsCrashIdentity logged = readInput("abort-log.txt", SIGABRT);
  assert_int_equal(logged.numFrames, 1);
  assert_string_equal(logged.frames[0].key, "mlir-opt+0xc328e6");
  assert_string_equal(plain.frames[0].key, "mlir-opt+0xc328e6");
  assert_non_null(strstr(plain.frames[1].key, "OpToOpPassAdaptor::run"));
  assert_true(irsCrashIdentityMatches(&plain, &logged, false));
  irsCrashIdentityFree(&plain);
  irsCrashIdentityFree(&logged);
}

// A failed assert() names the check: another assertion, or none, is
// another crash even where the frames agree. (Debian's LLVM is built
// without assertions, so these lines are written as glibc and
// llvm_unreachable print them, over one real trace.)
static void test_crashidentity__assertion_line(void **state) {
  (void)state;
  static const char trace[] =
      " #0 0x00007f0000001000 llvm::sys::PrintStackTrace(llvm::raw_ostream&, "
      "int) (/usr/lib/llvm-22/lib/libLLVM.so.22.1+0x1000)\n"
      " #1 0x00007f0000001100 SignalHandler(int, siginfo_t*, void*) "
      "(/usr/lib/llvm-22/lib/libLLVM.so.22.1+0x1100)\n"
      " #2 0x00007f0000002000 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)\n"
      " #3 0x00007f0000003000 mlir::Foo::fold() "
      "(/usr/lib/llvm-22/lib/libMLIR.so.22.1+0x3000)\n";
  char one[2048], two[2048], none[2048], unreachable[2048];
  snprintf(one, sizeof(one),
           "mlir-opt: Foo.cpp:12: void mlir::Foo::fold(): Assertion `x && "
           "\"no x\"' failed.\n%s", trace);
  snprintf(two, sizeof(two),
           "mlir-opt: Foo.cpp:40: void mlir::Foo::fold(): Assertion `y' "
           "failed.\n%s", trace);
  snprintf(none, sizeof(none), "%s", trace);
  snprintf(unreachable, sizeof(unreachable),
           "bad kind\nUNREACHABLE executed at Foo.cpp:77!\n%s", trace);
  IrsCrashIdentity a = readText(one, SIGABRT), a2 = readText(one, SIGABRT);
  IrsCrashIdentity b = readText(two, SIGABRT), c = readText(none, SIGABRT);
  IrsCrashIdentity u = readText(unreachable, SIGABRT);
  assert_non_null(a.abortLine);
  assert_non_null(strstr(a.abortLine, "Assertion `x && \"no x\"' failed."));
  assert_non_null(u.abortLine);
  assert_string_equal(u.abortLine, "UNREACHABLE executed at Foo.cpp:77!");
  assert_int_equal(a.numFrames, 1);
  assert_string_equal(a.frames[0].key, "mlir::Foo::fold+0x3000");
  assert_true(irsCrashIdentityMatches(&a, &a2, true));
  assert_false(irsCrashIdentityMatches(&a, &b, true));
  assert_false(irsCrashIdentityMatches(&a, &c, true));
  assert_false(irsCrashIdentityMatches(&c, &a, false));
  assert_false(irsCrashIdentityMatches(&u, &a, true));
  irsCrashIdentityFree(&a);
  irsCrashIdentityFree(&a2);
  irsCrashIdentityFree(&b);
  irsCrashIdentityFree(&c);
  irsCrashIdentityFree(&u);
}

// A stderr without a trace (the tool printed none, or it was lost): the
// signal alone decides, and the identity says it had nothing else.
static void test_crashidentity__no_trace_is_signal_alone(void **state) {
  (void)state;
  IrsCrashIdentity quiet = readText("", SIGSEGV);
  IrsCrashIdentity words = readText("in.mlir:1:1: error: boom\n", SIGSEGV);
  IrsCrashIdentity traced = readInput("extui-plain.txt", SIGSEGV);
  IrsCrashIdentity abrt = readText("", SIGABRT);
  assert_false(quiet.traced);
  assert_int_equal(quiet.numFrames, 0);
  assert_false(words.traced);
  assert_true(irsCrashIdentityMatches(&quiet, &words, true));
  assert_true(irsCrashIdentityMatches(&quiet, &traced, true));
  assert_true(irsCrashIdentityMatches(&traced, &quiet, true));
  assert_false(irsCrashIdentityMatches(&quiet, &abrt, true));
  IrsCrashIdentity nul;
  assert_true(irsCrashIdentityRead(&nul, SIGSEGV, (MlirStringRef){NULL, 0}));
  assert_true(irsCrashIdentityMatches(&nul, &quiet, true));
  irsCrashIdentityFree(&quiet);
  irsCrashIdentityFree(&words);
  irsCrashIdentityFree(&traced);
  irsCrashIdentityFree(&abrt);
  irsCrashIdentityFree(&nul);
  irsCrashIdentityFree(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_crashidentity__one_crash_three_handlers),
      cmocka_unit_test(test_crashidentity__address_only_frames),
      cmocka_unit_test(test_crashidentity__other_crash_same_signal),
      cmocka_unit_test(test_crashidentity__abort_skips_abort_frames),
      cmocka_unit_test(test_crashidentity__callback_above_the_handler),
      cmocka_unit_test(test_crashidentity__assertion_line),
      cmocka_unit_test(test_crashidentity__no_trace_is_signal_alone),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
