// A real upstream crash that its trail tells by the step's pass alone,
// narrowed in-process (llvm/llvm-project#205266, bench/upstream/
// func-to-llvm-linkage-string.mlir, MLIR 22.1.8): convert-func-to-llvm's
// FuncOpConversion carries the function's string attribute
// linkage = "external" over as the llvm.func's linkage, and MLIR's
// verifier after the pass dies on it (SIGSEGV in
// mlir::LLVM::LinkageAttr::getLinkage), after both of the step's pattern
// applications. The crash note names only the pass; the step is then
// narrowed in forked runs of its pre-step IR with irscope's debug
// counter, single-threaded, a run failing when it dies of the same signal
// at the same crash site: N = 2, K = 0 runs clean, K = 1 crashes, as
// upstream's counter says by hand below and as --tool=mlir-opt narrows it.
// 4 runs: the count, K = 0 and 1, and the IR before the action, within
// ceil(log2 2) + 4.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %irscope_src/bench/upstream/func-to-llvm-linkage-string.mlir --pass-pipeline="builtin.module(spirv-attach-target{ver=v1.0 caps=Addresses,Int64,Kernel},convert-gpu-to-spirv{use-64bit-index=true},gpu.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce)),func.func(llvm-request-c-wrappers),convert-scf-to-cf,convert-cf-to-llvm,convert-arith-to-llvm,convert-math-to-llvm,convert-func-to-llvm,gpu-to-llvm{use-bare-pointers-for-kernels=true},gpu-module-to-binary,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,reconcile-unrealized-casts)" --dump-after-each=%t/d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/d
// ERR: irscope-opt: error: step 10 'builtin.module(convert-func-to-llvm)' crashed with SIGSEGV
// ERR: irscope-opt: note: crashed outside any action, after running pass 'convert-func-to-llvm'
// ERR-NEXT: irscope-opt: note: first rewrite that crashes the step: #1 of 2 in step 10 'builtin.module(convert-func-to-llvm)': pattern '(anonymous namespace)::FuncOpConversion' on 'func.func' @test at {{.*}}func-to-llvm-linkage-string.mlir:6:1
// ERR-NEXT: irscope-opt: note: narrowed single-threaded with 4 executions
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR: exit=5

// report.xml has one <action>, the narrowed one, in place of the pass the
// crash was told by; action-before.mlir holds @test before the rewrite
// (the step dies after it: no action-after.mlir).
// RUN: xmllint --noout --schema %schemas/report.xsd %t/d/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <failure kind="crash" step="10" pass="convert-func-to-llvm"
// REPORT-NOT: <action
// REPORT: <action tag="apply-pattern" name="(anonymous namespace)::FuncOpConversion" index="1" of="2" executions="4" op="func.func" loc="{{.*}}func-to-llvm-linkage-string.mlir:6:1" before="action-before.mlir" replay="replay-action.sh">
// REPORT-NOT: <action
// REPORT: </failure>
// RUN: FileCheck %s --check-prefix=BEFORE < %t/d/action-before.mlir
// BEFORE: "func.func"() <{function_type = () -> i32, sym_name = "test"}> ({
// BEFORE: linkage = "external"
// RUN: not ls %t/d/action-after.mlir

// The explorer shows that action on the failing step.
// RUN: irscope-report %t/d -o %t/page.html
// RUN: FileCheck %s --check-prefix=PAGE < %t/page.html
// PAGE: The one action after which the step fails: #1 of 2, pattern <code class="action-name">(anonymous namespace)::FuncOpConversion</code> on <code>func.func</code> at {{.*}}func-to-llvm-linkage-string.mlir:6:1 (narrowed with 4 runs of the step, single-threaded)

// By hand, upstream's counter on the step's input: 0 runs clean, 1 crashes.
// RUN: %mlir_opt %t/d/failure-input.mlir --pass-pipeline="builtin.module(convert-func-to-llvm)" --mlir-disable-threading --mlir-debug-counter=apply-pattern-count=0 -o /dev/null
// RUN: not --crash %mlir_opt %t/d/failure-input.mlir --pass-pipeline="builtin.module(convert-func-to-llvm)" --mlir-disable-threading --mlir-debug-counter=apply-pattern-count=1 -o /dev/null
// The reproducer replays it with upstream mlir-opt: K - 1 runs clean, K
// dies at the crash site the report names.
// RUN: sh %t/d/replay-action.sh 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: --- 0 actions:
// REPLAY-NEXT: exit 0
// REPLAY-NEXT: --- 1 actions:
// REPLAY: Stack dump:
// REPLAY: mlir::LLVM::LinkageAttr::getLinkage
// REPLAY: exit 139

