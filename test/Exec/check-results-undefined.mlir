// --check-results: a step whose output gives another garbage value every
// run made the results undefined, and that is a miscompile too. Found on
// https://github.com/llvm/llvm-project/issues/217538
// (bench/upstream/affine-data-copy-uninit-miscompile.mlir):
// affine-data-copy-generate copies back into @m a fast buffer it never
// filled, so @main prints 99 before the step and whatever the new buffer
// held after it. The two confirming runs of the IR after the step printed
// two such values, and irscope-opt used to dismiss the step as "not
// deterministic; not a miscompile" (exit 8). The IR before the step gave
// the input's result twice: the step is blamed (exit 9) and documented,
// with a note saying that its results are undefined when the two values
// differ (test/unit/exec.c checks that note's condition with a clock).

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --affine-data-copy-generate=fast-mem-space=0 --check-results --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s -DDIR=%t --implicit-check-not="irscope-opt: error:"
// CHECK: irscope-opt: error: step 1 'builtin.module(func.func(affine-data-copy-generate{fast-mem-space=0}))' changed the results of '@main': line 1 was '99', is now '{{-?[0-9]+}}'; report: [[DIR]]/report.xml
// CHECK: exit=9
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="wrong-result" step="1" pass="affine-data-copy-generate"

module {
  memref.global "private" @m : memref<4xi32> = dense<[3, -7, 11, -13]>
  func.func @main() {
    %s = arith.constant 99 : i32
    %c0 = arith.constant 0 : index
    %m = memref.get_global @m : memref<4xi32>
    affine.for %i = 0 to 4 {
      affine.store %s, %m[0] : memref<4xi32>
      memref.store %s, %m[%c0] : memref<4xi32>
    }
    %q = affine.load %m[0] : memref<4xi32>
    vector.print %q : i32
    return
  }
}
