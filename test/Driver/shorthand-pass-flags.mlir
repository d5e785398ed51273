// mlir-opt's shorthand pass flags ("--NAME[=OPTIONS]", one per pass, run on
// the top-level builtin.module) give byte-identical output to mlir-opt given
// the same flags.

// --canonicalize --cse: uninstrumented and step by step.
// RUN: %mlir_opt %s --canonicalize --cse > %t.ref1
// RUN: irscope-opt %s --canonicalize --cse > %t.out1
// RUN: diff %t.ref1 %t.out1
// RUN: rm -rf %t.d && irscope-opt %s --canonicalize --cse --dump-after-each=%t.d > %t.step1
// RUN: diff %t.ref1 %t.step1
// RUN: FileCheck %s --check-prefix=CC < %t.out1
// The flags became a module-anchored pipeline with one step per flag.
// RUN: FileCheck %s --check-prefix=CC-MANIFEST < %t.d/manifest.xml
// CC-LABEL: func.func private @twice(%arg0: i32) -> i32 {
// CC-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CC-NEXT:    return %0 : i32
// CC-LABEL: func.func @main(%arg0: i32) -> i32 {
// CC-NEXT:    %0 = call @twice(%arg0) : (i32) -> i32
// CC-NEXT:    %1 = call @twice(%arg0) : (i32) -> i32
// CC-MANIFEST: <pipeline>builtin.module(canonicalize,cse)</pipeline>
// CC-MANIFEST: <steps count="2">

// A pass flag with options, quoted as on a shell command line.
// RUN: %mlir_opt %s --inline="default-pipeline=canonicalize" --cse > %t.ref2
// RUN: irscope-opt %s --inline="default-pipeline=canonicalize" --cse > %t.out2
// RUN: diff %t.ref2 %t.out2
// RUN: FileCheck %s --check-prefix=INL < %t.out2
// INL-NOT:     @twice
// INL-LABEL:   func.func @main(%arg0: i32) -> i32 {
// INL-NEXT:      %0 = arith.addi %arg0, %arg0 : i32
// INL-NEXT:      %1 = arith.muli %0, %0 : i32
// INL-NEXT:      return %1 : i32
// INL-NOT:     @twice

// Pass flags and --pass-pipeline are mutually exclusive, as in mlir-opt.
// RUN: not irscope-opt %s --canonicalize --pass-pipeline='builtin.module(cse)' 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: irscope-opt: error: '--pass-pipeline' cannot be combined with pass flags such as '--canonicalize'
// An unknown pass flag is an error, not silently ignored.
// RUN: not irscope-opt %s --no-such-pass 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown option '--no-such-pass'

// mlir-opt (LLVM's command line parser) also accepts single-dash pass flags,
// as most of MLIR's own tests write them.
// RUN: irscope-opt %s -canonicalize -cse > %t.out3
// RUN: diff %t.ref1 %t.out3

func.func private @twice(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %y = arith.addi %x, %c0 : i32
  %r = arith.addi %y, %y : i32
  return %r : i32
}
func.func @main(%a: i32) -> i32 {
  %p = call @twice(%a) : (i32) -> i32
  %q = call @twice(%a) : (i32) -> i32
  %s = arith.muli %p, %q : i32
  return %s : i32
}
