// A real upstream crash (MLIR 22.1.8, llvm/llvm-project#205266):
// convert-func-to-llvm carries the string attribute linkage = "external"
// over as the llvm.func's linkage, and the verifier after the pass dies on
// it (SIGSEGV). A hand bisection with --mlir-debug-counter=
// pass-execution-count=K finds it at K = 3 (1 is the func.func adaptor,
// 2 llvm-request-c-wrappers on @test). With dumps, irscope verifies the
// module after the changed func.func group with a pass manager of its own,
// whose adaptor the plain tool never runs: it takes no number, and the
// crash is told as #3 there too. The reports are checked with --narrow=0:
// narrowing puts the rewrite it finds in place of the crash's <action>
// (test/Actions/crash-narrow-after-patterns.mlir).

// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(llvm-request-c-wrappers),convert-func-to-llvm)" --mlir-disable-threading --mlir-debug-counter=pass-execution-count=2 -o /dev/null
// RUN: not --crash %mlir_opt %s --pass-pipeline="builtin.module(func.func(llvm-request-c-wrappers),convert-func-to-llvm)" --mlir-disable-threading --mlir-debug-counter=pass-execution-count=3 -o /dev/null

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(llvm-request-c-wrappers),convert-func-to-llvm)" --narrow=0 --dump-after-each=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR
// ERR: irscope-opt: error: step 2 'builtin.module(convert-func-to-llvm)' crashed with SIGSEGV
// ERR: irscope-opt: note: crashed outside any action, after running pass 'convert-func-to-llvm' on 'builtin.module' in {{.*}}crash-index-after-group-verify.mlir (#3): in the verifier or the pass manager
// ERR: exit=5
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <action tag="pass-execution" name="convert-func-to-llvm" index="3" op="builtin.module"

// Without dumps the same number, and the same step: the supervisor's
// replay that locates the step verifies each step as it ends, so the IR
// that went into step 2 and its reproducer are written too, and the
// reproducer crashes the plain tool. (With threads, here and above, MLIR's
// verifier may check the function on a thread of its pool that ran no
// action: the crash is then told by the pass begun last on any thread.
// It checks @test and its C wrapper on two threads, and both fault: the
// first thread tells the crash whole, test/CrashSafety/crash-two-threads.mlir.)
// RUN: rm -rf %t.f
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(llvm-request-c-wrappers),convert-func-to-llvm)" --failure-dir=%t.f -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-FAST
// ERR-FAST: irscope-opt: error: step 2 'builtin.module(convert-func-to-llvm)' crashed with SIGSEGV
// ERR-FAST-NEXT: irscope-opt: note: crashed in mlir::LLVM::LinkageAttr::getLinkage
// ERR-FAST: irscope-opt: note: crashed outside any action, after running pass 'convert-func-to-llvm' on 'builtin.module' in {{.*}}crash-index-after-group-verify.mlir (#3): in the verifier or the pass manager
// ERR-FAST: irscope-opt: note: first rewrite that crashes the step: #1 of 2 in step 2 'builtin.module(convert-func-to-llvm)': pattern '(anonymous namespace)::FuncOpConversion' on 'func.func' @test
// ERR-FAST-NEXT: irscope-opt: note: narrowed single-threaded with 4 executions
// RUN: xmllint --noout --schema %schemas/report.xsd %t.f/report.xml
// RUN: FileCheck %s --check-prefix=REPORT-FAST < %t.f/report.xml
// REPORT-FAST: <failure kind="crash" step="2" pass="convert-func-to-llvm" anchor="builtin.module"
// REPORT-FAST: <action tag="apply-pattern" name="(anonymous namespace)::FuncOpConversion" index="1" of="2" executions="4" op="func.func"
// REPORT-FAST-NOT: <action
// REPORT-FAST: <step index="1" pass="llvm-request-c-wrappers" anchor="func.func" status="ok"
// REPORT-FAST: <step index="2" pass="convert-func-to-llvm" anchor="builtin.module" status="crash"
// RUN: FileCheck %s --check-prefix=PRE < %t.f/failure-input.mlir
// PRE: func.func @test() -> i32 attributes {linkage = "external", llvm.emit_c_interface}
// RUN: not --crash %mlir_opt --run-reproducer %t.f/reproducer.mlir -o /dev/null
// Single-threaded it names the op.
// RUN: rm -rf %t.s
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(llvm-request-c-wrappers),convert-func-to-llvm)" --mlir-disable-threading --narrow=0 --failure-dir=%t.s -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-ONE
// ERR-ONE: irscope-opt: note: crashed outside any action, after running pass 'convert-func-to-llvm' on 'builtin.module' in {{.*}}crash-index-after-group-verify.mlir (#3): in the verifier or the pass manager
// RUN: FileCheck %s --check-prefix=REPORT-ONE < %t.s/report.xml
// REPORT-ONE: <failure kind="crash" step="2" pass="convert-func-to-llvm" anchor="builtin.module"
// REPORT-ONE: <action tag="pass-execution" name="convert-func-to-llvm" index="3" op="builtin.module"

func.func @test() -> i32 attributes {linkage = "external"} {
  %retval = arith.constant 0 : i32
  func.return %retval : i32
}

// The attribute is read as the wrong type; under the sanitizers' allocator
// that may be a report of its own rather than this SIGSEGV.
// UNSUPPORTED: asan
