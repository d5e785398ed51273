// --run-reproducer takes only the mlir_reproducer entry out of the file
// metadata and leaves the module's resources alone. Found replaying the
// reproducers of bench/upstream/rdv-scf-if-clone.mlir
// (https://github.com/llvm/llvm-project/issues/204096) after adding a
// dense_resource constant: irscope-opt refused its own reproducer ("holds no
// mlir_reproducer section"), because that puts the entry in a second {-# #-}
// section after the module's dialect_resources, and on mlir-opt's crash
// reproducers, which hold both in one section, it blanked the blobs out, so
// the IR replayed was not the IR that failed.

// irscope-opt's own reproducer of a failing step replays, blobs included.
// RUN: rm -rf %t.fd %t.replay && not irscope-opt %s --irs-test-fail=op=arith.addi --failure-dir=%t.fd 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST: irscope-opt: error: step 1 'builtin.module(irs-test-fail{op=arith.addi})' failed
// RUN: FileCheck %s --check-prefix=SECTIONS < %t.fd/reproducer.mlir
// SECTIONS: dialect_resources:
// SECTIONS: #-}
// SECTIONS: {-#
// SECTIONS: mlir_reproducer:
// RUN: not irscope-opt --run-reproducer %t.fd/reproducer.mlir --failure-dir=%t.replay 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: irscope-opt: error: step 1 'builtin.module(irs-test-fail{op=arith.addi})' failed
// RUN: FileCheck %s --check-prefix=BLOB < %t.replay/failure-input.mlir
// The blob may come back renamed (blob1_1): the chunk is parsed more than
// once in one context, and MLIR keeps resource names unique per context.
// BLOB: dense_resource<[[BLOB:blob1[_0-9]*]]> : tensor<2xi32>
// BLOB: [[BLOB]]: "0x040000000100000002000000"

// mlir-opt's layout: one section holding dialect_resources and the entry,
// before or after each other. The blob reaches the output, as in
// `mlir-opt --run-reproducer`, and nothing is warned about.
// RUN: %python -c "import sys; t=open(sys.argv[1]).read(); m=t[:t.rindex('{-#')]; print(m + '{-#\n  dialect_resources: { builtin: { blob1: \"0x040000000100000002000000\" } },\n  external_resources: {\n    mlir_reproducer: {\n      pipeline: \"builtin.module(canonicalize)\",\n      disable_threading: true,\n      verify_each: true\n    }\n  }\n#-}')" %s > %t.combined.mlir
// RUN: %mlir_opt --run-reproducer %t.combined.mlir > %t.ref 2> %t.ref.err
// RUN: irscope-opt --run-reproducer %t.combined.mlir > %t.out 2> %t.err
// RUN: diff %t.ref %t.out
// RUN: FileCheck %s --check-prefix=COMBINED < %t.out
// RUN: count 0 < %t.err
// COMBINED: blob1: "0x040000000100000002000000"
// RUN: %python -c "import sys; t=open(sys.argv[1]).read(); m=t[:t.rindex('{-#')]; print(m + '{-#\n  external_resources: {\n    mlir_reproducer: {\n      pipeline: \"builtin.module(canonicalize)\",\n      disable_threading: true,\n      verify_each: true\n    }\n  },\n  dialect_resources: { builtin: { blob1: \"0x040000000100000002000000\" } }\n#-}')" %s > %t.first.mlir
// RUN: irscope-opt --run-reproducer %t.first.mlir > %t.out2 2> %t.err2
// RUN: diff %t.ref %t.out2
// RUN: count 0 < %t.err2

func.func @f() -> tensor<2xi32> {
  %a = arith.constant dense_resource<blob1> : tensor<2xi32>
  %b = arith.constant dense<[2, 2]> : tensor<2xi32>
  %s = arith.addi %a, %b : tensor<2xi32>
  return %s : tensor<2xi32>
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
