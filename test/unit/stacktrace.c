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

// mlir-opt 22's own dump of -test-pass-crash as it prints it with its
// llvm-symbolizer (shortened; libc has debug info here, libMLIR has not),
// after a diagnostic the tool printed before it died.
static const char kLlvmSymbolised[] =
    "in.mlir:3:8: remark: before the crash\n"
    "PLEASE submit a bug report to https://github.com/llvm/llvm-project/"
    "issues/ and include the crash backtrace.\n"
    "Stack dump:\n"
    "0.\tProgram arguments: /usr/lib/llvm-22/bin/mlir-opt "
    "--pass-pipeline=builtin.module(test-pass-crash) in.mlir -o /dev/null\n"
    " #0 0x00007f0161cb8786 llvm::sys::PrintStackTrace(llvm::raw_ostream&, "
    "int) (/usr/lib/llvm-22/bin/../lib/libLLVM.so.22.1+0x4eb8786)\n"
    " #1 0x00007f0161cb5fd3 llvm::sys::RunSignalHandlers() "
    "(/usr/lib/llvm-22/bin/../lib/libLLVM.so.22.1+0x4eb5fd3)\n"
    " #2 0x00007f0161cb94f4 (/usr/lib/llvm-22/bin/../lib/libLLVM.so.22.1+"
    "0x4eb94f4)\n"
    " #3 0x00007f015cc5a050 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)\n"
    " #4 0x00007f015cca8eec __pthread_kill_implementation "
    "./nptl/pthread_kill.c:44:76\n"
    " #5 0x00007f015cc59fb2 raise ./signal/../sysdeps/posix/raise.c:27:6\n"
    " #6 0x00007f015cc44472 abort ./stdlib/abort.c:81:7\n"
    " #7 0x000056016c2788e6 (/usr/lib/llvm-22/bin/mlir-opt+0xc328e6)\n"
    " #8 0x00007f016bf8f937 mlir::detail::OpToOpPassAdaptor::run(mlir::Pass*, "
    "mlir::Operation*, mlir::AnalysisManager, bool, unsigned int) "
    "(/usr/lib/llvm-22/bin/../lib/libMLIR.so.22.1+0x618f937)\n"
    " #9 0x00007f016bf9222b mlir::PassManager::run(mlir::Operation*) "
    "(/usr/lib/llvm-22/bin/../lib/libMLIR.so.22.1+0x619222b)\n"
    "#10 0x00007f016c1d0c07 (/usr/lib/llvm-22/bin/../lib/libMLIR.so.22.1+"
    "0x63d0c07)\n"
    "#11 0x00007f016c1c77d8 (anonymous namespace)::Foo::run(int) const "
    "/src/foo/Foo.cpp:12:3\n"
    "#12 0x000056016bc81291 main (/usr/lib/llvm-22/bin/mlir-opt+0x63b291)\n";

static void test_stacktrace__llvm_symbolised_dump(void **state) {
  (void)state;
  MlirStringRef t = mlirStringRefCreateFromCString(kLlvmSymbolised);
  IrsBuf b = IRS_BUF_INIT;
  // The handler and the trampoline are skipped, libc's named frames and
  // abort are no site: the test pass's hidden frame is, by module offset.
  assert_true(irsStackTraceGetCrashSite(t, irsBufStringCallback, &b));
  assert_string_equal(b.data, "mlir-opt+0xc328e6");
  irsBufReset(&b);
  assert_true(irsStackTraceGetNamedCaller(t, irsBufStringCallback, &b));
  assert_string_equal(b.data, "mlir::detail::OpToOpPassAdaptor::run");
  irsBufReset(&b);
  // The short trace keeps the dump's names and lines, with or without a
  // symbolizer (the addresses are the tool's, never mapped here).
  const char *syms[] = {NULL, "/usr/lib/llvm-22/bin/llvm-symbolizer"};
  for (int k = 0; k < 2; ++k) {
    irsBufReset(&b);
    intptr_t n = irsStackTraceSummarise(t, 6, syms[k], irsBufStringCallback,
                                        &b);
    assert_int_equal(n, 6);
    assert_string_equal(
        b.data, "  #0 mlir-opt+0xc328e6\n"
                "  #1 mlir::detail::OpToOpPassAdaptor::run (libMLIR.so.22.1)\n"
                "  #2 mlir::PassManager::run (libMLIR.so.22.1)\n"
                "  #3 libMLIR.so.22.1+0x63d0c07\n"
                "  #4 (anonymous namespace)::Foo::run at /src/foo/Foo.cpp:12\n"
                "  #5 main (mlir-opt)\n");
    irsBufReset(&b);
    assert_true(irsStackTraceGetSymbolisedSite(t, syms[k],
                                               irsBufStringCallback, &b));
    assert_string_equal(
        b.data,
        "mlir-opt+0xc328e6 (under mlir::detail::OpToOpPassAdaptor::run)");
  }
  irsBufFree(&b);
}

