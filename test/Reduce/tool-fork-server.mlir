// opt-reduce --tool starts the tool once as a fork server (preloaded
// libirscope-forkserver.so, include/irscope/ForkServer.h) and forks it for
// every run; --tool-fork-server=0 execs it per run as before. Both give the
// same result and the same signature on a real crash needing the test
// dialect (llvm/llvm-project#205982, as in tool-test-dialect.mlir), and the
// same classification of a hang; a script tool cannot serve and is exec'd.
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness -o %t.fs.mlir -v 2> %t.fs.log
// RUN: FileCheck %s --check-prefix=FS < %t.fs.log
// FS-NOT: cannot be started as a fork server
// FS: opt-reduce: test 1 [check] the module as it is: crash, interesting
// FS: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: crash in mlir::Operation::isProperAncestor
// FS-NEXT: opt-reduce: test {{[0-9]+}} [check-result] the module as it is: crash, interesting
// FS-NEXT: opt-reduce: checked: the tool on '{{.*}}.fs.mlir' as written: crash in mlir::Operation::isProperAncestor
// FS-NEXT: opt-reduce: note: tool fork server: {{[1-9][0-9]*}} runs of the tool forked from one start, in MlirOptMain, after main's registration; started by bin/opt-reduce while the reducer was loaded
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness -o %t.exec.mlir -v --tool-fork-server=0 2> %t.exec.log
// RUN: FileCheck %s --check-prefix=EXEC < %t.exec.log
// EXEC: opt-reduce: test 1 [check] the module as it is: crash, interesting
// EXEC: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: crash in mlir::Operation::isProperAncestor
// EXEC-NOT: fork server
// RUN: diff %t.fs.mlir %t.exec.mlir
// RUN: not --crash %mlir_opt -optimize-allocation-liveness %t.fs.mlir -o /dev/null

// bin/opt-reduce starts the server before it execs the reducer, which
// adopts it (also for "--tool PATH" and a tool found in $PATH); the reducer
// run without the launcher starts its own, and so does one that finds a
// description in the environment that is not its launcher's (not a socket
// and a child of its own: here stdin and init) is ignored.
// RUN: opt-reduce %s --tool mlir-opt -optimize-allocation-liveness -o %t.path.mlir -v 2>&1 | FileCheck %s --check-prefix=PRE
// PRE: signature: crash in mlir::Operation::isProperAncestor
// PRE: tool fork server: {{[1-9][0-9]*}} runs {{.*}}; started by bin/opt-reduce while the reducer was loaded
// RUN: %irs_obj_root/libexec/irscope/opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness -o %t.own.mlir -v 2>&1 | FileCheck %s --check-prefix=OWN
// RUN: env IRS_OPT_REDUCE_FORK_SERVER="0 1 %mlir_opt" %irs_obj_root/libexec/irscope/opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness -o %t.own2.mlir -v 2>&1 | FileCheck %s --check-prefix=OWN
// With stdin closed the launcher's socket would take fd 0: it is not handed on.
// RUN: sh -c 'opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness -o %t.own3.mlir -v 0<&-' 2>&1 | FileCheck %s --check-prefix=OWN
// OWN: signature: crash in mlir::Operation::isProperAncestor
// OWN: tool fork server: {{[1-9][0-9]*}} runs of the tool forked from one start, in MlirOptMain, after main's registration{{$}}
// RUN: diff %t.fs.mlir %t.path.mlir
// RUN: diff %t.fs.mlir %t.own.mlir

// The same verdicts, test by test (timings aside).
// RUN: grep '^opt-reduce: test ' %t.fs.log | sed 's/ ([0-9]* ms)$//' > %t.fs.tests
// RUN: grep '^opt-reduce: test ' %t.exec.log | sed 's/ ([0-9]* ms)$//' > %t.exec.tests
// RUN: diff %t.fs.tests %t.exec.tests

// A hang (the upstream canonicalize hang of
// test/CrashSafety/upstream-canonicalize-hang.mlir): the step timeout
// kills the fork as it kills an exec'd tool.
// RUN: opt-reduce %S/../CrashSafety/upstream-canonicalize-hang.mlir --tool=%mlir_opt --canonicalize --test-timeout=2 --max-time=1 -o %t.h1.mlir -v 2>&1 | FileCheck %s --check-prefix=HANG
// RUN: opt-reduce %S/../CrashSafety/upstream-canonicalize-hang.mlir --tool=%mlir_opt --canonicalize --test-timeout=2 --max-time=1 -o %t.h0.mlir -v --tool-fork-server=0 2>&1 | FileCheck %s --check-prefix=HANG
// HANG: opt-reduce: test 1 [check] the module as it is: timeout, interesting
// HANG: signature: timeout

// A script tool is exec'd, with a note.
// RUN: env FAKE_TOOL=no-poison opt-reduce %s --tool=%S/Inputs/fake-tool.sh -optimize-allocation-liveness --strategies=erase-symbols -o %t.sh.mlir -v 2>&1 | FileCheck %s --check-prefix=SCRIPT
// SCRIPT: opt-reduce: note: the tool cannot be started as a fork server (not a dynamically linked program, or no libirscope-forkserver.so): it is exec'd for each run
// SCRIPT: signature: crash in mlir::Operation::isProperAncestor
// SCRIPT-NOT: runs of the tool forked

func.func @other(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
func.func @m(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %alloc = memref.alloc() : memref<2xf32>
  test.buffer_based in(%arg1 : memref<2xf32>) out(%alloc : memref<2xf32>)
  memref.dealloc %alloc : memref<2xf32>
  cf.br ^bb3(%alloc : memref<2xf32>)
^bb3(%0: memref<2xf32>):
  test.copy(%0, %arg2) : (memref<2xf32>, memref<2xf32>)
  return
}
