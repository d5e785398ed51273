// irscope-report turns a --dump-after-each directory into one HTML page:
// run header, failure section, timeline (bars coloured by status, the
// failing step marked), op counts by dialect, and per step its diagnostics,
// verifier result and the diff against the previous IR, embedded as
// <template> text with the symbols each hunk touches. Steps that changed
// nothing are folded. The page is self-contained (no src= or external href).

// RUN: rm -rf %t %t.html
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse,cse),symbol-dce,irs-test-fail{op=arith.muli},cse)" --dump-after-each=%t -o /dev/null 2>/dev/null
// RUN: irscope-report %t
// RUN: FileCheck %s -DDIR=%t < %t/report.html
// CHECK: <!DOCTYPE html>
// CHECK: <meta http-equiv="Content-Security-Policy" content="default-src 'none';
// CHECK: <style>
// CHECK: <body data-failed-step="5">
// CHECK: <span id="run-status">pass-failure</span>
// CHECK: <section id="failure">
// CHECK-NEXT: <p class="failure-kind" id="failure-summary">Step 5 (irs-test-fail on builtin.module) failed: pass-failure</p>
// CHECK-NEXT: <p class="failure-message">step 5 'builtin.module(irs-test-fail{op=arith.muli})' failed: pass 'irs-test-fail' signalled failure</p>
// CHECK: <li>Report: <a href="report.xml">report.xml</a>
// CHECK: <li>IR before the step: <a href="failure-input.mlir">failure-input.mlir</a>
// CHECK: <li>Reproducer: <a href="reproducer.mlir">reproducer.mlir</a>
// CHECK: <pre id="reproducer-command">irscope-opt --run-reproducer [[DIR]]/reproducer.mlir</pre>

// Timeline: one bar per step, coloured by status; the failing one marked.
// CHECK: <div class="timeline" id="timeline">
// CHECK-NEXT: <a class="bar status-ok" href="#step-1" data-step="1" data-status="ok" style="flex-grow: {{[0-9.]+}}" title="step 1 canonicalize (func.func): ok, {{[0-9.]+}} ms">1</a>
// CHECK-SAME: <a class="bar status-ok" href="#step-2" data-step="2" data-status="ok"
// CHECK-SAME: <a class="bar status-unchanged" href="#step-3" data-step="3" data-status="unchanged"
// CHECK-SAME: <a class="bar status-ok" href="#step-4" data-step="4"
// CHECK-SAME: <a class="bar status-failed failing-step" href="#step-5" data-step="5" data-status="failed"
// CHECK-SAME: <a class="bar status-not-run" href="#step-6" data-step="6" data-status="not-run"

// Op counts: the input and each step, by dialect (exact totals from the
// manifest: 9 ops in, 7 after canonicalize).
// CHECK: <div class="opchart" id="opchart">
// CHECK-NEXT: <div class="col" style="height: 100.00%" data-ops="9" title="input: 9 ops, arith 5, func 2, (unprefixed) 1, builtin 1">
// CHECK: <div class="col" style="height: 77.78%" data-ops="7" title="step 1 canonicalize: 7 ops, arith 3, func 2, (unprefixed) 1, builtin 1">
// CHECK: <div class="col" title="step 6 cse: not run"></div>
// CHECK: <p class="legend" id="dialect-legend"><span><i style="background: #4e79a7"></i>arith</span>

// The symbol filter lists the symbols some diff touches, in a field that
// searches them as one types.
// CHECK: <input id="symbol-filter" type="search" list="symbol-list" placeholder="all symbols" data-count="2"><datalist id="symbol-list"><option value="@dead"></option>
// CHECK-NEXT: <option value="@f"></option></datalist> (2 symbols; type to search)</p>

// Step 1: its diff against the input dump, hunks tagged with symbols.
// CHECK: <details class="step st-ok" id="step-1" data-step="1" data-status="ok" data-symbols="@f">
// CHECK-SAME: <summary>1 <span class="badge status-ok">ok</span> canonicalize on func.func
// CHECK: <p class="verifier">CPU {{[0-9.]+}} ms &middot; verifier: ok</p>
// CHECK: Dump <a href="0001-func.func-canonicalize.mlir">0001-func.func-canonicalize.mlir</a>, compared with <a href="0000-input.mlir">0000-input.mlir</a>
// The structural view (test/Report/report-structural-diff.mlir) is the
// shorter here, so the box shows it first.
// CHECK: <div class="diff" id="diff-view-1" data-view="structural"></div>
// CHECK-NEXT: <template id="diff-1">--- 0000-input.mlir
// CHECK-NEXT: +++ 0001-func.func-canonicalize.mlir
// CHECK-NEXT: @@ -1,11 +1,9 @@ @f
// CHECK: -    %c0_i32 = arith.constant 0 : i32
// CHECK: </template>

// Step 3 (the second cse) changes nothing and is folded.
// CHECK: <details class="fold"><summary>Step 3 changed nothing</summary>
// CHECK-SAME: <details class="step st-unchanged" id="step-3"
// CHECK: <p class="note">the IR is the same as before the step</p>

// Step 4 removes @dead: only that symbol.
// CHECK: <details class="step st-ok" id="step-4" data-step="4" data-status="ok" data-symbols="@dead">
// CHECK: @@ -{{[0-9,]+}} +{{[0-9,]+}} @@ @dead
// CHECK: -  func.func private @dead()

// The failing step is open and marked, with its diagnostics.
// CHECK: <details class="step st-failed failing-step" id="step-5" data-step="5" data-status="failed" data-symbols="" open>
// CHECK-SAME: <strong class="failing-marker"> &#10006; failing step</strong>
// CHECK: verifier: skipped
// CHECK: <ul class="diags"><li class="error">
// CHECK-NEXT: <code>{{.*}}report-html.mlir:{{[0-9]+}}:8: error: </code>irs-test-fail: injected failure at 'arith.muli'</li></ul>
// CHECK: <details class="step st-not-run" id="step-6"
// CHECK: <script>
// CHECK: </html>

// Self-contained: nothing is loaded from anywhere.
// RUN: not grep -E "(src|href)=\"(https?:|//)" %t/report.html
// RUN: not grep -E "<(link|img|iframe) " %t/report.html

// With -o outside the directory, links point into it by file: URL.
// RUN: irscope-report %t -o %t.html
// RUN: FileCheck %s --check-prefix=AWAY < %t.html
// AWAY: <li>Report: <a href="file:///{{.*}}/report.xml">report.xml</a>
// AWAY: Dump <a href="file:///{{.*}}/0001-func.func-canonicalize.mlir">

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
func.func private @dead()
