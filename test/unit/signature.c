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

#include <stdio.h>
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

// A crash of `signal` whose process printed `trace`.
static IrsSignature crashOf(const char *trace, int signal, bool withCaller) {
  IrsSignature s;
  memset(&s, 0, sizeof(s));
  s.kind = IrsOutcomeCrash;
  s.signal = signal;
  irsSignatureSetCrashSite(&s, ref(trace), (IrsLoadMap){NULL}, withCaller);
  return s;
}

// A crash as a worker's handler prints it (glibc's backtrace, after the
// handler's frame and the signal trampoline) with `line` before it, the
// crashing helper mlir::Operation::getOperand at the top, `caller` under
// it, and every address moved by `slide` (address randomisation).
static IrsSignature crashed(const char *line, const char *caller,
                            unsigned long slide) {
  char t[2048];
  snprintf(t, sizeof(t),
           "%s"
           "/x/irscope-opt(+0x1000) [0x%lx]\n"
           "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050) [0x%lx]\n"
           "/usr/lib/libMLIR.so.22.1(_ZN4mlir9Operation10getOperandEj+0x12) "
           "[0x%lx]\n"
           "%s [0x%lx]\n"
           "/usr/lib/libMLIR.so.22.1(_ZN4mlir3BarEv+0x30) [0x%lx]\n",
           line, 0x5550001000ul + slide, 0x7f000003c050ul + slide,
           0x7f0000100012ul + slide, caller, 0x7f0000200000ul + slide,
           0x7f0000300030ul + slide);
  return crashOf(t, 6, true);
}

// Two bugs that crash in one helper have one crash site: the assertion
// that failed, or the caller the helper was reached from, tells them
// apart.
static void test_signature__same_site_other_crash(void **state) {
  (void)state;
  static const char hidden[] = "/usr/lib/libMLIR.so.22.1(+0x2000)";
  static const char assertIdx[] =
      "opt-reduce: Operation.h:380: mlir::Value mlir::Operation::getOperand("
      "unsigned int): Assertion `idx < getNumOperands()' failed.\n";
  static const char assertOther[] =
      "opt-reduce: Operation.h:385: mlir::Value mlir::Operation::getOperand("
      "unsigned int): Assertion `hasOperandStorage' failed.\n";
  IrsSignature a = crashed(assertIdx, hidden, 0);
  IrsSignature b = crashed(assertOther, hidden, 0);
  assert_string_equal(a.site, "mlir::Operation::getOperand");
  assert_string_equal(a.site, b.site);
  assert_string_equal(a.crash.abortLine,
                      "Operation.h:380: mlir::Value mlir::Operation::"
                      "getOperand(unsigned int): Assertion `idx < "
                      "getNumOperands()' failed.");
  assert_false(irsSignatureMatches(&b, &a, 0));
  // The same assertion reached from another caller.
  IrsSignature c = crashed(assertIdx, "/usr/lib/libMLIR.so.22.1(+0x2400)", 0);
  assert_string_equal(c.crash.frames[1], "libMLIR.so.22.1+0x2400");
  assert_false(irsSignatureMatches(&c, &a, 0));
  assert_false(irsSignatureMatches(&c, &a, IrsSignatureMatchSameLayout));
  IrsSignature d = crashed("", "/usr/lib/libMLIR.so.22.1(_ZN4mlir3BazEv+0x8)",
                           0);
  IrsSignature e = crashed("", "/usr/lib/libMLIR.so.22.1(_ZN4mlir3QuxEv+0x8)",
                           0);
  assert_false(irsSignatureMatches(&d, &e, 0));
}

// A crash as LLVM's dump without symbol names prints it: in
// mlir::Operation::getOperand, called from a hidden function known by its
// absolute address `caller` alone.
static IrsSignature dumped(unsigned long caller) {
  static const char fmt[] =
      "Stack dump without symbol names:\n"
      "0  libLLVM.so.22.1 0x00007f67da2b8786 llvm::sys::PrintStackTrace("
      "llvm::raw_ostream&, int) + 54\n"
      "1  libc.so.6       0x00007f67d525a050\n"
      "2  libMLIR.so.22.1 0x00007f67e452f600 mlir::Operation::getOperand("
      "unsigned int) + 208\n"
      "3  libMLIR.so.22.1 0x%016lx\n";
  char t[1024];
  snprintf(t, sizeof(t), fmt, caller);
  return crashOf(t, 11, false);
}

