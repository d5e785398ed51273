// Script mode with --test-timeout: a test that takes longer is killed and
// counts as not interesting. Killing it must take its children along (the
// whole process group): a test script usually runs the compiler as a child,
// and a hanging child would otherwise run on forever. And the error names
// what happened: a timeout, not an exit code.
//
// Inputs/sleeps.sh starts `sleep 5` in the background, writes its pid to
// %t.pid and waits.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.pid %t.tmp && mkdir %t.tmp
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=sh --test-arg=%S/Inputs/sleeps.sh --test-arg=%t.pid --test-timeout=0.5 -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG --match-full-lines
// LOG:      opt-reduce: error: the input is not interesting: the test timed out{{.*}}
// LOG-NEXT: exit=2

// The background child is gone too (a zombie waiting for its reaper counts
// as gone; a survivor is killed here so that it does not outlive the test).
// RUN: sh -c 'pid=$(cat %t.pid); i=0; \
// RUN:   while [ -n "$(ps -o stat= -p $pid | grep -v Z)" ] && [ $i -lt 20 ]; do sleep 0.05; i=$((i+1)); done; \
// RUN:   if [ -n "$(ps -o stat= -p $pid | grep -v Z)" ]; then kill $pid; echo "child $pid survived"; else echo "child gone"; fi' \
// RUN:   | FileCheck %s --check-prefix=CHILD
// CHILD: child gone

func.func @f(%x: i32) -> i32 {
  return %x : i32
}
