// A tool that misbehaves is named as such in one line with a documented
// exit code (docs/irscope-opt.md, "Running in your own tool"); Inputs/
// fake-tool.sh misbehaves as FAKE_MODE says. Exit codes are checked exactly
// with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --tool=%t/missing %s --cse; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=MISSING -DT=%t
// MISSING: irscope-opt: error: cannot run tool '[[T]]/missing': No such file or directory
// MISSING-NEXT: exit=2
// RUN: printf 'not a program' > %t/plain && chmod -x %t/plain
// RUN: sh -c 'irscope-opt --tool=%t/plain %s --cse; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=NOEXEC -DT=%t
// NOEXEC: irscope-opt: error: cannot run tool '[[T]]/plain': Permission denied
// NOEXEC-NEXT: exit=2
// RUN: sh -c 'irscope-opt --tool=%t %s --cse; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=DIR -DT=%t
// DIR: irscope-opt: error: cannot run tool '[[T]]': Is a directory
// DIR-NEXT: exit=2
// An executable that exec cannot start (no interpreter line, not ELF).
// RUN: printf '\001\002\003\004' > %t/bin && chmod +x %t/bin
// RUN: sh -c 'irscope-opt --tool=%t/bin %s --cse; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=EXEC -DT=%t
// EXEC: irscope-opt: error: cannot run tool '[[T]]/bin': Exec format error
// EXEC-NEXT: exit=4

// Options that belong to irscope's own pass manager are refused.
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --cse --mlir-print-ir-after-all; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=REFUSE
// REFUSE: irscope-opt: error: '--mlir-print-ir-after-all' is not available with '--tool'; pass the tool's own option with '--tool-arg=--mlir-print-ir-after-all'
// REFUSE-NEXT: exit=2
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --cse --split-input-file; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=REFUSE2
// REFUSE2: irscope-opt: error: '--split-input-file' is not available with '--tool'
// REFUSE2-NEXT: exit=2
// --check-results through the tool (check-results.test) executes the
// steps' IR in irscope's own MLIR; an input without the entry is the
// user's error, never skipped as IR of the tool's own dialects (the
// tool's run succeeded: its output goes to stdout all the same).
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --test-scf-uplift-while-to-for --check-results -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=NOENTRY
// NOENTRY: irscope-opt: error: cannot execute the input '{{.*}}fake-tool.mlir': no function '@main' in the module
// NOENTRY-NEXT: exit=2

// RUN: sh -c 'FAKE_MODE=garbage irscope-opt --tool=%S/Inputs/fake-tool.sh %s --cse; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=GARBAGE -DT=%S/Inputs/fake-tool.sh
// GARBAGE: irscope-opt: error: '[[T]]' wrote output that is neither MLIR text nor bytecode
// GARBAGE-NEXT: exit=4
// RUN: sh -c 'FAKE_MODE=garbage irscope-opt --tool=%S/Inputs/fake-tool.sh %s --cse --timing; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=GARBAGE1 -DT=%S/Inputs/fake-tool.sh
// GARBAGE1: irscope-opt: error: step 1 'builtin.module(cse)': '[[T]]' wrote output that is neither MLIR text nor bytecode
// GARBAGE1-NEXT: exit=4

// RUN: sh -c 'FAKE_MODE=empty irscope-opt --tool=%S/Inputs/fake-tool.sh %s --cse --canonicalize --dump-after-each=%t/e; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=EMPTY -DT=%S/Inputs/fake-tool.sh
// EMPTY: irscope-opt: error: '[[T]]' exited with 0 but wrote no output
// EMPTY-NEXT: exit=4
// RUN: sh -c 'FAKE_MODE=empty irscope-opt --tool=%S/Inputs/fake-tool.sh %s --cse; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=EMPTY -DT=%S/Inputs/fake-tool.sh

// A tool that ignores --emit-bytecode still works: its steps hand over text.
// RUN: sh -c 'FAKE_MODE=no-bytecode irscope-opt --tool=%S/Inputs/fake-tool.sh %s --cse --canonicalize --timing -o %t/nb.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=NOBC -DT=%S/Inputs/fake-tool.sh
// NOBC: irscope-opt: note: '[[T]]' ignored '--emit-bytecode'; its steps hand over text
// NOBC: exit=0
// RUN: mlir-opt %s --cse --canonicalize | diff - %t/nb.mlir

// A tool that dies mid-step (SIGKILL after writing half a module) is a
// crash of that step, documented with the IR that went into it.
// RUN: sh -c 'FAKE_MODE=dies irscope-opt --tool=%S/Inputs/fake-tool.sh %s --cse --failure-dir=%t/k -o %t/k.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=DIES -DDIR=%t/k
// DIES: irscope-opt: error: step 1 'builtin.module(cse)' crashed with SIGKILL
// DIES-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// DIES: exit=5
// RUN: test ! -e %t/k.mlir
// RUN: diff %s %t/k/failure-input.mlir

// No core files from the tool (a reduction's crashing candidates would
// each leave one): its runs have a core-file limit of 0, even under a shell
// that allows them.
// RUN: sh -c 'ulimit -c unlimited && echo outer=$(ulimit -c) && FAKE_MODE=core-limit irscope-opt --tool=%S/Inputs/fake-tool.sh %s --cse -o /dev/null' 2>&1 | FileCheck %s --check-prefix=CORE
// CORE: outer=unlimited
// CORE: warning: core file limit 0

func.func @f(%a: i64) -> i64 {
  %0 = arith.addi %a, %a : i64
  %1 = arith.addi %a, %a : i64
  %2 = arith.muli %0, %1 : i64
  return %2 : i64
}
