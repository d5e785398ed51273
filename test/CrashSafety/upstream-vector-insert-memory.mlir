// A real upstream bug (MLIR 22.1.8) that eats memory: folding a
// vector.insert into a constant vector at the constant dynamic position -1
// (the poison index) makes vector::InsertOp::fold build a DenseElementsAttr
// from a wild range, and -canonicalize grows without bound (an assertion in
// builds with assertions). --memory-limit stops the worker and the step is
// documented as memory-limit (exit 7) with the IR that went into it.
//
// In sanitizer builds AddressSanitizer's memcpy interceptor catches the wild
// read first and ends the worker with its own report and exit status 1, in
// the middle of the step: that must be documented as a crash of step 2
// (exit 5), not taken for a finished run. (There the limit is 1G: writing
// ASan's report takes more memory than the fault itself.)
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(cse,func.func(canonicalize),symbol-dce)" --memory-limit=%if irs-sanitize %{1G%} %else %{100M%} --failure-dir=%t -o /dev/null; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=%if irs-sanitize %{ASAN%} %else %{ERR%} -DDIR=%t --implicit-check-not="irscope-opt: error:" < %t.log
// ERR: irscope-opt: error: step 2 'builtin.module(func.func(canonicalize))' exceeded the memory limit of 104857600 bytes
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=7
// ASAN: ERROR: AddressSanitizer
// ASAN: irscope-opt: error: step 2 'builtin.module(func.func(canonicalize))' {{.*}}
// ASAN: irscope-opt: note: report: [[DIR]]/report.xml
// ASAN-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ASAN-NEXT: exit=5

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=%if irs-sanitize %{ASANREPORT%} %else %{REPORT%} < %t/report.xml
// REPORT: <failure kind="memory-limit" step="2" pass="canonicalize" anchor="func.func" elapsed-ms="{{[0-9.]+}}" memory-limit-bytes="104857600" peak-rss-kb="{{[0-9]+}}">
// REPORT: <step index="2" pass="canonicalize" anchor="func.func" status="memory-limit"
// ASANREPORT: <failure kind="crash" step="2" pass="canonicalize" anchor="func.func"
// ASANREPORT: AddressSanitizer
// ASANREPORT: <step index="2" pass="canonicalize" anchor="func.func" status="crash"

// cse merged the two -1 constants; the insert is intact.
// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: %cst = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
// PRE-NEXT: %c-1 = arith.constant -1 : index
// PRE-NEXT: %c7_i32 = arith.constant 7 : i32
// PRE-NEXT: %0 = vector.insert %c7_i32, %cst [%c-1] : i32 into vector<4xi32>
// RUN: FileCheck %s --check-prefix=REPRO < %t/reproducer.mlir
// REPRO: pipeline: "builtin.module(func.func(canonicalize))",

func.func @f() -> vector<4xi32> {
  %v = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %i = arith.constant -1 : index
  %j = arith.constant -1 : index
  %x = arith.constant 7 : i32
  %r = vector.insert %x, %v[%j] : i32 into vector<4xi32>
  return %r : vector<4xi32>
}
