// A real upstream bug (llvm/llvm-project#173566, MLIR 22.1): lift-cf-to-scf
// fails ('Cannot convert unknown control flow op', mlir-opt exits 1) after
// it has erased a block the spirv.BranchConditional still names, and
// writes to freed memory (valgrind: an invalid write in
// Operation::dropAllReferences). With dumps, the worker's next allocations
// after documenting the failure (its manifest) crash: irscope-opt keeps
// the pass failure it had documented (exit 1, as mlir-opt; report.xml and
// the manifest say pass-failure), the death a note, where it exited 5 with
// a crash report over the failure's. Whether the worker dies is the
// heap's choice: the note is not checked.
//
// Under AddressSanitizer the use after free ends the worker first.
// UNSUPPORTED: asan

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s -lift-cf-to-scf --dump-after-each=%t -o /dev/null; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t --implicit-check-not="irscope-opt: error:" < %t.log
// CHECK: upstream-lift-cf-heap.mlir:[[#@LINE+29]]:7: error: 'spirv.BranchConditional' op Cannot convert unknown control flow op to structured control flow
// CHECK: irscope-opt: error: step 1 'builtin.module(lift-cf-to-scf)' failed: pass 'lift-cf-to-scf' signalled failure; report: [[DIR]]/report.xml
// CHECK: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/reproducer.mlir
// CHECK-NEXT: exit=1
// RUN: not %mlir_opt %s -lift-cf-to-scf -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: upstream-lift-cf-heap.mlir:[[#@LINE+24]]:7: error: 'spirv.BranchConditional' op Cannot convert unknown control flow op to structured control flow

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="pass-failure" step="1" pass="lift-cf-to-scf"
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="pass-failure">
// MANIFEST: <steps count="1" failed="1">
// MANIFEST: <failure report="report.xml"/>

module {
  pdl_interp.func @matcher(%arg0: !pdl.operation) {
    pdl_interp.finalize
  }
  module @rewriters {
  }
  func.func @subposition_loop(%arg0: index) {
    %0 = builtin.unrealized_conversion_cast %arg0 : index to i32
    %cst8_i32 = spirv.Constant 8 : i32
    %1 = spirv.Variable : !spirv.ptr<!spirv.array<64xf32>, Function>
    spirv.mlir.loop {
      spirv.Branch ^bb1(%0 : i32)
    ^bb1(%2: i32):
      %3 = spirv.SLessThan %2, %cst8_i32 : i32
      spirv.BranchConditional %3, ^bb2, ^bb3
    ^bb2:
      %4 = spirv.IAdd %2, %0 : i32
      spirv.Branch ^bb1(%4 : i32)
    ^bb3:
      spirv.mlir.merge
    }
    spirv.Return
  }
}
