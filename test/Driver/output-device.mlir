// Output to a device is written in place: the temporary-and-rename used for
// regular files must never replace /dev/null or /dev/stdout themselves.
// RUN: irscope-opt %s --canonicalize -o /dev/null
// RUN: test -c /dev/null
// RUN: irscope-opt %s --canonicalize -o /dev/stdout | FileCheck %s
// RUN: irscope-opt %s --pass-pipeline='builtin.module(irs-op-stats{file=/dev/stdout})' -o /dev/null | FileCheck %s --check-prefix=STATS
// RUN: test -c /dev/null
// CHECK: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT: return %arg0 : i32
// STATS: op statistics: 3 operations in 2 dialects
func.func @f(%a: i32) -> i32 {
  return %a : i32
}
