// The lit test opt-reduce --miscompile --emit-lit-test writes loads the
// plugins the reduction loaded, as it reads with the reduction's reading
// flags (miscompile-read-flags.mlir): tp-tag, an irscope C plugin's pass,
// stays in the pipeline (the pipeline strategy is off), so the pipeline's
// RUN line is irscope-opt's (mlir-opt cannot load irscope C plugins) with
// --load-pass-plugin, and the lowering's mlir-opt gets the plugin flags it
// understands (none here). Without the flag the emitted test fails on an
// unknown pass, not on its CHECK lines.
//
// RUN: rm -rf %t.suite %t && mkdir %t.suite %t
// RUN: %irs_plugin_cc %S/../Plugins/Inputs/c-plugin.c -o %t/tp.so
// RUN: opt-reduce --load-pass-plugin=%t/tp.so %s --pass-pipeline='builtin.module(func.func(tp-tag{op=arith.addi name=seen}),irs-test-miscompile{func=add})' --miscompile --strategies=erase-symbols,erase-ops -o %t/out.mlir --emit-lit-test=%t.suite/plugin.test 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: wrong-result in irs-test-miscompile
// RUN: FileCheck %s --check-prefix=LIT -DDIR=%t < %t.suite/plugin.test
// LIT: // {{RUN}}: irscope-opt %s --load-pass-plugin=[[DIR]]/tp.so --pass-pipeline='builtin.module(func.func(tp-tag{op=arith.addi name=seen}),irs-test-miscompile{func=add})' \
// LIT-NEXT: // {{RUN}}: | mlir-opt --pass-pipeline='builtin.module(convert-vector-to-scf,
//
// The emitted test runs on its own, and fails today on its CHECK lines.
// RUN: cp %S/Inputs/emitted-suite.cfg.py %t.suite/lit.cfg.py
// RUN: not lit -v %t.suite | FileCheck %s --check-prefix=EMITTED --implicit-check-not="unknown pass"
// EMITTED: FAIL: opt-reduce-emitted :: plugin.test
// EMITTED: error: CHECK: expected string not found in input

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %s = call @add(%c40, %c2) : (i32, i32) -> i32
  vector.print %s : i32
  return
}
