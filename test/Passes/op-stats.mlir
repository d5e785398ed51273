// irs-op-stats counts the ops under its anchor (the anchor included),
// grouped by dialect, dialects by count then name, ops likewise. Without
// options it reports a remark at the anchor with one note per dialect (in
// mlir-opt's form: the anchor's source line and a caret under the remark; a
// note at the same place adds no source line); with
// file=PATH it writes the same as a table to PATH and reports nothing. It
// never changes the IR.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// MODULE: op-stats.mlir:0:0: remark: op statistics: 10 operations in 3 dialects
// MODULE-NEXT: op-stats.mlir:0:0: note: arith: 5 (arith.addi 3, arith.constant 1, arith.muli 1)
// MODULE-NEXT: op-stats.mlir:0:0: note: func: 4 (func.func 2, func.return 2)
// MODULE-NEXT: op-stats.mlir:0:0: note: builtin: 1 (builtin.module 1)
// FUNC: op-stats.mlir:[[#@LINE+1]]:1: remark: op statistics: 7 operations in 2 dialects
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
// FUNC-NEXT: {{^}}func.func @f(%a: i32) -> i32 {{[{]$}}
// FUNC-NEXT: {{^\^$}}
// FUNC-NEXT: op-stats.mlir:[[#@LINE-10]]:1: note: arith: 5 (arith.addi 3, arith.constant 1, arith.muli 1)
// FUNC-NEXT: op-stats.mlir:[[#@LINE-11]]:1: note: func: 2 (func.func 1, func.return 1)
// FUNC-NEXT: op-stats.mlir:[[#@LINE+1]]:1: remark: op statistics: 2 operations in 1 dialects
func.func private @g() { return }
// FUNC-NEXT: {{^}}func.func private @g() { return }{{$}}
// FUNC-NEXT: {{^\^$}}
// FUNC-NEXT: op-stats.mlir:[[#@LINE-3]]:1: note: func: 2 (func.func 1, func.return 1)

// On the module: one remark; the output is the input, unchanged.
// RUN: sh -c 'irscope-opt %s --irs-op-stats; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=MODULE,SAME --implicit-check-not=remark:
// SAME-NEXT: module {
// SAME-NEXT: func.func @f(%arg0: i32) -> i32 {
// SAME-NEXT: %c0_i32 = arith.constant 0 : i32
// SAME-NEXT: %0 = arith.addi %arg0, %c0_i32 : i32
// SAME: func.func private @g()
// SAME: exit=0

// Nested under func.func: one remark per function, at the function. With
// threading the functions' remarks arrive in completion order (they bypass
// MLIR's ordering of parallel diagnostics), so this checks IR order with
// threading off. In the same run, file=PATH on the module: the table goes to
// the file and nothing more to stderr.
// RUN: rm -f %t.stats && sh -c 'irscope-opt %s --mlir-disable-threading --pass-pipeline="builtin.module(func.func(irs-op-stats),irs-op-stats{file=%t.stats})" -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUNC --implicit-check-not=remark:
// FUNC-NEXT: exit=0
// RUN: FileCheck %s --check-prefix=TABLE --match-full-lines --strict-whitespace < %t.stats
// TABLE:op statistics: 10 operations in 3 dialects
// TABLE-NEXT:arith                                             5
// TABLE-NEXT:  arith.addi                                      3
// TABLE-NEXT:  arith.constant                                  1
// TABLE-NEXT:  arith.muli                                      1
// TABLE-NEXT:func                                              4
// TABLE-NEXT:  func.func                                       2
// TABLE-NEXT:  func.return                                     2
// TABLE-NEXT:builtin                                           1
// TABLE-NEXT:  builtin.module                                  1
// TABLE-NOT:{{.}}

// An unknown option is a usage error pointing at the pass in the pipeline.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-op-stats{bogus=1})"; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADOPT
// BADOPT: irscope-opt: error: pipeline:1:16: unknown option 'bogus' for pass 'irs-op-stats'
// BADOPT-NEXT: {{^}}  builtin.module(irs-op-stats{{[{]}}bogus=1{{[}]}}){{$}}
// BADOPT-NEXT: {{^ +\^$}}
// BADOPT-NEXT: exit=2

// A file that cannot be written fails the pass (exit 1) and says why.
// RUN: rm -rf %t.nodir && sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-op-stats{file=%t.nodir/stats.txt})" --failure-dir=%t.fail -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFILE -DPATH=%t.nodir/stats.txt
// NOFILE: op-stats.mlir:0:0: error: irs-op-stats: cannot write '[[PATH]]': No such file or directory
// NOFILE-NEXT: irscope-opt: error: step 1 'builtin.module(irs-op-stats{file=[[PATH]]})' failed: pass 'irs-op-stats' signalled failure
// NOFILE-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer {{.*}}/reproducer.mlir
// NOFILE-NEXT: exit=1
