// REQUIRES: strace
// LeakSanitizer cannot run under ptrace.
// UNSUPPORTED: asan
// The output is the final dump's bytes, read from the file, when it is
// printed with the dumps' flags; with other flags (here local scope) the
// module is printed and the dump is never read. (The bytes themselves are
// checked in output-from-final-dump.mlir.) Either way the dump is read
// once after it is written, for the manifest's hash of it.
// RUN: rm -rf %t.d && strace -f -e trace=openat -o %t.trace irscope-opt %s --canonicalize --dump-after-each=%t.d -o %t.out 2> /dev/null
// RUN: FileCheck %s --check-prefix=READ < %t.trace
// READ: 0001-builtin.module-canonicalize.mlir", O_RDONLY
// READ: 0001-builtin.module-canonicalize.mlir", O_RDONLY
// RUN: cmp %t.out %t.d/0001-builtin.module-canonicalize.mlir
// RUN: rm -rf %t.d && strace -f -e trace=openat -o %t.trace2 irscope-opt %s --canonicalize --mlir-print-local-scope --dump-after-each=%t.d -o %t.out2 2> /dev/null
// RUN: FileCheck %s --check-prefix=PRINTED < %t.trace2
// PRINTED: 0001-builtin.module-canonicalize.mlir.tmp-{{.*}}O_CREAT
// PRINTED: 0001-builtin.module-canonicalize.mlir", O_RDONLY
// PRINTED-NOT: 0001-builtin.module-canonicalize.mlir", O_RDONLY
// RUN: %mlir_opt %s --canonicalize --mlir-print-local-scope -o %t.ref2
// RUN: cmp %t.ref2 %t.out2

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}
