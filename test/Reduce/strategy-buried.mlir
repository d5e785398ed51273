// The same crash reduces to the same module whether it comes alone or
// buried in the middle of ~600 lines of generated code behind a longer
// pipeline: all strategies together (none pinned), run on the snippet and on
// the snippet with the generated code around it. What is left: the op that
// crashes, its operand (an argument: a poison would be one op more) and the
// function around it, renamed.

// RUN: cat %S/Inputs/strategy-buried-before.mlir %S/Inputs/strategy-buried-snippet.mlir %S/Inputs/strategy-buried-after.mlir > %t.big.mlir
// RUN: opt-reduce %S/Inputs/strategy-buried-snippet.mlir --pass-pipeline="builtin.module(func.func(canonicalize,cse),inline,func.func(irs-test-crash{op=math.sqrt}),symbol-dce)" -o %t.small 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// RUN: opt-reduce %t.big.mlir --pass-pipeline="builtin.module(func.func(canonicalize,cse),inline,func.func(irs-test-crash{op=math.sqrt}),symbol-dce)" -o %t.buried 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: {{.*}}; signature: crash in irs-test-crash

// RUN: FileCheck %s --check-prefix=OUT < %t.small
// RUN: FileCheck %s --check-prefix=OUT < %t.buried
// OUT:      module {
// OUT-NEXT:   func.func @f0(%[[P:.*]]: f32) {
// OUT-NEXT:     %{{.*}} = math.sqrt %[[P]] : f32
// OUT-NEXT:     return
// OUT-NEXT:   }
// OUT-NEXT: }
// RUN: diff %t.small %t.buried

// The pipeline was cut to the crashing step, and the result replays the
// crash.
// RUN: not --crash irscope-opt %t.buried --crash-protection=0 --pass-pipeline="builtin.module(func.func(irs-test-crash{op=math.sqrt}))" -o /dev/null
