// Two crashes in one function: opt-reduce keeps the one it started from.
// The irsx plugin (test/Plugins/irsx) dies of SIGSEGV in irsxCrashIfLeft
// both ways: inside irsx-fold-wrap, under irsxCheckLeft, when the unwrap
// of a wrap marked `irsx.crash_if_left` is left after the patterns (this
// one cannot fold: its type is not the wrapped one), the input's crash;
// and, once the pass is through, in the dialect's verifier under
// irsxCheckFolded, when the unwrap feeding the `irsx.crash_if_folded` use
// was folded. The second half of the function is the input's crash: the
// first candidate that shrinks the function removes it and dies the other
// way, at the same crash site, as small (compared by signal, pass and
// site, it would be kept, and the result would be the other bug). Its
// crash identity (the frame under the site) is another, so the reduction
// keeps the input's crash and drops the other.

// RUN: not --crash %mlir_opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline='builtin.module(irsx-fold-wrap)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=INPUT
// INPUT: irsxCrashIfLeft
// INPUT-NEXT: irsxCheckLeft
// RUN: opt-reduce --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline='builtin.module(irsx-fold-wrap)' -o %t 2>&1 | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: crash in irsx-fold-wrap, in irsxCrashIfLeft
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=crash_if_folded < %t
// OUT: irsx.crash_if_left
// The result fails under the plain tool as reported.
// RUN: not --crash %mlir_opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %t --pass-pipeline='builtin.module(irsx-fold-wrap)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=INPUT

// A tool that prints no stack trace leaves the signal and the pass alone
// to tell crashes apart, and -v says so.
// RUN: printf '#!/bin/sh\nexec %mlir_opt "$@" 2>/dev/null\n' > %t.quiet && chmod +x %t.quiet
// RUN: printf 'func.func @f() {\n  return\n}\n' > %t.f.mlir
// RUN: opt-reduce --tool=%t.quiet %t.f.mlir --pass-pipeline='builtin.module(test-pass-crash)' -o %t.q.mlir -v 2>&1 | FileCheck %s --check-prefix=QUIET
// QUIET: opt-reduce: note: the crash printed no stack trace: crashing candidates are told apart by their signal and pass alone
// RUN: opt-reduce --tool=%mlir_opt %t.f.mlir --pass-pipeline='builtin.module(test-pass-crash)' -o %t.t.mlir -v 2>&1 | FileCheck %s --check-prefix=TOLD
// TOLD-NOT: no stack trace
// TOLD: opt-reduce: done:

func.func @f(%a: i32, %b: i32) {
  %wa = irsx.wrap %a : i32 -> !irsx.box<"a">
  %ua = irsx.unwrap %wa : !irsx.box<"a"> -> i32
  irsx.use %ua {irsx.crash_if_folded} : i32
  %wb = irsx.wrap %b {irsx.crash_if_left} : i32 -> !irsx.box<"b">
  %ub = irsx.unwrap %wb : !irsx.box<"b"> -> i64
  irsx.use %ub : i64
  return
}
