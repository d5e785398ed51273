// Failures the tool reports by exit code and stderr: irscope-opt tells them
// apart (asking the tool again, only on the failure path) and documents
// them as in-process failures, with the tool's diagnostics and their
// locations in report.xml.

// RUN: rm -rf %t && mkdir -p %t

// A pass that fails (exit 1).
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),func.func(test-pass-failure))" --failure-dir=%t/p -o %t/out.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=PASS -DDIR=%t/p
// PASS: irscope-opt: error: step 2 'builtin.module(func.func(test-pass-failure))' failed: pass 'test-pass-failure' signalled failure; report: [[DIR]]/report.xml
// PASS: exit=1
// RUN: xmllint --noout --schema %schemas/report.xsd %t/p/report.xml
// RUN: FileCheck %s --check-prefix=PASSREPORT < %t/p/report.xml
// PASSREPORT: <failure kind="pass-failure" step="2" pass="test-pass-failure" anchor="func.func"

// A pass that breaks the IR (exit 3): the tool's verifier; its diagnostics,
// with their locations in the input, go to the report; the broken IR comes
// from a rerun without the verifier, in generic form.
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(test-pass-invalid-parent))" --failure-dir=%t/v -o %t/out.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=VERIFY -DDIR=%t/v -DFILE=%s
// VERIFY: [[FILE]]:[[#FUNC:]]:1: error: 'test.call' op 'some_unknown_func' does not reference a valid function
// VERIFY: irscope-opt: error: step 1 'builtin.module(func.func(test-pass-invalid-parent))' broke the IR: verifier failed after pass 'test-pass-invalid-parent'; report: [[DIR]]/report.xml
// VERIFY: exit=3
// RUN: xmllint --noout --schema %schemas/report.xsd %t/v/report.xml
// RUN: FileCheck %s --check-prefix=VREPORT -DFILE=%s < %t/v/report.xml
// VREPORT: <failure kind="verify-failure" step="1" pass="test-pass-invalid-parent" anchor="func.func" hook="verifier"
// VREPORT: <post-step-ir file="failure-output.mlir" form="generic"/>
// VREPORT: <step index="1" pass="test-pass-invalid-parent" anchor="func.func" status="verify-failure" changed="false">
// VREPORT: <verifier result="failed" failed-hook="verifier"/>
// VREPORT-NEXT: <diagnostics>
// VREPORT-NEXT: <diagnostic severity="error" location="[[FILE]]:[[#FUNCLINE:]]:1">
// VREPORT-NEXT: <message>'test.call' op 'some_unknown_func' does not reference a valid function</message>
// VREPORT-NEXT: <note severity="note" location="[[FILE]]:[[#FUNCLINE]]:1">
// RUN: FileCheck %s --check-prefix=POST < %t/v/failure-output.mlir
// POST: "test.call"() <{callee = @some_unknown_func}>

// A pass the tool does not have is the tool's to reject (exit 2).
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --no-such-pass -o %t/out.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=PIPE -DTOOL=%mlir_opt
// PIPE: irscope-opt: error: step 1 'builtin.module(no-such-pass)': '[[TOOL]]' rejected the pipeline: MLIR Textual PassPipeline Parser:1:1: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// PIPE-NEXT: exit=2

// The memory limit applies to the tool's process: exit 7, a report of kind
// memory-limit. Resident memory is sampled every 50 ms, and the big input
// keeps the step over the limit for several samples.
// RUN: %python %S/Inputs/big-func.py > %t/big.mlir
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %t/big.mlir --cse --memory-limit=20M --failure-dir=%t/m -o %t/out.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=MEM -DDIR=%t/m
// MEM: irscope-opt: error: step 1 'builtin.module(cse)' exceeded the memory limit of 20971520 bytes
// MEM-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// MEM: exit=7
// RUN: FileCheck %s --check-prefix=MEMREPORT < %t/m/report.xml
// MEMREPORT: <failure kind="memory-limit" step="1" pass="cse" anchor="builtin.module"

// A step done before any sample (this file takes mlir-opt a few ms, above
// 20 MiB from its start): the tool's peak at its exit is over the limit, so
// it is the same failure, with the peak in the report.
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --cse --memory-limit=20M --failure-dir=%t/mq -o %t/out.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=MEM -DDIR=%t/mq
// RUN: FileCheck %s --check-prefix=MEMREPORT < %t/mq/report.xml
// RUN: FileCheck %s --check-prefix=MEMPEAK < %t/mq/report.xml
// MEMPEAK: memory-limit-bytes="20971520" peak-rss-kb="{{20[5-9][0-9][0-9]|2[1-9][0-9][0-9][0-9]|[3-9][0-9][0-9][0-9][0-9]|[1-9][0-9][0-9][0-9][0-9][0-9]+}}"

// Input the tool cannot parse (exit 2), and the tool's own words first.
// RUN: echo 'func.func @g() { test.bogus_op }' > %t/bad.mlir
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %t/bad.mlir --canonicalize -o %t/out.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=PARSE -DTOOL=%mlir_opt
// PARSE: bad.mlir:1:18: error:
// PARSE: irscope-opt: error: '[[TOOL]]' cannot parse the input
// PARSE-NEXT: exit=2

func.func @f(%a: i64) -> i64 {
  %0 = test.format_all_types_match_var %a, %a : i64
  return %0 : i64
}
