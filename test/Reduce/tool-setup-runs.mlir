// opt-reduce --tool runs the pipeline on an empty module (to tell a
// pipeline the tool rejects, which fails on every input) only when the tool
// exits non-zero on the input: a crash is reduced without that run, which
// could not change what is reduced. The stand-in tool logs every run's
// arguments, one line each (it is a script, so every run is an exec).
// RUN: rm -rf %t && mkdir -p %t
// RUN: env FAKE_TOOL_LOG=%t/crash.log opt-reduce %s --tool=%S/Inputs/fake-tool.sh --pass-pipeline='builtin.module(test-pass-crash)' --strategies=erase-symbols -o %t/r.mlir 2>&1 | FileCheck %s --check-prefix=CRASH
// CRASH: opt-reduce: done: wrote '{{.*}}r.mlir' ({{[0-9]+}} tests); signature: crash in
// RUN: FileCheck %s --check-prefix=CRASH-LOG < %t/crash.log
// CRASH-LOG: --mlir-print-op-generic {{.*}}tool-setup-runs.mlir -o {{.*}}input.mlir
// CRASH-LOG-NOT: empty.mlir

// A failure: the run is made (here it finds a pass the tool does not
// know), after the input's check and before anything is written.
// RUN: env FAKE_TOOL_LOG=%t/fail.log not opt-reduce %s --tool=%S/Inputs/fake-tool.sh --no-such-pass -o %t/f.mlir 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: opt-reduce: error: the tool fails on an empty module with this pipeline, so on every input (a bad pass name or option?): {{.*}}no-such-pass
// RUN: test ! -e %t/f.mlir
// RUN: FileCheck %s --check-prefix=FAIL-LOG < %t/fail.log
// FAIL-LOG: --no-such-pass {{.*}}/candidate.mlir -o /dev/null
// FAIL-LOG-NEXT: --no-such-pass {{.*}}/empty.mlir -o /dev/null

func.func @f(%a: i64) -> i64 {
  %0 = arith.addi %a, %a : i64
  return %0 : i64
}
