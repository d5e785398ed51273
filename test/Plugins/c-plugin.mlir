// An irscope C pass plugin (Inputs/c-plugin.c, entry point
// irsGetPassPluginInfo) adds its passes to irscope-opt's pass registry:
// they are listed, run in pipelines and as pass flags next to MLIR's, are
// dumped and verified, fail and crash like irs-* passes (report,
// reproducer that irscope-opt replays with the same plugin), and work with
// --repeat, --check-determinism and --timing. The plugin is recorded in the
// manifest and the report.

// RUN: rm -rf %t && mkdir %t %t/tmp
// RUN: %irs_plugin_cc %S/Inputs/c-plugin.c -o %t/tp.so

// RUN: irscope-opt --load-pass-plugin=%t/tp.so --list-passes | FileCheck %s --check-prefix=LIST
// LIST: irscope passes (usable in any pipeline next to MLIR's):
// LIST: irs-op-stats
// LIST-NEXT: tp-tag {op=NAME name=ATTR} tag every op named NAME with a unit attribute ATTR
// LIST-NEXT: tp-fail always fail
// LIST-NEXT: tp-crash {op=NAME} crash if an op named NAME is present
// LIST-NEXT: plugin irscope-pass tp-plugin 1.0 ({{.*}}/tp.so)

// RUN: irscope-opt %s --load-pass-plugin=%t/tp.so --pass-pipeline='builtin.module(func.func(tp-tag{op=arith.addi name=seen}),cse)' --dump-after-each=%t/dumps --verify-each | FileCheck %s --check-prefix=OUT
// OUT: arith.addi %arg0, %arg0 {seen} : i32
// RUN: FileCheck %s --check-prefix=DUMP < %t/dumps/0001-func.func-tp-tag.mlir
// DUMP: arith.addi %arg0, %arg0 {seen} : i32
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/dumps/manifest.xml
// MANIFEST: <plugins>
// MANIFEST-NEXT: <plugin kind="irscope-pass" path="{{.*}}/tp.so" name="tp-plugin" version="1.0"/>
// MANIFEST: <step index="1" pass="tp-tag" anchor="func.func" status="ok" changed="true">
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/dumps/manifest.xml

// As a pass flag, with an unknown option refused like an irs-* pass's.
// RUN: irscope-opt %s --load-pass-plugin=%t/tp.so --tp-tag | FileCheck %s --check-prefix=FLAG
// FLAG: func.func @f(%arg0: i32) -> i32 attributes {tp.tagged}
// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/tp.so --tp-tag=colour=red; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: irscope-opt: error: in pass flags: unknown option 'colour' for pass 'tp-tag'
// BADOPT-NEXT: exit=2

// A failure reads like one of irscope's own passes.
// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/tp.so --tp-fail --failure-dir=%t/fail -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: c-plugin.mlir:0:0: error: tp-fail: refusing to run
// FAIL: irscope-opt: error: step 1 'builtin.module(tp-fail)' failed: pass 'tp-fail' signalled failure
// FAIL: exit=1

// A crash: report (with the plugin), reproducers that say how to replay
// (irscope-opt only: mlir-opt cannot load irscope C plugins), and the
// replay crashes the same way.
// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/tp.so --pass-pipeline="builtin.module(cse,tp-crash{op=arith.addi})" --failure-dir=%t/crash -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CRASH
// CRASH: irscope-opt: error: step 2 'builtin.module(tp-crash{op=arith.addi})' crashed with SIGSEGV
// CRASH: irscope-opt: note: report: {{.*}}/crash/report.xml
// CRASH-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// CRASH-NEXT: exit=5
// RUN: FileCheck %s --check-prefix=REPORT < %t/crash/report.xml
// REPORT: <plugin kind="irscope-pass" path="{{.*}}/tp.so" name="tp-plugin" version="1.0"/>
// REPORT: <failure kind="crash" step="2" pass="tp-crash"
// RUN: xmllint --noout --schema %schemas/report.xsd %t/crash/report.xml
// RUN: FileCheck %s --check-prefix=REPRO < %t/crash/reproducer.mlir
// REPRO: // The run loaded plugins; replay with
// REPRO-NOT: mlir-opt
// REPRO-NEXT: //   irscope-opt --load-pass-plugin={{.*}}/tp.so --run-reproducer FILE
// REPRO: pipeline: "builtin.module(tp-crash{op=arith.addi})"
// RUN: sh -c 'irscope-opt --load-pass-plugin=%t/tp.so --run-reproducer %t/crash/reproducer.mlir --failure-dir=%t/replay -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: irscope-opt: error: step 1 'builtin.module(tp-crash{op=arith.addi})' crashed with SIGSEGV
// REPLAY: irscope-opt: note: report: {{.*}}/report.xml
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// REPLAY-NEXT: exit=5

// --repeat runs the plugin pass in each forked child; --check-determinism
// and --timing see it as a step like any other.
// RUN: env TMPDIR=%t/tmp sh -c 'irscope-opt %s --load-pass-plugin=%t/tp.so --repeat=3 --tp-fail; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=REPEAT
// REPEAT: irscope-opt: repeat: 3 of 3 runs failed
// REPEAT: signature 1: pass-failure in step 1 (tp-fail), 3 runs, first in run 1: 'tp-fail: refusing to run'
// REPEAT: exit=1
// RUN: irscope-opt %s --load-pass-plugin=%t/tp.so --check-determinism --tp-tag | FileCheck %s --check-prefix=FLAG
// RUN: irscope-opt %s --load-pass-plugin=%t/tp.so --timing --tp-tag --cse -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: irscope step timing report
// TIMING: yes builtin.module(tp-tag)
// TIMING-NEXT: no builtin.module(cse)

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
