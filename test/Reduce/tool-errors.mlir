// opt-reduce --tool: a tool that is missing, cannot be run, cannot print
// the generic form, prints garbage, rejects the pipeline, cannot print the
// result back, or does not take ub.poison; and options tool mode refuses.
// RUN: not opt-reduce %s --tool=/nonexistent/mlir-opt --canonicalize 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: opt-reduce: error: cannot find tool '/nonexistent/mlir-opt'
// RUN: not opt-reduce %s --tool=no-such-tool-anywhere --canonicalize 2>&1 | FileCheck %s --check-prefix=MISSING-PATH
// MISSING-PATH: opt-reduce: error: cannot find tool 'no-such-tool-anywhere'
// RUN: not opt-reduce %s --tool=%s --canonicalize 2>&1 | FileCheck %s --check-prefix=NOEXEC
// NOEXEC: opt-reduce: error: cannot run the tool '{{.*}}tool-errors.mlir': not an executable file
// RUN: env FAKE_TOOL=no-generic not opt-reduce %s --tool=%S/Inputs/fake-tool.sh --canonicalize 2>&1 | FileCheck %s --check-prefix=NOGENERIC
// NOGENERIC: opt-reduce: error: the tool cannot print '{{.*}}tool-errors.mlir' in generic form: fake-tool: error: unknown option '--mlir-print-op-generic'
// RUN: env FAKE_TOOL=garbage not opt-reduce %s --tool=%S/Inputs/fake-tool.sh --canonicalize 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: input.mlir:1:1: error:
// RUN: not opt-reduce %s --tool=%mlir_opt --no-such-pass 2>&1 | FileCheck %s --check-prefix=BADPASS
// BADPASS: opt-reduce: error: the tool fails on an empty module with this pipeline, so on every input (a bad pass name or option?): {{.*}}no-such-pass
// RUN: not opt-reduce %s --tool=%mlir_opt --canonicalize 2>&1 | FileCheck %s --check-prefix=BORING
// BORING: opt-reduce: error: the input is not interesting: the tool succeeds on it
// RUN: not opt-reduce %s --tool=%mlir_opt --canonicalize --check-determinism 2>&1 | FileCheck %s --check-prefix=COMBINE
// COMBINE: opt-reduce: error: '--check-determinism' cannot be combined with '--tool'
// The executions of --miscompile run in irscope's own MLIR, not the tool:
// refused rather than reduced as a crash (upstream #219616 is a wrong result
// of mlir-opt's test pass test-scf-uplift-while-to-for).
// RUN: not opt-reduce %s --tool=%mlir_opt --test-scf-uplift-while-to-for --miscompile 2>&1 | FileCheck %s --check-prefix=MISCOMPILE
// MISCOMPILE: opt-reduce: error: '--miscompile' cannot be combined with '--tool'
// RUN: not opt-reduce %s --tool=%mlir_opt --canonicalize --test=true 2>&1 | FileCheck %s --check-prefix=MODES
// MODES: opt-reduce: error: give exactly one of --pass-pipeline, pass flags, or --test

// The tool cannot print the result in its custom syntax: it stays generic.
// RUN: env FAKE_TOOL=no-printback opt-reduce %s --tool=%S/Inputs/fake-tool.sh --pass-pipeline='builtin.module(func.func(test-pass-create-invalid-ir))' -o %t.mlir 2>&1 | FileCheck %s --check-prefix=PRINTBACK
// PRINTBACK: opt-reduce: note: the tool cannot print the result in its custom syntax (fake-tool: error: the printer is broken): '{{.*}}' is in generic form
// RUN: FileCheck %s --check-prefix=GENERIC < %t.mlir
// GENERIC: "func.func"() <{

// A tool without ub.poison: erased results are replaced by an earlier
// value of the same type, never by poison.
// RUN: env FAKE_TOOL=no-poison opt-reduce %s --tool=%S/Inputs/fake-tool.sh --pass-pipeline='builtin.module(func.func(test-pass-create-invalid-ir))' --strategies=erase-symbols,erase-ops -o %t.np.mlir -v 2>&1 | FileCheck %s --check-prefix=NOPOISON
// NOPOISON: opt-reduce: note: the tool does not take 'ub.poison': uses of erased results get an earlier value of the same type instead
// NOPOISON: signature: failure
// RUN: FileCheck %s --check-prefix=NOPOISON-OUT < %t.np.mlir
// NOPOISON-OUT-NOT: ub.poison
// NOPOISON-OUT: func.func @f
// NOPOISON-OUT-NEXT: return %arg0 : i32

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
func.func @g() {
  return
}
