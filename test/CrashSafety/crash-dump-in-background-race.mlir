// A crash while a background printer is still writing the dump of the step
// before (--dump-in-background on a module that takes a while to print,
// then a step that dies at once): the supervisor waits for the printer
// before it documents the death, so the report's last good dump is that
// step's, the dump is complete on disk, the final manifest lists it without
// pending="true", no temporary file is left, and no printer is still
// running when irscope-opt returns (the dump's rename is a printer's last
// act, and the listing below is taken right after).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t.in
// RUN: %python %S/../Tool/Inputs/big-func.py 40000 > %t.in/big.mlir
// RUN: sh -c 'irscope-opt %t.in/big.mlir --pass-pipeline="builtin.module(symbol-dce,irs-test-abort{op=arith.addi})" --dump-after-each=%t --dump-in-background -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 2 'builtin.module(irs-test-abort{op=arith.addi})' crashed with SIGABRT
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5

// RUN: ls -A %t | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: 0000-input.mlir
// FILES-NEXT: 0001-builtin.module-symbol-dce.mlir
// FILES-NEXT: failure-input.mlir
// FILES-NEXT: manifest.xml
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer-full.mlir
// FILES-NEXT: reproducer.mlir
// FILES-EMPTY:

// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST --implicit-check-not=pending < %t/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="crash">
// MANIFEST: <dump file="0001-builtin.module-symbol-dce.mlir"{{( hash="[0-9a-f]{16}")?}}/>

// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <last-good-dump file="0001-builtin.module-symbol-dce.mlir"/>

// The dump is whole: the IR that went into the crashing step, as the
// replay printed it.
// RUN: diff %t/0001-builtin.module-symbol-dce.mlir %t/failure-input.mlir
