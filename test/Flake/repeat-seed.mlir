// --seed makes a repeated flaky run reproducible: run i draws with
// irsSeedForRun(S, i), so two --repeat=200 --seed=42 runs count the same
// failures, and the interval they report contains the true rate 5%
// (ci-low below 0.05, ci-high above it; checked with patterns, not exact
// numbers). The seed is recorded in repeat.xml and the seed of the first
// failing run in its signature and in that run's report.xml.

// RUN: rm -rf %t.a %t.b
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-flaky{op=func.func rate=0.05},cse)" --repeat=200 --seed=42 --failure-dir=%t.a; echo exit=$?' > %t.log 2>&1
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-flaky{op=func.func rate=0.05},cse)" --repeat=200 --seed=42 --failure-dir=%t.b; echo exit=$?' >> %t.log 2>&1
// RUN: FileCheck %s < %t.log
// CHECK: irscope-opt: repeat: [[N:[1-9][0-9]*]] of 200 runs failed
// CHECK: exit=1
// CHECK: irscope-opt: repeat: [[N]] of 200 runs failed
// CHECK: exit=1

// RUN: xmllint --noout --schema %schemas/repeat.xsd %t.a/repeat.xml
// RUN: FileCheck %s --check-prefix=XML < %t.a/repeat.xml
// XML: seed="42" seed-drawn="false"/>
// XML-NEXT: <failure-rate failures="{{[0-9]+}}" rate="0.{{[0-9]+}}" ci-low="0.0{{[0-4][0-9]*}}" ci-high="0.{{(0[5-9]|[1-9])[0-9]*}}" confidence="0.95" method="wilson"/>
// XML: <signature id="1" kind="pass-failure" step="2" pass="irs-test-flaky" count="{{[0-9]+}}" first-run="{{[0-9]+}}" run-seed="[[RS:[0-9]+]]" artifacts=
// RUN: FileCheck %s --check-prefix=REPORT < %t.a/failure-1/report.xml
// REPORT: <settings verify-each="true" threading="true" dump-only-changed="false" seed="{{[0-9]+}}"/>

// A single run with the first failing run's seed fails the same way.
// RUN: sed -n 's/.*run-seed="\([0-9]*\)".*/\1/p' %t.a/repeat.xml > %t.seed
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-flaky{op=func.func rate=0.05},cse)" --seed=$(cat %t.seed) --failure-dir=%t.c > /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: irs-test-flaky: injected flaky failure at 'func.func'
// ONE: exit=1

func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
