// A pass that applies no pattern (affine-loop-coalescing, a real
// miscompile: llvm/llvm-project#216289) is narrowed by its pass
// executions: with the pass run on @f and not on @main the result is
// already wrong, so the answer is execution 2 of 3 (the first is the
// adaptor on the module), the pass on @f.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(affine-loop-coalescing))" --check-results --failure-dir=%t/d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 1 'builtin.module(func.func(affine-loop-coalescing))' changed the results of '@main'
// ERR-NEXT: irscope-opt: note: found with {{[0-9]+}} executions
// ERR-NEXT: irscope-opt: note: first wrong pass execution: #2 of 3 in step 1 'builtin.module(func.func(affine-loop-coalescing))': pass 'affine-loop-coalescing' on 'func.func' @f at {{.*}}narrow-pass-execution.mlir:31:1
// ERR-NEXT: irscope-opt: note: narrowed single-threaded with {{[0-9]+}} executions
// ERR-NEXT: exit=9

// RUN: xmllint --noout --schema %schemas/report.xsd %t/d/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <action tag="pass-execution" name="affine-loop-coalescing" index="2" of="3" executions="{{[0-9]+}}" op="func.func"
// REPORT-NEXT: <generic-op>&quot;func.func&quot;() &lt;{function_type = (i64) -&gt; i64, sym_name = &quot;f&quot;}&gt; ({...}) : () -&gt; () loc(

// RUN: FileCheck %s --check-prefix=BEFORE < %t/d/action-before.mlir
// BEFORE: func.func @f(
// BEFORE-NOT: @main

// RUN: sh %t/d/replay-action.sh 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: --- 1 actions (expected):
// REPLAY-NEXT: 625
// REPLAY-NEXT: --- 2 actions (actual):
// REPLAY-NEXT: 65536

func.func @f(%init: i64) -> i64 {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (i64) : i32 {
    %s = scf.for %j = %c0 to %c4 step %c1 iter_args(%b = %a) -> (i64) : i32 {
      %t = arith.addi %b, %a : i64
      scf.yield %t : i64
    }
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @main() {
  %one = arith.constant 1 : i64
  %r = call @f(%one) : (i64) -> i64
  vector.print %r : i64
  return
}
