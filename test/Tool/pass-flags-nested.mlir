// Pass flags are nested as the tool nests them: a pass only the tool has
// (mlir-opt's test-vector-unrolling-patterns, fir-opt's stack-arrays) that
// is restricted to func.func runs under func.func, as `TOOL --FLAG` runs
// it, instead of the tool rejecting builtin.module(FLAG) (exit 2). irscope
// asks the tool once per such flag (the probe's error names the op). Seen
// on llvm/llvm-project#182436, whose crash needs fir-opt --stack-arrays
// before --fir-to-llvm-ir.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir_opt --test-vector-unrolling-patterns --canonicalize %s > %t/plain.mlir
// RUN: sh -c 'irscope-opt --tool=%mlir_opt --test-vector-unrolling-patterns --canonicalize %s -o %t/irs.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=RUN0
// RUN0: exit=0
// RUN: cmp %t/plain.mlir %t/irs.mlir
// RUN: irscope-opt --tool=%mlir_opt --test-vector-unrolling-patterns --canonicalize %s --dump-after-each=%t/d -o %t/dumped.mlir 2>/dev/null
// RUN: cmp %t/plain.mlir %t/dumped.mlir
// RUN: ls %t/d | FileCheck %s --check-prefix=DUMPS
// DUMPS: 0001-func.func-test-vector-unrolling-patterns.mlir
// DUMPS: 0002-builtin.module-canonicalize.mlir

// opt-reduce nests them the same way (a test pass that crashes, after the
// func.func one).
// RUN: opt-reduce %s --tool=%mlir_opt --test-vector-unrolling-patterns --test-pass-crash -o %t/red.mlir 2>&1 | FileCheck %s --check-prefix=REDUCE
// REDUCE: opt-reduce: done:

func.func @f(%a: vector<2xf32>) -> vector<2xf32> {
  %0 = arith.addf %a, %a : vector<2xf32>
  return %0 : vector<2xf32>
}
