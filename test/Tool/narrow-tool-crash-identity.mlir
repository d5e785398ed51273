// A step that crashes in two ways with one signal is narrowed to the crash
// it reported. The irsx plugin's irsx-fold-wrap (test/Plugins/irsx) dies
// of SIGSEGV folding the unwrap of a wrap marked `irsx.crash` (rewrite #2
// below), and, when that fold is skipped, of SIGSEGV again in its own
// check after the patterns (irsxCrashIfLeft, because the wrap is marked
// `irsx.crash_if_left` too). Through the tool a trial counts as failing
// only when it dies of the crash the log run died of: the same signal and
// the same first frames of mlir-opt's stack dump. With rewrite #1 alone the
// step dies in the check, which is another crash, so the answer is
// rewrite #2, confirmed in two runs (four in all, with the log run and the
// print of the function before it).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --tool=%mlir_opt --tool-arg=--load-dialect-plugin=%irsx_plugin --tool-arg=--load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irsx-fold-wrap)" --failure-dir=%t/s -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CRASH
// CRASH: irscope-opt: error: step 1 'builtin.module(irsx-fold-wrap)' crashed with SIGSEGV
// CRASH: irscope-opt: note: first rewrite that crashes the step: #2 of 2 in step 1 'builtin.module(irsx-fold-wrap)': pattern '{{.*}}FoldWrap' on 'irsx.unwrap' at {{.*}}narrow-tool-crash-identity.mlir:[[#@LINE+33]]:9{{$}}
// CRASH: exit=5
// RUN: FileCheck %s --check-prefix=REPORT < %t/s/report.xml
// REPORT: <action tag="apply-pattern" name="{{.*}}FoldWrap" index="2" of="2" executions="4" op="irsx.unwrap" loc="{{.*}}narrow-tool-crash-identity.mlir:[[#@LINE+30]]:9"
// REPORT-SAME: in-flight="true">

// Without a symboliser (LLVM_DISABLE_SYMBOLIZATION, as when none is found)
// the pattern's frame is a hidden function the dump names by its address
// alone: the narrowing runs, all without address randomisation, compare it
// by that address, and the answer is the same.
// RUN: sh -c 'LLVM_DISABLE_SYMBOLIZATION=1 irscope-opt --tool=%mlir_opt --tool-arg=--load-dialect-plugin=%irsx_plugin --tool-arg=--load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irsx-fold-wrap)" --failure-dir=%t/u -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CRASH

// A tool that prints no stack trace leaves the signal alone to tell the
// crashes apart: here every count dies of SIGSEGV, so no single action is
// to blame, and the note says why.
// RUN: printf '#!/bin/sh\nexec %mlir_opt "$@" 2>/dev/null\n' > %t/quiet && chmod +x %t/quiet
// RUN: sh -c 'irscope-opt --tool=%t/quiet --tool-arg=--load-dialect-plugin=%irsx_plugin --tool-arg=--load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irsx-fold-wrap)" --failure-dir=%t/q -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET
// QUIET: irscope-opt: error: step 1 'builtin.module(irsx-fold-wrap)' crashed with SIGSEGV
// QUIET: irscope-opt: note: step 1 not narrowed to one action: no single action is to blame: the step fails with none of its 2 pattern applications (crashes told apart by their signal alone: the tool printed no stack trace)
// QUIET: exit=5
// A crash that has only one way to happen is still narrowed by its signal,
// and the note says so
// (test/Actions/crash-in-pattern.mlir: llvm/llvm-project#205233).
// RUN: sh -c 'irscope-opt --tool=%t/quiet %S/../Actions/crash-in-pattern.mlir --pass-pipeline="builtin.module(func.func(convert-arith-to-spirv))" --failure-dir=%t/o -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALONE
// ALONE: irscope-opt: note: first rewrite that crashes the step: #2 of 2 in step 1 'builtin.module(func.func(convert-arith-to-spirv))': pattern '(anonymous namespace)::ExtUIPattern' on 'arith.extui' at {{.*}}crash-in-pattern.mlir:45:10 (crashes told apart by their signal alone: the tool printed no stack trace)
// ALONE: exit=5

// The greedy driver folds from the last op up: %ub is rewrite #1, %ua #2.
func.func @f(%a: i32, %b: i32) {
  %wa = irsx.wrap %a {irsx.crash, irsx.crash_if_left} : i32 -> !irsx.box<"a">
  %ua = irsx.unwrap %wa : !irsx.box<"a"> -> i32
  %wb = irsx.wrap %b : i32 -> !irsx.box<"b">
  %ub = irsx.unwrap %wb : !irsx.box<"b"> -> i32
  irsx.use %ua, %ub : i32, i32
  return
}
