// A crash through --tool that comes after the step's pattern applications
// (llvm/llvm-project#207353: test-legalize-unknown-root-patterns leaves
// the spirv.func broken by its 5th rewrite of 6, and mlir-opt dies of
// SIGSEGV walking it afterwards) has no rewrite in flight to start from.
// The count the log reached (6) is asked, then the bisection over [0, 6]:
// the log run, that, 1 + 3 questions and the module printed before the
// action make 7 runs, within ceil(log2 6) + 4 (asking 5 as if the 6th had
// been in flight first took 8).

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s -test-legalize-unknown-root-patterns --failure-dir=%t/c -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CRASH -DDIR=%t/c
// CRASH: irscope-opt: error: step 1 'builtin.module(test-legalize-unknown-root-patterns)' crashed with SIGSEGV
// The log ends after the pass's action (the crash is in the verifier its
// pass manager runs after it), with no action in flight: the note names
// the pass that ran last, as an in-process crash outside any action does.
// CRASH: irscope-opt: note: crashed outside any action, after running pass 'test-legalize-unknown-root-patterns' on 'builtin.module' at {{.*}}narrow-tool-crash-after-patterns.mlir:[[@LINE+7]]:1 (#1): in the verifier or the pass manager
// CRASH-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// CRASH: irscope-opt: note: first rewrite that crashes the step: #5 of 6 in step 1 'builtin.module(test-legalize-unknown-root-patterns)': pattern '(anonymous namespace)::RemoveTestDialectOps' on 'test.reflect_bounds' at {{.*}}narrow-tool-crash-after-patterns.mlir:[[@LINE+10]]:10
// CRASH: exit=5
// RUN: FileCheck %s --check-prefix=REPORT < %t/c/report.xml
// REPORT: <action tag="apply-pattern" name="(anonymous namespace)::RemoveTestDialectOps" index="5" of="6" executions="7" op="test.reflect_bounds"

module {
  spirv.func @test_muli() -> i32 "None" {
    %0 = "emitc.constant"() <{value = 1 : i32}> : () -> i32
    %1 = test.with_bounds {smax = 0 : si32, smin = 0 : si32, umax = 0 : ui32, umin = 0 : ui32} : i32
    %2 = arith.muli %1, %0 : i32
    %3 = test.reflect_bounds %2 : i32
    %4 = builtin.unrealized_conversion_cast %3 : i32 to i32
    spirv.ReturnValue %4 : i32
  }
}
