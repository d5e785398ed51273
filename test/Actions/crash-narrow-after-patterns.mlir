// A real upstream crash that no pattern is in flight for, narrowed
// in-process (llvm/llvm-project#205266, bench/upstream/
// func-to-llvm-linkage-string.mlir, MLIR 22.1.8): convert-func-to-llvm's
// FuncOpConversion carries the function's string attribute
// linkage = "external" over as the llvm.func's linkage, and MLIR's
// verifier after the pass dies on it (SIGSEGV), after both of the step's
// pattern applications. The crash note names only the pass; the step is
// then narrowed in forked runs of its pre-step IR with irscope's debug
// counter, a run failing when it dies of the same signal: N = 2, K = 0
// runs clean, K = 1 crashes, as upstream's counter says by hand below and
// as --tool=mlir-opt narrows it. 4 runs: the count, K = 0 and 1, and the
// IR before the action, within ceil(log2 2) + 4.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %irscope_src/bench/upstream/func-to-llvm-linkage-string.mlir --pass-pipeline="builtin.module(spirv-attach-target{ver=v1.0 caps=Addresses,Int64,Kernel},convert-gpu-to-spirv{use-64bit-index=true},gpu.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce)),func.func(llvm-request-c-wrappers),convert-scf-to-cf,convert-cf-to-llvm,convert-arith-to-llvm,convert-math-to-llvm,convert-func-to-llvm,gpu-to-llvm{use-bare-pointers-for-kernels=true},gpu-module-to-binary,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,reconcile-unrealized-casts)" --dump-after-each=%t/d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/d
// ERR: irscope-opt: error: step 10 'builtin.module(convert-func-to-llvm)' crashed with SIGSEGV
// ERR: irscope-opt: note: crashed outside any action, after running pass 'convert-func-to-llvm'
// ERR-NEXT: irscope-opt: note: first rewrite that crashes the step: #1 of 2 in step 10 'builtin.module(convert-func-to-llvm)': pattern '(anonymous namespace)::FuncOpConversion' on 'func.func' @test at {{.*}}func-to-llvm-linkage-string.mlir:6:1
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR: exit=5

// report.xml keeps the action the crash was in and adds the narrowed one;
// action-before.mlir holds @test before the rewrite (the step dies after
// it: no action-after.mlir).
// RUN: xmllint --noout --schema %schemas/report.xsd %t/d/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <action tag="pass-execution" name="convert-func-to-llvm" index="11" op="builtin.module"
// REPORT: <action tag="apply-pattern" name="(anonymous namespace)::FuncOpConversion" index="1" of="2" executions="4" op="func.func" loc="{{.*}}func-to-llvm-linkage-string.mlir:6:1" before="action-before.mlir" replay="replay-action.sh">
// RUN: FileCheck %s --check-prefix=BEFORE < %t/d/action-before.mlir
// BEFORE: "func.func"() <{function_type = () -> i32, sym_name = "test"}> ({
// BEFORE: linkage = "external"
// RUN: not ls %t/d/action-after.mlir

// By hand, upstream's counter on the step's input: 0 runs clean, 1 crashes.
// RUN: %mlir_opt %t/d/failure-input.mlir --pass-pipeline="builtin.module(convert-func-to-llvm)" --mlir-disable-threading --mlir-debug-counter=apply-pattern-count=0 -o /dev/null
// RUN: not --crash %mlir_opt %t/d/failure-input.mlir --pass-pipeline="builtin.module(convert-func-to-llvm)" --mlir-disable-threading --mlir-debug-counter=apply-pattern-count=1 -o /dev/null
// The reproducer line replays it with upstream mlir-opt.
// RUN: sh %t/d/replay-action.sh 2>/dev/null | FileCheck %s --check-prefix=REPLAY
// REPLAY: --- 0 actions:
// REPLAY-NEXT: exit 0
// REPLAY-NEXT: --- 1 actions:
// REPLAY-NEXT: exit 139

// Through --tool=mlir-opt the same action.
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %t/d/failure-input.mlir --pass-pipeline="builtin.module(convert-func-to-llvm)" --failure-dir=%t/t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOOL
// TOOL: irscope-opt: note: first rewrite that crashes the step: #1 of 2 in step 1 'builtin.module(convert-func-to-llvm)': pattern '(anonymous namespace)::FuncOpConversion' on 'func.func' @test at {{.*}}failure-input.mlir:2:3
// TOOL: exit=5