// Through --tool=mlir-opt the same action.
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %t/d/failure-input.mlir --pass-pipeline="builtin.module(convert-func-to-llvm)" --failure-dir=%t/t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOOL
// TOOL: irscope-opt: note: first rewrite that crashes the step: #1 of 2 in step 1 'builtin.module(convert-func-to-llvm)': pattern '(anonymous namespace)::FuncOpConversion' on 'func.func' @test at {{.*}}failure-input.mlir:2:3
// TOOL: exit=5

// Narrowing forks its runs: IRS_TEST_NARROW_HOLD=DIR has the first of them
// make DIR/first and interrupt irscope-opt (NarrowHold.c), which then
// documents the crash without its action (exit 130).
// RUN: mkdir %t/hold
// RUN: sh -c 'IRS_TEST_NARROW_HOLD=%t/hold irscope-opt %t/d/failure-input.mlir --pass-pipeline="builtin.module(convert-func-to-llvm)" --dump-after-each=%t/h -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HOLD
// HOLD: irscope-opt: note: interrupted while narrowing step 1: the failure is documented without its action
// HOLD: exit=130
// RUN: ls %t/hold/first

// A crash whose trail names a pattern in flight (llvm/llvm-project#205233,
// test/Actions/crash-in-pattern.mlir) or a pass's execution in flight has
// its action: it is not narrowed. No run is forked (the hold above would
// interrupt it), no note or file of narrowing, and report.xml keeps the
// action in flight, without `executions`.
// RUN: mkdir %t/hold-pattern %t/hold-pass
// RUN: sh -c 'IRS_TEST_NARROW_HOLD=%t/hold-pattern irscope-opt %S/crash-in-pattern.mlir --pass-pipeline="builtin.module(func.func(convert-arith-to-spirv))" --failure-dir=%t/p -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SKIP-PATTERN --implicit-check-not="narrowed" --implicit-check-not="first rewrite"
// SKIP-PATTERN: irscope-opt: note: crashed while applying pattern '(anonymous namespace)::ExtUIPattern' to 'arith.extui'
// SKIP-PATTERN-NEXT: irscope-opt: note: report:
// SKIP-PATTERN: exit=5
// RUN: not ls %t/hold-pattern/first
// RUN: FileCheck %s --check-prefix=SKIP-PATTERN-REPORT < %t/p/report.xml
// SKIP-PATTERN-REPORT: <action tag="apply-pattern" name="(anonymous namespace)::ExtUIPattern" index="{{[1-9][0-9]*}}" op="arith.extui" loc="{{.*}}crash-in-pattern.mlir:{{[0-9]+}}:10" in-flight="true"/>
// SKIP-PATTERN-REPORT-NEXT: </failure>
// RUN: ls %t/p | FileCheck %s --check-prefix=SKIP-FILES --implicit-check-not=action
// SKIP-FILES: report.xml
// RUN: sh -c 'IRS_TEST_NARROW_HOLD=%t/hold-pass irscope-opt %S/crash-in-pattern.mlir --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.extui}))" --failure-dir=%t/q -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SKIP-PASS --implicit-check-not="narrowed" --implicit-check-not="first pass execution"
// SKIP-PASS: irscope-opt: note: crashed while running pass 'irs-test-crash' on 'func.func'
// SKIP-PASS-NEXT: irscope-opt: note: report:
// SKIP-PASS: exit=5
// RUN: not ls %t/hold-pass/first
// RUN: FileCheck %s --check-prefix=SKIP-PASS-REPORT < %t/q/report.xml
// SKIP-PASS-REPORT: <action tag="pass-execution" name="irs-test-crash" index="2" op="func.func" loc="{{.*}}crash-in-pattern.mlir:{{[0-9]+}}:3" in-flight="true"/>

// The attribute is read as the wrong type; under the sanitizers' allocator
// that may be a report of its own rather than this SIGSEGV.
// REQUIRES: xmllint
// UNSUPPORTED: asan
