// Two crashes alike in everything --repeat prints but a frame are two
// signatures, and each line says which frame tells it from the other;
// repeat.xml holds each one's site and frames, and a merge of shards keeps
// them apart. The irsx plugin (test/Plugins/irsx) dies of SIGSEGV in
// irsxCrashIfLeft both ways: in irsx-fold-wrap, under irsxCheckLeft, when
// the first wrap carries `irsx.crash_if_left` (irs-test-flaky sets it in
// about half the runs), else in the verifier after the pass, under
// irsxCheckFolded, once %ua is folded. Seeded, so the runs are fixed.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irs-test-flaky{op=irsx.wrap rate=0.5 mode=attr attr=irsx.crash_if_left},irsx-fold-wrap)" --repeat=8 --seed=1 --failure-dir=%t/all; echo exit=$?' > %t/all.log 2>&1
// RUN: FileCheck %s -DDIR=%t/all < %t/all.log
// CHECK: irscope-opt: repeat: 8 of 8 runs failed
// CHECK-DAG: irscope-opt: repeat:   signature {{[12]}}: crash SIGSEGV at irsxCrashIfLeft via #1 irsxCheckLeft+0x{{[0-9a-f]+}} in step {{[0-9]+}} ({{.*}}), {{[1-7]}} runs, first in run {{[0-9]+}}; artefacts: [[DIR]]/failure-{{[12]}}
// CHECK-DAG: irscope-opt: repeat:   signature {{[12]}}: crash SIGSEGV at irsxCrashIfLeft via #1 irsxCheckFolded+0x{{[0-9a-f]+}} in step {{[0-9]+}} ({{.*}}), {{[1-7]}} runs, first in run {{[0-9]+}}; artefacts: [[DIR]]/failure-{{[12]}}
// CHECK-NOT: signature 3
// CHECK: exit=5

// RUN: xmllint --noout --schema %schemas/repeat.xsd %t/all/repeat.xml
// RUN: FileCheck %s --check-prefix=XML < %t/all/repeat.xml
// RUN: FileCheck %s --check-prefix=FRAMES < %t/all/repeat.xml
// XML: <signatures count="2">
// XML: <crash site="irsxCrashIfLeft">
// XML-NEXT: <frame>irsxCrashIfLeft+0x{{[0-9a-f]+}}</frame>
// XML-NEXT: <frame>irsxCheck{{Left|Folded}}+0x{{[0-9a-f]+}}</frame>
// XML: <crash site="irsxCrashIfLeft">
// XML-NEXT: <frame>irsxCrashIfLeft+0x{{[0-9a-f]+}}</frame>
// XML-NEXT: <frame>irsxCheck{{Left|Folded}}+0x{{[0-9a-f]+}}</frame>
// FRAMES-DAG: <frame>irsxCheckLeft+0x{{[0-9a-f]+}}</frame>
// FRAMES-DAG: <frame>irsxCheckFolded+0x{{[0-9a-f]+}}</frame>

// A crash no other signature resembles says no frame.
// RUN: sh -c 'irscope-opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irsx-fold-wrap)" --repeat=1 --failure-dir=%t/one; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONE
// ONE: irscope-opt: repeat:   signature 1: crash SIGSEGV at irsxCrashIfLeft in step

// Shards that each saw one or both crashes merge into the same two.
// RUN: irscope-opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irs-test-flaky{op=irsx.wrap rate=0.5 mode=attr attr=irsx.crash_if_left},irsx-fold-wrap)" --repeat=8 --seed=1 --shard=1/2 --failure-dir=%t/s1 2>/dev/null || true
// RUN: irscope-opt --load-dialect-plugin=%irsx_plugin --load-pass-plugin=%irsx_plugin %s --pass-pipeline="builtin.module(irs-test-flaky{op=irsx.wrap rate=0.5 mode=attr attr=irsx.crash_if_left},irsx-fold-wrap)" --repeat=8 --seed=1 --shard=2/2 --failure-dir=%t/s2 2>/dev/null || true
// RUN: irscope-report --merge %t/merged %t/s1 %t/s2 2>&1 | FileCheck %s --check-prefix=MERGE
// MERGE: irscope-report: merged 2 shards: 8 runs, 8 failures, 2 signatures
// RUN: xmllint --noout --schema %schemas/repeat.xsd %t/merged/repeat.xml
// RUN: FileCheck %s --check-prefix=XML < %t/merged/repeat.xml
// RUN: FileCheck %s --check-prefix=FRAMES < %t/merged/repeat.xml

func.func @f(%a: i32, %b: i32) {
  %wb = irsx.wrap %b : i32 -> !irsx.box<"b">
  %ub = irsx.unwrap %wb : !irsx.box<"b"> -> i64
  irsx.use %ub : i64
  %wa = irsx.wrap %a : i32 -> !irsx.box<"a">
  %ua = irsx.unwrap %wa : !irsx.box<"a"> -> i32
  irsx.use %ua {irsx.crash_if_folded} : i32
  return
}
