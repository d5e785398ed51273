// A step whose IR no longer verifies is narrowed by a fresh worker, on its
// pre-step IR, to the rewrite that broke it: a real case
// (llvm/llvm-project#205069, -convert-xegpu-to-xevm leaves an invalid
// vector.shape_cast) names pattern application 3 of 3,
// ConvertYieldOpTypes on the scf.yield, as mlir-opt's own debug counter
// does (test/Tool/narrow-tool.mlir); the replay script shows it with
// upstream mlir-opt.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --allow-unregistered-dialect %S/../Tool/Inputs/xegpu-to-xevm-verifier.mlir --pass-pipeline="builtin.module(convert-xegpu-to-xevm)" --failure-dir=%t/d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/d
// ERR: irscope-opt: error: step 1 'builtin.module(convert-xegpu-to-xevm)' broke the IR: verifier failed after pass 'convert-xegpu-to-xevm'; report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: first rewrite that breaks the IR: #3 of 3 in step 1 'builtin.module(convert-xegpu-to-xevm)': pattern '(anonymous namespace)::ConvertYieldOpTypes' on 'scf.yield' at {{.*}}xegpu-to-xevm-verifier.mlir:10:7
// ERR: exit=3

// RUN: xmllint --noout --schema %schemas/report.xsd %t/d/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <action tag="apply-pattern" name="(anonymous namespace)::ConvertYieldOpTypes" index="3" of="3" executions="{{[4-6]}}" op="scf.yield"
// RUN: FileCheck %s --check-prefix=DIFF < %t/d/action.diff
// DIFF: +{{.*}}"vector.shape_cast"

// RUN: sh %t/d/replay-action.sh 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: --- 2 actions:
// REPLAY-NEXT: failure-input.mlir:{{.*}}: error: failed to legalize operation 'scf.yield'
// REPLAY: exit 1
// REPLAY-NEXT: --- 3 actions:
// REPLAY-NEXT: failure-input.mlir:{{.*}}: error: 'vector.shape_cast' op has different number of scalable dims
// REPLAY: exit 1
