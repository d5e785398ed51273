// What keeps --check-results from executing anything at all is an input
// error (exit 2) naming the problem: a missing entry function, an entry
// with arguments, a lowering pipeline that does not parse or does not
// lower, a shared library that is not there, a bad --result-tolerance, and
// options it cannot be combined with.

// RUN: not irscope-opt %s --canonicalize --check-results --entry=nope -o /dev/null 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: irscope-opt: error: cannot execute the input '{{.*}}': no function '@nope' in the module

// RUN: not irscope-opt %s --canonicalize --check-results --entry=takes_arg -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARGS
// ARGS: irscope-opt: error: cannot execute the input '{{.*}}': entry '@takes_arg' must take no arguments and return nothing or one integer, index or float

// RUN: not irscope-opt %s --canonicalize --check-results --exec-lowering='builtin.module(no-such-pass)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: irscope-opt: error: cannot execute the input '{{.*}}': bad lowering pipeline 'builtin.module(no-such-pass)': {{.*}}no-such-pass

// A lowering that leaves non-LLVM ops behind cannot be translated.
// RUN: not irscope-opt %s --canonicalize --check-results --exec-lowering='builtin.module(canonicalize)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=JIT
// JIT: irscope-opt: error: cannot execute the input '{{.*}}': cannot JIT-compile the lowered module

// RUN: not irscope-opt %s --canonicalize --check-results --shared-libs=/no/such/lib.so -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIB
// LIB: irscope-opt: error: cannot execute the input '{{.*}}': cannot load shared library '/no/such/lib.so'

// RUN: not irscope-opt %s --canonicalize --check-results --result-tolerance=x -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOL
// TOL: irscope-opt: error: option '--result-tolerance' expects REL[,ABS] (non-negative numbers), not 'x'

// --split-input-file is checked chunk by chunk (check-results-split.mlir);
// without crash protection there is no worker to take the steps' IR from.
// RUN: not irscope-opt %s --canonicalize --check-results --crash-protection=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNPROT
// UNPROT: irscope-opt: error: '--check-results' cannot be combined with '--crash-protection=0'

func.func @takes_arg(%a: i32) {
  return
}

func.func @main() {
  %c = arith.constant 7 : i32
  vector.print %c : i32
  return
}