static void test_stacktrace__strip_llvm_dump(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  assert_true(
      irsStackTraceStripLlvmDump(mlirStringRefCreateFromCString(kLlvmSymbolised),
                                 irsBufStringCallback, &b));
  assert_string_equal(b.data, "in.mlir:3:8: remark: before the crash\n");
  irsBufReset(&b);
  // The unsymbolised form, and a line that is not the dump's after it.
  IrsBuf in = IRS_BUF_INIT;
  irsBufAppendStr(&in, "error: first\n");
  irsBufAppendStr(&in, kLlvmSegv);
  irsBufAppendStr(&in, "last words");
  assert_true(irsStackTraceStripLlvmDump(irsBufRef(&in), irsBufStringCallback,
                                         &b));
  assert_string_equal(b.data, "error: first\nlast words");
  irsBufReset(&b);
  // Last words without a newline: the dump's first line continues them.
  irsBufReset(&in);
  irsBufAppendStr(&in, " result #0: [");
  irsBufAppendStr(&in, kLlvmSymbolised + strlen("in.mlir:3:8: remark: before "
                                                "the crash\n"));
  assert_true(irsStackTraceStripLlvmDump(irsBufRef(&in), irsBufStringCallback,
                                         &b));
  assert_string_equal(b.data, " result #0: [\n");
  irsBufReset(&b);
  // Text without a dump is written whole, even frame-like lines.
  const char *plain = "a.mlir:1:1: error: x\n #0 0x1 not a dump\n";
  assert_false(irsStackTraceStripLlvmDump(mlirStringRefCreateFromCString(plain),
                                          irsBufStringCallback, &b));
  assert_string_equal(b.data, plain);
  irsBufFree(&in);
  irsBufFree(&b);
}

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

// irscope-report shows a worker's stderr with its frame lines replaced, and
// the site from what report.xml kept: both read through the library.
static void test_stacktrace__frame_lines(void **state) {
  (void)state;
  assert_true(irsStackTraceIsFrameLine(mlirStringRefCreateFromCString(
      "/lib/x86_64-linux-gnu/libc.so.6(+0x3c050)[0x7f100f948050]")));
  assert_true(irsStackTraceIsFrameLine(mlirStringRefCreateFromCString(
      "5  libMLIR.so.22.1 0x00007fb2598ac12b")));
  assert_true(irsStackTraceIsFrameLine(mlirStringRefCreateFromCString(
      " #4 0x00005634f29ce8e6 runAbort lib/Passes/TestCrash.c:53:3")));
  assert_false(irsStackTraceIsFrameLine(mlirStringRefCreateFromCString(
      "irscope-opt: error: step 2 crashed")));
  assert_false(irsStackTraceIsFrameLine(mlirStringRefCreateFromCString("")));
}

static const char *describe(const char *site, const char *sym,
                            const char *err, IrsBuf *b) {
  irsBufReset(b);
  irsStackTraceDescribeReportSite(mlirStringRefCreateFromCString(site),
                                  mlirStringRefCreateFromCString(sym),
                                  mlirStringRefCreateFromCString(err),
                                  irsBufStringCallback, b);
  return b->len ? b->data : "";
}

static void test_stacktrace__describe_report_site(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  // A symbolised first frame with a place wins.
  assert_string_equal(
      describe("runAbort", "#0 runAbort at lib/Passes/TestCrash.c:53\n#1 f\n",
               "", &b),
      "runAbort at lib/Passes/TestCrash.c:53");
  // It also names a site the report left unnamed.
  assert_string_equal(describe("libMLIR.so.22.1+0x64439d5",
                               "#0 mlir::Foo::bar (libMLIR.so.22.1)\n", "", &b),
                      "mlir::Foo::bar (libMLIR.so.22.1)");
  // A named site without a place stays as the report has it.
  assert_string_equal(
      describe("mlir::vector::ExtractOp::fold",
               "#0 mlir::vector::ExtractOp::fold (libMLIR.so.22.1)\n", kSegv,
               &b),
      "mlir::vector::ExtractOp::fold");
  // An unnamed site, no symbolised trace: its nearest named caller.
  assert_string_equal(describe("libMLIR.so.22.1+0x64439d5", "", kHidden, &b),
                      "libMLIR.so.22.1+0x64439d5 (under "
                      "mlir::detail::OpToOpPassAdaptor::run)");
  assert_string_equal(describe("libMLIR.so.22.1+0x64439d5", "#0 x", "", &b),
                      "libMLIR.so.22.1+0x64439d5");
  assert_string_equal(describe("", "", "", &b), "");
  irsBufFree(&b);
}

