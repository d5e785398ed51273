// A dump that cannot be written (a full disk: here a file size limit,
// `ulimit -f`, which binds root too) ends irscope's run with one line
// naming the dump and the error, exit 4. The plain tool writes no dumps
// and goes on, and so does irscope-opt: the steps after the last one that
// passed run as mlir-opt runs them, so -o and stdout get mlir-opt's bytes.
// The dumps written before stay, and the manifest says which is missing
// and that the steps after it did not run (for irscope).
//
// Step 2 unrolls @big's loop, a dump far over the limit; symbol-dce then
// removes @big and @sink, so the output (and every other file) stays
// under it. The four small functions keep step 2's change under a quarter
// of the module, whose dump is then written by the pipeline itself. The
// limit binds the shell that starts irscope-opt, so the output goes
// through a pipe; exit codes are checked exactly with `echo exit=$?`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" -o %t/plain.mlir

// Checkpointed (the default engine for this pipeline), supervised, to stdout.
// RUN: sh -c '(ulimit -f 16; irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" --dump-after-each=%t/d1 -o -; echo exit=$? >&2) 2> %t/err1 | cat > %t/out1.mlir'
// RUN: FileCheck %s --check-prefix=ERR -DDIR=%t/d1 --match-full-lines < %t/err1
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

// To -o; step by step with each dump printed by a background printer,
// whose failure the run learns of later; in-process.
// RUN: sh -c '(ulimit -f 16; irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" --dump-after-each=%t/d2 -o %t/out2.mlir; echo exit=$?) 2>&1' \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/d2 --match-full-lines
// RUN: cmp %t/plain.mlir %t/out2.mlir
// RUN: sh -c '(ulimit -f 16; irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" --dump-after-each=%t/d3 --dump-in-background -o %t/out3.mlir; echo exit=$?) 2>&1' \
// RUN:   | FileCheck %s --check-prefix=BG -DDIR=%t/d3 --match-full-lines
// BG: irscope-opt: error: cannot write dump '[[DIR]]/0002-func.func-affine-loop-unroll.mlir': {{.+}}
// BG-NEXT: exit=4
// BG-EMPTY:
// RUN: cmp %t/plain.mlir %t/out3.mlir
// RUN: FileCheck %s --check-prefix=BGMANIFEST < %t/d3/manifest.xml
// BGMANIFEST: <irscope-manifest version="1" status="io-error">
// BGMANIFEST: <step index="2" pass="affine-loop-unroll" anchor="func.func" status="ok"
// BGMANIFEST: <dump skipped="unwritten"/>
// RUN: sh -c '(ulimit -f 16; irscope-opt %s --crash-protection=0 --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" --dump-after-each=%t/d4 -o %t/out4.mlir; echo exit=$?) 2>&1' \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/d4 --match-full-lines
// RUN: cmp %t/plain.mlir %t/out4.mlir

// The input's dump (0000) over a limit of one block: the whole pipeline
// runs as the plain tool's; the manifest cannot be written either.
// RUN: sh -c '(ulimit -f 1; irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" --dump-after-each=%t/d5 -o %t/out5.mlir; echo exit=$?) 2>&1' \
// RUN:   | FileCheck %s --check-prefix=INPUT -DDIR=%t/d5 --match-full-lines
// INPUT: irscope-opt: error: cannot write dump '[[DIR]]/0000-input.mlir': File too large
// INPUT-NEXT: exit=4
// INPUT-EMPTY:
// RUN: cmp %t/plain.mlir %t/out5.mlir

// A later step that fails fails the plain tool too: no output, an
// existing -o stays, one note; exit 4.
// RUN: echo old > %t/kept.mlir
// RUN: sh -c '(ulimit -f 16; irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),irs-test-fail{op=func.return})" --dump-after-each=%t/d6 -o %t/kept.mlir; echo exit=$?) 2>&1' \
// RUN:   | FileCheck %s --check-prefix=LATER -DDIR=%t/d6
// LATER: irscope-opt: error: cannot write dump '[[DIR]]/0002-func.func-affine-loop-unroll.mlir': File too large
// LATER: error: irs-test-fail: injected failure at 'func.return'
// LATER: irscope-opt: note: run on as the plain tool runs, step 3 'builtin.module(irs-test-fail{op=func.return})' fails: no output, as the plain tool writes none
// LATER: exit=4
// RUN: FileCheck %s --check-prefix=OLD < %t/kept.mlir
// OLD: old

