// --repeat with --tool: each run is a plain run of the tool on the whole
// pipeline (one process, MLIR's merged schedule). Inputs/fake-tool.sh
// FAKE_MODE=race crashes whenever both func.func pipelines run in one
// process and never step by step, as the liveness race of MLIR 22 does:
// --repeat sees every run fail, and although the step-by-step replay
// locates nothing, the failure keeps its evidence: the crash site in the
// signature, one artefact directory per signature with the stack dump,
// the input, the command and a reproducer of the whole pipeline.
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'FAKE_MODE=race irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(func.func(cse),func.func(canonicalize))" --repeat=3 --failure-dir=%t/r; echo exit=$?' > %t/r.log 2>&1
// RUN: FileCheck %s --check-prefix=REPEAT -DDIR=%t/r < %t/r.log
// REPEAT: irscope-opt: repeat: run 1 failed in a new way:
// REPEAT-NEXT: irscope-opt: error: pipeline 'builtin.module(func.func(cse),func.func(canonicalize))' crashed with SIGSEGV, but no single step fails when replayed step by step
// REPEAT-NEXT: irscope-opt: note: crashed in mlir::Liveness::print (libMLIR.so.22.1)
// REPEAT: irscope-opt: note: report: [[DIR]]/failure-1/report.xml
// REPEAT: irscope-opt: repeat: 3 of 3 runs failed (100.00%, 95% Wilson interval {{.*}})
// REPEAT-NEXT: irscope-opt: repeat:   no step known: 3 failed
// REPEAT-NEXT: irscope-opt: repeat:   signature 1: crash SIGSEGV at mlir::Liveness::print in step 0 (?), 3 runs, first in run 1; artefacts: [[DIR]]/failure-1
// REPEAT: exit=5
// RUN: xmllint --noout --schema %schemas/repeat.xsd %t/r/repeat.xml
// RUN: xmllint --noout --schema %schemas/report.xsd %t/r/failure-1/report.xml
// RUN: FileCheck %s --check-prefix=REPORT -DTOOL=%S/Inputs/fake-tool.sh < %t/r/failure-1/report.xml
// REPORT: <failure kind="crash" step="0"
// REPORT-SAME: crash-site="mlir::Liveness::print"
// REPORT: <stderr>PLEASE submit a bug report
// REPORT: Stack dump:
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT: [[TOOL]] '--pass-pipeline=builtin.module(func.func(cse),func.func(canonicalize))' {{.*}}/failure-1/failure-input.mlir -o -
// RUN: diff %s %t/r/failure-1/failure-input.mlir
// RUN: FileCheck %s --check-prefix=REPRO < %t/r/failure-1/reproducer.mlir
// REPRO: pipeline: "builtin.module(func.func(cse),func.func(canonicalize))"

// A single run documents such a death the same way.
// RUN: sh -c 'FAKE_MODE=race irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(func.func(cse),func.func(canonicalize))" --failure-dir=%t/one -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=SINGLE -DDIR=%t/one -DTOOL=%S/Inputs/fake-tool.sh
// SINGLE: irscope-opt: error: pipeline 'builtin.module(func.func(cse),func.func(canonicalize))' crashed with SIGSEGV, but no single step fails when replayed step by step
// SINGLE-NEXT: irscope-opt: note: crashed in mlir::Liveness::print (libMLIR.so.22.1)
// SINGLE: irscope-opt: note: report: [[DIR]]/report.xml
// SINGLE-NEXT: irscope-opt: note: replay: [[TOOL]] '--pass-pipeline=builtin.module(func.func(cse),func.func(canonicalize))' [[DIR]]/failure-input.mlir -o -
// SINGLE-NEXT: irscope-opt: note: or: [[TOOL]] --run-reproducer [[DIR]]/reproducer.mlir
// SINGLE-NEXT: exit=5

// Step by step, the race never shows: that is another schedule.
// RUN: sh -c 'FAKE_MODE=race irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(func.func(cse),func.func(canonicalize))" --repeat=2 --repeat-stepwise --failure-dir=%t/s; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=STEPWISE
// STEPWISE: irscope-opt: repeat: 0 of 2 runs failed
// STEPWISE: exit=0

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
