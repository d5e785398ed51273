// Through --tool, a dump the tool printed goes to a temporary that irscope
// renames into place. When that rename fails (here the fake tool makes a
// directory where the dump goes while it writes, so rename() says EISDIR),
// the run says so in the one line of every dump it cannot write, exits 4,
// its manifest says io-error and the plain tool's output is written, as
// on a full disk (dump-disk-full.mlir).
//
// Exit codes are checked exactly with `echo exit=$?`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(canonicalize,cse,symbol-dce)" -o %t/plain.mlir

// Step 2's dump, printed by the tool from the bytecode the steps hand
// over: the bytecode is whole, so the rest (symbol-dce) goes on from it.
// RUN: sh -c 'FAKE_MODE=dir-at FAKE_AT=0002-builtin.module-cse.mlir irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(canonicalize,cse,symbol-dce)" --dump-after-each=%t/print -o %t/print.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/print --match-full-lines
// ERR: irscope-opt: error: cannot write dump '[[DIR]]/0002-builtin.module-cse.mlir': Is a directory
// ERR-NEXT: exit=4
// ERR-EMPTY:
// RUN: cmp %t/plain.mlir %t/print.mlir
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/print/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/print/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="io-error">
// MANIFEST: <input {{.*}} dump="0000-input.mlir"
// MANIFEST: <step index="1" pass="canonicalize" anchor="builtin.module" status="ok"
// MANIFEST: <dump file="0001-builtin.module-canonicalize.mlir" hash=
// MANIFEST: <step index="2" pass="cse" anchor="builtin.module" status="ok"
// MANIFEST: <dump skipped="unwritten"/>
// MANIFEST: <step index="3" pass="symbol-dce" anchor="builtin.module" status="not-run"
// No temporary is left behind; the directory is the fake tool's.
// RUN: ls -A %t/print | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: 0000-input.mlir
// FILES-NEXT: 0001-builtin.module-canonicalize.mlir
// FILES-NEXT: 0002-builtin.module-cse.mlir
// FILES-NEXT: manifest.xml
// FILES-EMPTY:
// RUN: test -d %t/print/0002-builtin.module-cse.mlir

// A tool that writes text although asked for bytecode writes step 2's
// dump as the step's own output: the output is lost with the dump, and
// the rest runs step 2 again.
// RUN: sh -c 'FAKE_MODE=dir-at FAKE_TEXT=1 FAKE_AT=0002-builtin.module-cse.mlir irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(canonicalize,cse,symbol-dce)" --dump-after-each=%t/text -o %t/text.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TEXT -DDIR=%t/text --match-full-lines
// TEXT: irscope-opt: note: '{{.+}}/fake-tool.sh' ignored '--emit-bytecode'; its steps hand over text
// TEXT-NEXT: irscope-opt: error: cannot write dump '[[DIR]]/0002-builtin.module-cse.mlir': Is a directory
// TEXT-NEXT: exit=4
// TEXT-EMPTY:
// RUN: cmp %t/plain.mlir %t/text.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/text/manifest.xml
// RUN: ls -A %t/text | FileCheck %s --check-prefix=FILES --match-full-lines

// The input's dump: the whole pipeline runs as the plain tool's.
// RUN: sh -c 'FAKE_MODE=dir-at FAKE_AT=0000-input.mlir irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(canonicalize,cse,symbol-dce)" --dump-after-each=%t/input -o %t/input.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INPUT -DDIR=%t/input --match-full-lines
// INPUT: irscope-opt: error: cannot write dump '[[DIR]]/0000-input.mlir': Is a directory
// INPUT-NEXT: exit=4
// INPUT-EMPTY:
// RUN: cmp %t/plain.mlir %t/input.mlir
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/input/manifest.xml
// RUN: FileCheck %s --check-prefix=INPUT-MANIFEST < %t/input/manifest.xml
// INPUT-MANIFEST: <irscope-manifest version="1" status="io-error">
// INPUT-MANIFEST-NOT: dump="0000-input.mlir"
// INPUT-MANIFEST: <step index="1" pass="canonicalize" anchor="builtin.module" status="not-run"
// RUN: ls -A %t/input | FileCheck %s --check-prefix=INPUT-FILES --match-full-lines
// INPUT-FILES: 0000-input.mlir
// INPUT-FILES-NEXT: manifest.xml
// INPUT-FILES-EMPTY:

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
func.func private @dead()
