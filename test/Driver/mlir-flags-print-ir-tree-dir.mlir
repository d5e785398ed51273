// mlir-opt's --mlir-print-ir-tree-dir=DIR: MLIR writes each dump to a file
// in a tree mirroring the IR's nesting instead of stderr. Run as one
// pipeline, irscope-opt's tree is mlir-opt's, file for file and byte for
// byte. Step by step (--dump-after-each), MLIR numbers the files per pass
// manager, i.e. per step, so each step gets its own sub-directory named like
// its dump: a pass that runs again later cannot overwrite the first run's
// files.

// RUN: rm -rf %t.ref %t.out %t.step %t.d
// RUN: %mlir_opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse,canonicalize),symbol-dce)' --mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-print-ir-tree-dir=%t.ref > %t.ref.stdout 2> %t.ref.err
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse,canonicalize),symbol-dce)' --mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-print-ir-tree-dir=%t.out > %t.stdout 2> %t.err
// RUN: diff -r %t.ref %t.out
// RUN: diff %t.ref.stdout %t.stdout
// RUN: FileCheck %s --check-prefix=NOERR --allow-empty < %t.err
// NOERR-NOT: {{.}}
// RUN: cd %t.out && find . -type f | sort | FileCheck %s --check-prefix=WHOLE
// WHOLE:      ./builtin_module_no-symbol-name/1_symbol-dce.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/2_symbol-dce.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_f/0_0_canonicalize.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_f/0_1_canonicalize.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_f/0_2_cse.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_f/0_3_cse.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_f/0_4_canonicalize.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_f/0_5_canonicalize.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_g/0_0_canonicalize.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_g/0_1_canonicalize.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_g/0_2_cse.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_g/0_3_cse.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_g/0_4_canonicalize.mlir
// WHOLE-NEXT: ./builtin_module_no-symbol-name/func_func_g/0_5_canonicalize.mlir
// WHOLE-NOT:  {{.}}
// One file per print: before and after get consecutive numbers.
// RUN: FileCheck %s --check-prefix=FILE-BEFORE < %t.out/builtin_module_no-symbol-name/func_func_f/0_2_cse.mlir
// FILE-BEFORE:      {{^}}// -----// IR Dump Before CSE (cse) //----- //
// FILE-BEFORE-NEXT: func.func @f(
// RUN: FileCheck %s --check-prefix=FILE-AFTER < %t.out/builtin_module_no-symbol-name/func_func_f/0_3_cse.mlir
// FILE-AFTER:      {{^}}// -----// IR Dump After CSE (cse) //----- //
// FILE-AFTER-NEXT: func.func @f(

// Step by step.
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse,canonicalize),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-tree-dir=%t.step --dump-after-each=%t.d > %t.step.stdout 2> %t.step.err
// RUN: diff %t.ref.stdout %t.step.stdout
// RUN: FileCheck %s --check-prefix=NOERR --allow-empty < %t.step.err
// RUN: cd %t.step && find . -type f | sort | FileCheck %s --check-prefix=STEP
// STEP:      ./0001-func.func-canonicalize/builtin_module_no-symbol-name/func_func_f/0_0_canonicalize.mlir
// STEP-NEXT: ./0001-func.func-canonicalize/builtin_module_no-symbol-name/func_func_g/0_0_canonicalize.mlir
// STEP-NEXT: ./0002-func.func-cse/builtin_module_no-symbol-name/func_func_f/0_0_cse.mlir
// STEP-NEXT: ./0002-func.func-cse/builtin_module_no-symbol-name/func_func_g/0_0_cse.mlir
// STEP-NEXT: ./0003-func.func-canonicalize/builtin_module_no-symbol-name/func_func_f/0_0_canonicalize.mlir
// STEP-NEXT: ./0003-func.func-canonicalize/builtin_module_no-symbol-name/func_func_g/0_0_canonicalize.mlir
// STEP-NEXT: ./0004-builtin.module-symbol-dce/builtin_module_no-symbol-name/0_symbol-dce.mlir
// STEP-NOT:  {{.}}
// The first canonicalize's dump of @f is the one mlir-opt wrote.
// RUN: diff %t.ref/builtin_module_no-symbol-name/func_func_f/0_1_canonicalize.mlir %t.step/0001-func.func-canonicalize/builtin_module_no-symbol-name/func_func_f/0_0_canonicalize.mlir
// RUN: FileCheck %s --check-prefix=CANON < %t.step/0001-func.func-canonicalize/builtin_module_no-symbol-name/func_func_f/0_0_canonicalize.mlir
// CANON:      {{^}}// -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CANON-NEXT: func.func @f(%arg0: i32) -> i32 {
// CANON-NEXT:   %0 = arith.muli %arg0, %arg0 : i32

func.func @f(%a: i32) -> i32 {
  %c = arith.constant 0 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.addi %a, %c : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  return %a : i32
}