// mlir-opt 22's dump of a real crash under -test-legalize-unknown-root-
// patterns (llvm/llvm-project#207353, shortened): the demangler writes the
// return type of function templates, and verifyTraits<...> lists every
// trait of spirv.func (some 3000 characters in the real dump). Then frames
// whose names have operators in them.
static const char kLlvmTemplates[] =
    " #4 0x00007fb87d0acaec (/usr/lib/llvm-22/bin/../lib/libMLIR.so.22.1+"
    "0x58acaec)\n"
    " #5 0x0000555bd00d3f6e mlir::WalkResult mlir::detail::walk<mlir::"
    "ForwardIterator>(mlir::Operation*, llvm::function_ref<mlir::WalkResult "
    "(mlir::Operation*)>, mlir::WalkOrder) (/usr/lib/llvm-22/bin/mlir-opt+"
    "0x641f6e)\n"
    " #6 0x00007fb87d0a47c0 mlir::spirv::FuncOp::verifyBody() "
    "(/usr/lib/llvm-22/bin/../lib/libMLIR.so.22.1+0x58a47c0)\n"
    " #7 0x00007fb87ccee9a7 llvm::LogicalResult mlir::op_definition_impl::"
    "verifyTraits<mlir::OpTrait::OneRegion<mlir::spirv::FuncOp>, mlir::"
    "OpTrait::ZeroResults<mlir::spirv::FuncOp>, mlir::OpTrait::"
    "ZeroSuccessors<mlir::spirv::FuncOp>>(mlir::Operation*) "
    "(/usr/lib/llvm-22/bin/../lib/libMLIR.so.22.1+0x54eea07)\n"
    " #8 0x0000000000001000 mlir::Value::operator bool() const "
    "(/usr/lib/llvm-22/bin/../lib/libMLIR.so.22.1+0x1000)\n"
    " #9 0x0000000000002000 llvm::raw_ostream::operator<<(char const*) "
    "(/usr/lib/llvm-22/bin/../lib/libLLVM.so.22.1+0x2000)\n"
    "#10 0x0000000000003000 std::vector<int, std::allocator<int> >::operator"
    "[](unsigned long) (/usr/lib/llvm-22/bin/../lib/libMLIR.so.22.1+0x3000)\n"
    "#11 0x0000000000004000 void (anonymous namespace)::Foo::run<int>(int) "
    "(/usr/lib/llvm-22/bin/../lib/libMLIR.so.22.1+0x4000)\n";

static void test_stacktrace__short_frame_names(void **state) {
  (void)state;
  MlirStringRef t = mlirStringRefCreateFromCString(kLlvmTemplates);
  IrsBuf b = IRS_BUF_INIT;
  // No return type before the name, no 3000-character trait list.
  assert_true(irsStackTraceGetNamedCaller(t, irsBufStringCallback, &b));
  assert_string_equal(b.data, "mlir::detail::walk<mlir::ForwardIterator>");
  irsBufReset(&b);
  assert_int_equal(irsStackTraceSummarise(t, 8, NULL, irsBufStringCallback,
                                          &b),
                   8);
  assert_string_equal(
      b.data,
      "  #0 libMLIR.so.22.1+0x58acaec\n"
      "  #1 mlir::detail::walk<mlir::ForwardIterator> (mlir-opt)\n"
      "  #2 mlir::spirv::FuncOp::verifyBody (libMLIR.so.22.1)\n"
      "  #3 mlir::op_definition_impl::verifyTraits<...> (libMLIR.so.22.1)\n"
      "  #4 mlir::Value::operator bool (libMLIR.so.22.1)\n"
      "  #5 llvm::raw_ostream::operator<< (libLLVM.so.22.1)\n"
      "  #6 std::vector<int, std::allocator<int> >::operator[] "
      "(libMLIR.so.22.1)\n"
      "  #7 (anonymous namespace)::Foo::run<int> (libMLIR.so.22.1)\n");
  irsBufReset(&b);
  assert_true(irsStackTraceGetSymbolisedSite(t, NULL, irsBufStringCallback,
                                             &b));
  assert_string_equal(b.data, "libMLIR.so.22.1+0x58acaec (under "
                              "mlir::detail::walk<mlir::ForwardIterator>)");
  irsBufFree(&b);
}

