// A hang: with --test-timeout a candidate whose pipeline runs longer is
// killed, and the signature is kind "timeout" in the pass that hung. The
// lit test written by --emit-lit-test must not hang either: its RUN line
// gives irscope-opt a --step-timeout (which needs crash protection) and its
// CHECK line expects the timeout. (emit-lit-test.mlir and abort.mlir run
// such tests with lit; this one is only read, to keep the suite fast.)
//
// A candidate that still hangs would cost the whole 1 s: once some step
// has been seen to end, a candidate is judged hung after 5 x the slowest
// such step (at least 1/20 of the timeout or 50 ms), and the result is
// confirmed at the full timeout at the end (hang-slow.mlir shows the
// confirmation failing).
// lit would take any line of this file holding the word RUN and a colon
// for one of its own RUN lines, hence {{RUN}}: in the checks below.
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.suite && mkdir %t.suite
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(irs-test-hang{op=arith.muli})" --test-timeout=1 --strategies=erase-symbols -v -o %t.out --emit-lit-test=%t.suite/reduced.test --emit-lit-test-mode=pin; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: test 1 [check] the module as it is: timeout in irs-test-hang, interesting
// LOG: opt-reduce: test {{[0-9]+}} [erase-symbols] erase 1 op: #1: timeout in irs-test-hang, interesting ({{[0-9]+}} ms, judged hung early)
// LOG: opt-reduce: test {{[0-9]+}} [confirm] the module as it is: timeout in irs-test-hang, interesting
// LOG: opt-reduce: hangs: candidates judged hung after {{[0-9.]+}} s (5 x the slowest step that ended), the result confirmed at the full --test-timeout
// The hang is in the pass's own code: the action in flight, and none began
// after it.
// LOG-NEXT: opt-reduce: culprit pass execution: pass 'irs-test-hang' on 'builtin.module' at {{.*}}hang.mlir (#1, in flight when it hung: none began in the hang's last {{[0-9.]+}} s)
// LOG-NEXT: opt-reduce: done: {{.*}}; signature: timeout in irs-test-hang
// LOG-NEXT: exit=0

// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=@other < %t.out
// OUT: func.func @hangs(
// OUT-NEXT: arith.muli

// RUN: FileCheck %s --check-prefix=EMIT < %t.suite/reduced.test
// EMIT: // Reduced by opt-reduce from '{{.*}}hang.mlir': timeout in pass 'irs-test-hang'.
// EMIT: // {{RUN}}: not irscope-opt {{.*}}--step-timeout={{[0-9.]+}}{{.*}}
// EMIT-NEXT: // CHECK: {{.*}}timed out

func.func @other(%x: i32) -> i32 {
  return %x : i32
}
func.func @hangs(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
