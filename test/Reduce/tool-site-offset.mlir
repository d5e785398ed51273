// opt-reduce --tool names a crash site that has no symbol by its offset in
// its module, as irscope-opt names one: the tool's dump is unsymbolised
// and gives only the frame's absolute address, which the reducer makes an
// offset through the fork server's mappings (every run of the tool is a
// fork of it, with its layout). The offset is the one irscope-opt --tool
// reads from mlir-opt's symbolised dump, small (an address would be near
// 0x555555554000 or 0x7fff...: 12 hex digits), and the same in every run.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not irscope-opt --tool=%mlir_opt %s --pass-pipeline='builtin.module(test-pass-crash)' -o /dev/null 2> %t/irs
// RUN: opt-reduce %s --tool=%mlir_opt --pass-pipeline='builtin.module(test-pass-crash)' -o %t/r1.mlir 2> %t/one
// RUN: opt-reduce %s --tool=%mlir_opt --pass-pipeline='builtin.module(test-pass-crash)' -o %t/r2.mlir 2> %t/two
// RUN: cat %t/irs %t/one %t/two | FileCheck %s
// CHECK: irscope-opt: note: crashed in [[SITE:mlir-opt\+0x[0-9a-f]{1,8}]] (under mlir::detail::OpToOpPassAdaptor::run)
// CHECK: opt-reduce: done: wrote '{{.*}}r1.mlir' ({{[0-9]+}} tests); signature: crash in [[SITE]] (under mlir::detail::OpToOpPassAdaptor::run){{$}}
// CHECK: opt-reduce: done: wrote '{{.*}}r2.mlir' ({{[0-9]+}} tests); signature: crash in [[SITE]] (under mlir::detail::OpToOpPassAdaptor::run){{$}}
// RUN: diff %t/r1.mlir %t/r2.mlir

// Without the fork server (the tool exec'd for each run) no process's
// mappings outlive its crash: the address stays as the dump gives it.
// RUN: opt-reduce %s --tool=%mlir_opt --pass-pipeline='builtin.module(test-pass-crash)' --tool-fork-server=0 -o %t/r0.mlir 2>&1 | FileCheck %s --check-prefix=EXEC
// EXEC: signature: crash in mlir-opt+0x{{[0-9a-f]+}} (under mlir::detail::OpToOpPassAdaptor::run)

func.func @f(%a: i64) -> i64 {
  %0 = arith.addi %a, %a : i64
  return %0 : i64
}
