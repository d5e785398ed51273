// The pipeline does not wait for a forked printer before the next step's
// dump when that step replaced most of the module (fewer than a quarter
// of the top-level ops are as the printer printed them: its texts would
// serve nothing): with the first printer held (IRS_TEST_PRINTER_HOLD, a
// test hook: it waits until a second printer has started, or 60 s),
// convert-func-to-llvm's dump gets a printer of its own (two in flight at
// most; the third waits for the oldest). That printer starts from the dump
// cache as it was (the held printer's table is not in it yet) and from a
// guess that the module has no aliases, finds them and prints with the
// module's shared state: every dump is still byte-identical to mlir-opt's
// print after that step. A run that waited for the first printer would
// log "no second printer while held".
// RUN: rm -rf %t && mkdir -p %t/hold
// RUN: %python %S/Inputs/gen_aliased.py 400 %t/in.mlir
// RUN: env IRS_TEST_FORKS_PAY=1 IRS_TEST_PRINTER_HOLD=%t/hold irscope-opt %t/in.mlir --pass-pipeline='builtin.module(convert-arith-to-llvm,convert-func-to-llvm,convert-math-to-llvm,cse)' --dump-after-each=%t/d -o %t/out.mlir
// RUN: FileCheck %s < %t/hold/log
// CHECK: held until a second printer started
// CHECK-NOT: no second printer
// RUN: %mlir_opt %t/in.mlir --pass-pipeline='builtin.module(convert-arith-to-llvm)' -o %t/ref1.mlir
// RUN: %mlir_opt %t/in.mlir --pass-pipeline='builtin.module(convert-arith-to-llvm,convert-func-to-llvm)' -o %t/ref2.mlir
// RUN: %mlir_opt %t/in.mlir --pass-pipeline='builtin.module(convert-arith-to-llvm,convert-func-to-llvm,convert-math-to-llvm)' -o %t/ref3.mlir
// RUN: %mlir_opt %t/in.mlir --pass-pipeline='builtin.module(convert-arith-to-llvm,convert-func-to-llvm,convert-math-to-llvm,cse)' -o %t/ref4.mlir
// RUN: cmp %t/ref1.mlir %t/d/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/ref2.mlir %t/d/0002-builtin.module-convert-func-to-llvm.mlir
// RUN: cmp %t/ref3.mlir %t/d/0003-builtin.module-convert-math-to-llvm.mlir
// RUN: cmp %t/ref4.mlir %t/d/0004-builtin.module-cse.mlir
// RUN: cmp %t/ref4.mlir %t/out.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d/manifest.xml
// MANIFEST-NOT: pending
// MANIFEST-NOT: lost
