// SPDX-License-Identifier: Apache-2.0
// Unit tests of backtrace parsing, demangling and the crash site
// (lib/Support/StackTrace.c), on traces as the crash handler prints them.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Support/Buf.h"
#include "irscope/StackTrace.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// A real SIGSEGV in MLIR 22's vector::ExtractOp::fold, shortened.
static const char kSegv[] =
    "irscope-opt: fatal signal SIGSEGV\n"
    "Stack trace:\n"
    "build/bin/irscope-opt(+0x8063)[0x5597e2f5c063]\n"
    "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050)[0x7f100f948050]\n"
    "/lib/x86_64-linux-gnu/libc.so.6(+0x16d833)[0x7f100fa79833]\n"
    "/usr/lib/llvm-22/lib/libMLIR.so.22.1(_ZNK4mlir17DenseElementsAttr24"
    "AttributeElementIteratordeEv+0x231)[0x7f100f2946d1]\n"
    "/usr/lib/llvm-22/lib/libMLIR.so.22.1(_ZN4mlir6vector9ExtractOp4foldENS0_"
    "23ExtractOpGenericAdaptorIN4llvm8ArrayRefINS_9AttributeEEEEE+0x150e)"
    "[0x7f100eed080e]\n"
    "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x5d69d65)[0x7f100ef69d65]\n"
    "irscope-opt: error: step 2 crashed\n";

// An abort: raise/abort frames and LLVM's fatal error path are not the site.
static const char kAbort[] =
    "x(+0x10)[0x1000]\n"
    "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050)[0x2000]\n"
    "/lib/x86_64-linux-gnu/libc.so.6(pthread_kill+0x11)[0x2100]\n"
    "/lib/x86_64-linux-gnu/libc.so.6(raise+0x12)[0x2200]\n"
    "/lib/x86_64-linux-gnu/libc.so.6(abort+0xd3)[0x2300]\n"
    "/usr/lib/llvm-22/lib/libLLVM.so.22.1(_ZN4llvm18report_fatal_errorERKNS_"
    "5TwineEb+0x40)[0x3000]\n"
    "/work/b/lib/libirscope.so.0(+0x1234)[0x4000]\n";

// LLVM's own stack dump without symbolisation, as a tool (mlir-opt) prints
// it: a real SIGSEGV (llvm/llvm-project#205982) and the abort of
// -test-pass-crash, whose first frame of its own has no symbol.
static const char kLlvmSegv[] =
    "Stack dump without symbol names (ensure you have llvm-symbolizer ...):\n"
    "0  libLLVM.so.22.1 0x00007fb2524b8786 llvm::sys::PrintStackTrace(llvm::"
    "raw_ostream&, int) + 54\n"
    "1  libLLVM.so.22.1 0x00007fb2524b5fd3 llvm::sys::RunSignalHandlers() + "
    "131\n"
    "2  libLLVM.so.22.1 0x00007fb2524b94f4\n"
    "3  libc.so.6       0x00007fb24d45a050\n"
    "4  libMLIR.so.22.1 0x00007fb25c725f00 mlir::Operation::isProperAncestor("
    "mlir::Operation*) + 16\n"
    "5  libMLIR.so.22.1 0x00007fb2598ac12b\n";
static const char kLlvmAbort[] =
    "0.\tProgram arguments: mlir-opt --test-pass-crash t.mlir\n"
    "0  libLLVM.so.22.1 0x00007f13486b8786 llvm::sys::PrintStackTrace(llvm::"
    "raw_ostream&, int) + 54\n"
    "1  libLLVM.so.22.1 0x00007f13486b5fd3 llvm::sys::RunSignalHandlers() + "
    "131\n"
    "2  libLLVM.so.22.1 0x00007f13486b94f4\n"
    "3  libc.so.6       0x00007f134325a050\n"
    "4  libc.so.6       0x00007f13432a8eec\n"
    "5  libc.so.6       0x00007f1343259fb2 gsignal + 18\n"
    "6  libc.so.6       0x00007f1343244472 abort + 211\n"
    "7  mlir-opt        0x00005634f29ce8e6\n";

