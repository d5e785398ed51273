// mlir-opt's --mlir-print-ir-before-all, --mlir-print-ir-after-all,
// --mlir-print-ir-after-change and --mlir-print-ir-module-scope: MLIR's own
// printer writes the dumps to stderr, so irscope-opt's stderr and stdout are
// byte for byte mlir-opt's, with and without crash protection (the worker's
// stderr is forwarded by the supervisor). Threading is off where several
// functions are printed: with it, MLIR prints them in whatever order its
// threads finish, in mlir-opt as here.

// After all passes.
// RUN: %mlir_opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-all > %t.after.ref 2> %t.after.ref.err
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-all > %t.after.out 2> %t.after.err
// RUN: diff %t.after.ref %t.after.out
// RUN: diff %t.after.ref.err %t.after.err
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-all --crash-protection=0 > %t.after.out2 2> %t.after.err2
// RUN: diff %t.after.ref %t.after.out2
// RUN: diff %t.after.ref.err %t.after.err2
// RUN: FileCheck %s --check-prefix=AFTER < %t.after.err
// AFTER:      {{^}}// -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NEXT: func.func @f(%arg0: i32) -> i32 {
// AFTER-NEXT:   %0 = arith.muli %arg0, %arg0 : i32
// AFTER:      {{^}}// -----// IR Dump After CSE (cse) //----- //
// AFTER-NEXT: func.func @f(
// AFTER:      {{^}}// -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NEXT: func.func @g(
// AFTER:      {{^}}// -----// IR Dump After CSE (cse) //----- //
// AFTER-NEXT: func.func @g(
// AFTER:      {{^}}// -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// AFTER-NEXT: {{^}}module {
// AFTER-NOT:  IR Dump

// Before all passes.
// RUN: %mlir_opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-before-all > %t.before.ref 2> %t.before.ref.err
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-before-all > %t.before.out 2> %t.before.err
// RUN: diff %t.before.ref %t.before.out
// RUN: diff %t.before.ref.err %t.before.err
// RUN: FileCheck %s --check-prefix=BEFORE < %t.before.err
// BEFORE:      {{^}}// -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// BEFORE-NEXT: func.func @f(%arg0: i32) -> i32 {
// BEFORE-NEXT:   %c0_i32 = arith.constant 0 : i32
// BEFORE:      {{^}}// -----// IR Dump Before CSE (cse) //----- //
// BEFORE:      {{^}}// -----// IR Dump Before SymbolDCE (symbol-dce) //----- //
// BEFORE-NOT:  IR Dump After

// Only after the passes that changed the IR: canonicalize on @f alone.
// RUN: %mlir_opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-after-change > %t.change.ref 2> %t.change.ref.err
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-all --mlir-print-ir-after-change > %t.change.out 2> %t.change.err
// RUN: diff %t.change.ref %t.change.out
// RUN: diff %t.change.ref.err %t.change.err
// RUN: FileCheck %s --check-prefix=CHANGE < %t.change.err
// CHANGE:      {{^}}// -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHANGE-NEXT: func.func @f(
// CHANGE-NOT:  IR Dump

// --mlir-print-ir-after-change alone prints nothing, as in mlir-opt.
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-after-change > %t.alone.out 2> %t.alone.err
// RUN: diff %t.after.ref %t.alone.out
// RUN: FileCheck %s --check-prefix=ALONE --allow-empty < %t.alone.err
// ALONE-NOT: {{.}}

// Module scope: the header names the op the pass ran on; both directions.
// RUN: %mlir_opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-print-ir-module-scope > %t.scope.ref 2> %t.scope.ref.err
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-print-ir-module-scope > %t.scope.out 2> %t.scope.err
// RUN: diff %t.scope.ref %t.scope.out
// RUN: diff %t.scope.ref.err %t.scope.err
// RUN: FileCheck %s --check-prefix=SCOPE < %t.scope.err
// SCOPE:      {{^}}// -----// IR Dump Before Canonicalizer (canonicalize) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: {{^}}module {
// SCOPE:      {{^}}// -----// IR Dump After SymbolDCE (symbol-dce) ('builtin.module' operation) //----- //

// Module scope needs threading off: mlir-opt refuses it with this message
// (MLIR itself would abort), and so does irscope-opt, before running.
// RUN: not %mlir_opt %s --canonicalize --mlir-print-ir-after-all --mlir-print-ir-module-scope 2> %t.mt.ref.err
// RUN: FileCheck %s --check-prefix=MT < %t.mt.ref.err
// RUN: sh -c 'irscope-opt %s --canonicalize --mlir-print-ir-after-all --mlir-print-ir-module-scope 2> %t.mt.err; echo exit=$?' > %t.mt.out
// RUN: FileCheck %s --check-prefix=MT < %t.mt.err
// RUN: FileCheck %s --check-prefix=MT-IRS < %t.mt.err
// RUN: FileCheck %s --check-prefix=MT-EXIT < %t.mt.out
// MT:     error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first
// MT-IRS: {{^}}irscope-opt: error: IR print for module scope {{.*}}; add '--mlir-disable-threading'
// MT-EXIT:     {{^}}exit=2{{$}}
// MT-EXIT-NOT: {{.}}

// Threading on (the default), a pass on the module itself: nothing depends
// on the order in which threads finish.
// RUN: %mlir_opt %s --canonicalize --mlir-print-ir-before-all --mlir-print-ir-after-all > %t.mt1.ref 2> %t.mt1.ref.err
// RUN: irscope-opt %s --canonicalize --mlir-print-ir-before-all --mlir-print-ir-after-all > %t.mt1.out 2> %t.mt1.err
// RUN: diff %t.mt1.ref %t.mt1.out
// RUN: diff %t.mt1.ref.err %t.mt1.err
// RUN: FileCheck %s --check-prefix=MT1 < %t.mt1.err
// MT1:      {{^}}// -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// MT1-NEXT: {{^}}module {
// MT1:      {{^}}// -----// IR Dump After Canonicalizer (canonicalize) //----- //
// MT1-NEXT: {{^}}module {

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
