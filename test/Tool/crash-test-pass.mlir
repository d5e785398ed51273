// A crash of mlir-opt in a test-* pass, on a module that needs the test
// dialect: documented like a crash of irscope's own worker (exit 5,
// report.xml of kind crash with the tool's stack dump), with the exact IR
// that went into the step and a reproducer that mlir-opt itself replays.
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),test-pass-crash,canonicalize)" --dump-after-each=%t/d -o %t/out.mlir; echo exit=$?' 2> %t/err | FileCheck %s --check-prefix=EXIT
// EXIT: exit=5
// RUN: FileCheck %s --check-prefix=ERR -DDIR=%t/d -DTOOL=%mlir_opt < %t/err
// The terminal shows what an in-process crash shows: the error line, the
// crash site (mlir-opt's test pass is a hidden function of a stripped
// binary: its module offset, under its nearest named caller) and four
// frames, parsed from mlir-opt's own symbolised stack dump, which is held
// back (it stays whole in report.xml); what the tool was doing, from its
// action log (--log-actions-to=-, which LLVM flushes before its stack
// dump): running the pass on the module, outside any pattern (nothing to
// narrow); then the report and the replays.
// ERR-NOT: Stack dump
// ERR-NOT: PLEASE submit
// ERR: irscope-opt: error: step 2 'builtin.module(test-pass-crash)' crashed with SIGABRT
// ERR-NEXT: irscope-opt: note: crashed in mlir-opt+0x{{[0-9a-f]+}} (under mlir::detail::OpToOpPassAdaptor::run)
// ERR-NEXT: {{^  #1 mlir::detail::OpToOpPassAdaptor::run \(libMLIR.so.[0-9.]+\)$}}
// ERR-NEXT: {{^  #2 .+$}}
// ERR-NEXT: {{^  #3 .+$}}
// ERR-NEXT: {{^  #4 .+$}}
// ERR-NEXT: irscope-opt: note: crashed while running pass 'test-pass-crash' on 'builtin.module' in {{.*}}crash-test-pass.mlir
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: [[TOOL]] '--pass-pipeline=builtin.module(test-pass-crash)' [[DIR]]/failure-input.mlir -o -
// ERR-NEXT: irscope-opt: note: or: [[TOOL]] --run-reproducer [[DIR]]/reproducer.mlir
// RUN: test ! -e %t/out.mlir

// RUN: xmllint --noout --schema %schemas/report.xsd %t/d/report.xml
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/d/manifest.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <failure kind="crash" step="2" pass="test-pass-crash" anchor="builtin.module" elapsed-ms="{{[0-9.]+}}" signal="6" signal-name="SIGABRT"
// REPORT-SAME: crash-site="mlir-opt+0x{{[0-9a-f]+}}">
// REPORT-NEXT: <message>step 2 'builtin.module(test-pass-crash)' crashed with SIGABRT</message>
// REPORT-NEXT: <stderr>PLEASE submit a bug report
// REPORT: Stack dump:
// REPORT: <symbolised-trace>#0 mlir-opt+0x{{[0-9a-f]+}}
// REPORT-NEXT: #1 mlir::detail::OpToOpPassAdaptor::run (libMLIR.so.{{[0-9.]+}})
// REPORT: <action tag="pass-execution" name="test-pass-crash" index="1" op="builtin.module" loc="{{.*}}crash-test-pass.mlir" in-flight="true"/>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <last-good-dump file="0001-func.func-cse.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(test-pass-crash)"/>
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="crash">
// MANIFEST: <step index="2" pass="test-pass-crash" anchor="builtin.module" status="crash">
// MANIFEST: <step index="3" pass="canonicalize" anchor="builtin.module" status="not-run">
// MANIFEST: <failure report="report.xml"/>

// The pre-step IR is exactly the previous step's dump (custom syntax of the
// test dialect included), and both replays crash mlir-opt the same way.
// RUN: diff %t/d/0001-func.func-cse.mlir %t/d/failure-input.mlir
// RUN: FileCheck %s --check-prefix=PRE < %t/d/failure-input.mlir
// PRE: test.format_all_types_match_var %arg0, %arg0 : i64
// RUN: not --crash %mlir_opt --pass-pipeline="builtin.module(test-pass-crash)" %t/d/failure-input.mlir 2>&1 | FileCheck %s --check-prefix=REPLAY
// RUN: not --crash %mlir_opt --run-reproducer %t/d/reproducer.mlir 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: Stack dump:
// RUN: FileCheck %s --check-prefix=REPRO < %t/d/reproducer.mlir
// REPRO: "test.format_all_types_match_var"(%arg0, %arg0) : (i64, i64) -> i64 loc(
// REPRO: mlir_reproducer: {
// REPRO-NEXT: pipeline: "builtin.module(test-pass-crash)",
// REPRO-NEXT: disable_threading: false,
// REPRO-NEXT: verify_each: true

