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

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The identity of the crash whose stderr is Inputs file `name`.
static IrsCrashIdentity readInput(const char *name) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/crash-identity/%s", IRS_UNIT_INPUTS, name);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  static char text[1 << 18];
  size_t n = fread(text, 1, sizeof(text) - 1, f);
  fclose(f);
  text[n] = '\0';
  IrsCrashIdentity id;
  assert_true(irsCrashIdentityRead(&id, mlirStringRefCreate(text, n),
                                   (IrsLoadMap){NULL}));
  return id;
}

static IrsCrashIdentity readText(const char *text) {
  IrsCrashIdentity id;
  assert_true(irsCrashIdentityRead(&id, mlirStringRefCreateFromCString(text),
                                   (IrsLoadMap){NULL}));
  return id;
}

static void assertNoHandlerFrames(const IrsCrashIdentity *id) {
  for (int k = 0; k < id->numFrames; ++k) {
    const char *key = id->frames[k];
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
  IrsCrashIdentity plain = readInput("extui-plain.txt");
  IrsCrashIdentity logged = readInput("extui-log.txt");
  IrsCrashIdentity counted = readInput("extui-counter.txt");
  assert_true(plain.traced);
  assert_string_equal(plain.abortLine, "");
  // OperandStorage's constructor, three Operation::create, OpBuilder's,
  // BitwiseAndOp's, the pattern (a hidden function: its object offset),
  // the conversion's dispatch to it.
  assert_int_equal(plain.numFrames, kIrsCrashIdentityFrames);
  assert_string_equal(plain.frames[0],
                      "mlir::detail::OperandStorage::OperandStorage+0x612f600");
  assert_non_null(strstr(plain.frames[5], "BitwiseAndOp::create"));
  assert_string_equal(plain.frames[6], "libMLIR.so.22.1+0x297faef");
  assert_false((plain.addressOnly >> 6) & 1u);
  assert_non_null(strstr(plain.frames[7], "dispatchTo1To1"));
  // The handler's frames come after these: the log run's identity is cut
  // where its ExecutionContext starts, and still agrees.
  assertNoHandlerFrames(&plain);
  assertNoHandlerFrames(&logged);
  assertNoHandlerFrames(&counted);
  assert_true(irsCrashIdentityMatches(&plain, &logged, true));
  assert_true(irsCrashIdentityMatches(&logged, &counted, true));
  assert_true(irsCrashIdentityMatches(&counted, &plain, false));
}

// Without a symboliser the pattern is a hidden function named by its
// address alone. Two runs without address randomisation (the log run and
// a trial) agree on it; the user's own run, randomised, agrees with them
// only when such frames are not compared.
static void test_crashidentity__address_only_frames(void **state) {
  (void)state;
  IrsCrashIdentity plain = readInput("extui-nosym-plain.txt");
  IrsCrashIdentity logged = readInput("extui-nosym-log.txt");
  IrsCrashIdentity counted = readInput("extui-nosym-counter.txt");
  // OperandStorage's constructor, three Operation::create, OpBuilder's,
  // BitwiseAndOp's, then the pattern, hidden: "libMLIR.so.22.1@0x...".
  assert_int_equal(logged.numFrames, kIrsCrashIdentityFrames);
  assert_false((logged.addressOnly >> 0) & 1u);
  assert_true((logged.addressOnly >> 6) & 1u);
  assert_non_null(strstr(logged.frames[6], "libMLIR.so.22.1@0x"));
  assertNoHandlerFrames(&logged);
  assertNoHandlerFrames(&counted);
  assert_true(irsCrashIdentityMatches(&logged, &counted, true));
  assert_true(irsCrashIdentityMatches(&plain, &logged, false));
  assert_false(irsCrashIdentityMatches(&plain, &logged, true));
  // What tells them apart then is the pattern's frame.
  assert_int_equal(irsCrashIdentityDiffersAt(&plain, &logged, true), 6);
  assert_int_equal(irsCrashIdentityDiffersAt(&plain, &logged, false), -1);
}

// Another bug that dies of SIGSEGV too is another crash, symbolised or not.
static void test_crashidentity__other_crash_same_signal(void **state) {
  (void)state;
  IrsCrashIdentity a = readInput("extui-plain.txt");
  IrsCrashIdentity b = readInput("other-plain.txt");
  assert_true(b.numFrames >= 1);
  assert_false(irsCrashIdentityMatches(&a, &b, true));
  assert_false(irsCrashIdentityMatches(&b, &a, false));
  IrsCrashIdentity c = readInput("extui-nosym-log.txt");
  IrsCrashIdentity d = readInput("other-nosym-log.txt");
  assert_false(irsCrashIdentityMatches(&c, &d, true));
}

// An abort (SIGABRT): the frames of raise and abort are not the crash.
static void test_crashidentity__abort_skips_abort_frames(void **state) {
  (void)state;
  IrsCrashIdentity a = readInput("abort.txt");
  assert_true(a.numFrames >= 1);
  for (int k = 0; k < a.numFrames; ++k) {
    assert_null(strstr(a.frames[k], "abort"));
    assert_null(strstr(a.frames[k], "raise"));
    assert_null(strstr(a.frames[k], "pthread_kill"));
  }
  assertNoHandlerFrames(&a);
}

// mlir-opt --test-pass-crash aborts in the pass, which the plain tool
// calls from OpToOpPassAdaptor::run, the action's callback inlined there;
// the tool logging its actions calls it through that callback, a frame of
// its own just above the handler. Without that frame, and without the pass
// manager, both are the pass alone.
static void test_crashidentity__callback_above_the_handler(void **state) {
  (void)state;
  IrsCrashIdentity plain = readInput("abort.txt");
  IrsCrashIdentity logged = readInput("abort-log.txt");
  assert_int_equal(logged.numFrames, 1);
  assert_string_equal(logged.frames[0], "mlir-opt+0xc328e6");
  assert_int_equal(plain.numFrames, 1);
  assert_string_equal(plain.frames[0], "mlir-opt+0xc328e6");
  assert_true(irsCrashIdentityMatches(&plain, &logged, false));
}

// Frames stop at the pass manager: below it they tell how many ops the
// pass ran on and on which thread (MLIR's pool for several functions, the
// caller's thread for one), which a reduction changes, not the crash.
// Frames of a recursion count once, a cycle of several too: a reduced
// input nests less deeply.
static void test_crashidentity__pass_manager_and_recursion(void **state) {
  (void)state;
  static const char head[] =
      "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050) [0x7f0000003c050]\n"
      "/usr/lib/libMLIR.so.22.1(+0x100) [0x7f0000000100]\n" // the callback
      "/usr/lib/libMLIR.so.22.1(_ZN4mlir6detail4walkEPNS_9OperationE+0x40) "
      "[0x7f0000000240]\n";
  static const char walk[] =
      "/usr/lib/libMLIR.so.22.1(_ZN4mlir6detail4walkEPNS_9OperationE+0x80) "
      "[0x7f0000000280]\n";
  static const char pass[] =
      "/usr/lib/libMLIR.so.22.1(+0x900) [0x7f0000000900]\n" // the pass
      "/usr/lib/libMLIR.so.22.1(_ZN4mlir6detail17OpToOpPassAdaptor3runEPNS_"
      "4PassEPNS_9OperationENS_15AnalysisManagerEbj+0x10) [0x7f0000001010]\n";
  char deep[2048], shallow[2048];
  snprintf(deep, sizeof(deep), "%s%s%s%s%s"
           "/usr/lib/libMLIR.so.22.1(+0x5000) [0x7f0000005000]\n", head,
           walk, walk, walk, pass);
  snprintf(shallow, sizeof(shallow), "%s%s%s"
           "/usr/lib/libMLIR.so.22.1(+0x6000) [0x7f0000006000]\n", head,
           walk, pass);
  IrsCrashIdentity d = readText(deep), s = readText(shallow);
  assert_int_equal(d.numFrames, 4);
  assert_string_equal(d.frames[0], "libMLIR.so.22.1+0x100");
  assert_string_equal(d.frames[1], "mlir::detail::walk+0x40");
  assert_string_equal(d.frames[2], "mlir::detail::walk+0x80");
  assert_string_equal(d.frames[3], "libMLIR.so.22.1+0x900");
  assert_int_equal(s.numFrames, 4);
  assert_true(irsCrashIdentityMatches(&d, &s, true));
  // Two functions calling each other: a region's ops, an op's regions.
  static const char ab[] = "/usr/lib/libMLIR.so.22.1(+0xa0) [0x7f00000000a0]\n"
                           "/usr/lib/libMLIR.so.22.1(+0xb0) [0x7f00000000b0]\n";
  char three[2048], one[2048];
  snprintf(three, sizeof(three), "%s%s%s%s%s", head, ab, ab, ab, pass);
  snprintf(one, sizeof(one), "%s%s%s", head, ab, pass);
  IrsCrashIdentity x = readText(three), y = readText(one);
  assert_int_equal(x.numFrames, 5);
  assert_int_equal(y.numFrames, 5);
  assert_true(irsCrashIdentityMatches(&x, &y, true));
  // Not a recursion: another caller is another crash.
  snprintf(one, sizeof(one), "%s%s", head, pass);
  IrsCrashIdentity z = readText(one);
  assert_false(irsCrashIdentityMatches(&x, &z, true));
}

// llvm/llvm-project#205266 (bench/upstream/func-to-llvm-linkage-string.mlir)
// dies in the verifier after convert-func-to-llvm, which verifies the
// functions on MLIR's threads: the frames under the op's verifier are the
// pool's (hidden lambdas, std::function, the pool), where a run on one
// thread has the verifier's loop. Up to the last named frame above the
// pool both are the same crash. (irscope-opt's trace of the threaded run,
// and the same with the single-threaded run's frames below the verifier.)
static void test_crashidentity__thread_pool_plumbing(void **state) {
  (void)state;
  static const char top[] =
      "irscope-opt(+0x1c23d)[0x55f03720023d]\n"
      "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050)[0x7f2b36b59050]\n"
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(_ZNK4mlir4LLVM11LinkageAttr10getLi"
      "nkageEv+0x3)[0x7f2b34250c23]\n"
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(_ZN4mlir4LLVM10LLVMFuncOp6verifyEv"
      "+0x42)[0x7f2b342cf822]\n"
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x41b2f7b)[0x7f2b345b2f7b]\n"
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x41b12cf)[0x7f2b345b12cf]\n"
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x6149ea1)[0x7f2b36549ea1]\n";
  static const char pool[] =
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x614c341)[0x7f2b3654c341]\n"
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x614bc63)[0x7f2b3654bc63]\n"
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x614bbaa)[0x7f2b3654bbaa]\n"
      "/lib/x86_64-linux-gnu/libc.so.6(+0x8e057)[0x7f2b36bab057]\n"
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x614c14a)[0x7f2b3654c14a]\n"
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x614c1e2)[0x7f2b3654c1e2]\n"
      "/usr/lib/llvm-22/lib/libLLVM.so.22.1(_ZN4llvm13StdThreadPool12processTa"
      "sksEPNS_19ThreadPoolTaskGroupE+0x1e6)[0x7f2b2c250776]\n"
      "/usr/lib/llvm-22/lib/libLLVM.so.22.1(+0x4e521b3)[0x7f2b2c2521b3]\n";
  static const char serial[] =
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x614a087)[0x7f2b3654a087]\n"
      "/usr/lib/llvm-22/lib/libMLIR.so.22.1(_ZN4mlir6verifyEPNS_9OperationEb+"
      "0x47)[0x7f2b36549707]\n";
  char threaded[4096], one[4096];
  snprintf(threaded, sizeof(threaded), "%s%s", top, pool);
  snprintf(one, sizeof(one), "%s%s", top, serial);
  IrsCrashIdentity t = readText(threaded), o = readText(one);
  assert_int_equal(t.numFrames, 2);
  assert_string_equal(t.frames[0], "mlir::LLVM::LinkageAttr::getLinkage+0x3");
  assert_string_equal(t.frames[1], "mlir::LLVM::LLVMFuncOp::verify+0x42");
  assert_int_equal(o.numFrames, 6);
  assert_true(irsCrashIdentityMatches(&t, &o, true));
}

