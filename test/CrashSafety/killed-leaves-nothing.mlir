// A run killed in the middle leaves what it was writing: the temporary of
// an atomic write ("<file>.tmp-<pid>-XXXXXX") and its scratch under
// $TMPDIR: the directory its executor points LLVM's jitdumps at
// (irscope-jit-<pid>-XXXXXX), a forked printer's file tree
// (irscope-print-<pid>-XXXXXX), an --tool run's directory
// (irscope-tool-<pid>-XXXXXX), the files standing in for stdin and stdout
// (irscope-stdin-, irscope-out-, opt-reduce-stdin-, opt-reduce-out-), the
// reducer's directories (opt-reduce-<pid>-, opt-reduce-tool-<pid>-). All
// carry the pid of the process that made them, so the next run removes
// them once that process is gone, and nothing else: not a live process's
// (pid 1 lives), not a user's file that only looks alike. A second SIGINT
// to opt-reduce ends it at once with the signal's own status (130 from a
// shell), after removing its temporary in flight.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t/tmp %t/out

// An execution of --check-results kills its parent, irscope-opt, with
// SIGKILL (@main below): the executor's directory stays behind.
// RUN: sh -c 'TMPDIR=%t/tmp HOME=%t/tmp irscope-opt %s --pass-pipeline="builtin.module(canonicalize)" --check-results -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=KILLED
// KILLED: exit=137
// RUN: ls %t/tmp | FileCheck %s --check-prefix=LEFT
// LEFT: irscope-jit-{{[0-9]+}}-{{[A-Za-z0-9]+$}}
// RUN: mkdir %t/tmp/irscope-jit-1-live01 %t/tmp/irscope-jit-notes
// The next run's executor removes the dead one's directory, then its own.
// RUN: sh -c 'TMPDIR=%t/tmp HOME=%t/tmp irscope-opt %s --pass-pipeline="builtin.module(canonicalize)" --check-results --entry=calm -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CALM
// CALM: exit=0
// RUN: ls %t/tmp | FileCheck %s --check-prefix=JIT --implicit-check-not=irscope-jit
// JIT: irscope-jit-1-live01
// JIT-NEXT: irscope-jit-notes

// A printer killed while it prints a dump leaves its file tree; the next
// printer (of a module with an alias, Inputs/aliased.mlir) removes it (a
// dead process's, here made by hand), not a live process's nor a
// look-alike, and leaves nothing of its own.
// RUN: mkdir -p %t/print/irscope-print-99999999-abcdef/builtin_module_no-symbol-name %t/print/irscope-print-1-live01 %t/print/irscope-print-notes
// RUN: sh -c 'TMPDIR=%t/print IRS_TEST_FORKS_PAY=1 irscope-opt %S/Inputs/aliased.mlir --pass-pipeline="builtin.module(cse,cse)" --dump-after-each=%t/dumps -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CALM
// RUN: ls %t/print | FileCheck %s --check-prefix=PRINT --implicit-check-not=irscope-
// PRINT: irscope-print-1-live01
// PRINT-NEXT: irscope-print-notes

// opt-reduce killed (IRS_FAULT_WRITE's SIGKILL) right after it created
// the temporary of -o's file: the temporary stays. Write point 1 is that
// creation (the input is written to -o first).
// RUN: touch %t/out/small.mlir.tmp-1-live01 %t/out/small.mlir.tmp-mine %t/out/other.mlir.tmp-99999999-abcdef
// RUN: sh -c 'IRS_FAULT_WRITE=1:KILL:%t/count opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" -o %t/out/small.mlir 2>/dev/null; echo exit=$?' | FileCheck %s --check-prefix=KILLED
// RUN: ls %t/out | FileCheck %s --check-prefix=HALF
// HALF: small.mlir.tmp-{{[0-9]+}}-{{[A-Za-z0-9]+$}}
// A second SIGINT at the same point (IRS_FAULT_WRITE's INT2 raises two):
// the status is the signal's, the new run's own temporary is gone, and so
// is the killed run's; the look-alikes stay.
// RUN: rm -f %t/count
// RUN: sh -c 'IRS_FAULT_WRITE=1:INT2:%t/count opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" -o %t/out/small.mlir 2>/dev/null; echo exit=$?' | FileCheck %s --check-prefix=INT2
// INT2: exit=130
// RUN: ls %t/out | FileCheck %s --check-prefix=CLEAN --implicit-check-not=small.mlir
// CLEAN: other.mlir.tmp-99999999-abcdef
// CLEAN-NEXT: small.mlir.tmp-1-live01
// CLEAN-NEXT: small.mlir.tmp-mine
// A run that finishes leaves its result and nothing else.
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" -o %t/out/small.mlir 2>/dev/null
// RUN: ls %t/out | FileCheck %s --check-prefix=DONE
// DONE: other.mlir.tmp-99999999-abcdef
// DONE-NEXT: small.mlir{{$}}
// DONE-NEXT: small.mlir.tmp-1-live01
// DONE-NEXT: small.mlir.tmp-mine

