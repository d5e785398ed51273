// A reproducer written by irscope-opt is in MLIR's own format: upstream
// `mlir-opt --run-reproducer` accepts it and replays the same failure.
//
// The failing step is an upstream pass: spirv-update-vce signals failure on
// a spirv.module without a 'spirv.target_env' attribute. It is step 2, after
// a canonicalize step whose effect must already be in the reproducer.

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
// ERR: reproducer-mlir-opt.mlir:[[#@LINE+2]]:1: error: missing 'spirv.target_env' attribute
// REPLAY: reproducer-mlir-opt.mlir:[[#@LINE+1]]:1: error: missing 'spirv.target_env' attribute
spirv.module Logical GLSL450 {
  spirv.func @g() "None" { spirv.Return }
}

// RUN: rm -rf %t && sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),spirv.module(spirv-update-vce),symbol-dce)" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t
// ERR: irscope-opt: error: step 2 'builtin.module(spirv.module(spirv-update-vce))' failed: pass 'spirv-update-vce' signalled failure; report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/reproducer.mlir
// ERR-NEXT: exit=1

// The reproducer: canonicalize already applied, only the failing step in
// the pipeline.
// RUN: FileCheck %s --check-prefix=REPRO < %t/reproducer.mlir
// REPRO: "func.func"()
// REPRO-NEXT: ^bb0(%arg0: i32
// REPRO-NEXT: "func.return"(%arg0) : (i32) -> ()
// REPRO: "spirv.module"()
// REPRO: pipeline: "builtin.module(spirv.module(spirv-update-vce))",

// Upstream mlir-opt replays it: same error at the same location, and
// nothing else (no complaint about the resource section or the IR).
// RUN: not %mlir_opt --run-reproducer %t/reproducer.mlir -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY --implicit-check-not=warning: --implicit-check-not=error:
