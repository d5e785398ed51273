// Through --tool the tool writes each step's output and dump itself, so a
// full disk (here a file size limit, `ulimit -f`, which binds root too and
// is inherited by the tool; sh counts 512-byte blocks) fails the tool, with
// its own words and stack dump, where the plain tool, which writes no
// dumps, goes on. irscope-opt runs the step once more with its output into
// a pipe: it succeeds, so the write was the cause, and irscope writes the
// file itself: the same one line, exit 4, manifest and plain tool's output
// as in-process (test/PassManager/dump-io-output.mlir). A step that fails
// on its own is still the step's failure.
//
// Step 2 unrolls @big's loop: 176 KB as text (more than a pipe holds),
// 40 KB as the bytecode the steps hand over; symbol-dce then removes @big,
// so the output (330 bytes) stays under every limit below. The limit binds the shell that starts
// irscope-opt; exit codes are checked exactly with `echo exit=$?`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=1024}),symbol-dce)" -o %t/plain.mlir

// 80 KiB: the hand-over is written, the tool's print of step 2's dump is
// not. The rest (symbol-dce) runs on step 2's output.
// RUN: sh -c '(ulimit -f 160; irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=1024}),symbol-dce)" --dump-after-each=%t/d1 -o %t/out1.mlir; echo exit=$?) 2>&1' \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/d1 --match-full-lines
// ERR: irscope-opt: error: cannot write dump '[[DIR]]/0002-func.func-affine-loop-unroll.mlir': File too large
// ERR-NEXT: exit=4
// ERR-EMPTY:
// RUN: cmp %t/plain.mlir %t/out1.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d1/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="io-error">
// MANIFEST: <input {{.*}} dump="0000-input.mlir"
// MANIFEST: <step index="1" pass="canonicalize" anchor="func.func" status="ok"
// MANIFEST: <dump file="0001-func.func-canonicalize.mlir" hash=
// MANIFEST: <step index="2" pass="affine-loop-unroll" anchor="func.func" status="ok"
// MANIFEST: <dump skipped="unwritten"/>
// MANIFEST: <step index="3" pass="symbol-dce" anchor="builtin.module" status="not-run"
// RUN: ls %t/d1 | FileCheck %s --check-prefix=DUMPS --match-full-lines
// DUMPS: 0000-input.mlir
// DUMPS-NEXT: 0001-func.func-canonicalize.mlir
// DUMPS-NEXT: manifest.xml
// DUMPS-EMPTY:

// The same to stdout.
// RUN: sh -c '(ulimit -f 160; irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=1024}),symbol-dce)" --dump-after-each=%t/d2 -o -; echo exit=$? >&2) 2> %t/err2 | cat > %t/out2.mlir'
// RUN: FileCheck %s --check-prefix=ERR -DDIR=%t/d2 --match-full-lines < %t/err2
// RUN: cmp %t/plain.mlir %t/out2.mlir

// 8 KiB: step 2's hand-over, bytecode in the scratch directory, cannot be
// written either; the rest runs step 2 again, on step 1's output.
// RUN: sh -c '(ulimit -f 16; irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=1024}),symbol-dce)" --dump-after-each=%t/d3 -o -; echo exit=$? >&2) 2> %t/err3 | cat > %t/out3.mlir'
// RUN: FileCheck %s --check-prefix=SCRATCH --match-full-lines < %t/err3
// SCRATCH: irscope-opt: error: cannot write scratch file '{{.+}}/step-2.mlirbc': File too large
// SCRATCH-NEXT: exit=4
// SCRATCH-EMPTY:
// RUN: cmp %t/plain.mlir %t/out3.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d3/manifest.xml

// A tool that writes text although asked for bytecode hands over its
// dumps: step 2's own run is the one that cannot write.
// RUN: sh -c '(ulimit -f 160; FAKE_MODE=no-bytecode irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=1024}),symbol-dce)" --dump-after-each=%t/d4 -o %t/out4.mlir; echo exit=$?) 2>&1' \
// RUN:   | FileCheck %s --check-prefix=TEXT -DDIR=%t/d4 --match-full-lines
// TEXT: irscope-opt: note: '{{.+}}/fake-tool.sh' ignored '--emit-bytecode'; its steps hand over text
// TEXT-NEXT: irscope-opt: error: cannot write dump '[[DIR]]/0002-func.func-affine-loop-unroll.mlir': File too large
// TEXT-NEXT: exit=4
// TEXT-EMPTY:
// RUN: cmp %t/plain.mlir %t/out4.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d4/manifest.xml

// The input's dump over a limit of one block: the whole pipeline runs as
// the plain tool's.
// RUN: sh -c '(ulimit -f 1; irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=1024}),symbol-dce)" --dump-after-each=%t/d5 -o %t/out5.mlir; echo exit=$?) 2>&1' \
// RUN:   | FileCheck %s --check-prefix=INPUT -DDIR=%t/d5 --match-full-lines
// INPUT: irscope-opt: error: cannot write dump '[[DIR]]/0000-input.mlir': File too large
// INPUT-NEXT: exit=4
// INPUT-EMPTY:
// RUN: cmp %t/plain.mlir %t/out5.mlir

// A step that fails on its own under the same limit fails in the pipe
// too: the step's failure, exit 1, with its report.
// RUN: sh -c '(ulimit -f 16; irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(test-pass-failure))" --dump-after-each=%t/d6 -o %t/out6.mlir; echo exit=$?) 2>&1' \
// RUN:   | FileCheck %s --check-prefix=FAILS -DDIR=%t/d6
// FAILS: irscope-opt: error: step 2 'builtin.module(func.func(test-pass-failure))' failed: pass 'test-pass-failure' signalled failure; report: [[DIR]]/report.xml
// FAILS: exit=1
// RUN: FileCheck %s --check-prefix=FAILREPORT < %t/d6/report.xml
// FAILREPORT: <failure kind="pass-failure" step="2" pass="test-pass-failure" anchor="func.func"
// RUN: not ls %t/out6.mlir

// A tool that alone cannot write files over 20 KiB: irscope writes step
// 2's hand-over and dump itself and the run goes on, with every dump
// whole and the same as mlir-opt prints them.
// RUN: sh -c 'FAKE_MODE=small-files irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=1024}),symbol-dce)" --dump-after-each=%t/d7 -o %t/out7.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOOLONLY -DDIR=%t/d7 --match-full-lines
// TOOLONLY: irscope-opt: dumps: 3 steps, 3 changed the IR, none failed: [[DIR]]
// TOOLONLY-NEXT: exit=0
// TOOLONLY-EMPTY:
// RUN: cmp %t/plain.mlir %t/out7.mlir
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=1024}))" -o %t/step2.mlir
// RUN: cmp %t/step2.mlir %t/d7/0002-func.func-affine-loop-unroll.mlir

func.func @keep(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c1 = arith.constant 1 : i32
  %c = arith.muli %b, %c1 : i32
  return %c : i32
}
func.func @a(%a: i32) -> i32 {
  return %a : i32
}
func.func @b(%a: i32) -> i32 {
  return %a : i32
}
func.func @c(%a: i32) -> i32 {
  return %a : i32
}
func.func @d(%a: i32) -> i32 {
  return %a : i32
}
func.func private @sink(i32, i32)
func.func private @big(%v: i32) {
  affine.for %i = 0 to 1024 {
    %w = arith.addi %v, %v : i32
    %x = arith.muli %w, %v : i32
    %y = arith.subi %x, %w : i32
    func.call @sink(%x, %y) : (i32, i32) -> ()
  }
  return
}