// irscope-opt --tool killed by its tool (SIGKILL to its parent, in the
// step's run), reading stdin and writing stdout: its scratch directory and
// both stand-ins stay.
// RUN: mkdir -p %t/tool
// RUN: printf '#!/bin/sh\ncase "$*" in *--pass-pipeline=*) kill -9 $PPID; exit 1;; esac\nexec %mlir_opt "$@"\n' > %t/killer && chmod +x %t/killer
// RUN: sh -c 'TMPDIR=%t/tool irscope-opt --tool=%t/killer --pass-pipeline="builtin.module(canonicalize)" - -o - < %s; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=KILLED
// RUN: ls %t/tool | FileCheck %s --check-prefix=TOOLLEFT
// TOOLLEFT: irscope-out-{{[0-9]+}}-{{[A-Za-z0-9]+$}}
// TOOLLEFT-NEXT: irscope-stdin-{{[0-9]+}}-{{[A-Za-z0-9]+$}}
// TOOLLEFT-NEXT: irscope-tool-{{[0-9]+}}-{{[A-Za-z0-9]+$}}
// The next such run removes all three, and not the look-alikes.
// RUN: mkdir %t/tool/irscope-tool-1-live01 && touch %t/tool/irscope-stdin-notes
// RUN: sh -c 'TMPDIR=%t/tool irscope-opt --tool=%mlir_opt --pass-pipeline="builtin.module(canonicalize)" - -o - < %s > /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CALM
// RUN: ls %t/tool | FileCheck %s --check-prefix=TOOLCLEAN --implicit-check-not=irscope-
// TOOLCLEAN: irscope-stdin-notes
// TOOLCLEAN-NEXT: irscope-tool-1-live01

// opt-reduce --tool killed (its tool kills it at the first run of the
// pipeline: Inputs/kill-reducer-tool.sh), reading stdin and writing
// stdout: its stand-ins and its tool's directory stay; the next run
// removes them.
// RUN: mkdir -p %t/reduce
// RUN: sh -c 'TMPDIR=%t/reduce MLIR_OPT=%mlir_opt opt-reduce --tool=%S/Inputs/kill-reducer-tool.sh - --pass-pipeline="builtin.module(test-pass-crash)" -o - < %s > /dev/null 2>&1; echo exit=$?' | FileCheck %s --check-prefix=KILLED
// RUN: ls %t/reduce | FileCheck %s --check-prefix=REDUCELEFT
// REDUCELEFT-DAG: opt-reduce-out-{{[0-9]+}}-{{[A-Za-z0-9]+$}}
// REDUCELEFT-DAG: opt-reduce-stdin-{{[0-9]+}}-{{[A-Za-z0-9]+$}}
// REDUCELEFT-DAG: opt-reduce-tool-{{[0-9]+}}-{{[A-Za-z0-9]+$}}
// RUN: sh -c 'TMPDIR=%t/reduce opt-reduce --tool=%mlir_opt - --pass-pipeline="builtin.module(test-pass-crash)" -o - < %s > /dev/null 2>&1; echo exit=$?' | FileCheck %s --check-prefix=CALM
// RUN: ls -A %t/reduce | count 0

func.func private @getppid() -> i32
func.func private @kill(i32, i32) -> i32

func.func @mul(%a: i32) -> i32 {
  %m = arith.muli %a, %a : i32
  return %m : i32
}

func.func @main() {
  %ppid = call @getppid() : () -> i32
  %sigkill = arith.constant 9 : i32
  %k = call @kill(%ppid, %sigkill) : (i32, i32) -> i32
  %c6 = arith.constant 6 : i32
  %r = call @mul(%c6) : (i32) -> i32
  vector.print %r : i32
  return
}

func.func @calm() {
  %c6 = arith.constant 6 : i32
  %r = call @mul(%c6) : (i32) -> i32
  vector.print %r : i32
  return
}
