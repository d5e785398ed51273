// A real upstream hang (llvm/llvm-project#126213, MLIR 22.1.8; upstream's
// assertion build dies in UseDefLists.h instead): -canonicalize on this cf
// program folds %true, and after its last rewrite (AddIAddConstant on the
// arith.addi of the loop that became unreachable; by upstream mlir-opt's
// --mlir-debug-counter=apply-pattern-count=K, single-threaded, the step
// hangs from that rewrite's K on) the greedy driver folds an arith.addi
// forever: no MLIR action begins again, and upstream's --log-actions-to
// stops growing. irscope-opt, in-process and through --tool=mlir-opt,
// names the pass in flight and that last action with its number, not a
// repeat (bench/upstream/canon-cond-br-fold-hang.mlir).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --canonicalize --step-timeout=2 --failure-dir=%t/in -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/in
// RUN: xmllint --noout --schema %schemas/report.xsd %t/in/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/in/report.xml
// ERR: irscope-opt: error: step 1 'builtin.module(canonicalize)' timed out after 2 s
// ERR: irscope-opt: note: timed out while running pass 'canonicalize' on 'builtin.module' at {{.*}}upstream-canon-fold-hang.mlir:36:1: no action began in its last {{1\.[0-9]|2\.[0-9]}} s; the last was applying pattern '(anonymous namespace)::AddIAddConstant' to 'arith.addi' at {{.*}}upstream-canon-fold-hang.mlir:62:10 (#{{[1-9][0-9]+}})
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR: exit=6
// REPORT: <action tag="pass-execution" name="canonicalize" index="1" op="builtin.module" loc="{{.*}}upstream-canon-fold-hang.mlir:36:1" in-flight="true"/>
// REPORT-NEXT: <stall ms="{{1[0-9][0-9][0-9]|2[0-9][0-9][0-9]}}">
// REPORT-NEXT: <action tag="apply-pattern" name="(anonymous namespace)::AddIAddConstant" index="{{[1-9][0-9]+}}" op="arith.addi" loc="{{.*}}upstream-canon-fold-hang.mlir:62:10"/>
// REPORT-NEXT: </stall>
// REPORT-NOT: repeating-actions

// The same through the tool, from its action log.
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --canonicalize --step-timeout=4 --failure-dir=%t/tool -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOOL
// TOOL: irscope-opt: error: step 1 'builtin.module(canonicalize)' timed out after 4 s
// TOOL: irscope-opt: note: timed out while running pass 'canonicalize' on 'builtin.module' at {{.*}}upstream-canon-fold-hang.mlir:36:1: no action began in its last {{[0-9.]+}} s; the last was applying pattern '(anonymous namespace)::AddIAddConstant' to 'arith.addi' at {{.*}}upstream-canon-fold-hang.mlir:62:10 (#{{[1-9][0-9]+}})
// TOOL: exit=6

module {
  func.func @func1() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %alloc = memref.alloc() : memref<1x1x1xi1>
    cf.cond_br %true, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%true : i1)
  ^bb2:  // pred: ^bb0
    cf.br ^bb3(%true : i1)
  ^bb3(%0: i1):  // 2 preds: ^bb1, ^bb2
    cf.br ^bb4
  ^bb4:  // pred: ^bb3
    cf.br ^bb5
  ^bb5:  // 2 preds: ^bb4, ^bb6
    cf.cond_br %0, ^bb6, ^bb7
  ^bb6:  // pred: ^bb5
    memref.store %true, %alloc[%c0, %c0, %c0] : memref<1x1x1xi1>
    cf.br ^bb5
  ^bb7:  // pred: ^bb5
    cf.br ^bb8(%c0, %true : index, i1)
  ^bb8(%1: index, %2: i1):  // 2 preds: ^bb7, ^bb9
    %3 = arith.cmpi slt, %1, %c1 : index
    cf.cond_br %3, ^bb9, ^bb10
  ^bb9:  // pred: ^bb8
    %4 = arith.addi %1, %c1 : index
    cf.br ^bb8(%4, %2 : index, i1)
  ^bb10:  // pred: ^bb8
    vector.print %2 : i1
    return
  }
}
