// --check-results writes reproducer.mlir next to reproducer.sh: the IR
// before the culprit step with an mlir_reproducer resource that runs the
// step, so upstream `mlir-opt --run-reproducer` replays it. Here the real
// upstream index.cmp fold #216042 (canonicalize rewrites (x - 2) ule 0
// into x ule 2, wrong when the subtraction wraps): lowered and run with
// mlir-runner, the IR before the step prints 0, the replayed step's
// output 1.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(cse,canonicalize,symbol-dce)" --check-results --failure-dir=%t/f -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/f
// ERR: irscope-opt: error: step 2 'builtin.module(canonicalize)' changed the results of '@main': line 1 was '0', is now '1'; report: [[DIR]]/report.xml
// ERR: exit=9

// RUN: cp %t/f/reproducer.mlir %t/reproducer.mlir
// RUN: FileCheck %s --check-prefix=REPRO < %t/reproducer.mlir
// REPRO: "index.cmp"(%5, %6) <{pred = #index<cmp_predicate ule>}>
// REPRO: {-#
// REPRO-NEXT:   external_resources: {
// REPRO-NEXT:     mlir_reproducer: {
// REPRO-NEXT:       pipeline: "builtin.module(canonicalize)",
// REPRO-NEXT:       disable_threading: true,
// REPRO-NEXT:       verify_each: true
// REPRO-NEXT:     }
// REPRO-NEXT:   }
// REPRO-NEXT: #-}
// RUN: FileCheck %s --check-prefix=REPORT < %t/f/report.xml
// REPORT: <reproducer file="reproducer.mlir" pipeline="builtin.module(canonicalize)"/>

// Before the step (the reproducer's IR as it is): 0.
// RUN: %mlir_opt %t/reproducer.mlir --pass-pipeline='builtin.module(convert-index-to-llvm,finalize-memref-to-llvm,convert-vector-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | mlir-runner -e main --entry-point-result=void --shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s --check-prefix=BEFORE --match-full-lines
// BEFORE: 0

// Replayed by upstream mlir-opt, then lowered and run the same way: 1.
// RUN: %mlir_opt --run-reproducer %t/reproducer.mlir \
// RUN:   | %mlir_opt --pass-pipeline='builtin.module(convert-index-to-llvm,finalize-memref-to-llvm,convert-vector-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' \
// RUN:   | mlir-runner -e main --entry-point-result=void --shared-libs=%llvm_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s --check-prefix=AFTER --match-full-lines
// AFTER: 1

memref.global "private" @gx : memref<1xi64> = dense<0>

func.func @main() {
  %m = memref.get_global @gx : memref<1xi64>
  %z = arith.constant 0 : index
  %v = memref.load %m[%z] : memref<1xi64>
  %x = index.casts %v : i64 to index
  %two = index.constant 2
  %n = index.sub %x, %two
  %zero = index.constant 0
  %r = index.cmp ule(%n, %zero)
  %e = arith.extui %r : i1 to i64
  vector.print %e : i64
  return
}
