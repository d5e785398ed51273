// --repeat=N --shard=I/K under GNU parallel: four shards of one seeded
// hunt, merged by irscope-report --merge, give the repeat.xml of one
// --repeat=N run with that seed: the same failures and interval, the
// shards' summed counts, and each signature once (every shard saw it) with
// the earliest run's artefacts and the shard it came from.

// REQUIRES: gnu-parallel
// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'parallel --will-cite -j2 -q irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-flaky{op=func.func rate=0.2},cse)" --repeat=100 --seed=7 --shard={}/4 --failure-dir=%t/shard-{} ::: 1 2 3 4 > %t/parallel.log 2>&1; echo exit=$?' | FileCheck %s --check-prefix=PAR
// Every shard fails some runs (exit 1 each): parallel counts 4 failed jobs.
// PAR: exit=4
// RUN: FileCheck %s --check-prefix=SHARD < %t/shard-2/repeat.xml
// SHARD: <runs requested="25" done="25"
// SHARD: <shard index="2" count="4" total-runs="100" first-run="26"/>

// RUN: irscope-report --merge %t/merged %t/shard-1 %t/shard-2 %t/shard-3 %t/shard-4 2>&1 | FileCheck %s --check-prefix=MERGE -DDIR=%t
// MERGE: irscope-report: merged 4 shards: 100 runs, {{[1-9][0-9]*}} failures, 1 signatures: [[DIR]]/merged/repeat.xml
// RUN: xmllint --noout --schema %schemas/repeat.xsd %t/merged/repeat.xml %t/shard-1/repeat.xml
// RUN: ls %t/merged | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: failure-1
// FILES-NEXT: repeat.xml
// RUN: xmllint --noout --schema %schemas/report.xsd %t/merged/failure-1/report.xml

// The merged counts are the shards' sums.
// RUN: %python -c "import re,sys; print('sum failures=%%d runs=%%d' %% tuple(sum(int(re.search(a + '=\"([0-9]+)\"', open('%t/shard-%%d/repeat.xml' %% i).read()).group(1)) for i in range(1, 5)) for a in ('failures', 'done')))" > %t/sum.txt
// RUN: cat %t/sum.txt %t/merged/repeat.xml | FileCheck %s --check-prefix=SUM
// SUM: sum failures=[[F:[0-9]+]] runs=100
// SUM: <runs requested="100" done="100"
// SUM: <failure-rate failures="[[F]]"
// SUM: <signatures count="1">
// SUM-NEXT: <signature id="1" kind="pass-failure" step="2" pass="irs-test-flaky" count="[[F]]" first-run="{{[0-9]+}}" run-seed="{{[0-9]+}}" artifacts="{{.*}}/merged/failure-1" shard="1">

// One --repeat=100 run with the same seed: the same repeat.xml numbers.
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-flaky{op=func.func rate=0.2},cse)" --repeat=100 --seed=7 --failure-dir=%t/whole 2>/dev/null
// RUN: cat %t/whole/repeat.xml %t/merged/repeat.xml | FileCheck %s --check-prefix=SAME
// SAME: <failure-rate failures="[[F:[0-9]+]]" rate="[[R:[0-9.]+]]" ci-low="[[L:[0-9.]+]]" ci-high="[[H:[0-9.]+]]"
// SAME: <signature id="1" kind="pass-failure" step="2" pass="irs-test-flaky" count="[[F]]" first-run="[[FR:[0-9]+]]" run-seed="[[RS:[0-9]+]]"
// SAME: <failure-rate failures="[[F]]" rate="[[R]]" ci-low="[[L]]" ci-high="[[H]]"
// SAME: <signature id="1" kind="pass-failure" step="2" pass="irs-test-flaky" count="[[F]]" first-run="[[FR]]" run-seed="[[RS]]"

// Shards of another run are refused.
// RUN: mkdir -p %t/other && sed 's/rate=0.2/rate=0.3/' %t/shard-4/repeat.xml > %t/other/repeat.xml
// RUN: not irscope-report --merge %t/merged2 %t/shard-1 %t/other 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: irscope-report: error: '{{.*}}/other/repeat.xml' is not a shard of the same run as the first: its pipeline or input differs
// RUN: not irscope-opt %s --canonicalize --shard=1/2 2>&1 | FileCheck %s --check-prefix=NEEDS
// NEEDS: irscope-opt: error: {{.*}}'--shard'{{.*}}'--repeat'
// RUN: not irscope-opt %s --canonicalize --repeat=4 --shard=3/2 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: irscope-opt: error: option '--shard' expects I/K with 1 <= I <= K, not '3/2'

func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
