// --crash-protection=0 runs MLIR in the process you start, as mlir-opt
// does: a crashing pass takes irscope-opt down with the signal, and nothing
// is documented. --step-timeout and --memory-limit need the supervisor, so
// asking for them without it is a usage error (exit 2, nothing run).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: not --crash irscope-opt %s --crash-protection=0 --pass-pipeline="builtin.module(func.func(irs-test-abort{op=arith.muli}))" --failure-dir=%t -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIED --allow-empty --implicit-check-not="irscope-opt: error:"
// DIED-NOT: report
// RUN: not ls %t/report.xml

// RUN: sh -c 'irscope-opt %s --crash-protection=0 --step-timeout=1 --canonicalize; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TIMEOUT --match-full-lines
// TIMEOUT-NOT: {{.}}
// TIMEOUT: irscope-opt: error: '--step-timeout' and '--memory-limit' need crash protection; drop '--crash-protection=0'
// TIMEOUT-NEXT: exit=2
// TIMEOUT-EMPTY:
// RUN: sh -c 'irscope-opt %s --memory-limit=1G --crash-protection=false --canonicalize; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MEMORY --match-full-lines
// MEMORY-NOT: {{.}}
// MEMORY: irscope-opt: error: '--step-timeout' and '--memory-limit' need crash protection; drop '--crash-protection=0'
// MEMORY-NEXT: exit=2
// MEMORY-EMPTY:

// Bad limits are usage errors too.
// RUN: sh -c 'irscope-opt %s --step-timeout=0 --canonicalize; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADTIME --match-full-lines
// BADTIME: irscope-opt: error: option '--step-timeout' expects a positive number of seconds, not '0'
// BADTIME-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --memory-limit=12Q --canonicalize; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADMEM --match-full-lines
// BADMEM: irscope-opt: error: option '--memory-limit' expects a size such as 512M or 2G, not '12Q'
// BADMEM-NEXT: exit=2

func.func @f(%a: i32) -> i32 {
  %b = arith.muli %a, %a : i32
  return %b : i32
}
