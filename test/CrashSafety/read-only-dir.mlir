// A read-only directory: one line naming the directory or file and the
// error, exit 4, nothing written. (Root ignores the mode: the same paths
// are tried as root with injected EACCES and EROFS, write-faults.test.)
// REQUIRES: non-root
// RUN: rm -rf %t && mkdir -p %t/ro/d && chmod a-w %t/ro %t/ro/d
// RUN: sh -c 'irscope-opt %s --canonicalize --dump-after-each=%t/ro/d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUMPS -DDIR=%t/ro/d --match-full-lines
// DUMPS: irscope-opt: error: cannot write to dump directory '[[DIR]]': Permission denied
// DUMPS-NEXT: exit=4
// RUN: sh -c 'irscope-opt %s --canonicalize --dump-after-each=%t/ro/new -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEW -DDIR=%t/ro/new --match-full-lines
// NEW: irscope-opt: error: cannot create dump directory '[[DIR]]': Permission denied
// NEW-NEXT: exit=4
// RUN: sh -c 'irscope-opt %s --canonicalize -o %t/ro/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OUT -DPATH=%t/ro/out.mlir --match-full-lines
// OUT: irscope-opt: error: cannot write output file '[[PATH]]': Permission denied
// OUT-NEXT: exit=4
// RUN: ls -A %t/ro/d | count 0
// RUN: chmod u+w %t/ro %t/ro/d

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}
