// bin/opt-reduce is a launcher (tools/opt-reduce/Launcher.c) that starts
// the reducer, libexec/irscope/opt-reduce, with LD_BIND_NOW=1 so that
// ld.so binds libMLIR once in the reducer instead of once in every forked
// test. The reducer gives the user's environment back before it starts
// anything. Inputs/launcher-env.sh records its own environment and the
// reducer's.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t/unset %t/user %t/empty %t/stray %t/direct

// The user has not set LD_BIND_NOW: the reducer runs eagerly bound, the
// test does not see the variable, nor the launcher's private marker.
// RUN: sh -c 'unset LD_BIND_NOW IRS_LAUNCHER_SET_BIND_NOW; opt-reduce %s --test=sh --test-arg=%S/Inputs/launcher-env.sh --test-arg=%t/unset --strategies=erase-symbols -j 1 -o %t/unset/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DONE
// DONE: opt-reduce: done: {{.*}}
// DONE-NEXT: exit=0
// RUN: FileCheck %s --check-prefix=EXE < %t/unset/reducer-exe
// EXE: {{.*}}/libexec/irscope/opt-reduce{{$}}
// RUN: FileCheck %s --check-prefix=EAGER < %t/unset/reducer-env
// EAGER-DAG: {{^}}LD_BIND_NOW=1{{$}}
// EAGER-DAG: {{^}}IRS_LAUNCHER_SET_BIND_NOW=1{{$}}
// RUN: FileCheck %s --check-prefix=CLEAN --implicit-check-not=LD_BIND_NOW --implicit-check-not=IRS_LAUNCHER < %t/unset/test-env
// CLEAN: {{^}}PATH=

// The user's own LD_BIND_NOW goes through unchanged, to the reducer and to
// the test, and the launcher adds no marker.
// RUN: sh -c 'LD_BIND_NOW=yes opt-reduce %s --test=sh --test-arg=%S/Inputs/launcher-env.sh --test-arg=%t/user --strategies=erase-symbols -j 1 -o %t/user/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DONE
// RUN: FileCheck %s --check-prefix=USER --implicit-check-not=LD_BIND_NOW --implicit-check-not=IRS_LAUNCHER < %t/user/reducer-env
// RUN: FileCheck %s --check-prefix=USER --implicit-check-not=LD_BIND_NOW --implicit-check-not=IRS_LAUNCHER < %t/user/test-env
// USER: {{^}}LD_BIND_NOW=yes{{$}}

// Even empty (which means lazy binding to ld.so).
// RUN: sh -c 'LD_BIND_NOW= opt-reduce %s --test=sh --test-arg=%S/Inputs/launcher-env.sh --test-arg=%t/empty --strategies=erase-symbols -j 1 -o %t/empty/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DONE
// RUN: FileCheck %s --check-prefix=EMPTY --implicit-check-not=LD_BIND_NOW --implicit-check-not=IRS_LAUNCHER < %t/empty/test-env
// EMPTY: {{^}}LD_BIND_NOW={{$}}

// A marker the launcher did not set is dropped, so it cannot make the
// reducer remove the user's LD_BIND_NOW.
// RUN: sh -c 'LD_BIND_NOW=yes IRS_LAUNCHER_SET_BIND_NOW=1 opt-reduce %s --test=sh --test-arg=%S/Inputs/launcher-env.sh --test-arg=%t/stray --strategies=erase-symbols -j 1 -o %t/stray/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DONE
// RUN: FileCheck %s --check-prefix=USER --implicit-check-not=LD_BIND_NOW --implicit-check-not=IRS_LAUNCHER < %t/stray/test-env

// The reducer run directly works too, lazily bound.
// RUN: sh -c 'unset LD_BIND_NOW IRS_LAUNCHER_SET_BIND_NOW; "$(dirname "$(command -v opt-reduce)")/../libexec/irscope/opt-reduce" %s --test=sh --test-arg=%S/Inputs/launcher-env.sh --test-arg=%t/direct --strategies=erase-symbols -j 1 -o %t/direct/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DONE
// RUN: FileCheck %s --check-prefix=CLEAN --implicit-check-not=LD_BIND_NOW --implicit-check-not=IRS_LAUNCHER < %t/direct/reducer-env
// RUN: FileCheck %s --check-prefix=CLEAN --implicit-check-not=LD_BIND_NOW --implicit-check-not=IRS_LAUNCHER < %t/direct/test-env

func.func @a(%x: i32) -> i32 {
  return %x : i32
}
func.func @b(%x: i32) -> i32 {
  return %x : i32
}
