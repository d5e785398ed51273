// The culprit's number is the one the written result replays with. A real
// upstream hang (llvm/llvm-project#126213, MLIR 22.1): canonicalize, after
// its last rewrite, folds an arith.addi forever. opt-reduce names that last
// rewrite with its number among the step's pattern applications; it must
// be the number irscope-opt gives on the written file and upstream
// mlir-opt's debug counter confirms there (the first K applications hang,
// the first K - 1 do not). Counted in the reducer's context, it was one
// more: that context has loaded dialects the file does not use, and
// canonicalize collects the patterns of every loaded dialect.
//
// RUN: opt-reduce %S/../Actions/upstream-canon-fold-hang.mlir --canonicalize --test-timeout=2 -o %t.out 2> %t.log
// RUN: irscope-opt %t.out --canonicalize --step-timeout=2 -o /dev/null 2>> %t.log || true
// RUN: FileCheck %s < %t.log
// CHECK: opt-reduce: culprit rewrite: pattern '(anonymous namespace)::AddIAddConstant' on 'arith.addi' (#[[K:[1-9][0-9]*]], the last action begun
// CHECK: irscope-opt: note: timed out while running pass 'canonicalize' {{.*}} the last was applying pattern '(anonymous namespace)::AddIAddConstant' to 'arith.addi' at {{.*}} (#[[K]])
//
// RUN: sed -n 's/.*culprit rewrite: .*(#\([0-9]*\),.*/\1/p' %t.log > %t.k
// RUN: sh -c 'timeout 10 %mlir_opt %t.out -canonicalize --mlir-disable-threading --mlir-debug-counter=apply-pattern-count=$(cat %t.k) -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HANGS
// HANGS: exit=124
// RUN: sh -c 'timeout 10 %mlir_opt %t.out -canonicalize --mlir-disable-threading --mlir-debug-counter=apply-pattern-count=$(($(cat %t.k) - 1)) -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ENDS
// ENDS-NOT: exit=124
// ENDS: exit=
