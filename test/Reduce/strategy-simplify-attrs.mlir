// The simplify-attrs strategy turns a non-splat dense elements attribute
// into the splat of its first element and drops an op's discardable
// attributes. Locations are the final strategy's (rename): alone, this one
// leaves them (they show in the --reproducer file, which is printed with
// them).

// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=simplify-attrs -o %t.out --reproducer=%t.repro 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: simplify-attrs:
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=irs.note --implicit-check-not=other.tag < %t.out
// OUT:      %[[C:.*]] = arith.constant dense<7> : tensor<4xi32>
// OUT-NEXT: arith.muli %arg0, %[[C]] : tensor<4xi32>{{$}}
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro
// REPRO: loc("orig.c":3:5)
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=simplify-attrs,rename -o %t.out2 --reproducer=%t.repro2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG2
// LOG2: opt-reduce: wins: simplify-attrs {{.*}} rename 1 (+0 ops)
// RUN: FileCheck %s --check-prefix=REPRO2 --implicit-check-not=orig.c < %t.repro2
// REPRO2: #loc = loc(unknown)
// REPRO2: ^bb0(%arg0: tensor<4xi32> loc(unknown)):

// The splat is kept only while the test stays interesting: a test that
// needs the elements keeps them, the discardable attributes still go
// (script mode).
// CHECK-INTERESTINGNESS: dense<[7, 1, 2, 3]>
// RUN: cp %S/Inputs/check-interesting.sh %t.sh && chmod +x %t.sh
// RUN: opt-reduce %s --test=%t.sh --test-arg=%s --test-arg=CHECK-INTERESTINGNESS --strategies=simplify-attrs -o %t.keep 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KLOG
// KLOG: opt-reduce: done:
// RUN: FileCheck %s --check-prefix=KEEP --implicit-check-not=irs.note < %t.keep
// KEEP: arith.constant dense<[7, 1, 2, 3]> : tensor<4xi32>

func.func @f(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c = arith.constant dense<[7, 1, 2, 3]> : tensor<4xi32> loc("orig.c":3:5)
  %m = arith.muli %x, %c {irs.note = "hot", other.tag} : tensor<4xi32> loc("orig.c":4:5)
  return %m : tensor<4xi32> loc("orig.c":5:5)
}
