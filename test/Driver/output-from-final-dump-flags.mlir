// Printing flags the dumps do not print with: the library offers no final
// dump for them (irsPassManagerGetFinalDump with the output's printing), so
// the module is printed and the output stays mlir-opt's, although each run
// wrote dumps in the plain form. Each flag with debug info and generic
// form on as well, which the dumps do print with.

// Elided elements attributes: the output elides, the dump does not.
// RUN: %mlir_opt %s --canonicalize --mlir-elide-elementsattrs-if-larger=2 -o %t.eref
// RUN: rm -rf %t.d && irscope-opt %s --canonicalize --mlir-elide-elementsattrs-if-larger=2 --dump-after-each=%t.d -o %t.eout 2> /dev/null
// RUN: cmp %t.eref %t.eout
// RUN: FileCheck %s --check-prefix=ELIDED < %t.eout
// ELIDED: dense_resource<__elided__>
// RUN: FileCheck %s --check-prefix=FULL < %t.d/0001-builtin.module-canonicalize.mlir
// FULL: dense<[1, 2, 3, 4, 5]>
// RUN: rm -rf %t.d && irscope-opt %s --canonicalize --mlir-elide-elementsattrs-if-larger=2 --mlir-print-op-generic --mlir-print-debuginfo --dump-after-each=%t.d -o %t.egout 2> /dev/null
// RUN: %mlir_opt %s --canonicalize --mlir-elide-elementsattrs-if-larger=2 --mlir-print-op-generic --mlir-print-debuginfo -o %t.egref
// RUN: cmp %t.egref %t.egout
// RUN: FileCheck %s --check-prefix=ELIDED < %t.egout

// Pretty debug info: the dumps print debug info in its plain form.
// RUN: %mlir_opt %s --canonicalize --mlir-print-debuginfo --mlir-pretty-debuginfo -o %t.pref
// RUN: rm -rf %t.d && irscope-opt %s --canonicalize --mlir-print-debuginfo --mlir-pretty-debuginfo --dump-after-each=%t.d -o %t.pout 2> /dev/null
// RUN: cmp %t.pref %t.pout
// RUN: FileCheck %s --check-prefix=PLAIN < %t.d/0001-builtin.module-canonicalize.mlir
// PLAIN: loc("here")
// RUN: not cmp -s %t.pout %t.d/0001-builtin.module-canonicalize.mlir

// Locations as SSA name prefixes.
// RUN: %mlir_opt %s --canonicalize --mlir-use-nameloc-as-prefix -o %t.nref
// RUN: rm -rf %t.d && irscope-opt %s --canonicalize --mlir-use-nameloc-as-prefix --dump-after-each=%t.d -o %t.nout 2> /dev/null
// RUN: cmp %t.nref %t.nout
// RUN: FileCheck %s --check-prefix=PREFIX < %t.nout
// PREFIX: %here = arith.addi

func.func @f(%a: i32) -> (i32, tensor<5xi32>) {
  %c0 = arith.constant 0 : i32
  %t = arith.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %a : i32 loc("here")
  return %1, %t : i32, tensor<5xi32>
}
