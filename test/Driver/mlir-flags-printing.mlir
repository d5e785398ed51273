// mlir-opt's output printing flags: --mlir-print-local-scope,
// --mlir-pretty-debuginfo, --mlir-print-skip-regions,
// --mlir-use-nameloc-as-prefix, --mlir-elide-resource-strings-if-larger and
// --mlir-print-assume-verified. The output is mlir-opt's byte for byte, run
// whole and step by step, and MLIR's IR dumps (--mlir-print-ir-*) use the
// same flags, as in mlir-opt.

// Reference without flags: aliases, a resource, no locations.
// RUN: irscope-opt %s --allow-unregistered-dialect --canonicalize > %t.plain
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain
// PLAIN: {{^}}#map = affine_map<(d0) -> (d0 + 1)>
// PLAIN: %0 = arith.muli %arg0, %arg0 : i32
// PLAIN: "test.keep"(%cst) {m = #map}
// PLAIN: blob1: "0x08000000010203"

// Local scope: no aliases.
// RUN: %mlir_opt %s --allow-unregistered-dialect --canonicalize --mlir-print-local-scope > %t.local.ref
// RUN: irscope-opt %s --allow-unregistered-dialect --canonicalize --mlir-print-local-scope > %t.local.out
// RUN: diff %t.local.ref %t.local.out
// RUN: rm -rf %t.d1 && irscope-opt %s --allow-unregistered-dialect --canonicalize --mlir-print-local-scope --dump-after-each=%t.d1 > %t.local.step
// RUN: diff %t.local.ref %t.local.step
// RUN: FileCheck %s --check-prefix=LOCAL < %t.local.out
// LOCAL-NOT: #map =
// LOCAL:     "test.keep"(%cst) {m = affine_map<(d0) -> (d0 + 1)>}

// Pretty locations, with --mlir-print-debuginfo (alone it changes nothing,
// as in mlir-opt).
// RUN: %mlir_opt %s --allow-unregistered-dialect --canonicalize --mlir-print-debuginfo --mlir-pretty-debuginfo > %t.pretty.ref
// RUN: irscope-opt %s --allow-unregistered-dialect --canonicalize --mlir-print-debuginfo --mlir-pretty-debuginfo > %t.pretty.out
// RUN: diff %t.pretty.ref %t.pretty.out
// RUN: FileCheck %s --check-prefix=PRETTY < %t.pretty.out
// PRETTY-NOT: loc(
// PRETTY:     return %0 : i32 {{/.*}}mlir-flags-printing.mlir:{{[0-9]+}}:3{{$}}
// RUN: irscope-opt %s --allow-unregistered-dialect --canonicalize --mlir-pretty-debuginfo > %t.pretty.alone
// RUN: diff %t.plain %t.pretty.alone

// Regions skipped.
// RUN: %mlir_opt %s --allow-unregistered-dialect --canonicalize --mlir-print-skip-regions > %t.skip.ref
// RUN: irscope-opt %s --allow-unregistered-dialect --canonicalize --mlir-print-skip-regions > %t.skip.out
// RUN: diff %t.skip.ref %t.skip.out
// RUN: FileCheck %s --check-prefix=SKIP < %t.skip.out
// SKIP: {{^}}module {...}

// Names from NameLocs, and the resource elided; no pass at all.
// RUN: %mlir_opt %s --allow-unregistered-dialect --mlir-use-nameloc-as-prefix --mlir-elide-resource-strings-if-larger=4 > %t.name.ref
// RUN: irscope-opt %s --allow-unregistered-dialect --mlir-use-nameloc-as-prefix --mlir-elide-resource-strings-if-larger=4 > %t.name.out
// RUN: diff %t.name.ref %t.name.out
// RUN: FileCheck %s --check-prefix=NAME < %t.name.out
// NAME:     %sum = arith.addi %arg0, %c0_i32 : i32
// NAME:     %product = arith.muli %sum, %sum : i32
// NAME-NOT: blob1:

// MLIR's IR dumps use the same flags.
// RUN: %mlir_opt %s --allow-unregistered-dialect --canonicalize --mlir-print-ir-before-all --mlir-print-local-scope --mlir-print-debuginfo --mlir-use-nameloc-as-prefix > %t.dump.ref 2> %t.dump.ref.err
// RUN: irscope-opt %s --allow-unregistered-dialect --canonicalize --mlir-print-ir-before-all --mlir-print-local-scope --mlir-print-debuginfo --mlir-use-nameloc-as-prefix > %t.dump.out 2> %t.dump.err
// RUN: diff %t.dump.ref %t.dump.out
// RUN: diff %t.dump.ref.err %t.dump.err
// RUN: FileCheck %s --check-prefix=DUMP < %t.dump.err
// DUMP: {{^}}// -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// DUMP: %sum = arith.addi %arg0, %c0_i32 : i32 loc("sum")
// DUMP: {m = affine_map<(d0) -> (d0 + 1)>}

// Assume verified: IR broken by a pass (verifier off) is printed in custom
// form instead of falling back to the generic form.
// RUN: irscope-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(irs-test-corrupt{op=arith.muli}))' --verify-each=0 2>/dev/null | FileCheck %s --check-prefix=BROKEN
// BROKEN: "arith.muli"(
// RUN: irscope-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(irs-test-corrupt{op=arith.muli}))' --verify-each=0 --mlir-print-assume-verified | FileCheck %s --check-prefix=ASSUMED
// ASSUMED: = arith.muli %{{.*}} : i32
// Valid IR prints as mlir-opt prints it.
// RUN: %mlir_opt %s --allow-unregistered-dialect --canonicalize --mlir-print-assume-verified > %t.av.ref
// RUN: irscope-opt %s --allow-unregistered-dialect --canonicalize --mlir-print-assume-verified > %t.av.out
// RUN: diff %t.av.ref %t.av.out

#map = affine_map<(d0) -> (d0 + 1)>
func.func @f(%a: i32, %m: memref<4xf32, strided<[1], offset: ?>>) -> i32 {
  %c = arith.constant 0 : i32
  %0 = arith.addi %a, %c : i32 loc("sum")
  %1 = arith.muli %0, %0 : i32 loc("product"("x.c":3:4))
  %t = arith.constant dense_resource<blob1> : tensor<3xi8>
  "test.keep"(%t) {m = #map} : (tensor<3xi8>) -> ()
  return %1 : i32
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010203"
    }
  }
#-}
