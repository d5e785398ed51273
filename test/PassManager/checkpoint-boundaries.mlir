// A checkpointed run that dumps or verifies (--verify-each is on by
// default) closes each nested step on the module before the next step
// starts on any function (lib/PassManager/Checkpoint.c). Two things depend
// on that boundary, and a stepwise run (--step-timeout forces one) is the
// reference for both:
//  - --verify-each verifies the whole module after a nested step: a pass on
//    func.func that points a call at a missing symbol leaves every function
//    valid on its own, and only the module's verifier (its symbol table)
//    sees it;
//  - the dumps and manifest on disk when a later step crashes are those of
//    the steps before it, whichever functions MLIR's threads had taken
//    further, and the crash is announced in its own step.
// The input is the benchmark's generator (75 functions, several threads
// take part) with one function holding the op the crashing pass looks for.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %irscope_src/bench/gen_module.py --lines 3000 -o %t/gen.mlir
// RUN: sed '$d' %t/gen.mlir > %t/in.mlir
// RUN: cat %S/Inputs/checkpoint-sqrt-tail.mlir >> %t/in.mlir

// RUN: not irscope-opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,irs-test-corrupt{op=func.call mode=symbol},cse),symbol-dce)' --dump-after-each=%t/v1 -o %t/v1.out 2> %t/v1.err
// RUN: not irscope-opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,irs-test-corrupt{op=func.call mode=symbol},cse),symbol-dce)' --dump-after-each=%t/v2 --step-timeout=600 -o %t/v2.out 2> %t/v2.err
// RUN: sed 's|/v1/|/v2/|' %t/v1.err | diff - %t/v2.err
// RUN: sh -c 'diff -r -x manifest.xml -x report.xml %t/v1 %t/v2'
// RUN: FileCheck %s --check-prefix=SYM < %t/v1.err
// SYM: error: 'func.call' op 'irs.missing.symbol' does not reference a valid function
// SYM: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-corrupt{op=func.call mode=symbol}))' broke the IR: verifier failed after pass 'irs-test-corrupt'; report: {{.*}}v1/report.xml
// RUN: ls %t/v1 | FileCheck %s --check-prefix=VFILES --match-full-lines
// VFILES: 0000-input.mlir
// VFILES-NEXT: 0001-func.func-canonicalize.mlir
// VFILES-NEXT: action-after.mlir
// VFILES-NEXT: action-before.mlir
// VFILES-NEXT: action.diff
// VFILES-NEXT: failure-input.mlir
// VFILES-NEXT: failure-output.mlir
// VFILES-NEXT: manifest.xml
// VFILES-NEXT: report.xml
// VFILES-NEXT: reproducer.mlir
// VFILES-EMPTY:

// The same step last: nothing after it would verify the module again. A
// dumping run verifies each changed function on its thread and the module
// itself (symbol table and uses) as MLIR's verifier does after a nested
// step; that must catch it.
// RUN: not irscope-opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,irs-test-corrupt{op=func.call mode=symbol}))' --dump-after-each=%t/v3 -o %t/v3.out 2> %t/v3.err
// RUN: FileCheck %s --check-prefix=SYMLAST < %t/v3.err
// SYMLAST: error: 'func.call' op 'irs.missing.symbol' does not reference a valid function
// SYMLAST: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-corrupt{op=func.call mode=symbol}))' broke the IR: verifier failed after pass 'irs-test-corrupt'; report: {{.*}}v3/report.xml

// Without dumps, the default --verify-each still sees it (--timing alone
// makes the run instrumented).
// RUN: not irscope-opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,irs-test-corrupt{op=func.call mode=symbol},cse),symbol-dce)' --timing --failure-dir=%t/t1 -o %t/t1.out 2> %t/t1.err
// RUN: FileCheck %s --check-prefix=TSYM < %t/t1.err
// TSYM: error: 'func.call' op 'irs.missing.symbol' does not reference a valid function
// TSYM: irscope-opt: error: step 2 {{.*}} broke the IR: verifier failed after pass 'irs-test-corrupt'

// A crash in the group's second step, in one function of 76.
// RUN: not irscope-opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,irs-test-crash{op=math.sqrt},cse),symbol-dce)' --dump-after-each=%t/c1 -o %t/c1.out 2> %t/c1.err
// RUN: not irscope-opt %t/in.mlir --pass-pipeline='builtin.module(func.func(canonicalize,irs-test-crash{op=math.sqrt},cse),symbol-dce)' --dump-after-each=%t/c2 --step-timeout=600 -o %t/c2.out 2> %t/c2.err
// RUN: FileCheck %s --check-prefix=CRASH < %t/c1.err
// CRASH: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-crash{op=math.sqrt}))' crashed with SIGSEGV
// CRASH: irscope-opt: note: report: {{.*}}c1/report.xml
// RUN: ls %t/c1 | FileCheck %s --check-prefix=CFILES --match-full-lines
// CFILES: 0000-input.mlir
// CFILES-NEXT: 0001-func.func-canonicalize.mlir
// CFILES-NEXT: failure-input.mlir
// CFILES-NEXT: manifest.xml
// CFILES-NEXT: report.xml
// CFILES-NEXT: reproducer-full.mlir
// CFILES-NEXT: reproducer.mlir
// CFILES-EMPTY:
// RUN: sh -c 'diff -r -x manifest.xml -x report.xml %t/c1 %t/c2'
// RUN: sed -e 's/<time [^>]*>//' -e 's/<memory [^>]*>//' -e '/<command-line>/d' -e 's/ elapsed-ms="[^"]*"//' %t/c1/manifest.xml > %t/c1.man
// RUN: sed -e 's/<time [^>]*>//' -e 's/<memory [^>]*>//' -e '/<command-line>/d' -e 's/ elapsed-ms="[^"]*"//' %t/c2/manifest.xml > %t/c2.man
// RUN: diff %t/c1.man %t/c2.man
// RUN: FileCheck %s --check-prefix=LASTGOOD < %t/c1/report.xml
// LASTGOOD: <failure kind="crash" step="2" pass="irs-test-crash" anchor="func.func"
// LASTGOOD: <last-good-dump file="0001-func.func-canonicalize.mlir"/>
