// An instrumented run goes through the pipeline's own schedule: one pass
// manager with a checkpoint pass after each step at the step's nesting
// (lib/PassManager/Checkpoint.c), the functions checked, fingerprinted and
// printed on MLIR's threads and the module dumps stitched from their texts.
// What it writes must be exactly what a stepwise run writes (a separate pass
// manager per step, the checks in between), which --step-timeout forces:
// the same output, the same dumps byte for byte, the same manifest but for
// times and memory, the same "changed" column in the timing table.
// The input is the benchmark's generator (75 functions, so several threads
// take part) and its pipeline: two nested groups among module-level steps.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %irscope_src/bench/gen_module.py --lines 3000 -o %t/in.mlir
// RUN: irscope-opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse),inline,func.func(loop-invariant-code-motion,canonicalize),sccp,symbol-dce,convert-scf-to-cf,canonicalize,cse)' --dump-after-each=%t/cp --verify-each --timing -o %t/cp.out 2> %t/cp.err
// RUN: irscope-opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse),inline,func.func(loop-invariant-code-motion,canonicalize),sccp,symbol-dce,convert-scf-to-cf,canonicalize,cse)' --dump-after-each=%t/sw --verify-each --timing --step-timeout=600 -o %t/sw.out 2> %t/sw.err
// RUN: diff %t/cp.out %t/sw.out
// RUN: %mlir_opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse),inline,func.func(loop-invariant-code-motion,canonicalize),sccp,symbol-dce,convert-scf-to-cf,canonicalize,cse)' -o %t/ref.out
// RUN: diff %t/cp.out %t/ref.out
// RUN: sh -c 'diff -r -x manifest.xml %t/cp %t/sw'
// RUN: ls %t/cp | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: 0000-input.mlir
// FILES-NEXT: 0001-func.func-canonicalize.mlir
// FILES-NEXT: 0002-func.func-cse.mlir
// FILES-NEXT: 0003-builtin.module-inline.mlir
// FILES-NEXT: 0004-func.func-loop-invariant-code-motion.mlir
// FILES-NEXT: 0005-func.func-canonicalize.mlir
// FILES-NEXT: 0006-builtin.module-sccp.mlir
// FILES-NEXT: 0007-builtin.module-symbol-dce.mlir
// FILES-NEXT: 0008-builtin.module-convert-scf-to-cf.mlir
// FILES-NEXT: 0009-builtin.module-canonicalize.mlir
// FILES-NEXT: 0010-builtin.module-cse.mlir
// FILES-NEXT: manifest.xml
// FILES-EMPTY:
// A dump of a nested step, stitched from per-function texts printed on
// worker threads, is what printing that module whole gives.
// RUN: %mlir_opt %t/cp/0001-func.func-canonicalize.mlir -o %t/re1.mlir
// RUN: diff %t/cp/0001-func.func-canonicalize.mlir %t/re1.mlir
// RUN: %mlir_opt %t/cp/0004-func.func-loop-invariant-code-motion.mlir -o %t/re4.mlir
// RUN: diff %t/cp/0004-func.func-loop-invariant-code-motion.mlir %t/re4.mlir
// RUN: sed -e 's/<time [^>]*>//' -e 's/<memory [^>]*>//' -e '/<command-line>/d' %t/cp/manifest.xml > %t/cp.man
// RUN: sed -e 's/<time [^>]*>//' -e 's/<memory [^>]*>//' -e '/<command-line>/d' %t/sw/manifest.xml > %t/sw.man
// RUN: diff %t/cp.man %t/sw.man
// RUN: FileCheck %s --check-prefix=MAN < %t/cp.man
// MAN: <step index="5" pass="canonicalize" anchor="func.func" status="ok" changed="false">
// The timing table: every step, with the "changed" the stepwise run finds.
// RUN: sed -n 's/^ *\([0-9]*\) .*  \(yes\|no\)  *\(.*\)$/\1 \2 \3/p' %t/cp.err > %t/cp.tab
// RUN: sed -n 's/^ *\([0-9]*\) .*  \(yes\|no\)  *\(.*\)$/\1 \2 \3/p' %t/sw.err > %t/sw.tab
// RUN: diff %t/cp.tab %t/sw.tab
// RUN: FileCheck %s --check-prefix=TIMING < %t/cp.err
// TIMING: Total wall time: {{[0-9.]+}} s, CPU time: {{[0-9.]+}} s, 10 steps
// TIMING: 5 {{.*}} no builtin.module(func.func(canonicalize))
// TIMING: irscope-opt: dumps: 10 steps, 9 changed the IR, none failed:

// A step that breaks the IR inside a nested group, on every function at
// once: the failure is located at that step and documented exactly as the
// stepwise run documents it (same diagnostics, same files, the dump of the
// group's first step kept).
// RUN: not irscope-opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,irs-test-corrupt{op=arith.muli},cse),symbol-dce)' --dump-after-each=%t/f1 --verify-each -o %t/f1.out 2> %t/f1.err
// RUN: not irscope-opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,irs-test-corrupt{op=arith.muli},cse),symbol-dce)' --dump-after-each=%t/f2 --verify-each --step-timeout=600 -o %t/f2.out 2> %t/f2.err
// RUN: sed 's|/f1/|/f2/|' %t/f1.err | diff - %t/f2.err
// RUN: sh -c 'diff -r -x manifest.xml -x report.xml %t/f1 %t/f2'
// RUN: FileCheck %s --check-prefix=FAIL < %t/f1.err
// FAIL: in.mlir:{{[0-9]+}}:{{[0-9]+}}: error: operand #0 does not dominate this use
// FAIL: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-corrupt{op=arith.muli}))' broke the IR: verifier failed after pass 'irs-test-corrupt'; report: {{.*}}f1/report.xml
// RUN: ls %t/f1 | FileCheck %s --check-prefix=FFILES --match-full-lines
// FFILES: 0000-input.mlir
// FFILES-NEXT: 0001-func.func-canonicalize.mlir
// FFILES-NEXT: action-after.mlir
// FFILES-NEXT: action-before.mlir
// FFILES-NEXT: action.diff
// FFILES-NEXT: failure-input.mlir
// FFILES-NEXT: failure-output.mlir
// FFILES-NEXT: manifest.xml
// FFILES-NEXT: report.xml
// FFILES-NEXT: reproducer.mlir
// FFILES-EMPTY:
