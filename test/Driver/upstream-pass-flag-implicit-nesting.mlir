// A pass flag whose pass is restricted to another op than the module is
// nested under that op, as mlir-opt's implicitly nesting pass manager does:
// `mlir-opt -optimize-allocation-liveness` (func.func-only) works, so the
// same flag must work in irscope-opt and opt-reduce. Found running the
// reproducer of https://github.com/llvm/llvm-project/issues/205982
// (bench/upstream/oal-unregistered.mlir), which irscope-opt refused with
// "Can't add pass ... restricted to 'func.func' ..., did you intend to nest?".

// Same output as mlir-opt, run whole and step by step; the step is named
// after its real anchor.
// RUN: %mlir_opt %s --canonicalize --optimize-allocation-liveness --cse > %t.ref
// RUN: irscope-opt %s --canonicalize --optimize-allocation-liveness --cse > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --canonicalize -optimize-allocation-liveness --cse --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.d/manifest.xml
// RUN: ls %t.d | FileCheck %s --check-prefix=DUMPS
// OUT:      memref.load %alloc[
// OUT-NEXT: memref.dealloc %alloc :
// OUT-NEXT: memref.alloc()
// MANIFEST: <pipeline>builtin.module(canonicalize,func.func(optimize-allocation-liveness),cse)</pipeline>
// MANIFEST: <pipeline>builtin.module(func.func(optimize-allocation-liveness))</pipeline>
// DUMPS: 0002-func.func-optimize-allocation-liveness.mlir

// Pass options travel with the pass into the nested pipeline.
// RUN: %mlir_opt %s --canonicalize=max-iterations=1 --optimize-allocation-liveness > %t.ref2
// RUN: irscope-opt %s --canonicalize=max-iterations=1 --optimize-allocation-liveness > %t.out2
// RUN: diff %t.ref2 %t.out2

// Finding a pass's operation does not print anything itself: a bad option
// value is still one error line (LLVM's option parser would print it a
// second time, bare, to stderr).
// RUN: not irscope-opt %s --optimize-allocation-liveness --canonicalize=max-iterations=x 2> %t.bad
// RUN: FileCheck %s --check-prefix=BADOPT < %t.bad
// RUN: count 1 < %t.bad
// BADOPT: irscope-opt: error: in pass flags: for the --max-iterations option: 'x' value invalid for long argument!

// An explicit --pass-pipeline is not nested, exactly as in mlir-opt.
// RUN: not irscope-opt %s --pass-pipeline='builtin.module(optimize-allocation-liveness)' 2>&1 | FileCheck %s --check-prefix=EXPLICIT
// EXPLICIT: irscope-opt: error: {{.*}}restricted to 'func.func'{{.*}}did you intend to nest?

// The reducer takes the same flag: the failure is found in the nested step.
// RUN: not opt-reduce %s --optimize-allocation-liveness -o %t.red 2>&1 | FileCheck %s --check-prefix=REDUCE
// REDUCE: opt-reduce: error: the input is not interesting: the pipeline succeeds on it

// The upstream crash itself: the failing step is the nested one, and its
// reproducer replays the crash in mlir-opt.
// RUN: rm -rf %t.fd && not irscope-opt %S/Inputs/upstream-205982.mlir --allow-unregistered-dialect -optimize-allocation-liveness --failure-dir=%t.fd 2>&1 | FileCheck %s --check-prefix=CRASH
// CRASH: irscope-opt: error: step 1 'builtin.module(func.func(optimize-allocation-liveness))' crashed with SIGSEGV
// CRASH: irscope-opt: note: report: {{.*}}report.xml
// RUN: FileCheck %s --check-prefix=REPRO < %t.fd/reproducer.mlir
// REPRO: pipeline: "builtin.module(func.func(optimize-allocation-liveness))"
// RUN: not --crash %mlir_opt --allow-unregistered-dialect --run-reproducer %t.fd/reproducer.mlir -o /dev/null
// RUN: opt-reduce %S/Inputs/upstream-205982.mlir --allow-unregistered-dialect -optimize-allocation-liveness -j 1 --max-time=20 -o %t.red 2>&1 | FileCheck %s --check-prefix=RED
// RED: signature: crash in optimize-allocation-liveness

func.func @f() -> f32 {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %v = memref.load %a[%i] : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %w = memref.load %b[%i] : memref<4xf32>
  %s = arith.addf %v, %w : f32
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return %s : f32
}
