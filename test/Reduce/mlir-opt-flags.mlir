// opt-reduce takes the mlir-opt flags of a pasted command line that mean
// something here: --mlir-print-op-generic and --mlir-print-debuginfo say
// how -o is printed, --mlir-disable-threading is accepted (candidates
// always run single-threaded), and the reporting flags (--mlir-timing,
// --mlir-print-ir-*, ...) are ignored with a note. Other --mlir-* words are
// unknown options, not missing passes (no pass is named mlir-*), in
// opt-reduce as in irscope-opt.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: sh -c 'opt-reduce %s --irs-test-fail=op=arith.muli --mlir-disable-threading --mlir-print-op-generic --mlir-print-debuginfo --strategies=erase-ops -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// LOG-NEXT: exit=0
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT: "func.func"() <{function_type = {{.*}}, sym_name = "f"}>
// OUT: "arith.muli"(%arg0, %arg0)
// OUT: loc("{{.*}}mlir-opt-flags.mlir":{{[0-9]+}}:{{[0-9]+}})

// RUN: sh -c 'opt-reduce %s --irs-test-fail=op=arith.muli --mlir-timing --mlir-print-ir-after-all --strategies=erase-ops -o %t.ign; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IGN
// IGN: opt-reduce: note: ignoring '--mlir-timing': it reports and does not change a failure
// IGN-NEXT: opt-reduce: note: ignoring '--mlir-print-ir-after-all': it reports and does not change a failure
// IGN: exit=0
// RUN: sh -c 'opt-reduce %s --irs-test-fail=op=arith.muli --mlir-no-such-flag -o %t.bad; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: opt-reduce: error: unknown option '--mlir-no-such-flag'
// BAD: exit=2
// RUN: sh -c 'irscope-opt %s --mlir-no-such-flag -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADOPT
// BADOPT: irscope-opt: error: unknown option '--mlir-no-such-flag'
// BADOPT: exit=2

func.func @f(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %x, %x : i32
  return %1 : i32
}
