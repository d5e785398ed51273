// Two different real MLIR 22.1.8 crashes in the same pass, both SIGSEGV
// without a message: -remove-dead-values dies on the scf.if/clone/dealloc
// function (upstream report), and, elsewhere in the pass, on a private
// function called with a poison argument. Kind, signal and pass alone cannot
// tell them apart; the crash site (the function the worker died in, from its
// stack trace) can, so the reduction keeps the bug it started from and never
// slides to the other one. (The order of the functions matters: the first
// candidate that removes @f keeps all of the other bug's functions.)

// RUN: not --crash %mlir_opt -remove-dead-values %s -o /dev/null
// RUN: opt-reduce %s --pass-pipeline='builtin.module(remove-dead-values)' -o %t 2>&1 | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: crash in remove-dead-values, in libMLIR.so.{{[0-9.]+}}+0x{{[0-9a-f]+}}
// LOG-SAME: (under mlir::{{.*}})
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=call --implicit-check-not=@g < %t
// OUT: func.func private @f(
// OUT: scf.if
// OUT: bufferization.clone

// The other bug alone has another crash site.
// RUN: sed -e '/^  func.func private @f(/,/^  }$/d' %s > %t.g.mlir
// RUN: opt-reduce %t.g.mlir --pass-pipeline='builtin.module(remove-dead-values)' -o %t.g.out 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: signature: crash in remove-dead-values, in mlir::detail::OperandStorage::OperandStorage

module {
  func.func private @g0(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
  func.func @g1() -> i32 {
    %0 = ub.poison : i32
    %1 = call @g0(%0) : (i32) -> i32
    return %1 : i32
  }
  func.func private @g2(%arg0: i32) {
    %0 = call @g0(%arg0) : (i32) -> i32
    return
  }
  func.func @p1() {
    return
  }
  func.func private @f(%c: i1, %m: memref<4xf32>) {
    %r = scf.if %c -> memref<4xf32> {
      scf.yield %m : memref<4xf32>
    } else {
      %k = bufferization.clone %m : memref<4xf32> to memref<4xf32>
      scf.yield %k : memref<4xf32>
    }
    %t = arith.constant true
    %u = arith.constant true
    bufferization.dealloc (%r : memref<4xf32>) if (%u)
    return
  }
  func.func @p2() {
    return
  }
}
