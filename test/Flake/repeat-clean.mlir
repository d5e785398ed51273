// --repeat over a pipeline that never fails: 0 of 200, and the upper end of
// the 95% Wilson interval says how rare a failure could still be (1.88%).
// Exit code 0. Each run forks from a parent whose thread pool never
// started and starts threads in the child: with threading the children
// really run several threads (max-threads above 1), with
// --mlir-disable-threading exactly one.

// RUN: rm -rf %t %t.st
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse),inline,symbol-dce)" --repeat=200 --failure-dir=%t; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t --implicit-check-not=error: < %t.log
// CHECK: irscope-opt: repeat: 0 of 200 runs failed (0.00%, 95% Wilson interval 0.00%-1.88%)
// CHECK-NEXT: irscope-opt: repeat: no failure seen; the failure rate is below 1.88% with 95% confidence
// CHECK-NEXT: irscope-opt: repeat: summary: [[DIR]]/repeat.xml
// CHECK-NEXT: exit=0

// RUN: xmllint --noout --schema %schemas/repeat.xsd %t/repeat.xml
// RUN: FileCheck %s --check-prefix=XML < %t/repeat.xml
// XML: <runs requested="200" done="200" stopped-early="false" interrupted="false" threading="true" verify-each="true" max-threads="{{[2-9]|[1-9][0-9]+}}"
// XML-NEXT: <failure-rate failures="0" rate="0.000000" ci-low="0.000000" ci-high="0.018845" confidence="0.95" method="wilson"/>
// XML: <signatures count="0"/>
// RUN: ls -A %t | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: repeat.xml
// FILES-EMPTY:

// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse),inline,symbol-dce)" --repeat=3 --mlir-disable-threading --failure-dir=%t.st 2>&1 | FileCheck %s --check-prefix=ST
// ST: 0 of 3 runs failed (0.00%, 95% Wilson interval 0.00%-56.15%)
// RUN: FileCheck %s --check-prefix=STXML < %t.st/repeat.xml
// STXML: threading="false" verify-each="true" max-threads="1"

// Without --failure-dir the summary goes to a fresh temporary directory.
// RUN: env TMPDIR=%t.st irscope-opt %s --canonicalize --repeat=2 2>&1 | FileCheck %s --check-prefix=TMP -DDIR=%t.st
// TMP: irscope-opt: repeat: summary: [[DIR]]/irscope-repeat-{{[A-Za-z0-9]+}}/repeat.xml

func.func private @helper(%x: i32) -> i32 {
  %c = arith.constant 3 : i32
  %0 = arith.muli %x, %c : i32
  return %0 : i32
}
func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = call @helper(%0) : (i32) -> i32
  %2 = arith.addi %a, %b : i32
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = call @f(%a, %a) : (i32, i32) -> i32
  return %0 : i32
}
