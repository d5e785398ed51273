// opt-reduce --tool checks its result as written: the tool runs the
// pipeline on -o once more and must fail with the target signature. When
// the result printed back in the tool's custom syntax does not, the
// generic form every candidate was tested in is put back and checked;
// when nothing written fails that way, opt-reduce says so and exits 1.
// RUN: opt-reduce %s --tool=%mlir_opt --pass-pipeline='builtin.module(func.func(test-pass-create-invalid-ir))' -o %t.ok.mlir 2>&1 | FileCheck %s --check-prefix=OK
// OK: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: failure: '{{.+}}'
// OK-NEXT: opt-reduce: checked: the tool on '{{.*}}.ok.mlir' as written: failure: '{{.+}}'

// RUN: env FAKE_TOOL=generic-only opt-reduce %s --tool=%S/Inputs/fake-tool.sh --pass-pipeline='builtin.module(func.func(test-pass-create-invalid-ir))' -o %t.g.mlir 2>&1 | FileCheck %s --check-prefix=GENERIC
// GENERIC: opt-reduce: note: the tool on '{{.*}}.g.mlir' in its custom syntax: ok, not the target: '{{.*}}.g.mlir' is in generic form
// GENERIC-NEXT: opt-reduce: checked: the tool on '{{.*}}.g.mlir' as written: failure
// RUN: FileCheck %s --check-prefix=GENERIC-OUT < %t.g.mlir
// GENERIC-OUT: "func.func"() <{

// RUN: sh -c 'env FAKE_TOOL=not-result opt-reduce %s --tool=%S/Inputs/fake-tool.sh --pass-pipeline="builtin.module(func.func(test-pass-create-invalid-ir))" -o %t.result.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: opt-reduce: note: the tool on '{{.*}}.result.mlir' in its custom syntax: ok, not the target
// BAD-NEXT: opt-reduce: error: the tool on '{{.*}}.result.mlir' as written: ok, not the target (failure: '{{.+}}'); '{{.*}}.result.mlir' holds the last result the reduction accepted
// BAD: exit=1

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
