// A real upstream crash (MLIR 22.1.8): folding a vector.extract of a
// sub-vector from a constant multi-dimensional vector at the constant
// dynamic position -1 (the poison index) reads through a wild iterator in
// vector::ExtractOp::fold and dies of SIGSEGV. Every pass that folds it
// crashes (canonicalize, sccp, inline, convert-vector-to-llvm, ...); here it
// is sccp, after cse. irscope-opt documents the step, writes the IR that
// went into it, and mlir-opt replays the crash from the reproducer.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: not --crash %mlir_opt -sccp %s -o /dev/null

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),sccp,symbol-dce)" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 2 'builtin.module(sccp)' crashed with SIGSEGV
// ERR-NEXT: irscope-opt: note: crashed in mlir::DenseElementsAttr::AttributeElementIterator::operator* (libMLIR.so.{{[0-9.]+}}){{$}}
// ERR-NEXT: {{^}}  #1 {{.+}}
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="crash" step="2" pass="sccp" anchor="builtin.module" {{.*}}signal="11" signal-name="SIGSEGV"
// REPORT-SAME: crash-site="mlir::DenseElementsAttr::AttributeElementIterator::operator*"
// REPORT-NEXT: <message>step 2 'builtin.module(sccp)' crashed with SIGSEGV</message>
// REPORT-NEXT: <stderr>irscope-opt: fatal signal SIGSEGV
// REPORT: libMLIR
// REPORT: </stderr>
// REPORT-NEXT: <stack-trace>#0 {{.*}}
// REPORT: mlir::DenseElementsAttr::AttributeElementIterator::operator*() const+0x{{[0-9a-f]+}} (libMLIR.so.{{.*}})
// REPORT-NEXT: #{{[0-9]+}} mlir::vector::ExtractOp::fold(mlir::vector::ExtractOpGenericAdaptor&lt;llvm::ArrayRef&lt;mlir::Attribute&gt; &gt;)+0x{{[0-9a-f]+}} (libMLIR.so.{{.*}})
// REPORT: #{{[0-9]+}} mlir::PassManager::run(mlir::Operation*)
// REPORT: </stack-trace>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(sccp)"/>
// REPORT-NEXT: <full-reproducer file="reproducer-full.mlir" pipeline="builtin.module(func.func(cse),sccp,symbol-dce)"/>
// REPORT: <step index="2" pass="sccp" anchor="builtin.module" status="crash"

// cse merged the two -1 constants; the extract is intact.
// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: %cst = arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : vector<2x2xi32>
// PRE-NEXT: %c-1 = arith.constant -1 : index
// PRE-NEXT: %0 = vector.extract %cst[%c-1] : vector<2xi32> from vector<2x2xi32>
// PRE-NEXT: return %0 : vector<2xi32>

// RUN: not --crash %mlir_opt --run-reproducer %t/reproducer.mlir -o /dev/null

func.func @f() -> vector<2xi32> {
  %c = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %i = arith.constant -1 : index
  %j = arith.constant -1 : index
  %r = vector.extract %c[%j] : vector<2xi32> from vector<2x2xi32>
  return %r : vector<2xi32>
}