// Two crashes alike but for a frame: the one that tells them apart is the
// first they do not share, from either side; none for the same crash, for
// one side without a trace, or for an address-only frame unless both had
// one layout.
static void test_signature__distinct_frame(void **state) {
  (void)state;
  IrsSignature a = crashed("", "/usr/lib/libMLIR.so.22.1(_ZN4mlir3BazEv+0x8)",
                           0);
  IrsSignature b = crashed("", "/usr/lib/libMLIR.so.22.1(_ZN4mlir3QuxEv+0x8)",
                           0);
  assert_int_equal(irsSignatureGetDistinctFrame(&a, &b, 0), 1);
  assert_int_equal(irsSignatureGetDistinctFrame(&b, &a, 0), 1);
  assert_string_equal(a.crash.frames[1], "mlir::Baz+0x8");
  assert_int_equal(irsSignatureGetDistinctFrame(&a, &a, 0), -1);
  IrsSignature q;
  memset(&q, 0, sizeof(q));
  assert_int_equal(irsSignatureGetDistinctFrame(&a, &q, 0), -1);
  IrsSignature c = dumped(0x7f67e0d7faeful), d = dumped(0x7f12e0d7faeful);
  assert_int_equal(irsSignatureGetDistinctFrame(&c, &d, 0), -1);
  assert_int_equal(
      irsSignatureGetDistinctFrame(&c, &d, IrsSignatureMatchSameLayout), 1);
}

// The same crash in another process, every address elsewhere (address
// randomisation): frames are named by symbol or object and offset, which
// do not move.
static void test_signature__same_crash_other_layout(void **state) {
  (void)state;
  static const char line[] =
      "irscope-opt: Operation.h:380: x: Assertion `idx' failed.\n";
  IrsSignature a = crashed(line, "/usr/lib/libMLIR.so.22.1(+0x2000)", 0);
  IrsSignature b =
      crashed(line, "/usr/lib/libMLIR.so.22.1(+0x2000)", 0x1234000ul);
  assert_true(irsSignatureCrashIsTold(&a));
  assert_int_equal(a.crash.numFrames, 3);
  assert_true(irsSignatureMatches(&b, &a, 0));
  assert_true(irsSignatureMatches(&b, &a, IrsSignatureMatchSameLayout));
  // Another tool printing the same assertion (its name comes first).
  IrsSignature c = crashed(
      "mlir-opt: Operation.h:380: x: Assertion `idx' failed.\n",
      "/usr/lib/libMLIR.so.22.1(+0x2000)", 0x99000ul);
  assert_true(irsSignatureMatches(&c, &a, 0));
}

// A frame LLVM's dump names only by its address (a hidden function, no
// symboliser) is the same frame in another process only with the same
// layout: compared with IrsSignatureMatchSameLayout, else any matches.
static void test_signature__address_only_frames(void **state) {
  (void)state;
  IrsSignature a = dumped(0x7f67e0d7faeful), b = dumped(0x7f12e0d7faeful);
  assert_int_equal(a.crash.numFrames, 2);
  assert_true((a.crash.addressOnly >> 1) & 1u);
  assert_true(irsSignatureMatches(&b, &a, 0));
  assert_false(irsSignatureMatches(&b, &a, IrsSignatureMatchSameLayout));
  assert_true(irsSignatureMatches(&a, &a, IrsSignatureMatchSameLayout));
}

// A side that printed no trace (lost, sent elsewhere) says nothing against
// the other: the signal and the site decide, and the signature says it is
// not told.
static void test_signature__untold_crash(void **state) {
  (void)state;
  IrsSignature a = crashed("", "/usr/lib/libMLIR.so.22.1(+0x2000)", 0);
  IrsSignature q;
  memset(&q, 0, sizeof(q));
  q.kind = IrsOutcomeCrash;
  q.signal = 6;
  irsSignatureSetCrashSite(&q, ref("in.mlir:1:1: error: x\n"),
                           (IrsLoadMap){NULL}, true);
  assert_false(irsSignatureCrashIsTold(&q));
  assert_true(irsSignatureMatches(&q, &a, 0));
  assert_true(irsSignatureMatches(&a, &q, 0));
  q.signal = 11;
  assert_false(irsSignatureMatches(&q, &a, 0));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_signature__first_located_error),
      cmocka_unit_test(test_signature__unlocated_error_only_when_asked),
      cmocka_unit_test(test_signature__crash_site_from_glibc_trace),
      cmocka_unit_test(test_signature__kind_name_and_step),
      cmocka_unit_test(test_signature__failures),
      cmocka_unit_test(test_signature__matches),
      cmocka_unit_test(test_signature__same_site_other_crash),
      cmocka_unit_test(test_signature__distinct_frame),
      cmocka_unit_test(test_signature__same_crash_other_layout),
      cmocka_unit_test(test_signature__address_only_frames),
      cmocka_unit_test(test_signature__untold_crash),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
