// opt-reduce --check-determinism reduces a nondeterminism failure, as
// irscope-opt --check-determinism finds it: a step whose two runs on
// identical copies of its input print different IR. The injected
// irs-test-nondeterministic pass marks arith.muli with a random attribute.

// RUN: opt-reduce %s --pass-pipeline='builtin.module(func.func(canonicalize),func.func(irs-test-nondeterministic{op=arith.muli}),cse)' --check-determinism -o %t --emit-lit-test=%t.lit.mlir --emit-lit-test-mode=pin 2>&1 | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: nondeterminism in irs-test-nondeterministic
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=arith.addf --implicit-check-not=arith.subi --implicit-check-not=func.func < %t
// OUT: func.func @{{[a-z0-9]+}}(
// OUT: arith.muli

// The emitted test names the mode and the message irscope-opt prints.
// RUN: FileCheck %s --check-prefix=LIT < %t.lit.mlir
// LIT: // RUN: not irscope-opt %s --check-determinism --pass-pipeline='builtin.module(func.func(irs-test-nondeterministic{op=arith.muli}))'
// LIT: // CHECK: is not deterministic: pass 'irs-test-nondeterministic' printed different IR

// =threads: the thread-race pass marks ops only when the context runs
// threads, so the first run (threading on) and the second (off) differ.
// RUN: opt-reduce %s --pass-pipeline='builtin.module(func.func(canonicalize),func.func(irs-test-thread-race{op=arith.muli mode=attr}),cse)' --check-determinism=threads -o %t.thr 2>&1 | FileCheck %s --check-prefix=THR
// THR: signature: nondeterminism in irs-test-thread-race

// A deterministic pipeline is not interesting; the message says why.
// RUN: sh -c "opt-reduce %s --pass-pipeline='builtin.module(func.func(canonicalize),cse)' --check-determinism -o %t.det; echo exit=\$?" 2>&1 | FileCheck %s --check-prefix=DET
// DET: opt-reduce: error: the input is not interesting: the pipeline succeeds on it and every step printed the same IR twice
// DET-NEXT: exit=2

// Bad uses.
// RUN: sh -c "opt-reduce %s --pass-pipeline='builtin.module(cse)' --check-determinism=sometimes -o %t.bad; echo exit=\$?" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: opt-reduce: error: option '--check-determinism' expects nothing or '=threads', not 'sometimes'
// BAD-NEXT: exit=2

func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %0, %x : i32
  return %1 : i32
}
func.func @b(%x: f32) -> f32 {
  %0 = arith.addf %x, %x : f32
  return %0 : f32
}
func.func private @c(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.subi %x, %c1 : i32
  return %0 : i32
}
