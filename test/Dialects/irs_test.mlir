// The irs_test dialect (dialects/irs_test.irdl.mlir), loaded through
// irscope-opt's --irdl-file. Valid ops print exactly as mlir-opt prints them
// and survive a round trip; ops that break an IRDL constraint are rejected
// with IRDL's message at the op's line, and the run exits with 2 (input
// error); the dialect's ops flow through a pipeline next to MLIR's passes.
//
// Chunks 1-3 are valid, 4-8 invalid, 9 is the pipeline case.

// RUN: not irscope-opt --irdl-file=%dialects/irs_test.irdl.mlir --split-input-file %s > %t.out 2> %t.err
// RUN: not %mlir_opt --irdl-file=%dialects/irs_test.irdl.mlir --split-input-file %s > %t.ref 2> /dev/null
// RUN: diff %t.ref %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// ERR lines match line:col but not the file name: irscope-opt currently names
// the buffer of a split chunk "-" where mlir-opt names it after the file.

// The printed form parses back to the same IR.
// RUN: irscope-opt --irdl-file=%dialects/irs_test.irdl.mlir --split-input-file %t.out | FileCheck %s

// Generic printing matches mlir-opt too.
// RUN: not irscope-opt --irdl-file=%dialects/irs_test.irdl.mlir --split-input-file --mlir-print-op-generic %s > %t.gen 2> /dev/null
// RUN: not %mlir_opt --irdl-file=%dialects/irs_test.irdl.mlir --split-input-file --mlir-print-op-generic %s > %t.gen.ref 2> /dev/null
// RUN: diff %t.gen.ref %t.gen

// Rejected input is exit code 2 (mlir-opt uses 1).
// RUN: sh -c 'irscope-opt --irdl-file=%dialects/irs_test.irdl.mlir --split-input-file %s > /dev/null 2>&1; echo "exit $?"' | FileCheck %s --check-prefix=EXIT
// EXIT: exit 2

// Without the dialect the ops are unknown.
// RUN: not irscope-opt --split-input-file %s 2>&1 > /dev/null | FileCheck %s --check-prefix=NODIALECT
// NODIALECT: error: operation being parsed with an unregistered dialect

// A pipeline: canonicalize folds the arith ops around irs_test ops but keeps
// every irs_test op (IRDL ops declare no effects, so none is dead or
// mergeable); irs-op-stats counts them. The output equals mlir-opt's for the
// same MLIR passes.
// RUN: not irscope-opt --irdl-file=%dialects/irs_test.irdl.mlir --split-input-file %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),irs-op-stats)' > %t.pipe 2> %t.pipe.err
// RUN: not %mlir_opt --irdl-file=%dialects/irs_test.irdl.mlir --split-input-file %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' > %t.pipe.ref 2> /dev/null
// RUN: diff %t.pipe.ref %t.pipe
// RUN: FileCheck %s --check-prefix=PIPE < %t.pipe
// RUN: FileCheck %s --check-prefix=STATS < %t.pipe.err

// The same pipeline run step by step with dumps: irs_test ops pass the
// verifier after every step.
// RUN: rm -rf %t.dumps && not irscope-opt --irdl-file=%dialects/irs_test.irdl.mlir --split-input-file %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),irs-op-stats)' --dump-after-each=%t.dumps > %t.step 2> /dev/null
// RUN: diff %t.pipe %t.step
// RUN: FileCheck %s --check-prefix=DUMP < %t.dumps/chunk-009/0002-func.func-cse.mlir

// CHECK-LABEL: func.func @const_add
// CHECK-NEXT:    %[[C:.*]] = "irs_test.const"() {value = 7 : i32} : () -> i32
// CHECK-NEXT:    %[[S:.*]] = "irs_test.add"(%arg0, %[[C]]) : (i32, i32) -> i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @const_add(%a: i32) -> i32 {
  %c = "irs_test.const"() {value = 7 : i32} : () -> i32
  %s = "irs_test.add"(%a, %c) : (i32, i32) -> i32
  return %s : i32
}

// -----

// The const attribute may be any builtin integer, whatever its width.
// CHECK-LABEL: func.func @const_i64_attr
// CHECK-NEXT:    "irs_test.const"() {value = -3 : i64} : () -> i32
func.func @const_i64_attr() -> i32 {
  %c = "irs_test.const"() {value = -3 : i64} : () -> i32
  return %c : i32
}

// -----

