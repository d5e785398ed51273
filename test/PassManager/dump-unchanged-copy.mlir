// REQUIRES: strace
// A step that leaves the IR as it was gets the previous step's dump as its
// own, copied by the kernel (copy_file_range) instead of the module being
// printed again: the second canonicalize (a nested step) and the second
// cse change nothing, so their dumps are copies of the dumps before them.
// Every dump is still byte-identical to mlir-opt's print of that prefix of
// the pipeline, and the output to mlir-opt's.
// RUN: rm -rf %t && mkdir -p %t
// LeakSanitizer cannot run under ptrace: leaks are checked by the runs below.
// RUN: env ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=copy_file_range -o %t/strace.txt irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize),func.func(canonicalize),symbol-dce,func.func(cse),func.func(cse))' --dump-after-each=%t/d -o %t/out.mlir
// RUN: grep -c 'copy_file_range(.*) = [1-9]' %t/strace.txt | FileCheck %s --check-prefix=COPIES
// COPIES: {{^}}2{{$}}
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' -o %t/ref1.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce)' -o %t/ref3.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce,func.func(cse))' -o %t/ref4.mlir
// RUN: cmp %t/ref1.mlir %t/d/0001-func.func-canonicalize.mlir
// RUN: cmp %t/ref1.mlir %t/d/0002-func.func-canonicalize.mlir
// RUN: cmp %t/ref3.mlir %t/d/0003-builtin.module-symbol-dce.mlir
// RUN: cmp %t/ref4.mlir %t/d/0004-func.func-cse.mlir
// RUN: cmp %t/ref4.mlir %t/d/0005-func.func-cse.mlir
// RUN: cmp %t/ref4.mlir %t/out.mlir
// The same run without strace (leaks checked under ASan) writes the same.
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize),func.func(canonicalize),symbol-dce,func.func(cse),func.func(cse))' --dump-after-each=%t/l -o /dev/null
// RUN: cmp %t/d/0005-func.func-cse.mlir %t/l/0005-func.func-cse.mlir
// The manifest names each copy as the step's own dump and says it changed
// nothing.
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d/manifest.xml
// MANIFEST: <dump file="0001-func.func-canonicalize.mlir" hash="[[H1:[0-9a-f]+]]"/>
// MANIFEST: <step index="2"{{.*}}changed="false"
// MANIFEST: <dump file="0002-func.func-canonicalize.mlir" hash="[[H1]]"/>
// MANIFEST: <dump file="0004-func.func-cse.mlir" hash="[[H4:[0-9a-f]+]]"/>
// MANIFEST: <step index="5"{{.*}}changed="false"
// MANIFEST: <dump file="0005-func.func-cse.mlir" hash="[[H4]]"/>
// Module-level steps: the second symbol-dce changes nothing. Its dump is a
// copy once the first one's is on disk; either way it is the same bytes.
// RUN: irscope-opt %s --pass-pipeline='builtin.module(symbol-dce,symbol-dce,func.func(cse))' --dump-after-each=%t/m -o /dev/null
// RUN: cmp %t/m/0001-builtin.module-symbol-dce.mlir %t/m/0002-builtin.module-symbol-dce.mlir

func.func private @dead(%a: i32) -> i32 {
  return %a : i32
}
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %c0 : i32
  %y = arith.muli %x, %x : i32
  %z = arith.muli %x, %x : i32
  %s = arith.addi %y, %z : i32
  return %s : i32
}
func.func @g(%a: i32, %b: i32) -> i32 {
  %y = arith.muli %a, %b : i32
  return %y : i32
}
