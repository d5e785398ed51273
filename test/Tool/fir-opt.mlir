// REQUIRES: fir-opt
// Flang's fir-opt as the tool: a Fortran subroutine lowered by bbc to
// HLFIR runs step by step through fir-opt's own HLFIR-to-FIR pipeline.
// Every dump is fir-opt's text (FIR and HLFIR, dialects irscope cannot
// parse), the last step's output is byte for byte fir-opt's own output of
// the whole pipeline, and whole-pipeline mode gives the same bytes.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %bbc -emit-hlfir %S/Inputs/saxpy.f90 -o %t/saxpy.mlir
// RUN: irscope-opt --tool=%fir_opt %t/saxpy.mlir --pass-pipeline="builtin.module(func.func(simplify-hlfir-intrinsics),lower-hlfir-intrinsics,bufferize-hlfir,convert-hlfir-to-fir,func.func(cfg-conversion),canonicalize,cse)" --dump-after-each=%t/d -o %t/steps.mlir
// RUN: %fir_opt %t/saxpy.mlir --pass-pipeline="builtin.module(func.func(simplify-hlfir-intrinsics),lower-hlfir-intrinsics,bufferize-hlfir,convert-hlfir-to-fir,func.func(cfg-conversion),canonicalize,cse)" -o %t/plain.mlir
// RUN: diff %t/plain.mlir %t/steps.mlir
// RUN: irscope-opt --tool=%fir_opt %t/saxpy.mlir --pass-pipeline="builtin.module(func.func(simplify-hlfir-intrinsics),lower-hlfir-intrinsics,bufferize-hlfir,convert-hlfir-to-fir,func.func(cfg-conversion),canonicalize,cse)" -o %t/whole.mlir
// RUN: diff %t/plain.mlir %t/whole.mlir

// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/d/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="ok">
// MANIFEST: <step index="1" pass="simplify-hlfir-intrinsics" anchor="func.func" status="ok" changed="true">
// MANIFEST: <step index="4" pass="convert-hlfir-to-fir" anchor="builtin.module" status="ok" changed="true">
// MANIFEST-NEXT: <pipeline>builtin.module(convert-hlfir-to-fir)</pipeline>
// MANIFEST-NEXT: <dump file="0004-builtin.module-convert-hlfir-to-fir.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <step index="7" pass="cse" anchor="builtin.module" status="ok"

// HLFIR before the lowering, FIR after it, CFG after cfg-conversion.
// RUN: FileCheck %s --check-prefix=HLFIR < %t/d/0003-builtin.module-bufferize-hlfir.mlir
// HLFIR: hlfir.declare
// RUN: FileCheck %s --check-prefix=FIR < %t/d/0004-builtin.module-convert-hlfir-to-fir.mlir
// FIR-NOT: hlfir.
// FIR: fir.declare
// FIR: fir.do_loop
// RUN: FileCheck %s --check-prefix=CFG < %t/d/0005-func.func-cfg-conversion.mlir
// CFG-NOT: fir.do_loop
// CFG: cf.cond_br

// fir-opt's own failure (fir-to-llvm-ir cannot legalize fir.dummy_scope
// without the passes that remove it) is documented as a pass failure with
// fir-opt's diagnostic, and fir-opt replays it from the reproducer.
// RUN: sh -c 'irscope-opt --tool=%fir_opt %t/saxpy.mlir --pass-pipeline="builtin.module(convert-hlfir-to-fir,fir-to-llvm-ir)" --failure-dir=%t/f -o %t/x.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=FAIL -DDIR=%t/f
// FAIL: error: failed to legalize operation 'fir.dummy_scope'
// FAIL: irscope-opt: error: step 2 'builtin.module(fir-to-llvm-ir)' failed: pass 'fir-to-llvm-ir' signalled failure; report: [[DIR]]/report.xml
// FAIL: exit=1
// RUN: xmllint --noout --schema %schemas/report.xsd %t/f/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/f/report.xml
// REPORT: <diagnostic severity="error" location="{{.*}}saxpy.mlir:{{[0-9]+}}:{{[0-9]+}}">
// REPORT-NEXT: <message>failed to legalize operation 'fir.dummy_scope'</message>
// RUN: not %fir_opt --run-reproducer %t/f/reproducer.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: error: failed to legalize operation 'fir.dummy_scope'