// wrap ties its operand type to the box parameter; sink takes any number
// of operands of one type.
// CHECK-LABEL: func.func @wrap_sink
// CHECK-SAME:    (%arg0: i32, %arg1: f32)
// CHECK-NEXT:    %[[B:.*]] = "irs_test.wrap"(%arg0) : (i32) -> !irs_test.box<i32>
// CHECK-NEXT:    %[[F:.*]] = "irs_test.wrap"(%arg1) : (f32) -> !irs_test.box<f32>
// CHECK-NEXT:    "irs_test.sink"(%[[B]], %[[B]]) : (!irs_test.box<i32>, !irs_test.box<i32>) -> ()
// CHECK-NEXT:    "irs_test.sink"(%[[F]]) : (!irs_test.box<f32>) -> ()
// CHECK-NEXT:    "irs_test.sink"() : () -> ()
func.func @wrap_sink(%a: i32, %f: f32) {
  %b = "irs_test.wrap"(%a) : (i32) -> !irs_test.box<i32>
  %g = "irs_test.wrap"(%f) : (f32) -> !irs_test.box<f32>
  "irs_test.sink"(%b, %b) : (!irs_test.box<i32>, !irs_test.box<i32>) -> ()
  "irs_test.sink"(%g) : (!irs_test.box<f32>) -> ()
  "irs_test.sink"() : () -> ()
  return
}

// -----

func.func @add_i64(%a: i64, %b: i32) -> i32 {
  // ERR: {{.*}}:[[@LINE+4]]:8: error: expected 'i32' but got 'i64'
  // ERR-NEXT: {{^}}  %s = "irs_test.add"(%a, %b) : (i64, i32) -> i32{{$}}
  // ERR-NEXT: {{^ +\^$}}
  // ERR-NEXT: note: see current operation: %0 = "irs_test.add"(%arg0, %arg1) : (i64, i32) -> i32
  %s = "irs_test.add"(%a, %b) : (i64, i32) -> i32
  return %s : i32
}

// -----

func.func @const_string_attr() -> i32 {
  // ERR: {{.*}}:[[@LINE+1]]:8: error: expected base attribute 'builtin.integer' but got 'builtin.string'
  %c = "irs_test.const"() {value = "seven"} : () -> i32
  return %c : i32
}

// -----

func.func @const_no_attr() -> i32 {
  // ERR: {{.*}}:[[@LINE+1]]:8: error: 'irs_test.const' op attribute "value" is expected but not provided
  %c = "irs_test.const"() : () -> i32
  return %c : i32
}

// -----

func.func @wrap_mismatch(%a: i64) {
  // ERR: {{.*}}:[[@LINE+1]]:8: error: expected 'i64' but got 'i32'
  %b = "irs_test.wrap"(%a) : (i64) -> !irs_test.box<i32>
  return
}

// -----

func.func @sink_mixed(%a: i32, %b: i64) {
  // ERR: {{.*}}:[[@LINE+1]]:3: error: expected 'i32' but got 'i64'
  "irs_test.sink"(%a, %b) : (i32, i64) -> ()
  return
}

// -----

// PIPE-LABEL: func.func @pipeline
// PIPE-NEXT:    %[[C:.*]] = "irs_test.const"() {value = 1 : i32} : () -> i32
// PIPE-NEXT:    %[[S:.*]] = "irs_test.add"(%arg0, %[[C]]) : (i32, i32) -> i32
// PIPE-NEXT:    %[[T:.*]] = "irs_test.add"(%arg0, %[[C]]) : (i32, i32) -> i32
// PIPE-NEXT:    "irs_test.add"(%[[S]], %[[T]]) : (i32, i32) -> i32
// PIPE-NEXT:    %[[B:.*]] = "irs_test.wrap"(%[[S]]) : (i32) -> !irs_test.box<i32>
// PIPE-NEXT:    "irs_test.sink"(%[[B]]) : (!irs_test.box<i32>) -> ()
// PIPE-NEXT:    return %[[T]] : i32
// STATS: remark: op statistics: 9 operations in 3 dialects
// The remark is at the chunk's implicit module, which starts where the
// chunk does: right after the marker line's text.
// STATS-NEXT: {{^// -{5}$}}
// STATS-NEXT: {{^ +\^$}}
// STATS-NEXT: note: irs_test: 6 (irs_test.add 3, irs_test.const 1, irs_test.sink 1, irs_test.wrap 1)
// STATS-NEXT: note: func: 2 (func.func 1, func.return 1)
// STATS-NEXT: note: builtin: 1 (builtin.module 1)
// DUMP-LABEL: func.func @pipeline
// DUMP-NOT:     arith.
// DUMP-COUNT-3: "irs_test.add"
func.func @pipeline(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %c0 : i32
  %c = "irs_test.const"() {value = 1 : i32} : () -> i32
  %s = "irs_test.add"(%x, %c) : (i32, i32) -> i32
  %t = "irs_test.add"(%x, %c) : (i32, i32) -> i32
  %dead = "irs_test.add"(%s, %t) : (i32, i32) -> i32
  %b = "irs_test.wrap"(%s) : (i32) -> !irs_test.box<i32>
  "irs_test.sink"(%b) : (!irs_test.box<i32>) -> ()
  return %t : i32
}
