// --tool narrows a failing step with the tool's own flags: a real
// verifier failure (llvm/llvm-project#205069, Inputs/xegpu-to-xevm-
// verifier.mlir) is narrowed by --log-actions-to and
// --mlir-debug-counter=apply-pattern-count=K to the conversion pattern
// whose rewrite leaves the IR the verifier rejects (with fewer pattern
// applications the conversion fails to legalize: another failure). The
// replay script shows with mlir-opt alone that count 2 fails to legalize
// and 3 leaves IR the verifier rejects. A tool without those flags leaves the answer at the step, with a
// note. The same case in-process: test/PassManager/narrow-verifier.mlir.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --tool=%mlir_opt --allow-unregistered-dialect %S/Inputs/xegpu-to-xevm-verifier.mlir --pass-pipeline="builtin.module(convert-xegpu-to-xevm)" --failure-dir=%t/d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/d
// ERR: irscope-opt: error: step 1 'builtin.module(convert-xegpu-to-xevm)' broke the IR: verifier failed after pass 'convert-xegpu-to-xevm'; report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: first rewrite that breaks the IR: #3 of 3 in step 1 'builtin.module(convert-xegpu-to-xevm)': pattern '(anonymous namespace)::ConvertYieldOpTypes' on 'scf.yield' at {{.*}}xegpu-to-xevm-verifier.mlir:10:7
// ERR: exit=3

// RUN: xmllint --noout --schema %schemas/report.xsd %t/d/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <failure kind="verify-failure" step="1" pass="convert-xegpu-to-xevm"
// REPORT: <action tag="apply-pattern" name="(anonymous namespace)::ConvertYieldOpTypes" index="3" of="3" executions="{{[4-6]}}" op="scf.yield" loc="{{.*}}xegpu-to-xevm-verifier.mlir:10:7" before="action-before.mlir" after="action-after.mlir" diff="action.diff" replay="replay-action.sh">
// REPORT-NEXT: <generic-op>&quot;scf.yield&quot;(%{{.*}}) : (vector&lt;[4]x[4]xf32&gt;) -&gt; () loc(

// RUN: FileCheck %s --check-prefix=DIFF < %t/d/action.diff
// DIFF: --- action-before.mlir
// DIFF: +{{.*}}"vector.shape_cast"

// RUN: sh %t/d/replay-action.sh 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: --- 2 actions:
// REPLAY-NEXT: failure-input.mlir:{{.*}}: error: failed to legalize operation 'scf.yield'
// REPLAY: exit 1
// REPLAY-NEXT: --- 3 actions:
// REPLAY-NEXT: failure-input.mlir:{{.*}}: error: 'vector.shape_cast' op has different number of scalable dims
// REPLAY: exit 1

// A tool without MLIR's action flags.
// RUN: printf '#!/bin/sh\nfor a in "$@"; do case "$a" in --log-actions-to=*|--mlir-debug-counter=*) echo "tool: Unknown command line argument %%s." "$a" >&2; exit 1;; esac; done\nexec %mlir_opt "$@"\n' > %t/tool && chmod +x %t/tool
// RUN: sh -c 'irscope-opt --tool=%t/tool --allow-unregistered-dialect %S/Inputs/xegpu-to-xevm-verifier.mlir --pass-pipeline="builtin.module(convert-xegpu-to-xevm)" --failure-dir=%t/n -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFLAGS -DT=%t/tool
// NOFLAGS: irscope-opt: error: step 1 'builtin.module(convert-xegpu-to-xevm)' broke the IR
// NOFLAGS-NEXT: irscope-opt: note: step 1 not narrowed to one action: '[[T]]' has no --log-actions-to and --mlir-debug-counter (no MlirOptMain tool)
// NOFLAGS: exit=3
