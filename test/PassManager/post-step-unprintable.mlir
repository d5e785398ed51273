// A real upstream verifier failure (MLIR 22.1.8, llvm/llvm-project#206916):
// remove-dead-values drops the argument of ^bb1 and leaves behind IR that
// no longer verifies and that MLIR's printer cannot print at all, generic
// form included: mlir-opt exits 1 with the verifier's error, and dies of
// SIGSEGV when asked to print the IR after the failure. irscope-opt
// reports the verifier failure (exit 3) with its report and reproducer;
// failure-output.mlir, printed by a child process, says the printer died
// instead of taking the worker with it (which made the run a crash, exit 5).

// RUN: not %mlir_opt %s -remove-dead-values -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: error: branch has 1 operands for successor #0, but target block has 0
// RUN: not --crash %mlir_opt %s -remove-dead-values --mlir-print-ir-after-failure -o /dev/null

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s -remove-dead-values --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t
// ERR: error: branch has 1 operands for successor #0, but target block has 0
// ERR: irscope-opt: error: step 1 'builtin.module(remove-dead-values)' broke the IR: verifier failed after pass 'remove-dead-values'; report: [[DIR]]/report.xml
// ERR-NOT: crashed
// ERR: exit=3
// RUN: FileCheck %s --check-prefix=OUT < %t/failure-output.mlir
// OUT: // irscope: printing the IR this step left behind died of SIG{{[A-Z]+}}
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="verify-failure" step="1" pass="remove-dead-values"
// REPORT: <post-step-ir file="failure-output.mlir" form="generic"/>
// The pre-step IR's reproducer fails the plain tool as the input does.
// RUN: not %mlir_opt --run-reproducer %t/reproducer.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAIN

// The same with dumps.
// RUN: rm -rf %t.d
// RUN: sh -c 'irscope-opt %s -remove-dead-values --dump-after-each=%t.d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t.d

// Through --tool the same verifier failure, exit 3: the step run again
// without the verifier (how --tool tells a verifier failure from a pass
// that signalled failure) dies printing the IR, which a pass that
// signalled failure never gets to; there is then no failure-output.mlir.
// RUN: rm -rf %t.tool
// RUN: sh -c 'irscope-opt %s -remove-dead-values --tool=%mlir_opt --failure-dir=%t.tool -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t.tool
// RUN: FileCheck %s --check-prefix=TOOLREPORT < %t.tool/report.xml
// TOOLREPORT: <failure kind="verify-failure" step="1" pass="remove-dead-values"
// TOOLREPORT-NOT: post-step-ir
// RUN: not test -e %t.tool/failure-output.mlir

module {
  func.func @fuse(%arg0: memref<?x8x16xf32>, %arg1: memref<4x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    cf.br ^bb1(%c0 : index)
  ^bb1(%0: index):  // 3 preds: ^bb0, ^bb5, ^bb6
    %1 = arith.cmpi slt, %0, %c4 : index
    cf.cond_br %1, ^bb2, ^bb7
  ^bb2:  // pred: ^bb1
    cf.br ^bb3(%c0 : index)
  ^bb3(%2: index):  // 2 preds: ^bb2, ^bb4
    %3 = arith.cmpi slt, %2, %c4 : index
    cf.cond_br %3, ^bb4, ^bb6
  ^bb4:  // pred: ^bb3
    %4 = memref.load %arg0[%0, %2, %c1] : memref<?x8x16xf32>
    %5 = arith.addf %4, %cst : f32
    memref.store %5, %arg1[%0, %2] : memref<4x?xf32>
    %6 = arith.addi %2, %c1 : index
    cf.br ^bb3(%6 : index)
  ^bb5:  // no predecessors
    %7 = arith.addi %0, %c1 : index
    cf.br ^bb1(%7 : index)
  ^bb6:  // pred: ^bb3
    %8 = arith.addi %0, %c1 : index
    cf.br ^bb1(%8 : index)
  ^bb7:  // pred: ^bb1
    return
  }
}
