// With --dump-after-each, the output is copied from the dump of the final
// IR when it is printed with the dumps' flags (irsPassManagerGetFinalDump),
// instead of printing the module once more. The bytes must stay mlir-opt's
// and a run without dumps': -o and stdout, supervised and not, each
// --split-input-file chunk with its marker, --dump-only-changed (the last
// step changes nothing here, so the final dump is an earlier step's, and
// the third chunk's is its input's), --dump-in-background, generic and
// debug-info printing, and flags the dumps do not print with (local scope),
// for which the module is printed. The second chunk has an alias (#map),
// so its dumps cannot be stitched from per-function texts and are printed
// whole on the module.
// RUN: %mlir_opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' -o %t.ref
// RUN: irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --crash-protection=0 -o %t.plain
// RUN: cmp %t.ref %t.plain
// RUN: rm -rf %t.d && irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --dump-after-each=%t.d -o %t.out 2> /dev/null
// RUN: cmp %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --dump-after-each=%t.d > %t.stdout 2> /dev/null
// RUN: cmp %t.ref %t.stdout
// RUN: rm -rf %t.d && irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --dump-after-each=%t.d --crash-protection=0 > %t.unprotected 2> /dev/null
// RUN: cmp %t.ref %t.unprotected
// RUN: rm -rf %t.d && irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --dump-after-each=%t.d --dump-only-changed -o %t.changed 2> /dev/null
// RUN: cmp %t.ref %t.changed
// RUN: ls %t.d/chunk-003 | FileCheck %s --check-prefix=UNCHANGED
// UNCHANGED: 0000-input.mlir
// UNCHANGED-NEXT: manifest.xml
// RUN: rm -rf %t.d && irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --dump-after-each=%t.d --dump-in-background -o %t.bg 2> /dev/null
// RUN: cmp %t.ref %t.bg
// RUN: rm -rf %t.d && irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --dump-after-each=%t.d --verify-each --timing -o %t.instr 2> /dev/null
// RUN: cmp %t.ref %t.instr

// A chunk that fails (the second: it has an arith.muli) has no output; the
// others still have theirs, on stdout as without dumps.
// RUN: not irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),func.func(irs-test-fail{op=arith.muli}))' --crash-protection=0 > %t.fref 2> /dev/null
// RUN: rm -rf %t.fd && not irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),func.func(irs-test-fail{op=arith.muli}))' --dump-after-each=%t.fd > %t.fout 2> /dev/null
// RUN: cmp %t.fref %t.fout
// RUN: FileCheck %s --check-prefix=FAILED < %t.fout
// FAILED: func.func @keep
// FAILED-NOT: @mapped
// FAILED: func.func @loc

// The last chunk's final dump is the output's last part, byte for byte.
// RUN: %mlir_opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' | awk 'f; /^\/\/ -----$/ {n++; if (n == 2) f = 1}' > %t.last
// RUN: cmp %t.last %t.d/chunk-003/0004-func.func-cse.mlir

// Generic form and debug info: the dumps are printed so too.
// RUN: %mlir_opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --mlir-print-op-generic --mlir-print-debuginfo -o %t.gref
// RUN: rm -rf %t.d && irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --mlir-print-op-generic --mlir-print-debuginfo --dump-after-each=%t.d -o %t.gout 2> /dev/null
// RUN: cmp %t.gref %t.gout
// RUN: FileCheck %s --check-prefix=GENERIC < %t.gout
// GENERIC: "func.func"() <{{.*}}sym_name = "keep"
// GENERIC: loc("here")

// Local scope: the dumps do not use it, so the module is printed.
// RUN: %mlir_opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --mlir-print-local-scope -o %t.lref
// RUN: rm -rf %t.d && irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce,func.func(cse))' --mlir-print-local-scope --dump-after-each=%t.d -o %t.lout 2> /dev/null
// RUN: cmp %t.lref %t.lout
// RUN: FileCheck %s --check-prefix=LOCAL < %t.lout
// LOCAL: attributes {m = affine_map<(d0) -> (d0 + 1)>}

// RUN: FileCheck %s < %t.out
// CHECK:       {{^}}module @named attributes {test.flag = 7 : i32} {
// CHECK-NEXT:    func.func @keep(%arg0: i32) -> i32 {
// CHECK-NEXT:      return %arg0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  {{^// -{5}$}}
// CHECK-NEXT:  {{^}}#map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT:  {{^}}module {
// CHECK-NEXT:    func.func @mapped(%arg0: index) -> index attributes {m = #map} {
// CHECK-NEXT:      %0 = arith.addi %arg0, %arg0 : index
// CHECK-NEXT:      %1 = arith.muli %0, %0 : index
// CHECK-NEXT:      return %1 : index
// CHECK:       {{^// -{5}$}}
// CHECK-NEXT:  {{^}}module {
// CHECK-NEXT:    func.func @loc(%arg0: f32) -> f32 {

module @named attributes {test.flag = 7 : i32} {
  func.func @keep(%a: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    %0 = arith.addi %a, %c0 : i32
    %1 = arith.addi %0, %c0 : i32
    return %1 : i32
  }
  func.func private @unused() {
    return
  }
}

// -----

func.func @mapped(%a: index) -> index attributes {m = affine_map<(d0) -> (d0 + 1)>} {
  %0 = arith.addi %a, %a : index
  %1 = arith.addi %a, %a : index
  %2 = arith.muli %0, %1 : index
  return %2 : index
}

// -----

func.func @loc(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32 loc("here")
  return %0 : f32
}
