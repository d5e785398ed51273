// A read-only directory (mode 0555): one line naming the directory or file
// and the error, exit 4, nothing written. chmod takes no write access from
// root, so as root the tools run as nobody (%unprivileged: setpriv, which
// util-linux always has); the same paths also get injected EACCES and
// EROFS at every write, write-faults.test.
// REQUIRES: unprivileged
// RUN: rm -rf %t && mkdir -p %t/ro/d %t/ro/f %t/tmp && cp %s %t/in.mlir
// RUN: irscope-opt %t/in.mlir --canonicalize --dump-after-each=%t/ro/page -o /dev/null
// RUN: chmod 0555 %t/ro %t/ro/d %t/ro/f %t/ro/page && chmod 0755 %t && chmod 1777 %t/tmp && chmod 0644 %t/in.mlir
// RUN: sh -c '%unprivileged irscope-opt %t/in.mlir --canonicalize --dump-after-each=%t/ro/d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUMPS -DDIR=%t/ro/d --match-full-lines
// DUMPS: irscope-opt: error: cannot write to dump directory '[[DIR]]': Permission denied
// DUMPS-NEXT: exit=4
// RUN: sh -c '%unprivileged irscope-opt %t/in.mlir --canonicalize --dump-after-each=%t/ro/new -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEW -DDIR=%t/ro/new --match-full-lines
// NEW: irscope-opt: error: cannot create dump directory '[[DIR]]': Permission denied
// NEW-NEXT: exit=4
// RUN: sh -c '%unprivileged irscope-opt %t/in.mlir --canonicalize -o %t/ro/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OUT -DPATH=%t/ro/out.mlir --match-full-lines
// OUT: irscope-opt: error: cannot write output file '[[PATH]]': Permission denied
// OUT-NEXT: exit=4
// The failure directory, for a crash and for a pass failure, is tried
// before the run starts.
// RUN: sh -c '%unprivileged irscope-opt %t/in.mlir --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.addi}))" --failure-dir=%t/ro/f -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAIL -DDIR=%t/ro/f --match-full-lines
// RUN: sh -c '%unprivileged irscope-opt %t/in.mlir --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.addi}))" --failure-dir=%t/ro/f -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAIL -DDIR=%t/ro/f --match-full-lines
// FAIL: irscope-opt: error: cannot write to failure directory '[[DIR]]': Permission denied
// FAIL-NEXT: exit=4
// RUN: sh -c '%unprivileged irscope-opt %t/in.mlir --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.addi}))" --failure-dir=%t/ro/newf -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEWF -DDIR=%t/ro/newf --match-full-lines
// NEWF: irscope-opt: error: cannot create failure directory '[[DIR]]': Permission denied
// NEWF-NEXT: exit=4
// The HTML page of a run directory that cannot be written to.
// RUN: sh -c '%unprivileged irscope-report %t/ro/page; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PAGE -DDIR=%t/ro/page --match-full-lines
// PAGE: irscope-report: error: cannot write '[[DIR]]/report.html': Permission denied
// PAGE-NEXT: exit=4
// opt-reduce's -o (its temporaries go to a $TMPDIR nobody may write).
// RUN: sh -c 'TMPDIR=%t/tmp %unprivileged opt-reduce %t/in.mlir --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.addi}))" -o %t/ro/red.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REDUCE -DPATH=%t/ro/red.mlir --match-full-lines
// REDUCE: opt-reduce: error: cannot write '[[PATH]]': Permission denied
// REDUCE-NEXT: exit=4
// RUN: find %t/ro/d %t/ro/f -mindepth 1 | count 0
// RUN: ls -A %t/ro/page | not grep report.html
// RUN: chmod -R u+w %t/ro

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  return %0 : i32
}