// irscope-report shows the run like one of irscope's own.
// RUN: irscope-report %t/d -o %t/page.html
// RUN: FileCheck %s --check-prefix=PAGE -DTOOL=%mlir_opt -DDIR=%t/d < %t/page.html
// PAGE: <body data-failed-step="2">
// PAGE: <span id="run-status">crash</span>
// PAGE: <p class="failure-message">step 2 'builtin.module(test-pass-crash)' crashed with SIGABRT</p>
// PAGE: <p id="crash-site">Crashed in a function without a symbol in mlir-opt (under mlir::detail::OpToOpPassAdaptor::run)</p>
// The tool's stderr on the page: its dump's header, then the frames from
// the crash site down to mlir::PassManager::run, without offsets.
// PAGE: <pre id="stack-trace">PLEASE submit a bug report
// PAGE-NEXT: Stack dump:
// PAGE-NEXT: 0.{{.*}}Program arguments:
// PAGE-NEXT: #0 a function without a symbol in mlir-opt
// PAGE-NEXT: #1 mlir::detail::OpToOpPassAdaptor::run (libMLIR.so.{{[0-9.]+}})
// Both replays run the tool (irscope-opt and mlir-opt would not know the
// test dialect of a downstream tool), with absolute paths, and replay.
// PAGE: <pre id="reproducer-command">[[TOOL]] --run-reproducer [[DIR]]/reproducer.mlir</pre>
// PAGE-NEXT: <pre id="tool-replay-command">[[TOOL]] --pass-pipeline='builtin.module(test-pass-crash)' [[DIR]]/failure-input.mlir -o -</pre>
// PAGE: data-step="2" {{.*}}data-status="crashed"

// The run header records the tool (<run-tool>) and report.xml the replay
// command lines the terminal printed (docs/report.md). The page reads the
// tool from <run-tool>: with --tool taken out of the recorded command line
// its replays still run the tool.
// RUN: FileCheck %s --check-prefix=RECORD -DDIR=%t/d -DTOOL=%mlir_opt < %t/d/report.xml
// RECORD: <command-line>
// RECORD-NEXT: <run-tool>[[TOOL]]</run-tool>
// RECORD: <reproducer file="reproducer.mlir" pipeline="builtin.module(test-pass-crash)"/>
// RECORD-NEXT: <replay-command>[[TOOL]] '--pass-pipeline=builtin.module(test-pass-crash)' [[DIR]]/failure-input.mlir -o -</replay-command>
// RECORD-NEXT: <reproducer-command>[[TOOL]] --run-reproducer [[DIR]]/reproducer.mlir</reproducer-command>
// RECORD-NEXT: </artifacts>
// RUN: FileCheck %s --check-prefix=MRECORD -DTOOL=%mlir_opt < %t/d/manifest.xml
// MRECORD: <command-line>
// MRECORD-NEXT: <run-tool>[[TOOL]]</run-tool>
// RUN: rm -rf %t/r && cp -r %t/d %t/r
// RUN: sed -i 's| --tool=[^ ]*||' %t/r/manifest.xml %t/r/report.xml
// RUN: not grep -q -- '--tool=' %t/r/manifest.xml
// RUN: irscope-report %t/r -o %t/r.html 2>/dev/null
// RUN: FileCheck %s --check-prefix=READBACK -DDIR=%t/r -DTOOL=%mlir_opt < %t/r.html
// READBACK: <pre id="reproducer-command">[[TOOL]] --run-reproducer [[DIR]]/reproducer.mlir</pre>

// Whole-pipeline mode (no dumps): one run of the tool; the crash is then
// located by replaying the steps, and documented the same way.
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),test-pass-crash,canonicalize)" --failure-dir=%t/w -o %t/out.mlir; echo exit=$?' 2> %t/err2 | FileCheck %s --check-prefix=EXIT
// RUN: FileCheck %s --check-prefix=WHOLE -DDIR=%t/w < %t/err2
// WHOLE-NOT: Stack dump
// WHOLE: irscope-opt: error: step 2 'builtin.module(test-pass-crash)' crashed with SIGABRT
// WHOLE-NEXT: irscope-opt: note: crashed in mlir-opt+0x{{[0-9a-f]+}} (under mlir::detail::OpToOpPassAdaptor::run)
// WHOLE: irscope-opt: note: report: [[DIR]]/report.xml
// WHOLE-NOT: Stack dump
// RUN: FileCheck %s --check-prefix=PRE < %t/w/failure-input.mlir

// What the tool printed besides its stack dump is shown, before the error
// line: a diagnostic, and the start of a line its dump continued.
// RUN: sh -c 'FAKE_MODE=last-words irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(test-pass-crash)" -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=WORDS
// WORDS: fake.mlir:1:1: warning: last words before the crash
// WORDS-NEXT: partial: [{{$}}
// WORDS-NEXT: irscope-opt: error: step 1 'builtin.module(test-pass-crash)' crashed with SIGABRT
// WORDS-NEXT: irscope-opt: note: crashed in mlir-opt+0x{{[0-9a-f]+}} (under mlir::detail::OpToOpPassAdaptor::run)
// WORDS-NOT: Stack dump
// WORDS-NOT: PLEASE
// WORDS: exit=5

// The tool's arguments are part of the page's replays, quoted for a shell.
// RUN: cd %t && irscope-opt --tool=%mlir_opt %s --tool-arg=--mlir-print-op-generic --pass-pipeline="builtin.module(test-pass-crash)" --failure-dir=a -o /dev/null 2> /dev/null; irscope-report %t/a -o %t/a.html
// RUN: FileCheck %s --check-prefix=ARGS -DTOOL=%mlir_opt -DDIR=%t/a < %t/a.html
// ARGS: <pre id="reproducer-command">[[TOOL]] --mlir-print-op-generic --run-reproducer [[DIR]]/reproducer.mlir</pre>

func.func @f(%a: i64) -> i64 {
  %0 = test.format_all_types_match_var %a, %a : i64
  %1 = test.format_all_types_match_var %a, %a : i64
  %2 = arith.addi %0, %1 : i64
  return %2 : i64
}
