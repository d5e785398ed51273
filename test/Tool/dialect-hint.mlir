// Without --tool, IR of a dialect irscope's MLIR does not have (here
// mlir-opt's test dialect) fails to parse, and the error is followed by a
// note that --tool runs the compiler that has it; in generic form, the
// note also names --allow-unregistered-dialect. opt-reduce says the same.
// RUN: not irscope-opt %s --canonicalize 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: Dialect `test' not found for custom op 'test.copy'
// OPT: irscope-opt: note: dialect 'test' is not in irscope's MLIR: run the compiler that has it with --tool=PATH (--tool=mlir-opt for mlir-opt's test dialect, --tool=fir-opt for Flang's){{$}}
// RUN: not opt-reduce %s --canonicalize -o /dev/null 2>&1 | FileCheck %s --check-prefix=REDUCE
// REDUCE: opt-reduce: note: dialect 'test' is not in irscope's MLIR: run the compiler that has it with --tool=PATH
// RUN: irscope-opt %s --tool=%mlir_opt --canonicalize -o /dev/null 2>&1 | count 0

// RUN: printf '"test.op"() : () -> ()\n' > %t.generic.mlir
// RUN: not irscope-opt %t.generic.mlir --canonicalize 2>&1 | FileCheck %s --check-prefix=GENERIC
// GENERIC: irscope-opt: note: the op's dialect is not in irscope's MLIR: run the compiler that has it with --tool=PATH (--tool=mlir-opt for mlir-opt's test dialect, --tool=fir-opt for Flang's), or give --allow-unregistered-dialect to keep its ops opaque

// A dialect that is there but misspelt gets no such note.
// RUN: printf 'func.func @f() {\n  arith.nope\n  return\n}\n' > %t.op.mlir
// RUN: not irscope-opt %t.op.mlir --canonicalize 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: note: {{.*}}--tool

func.func @f(%a: memref<2xf32>, %b: memref<2xf32>) {
  test.copy(%a, %b) : (memref<2xf32>, memref<2xf32>)
  return
}
