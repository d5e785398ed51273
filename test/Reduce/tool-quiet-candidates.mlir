// opt-reduce --tool: most candidates of erase-ops leave a block empty or
// without its terminator. The verifier's complaints about them are expected
// noise and never reach stderr, with the tool's fork server (the batch is
// printed, and its candidates verified, in opt-reduce's own process) and
// without (each batch in a worker). What matters still does: the check of
// the module as it is and the result.
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness --strategies=erase-ops -o %t.mlir 2> %t.log
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=terminator < %t.log
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness --strategies=erase-ops --tool-fork-server=0 -o %t.exec.mlir 2> %t.exec.log
// RUN: FileCheck %s --implicit-check-not=error: --implicit-check-not=terminator < %t.exec.log
// RUN: not --crash %mlir_opt -optimize-allocation-liveness %t.mlir -o /dev/null
// In -v each invalid candidate is one line, the verdict, without the
// verifier's words.
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness --strategies=erase-ops -o %t.v.mlir -v 2> %t.v.log
// RUN: FileCheck %s --check-prefix=VERBOSE --implicit-check-not=error: --implicit-check-not=terminator < %t.v.log

// CHECK: opt-reduce: done: wrote '{{.*}}'
// VERBOSE: opt-reduce: test 1 [check] the module as it is: crash, interesting
// VERBOSE: [erase-ops] {{.*}}: invalid, not interesting
// VERBOSE: opt-reduce: done: wrote '{{.*}}'

func.func @m(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %alloc = memref.alloc() : memref<2xf32>
  test.buffer_based in(%arg1 : memref<2xf32>) out(%alloc : memref<2xf32>)
  memref.dealloc %alloc : memref<2xf32>
  cf.br ^bb3(%alloc : memref<2xf32>)
^bb3(%0: memref<2xf32>):
  test.copy(%0, %arg2) : (memref<2xf32>, memref<2xf32>)
  return
}
