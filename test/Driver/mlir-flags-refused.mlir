// mlir-opt's instrumentation flags where irscope-opt refuses them (exit 2,
// one line, nothing run): with --repeat and --check-determinism, which run
// every step several times, MLIR would print each run with nothing to tell
// them apart. The flags are in --help, marked as mlir-opt's.

// RUN: sh -c 'irscope-opt %s --canonicalize --mlir-print-ir-after-all --repeat=2; echo exit=$?' > %t.rep 2>&1
// RUN: FileCheck %s --check-prefix=REPEAT < %t.rep
// REPEAT:     {{^}}irscope-opt: error: mlir-opt's '--mlir-print-ir-*', '--mlir-timing' and '--mlir-pass-statistics' cannot be combined with '--repeat'
// REPEAT-NEXT: {{^}}exit=2
// RUN: sh -c 'irscope-opt %s --canonicalize --mlir-timing --check-determinism; echo exit=$?' > %t.det 2>&1
// RUN: FileCheck %s --check-prefix=DET < %t.det
// DET:      {{^}}irscope-opt: error: mlir-opt's {{.*}} cannot be combined with '--check-determinism'
// DET-NEXT: {{^}}exit=2

// The printing flags are fine with both.
// RUN: irscope-opt %s --canonicalize --mlir-print-local-scope --check-determinism | FileCheck %s --check-prefix=OK
// OK: func.func @f

// RUN: irscope-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --mlir-print-ir-before-all
// HELP: --mlir-print-ir-after-all
// HELP: --mlir-print-ir-after-change
// HELP: --mlir-print-ir-after-failure
// HELP: --mlir-print-ir-module-scope
// HELP: --mlir-print-ir-tree-dir=DIR
// HELP: --mlir-timing
// HELP: --mlir-timing-display=tree
// HELP: --mlir-pass-statistics
// HELP: --mlir-pass-statistics-display=MODE
// HELP: --mlir-print-local-scope
// HELP: --mlir-pretty-debuginfo
// HELP: --mlir-print-assume-verified
// HELP: --mlir-print-skip-regions
// HELP: --mlir-use-nameloc-as-prefix
// HELP: --mlir-elide-resource-strings-if-larger=N

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
