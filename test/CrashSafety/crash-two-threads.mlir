// Two threads of the worker crash at once, as MLIR's verifier makes them
// when the functions it checks on two threads of its pool carry the same
// broken attribute (llvm/llvm-project#205266,
// test/Actions/crash-index-after-group-verify.mlir). irs-test-race with
// both=1 makes the second fault land while the first thread is in its
// crash handler: the crash is still told whole, by one thread (the signal,
// its stack trace, the site and the action in flight), never cut short by
// the other thread's fault.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-race{op=func.func meet=1 both=1 spin=20000000}))" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR
// ERR: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-race{op=func.func meet=1 both=1 spin=20000000}))' crashed with SIGSEGV
// ERR-NEXT: irscope-opt: note: crashed in {{raceWindow|faultWhileHandled}} at {{.*}}TestRace.c:{{[0-9]+}}
// ERR: irscope-opt: note: crashed while running pass 'irs-test-race' on 'func.func' at {{.*}}crash-two-threads.mlir:{{[0-9]+}}:1
// ERR: exit=5
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="crash" step="1" pass="irs-test-race" {{.*}}signal-name="SIGSEGV" {{.*}}crash-site="libirscope.so{{[.0-9]*}}+0x{{[0-9a-f]+}}">
// REPORT: <stderr>irscope-opt: fatal signal SIGSEGV
// REPORT-NEXT: Stack trace:
// REPORT-NEXT: {{.*}}irscope-opt(+0x{{[0-9a-f]+}})
// REPORT: <stack-trace>#0 libirscope.so{{[.0-9]*}}+0x
// REPORT: <symbolised-trace>#0 {{raceWindow|faultWhileHandled}} at {{.*}}TestRace.c
// REPORT: <action tag="pass-execution" name="irs-test-race" {{.*}}op="func.func" loc="{{.*}}crash-two-threads.mlir:{{[0-9]+}}:1" in-flight="true"/>

func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}

// A sanitizer's own fault handling may tell the first fault instead.
// UNSUPPORTED: asan
