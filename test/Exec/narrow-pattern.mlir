// A real canonicalize miscompile (llvm/llvm-project#219456): --check-results
// names step 3 'canonicalize', then narrows it on its pre-step IR to the
// one pattern application after which the results differ: application 4
// of 40, WhileMoveIfDown on the scf.while (what a hand bisection of
// mlir-opt's --mlir-debug-counter=apply-pattern-count=K finds, see
// bench/rewrites.py). The report gets <action> (its one-line op names
// the input's line, as its location does), the failure directory the
// function just before and just after it and their diff, and
// replay-action.sh shows with upstream mlir-opt alone that counts 3 and 4
// give the two results. --narrow=0 leaves the answer at the step.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(cse,loop-invariant-code-motion,canonicalize,cse,symbol-dce)" --check-results --failure-dir=%t/d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/d --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 3 'builtin.module(canonicalize)' changed the results of '@main': line 1 was '2', is now '20'; report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: found with {{[0-9]+}} executions
// ERR-NEXT: irscope-opt: note: first wrong rewrite: #4 of 40 in step 3 'builtin.module(canonicalize)': pattern '(anonymous namespace)::WhileMoveIfDown' on 'scf.while' at {{.*}}narrow-pattern.mlir:62:15
// ERR-NEXT: irscope-opt: note: narrowed single-threaded with 7 executions
// ERR-NEXT: exit=9

// RUN: ls %t/d | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: action-after.mlir
// FILES-NEXT: action-before.mlir
// FILES-NEXT: action.diff
// FILES: replay-action.sh

// RUN: xmllint --noout --schema %schemas/report.xsd %t/d/report.xml
// RUN: FileCheck %s --check-prefix=REPORT -DIN=%s < %t/d/report.xml
// REPORT: <failure kind="wrong-result" step="3" pass="canonicalize"
// REPORT: <action tag="apply-pattern" name="(anonymous namespace)::WhileMoveIfDown" index="4" of="40" executions="7" op="scf.while" loc="[[IN]]:62:15" before="action-before.mlir" after="action-after.mlir" diff="action.diff" replay="replay-action.sh">
// REPORT-NEXT: <generic-op>{{.*}} = &quot;scf.while&quot;({{.*}}) ({...}, {...}) : (index) -&gt; (index, index, index) loc(&quot;[[IN]]&quot;:62:15)</generic-op>
// REPORT-NEXT: <diff>--- action-before.mlir

// The function around the rewrite: before, one scf.if inside the loop;
// after, the if moved down into the after region.
// RUN: FileCheck %s --check-prefix=BEFORE < %t/d/action-before.mlir
// BEFORE: func.func @duplicate_forward
// BEFORE-NOT: func.func @main
// RUN: FileCheck %s --check-prefix=DIFF < %t/d/action.diff
// DIFF: --- action-before.mlir
// DIFF-NEXT: +++ action-after.mlir

// The replay with upstream mlir-opt's own debug counter: 3 actions give
// the input's result, 4 the wrong one.
// RUN: sh %t/d/replay-action.sh 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: --- 3 actions (expected):
// REPLAY-NEXT: 2
// REPLAY-NEXT: --- 4 actions (actual):
// REPLAY-NEXT: 20

// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(cse,loop-invariant-code-motion,canonicalize,cse,symbol-dce)" --check-results --narrow=0 --failure-dir=%t/e -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --implicit-check-not="first wrong rewrite"
// OFF: irscope-opt: note: found with {{[0-9]+}} executions
// OFF-NEXT: exit=9
// RUN: not grep -q "<action" %t/e/report.xml

func.func @duplicate_forward() -> index {
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

func.func @main() {
  %r = call @duplicate_forward() : () -> index
  vector.print %r : index
  return
}