static void test_stacktrace__llvm_dump_crash_site(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  assert_true(irsStackTraceGetCrashSite(
      mlirStringRefCreateFromCString(kLlvmSegv), irsBufStringCallback, &b));
  assert_string_equal(b.data, "mlir::Operation::isProperAncestor");
  irsBufReset(&b);
  assert_true(irsStackTraceGetCrashSite(
      mlirStringRefCreateFromCString(kLlvmAbort), irsBufStringCallback, &b));
  assert_string_equal(b.data, "mlir-opt+0x5634f29ce8e6");
  irsBufFree(&b);
}

static void countFrame(const IrsStackFrame *f, void *ud) {
  (void)f;
  ++*(int *)ud;
}

static void test_stacktrace__skips_handler_and_trampoline(void **state) {
  (void)state;
  int n = 0;
  intptr_t r = irsStackTraceParse(mlirStringRefCreateFromCString(kSegv),
                                  countFrame, &n);
  assert_int_equal(r, 4);
  assert_int_equal(n, 4);
}

static void test_stacktrace__format_demangles(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  irsStackTraceFormat(mlirStringRefCreateFromCString(kSegv),
                      irsBufStringCallback, &b);
  assert_non_null(strstr(b.data, "#0 libc.so.6+0x16d833 (no symbol)\n"));
  assert_non_null(strstr(
      b.data, "#1 mlir::DenseElementsAttr::AttributeElementIterator::"
              "operator*() const+0x231 (libMLIR.so.22.1)\n"));
  assert_non_null(strstr(b.data, "#2 mlir::vector::ExtractOp::fold("));
  assert_non_null(strstr(b.data, "#3 libMLIR.so.22.1+0x5d69d65 (no symbol)\n"));
  assert_null(strstr(b.data, "irscope-opt"));
  irsBufFree(&b);
}

static void test_stacktrace__crash_site_skips_runtime(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  assert_true(irsStackTraceGetCrashSite(mlirStringRefCreateFromCString(kSegv),
                                        irsBufStringCallback, &b));
  assert_string_equal(
      b.data, "mlir::DenseElementsAttr::AttributeElementIterator::operator*");
  irsBufFree(&b);
}

static void test_stacktrace__crash_site_of_abort_without_symbol(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  assert_true(irsStackTraceGetCrashSite(mlirStringRefCreateFromCString(kAbort),
                                        irsBufStringCallback, &b));
  assert_string_equal(b.data, "libirscope.so.0+0x1234");
  irsBufFree(&b);
}

static void test_stacktrace__no_trace(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  assert_false(irsStackTraceGetCrashSite(
      mlirStringRefCreateFromCString("error: something\n"),
      irsBufStringCallback, &b));
  assert_int_equal(b.len, 0);
  irsBufFree(&b);
}

static void test_stacktrace__demangle_passes_plain_names(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  irsDemangle(mlirStringRefCreateFromCString("main"), irsBufStringCallback, &b);
  irsDemangle(mlirStringRefCreateFromCString("_Zbogus"), irsBufStringCallback,
              &b);
  assert_string_equal(b.data, "main_Zbogus");
  irsBufFree(&b);
}

// kSegv's caller of the unnamed last frame is not needed: its site is named.
static const char kHidden[] =
    "x(+0x10)[0x1000]\n"
    "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050)[0x2000]\n"
    "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x64439d5)[0x3000]\n"
    "/lib/x86_64-linux-gnu/libstdc++.so.6(_ZNSt6thread6_StateD2Ev+0x4)[0x3100]\n"
    "/usr/lib/llvm-22/lib/libMLIR.so.22.1(+0x6440000)[0x3200]\n"
    "/usr/lib/llvm-22/lib/libMLIR.so.22.1(_ZN4mlir6detail17OpToOpPassAdaptor3"
    "runEPNS_4PassEPNS_9OperationENS_15AnalysisManagerEbj+0x3d7)[0x4000]\n";