// Found by irscope-fuzz-stack-trace (test/fuzz/corpus/stack-trace/
// regress-empty-caller-name): a caller whose symbol shortens to nothing is
// no named caller, and the site stays "module+0xOFF".
static void test_stacktrace__caller_name_shortens_to_nothing(void **state) {
  (void)state;
  MlirStringRef t = mlirStringRefCreateFromCString("#5 0x0\n#1 0x0 ()");
  IrsBuf b = IRS_BUF_INIT;
  assert_true(irsStackTraceGetSymbolisedSite(t, NULL, irsBufStringCallback,
                                             &b));
  assert_string_equal(b.data, "+0x0");
  irsBufFree(&b);
}

static void test_stacktrace__pass_frames_stop_at_pass_manager(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  intptr_t left = -1;
  // A summary: kept down to mlir::PassManager::run, renumbered, indented;
  // an unnamed frame without its offset.
  MlirStringRef t = mlirStringRefCreateFromCString(
      "#0 libMLIR.so.22.1+0x64439d5\n"
      "#1 mlir::Foo::fold at lib/Foo.cpp:12\n"
      "#2 mlir::PassManager::run (libMLIR.so.22.1)\n"
      "#3 irsPassManagerRun at lib/PassManager/Run.c:201\n"
      "#4 irscope-opt+0x9e5b\n");
  assert_int_equal(irsStackTraceGetPassFrames(
                       t, mlirStringRefCreateFromCString("//   "),
                       irsBufStringCallback, &b, &left),
                   3);
  assert_string_equal(b.data,
                      "//   #0 a function without a symbol in libMLIR.so.22.1\n"
                      "//   #1 mlir::Foo::fold at lib/Foo.cpp:12\n"
                      "//   #2 mlir::PassManager::run (libMLIR.so.22.1)\n");
  assert_int_equal(left, 2);
  // irsStackTraceFormat's form: the runtime's frames first, offsets from
  // symbols, "(no symbol)".
  irsBufReset(&b);
  t = mlirStringRefCreateFromCString(
      "#0 libc.so.6+0x8aeec (no symbol)\n"
      "#1 abort+0xd3 (libc.so.6)\n"
      "#2 libirscope.so.0+0x35a85 (no symbol)\n"
      "#3 mlir::PassManager::run(mlir::Operation*)+0x2db (libMLIR.so.22.1)\n"
      "#4 main+0x10 (irscope-opt)\n");
  assert_int_equal(irsStackTraceGetPassFrames(
                       t, mlirStringRefCreateFromCString(""),
                       irsBufStringCallback, &b, &left),
                   2);
  assert_string_equal(b.data,
                      "#0 a function without a symbol in libirscope.so.0\n"
                      "#1 mlir::PassManager::run(mlir::Operation*) "
                      "(libMLIR.so.22.1)\n");
  assert_int_equal(left, 1);
  // No pass manager frame (a crash between steps): written whole.
  irsBufReset(&b);
  t = mlirStringRefCreateFromCString("  #0 f at a.c:1\n  #1 g at a.c:2\n");
  assert_int_equal(irsStackTraceGetPassFrames(
                       t, mlirStringRefCreateFromCString(""),
                       irsBufStringCallback, &b, &left),
                   2);
  assert_string_equal(b.data, "#0 f at a.c:1\n#1 g at a.c:2\n");
  assert_int_equal(left, 0);
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
      cmocka_unit_test(test_stacktrace__llvm_symbolised_dump),
      cmocka_unit_test(test_stacktrace__strip_llvm_dump),
      cmocka_unit_test(test_stacktrace__demangle_passes_plain_names),
      cmocka_unit_test(test_stacktrace__named_caller_of_hidden_site),
      cmocka_unit_test(test_stacktrace__summary_starts_at_site),
      cmocka_unit_test(test_stacktrace__symbolise_site_text),
      cmocka_unit_test(test_stacktrace__frame_lines),
      cmocka_unit_test(test_stacktrace__describe_report_site),
      cmocka_unit_test(test_stacktrace__short_frame_names),
      cmocka_unit_test(test_stacktrace__pass_frames_stop_at_pass_manager),
      cmocka_unit_test(test_stacktrace__caller_name_shortens_to_nothing),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