// With --split-input-file each chunk has its own directory; the first
// chunk's dump fails, the second's do not, and the output is mlir-opt's.
// RUN: %mlir_opt %S/Inputs/dump-io-split.mlir --split-input-file --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" -o %t/plain-split.mlir
// RUN: sh -c '(ulimit -f 16; irscope-opt %S/Inputs/dump-io-split.mlir --split-input-file --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" --dump-after-each=%t/d7 -o %t/split.mlir; echo exit=$?) 2>&1' \
// RUN:   | FileCheck %s --check-prefix=SPLIT -DDIR=%t/d7 --match-full-lines
// SPLIT: irscope-opt: error: cannot write dump '[[DIR]]/chunk-001/0002-func.func-affine-loop-unroll.mlir': File too large
// SPLIT-NEXT: irscope-opt: dumps: 3 steps, 1 changed the IR, none failed: [[DIR]]/chunk-002
// SPLIT-NEXT: exit=4
// RUN: cmp %t/plain-split.mlir %t/split.mlir
// RUN: FileCheck %s --check-prefix=CHUNK2 < %t/d7/chunk-002/manifest.xml
// CHUNK2: <irscope-manifest version="1" status="ok">

// Through --tool: irscope writes the manifest itself (the tool writes the
// dumps); the fault hook of its one write wrapper (IRS_FAULT_WRITE,
// lib/Support/FaultWrite.h) fails the manifest's rewrite after step 2,
// its 7th write point (three per manifest: 0000, steps 1 and 2). The rest
// runs in one tool process on step 2's output: -o and stdout are
// mlir-opt's.
// RUN: env IRS_FAULT_WRITE=0:KILL:%t/c0 irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" --dump-after-each=%t/t0 -o /dev/null
// RUN: sed -n 7p %t/c0.paths | FileCheck %s --check-prefix=POINT7 -DDIR=%t/t0
// POINT7: 7 [[DIR]]/manifest.xml
// RUN: sh -c 'IRS_FAULT_WRITE=7:ENOSPC:%t/c1 irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" --dump-after-each=%t/t1 -o %t/tool.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TOOL -DDIR=%t/t1 --match-full-lines
// TOOL: irscope-opt: error: cannot write manifest '[[DIR]]/manifest.xml': No space left on device
// TOOL-NEXT: exit=4
// TOOL-EMPTY:
// RUN: cmp %t/plain.mlir %t/tool.mlir
// RUN: FileCheck %s --check-prefix=TOOLMANIFEST < %t/t1/manifest.xml
// TOOLMANIFEST: <irscope-manifest version="1" status="io-error">
// TOOLMANIFEST: <step index="2" pass="affine-loop-unroll" anchor="func.func" status="ok"
// TOOLMANIFEST: <step index="3" pass="symbol-dce" anchor="builtin.module" status="not-run"
// RUN: sh -c 'IRS_FAULT_WRITE=7:ENOSPC:%t/c2 irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(affine-loop-unroll{unroll-factor=256}),symbol-dce)" --dump-after-each=%t/t2 -o - > %t/tool-stdout.mlir 2>/dev/null; echo exit=$?' \
// RUN:   | FileCheck %s --check-prefix=EXIT4
// EXIT4: exit=4
// RUN: cmp %t/plain.mlir %t/tool-stdout.mlir

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
  affine.for %i = 0 to 256 {
    %w = arith.addi %v, %v : i32
    %x = arith.muli %w, %v : i32
    %y = arith.subi %x, %w : i32
    func.call @sink(%x, %y) : (i32, i32) -> ()
  }
  return
}
