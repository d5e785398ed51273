// A real upstream crash (MLIR 22.1.8): -int-range-optimizations divides by
// zero (SIGFPE, in mlir::intrange::inferAffineExpr) on an affine.apply whose
// divisor is the constant 0. Here canonicalize first folds the zero symbol
// into the map (s0 floordiv 0), then the range analysis dies: irscope-opt
// names the signal, the step and the pass, writes the canonicalized IR that
// went into it, and mlir-opt replays the crash from the reproducer.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: not --crash %mlir_opt -int-range-optimizations %s -o /dev/null

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),int-range-optimizations,cse)" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 2 'builtin.module(int-range-optimizations)' crashed with SIGFPE
// ERR-NEXT: irscope-opt: note: crashed in {{.+}}
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="crash" step="2" pass="int-range-optimizations" anchor="builtin.module" {{.*}}signal="8" signal-name="SIGFPE"
// REPORT-NEXT: <message>step 2 'builtin.module(int-range-optimizations)' crashed with SIGFPE</message>
// REPORT-NEXT: <stderr>irscope-opt: fatal signal SIGFPE
// REPORT: libMLIR
// REPORT: </stderr>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(int-range-optimizations)"/>
// REPORT: <step index="2" pass="int-range-optimizations" anchor="builtin.module" status="crash"

// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: #map = affine_map<()[s0] -> (s0 floordiv 0)>
// PRE: func.func @f(%arg0: index) -> index {
// PRE-NEXT: %0 = affine.apply #map()[%arg0]
// PRE-NEXT: return %0 : index

// RUN: not --crash %mlir_opt --run-reproducer %t/reproducer.mlir -o /dev/null

func.func @f(%x: index) -> index {
  %c0 = arith.constant 0 : index
  %r = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%x)[%c0]
  return %r : index
}
