// A real upstream hang (MLIR 22.1.8, see
// test/CrashSafety/upstream-canonicalize-hang.mlir) inside mlir-opt run as
// the tool, in a module that also needs the test dialect: the step timeout
// (15 s: it includes starting the tool, slow on a loaded machine) stops the
// tool process after asking it for its stack dump (SIGQUIT, which LLVM's
// handlers answer): the terminal says where it hung, as for irscope's own
// worker, with the dump held back, and the report is of kind timeout with
// its hang-site and the IR that
// went into the step, and a reproducer mlir-opt replays (into the same
// hang, which `timeout` cuts here). What the step kept doing is named as
// for irscope's own worker (test/Actions/hang-stall.mlir): the
// step is run once more, single-threaded, with mlir-opt's action log
// (--log-actions-to=-) on its stderr until it times out again, and the
// log's last actions read back: the log stopped growing (the greedy driver
// folds the self-referencing arith.addi forever), so the note names the
// last action the tool began, AddIAddConstant on that arith.addi. Then SIGINT while the tool hangs (once
// the manifest has step 1's dump, step 2's process has exec'd mlir-opt: it
// announced its step before the exec): exit 130, no report, the manifest
// says "interrupted".
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// The frames below the site are as many as the tool's dump has, at most
// four: a sample that lands in a PLT stub of libMLIR (no unwind
// information there) has the site alone, so the ERR lines are checked with
// the frame lines taken out, and FRAMES checks what follows the site.
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(cse,func.func(canonicalize),symbol-dce)" --step-timeout=15 --dump-after-each=%t/d -o %t/out.mlir; echo exit=$?' > %t/hang.log 2>&1
// RUN: sed '/^  #[1-4] /d' %t/hang.log | FileCheck %s --check-prefix=ERR -DDIR=%t/d --implicit-check-not="irscope-opt: error:"
// RUN: FileCheck %s --check-prefix=FRAMES < %t/hang.log
// ERR-NOT: Stack dump
// ERR-NOT: PLEASE submit
// ERR: irscope-opt: error: step 2 'builtin.module(func.func(canonicalize))' timed out after 15 s
// ERR-NEXT: irscope-opt: note: hung in {{.+}}
// ERR-NEXT: irscope-opt: note: timed out while running pass 'canonicalize' on 'func.func' at {{.*}}hang.mlir:{{[0-9]+}}:1: no action began in its last {{[0-9.]+}} s; the last was applying pattern '(anonymous namespace)::AddIAddConstant' to 'arith.addi' at {{.*}}hang.mlir:{{[0-9]+}}:11 (#{{[1-9][0-9]*}})
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay:
// ERR-NEXT: irscope-opt: note: or:
// ERR-NEXT: exit=6
// FRAMES: irscope-opt: note: hung in {{.+}}
// FRAMES-NEXT: {{^(  #1 .+|irscope-opt: note: timed out while .+)$}}

// RUN: xmllint --noout --schema %schemas/report.xsd %t/d/report.xml
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/d/manifest.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <failure kind="timeout" step="2" pass="canonicalize" anchor="func.func" elapsed-ms="{{[0-9.]+}}" timeout-s="15"
// REPORT-SAME: hang-site="{{[^"]+}}">
// REPORT-NEXT: <message>step 2 'builtin.module(func.func(canonicalize))' timed out after 15 s</message>
// REPORT: <stall ms="{{[0-9]+}}">
// REPORT-NEXT: <action tag="apply-pattern" name="(anonymous namespace)::AddIAddConstant" index="{{[1-9][0-9]*}}" op="arith.addi" loc="{{.*}}hang.mlir:{{[0-9]+}}:11"/>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <last-good-dump file="0001-builtin.module-cse.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(func.func(canonicalize))"/>
// REPORT: <step index="2" pass="canonicalize" anchor="func.func" status="timeout">
// RUN: diff %t/d/0001-builtin.module-cse.mlir %t/d/failure-input.mlir
// RUN: sh -c 'timeout 2 %mlir_opt --run-reproducer %t/d/reproducer.mlir -o /dev/null; echo exit=$?' | FileCheck %s --check-prefix=STILL
// STILL: exit=124

// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(cse,func.func(canonicalize))" --dump-after-each=%t/i -o %t/out.mlir & pid=$!; \
// RUN:   i=0; until grep -q 0001-builtin.module-cse.mlir %t/i/manifest.xml 2>/dev/null || [ $i -ge 1200 ]; do sleep 0.05; i=$((i+1)); done; \
// RUN:   i=0; until pgrep -P $pid -x mlir-opt >/dev/null || [ $i -ge 1200 ]; do sleep 0.05; i=$((i+1)); done; \
// RUN:   kill -INT $pid; wait $pid; echo exit=$?' > %t/log 2>&1
// RUN: FileCheck %s --check-prefix=INT --implicit-check-not="irscope-opt: error:" < %t/log
// INT: irscope-opt: error: interrupted in step 2 'builtin.module(func.func(canonicalize))'
// INT-NEXT: exit=130
// RUN: test ! -e %t/i/report.xml
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/i/manifest.xml
// RUN: FileCheck %s --check-prefix=IMANIFEST < %t/i/manifest.xml
// IMANIFEST: <irscope-manifest version="1" status="interrupted">
// IMANIFEST: <step index="2" pass="canonicalize" anchor="func.func" status="interrupted" elapsed-ms="{{[0-9]+\.[0-9][0-9][0-9]}}">

func.func @f(%c: i1) {
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i32
  %true = arith.constant true
  %t = test.format_all_types_match_var %c1, %one : i32
  cf.cond_br %true, ^exit, ^header(%c1 : i32)
^header(%iv: i32):
  cf.cond_br %c, ^exit, ^latch
^latch:
  %next = arith.addi %iv, %one : i32
  cf.br ^header(%next : i32)
^exit:
  return
}
