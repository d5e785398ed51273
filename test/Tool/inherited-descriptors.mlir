// What irscope execs as the tool gets stdin, stdout and stderr and no other
// descriptor of irscope's: every descriptor irscope opens (pipes to and
// from its workers, dump and report files, temporaries, /dev/null) is
// close-on-exec, and what a child is meant to have is given to it by dup2.
// The tool here notes what it was started with, then runs mlir-opt (or,
// for opt-reduce, dies on the step); irscope-opt --tool with dumps, with
// --verify-each and without crash protection; opt-reduce --tool, whose
// tool runs used to get its /dev/null and its workers' pipes.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %irs_cc %S/Inputs/fd-listing-tool.c -o %t/tool
// RUN: env FD_LOG=%t/fds MLIR_OPT=%mlir_opt irscope-opt --tool=%t/tool %s --pass-pipeline='builtin.module(cse,canonicalize)' --dump-after-each=%t/d -o %t/out1.mlir 2>/dev/null
// RUN: env FD_LOG=%t/fds MLIR_OPT=%mlir_opt irscope-opt --tool=%t/tool %s --pass-pipeline='builtin.module(cse,canonicalize)' --verify-each -o %t/out2.mlir
// RUN: env FD_LOG=%t/fds MLIR_OPT=%mlir_opt irscope-opt --tool=%t/tool %s --pass-pipeline='builtin.module(cse)' --crash-protection=0 -o %t/out3.mlir
// (Under ASan the tool must die of the signal, not of ASan's report.)
// RUN: env ASAN_OPTIONS=handle_segv=0:detect_leaks=0 FD_LOG=%t/fds MLIR_OPT=%mlir_opt CRASH_ON=cse opt-reduce --tool=%t/tool %s --cse --tool-fork-server=0 -o %t/red.mlir 2>/dev/null
// RUN: FileCheck %s --match-full-lines --implicit-check-not='->' < %t/fds
// CHECK: fds: 0 1 2
// RUN: FileCheck %s --check-prefix=OUT < %t/out1.mlir
// OUT: func.func @f

// Runs forked by opt-reduce's tool fork server no longer get its /dev/null
// either. (They still see the server's sockets: see docs/opt-reduce.md.)
// RUN: rm -f %t/fds
// (Under ASan the tool must die of the signal, not of ASan's report.)
// RUN: env ASAN_OPTIONS=handle_segv=0:detect_leaks=0 FD_LOG=%t/fds MLIR_OPT=%mlir_opt CRASH_ON=cse opt-reduce --tool=%t/tool %s --cse -o %t/red2.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=SERVED --implicit-check-not=/dev/null --implicit-check-not=pipe: < %t/fds
// SERVED: fds: 0 1 2

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %a, %c0 : i32
  %d = arith.muli %b, %c : i32
  return %d : i32
}
