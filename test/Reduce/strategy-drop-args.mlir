// The drop-args strategy drops function arguments (with the operands of
// every call), function results (with the return operands and the calls'
// results, rebuilt) and arguments of non-entry blocks (with the operands of
// the branches to them). A drop is kept only if the module does not get
// more ops: an argument in use would leave a ub.poison behind, so here the
// unused %unused and %y go, and the results go (their uses disappear with
// them), while the arguments the ops use stay. Discardable attributes
// (llvm.emit_c_interface) stay: that is simplify-attrs' job.

// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=drop-args -o %t.out 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: drop-args:
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=ub.poison < %t.out
// OUT-LABEL: func.func private @callee(%arg0: i32, %arg1: i32) attributes {llvm.emit_c_interface} {
// OUT:         arith.muli
// OUT-NEXT:    return{{$}}
// OUT-LABEL: func.func @caller(%arg0: i32) {
// OUT:         call @callee(%arg0, %arg0) : (i32, i32) -> (){{$}}
// OUT-NEXT:    return{{$}}
// OUT-LABEL: func.func @cfg(%arg0: i32, %arg1: i1) {
// OUT:         cf.cond_br %arg1, ^bb1(%arg0 : i32), ^bb2(%arg0, %arg0 : i32, i32){{$}}
// OUT:         arith.addi
// OUT-NEXT:    return{{$}}

// The result is valid and still fails the same way.
// RUN: not irscope-opt %t.out --crash-protection=0 --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY
// REPLAY: error: irs-test-fail: injected failure at 'arith.muli'

func.func private @callee(%a: i32, %b: i32, %unused: f32) -> (i32, i32) attributes {llvm.emit_c_interface} {
  %m = arith.muli %a, %b : i32
  return %m, %a : i32, i32
}
func.func @caller(%x: i32, %y: f32) -> i32 {
  %r:2 = func.call @callee(%x, %x, %y) : (i32, i32, f32) -> (i32, i32)
  return %r#1 : i32
}
func.func @cfg(%x: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%x, %x : i32, i32)
^bb1(%p: i32):
  cf.br ^bb2(%p, %p : i32, i32)
^bb2(%q: i32, %r: i32):
  %s = arith.addi %q, %r : i32
  return %s : i32
}
