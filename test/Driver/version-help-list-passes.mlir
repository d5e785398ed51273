// --version, --help and --list-passes print what they promise and exit 0.

// The MLIR version irscope-opt reports is the one mlir-opt reports.
// RUN: irscope-opt --version > %t.version
// RUN: %mlir_opt --version >> %t.version
// RUN: FileCheck %s --check-prefix=VERSION < %t.version
// VERSION: {{^}}irscope-opt {{[0-9]+\.[0-9]+\.[0-9]+}} (MLIR [[V:[0-9]+\.[0-9]+\.[0-9]+]]){{$}}
// VERSION: LLVM version [[V]]

// RUN: irscope-opt --help | FileCheck %s --check-prefix=HELP
// HELP:      usage: irscope-opt
// HELP-DAG:  -o, --o=FILE
// HELP-DAG:  --pass-pipeline=PIPELINE
// HELP-DAG:  --split-input-file[=MARKER]
// HELP-DAG:  --output-split-marker=MARKER
// HELP-DAG:  --allow-unregistered-dialect
// HELP-DAG:  --mlir-print-op-generic
// HELP-DAG:  --mlir-print-debuginfo
// HELP-DAG:  --mlir-disable-threading
// HELP-DAG:  --emit-bytecode
// HELP-DAG:  --dump-after-each=DIR
// HELP-DAG:  --check-results
// HELP-DAG:  --list-passes
// HELP-DAG:  --version
// HELP-DAG:  -h, --help
// HELP:      --canonicalize --inline="default-pipeline=canonicalize"

// RUN: irscope-opt --list-passes | FileCheck %s --check-prefix=PASSES
// PASSES:      irscope passes
// PASSES-NEXT: irs-test-fail {{.*}}{op=NAME}
// PASSES-NEXT: irs-test-corrupt {{.*}}{op=NAME}
// PASSES-NEXT: irs-test-crash {{.*}}{op=NAME unmap-loc=0|1}
// PASSES-NEXT: irs-test-abort {{.*}}{op=NAME runs=K file=PATH}
// PASSES-NEXT: irs-test-hang {{.*}}{op=NAME interrupt=K file=PATH}
// PASSES-NEXT: irs-test-slow {{.*}}{op=NAME ms=N file=PATH}
// PASSES-NEXT: irs-test-stack-overflow {{.*}}{op=NAME}
// PASSES-NEXT: irs-test-oom {{.*}}{op=NAME mb=N}
// PASSES-NEXT: irs-test-flaky {{.*}}{op=NAME rate=P mode=fail|crash|attr attr=A seed=S}
// PASSES-NEXT: irs-test-nondeterministic {{.*}}{op=NAME}
// PASSES-NEXT: irs-test-thread-race {{.*}}{op=NAME mode=attr|crash}
// PASSES-NEXT: irs-test-race {{.*}}{op=NAME spin=US meet=0|1 both=0|1}
// PASSES-NEXT: irs-test-miscompile {{.*}}{func=NAME}
// PASSES-NEXT: irs-op-stats {{.*}}{file=PATH}
// PASSES-NEXT: MLIR's own passes

func.func @unused() {
  return
}
