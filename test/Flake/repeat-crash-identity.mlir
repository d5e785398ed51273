// --repeat tells a crash by its identity (irscope/Signature.h) as
// opt-reduce does, and names its LLVM ERROR line, numbers masked as in
// messages, after its site. The irsx plugin (test/Plugins/irsx) ends its
// pass in report_fatal_error with the text of `irsx.fatal`.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irsx-fold-wrap)" --repeat=2 --failure-dir=%t; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s -DDIR=%t
// CHECK: irscope-opt: repeat: 2 of 2 runs failed
// CHECK: irscope-opt: repeat:   signature 1: crash SIGABRT at {{.+}} ('LLVM ERROR: irsx: cannot fold box N') in step {{[0-9]+}} ({{.*}}), 2 runs, first in run 1; artefacts: [[DIR]]/failure-1
// CHECK-NOT: signature 2
// CHECK: exit=5

func.func @f(%a: i32) {
  %w = irsx.wrap %a {irsx.fatal = "cannot fold box 7"} : i32 -> !irsx.box<"a">
  irsx.use %w : !irsx.box<"a">
  return
}
