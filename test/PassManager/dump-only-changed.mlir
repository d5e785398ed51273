// --dump-only-changed: a step that leaves the IR unchanged gets no dump file;
// its manifest entry says changed="false" and <dump skipped="unchanged"/>.
// Steps that change the IR are still dumped, including a change to an
// attribute only (symbol-privatize flips sym_visibility).

// RUN: rm -rf %t && irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse,canonicalize),symbol-dce,symbol-privatize{exclude=f},cse)' --dump-after-each=%t --dump-only-changed -o %t.out
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// FILES: 0000-input.mlir
// FILES-NEXT: 0001-func.func-canonicalize.mlir
// FILES-NEXT: 0002-func.func-cse.mlir
// FILES-NEXT: 0004-builtin.module-symbol-dce.mlir
// FILES-NEXT: 0005-builtin.module-symbol-privatize.mlir
// FILES-NEXT: manifest.xml
// FILES-EMPTY:

// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="ok">
// MANIFEST: <settings verify-each="true" threading="true" dump-only-changed="true"/>
// MANIFEST: <step index="1" pass="canonicalize" anchor="func.func" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(func.func(canonicalize))</pipeline>
// MANIFEST-NEXT: <dump file="0001-func.func-canonicalize.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <step index="2" pass="cse" anchor="func.func" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(func.func(cse))</pipeline>
// MANIFEST-NEXT: <dump file="0002-func.func-cse.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <step index="3" pass="canonicalize" anchor="func.func" status="ok" changed="false">
// MANIFEST-NEXT: <pipeline>builtin.module(func.func(canonicalize))</pipeline>
// MANIFEST-NEXT: <dump skipped="unchanged"/>
// MANIFEST-NEXT: <ops before="9" after="9"/>
// MANIFEST: <step index="4" pass="symbol-dce" anchor="builtin.module" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(symbol-dce)</pipeline>
// MANIFEST-NEXT: <dump file="0004-builtin.module-symbol-dce.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST-NEXT: <ops before="9" after="7"/>
// MANIFEST: <step index="5" pass="symbol-privatize" anchor="builtin.module" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(symbol-privatize{exclude=f})</pipeline>
// MANIFEST-NEXT: <options>exclude=f</options>
// MANIFEST-NEXT: <dump file="0005-builtin.module-symbol-privatize.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST-NEXT: <ops before="7" after="7"/>
// MANIFEST: <step index="6" pass="cse" anchor="builtin.module" status="ok" changed="false">
// MANIFEST-NEXT: <pipeline>builtin.module(cse)</pipeline>
// MANIFEST-NEXT: <dump skipped="unchanged"/>
// MANIFEST: </steps>

// The dumps that exist hold what their step produced; the last one is the
// final output, since nothing changed after it.
// RUN: FileCheck %s --check-prefix=PRIV < %t/0005-builtin.module-symbol-privatize.mlir
// PRIV: func.func @f(
// PRIV: func.func private @g()
// RUN: diff %t/0005-builtin.module-symbol-privatize.mlir %t.out

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
func.func @g() { return }
func.func private @dead() { return }
