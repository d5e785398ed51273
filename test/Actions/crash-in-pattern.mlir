// A real upstream crash (MLIR 22.1.8, llvm/llvm-project#205233):
// convert-arith-to-spirv dies of SIGSEGV converting an arith.extui on
// tensors. The worker records each MLIR action before it runs, into memory
// its supervisor reads after the death, so irscope-opt names the rewrite
// pattern that was being applied and the op it was applied to, with the
// op's location read before the pattern ran: on the terminal after the
// crash's trace, and in report.xml as <action in-flight="true"> (after the
// <replay> that located step 1); then the report and the replay. Exit codes are checked with `sh -c '...; echo exit=$?'`.

// RUN: not --crash %mlir_opt -convert-arith-to-spirv %s -o /dev/null

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(convert-arith-to-spirv))" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t
// ERR: irscope-opt: error: step 1 'builtin.module(func.func(convert-arith-to-spirv))' crashed with SIGSEGV
// ERR: irscope-opt: note: crashed while applying pattern '(anonymous namespace)::ExtUIPattern' to 'arith.extui' at {{.*}}crash-in-pattern.mlir:45:10
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/reproducer.mlir
// ERR-NEXT: exit=5

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="crash" step="1" pass="convert-arith-to-spirv"
// REPORT: <replay located="in-step" runs="1"/>
// REPORT-NEXT: <action tag="apply-pattern" name="(anonymous namespace)::ExtUIPattern" index="{{[1-9][0-9]*}}" op="arith.extui" loc="{{.*}}crash-in-pattern.mlir:45:10" in-flight="true"/>
// REPORT-NEXT: </failure>

// A crash outside any pattern names the pass and the op it ran on.
// RUN: rm -rf %t.pass
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.extui}))" --failure-dir=%t.pass -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PASS
// PASS: irscope-opt: note: crashed while running pass 'irs-test-crash' on 'func.func' at {{.*}}crash-in-pattern.mlir:44:3
// PASS: exit=5
// RUN: FileCheck %s --check-prefix=PASSREPORT < %t.pass/report.xml
// PASSREPORT: <action tag="pass-execution" name="irs-test-crash" index="2" op="func.func" loc="{{.*}}crash-in-pattern.mlir:44:3" in-flight="true"/>

// Without crash protection there is no supervisor to read the record, and
// no note.
// RUN: sh -c 'irscope-opt %s --crash-protection=0 --pass-pipeline="builtin.module(func.func(convert-arith-to-spirv))" -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNPROTECTED
// UNPROTECTED-NOT: crashed while applying

module {
  func.func @m(%arg0: tensor<8xi8>) -> () {
    %1 = arith.extui %arg0 : tensor<8xi8> to tensor<8xi32>
    return
  }
}
