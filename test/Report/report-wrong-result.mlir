// The page of a real miscompile (llvm/llvm-project#219456: in MLIR 22.1
// canonicalize's WhileMoveIfDown binds the second scf.condition use of
// %value to the scf.if's else value; @main returns 2 before the step and
// 20 after it). A wrong result shows only when the IR is executed: the
// page lists both outputs and the script that prints them, offers that
// script first, says what --run-reproducer alone does, and does not send
// mlir-opt's output to /dev/null. The IR after the step is in custom form
// here, and the page says so.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s -canonicalize --check-results --failure-dir=%t/d -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: irscope-opt: error: step 1 'builtin.module(canonicalize)' changed the results of '@main': line 1 was '2', is now '20'; report: {{.*}}/report.xml
// ERR: exit=9
// RUN: irscope-report %t/d -o %t/page.html
// RUN: FileCheck %s --check-prefix=PAGE -DDIR=%t/d < %t/page.html
// PAGE: <li>IR after the step: <a href="{{[^"]*}}failure-output.mlir">
// PAGE: <li>Output before the step (expected): <a href="{{[^"]*}}expected-output.txt">
// PAGE: <li>Output after the step (actual): <a href="{{[^"]*}}actual-output.txt">
// PAGE: <li>Script printing both outputs: <a href="{{[^"]*}}reproducer.sh">
// PAGE: <h3>Reproduce</h3>
// PAGE-NEXT: <pre id="run-reproducer-command">sh [[DIR]]/reproducer.sh</pre>
// PAGE-NEXT: <p class="note">prints the results before and after the step (mlir-opt and mlir-runner); --run-reproducer below only reruns the step and prints the IR it produces</p>
// PAGE-NEXT: <pre id="reproducer-command">irscope-opt --run-reproducer [[DIR]]/reproducer.mlir</pre>
// PAGE-NEXT: <pre id="mlir-opt-command">mlir-opt --run-reproducer [[DIR]]/reproducer.mlir</pre>
// PAGE-NOT: (generic form)

// The command the page offers first prints both results.
// RUN: sh %t/d/reproducer.sh 2>&1 | FileCheck %s --check-prefix=SCRIPT
// SCRIPT: --- before the step (expected):
// SCRIPT-NEXT: 2
// SCRIPT-NEXT: --- after the step (actual):
// SCRIPT-NEXT: 20

// A crash keeps its replay with its output discarded.
// RUN: irscope-opt %s --pass-pipeline='builtin.module(irs-test-crash{op=arith.addi})' --failure-dir=%t/c -o /dev/null 2>/dev/null; irscope-report %t/c -o %t/crash.html
// RUN: FileCheck %s --check-prefix=CRASH < %t/crash.html
// CRASH-NOT: run-reproducer-command
// CRASH: <li>Reproducer: 

func.func @main() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c20 = arith.constant 20 : index
  %result:3 = scf.while (%state = %c0) : (index) -> (index, index, index) {
    %continue = arith.cmpi slt, %state, %c1 : index
    %value = scf.if %continue -> index {
      %next = arith.addi %state, %c2 : index
      scf.yield %next : index
    } else {
      scf.yield %c20 : index
    }
    scf.condition(%continue) %value, %value, %state : index, index, index
  } do {
  ^bb0(%first: index, %second: index, %old: index):
    scf.yield %second : index
  }
  return %result#2 : index
}
