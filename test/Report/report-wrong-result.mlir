// The page of a real miscompile (llvm/llvm-project#218191: in MLIR 22.1
// arith-int-range-narrowing narrows a shift to i32 although its amount, 32,
// is in range only for i64; @main prints 0 before the step and 4 after). A wrong result shows only when the IR is executed: the
// page lists both outputs and the script that prints them, offers that
// script first, says what --run-reproducer alone does, and does not send
// mlir-opt's output to /dev/null. The IR after the step is in custom form
// here, and the page says so.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --arith-int-range-narrowing=int-bitwidths-supported=32 --check-results --failure-dir=%t/d -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: irscope-opt: error: step 1 'builtin.module(arith-int-range-narrowing{int-bitwidths-supported=32})' changed the results of '@main': line 1 was '0', is now '4'; report: {{.*}}/report.xml
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
// SCRIPT-NEXT: 0
// SCRIPT-NEXT: --- after the step (actual):
// SCRIPT-NEXT: 4

// A crash keeps its replay with its output discarded.
// RUN: irscope-opt %s --pass-pipeline='builtin.module(irs-test-crash{op=arith.andi})' --failure-dir=%t/c -o /dev/null 2>/dev/null; irscope-report %t/c -o %t/crash.html
// RUN: FileCheck %s --check-prefix=CRASH < %t/crash.html
// CRASH-NOT: run-reproducer-command
// CRASH: <li>Reproducer: 

memref.global "private" @v : memref<1xi64> = dense<32>
func.func @main() {
  %g = memref.get_global @v : memref<1xi64>
  %z = arith.constant 0 : index
  %a = memref.load %g[%z] : memref<1xi64>
  %mask = arith.constant 63 : i64
  %amt = arith.andi %a, %mask : i64      // 0 <= %amt <= 63, valid for i64
  %v = arith.constant 4 : i64
  %r = arith.shrsi %v, %amt : i64        // 4 >> 32 == 0
  vector.print %r : i64
  return
}
