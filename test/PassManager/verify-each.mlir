// --verify-each=0 turns the verifier between steps off, as in mlir-opt.
//
// What mlir-opt does (checked below with its test pass that breaks the
// parent op): with --verify-each=0 nothing verifies the IR after the
// pipeline either; the run succeeds (exit 0) and the printer, finding that
// the op does not verify, falls back to the generic form. irscope-opt must
// behave the same: exit 0, generic output, no error. Step by step, the
// manifest says the verifier was skipped, and a later step may repair the
// IR.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %e = arith.muli %b, %b : i32
  return %e : i32
}

// mlir-opt, for reference: exit 0, the broken module printed generically,
// no diagnostic.
// RUN: sh -c '%mlir_opt %s --verify-each=0 --pass-pipeline="builtin.module(func.func(test-pass-invalid-parent))"; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MLIROPT --implicit-check-not=error:
// MLIROPT: "builtin.module"() ({
// MLIROPT: "test.call"()
// MLIROPT: exit=0

// Uninstrumented.
// RUN: sh -c 'irscope-opt %s --verify-each=0 --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-corrupt{op=arith.muli}))"; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --implicit-check-not=error:
// OFF: "builtin.module"() ({
// OFF: %0 = "builtin.unrealized_conversion_cast"(%1) : (i32) -> i32
// OFF-NEXT: %1 = "arith.muli"(%arg0, %arg0)
// OFF: exit=0

// Step by step: the corrupting step passes, cse then deletes the dead cast,
// and the final output is valid again.
// RUN: rm -rf %t && sh -c 'irscope-opt %s --verify-each=false --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-corrupt{op=arith.muli},cse))" --dump-after-each=%t; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STEP --implicit-check-not=error:
// STEP: func.func @f(%arg0: i32) -> i32 {
// STEP-NEXT: %0 = arith.muli %arg0, %arg0 : i32
// STEP-NEXT: return %0 : i32
// STEP: exit=0
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="ok">
// MANIFEST: <settings verify-each="false"
// MANIFEST: <step index="2" pass="irs-test-corrupt" anchor="func.func" status="ok" changed="true">
// MANIFEST: <dump file="0002-func.func-irs-test-corrupt.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <verifier result="skipped"/>
// MANIFEST: <step index="3" pass="cse" anchor="func.func" status="ok" changed="true">
// MANIFEST: <verifier result="skipped"/>
// The dump of the broken step is generic (it cannot be printed otherwise).
// RUN: FileCheck %s --check-prefix=DUMP < %t/0002-func.func-irs-test-corrupt.mlir
// DUMP: "builtin.unrealized_conversion_cast"(%1)

// A reproducer written with --verify-each=0 says so, so that a replay does
// not report a verifier failure the original run never saw.
// RUN: rm -rf %t.f && sh -c 'irscope-opt %s --verify-each=0 --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-fail{op=arith.muli}))" --failure-dir=%t.f -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAIL
// FAIL: exit=1
// RUN: FileCheck %s --check-prefix=REPRO < %t.f/reproducer.mlir
// REPRO: pipeline: "builtin.module(func.func(irs-test-fail{op=arith.muli}))",
// REPRO-NEXT: disable_threading: false,
// REPRO-NEXT: verify_each: false
