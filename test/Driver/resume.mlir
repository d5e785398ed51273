// --resume-from runs the steps after a dump on that dump, with its run's
// pipeline and settings: the output is byte-identical to the full run's,
// the new dumps are numbered after the dump and go to a new directory, an
// edited dump is noted and used, and --pass-pipeline replaces the rest.

// RUN: rm -rf %t && mkdir -p %t
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize),inline,func.func(cse,canonicalize),symbol-dce)' --mlir-disable-threading --dump-after-each=%t/full -o %t/full.mlir
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/full/manifest.xml
// RUN: FileCheck %s --check-prefix=HASH < %t/full/manifest.xml
// HASH: <input path="{{.*}}" dump="0000-input.mlir" dump-hash="{{([0-9a-f]{16})}}"/>
// HASH: <dump file="0002-builtin.module-inline.mlir" hash="{{([0-9a-f]{16})}}"/>

// Resumed after step 2 (inline): the same output, byte for byte.
// RUN: irscope-opt --resume-from=%t/full/0002-builtin.module-inline.mlir -o %t/resumed.mlir 2>&1 | FileCheck %s --check-prefix=RESUME -DDIR=%t --implicit-check-not=note:
// RESUME: irscope-opt: resuming after step 2 of 5 from '[[DIR]]/full/0002-builtin.module-inline.mlir'
// RUN: cmp %t/full.mlir %t/resumed.mlir
// RUN: ls %t/full-from-0002 | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: 0000-input.mlir
// FILES-NEXT: 0003-func.func-cse.mlir
// FILES-NEXT: 0004-func.func-canonicalize.mlir
// FILES-NEXT: 0005-builtin.module-symbol-dce.mlir
// FILES-NEXT: manifest.xml
// RUN: cmp %t/full/0005-builtin.module-symbol-dce.mlir %t/full-from-0002/0005-builtin.module-symbol-dce.mlir
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/full-from-0002/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/full-from-0002/manifest.xml
// MANIFEST: <command-line>{{.*}}--mlir-disable-threading{{.*}}--pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)'{{.*}}--resume-from=
// MANIFEST: <pipeline>builtin.module(func.func(cse,canonicalize),symbol-dce)</pipeline>
// MANIFEST: <settings verify-each="true" threading="false"

// The resumed run's own command line runs it again as it was.
// RUN: sed -n 's:.*<command-line>\(.*\)</command-line>.*:\1:p' %t/full-from-0002/manifest.xml | sed "s:&apos;:':g" > %t/cmd
// RUN: sh -c 'eval "$(cat %t/cmd) --dump-overwrite -o %t/again.mlir"' 2>&1 | FileCheck %s --check-prefix=RESUME -DDIR=%t
// RUN: cmp %t/full.mlir %t/again.mlir

// A dump named from inside its directory resumes beside that directory.
// RUN: cd %t/full && irscope-opt --resume-from=0002-builtin.module-inline.mlir --dump-overwrite -o %t/rel.mlir 2>/dev/null
// RUN: cmp %t/full.mlir %t/rel.mlir
// RUN: test ! -e %t/full/.-from-0002

// From the input dump: the whole pipeline again.
// RUN: irscope-opt --resume-from=%t/full/0000-input.mlir -o %t/from0.mlir 2>&1 | FileCheck %s --check-prefix=FROM0
// FROM0: resuming after step 0 of 5
// RUN: cmp %t/full.mlir %t/from0.mlir

// Edit and resume: the edit is noted, and it is what the rest runs on.
// RUN: cp -r %t/full %t/edited
// RUN: sed -i 's/arith.constant 7 : i32/arith.constant 9 : i32/' %t/edited/0002-builtin.module-inline.mlir
// RUN: irscope-opt --resume-from=%t/edited/0002-builtin.module-inline.mlir -o %t/edited.mlir 2>&1 | FileCheck %s --check-prefix=EDITED
// EDITED: irscope-opt: resuming after step 2 of 5
// EDITED-NEXT: irscope-opt: note: '{{.*}}0002-builtin.module-inline.mlir' was edited after its run (hash [[NOW:[0-9a-f]{16}]], the manifest's [[THEN:[0-9a-f]{16}]]); resuming from the edited IR
// RUN: FileCheck %s --check-prefix=EDITOUT < %t/edited.mlir
// EDITOUT: arith.constant 9 : i32
// EDITOUT-NOT: arith.constant 7

// --pass-pipeline replaces the rest of the pipeline.
// RUN: irscope-opt --resume-from=%t/full/0002-builtin.module-inline.mlir --pass-pipeline='builtin.module(symbol-dce)' --dump-after-each=%t/other -o /dev/null 2>/dev/null
// RUN: ls %t/other | FileCheck %s --check-prefix=OTHER --match-full-lines
// OTHER: 0000-input.mlir
// OTHER-NEXT: 0003-builtin.module-symbol-dce.mlir
// OTHER-NEXT: manifest.xml

// Never over the run it resumes; only numbered dumps of a run.
// RUN: not irscope-opt --resume-from=%t/full/0002-builtin.module-inline.mlir --dump-after-each=%t/full 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: irscope-opt: error: cannot resume from '{{.*}}' into '{{.*}}/full': a resumed run never writes over the run it resumes
// RUN: not irscope-opt --resume-from=%t/full/manifest.xml 2>&1 | FileCheck %s --check-prefix=NODUMP
// NODUMP: irscope-opt: error: cannot resume from '{{.*}}manifest.xml': its manifest lists no such dump
// RUN: not irscope-opt --resume-from=%t/full.mlir 2>&1 | FileCheck %s --check-prefix=NOMAN
// NOMAN: irscope-opt: error: cannot resume from '{{.*}}full.mlir': no readable manifest.xml beside it

// Through another tool: the recorded --tool runs the rest, same output.
// RUN: irscope-opt %s --tool=%mlir_opt --pass-pipeline='builtin.module(func.func(canonicalize),inline,func.func(cse,canonicalize),symbol-dce)' --dump-after-each=%t/tool -o %t/tool.mlir
// RUN: irscope-opt --resume-from=%t/tool/0003-func.func-cse.mlir -o %t/tool-resumed.mlir 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL: irscope-opt: resuming after step 3 of 5
// RUN: cmp %t/tool.mlir %t/tool-resumed.mlir
// RUN: FileCheck %s --check-prefix=TOOLCMD < %t/tool-from-0003/manifest.xml
// TOOLCMD: <run-tool>{{.*}}mlir-opt</run-tool>
// RUN: ls %t/tool-from-0003 | FileCheck %s --check-prefix=TOOLFILES --match-full-lines
// TOOLFILES: 0004-func.func-canonicalize.mlir
// TOOLFILES-NEXT: 0005-builtin.module-symbol-dce.mlir

func.func private @helper(%x: i32) -> i32 {
  %c7 = arith.constant 7 : i32
  %r = arith.addi %x, %c7 : i32
  return %r : i32
}

func.func @main(%a: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %p = call @helper(%b) : (i32) -> i32
  %q = call @helper(%b) : (i32) -> i32
  return %p, %q : i32, i32
}
