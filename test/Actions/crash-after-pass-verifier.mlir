// A real upstream crash (MLIR 22.1.8, llvm/llvm-project#116044):
// convert-affine-for-to-gpu leaves @main's arith.addf using a value that no
// longer exists, and the verifier after the pass dies on it (SIGSEGV). No
// action of the pipeline is in flight then, only the pass manager's
// adaptor (in-process with dumps: irscope's checkpoint, which verifies).
// The crash is told by the pass that ran last, with the number a hand
// bisection gives it: --mlir-debug-counter=pass-execution-count=2 (the
// adaptor, then the pass on @fill) runs clean, 3 (the pass on @main)
// crashes. Narrowing (in-process, with or without dumps, and through
// --tool) finds the same #3, single-threaded, whatever number the
// threads gave the crash; its <action> then takes the place of the
// crash's.

// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=0}))" --mlir-disable-threading --mlir-debug-counter=pass-execution-count=2 -o /dev/null
// RUN: not --crash %mlir_opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=0}))" --mlir-disable-threading --mlir-debug-counter=pass-execution-count=3 -o /dev/null

// In-process single-threaded, then with threads: the two functions'
// passes and verifiers then run on two threads, in either order, and the
// crash is told by the pass that ran on the thread whose verifier crashed
// (its number, #2 or #3, is the order the two began in; the verifier of
// @main may run on the thread that ran the pass on @fill: either function).
// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=0}))" --mlir-disable-threading --narrow=0 --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR --implicit-check-not="crashed while"
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// ERR: irscope-opt: note: crashed outside any action, after running pass 'convert-affine-for-to-gpu' on 'func.func' at {{.*}}crash-after-pass-verifier.mlir:[[@LINE+43]]:1 (#3): in the verifier or the pass manager
// ERR: exit=5
// REPORT: <action tag="pass-execution" name="convert-affine-for-to-gpu" index="3" op="func.func" loc="{{.*}}crash-after-pass-verifier.mlir:[[@LINE+41]]:1"/>

// With dumps, irscope's checkpoint is what runs the verifier.
// RUN: rm -rf %t.d %t.d.err
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=0}))" --mlir-disable-threading --dump-after-each=%t.d -o /dev/null; echo exit=$?' > %t.d.err 2>&1
// RUN: FileCheck %s --check-prefix=ERR --implicit-check-not="crashed while" < %t.d.err
// RUN: FileCheck %s --check-prefix=NARROWED < %t.d.err
// RUN: xmllint --noout --schema %schemas/report.xsd %t.d/report.xml
// RUN: FileCheck %s --check-prefix=REPORT-NARROWED --implicit-check-not=irs-checkpoint < %t.d/report.xml
// NARROWED: irscope-opt: note: first pass execution that crashes the step: #3 of 3 in step 1 {{.*}}: pass 'convert-affine-for-to-gpu' on 'func.func' @main at {{.*}}crash-after-pass-verifier.mlir:[[@LINE+32]]:1
// NARROWED-NEXT: irscope-opt: note: narrowed single-threaded with 5 executions
// REPORT-NARROWED: <action tag="pass-execution" name="convert-affine-for-to-gpu" index="3" of="3" executions="5" op="func.func" loc="{{.*}}crash-after-pass-verifier.mlir:[[@LINE+30]]:1" before="action-before.mlir" replay="replay-action.sh">
// REPORT-NARROWED-NOT: <action

// With threads, without and with dumps.
// RUN: rm -rf %t.mt %t.dmt %t.dmt.err
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=0}))" --narrow=0 --failure-dir=%t.mt -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR-MT --implicit-check-not="crashed while"
// RUN: FileCheck %s --check-prefix=REPORT-MT < %t.mt/report.xml
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=0}))" --dump-after-each=%t.dmt -o /dev/null; echo exit=$?' > %t.dmt.err 2>&1
// RUN: FileCheck %s --check-prefix=ERR-MT --implicit-check-not="crashed while" < %t.dmt.err
// RUN: FileCheck %s --check-prefix=NARROWED < %t.dmt.err
// RUN: FileCheck %s --check-prefix=REPORT-NARROWED --implicit-check-not=irs-checkpoint < %t.dmt/report.xml
// ERR-MT: irscope-opt: note: crashed outside any action, after running pass 'convert-affine-for-to-gpu' on 'func.func' at {{.*}}crash-after-pass-verifier.mlir:{{[0-9]+}}:1 (#{{[23]}}): in the verifier or the pass manager
// ERR-MT: exit=5
// REPORT-MT: <action tag="pass-execution" name="convert-affine-for-to-gpu" index="{{[23]}}" op="func.func" loc="{{.*}}crash-after-pass-verifier.mlir:{{[0-9]+}}:1"/>

// Through the tool, from its action log; then narrowed.
// RUN: rm -rf %t.tool
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=0}))" --tool=%mlir_opt --failure-dir=%t.tool -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOOL --implicit-check-not="crashed while"
// TOOL: irscope-opt: note: crashed outside any action, after running pass 'convert-affine-for-to-gpu' on 'func.func' at {{.*}}crash-after-pass-verifier.mlir:[[@LINE+10]]:1 (#3): in the verifier or the pass manager
// TOOL: irscope-opt: note: first pass execution that crashes the step: #3 of 3 in step 1 {{.*}}: pass 'convert-affine-for-to-gpu' on 'func.func' @main at {{.*}}crash-after-pass-verifier.mlir:[[@LINE+9]]:1
// TOOL: exit=5

func.func @fill(%m: memref<1024xf32>, %v: f32) {
  affine.for %i = 0 to 1024 {
    affine.store %v, %m[%i] : memref<1024xf32>
  }
  return
}
func.func @main() {
  %alloca = memref.alloca() : memref<1024xf32>
  %c10 = arith.constant 10 : index
  %cst = arith.constant 0.000000e+00 : f32
  %1 = affine.for %arg0 = 0 to %c10 iter_args(%arg1 = %cst) -> (f32) {
    %6 = affine.load %alloca[%arg0] : memref<1024xf32>
    %7 = arith.addf %arg1, %6 : f32
    affine.yield %7 : f32
  }
  return
}

// The dangling operand is read from freed memory: under the sanitizers'
// allocator that is a report of its own, not this SIGSEGV.
// REQUIRES: xmllint
// UNSUPPORTED: asan

// Without dumps the crash is narrowed too (the supervisor's replay finds
// its step), single-threaded and with threads, to the same #3 of 3.
// RUN: rm -rf %t.n %t.n.err %t.nmt %t.nmt.err
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=0}))" --mlir-disable-threading --failure-dir=%t.n -o /dev/null; echo exit=$?' > %t.n.err 2>&1
// RUN: FileCheck %s --check-prefix=NARROWED < %t.n.err
// RUN: FileCheck %s --check-prefix=REPORT-NARROWED < %t.n/report.xml
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=0}))" --failure-dir=%t.nmt -o /dev/null; echo exit=$?' > %t.nmt.err 2>&1
// RUN: FileCheck %s --check-prefix=NARROWED < %t.nmt.err
// RUN: FileCheck %s --check-prefix=REPORT-NARROWED < %t.nmt/report.xml