// report_fatal_error prints "LLVM ERROR: " and its message: masked as
// messages are (a count, a value's number), it tells one fatal error from
// another in the same function.
static void test_crashidentity__llvm_error_line(void **state) {
  (void)state;
  static const char trace[] =
      "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050) [0x7f0000003c050]\n"
      "/usr/lib/libMLIR.so.22.1(_ZN4mlir3FooEv+0x12) [0x7f0000000112]\n";
  char a[1024], a2[1024], b[1024];
  snprintf(a, sizeof(a), "LLVM ERROR: bad operand 3 of %%v12\n%s", trace);
  snprintf(a2, sizeof(a2), "LLVM ERROR: bad operand 17 of %%arg0\n%s",
           trace);
  snprintf(b, sizeof(b), "LLVM ERROR: cannot legalize\n%s", trace);
  IrsCrashIdentity x = readText(a), x2 = readText(a2), y = readText(b);
  assert_string_equal(x.abortLine, "LLVM ERROR: bad operand N of %");
  assert_true(irsCrashIdentityMatches(&x, &x2, true));
  assert_false(irsCrashIdentityMatches(&x, &y, true));
  // Not at a line's start: some other text quoting it.
  IrsCrashIdentity q = readText("note: 'LLVM ERROR: x'\n");
  assert_string_equal(q.abortLine, "");
}

