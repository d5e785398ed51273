// Outputs that cannot be written are I/O errors: exit code 4 and a one-line
// error naming the path and the reason. An output file is never left
// truncated or half-written under its real name, and a run that fails
// writes no output file at all (as mlir-opt, which does not keep it).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`; `ulimit`
// needs a real shell too.

// RUN: rm -rf %t && mkdir %t && touch %t/regular-file

// A dump directory below a regular file cannot be created.
// RUN: sh -c 'irscope-opt %s --canonicalize --dump-after-each=%t/regular-file/dumps; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUMPDIR --match-full-lines -DPATH=%t/regular-file/dumps
// DUMPDIR-NOT: {{.}}
// DUMPDIR: irscope-opt: error: cannot create dump directory '[[PATH]]': Not a directory
// DUMPDIR-NEXT: exit=4
// DUMPDIR-EMPTY:

// -o into a directory that does not exist.
// RUN: sh -c 'irscope-opt %s --canonicalize -o %t/no-such-dir/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NODIR --match-full-lines -DPATH=%t/no-such-dir/out.mlir
// NODIR-NOT: {{.}}
// NODIR: irscope-opt: error: cannot write output file '[[PATH]]': No such file or directory
// NODIR-NEXT: exit=4
// NODIR-EMPTY:

// A full disk, simulated with a 512-byte file size limit (the output is
// about 1.5 KB): the error, and neither a partial output nor a temporary
// left behind; an existing file of that name keeps its old contents.
// RUN: echo "old contents" > %t/old.mlir
// RUN: sh -c 'ulimit -f 1; irscope-opt %s -o %t/old.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FULL --match-full-lines -DPATH=%t/old.mlir
// FULL-NOT: {{.}}
// FULL: irscope-opt: error: cannot write output file '[[PATH]]': File too large
// FULL-NEXT: exit=4
// RUN: ls %t | FileCheck %s --check-prefix=LEFT --match-full-lines
// LEFT: old.mlir
// LEFT-NEXT: regular-file
// LEFT-EMPTY:
// RUN: FileCheck %s --check-prefix=OLD --match-full-lines < %t/old.mlir
// OLD: old contents
// OLD-EMPTY:
// The same for a dump: no partial dump file.
// RUN: sh -c 'ulimit -f 1; irscope-opt %s --canonicalize --dump-after-each=%t/dumps -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FULLDUMP --match-full-lines -DPATH=%t/dumps
// FULLDUMP-NOT: {{.}}
// FULLDUMP: irscope-opt: error: cannot write dump '[[PATH]]/0000-input.mlir': File too large
// FULLDUMP-NEXT: exit=4
// The directory the run created and left empty is removed.
// RUN: sh -c 'ls -A %t/dumps 2>/dev/null || true' | count 0

// A run that fails leaves no output file.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-fail{op=arith.muli})" --failure-dir=%t/failure -o %t/failed.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAILED
// FAILED: exit=1
// RUN: not ls %t/failed.mlir

func.func @f(%a: i32) -> i32 {
  %v0 = arith.addi %a, %a : i32
  %v1 = arith.addi %v0, %a : i32
  %v2 = arith.addi %v1, %a : i32
  %v3 = arith.addi %v2, %a : i32
  %v4 = arith.addi %v3, %a : i32
  %v5 = arith.addi %v4, %a : i32
  %v6 = arith.addi %v5, %a : i32
  %v7 = arith.addi %v6, %a : i32
  %v8 = arith.addi %v7, %a : i32
  %v9 = arith.addi %v8, %a : i32
  %v10 = arith.addi %v9, %a : i32
  %v11 = arith.addi %v10, %a : i32
  %v12 = arith.addi %v11, %a : i32
  %v13 = arith.addi %v12, %a : i32
  %v14 = arith.addi %v13, %a : i32
  %v15 = arith.addi %v14, %a : i32
  %v16 = arith.addi %v15, %a : i32
  %v17 = arith.addi %v16, %a : i32
  %v18 = arith.addi %v17, %a : i32
  %v19 = arith.addi %v18, %a : i32
  %v20 = arith.addi %v19, %a : i32
  %v21 = arith.addi %v20, %a : i32
  %v22 = arith.addi %v21, %a : i32
  %v23 = arith.addi %v22, %a : i32
  %v24 = arith.addi %v23, %a : i32
  %v25 = arith.addi %v24, %a : i32
  %v26 = arith.addi %v25, %a : i32
  %v27 = arith.addi %v26, %a : i32
  %v28 = arith.addi %v27, %a : i32
  %v29 = arith.addi %v28, %a : i32
  %v30 = arith.addi %v29, %a : i32
  %v31 = arith.addi %v30, %a : i32
  %v32 = arith.addi %v31, %a : i32
  %v33 = arith.addi %v32, %a : i32
  %v34 = arith.addi %v33, %a : i32
  %v35 = arith.addi %v34, %a : i32
  %v36 = arith.addi %v35, %a : i32
  %v37 = arith.addi %v36, %a : i32
  %v38 = arith.addi %v37, %a : i32
  %v39 = arith.addi %v38, %a : i32
  %m = arith.muli %v39, %v39 : i32
  return %m : i32
}
