// opt-reduce's culprit holds a name as long as the action record it comes
// from does (IRS_ACTION_RECORD_TEXT_MAX, 255 bytes): a plugin pass whose
// argument is 199 bytes long, in flight when it crashed, is named whole in
// the summary and in the lit test's comment.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %irs_plugin_cc '-DTP_CRASH_NAME="tp-crash-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"' %S/../Plugins/Inputs/c-plugin.c -o %t/tp.so
// RUN: opt-reduce --load-pass-plugin=%t/tp.so %s --pass-pipeline='builtin.module(func.func(tp-crash-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{op=arith.muli}))' -o %t/out.mlir --emit-lit-test=%t/out.test 2>&1 | FileCheck %s
// CHECK: opt-reduce: culprit pass execution: pass 'tp-crash-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' on 'func.func'
// RUN: FileCheck %s --check-prefix=LIT < %t/out.test
// LIT: // Culprit pass execution: pass 'tp-crash-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' on 'func.func'

func.func @f(%a: i32) -> i32 {
  %b = arith.muli %a, %a : i32
  %c = arith.addi %b, %a : i32
  return %c : i32
}