// irscope's own action handler is a hidden function of the library that
// reads the trace (here the test program, which links it statically): its
// frames between the action's callback and MLIR's dispatch are dropped
// with the callback, however many the handler's consumers make.
static void test_crashidentity__own_handler_frames(void **state) {
  (void)state;
  const char *self = strrchr(program_invocation_name, '/');
  self = self ? self + 1 : program_invocation_name;
  char one[2048], three[2048];
  static const char top[] =
      "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050) [0x7f0000003c050]\n"
      "/usr/lib/libMLIR.so.22.1(_ZN4mlir3FooEv+0x12) [0x7f0000000112]\n"
      "/usr/lib/libMLIR.so.22.1(+0x700) [0x7f0000000700]\n"; // the callback
  static const char dispatch[] =
      "/usr/lib/libMLIR.so.22.1(_ZN4mlir11MLIRContext21executeActionInternal"
      "EN4llvm12function_refIFvvEEERKNS_7tracing6ActionE+0x20) "
      "[0x7f0000000820]\n";
  snprintf(one, sizeof(one), "%s/x/%s(+0x10) [0x5550010]\n%s", top, self,
           dispatch);
  snprintf(three, sizeof(three),
           "%s/x/%s(+0x20) [0x5550020]\n/x/%s(+0x30) [0x5550030]\n"
           "/x/%s(+0x40) [0x5550040]\n%s",
           top, self, self, self, dispatch);
  IrsCrashIdentity a = readText(one), b = readText(three);
  assert_int_equal(a.numFrames, 1);
  assert_string_equal(a.frames[0], "mlir::Foo+0x12");
  assert_int_equal(b.numFrames, 1);
  assert_true(irsCrashIdentityMatches(&a, &b, true));
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
  IrsCrashIdentity a = readText(one), a2 = readText(one);
  IrsCrashIdentity b = readText(two), c = readText(none);
  IrsCrashIdentity u = readText(unreachable);
  // The check by its place; not the tool that printed it.
  assert_string_equal(a.abortLine, "Foo.cpp:12: void mlir::Foo::fold(): "
                                   "Assertion `x && \"no x\"' failed.");
  assert_string_equal(u.abortLine, "UNREACHABLE executed at Foo.cpp:77!");
  assert_int_equal(a.numFrames, 1);
  assert_string_equal(a.frames[0], "mlir::Foo::fold+0x3000");
  assert_true(irsCrashIdentityMatches(&a, &a2, true));
  assert_false(irsCrashIdentityMatches(&a, &b, true));
  assert_false(irsCrashIdentityMatches(&a, &c, true));
  assert_false(irsCrashIdentityMatches(&c, &a, false));
  assert_false(irsCrashIdentityMatches(&u, &a, true));
}

