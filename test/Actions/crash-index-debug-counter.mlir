// A real upstream crash (MLIR 22.1.8, llvm/llvm-project#180312):
// IntegerRangeAnalysis dies of SIGSEGV inside arith-int-range-narrowing on
// the affine.for below, before any pattern runs. The in-flight action's
// index is the number upstream's debug counter gives it: a hand bisection
// with --mlir-debug-counter=pass-execution-count=K finds the crash at K = 2
// (1 is the func.func adaptor on the module), and irscope-opt says index 2
// with dumps too, where its own checkpoint passes run between the steps
// and take no number.

// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(arith-int-range-narrowing))" --mlir-disable-threading --mlir-debug-counter=pass-execution-count=1 -o /dev/null
// RUN: not --crash %mlir_opt %s --pass-pipeline="builtin.module(func.func(arith-int-range-narrowing))" --mlir-disable-threading --mlir-debug-counter=pass-execution-count=2 -o /dev/null

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(arith-int-range-narrowing))" --dump-after-each=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR
// ERR: irscope-opt: note: crashed while running pass 'arith-int-range-narrowing' on 'func.func' at {{.*}}crash-index-debug-counter.mlir:32:3
// ERR: exit=5
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <action tag="pass-execution" name="arith-int-range-narrowing" index="2" op="func.func" loc="{{.*}}crash-index-debug-counter.mlir:32:3" in-flight="true"/>

// The crash in the second step of a two-step pipeline: upstream's counter
// counts loop-invariant-code-motion on the module as 1, the adaptor as 2
// and the crashing pass as 3; irscope-opt's checkpoints count nothing.
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(loop-invariant-code-motion,func.func(arith-int-range-narrowing))" --mlir-disable-threading --mlir-debug-counter=pass-execution-count=2 -o /dev/null
// RUN: not --crash %mlir_opt %s --pass-pipeline="builtin.module(loop-invariant-code-motion,func.func(arith-int-range-narrowing))" --mlir-disable-threading --mlir-debug-counter=pass-execution-count=3 -o /dev/null
// RUN: rm -rf %t.two
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(loop-invariant-code-motion,func.func(arith-int-range-narrowing))" --dump-after-each=%t.two -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=TWO < %t.two/report.xml
// TWO: <action tag="pass-execution" name="arith-int-range-narrowing" index="3" op="func.func"

module {
  func.func @main() {
    %0 = gpu.global_id  x
    %1 = gpu.block_id  x
    %2 = tensor.generate %1 {
      ^bb0(%arg0: index):
      %3 = arith.addi %arg0, %0 : index
      %4 = arith.index_cast %3 : index to i32
      tensor.yield %4 : i32
    } : tensor<?xi32>
    %5 = tensor.dim %2, %0 : tensor<?xi32>
    %6 = affine.for %arg0 = 0 to %5 iter_args(%arg1 = %0) -> (index) {
      affine.yield %arg0 : index
    }
    return
  }
}

// Whether the analysis dies depends on the heap's layout: under the
// sanitizers' allocator it reads memory that does not fault.
// UNSUPPORTED: asan
