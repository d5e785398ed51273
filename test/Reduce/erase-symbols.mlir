// The erase-symbols strategy: ddmin over the module's top-level ops. Every
// function and global that the crash does not need goes; the function
// holding the op irs-test-crash dies on stays, untouched (erase-ops is not
// enabled, so its body keeps every op).
//
// The crash is a real SIGSEGV, and its signature is "crash" in sanitizer
// builds too: the candidates' workers must die of the signal, not exit
// through a sanitizer's SEGV report.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -f %t.out
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" --strategies=erase-symbols -o %t.out; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG -DOUT=%t.out < %t.log
// One line per improvement, then the summary with the signature kept.
// LOG: opt-reduce: erase-symbols: {{[0-9]+}} ops ({{[0-9]+}} tests, {{[0-9.]+}} s)
// LOG-NOT: opt-reduce: error:
// LOG: opt-reduce: done: wrote '[[OUT]]' ({{[0-9]+}} tests); signature: crash in irs-test-crash
// LOG-NEXT: exit=0

// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=func.func --implicit-check-not=memref.global < %t.out
// OUT:      module {
// OUT-NEXT:   func.func @crashes(%arg0: i32) -> i32 {
// OUT-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// OUT-NEXT:     %1 = arith.muli %0, %arg0 : i32
// OUT-NEXT:     return %1 : i32
// OUT-NEXT:   }
// OUT-NEXT: }

// The output is valid IR that still crashes the pipeline.
// RUN: sh -c 'irscope-opt %t.out --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" --failure-dir=%t.fail -o %t.replay; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY
// REPLAY: irscope-opt: error: step 1 {{.*}} crashed with SIGSEGV
// REPLAY: irscope-opt: note: report: {{.*}}/report.xml
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// REPLAY-NEXT: exit=5

// Pass flags instead of --pass-pipeline, and -j (accepted; tests still run
// one at a time): the same result.
// RUN: opt-reduce %s --irs-test-crash=op=arith.muli -j 4 --strategies=erase-symbols -o %t.flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FLAGS
// FLAGS: signature: crash in irs-test-crash
// RUN: diff %t.out %t.flags

func.func @unrelated(%a: i32) -> i32 {
  %0 = arith.subi %a, %a : i32
  return %0 : i32
}
memref.global "private" @table : memref<4xi32>
func.func @crashes(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
func.func private @decl(i32) -> i32
func.func @caller(%a: i32) -> i32 {
  %0 = func.call @decl(%a) : (i32) -> i32
  return %0 : i32
}
