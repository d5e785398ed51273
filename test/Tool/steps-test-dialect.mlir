// irscope-opt --tool runs each step in mlir-opt, which has MLIR's test
// dialect (irscope's own process cannot parse this module). Each dump is
// the tool's own output, byte for byte what mlir-opt prints for the same
// prefix of the pipeline; the manifest has the usual schema, with timing
// per tool process and no op counts (irscope does not parse the module).

// RUN: rm -rf %t && mkdir -p %t
// RUN: irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize,symbol-dce)" --dump-after-each=%t/d --timing -o %t/out.mlir 2> %t/err
// RUN: FileCheck %s --check-prefix=TIMING < %t/err
// TIMING: irscope step timing report
// TIMING: 1 {{.*}} yes builtin.module(func.func(cse))
// TIMING: 2 {{.*}} yes builtin.module(canonicalize)
// TIMING: 3 {{.*}} yes builtin.module(symbol-dce)

// RUN: %mlir_opt %s -o %t/p0.mlir
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(cse))" -o %t/p1.mlir
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize)" -o %t/p2.mlir
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize,symbol-dce)" -o %t/p3.mlir
// RUN: diff %t/p0.mlir %t/d/0000-input.mlir
// RUN: diff %t/p1.mlir %t/d/0001-func.func-cse.mlir
// RUN: diff %t/p2.mlir %t/d/0002-builtin.module-canonicalize.mlir
// RUN: diff %t/p3.mlir %t/d/0003-builtin.module-symbol-dce.mlir
// RUN: diff %t/p3.mlir %t/out.mlir

// Whole-pipeline mode (nothing asked): one run of the tool, its own bytes;
// bytecode output too. Per-step timing without dumps hands over bytecode.
// RUN: irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize,symbol-dce)" -o %t/whole.mlir
// RUN: diff %t/p3.mlir %t/whole.mlir
// RUN: irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize,symbol-dce)" --emit-bytecode -o %t/whole.mlirbc
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize,symbol-dce)" --emit-bytecode -o %t/p3.mlirbc
// RUN: cmp %t/p3.mlirbc %t/whole.mlirbc
// RUN: irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize,symbol-dce)" --timing 2>/dev/null > %t/steps.mlir
// RUN: diff %t/p3.mlir %t/steps.mlir
// RUN: cat %s | irscope-opt --tool=%mlir_opt --pass-pipeline="builtin.module(func.func(cse),canonicalize,symbol-dce)" | diff %t/p3.mlir -

// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/d/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="ok">
// MANIFEST: <input path="{{.*}}steps-test-dialect.mlir" hash="{{[0-9a-f]+}}" hash-algorithm="fnv1a-64" dump="0000-input.mlir"{{( dump-hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <steps count="3">
// MANIFEST-NEXT: <step index="1" pass="cse" anchor="func.func" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(func.func(cse))</pipeline>
// MANIFEST-NEXT: <dump file="0001-func.func-cse.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST-NEXT: <time wall-ms="{{[0-9.]+}}" cpu-ms="{{[0-9.]+}}"/>
// MANIFEST-NEXT: <memory peak-rss-kb="{{[0-9]+}}"/>
// MANIFEST-NEXT: <verifier result="ok"/>
// MANIFEST: <step index="3" pass="symbol-dce" anchor="builtin.module" status="ok" changed="true">

// The same dump directory again is refused, as without --tool.
// RUN: not irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(cse)" --dump-after-each=%t/d 2>&1 | FileCheck %s --check-prefix=AGAIN
// AGAIN: irscope-opt: error: {{.*}}'{{.*}}/d'{{.*}}
// A step that changes nothing is not dumped with --dump-only-changed.
// RUN: irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),func.func(cse))" --dump-after-each=%t/c --dump-only-changed -o /dev/null
// RUN: ls %t/c | FileCheck %s --check-prefix=CHANGED
// CHANGED: 0000-input.mlir
// CHANGED-NEXT: 0001-func.func-cse.mlir
// CHANGED-NEXT: manifest.xml
// RUN: FileCheck %s --check-prefix=UNCHANGED < %t/c/manifest.xml
// UNCHANGED: <step index="2" pass="cse" anchor="func.func" status="ok" changed="false">
// UNCHANGED: <dump skipped="unchanged"/>

func.func private @unused()
func.func @f(%a: i64) -> i64 {
  %0 = test.format_all_types_match_var %a, %a : i64
  %c = arith.constant 1 : i64
  %1 = arith.addi %0, %c : i64
  %2 = arith.addi %0, %c : i64
  %3 = arith.muli %1, %2 : i64
  return %3 : i64
}
