// Every failure with a reproducer ends with the note that replays it, as a
// crash's does: irscope-opt with the flags the input and the failure need
// (here --allow-unregistered-dialect) on the reproducer. Replayed as
// printed, it fails the same way; upstream mlir-opt replays the verifier
// failure from the same file.
//
// The failing step is upstream's (llvm/llvm-project#205069):
// convert-xegpu-to-xevm leaves a vector.shape_cast that does not verify.

func.func @f(%arg0: i1) {
  %0 = scf.if %arg0 -> (vector<[4]x[4]xf32>) {
    %1 = "x.zero"() : () -> vector<[4]x[4]xf32>
    scf.yield %1 : vector<[4]x[4]xf32>
  } else {
    %1 = "x.tile"() : () -> vector<[4]x[4]xf32>
    scf.yield %1 : vector<[4]x[4]xf32>
  }
  "x.use"(%0) : (vector<[4]x[4]xf32>) -> ()
  return
}

// RUN: rm -rf %t && sh -c 'irscope-opt %s --allow-unregistered-dialect --convert-xegpu-to-xevm --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t
// ERR: error: 'vector.shape_cast' op has different number of scalable dims at source (2) and result (0)
// ERR: irscope-opt: error: step 1 'builtin.module(convert-xegpu-to-xevm)' broke the IR: verifier failed after pass 'convert-xegpu-to-xevm'; report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: first rewrite that breaks the IR: {{.*}}
// ERR-NEXT: irscope-opt: note: replay: irscope-opt --allow-unregistered-dialect --run-reproducer [[DIR]]/reproducer.mlir
// ERR-NEXT: exit=3

// RUN: rm -rf %t.replay && sh -c 'irscope-opt --allow-unregistered-dialect --run-reproducer %t/reproducer.mlir --failure-dir=%t.replay -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY
// REPLAY: error: 'vector.shape_cast' op has different number of scalable dims at source (2) and result (0)
// REPLAY: irscope-opt: error: step 1 'builtin.module(convert-xegpu-to-xevm)' broke the IR: verifier failed after pass 'convert-xegpu-to-xevm'
// REPLAY: exit=3

// RUN: not %mlir_opt --allow-unregistered-dialect --run-reproducer %t/reproducer.mlir -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM: error: 'vector.shape_cast' op has different number of scalable dims at source (2) and result (0)
