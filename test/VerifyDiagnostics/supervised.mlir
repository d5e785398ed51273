// --verify-diagnostics together with --dump-after-each (each chunk's
// manifest records its expected, matched, unmatched and unexpected counts)
// and with a worker that crashes: the crash is documented as without
// --verify-diagnostics (exit code 5), the chunks before it are verified.
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && sh -c 'irscope-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --dump-after-each=%t -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=RUN1
// RUN1: supervised.mlir:[[#@LINE+24]]:8: error: unexpected error: irs-test-fail: injected failure at 'arith.muli'
// RUN1: supervised.mlir:[[#@LINE+24]]:6: error: expected error "not produced" was not produced
// RUN1: exit=1
// RUN: FileCheck %s --check-prefix=M0 < %t/chunk-001/manifest.xml
// M0: <irscope-manifest version="1" status="pass-failure">
// M0: <diagnostics-verification expected="1" matched="1" unmatched="0" unexpected="0"/>
// RUN: FileCheck %s --check-prefix=M1 < %t/chunk-002/manifest.xml
// M1: <diagnostics-verification expected="1" matched="0" unmatched="1" unexpected="1"/>
// RUN: %if xmllint %{ xmllint --noout --schema %schemas/manifest.xsd %t/chunk-001/manifest.xml %t/chunk-002/manifest.xml %}

// RUN: sh -c 'irscope-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.subi},irs-test-fail{op=arith.muli}))" -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CRASH
// CRASH: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-crash{op=arith.subi}))' crashed with SIGSEGV
// CRASH-NOT: was not produced
// CRASH: exit=5

func.func @fails(%a: i32) -> i32 {
  // expected-error@+1 {{irs-test-fail: injected failure at 'arith.muli'}}
  %b = arith.muli %a, %a : i32
  return %b : i32
}

// -----

func.func @unexpected(%a: i32) -> i32 {
  %c = arith.muli %a, %a : i32
  // expected-error@+1 {{not produced}}
  %b = arith.subi %c, %a : i32
  return %b : i32
}
