// The crash note is made by the dying worker itself: its records hold the
// op's name and location as the context uniqued them, and its fatal-signal
// handler turns them into text before the supervisor reads them. A crash
// that wrecked that memory (here irs-test-crash{unmap-loc=1} makes the
// page of the anchor's location unreadable first) must not make the
// handler crash again: the fault is caught, the op is named as far as it
// could be read (its location is not), and the handler goes on to write
// the stack trace the report's crash site comes from.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli unmap-loc=1}))" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t
// ERR: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-crash{op=arith.muli unmap-loc=1}))' crashed with SIGSEGV
// ERR-NEXT: irscope-opt: note: crashed in {{.+}}
// ERR: irscope-opt: note: crashed while running pass 'irs-test-crash'{{( on 'func.func')?$}}
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR: exit=5

// The report has the handler's trace (its crash site) and the action.
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="crash" step="1" pass="irs-test-crash"{{.*}} crash-site="{{.+}}"
// REPORT: <action tag="pass-execution" name="irs-test-crash" index="2"{{( op="func.func")?}} in-flight="true"/>

// The same crash with the location readable names it.
// RUN: rm -rf %t.plain
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" --failure-dir=%t.plain -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAIN
// PLAIN: irscope-opt: note: crashed while running pass 'irs-test-crash' on 'func.func' at {{.*}}crash-unreadable-location.mlir:31:1

func.func @f(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
