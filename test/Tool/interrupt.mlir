// SIGINT to irscope-opt while the tool runs outside a step's pass: the
// input's dump, a step's dump printed from bytecode, and the rerun of a
// step that could not write its output into a pipe (ToolWriteCheck.c).
// Each is the run's interruption, as one while a step's pass runs
// (hang.mlir): one line saying so, exit 130, the manifest "interrupted",
// no report, no -o file, no scratch left. Not "cannot parse the input",
// not a tool that misbehaved.
//
// The fake tool sends the signal itself while it runs, so it always comes
// in the run under test; it then waits to be stopped and says so if it
// is not (--implicit-check-not="fake-tool:"). Exit codes are checked
// exactly with `echo exit=$?`.

// RUN: rm -rf %t && mkdir -p %t/tmp

// The input's dump, with the signal to irscope-opt alone (`kill -INT`
// from another shell): irscope-opt stops the tool.
// RUN: sh -c 'TMPDIR=%t/tmp FAKE_MODE=interrupt-print FAKE_AT=0000-input.mlir irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(canonicalize,cse,symbol-dce)" --dump-after-each=%t/in -o %t/in.mlir; echo exit=$?' > %t/in.log 2>&1
// RUN: FileCheck %s --check-prefix=INPUT --implicit-check-not="irscope-opt: error:" --implicit-check-not="fake-tool:" < %t/in.log
// INPUT: irscope-opt: error: interrupted while dumping the input
// INPUT-NEXT: exit=130
// RUN: not ls %t/in.mlir
// RUN: ls %t/tmp | count 0
// RUN: ls -A %t/in | FileCheck %s --check-prefix=INPUT-FILES --match-full-lines
// INPUT-FILES: manifest.xml
// INPUT-FILES-EMPTY:
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/in/manifest.xml
// RUN: FileCheck %s --check-prefix=INPUT-MANIFEST < %t/in/manifest.xml
// INPUT-MANIFEST: <irscope-manifest version="1" status="interrupted">
// INPUT-MANIFEST: <step index="1" pass="canonicalize" anchor="builtin.module" status="not-run">
// INPUT-MANIFEST-NOT: <failure

// The same with ^C, which reaches the tool too: it dies of SIGINT.
// RUN: sh -c 'TMPDIR=%t/tmp FAKE_MODE=interrupt-print FAKE_SELF=1 FAKE_AT=0000-input.mlir irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(canonicalize,cse,symbol-dce)" --dump-after-each=%t/ctrlc -o %t/ctrlc.mlir; echo exit=$?' > %t/ctrlc.log 2>&1
// RUN: FileCheck %s --check-prefix=INPUT --implicit-check-not="irscope-opt: error:" --implicit-check-not="fake-tool:" < %t/ctrlc.log
// RUN: not ls %t/ctrlc.mlir
// RUN: ls %t/tmp | count 0
// RUN: FileCheck %s --check-prefix=INPUT-MANIFEST < %t/ctrlc/manifest.xml

// Step 2's dump, which the tool prints from the bytecode step 2 wrote:
// the run stops in step 2.
// RUN: sh -c 'TMPDIR=%t/tmp FAKE_MODE=interrupt-print FAKE_SELF=1 FAKE_AT=0002-builtin.module-cse.mlir irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(canonicalize,cse,symbol-dce)" --dump-after-each=%t/dump -o %t/dump.mlir; echo exit=$?' > %t/dump.log 2>&1
// RUN: FileCheck %s --check-prefix=DUMP --implicit-check-not="irscope-opt: error:" --implicit-check-not="fake-tool:" < %t/dump.log
// DUMP: irscope-opt: error: interrupted in step 2 'builtin.module(cse)'
// DUMP-NEXT: exit=130
// RUN: not ls %t/dump.mlir
// RUN: ls %t/tmp | count 0
// RUN: ls -A %t/dump | FileCheck %s --check-prefix=DUMP-FILES --match-full-lines
// DUMP-FILES: 0000-input.mlir
// DUMP-FILES-NEXT: 0001-builtin.module-canonicalize.mlir
// DUMP-FILES-NEXT: manifest.xml
// DUMP-FILES-EMPTY:
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/dump/manifest.xml
// RUN: FileCheck %s --check-prefix=DUMP-MANIFEST < %t/dump/manifest.xml
// DUMP-MANIFEST: <irscope-manifest version="1" status="interrupted">
// DUMP-MANIFEST: <step index="1" pass="canonicalize" anchor="builtin.module" status="ok"
// DUMP-MANIFEST: <step index="2" pass="cse" anchor="builtin.module" status="interrupted" elapsed-ms="{{[0-9]+\.[0-9][0-9][0-9]}}">
// DUMP-MANIFEST: <step index="3" pass="symbol-dce" anchor="builtin.module" status="not-run">
// DUMP-MANIFEST-NOT: <failure

// Step 1 cannot write its output (exit 1); its rerun into a pipe, which
// would tell a write that failed from a step that did, is interrupted: no
// verdict on the step, no "cannot write" line.
// RUN: sh -c 'TMPDIR=%t/tmp FAKE_MODE=interrupt-rerun irscope-opt --tool=%S/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(canonicalize,cse,symbol-dce)" --dump-after-each=%t/rerun -o %t/rerun.mlir; echo exit=$?' > %t/rerun.log 2>&1
// RUN: FileCheck %s --check-prefix=RETRY --implicit-check-not="irscope-opt: error:" --implicit-check-not="fake-tool:" < %t/rerun.log
// RETRY: irscope-opt: error: interrupted in step 1 'builtin.module(canonicalize)'
// RETRY-NEXT: exit=130
// RUN: not ls %t/rerun.mlir
// RUN: ls %t/tmp | count 0
// RUN: ls -A %t/rerun | FileCheck %s --check-prefix=RETRY-FILES --match-full-lines
// RETRY-FILES: 0000-input.mlir
// RETRY-FILES-NEXT: manifest.xml
// RETRY-FILES-EMPTY:
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/rerun/manifest.xml
// RUN: FileCheck %s --check-prefix=RETRY-MANIFEST < %t/rerun/manifest.xml
// RETRY-MANIFEST: <irscope-manifest version="1" status="interrupted">
// RETRY-MANIFEST: <step index="1" pass="canonicalize" anchor="builtin.module" status="interrupted" elapsed-ms="{{[0-9]+\.[0-9][0-9][0-9]}}">
// RETRY-MANIFEST: <step index="2" pass="cse" anchor="builtin.module" status="not-run">
// RETRY-MANIFEST-NOT: <failure

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
func.func private @dead()
