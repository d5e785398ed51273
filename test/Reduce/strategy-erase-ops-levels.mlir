// erase-ops runs ddmin one nesting level at a time, outer ops first: the
// loop nest below (two scf.for holding 31 ops) goes in one test, as one
// op of the function body, before ddmin ever looks inside it. A flat ddmin
// over all 35 ops needs more tests. (Four tests are the input's runs that
// look for a death after its failure, docs/opt-reduce.md.)

// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=erase-ops -o %t.out 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: erase-ops:
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[5-9]}} tests)
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=scf.for --implicit-check-not=arith.addi < %t.out
// OUT:      func.func @f(%arg0: i32, %arg1: index, %arg2: index, %arg3: index) -> i32 {
// OUT-NEXT:   %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// OUT-NEXT:   return %[[M]] : i32

// Inside a kept op, the next level is reduced: here the loops stay around
// the multiplication, the additions beside it go.
// RUN: opt-reduce %S/Inputs/strategy-erase-ops-nested.mlir --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=erase-ops -o %t.nested 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG2
// LOG2: opt-reduce: done:
// RUN: FileCheck %s --check-prefix=NESTED --implicit-check-not=arith.addi < %t.nested
// NESTED:      scf.for
// NESTED-NEXT:   scf.for
// NESTED-NEXT:     arith.muli %arg0, %arg0 : i32
// NESTED-NEXT:   }
// NESTED-NEXT: }
// NESTED-NEXT: return

func.func @f(%x: i32, %lb: index, %ub: index, %s: index) -> i32 {
  %m = arith.muli %x, %x : i32
  scf.for %i = %lb to %ub step %s {
    scf.for %j = %lb to %ub step %s {
      %v0 = arith.addi %x, %x : i32
      %v1 = arith.addi %v0, %x : i32
      %v2 = arith.addi %v1, %x : i32
      %v3 = arith.addi %v2, %x : i32
      %v4 = arith.addi %v3, %x : i32
      %v5 = arith.addi %v4, %x : i32
      %v6 = arith.addi %v5, %x : i32
      %v7 = arith.addi %v6, %x : i32
      %v8 = arith.addi %v7, %x : i32
      %v9 = arith.addi %v8, %x : i32
      %v10 = arith.addi %v9, %x : i32
      %v11 = arith.addi %v10, %x : i32
      %v12 = arith.addi %v11, %x : i32
      %v13 = arith.addi %v12, %x : i32
      %v14 = arith.addi %v13, %x : i32
      %v15 = arith.addi %v14, %x : i32
      %v16 = arith.addi %v15, %x : i32
      %v17 = arith.addi %v16, %x : i32
      %v18 = arith.addi %v17, %x : i32
      %v19 = arith.addi %v18, %x : i32
      %v20 = arith.addi %v19, %x : i32
      %v21 = arith.addi %v20, %x : i32
      %v22 = arith.addi %v21, %x : i32
      %v23 = arith.addi %v22, %x : i32
      %v24 = arith.addi %v23, %x : i32
      %v25 = arith.addi %v24, %x : i32
      %v26 = arith.addi %v25, %x : i32
      %v27 = arith.addi %v26, %x : i32
      %v28 = arith.addi %v27, %x : i32
      %v29 = arith.addi %v28, %x : i32
      %v30 = arith.addi %v29, %x : i32
    }
  }
  return %m : i32
}
