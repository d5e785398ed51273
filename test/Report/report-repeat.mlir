// irscope-report renders a --repeat directory: the failure rate with its
// interval, the failures of each step, and one entry per failure signature
// with the seed of its first run, a crash's site and frames, links to its
// artefacts and its replay command; each signature's failure directory gets its own page, linked
// from the summary. Seeded, so the outcomes are fixed (the same run as
// test/Flake/repeat-signatures.mlir).

// RUN: rm -rf %t && not irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=func.func rate=0.3},cse,irs-test-flaky{op=func.func rate=0.3 mode=crash})" --repeat=40 --repeat-stepwise --seed=3 --failure-dir=%t 2>/dev/null
// RUN: irscope-report %t 2>&1 | FileCheck %s --check-prefix=WROTE -DDIR=%t
// WROTE: irscope-report: wrote [[DIR]]/report.html
// WROTE-DAG: irscope-report: wrote [[DIR]]/failure-1/report.html
// WROTE-DAG: irscope-report: wrote [[DIR]]/failure-2/report.html

// RUN: FileCheck %s -DDIR=%t < %t/report.html
// CHECK: <h1>Repeated run: {{.*}}report-repeat.mlir</h1>
// CHECK: <p class="rate" id="rate">17 of 40 runs failed (42.5%; 95% interval 28.5% to 57.8%, wilson)</p>
// CHECK-NEXT: <p class="meta">40 runs requested; mean run {{[0-9.]+}} ms; seed 3</p>
// CHECK: <h2>Failures by step</h2>
// CHECK: <tr class="failing">
// CHECK-NEXT: <td>1</td>
// CHECK-NEXT: <td>irs-test-flaky on builtin.module</td>
// CHECK-NEXT: <td>11</td>
// CHECK: <td>pass-failure 11</td>
// CHECK: <td>cse on builtin.module</td>
// CHECK-NEXT: <td>0</td>
// CHECK: <td>crash 6</td>
// CHECK: <h3>Signature 1: crash SIGSEGV in step 3 (irs-test-flaky)</h3>
// CHECK-NEXT: <p class="meta">6 runs, first in run 3, whose seed is {{[0-9]+}}</p>
// The crash's site and frames, numbered from the site's.
// CHECK-NEXT: <pre class="crash">at libirscope.so{{[.0-9]*}}+0x{{[0-9a-f]+}} (in {{.+}})
// CHECK-NEXT: #0 libirscope.so{{[.0-9]*}}+0x{{[0-9a-f]+}}
// CHECK: <a href="failure-1/report.html">failure-1/report.html</a>
// CHECK: Reproducer (with the run's seed): <a href="failure-1/reproducer.mlir">failure-1/reproducer.mlir</a>
// CHECK: Reproducer of the whole pipeline (with the run's seed): <a href="failure-1/reproducer-full.mlir">failure-1/reproducer-full.mlir</a>
// CHECK: <pre class="replay">irscope-opt --run-reproducer /{{.*}}/failure-1/reproducer.mlir</pre>
// CHECK: <h3>Signature 2: pass-failure in step 1 (irs-test-flaky)</h3>
// CHECK-NEXT: <p class="meta">11 runs, first in run 4
// CHECK-NEXT: <pre class="message">irs-test-flaky: injected flaky failure at 'func.func'</pre>
// A pass failure leaves no whole-pipeline reproducer: no link to one.
// CHECK-NOT: reproducer-full.mlir
// CHECK: <pre class="replay">

// A signature's own page is the page of its failure directory.
// RUN: FileCheck %s --check-prefix=SIG < %t/failure-1/report.html
// SIG: crashed with SIGSEGV
// SIG: id="step-3"
// SIG-SAME: failing step

// A repeat.xml that is not one: exit 2 with the reason.
// RUN: rm -rf %t.bad && mkdir %t.bad && echo '<irscope-manifest/>' > %t.bad/repeat.xml
// RUN: sh -c 'irscope-report %t.bad; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BAD -DDIR=%t.bad
// BAD: irscope-report: error: invalid repeat summary '[[DIR]]/repeat.xml': the root element is not <irscope-repeat>
// BAD-NEXT: exit=2

func.func @f() {
  return
}
