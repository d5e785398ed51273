// A crash inside a func.func pass while MLIR runs the functions on its
// thread pool, and the same with --mlir-disable-threading: either way the
// step is documented (exit 5), the report records the threading setting,
// and the reproducer carries it (disable_threading), so that a replay runs
// the way the crashing run did.
//
// The crash is irs-test-abort's abort(), a SIGABRT in sanitizer builds too.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// Threading on (the default).
// RUN: rm -rf %t.on %t.off
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-abort{op=arith.muli}))" --failure-dir=%t.on -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t.on --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-abort{op=arith.muli}))' crashed with SIGABRT
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5
// RUN: xmllint --noout --schema %schemas/report.xsd %t.on/report.xml
// RUN: FileCheck %s --check-prefix=ON < %t.on/report.xml
// ON: <settings verify-each="true" threading="true" dump-only-changed="false"/>
// ON-NEXT: <failure kind="crash" step="2" pass="irs-test-abort" anchor="func.func" {{.*}}signal-name="SIGABRT"
// RUN: FileCheck %s --check-prefix=ONREPRO < %t.on/reproducer.mlir
// ONREPRO: pipeline: "builtin.module(func.func(irs-test-abort{op=arith.muli}))",
// ONREPRO-NEXT: disable_threading: false,
// Every function went into the crashing step, canonicalized.
// RUN: FileCheck %s --check-prefix=PRE < %t.on/failure-input.mlir
// PRE: func.func @f0(%arg0: i32) -> i32 {
// PRE-NEXT: return %arg0 : i32
// PRE: func.func @f1(%arg0: i32) -> i32 {
// PRE-NEXT: return %arg0 : i32
// PRE: func.func @f2(%arg0: i32) -> i32 {
// PRE-NEXT: %0 = arith.muli %arg0, %arg0 : i32
// PRE: func.func @f3(%arg0: i32) -> i32 {
// PRE-NEXT: return %arg0 : i32

// Threading off.
// RUN: sh -c 'irscope-opt %s --mlir-disable-threading --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-abort{op=arith.muli}))" --failure-dir=%t.off -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t.off --implicit-check-not="irscope-opt: error:"
// RUN: xmllint --noout --schema %schemas/report.xsd %t.off/report.xml
// RUN: FileCheck %s --check-prefix=OFF < %t.off/report.xml
// OFF: <settings verify-each="true" threading="false" dump-only-changed="false"/>
// OFF-NEXT: <failure kind="crash" step="2" pass="irs-test-abort" anchor="func.func" {{.*}}signal-name="SIGABRT"
// RUN: FileCheck %s --check-prefix=OFFREPRO < %t.off/reproducer.mlir
// OFFREPRO: pipeline: "builtin.module(func.func(irs-test-abort{op=arith.muli}))",
// OFFREPRO-NEXT: disable_threading: true,
// RUN: diff %t.on/failure-input.mlir %t.off/failure-input.mlir

func.func @f0(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
func.func @f1(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
func.func @f2(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.muli %b, %b : i32
  return %c : i32
}
func.func @f3(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
