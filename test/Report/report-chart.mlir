// The op chart has axes (the largest op count at the top of the y axis, 0
// at the bottom; "in" and the step numbers under the columns) and gives a
// dialect the same colour on every page: fixed colours for common dialects,
// a hue from the name for the rest, whatever the dialect's rank.

// RUN: rm -rf %t.a %t.b
// RUN: irscope-opt %s --pass-pipeline="builtin.module(convert-scf-to-cf,canonicalize)" --dump-after-each=%t.a -o /dev/null
// RUN: irscope-report %t.a
// RUN: FileCheck %s --check-prefix=AXES < %t.a/report.html
// AXES: <div class="opplot">
// AXES-NEXT: <div class="opchart-y">
// AXES-NEXT: <span>15 ops</span><span>0</span>
// AXES-NEXT: </div>
// AXES-NEXT: <div class="opchart" id="opchart">
// AXES-NEXT: <div class="col" style="height: 80.00%" data-ops="12" title="input: 12 ops, math 5,
// AXES: <div class="col" style="height: 100.00%" data-ops="15" title="step 1 convert-scf-to-cf: 15 ops
// AXES: <div class="opchart-x">
// AXES-NEXT: <span>in</span><span>1</span><span>2</span>
// AXES-NEXT: </div>

// The same dialects in another run where math is rare: each keeps its
// colour although the ranks differ (math is first in run a, after arith in b).
// RUN: irscope-opt %S/Inputs/chart-few-math.mlir --pass-pipeline="builtin.module(convert-scf-to-cf,canonicalize)" --dump-after-each=%t.b -o /dev/null
// RUN: irscope-report %t.b
// RUN: cat %t.a/report.html %t.b/report.html | grep -o '<p class="legend" id="dialect-legend">.*' | FileCheck %s --check-prefix=LEGEND
// LEGEND: <span><i style="background: [[MATH:hsl\([0-9]+, 45%, [0-9]+%\)]]"></i>math</span><span><i style="background: #4e79a7"></i>arith</span><span><i style="background: #edc948"></i>cf</span><span><i style="background: #59a14f"></i>scf</span>
// LEGEND-NEXT: <span><i style="background: #4e79a7"></i>arith</span>
// LEGEND-SAME: <span><i style="background: [[MATH]]"></i>math</span>

func.func @f(%a: f32, %n: index) -> f32 {
  %0 = math.sqrt %a : f32
  %1 = math.exp %0 : f32
  %2 = math.log %1 : f32
  %3 = math.sin %2 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %3) -> f32 {
    %y = math.cos %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}
