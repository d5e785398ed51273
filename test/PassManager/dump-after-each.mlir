// Numbered dumps, one per step, and a manifest that validates.
// RUN: rm -rf %t && irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --dump-after-each=%t -o /dev/null
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// FILES: 0000-input.mlir
// FILES-NEXT: 0001-func.func-canonicalize.mlir
// FILES-NEXT: 0002-func.func-cse.mlir
// FILES-NEXT: 0003-builtin.module-symbol-dce.mlir
// FILES-NEXT: manifest.xml
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="ok">
// MANIFEST: <pipeline>builtin.module(func.func(canonicalize,cse),symbol-dce)</pipeline>
// MANIFEST: <step index="1" pass="canonicalize" anchor="func.func" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(func.func(canonicalize))</pipeline>
// MANIFEST-NEXT: <dump file="0001-func.func-canonicalize.mlir" hash="{{([0-9a-f]{16})}}"/>
// MANIFEST-NEXT: <ops before="10" after="8"/>
// MANIFEST: <step index="3" pass="symbol-dce" anchor="builtin.module" status="ok" changed="true">
// RUN: FileCheck %s --check-prefix=CSE < %t/0002-func.func-cse.mlir
// CSE: arith.muli %0, %0
// CSE: func.func private @dead
// RUN: FileCheck %s --check-prefix=DCE < %t/0003-builtin.module-symbol-dce.mlir
// DCE-NOT: @dead

// A second run into the same directory is refused, not mixed.
// RUN: not irscope-opt %s --canonicalize --dump-after-each=%t 2>&1 | FileCheck %s --check-prefix=AGAIN
// AGAIN: irscope-opt: error: dump directory '{{.*}}' already holds a previous run
// RUN: irscope-opt %s --canonicalize --dump-after-each=%t --dump-overwrite -o /dev/null
// RUN: ls %t | FileCheck %s --check-prefix=OVER
// OVER: 0000-input.mlir
// OVER-NEXT: 0001-builtin.module-canonicalize.mlir
// OVER-NEXT: manifest.xml

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
func.func private @dead() { return }