static void test_stacktrace__named_caller_of_hidden_site(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  assert_true(irsStackTraceGetNamedCaller(
      mlirStringRefCreateFromCString(kHidden), irsBufStringCallback, &b));
  assert_string_equal(b.data, "mlir::detail::OpToOpPassAdaptor::run");
  irsBufReset(&b);
  // A named site needs no caller.
  assert_false(irsStackTraceGetNamedCaller(
      mlirStringRefCreateFromCString(kSegv), irsBufStringCallback, &b));
  assert_int_equal(b.len, 0);
  irsBufFree(&b);
}

static void test_stacktrace__summary_starts_at_site(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  intptr_t n = irsStackTraceSummarise(mlirStringRefCreateFromCString(kSegv), 2,
                                      NULL, irsBufStringCallback, &b);
  assert_int_equal(n, 2);
  assert_string_equal(
      b.data,
      "  #0 mlir::DenseElementsAttr::AttributeElementIterator::operator* "
      "(libMLIR.so.22.1)\n"
      "  #1 mlir::vector::ExtractOp::fold (libMLIR.so.22.1)\n");
  irsBufReset(&b);
  n = irsStackTraceSummarise(mlirStringRefCreateFromCString(kHidden), 9, NULL,
                             irsBufStringCallback, &b);
  assert_int_equal(n, 4);
  assert_non_null(strstr(b.data, "  #0 libMLIR.so.22.1+0x64439d5\n"));
  irsBufFree(&b);
}

// A signature keeps its site as text; only "module+0xOFF" is looked up, in
// an object loaded here, and only with a symbolizer.
static void test_stacktrace__symbolise_site_text(void **state) {
  (void)state;
  const char *sym = "/usr/lib/llvm-22/bin/llvm-symbolizer";
  IrsBuf b = IRS_BUF_INIT;
  MlirStringRef hidden = mlirStringRefCreateFromCString("libMLIR.so.22.1+0x10");
  assert_false(irsStackTraceSymboliseSite(hidden, NULL, irsBufStringCallback,
                                          &b));
  assert_false(irsStackTraceSymboliseSite(
      mlirStringRefCreateFromCString("mlir::vector::ExtractOp::fold"), sym,
      irsBufStringCallback, &b));
  assert_false(irsStackTraceSymboliseSite(
      mlirStringRefCreateFromCString("libx.so+0x10 (under f)"), sym,
      irsBufStringCallback, &b));
  assert_false(irsStackTraceSymboliseSite(
      mlirStringRefCreateFromCString("libnot-loaded-here.so+0x10"), sym,
      irsBufStringCallback, &b));
  assert_int_equal(b.len, 0);
  // An exported function of libirscope, named through its offset.
  // (Looked up in the library itself: the test's own reference may be a
  // PLT entry of the executable.)
  Dl_info info;
  void *lib = dlopen("libirscope.so.0", RTLD_NOW | RTLD_NOLOAD);
  void *fn = lib ? dlsym(lib, "irsDemangle") : NULL;
  assert_non_null(fn);
  if (access(sym, X_OK) == 0 && fn && dladdr(fn, &info) && info.dli_fbase) {
    char site[256];
    snprintf(site, sizeof(site), "libirscope.so.0+0x%llx",
             (unsigned long long)((uintptr_t)fn - (uintptr_t)info.dli_fbase +
                                  1));
    assert_true(irsStackTraceSymboliseSite(mlirStringRefCreateFromCString(site),
                                           sym, irsBufStringCallback, &b));
    assert_non_null(b.data);
    assert_int_equal(strncmp(b.data, "irsDemangle", 11), 0);
  }
  if (lib)
    dlclose(lib);
  irsBufFree(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_stacktrace__skips_handler_and_trampoline),
      cmocka_unit_test(test_stacktrace__format_demangles),
      cmocka_unit_test(test_stacktrace__crash_site_skips_runtime),
      cmocka_unit_test(test_stacktrace__crash_site_of_abort_without_symbol),
      cmocka_unit_test(test_stacktrace__no_trace),
      cmocka_unit_test(test_stacktrace__llvm_dump_crash_site),
      cmocka_unit_test(test_stacktrace__demangle_passes_plain_names),
      cmocka_unit_test(test_stacktrace__named_caller_of_hidden_site),
      cmocka_unit_test(test_stacktrace__summary_starts_at_site),
      cmocka_unit_test(test_stacktrace__symbolise_site_text),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
