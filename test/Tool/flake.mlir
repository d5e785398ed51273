// --repeat, --check-determinism, --trace and --junit with --tool: the same
// summaries and files as without it. Inputs/fake-tool.sh FAKE_MODE=flaky is
// mlir-opt crashing one step run in four (SIGSEGV); FAKE_MODE=nondet is
// mlir-opt appending a comment that differs from run to run.
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t

// Step by step (--repeat-stepwise), each crash is in the step it happened
// in. 40 runs of two steps miss a one-in-four crash with probability
// 0.75^80.
// RUN: sh -c 'FAKE_MODE=flaky irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(func.func(cse),canonicalize)" --repeat=40 --repeat-stepwise --failure-dir=%t/r; echo exit=$?' > %t/r.log 2>&1
// RUN: FileCheck %s --check-prefix=REPEAT -DDIR=%t/r < %t/r.log
// REPEAT: irscope-opt: repeat: run {{[0-9]+}} failed in a new way:
// REPEAT-NEXT: irscope-opt: error: step {{[12]}} '{{.*}}' crashed with SIGSEGV
// REPEAT-NEXT: irscope-opt: note: report: [[DIR]]/failure-1/report.xml
// REPEAT: irscope-opt: repeat: {{[1-9][0-9]*}} of 40 runs failed ({{.*}}, 95% Wilson interval {{.*}})
// REPEAT: irscope-opt: repeat:   signature 1: crash SIGSEGV in step {{[12]}} ({{cse|canonicalize}}), {{[0-9]+}} runs, first in run {{[0-9]+}}; artefacts: [[DIR]]/failure-1
// REPEAT: irscope-opt: repeat: summary: [[DIR]]/repeat.xml
// REPEAT-NEXT: exit=5
// RUN: xmllint --noout --schema %schemas/repeat.xsd %t/r/repeat.xml
// RUN: xmllint --noout --schema %schemas/report.xsd %t/r/failure-1/report.xml
// RUN: FileCheck %s --check-prefix=REPEATXML < %t/r/repeat.xml
// REPEATXML: <signature id="1" kind="crash" signal="11" signal-name="SIGSEGV" step="{{[12]}}"
// The repeat page and the failure's page replay with the tool.
// RUN: irscope-report %t/r 2>&1 | FileCheck %s --check-prefix=RPAGE -DDIR=%t/r
// RPAGE: irscope-report: wrote [[DIR]]/report.html
// RUN: FileCheck %s --check-prefix=RREPLAY -DTOOL=%S/Inputs/fake-tool.sh < %t/r/report.html
// RREPLAY: <pre class="replay">[[TOOL]] --run-reproducer /{{.*}}/failure-1/reproducer.mlir</pre>
// RUN: FileCheck %s --check-prefix=FREPLAY -DTOOL=%S/Inputs/fake-tool.sh < %t/r/failure-1/report.html
// FREPLAY: <pre id="reproducer-command">[[TOOL]] --run-reproducer /{{.*}}/failure-1/reproducer.mlir</pre>
// A clean tool: no failure in 3 runs.
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize)" --repeat=3 --failure-dir=%t/c; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CLEAN
// CLEAN: irscope-opt: repeat: 0 of 3 runs failed
// CLEAN: exit=0

// RUN: sh -c 'FAKE_MODE=nondet irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(func.func(cse),canonicalize)" --check-determinism --failure-dir=%t/n -o %t/n.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=NONDET -DDIR=%t/n
// NONDET: irscope-opt: error: step 1 'builtin.module(func.func(cse))' is not deterministic: pass 'cse' printed different IR in two runs on the same input; report: [[DIR]]/report.xml
// NONDET: exit=8
// RUN: xmllint --noout --schema %schemas/report.xsd %t/n/report.xml
// RUN: FileCheck %s --check-prefix=NONDETXML < %t/n/report.xml
// NONDETXML: <failure kind="nondeterminism" step="1" pass="cse" anchor="func.func" elapsed-ms="{{[0-9.]+}}" determinism-mode="repeat">
// NONDETXML: <diff>--- first-run
// NONDETXML: <pre-step-ir file="failure-input.mlir"/>
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize)" --check-determinism=threads -o %t/d.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=DET --allow-empty
// DET: exit=0
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),canonicalize)" | diff - %t/d.mlir

// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),test-pass-crash,canonicalize)" --junit=%t/j.xml --trace=%t/t.json --failure-dir=%t/j -o /dev/null; echo exit=$?' 2>/dev/null | FileCheck %s --check-prefix=EXIT5
// EXIT5: exit=5
// RUN: xmllint --noout --schema %schemas/junit.xsd %t/j.xml
// RUN: FileCheck %s --check-prefix=JUNIT < %t/j.xml
// JUNIT: <testsuites name="irscope-opt {{.*}}flake.mlir" tests="3" failures="1" errors="0" skipped="1"
// JUNIT: <testcase name="step 1 builtin.module(func.func(cse))"
// JUNIT: <testcase name="step 2 builtin.module(test-pass-crash)"
// JUNIT-NEXT: <failure message="step 2 'builtin.module(test-pass-crash)' crashed with SIGABRT" type="crash">
// JUNIT: <testcase name="step 3 builtin.module(canonicalize)"
// JUNIT-NEXT: <skipped
// RUN: %python -c "import json,sys; ev=[e for e in json.load(open(sys.argv[1]))['traceEvents'] if e.get('cat')=='step']; print([(e['name'], e['args']['status']) for e in ev])" %t/t.json | FileCheck %s --check-prefix=TRACE
// TRACE: [('cse', 'ok'), ('test-pass-crash', 'crash')]

func.func @f(%a: i64) -> i64 {
  %0 = test.format_all_types_match_var %a, %a : i64
  %c = arith.constant 1 : i64
  %1 = arith.addi %0, %c : i64
  %2 = arith.addi %0, %c : i64
  %3 = arith.muli %1, %2 : i64
  return %3 : i64
}
