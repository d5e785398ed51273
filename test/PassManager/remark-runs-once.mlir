// A diagnostic does not make an instrumented run execute its passes again:
// each pass runs once, the diagnostic is shown once, as it is emitted, and
// recorded with the step that emitted it. irs-test-slow{file=PATH} appends
// one line per execution (the function's name, or builtin.module), so the
// sorted log lists every execution.

// The dumping run of the issue: a remark from irs-op-stats at the end.
// RUN: rm -rf %t %t.runs
// RUN: irscope-opt %s --pass-pipeline='builtin.module(irs-test-slow{op=func.func ms=0 file=%t.runs},func.func(irs-test-slow{op=func.func ms=0 file=%t.runs}),cse,irs-op-stats)' --dump-after-each=%t -o /dev/null 2> %t.err
// RUN: sort %t.runs | FileCheck %s --check-prefix=RUNS
// RUNS: a
// RUNS-NEXT: b
// RUNS-NEXT: builtin.module
// RUNS-NOT: {{.}}
// RUN: FileCheck %s --check-prefix=ERR --implicit-check-not=remark: --implicit-check-not=error: < %t.err
// ERR: remark: op statistics: 5 operations in 2 dialects
// RUN: FileCheck %s --check-prefix=MAN < %t/manifest.xml
// MAN: <step index="3"
// MAN: <diagnostics/>
// MAN: <step index="4"
// MAN: <diagnostic severity="remark"
// MAN-NEXT: <message>op statistics: 5 operations in 2 dialects</message>

// A remark MLIR delivers from its threads, nested under func.func (the
// transform interpreter's, on each function): shown once each, in the
// interpreter's step in the manifest, and every pass still runs once.
// RUN: rm -rf %t.n %t.nruns
// RUN: irscope-opt %s --pass-pipeline='builtin.module(transform-preload-library{transform-library-paths=%S/Inputs/remark-library.mlir},func.func(irs-test-slow{op=func.func ms=0 file=%t.nruns},transform-interpreter),cse)' --dump-after-each=%t.n -o /dev/null 2> %t.nerr
// RUN: sort %t.nruns | FileCheck %s --check-prefix=NRUNS
// NRUNS: a
// NRUNS-NEXT: b
// NRUNS-NOT: {{.}}
// RUN: FileCheck %s --check-prefix=NERR --implicit-check-not=remark: --implicit-check-not=error: < %t.nerr
// NERR: remark-runs-once.mlir:[[#@LINE+18]]:1: remark: seen by the interpreter
// NERR: remark-runs-once.mlir:[[#@LINE+21]]:1: remark: seen by the interpreter
// RUN: FileCheck %s --check-prefix=NMAN < %t.n/manifest.xml
// NMAN: <step index="2"
// NMAN: <diagnostics/>
// NMAN: <step index="3"
// NMAN: <diagnostic severity="remark" location="{{.*}}remark-runs-once.mlir:[[#@LINE+12]]:1">
// NMAN: <diagnostic severity="remark" location="{{.*}}remark-runs-once.mlir:[[#@LINE+15]]:1">
// NMAN: <step index="4"
// NMAN: <diagnostics/>

// Timed without dumps, the two nested steps run fused on each function (as
// mlir-opt runs them); the checkpoints' step markers stay inside irscope.
// RUN: rm -rf %t.truns
// RUN: irscope-opt %s --pass-pipeline='builtin.module(transform-preload-library{transform-library-paths=%S/Inputs/remark-library.mlir},func.func(irs-test-slow{op=func.func ms=0 file=%t.truns},transform-interpreter),cse)' --timing -o /dev/null 2> %t.terr
// RUN: sort %t.truns | FileCheck %s --check-prefix=NRUNS
// RUN: FileCheck %s --check-prefix=NERR --implicit-check-not=remark: --implicit-check-not=error: < %t.terr

func.func @a(%x: i32) -> i32 {
  return %x : i32
}

func.func @b(%x: i32) -> i32 {
  return %x : i32
}