// A stderr without a trace (the tool printed none, or it was lost): the
// signal alone decides (the caller's), and the identity says it had
// nothing else.
static void test_crashidentity__no_trace_is_signal_alone(void **state) {
  (void)state;
  IrsCrashIdentity quiet = readText("");
  IrsCrashIdentity words = readText("in.mlir:1:1: error: boom\n");
  IrsCrashIdentity traced = readInput("extui-plain.txt");
  assert_false(quiet.traced);
  assert_false(irsCrashIdentityIsTold(&quiet));
  assert_int_equal(quiet.numFrames, 0);
  assert_false(words.traced);
  assert_true(irsCrashIdentityIsTold(&traced));
  assert_true(irsCrashIdentityMatches(&quiet, &words, true));
  assert_true(irsCrashIdentityMatches(&quiet, &traced, true));
  assert_true(irsCrashIdentityMatches(&traced, &quiet, true));
  IrsCrashIdentity nul;
  assert_true(irsCrashIdentityRead(&nul, (MlirStringRef){NULL, 0},
                                   (IrsLoadMap){NULL}));
  assert_true(irsCrashIdentityMatches(&nul, &quiet, true));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_crashidentity__one_crash_three_handlers),
      cmocka_unit_test(test_crashidentity__address_only_frames),
      cmocka_unit_test(test_crashidentity__other_crash_same_signal),
      cmocka_unit_test(test_crashidentity__pass_manager_and_recursion),
      cmocka_unit_test(test_crashidentity__thread_pool_plumbing),
      cmocka_unit_test(test_crashidentity__llvm_error_line),
      cmocka_unit_test(test_crashidentity__own_handler_frames),
      cmocka_unit_test(test_crashidentity__abort_skips_abort_frames),
      cmocka_unit_test(test_crashidentity__callback_above_the_handler),
      cmocka_unit_test(test_crashidentity__assertion_line),
      cmocka_unit_test(test_crashidentity__no_trace_is_signal_alone),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
