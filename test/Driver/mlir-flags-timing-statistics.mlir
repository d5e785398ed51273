// mlir-opt's --mlir-timing and --mlir-pass-statistics: MLIR's own reports,
// printed to stderr by MLIR. The timing report has mlir-opt's structure
// (its values are times and are never compared); mlir-opt also times its
// parser and printer ("Parser", "Output"), which irscope-opt does not hand
// to MLIR. One report per run of the pipeline: per input chunk, and step by
// step (--dump-after-each, --timing) one per step, printed as the step ends.

// Whole pipeline, threads off (a single time column).
// RUN: %mlir_opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-timing > %t.ref 2> %t.ref.err
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-timing > %t.out 2> %t.err
// RUN: diff %t.ref %t.out
// RUN: FileCheck %s --check-prefix=TIME < %t.ref.err
// RUN: FileCheck %s --check-prefixes=TIME,TIME-IRS < %t.err
// TIME:         {{^}}===-{{-+}}==={{$}}
// TIME-NEXT:    {{^ +}}... Execution time report ...{{$}}
// TIME-NEXT:    {{^}}===-{{-+}}==={{$}}
// TIME-NEXT:    {{^}}  Total Execution Time: {{[0-9]+\.[0-9]+}} seconds{{$}}
// TIME-EMPTY:
// TIME-NEXT:    {{^}}  ----Wall Time----  ----Name----{{$}}
// TIME-IRS-NOT: Parser
// TIME:         {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}  'func.func' Pipeline{{$}}
// TIME-NEXT:    {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}    Canonicalizer{{$}}
// TIME-NEXT:    {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}    CSE{{$}}
// TIME-NEXT:    {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}      (A) DominanceInfo{{$}}
// TIME-NEXT:    {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}  SymbolDCE{{$}}
// TIME-IRS-NOT: Output
// TIME:         {{^ +[0-9]+\.[0-9]+ \( *[0-9]+\.[0-9]%\)}}  Rest{{$}}
// TIME-NEXT:    {{^ +[0-9]+\.[0-9]+ \(100\.0%\)}}  Total{{$}}
// TIME-NOT:     Execution time report

// Threads on (mlir-opt's default): a user-time column joins the wall time.
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-timing --mlir-timing-display=tree -o /dev/null 2> %t.mt.err
// RUN: FileCheck %s --check-prefix=MT < %t.mt.err
// MT:      ... Execution time report ...
// MT:      {{^}}  ----User Time----  ----Wall Time----  ----Name----{{$}}
// MT:      'func.func' Pipeline
// MT-NOT:  Execution time report

// Step by step: one report per step, each naming only its own pass, in
// pipeline order, before irscope-opt's own --timing table.
// RUN: rm -rf %t.d && irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-timing --timing --dump-after-each=%t.d > %t.step 2> %t.step.err
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s --check-prefix=STEP < %t.step.err
// STEP:      ... Execution time report ...
// STEP:      'func.func' Pipeline
// STEP-NEXT:   Canonicalizer
// STEP-NOT:  CSE
// STEP:      {{^ +[0-9]+\.[0-9]+ \(100\.0%\)}}  Total{{$}}
// STEP:      ... Execution time report ...
// STEP:      'func.func' Pipeline
// STEP-NEXT:   CSE
// STEP:      {{^ +[0-9]+\.[0-9]+ \(100\.0%\)}}  Total{{$}}
// STEP:      ... Execution time report ...
// STEP-NOT:  Pipeline
// STEP:      SymbolDCE
// STEP:      {{^ +[0-9]+\.[0-9]+ \(100\.0%\)}}  Total{{$}}
// STEP-NOT:  Execution time report
// STEP:      irscope step timing report

// One report per chunk of a split input, as mlir-opt prints.
// RUN: %mlir_opt %s --split-input-file --mlir-disable-threading --canonicalize --mlir-timing -o /dev/null 2> %t.split.ref.err
// RUN: irscope-opt %s --split-input-file --mlir-disable-threading --canonicalize --mlir-timing -o /dev/null 2> %t.split.err
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.ref.err
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.err
// SPLIT:     ... Execution time report ...
// SPLIT:     Canonicalizer
// SPLIT:     ... Execution time report ...
// SPLIT:     Canonicalizer
// SPLIT-NOT: Execution time report

// The C API only gives MLIR's default timing display (the tree); the list
// display is refused rather than shown as a tree.
// RUN: sh -c 'irscope-opt %s --canonicalize --mlir-timing --mlir-timing-display=list; echo exit=$?' > %t.list 2>&1
// RUN: FileCheck %s --check-prefix=LIST < %t.list
// LIST: {{^}}irscope-opt: error: '--mlir-timing-display=list' is not available (MLIR's C API only prints the tree display)
// LIST: {{^}}exit=2
// RUN: sh -c 'irscope-opt %s --canonicalize --mlir-timing-display=bush; echo exit=$?' > %t.bad 2>&1
// RUN: FileCheck %s --check-prefix=BAD < %t.bad
// BAD: {{^}}irscope-opt: error: option '--mlir-timing-display' expects 'list' or 'tree', not 'bush'
// BAD: {{^}}exit=2

// Pass statistics: byte for byte mlir-opt's, in both display modes, whole
// and step by step (there: one report per step). Debian's MLIR is built
// without statistics, so the reports carry only their headers.
// RUN: %mlir_opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-pass-statistics > %t.stat.ref 2> %t.stat.ref.err
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-pass-statistics > %t.stat.out 2> %t.stat.err
// RUN: diff %t.stat.ref %t.stat.out
// RUN: diff %t.stat.ref.err %t.stat.err
// RUN: FileCheck %s --check-prefix=STAT < %t.stat.err
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-pass-statistics --mlir-pass-statistics-display=list > %t.statl.ref 2> %t.statl.ref.err
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-pass-statistics --mlir-pass-statistics-display=list > %t.statl.out 2> %t.statl.err
// RUN: diff %t.statl.ref.err %t.statl.err
// RUN: FileCheck %s --check-prefix=STAT < %t.statl.err
// STAT:      {{^}}===-{{-+}}==={{$}}
// STAT-NEXT: {{^ +}}... Pass statistics report ...{{$}}
// STAT-NEXT: {{^}}===-{{-+}}==={{$}}
// STAT-NOT:  {{.}}
// RUN: rm -rf %t.d2 && irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --mlir-pass-statistics --dump-after-each=%t.d2 -o /dev/null 2> %t.stat.step.err
// RUN: FileCheck %s --check-prefix=STAT-STEP < %t.stat.step.err
// STAT-STEP-COUNT-3: ... Pass statistics report ...
// STAT-STEP-NOT:     Pass statistics report
// RUN: sh -c 'irscope-opt %s --canonicalize --mlir-pass-statistics-display=tree; echo exit=$?' > %t.sbad 2>&1
// RUN: FileCheck %s --check-prefix=SBAD < %t.sbad
// SBAD: {{^}}irscope-opt: error: option '--mlir-pass-statistics-display' expects 'list' or 'pipeline', not 'tree'
// SBAD: {{^}}exit=2

func.func @f(%a: i32) -> i32 {
  %c = arith.constant 0 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.addi %a, %c : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}

// -----

func.func @g(%a: i32) -> i32 {
  return %a : i32
}
