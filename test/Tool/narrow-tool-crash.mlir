// A crash through --tool names the rewrite it was in, as an in-process run
// does (test/Actions/crash-in-pattern.mlir, llvm/llvm-project#205233:
// convert-arith-to-spirv dies of SIGSEGV in ExtUIPattern on an arith.extui
// of tensors). mlir-opt logs its actions with --log-actions-to=- to its
// stdout (a scratch file), which LLVM flushes before its crash handler's
// stack dump, so the log ends in the action that crashed (a file named on
// --log-actions-to would be buffered and removed by LLVM's handler). The
// debug counter then confirms it in two runs: 1 action fails to legalize
// (another failure), 2 crash with the same signal; a third prints the
// function before the action. report.xml has one <action>, narrowed and in
// flight, and replay-action.sh shows the difference with mlir-opt alone.
// A tool without MLIR's action flags leaves the answer at the step.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %S/../Actions/crash-in-pattern.mlir --pass-pipeline="builtin.module(func.func(convert-arith-to-spirv))" --failure-dir=%t/c -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CRASH -DDIR=%t/c
// CRASH: irscope-opt: error: step 1 'builtin.module(func.func(convert-arith-to-spirv))' crashed with SIGSEGV
// CRASH: irscope-opt: note: crashed while applying pattern '(anonymous namespace)::ExtUIPattern' to 'arith.extui' at {{.*}}crash-in-pattern.mlir:45:10
// CRASH-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// CRASH-NEXT: irscope-opt: note: first rewrite that crashes the step: #2 of 2 in step 1 'builtin.module(func.func(convert-arith-to-spirv))': pattern '(anonymous namespace)::ExtUIPattern' on 'arith.extui' at {{.*}}crash-in-pattern.mlir:45:10
// CRASH: exit=5

// RUN: xmllint --noout --schema %schemas/report.xsd %t/c/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/c/report.xml
// REPORT: <failure kind="crash" step="1" pass="convert-arith-to-spirv"
// REPORT: <action tag="apply-pattern" name="(anonymous namespace)::ExtUIPattern" index="2" of="2" executions="4" op="arith.extui" loc="{{.*}}crash-in-pattern.mlir:45:10" before="action-before.mlir" replay="replay-action.sh" in-flight="true">
// REPORT-NEXT: <generic-op>%0 = &quot;arith.extui&quot;(%arg0) : (tensor&lt;8xi8&gt;) -&gt; tensor&lt;8xi32&gt; loc(
// REPORT: </action>
// REPORT-NEXT: </failure>
// RUN: FileCheck %s --check-prefix=BEFORE < %t/c/action-before.mlir
// BEFORE: "arith.extui"

// RUN: sh %t/c/replay-action.sh > %t/replay.log 2>&1 || true
// RUN: FileCheck %s --check-prefix=REPLAY < %t/replay.log
// REPLAY: --- 1 actions:
// REPLAY-NEXT: failure-input.mlir:{{.*}}: error: failed to legalize operation 'arith.extui'
// REPLAY: exit 1
// REPLAY-NEXT: --- 2 actions:
// REPLAY: Stack dump:
// REPLAY: exit 139

// A tool without MLIR's action flags.
// RUN: printf '#!/bin/sh\nfor a in "$@"; do case "$a" in --log-actions-to=*|--mlir-debug-counter=*) echo "tool: Unknown command line argument %%s." "$a" >&2; exit 1;; esac; done\nexec %mlir_opt "$@"\n' > %t/tool && chmod +x %t/tool
// RUN: sh -c 'irscope-opt --tool=%t/tool %S/../Actions/crash-in-pattern.mlir --pass-pipeline="builtin.module(func.func(convert-arith-to-spirv))" --failure-dir=%t/n -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFLAGS -DT=%t/tool --implicit-check-not="crashed while"
// NOFLAGS: irscope-opt: error: step 1 'builtin.module(func.func(convert-arith-to-spirv))' crashed with SIGSEGV
// NOFLAGS: irscope-opt: note: step 1 not narrowed to one action: '[[T]]' has no --log-actions-to and --mlir-debug-counter (no MlirOptMain tool)
// NOFLAGS: exit=5
// RUN: FileCheck %s --check-prefix=NOFLAGSREPORT < %t/n/report.xml
// NOFLAGSREPORT-NOT: <action

// The explorer shows the action in the failing step: in flight, and K of N.
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %S/../Actions/crash-in-pattern.mlir --pass-pipeline="builtin.module(func.func(convert-arith-to-spirv))" --dump-after-each=%t/d -o /dev/null; echo exit=$?' > /dev/null 2>&1
// RUN: irscope-report %t/d
// RUN: FileCheck %s --check-prefix=PAGE < %t/d/report.html
// PAGE: In flight when it died, and the one action after which the step dies: #2 of 2, pattern <code class="action-name">(anonymous namespace)::ExtUIPattern</code> on <code>arith.extui</code> at {{.*}}crash-in-pattern.mlir:45:10 (narrowed with 4 runs of the step, single-threaded)
