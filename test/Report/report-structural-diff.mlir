// The explorer offers each changed step's diff in two views: the text diff
// and a structural one that compares lines without SSA value and block
// names, so the renumbering cse and canonicalize cause is no change. The
// structural view is shown first when it is shorter; each switch button
// gives the view's size.

// RUN: rm -rf %t && irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),symbol-dce)" --dump-after-each=%t -o /dev/null
// RUN: irscope-report %t
// RUN: FileCheck %s < %t/report.html

// Step 1, cse: erasing one addi renumbers every later value. The text diff
// rewrites four more lines; the structural one removes the addi alone (shown
// with its original names), so it is the default.
// CHECK: <p class="diff-views">Diff <button class="view" data-view="structural" data-step="1">structural (10 lines)</button> <button class="view" data-view="text" data-step="1">text (16 lines)</button></p>
// CHECK-NEXT: <div class="diff" id="diff-view-1" data-view="structural">
// CHECK: <template id="diff-1">
// CHECK: -    %2 = arith.muli %0, %1 : i32
// CHECK: +    %1 = arith.muli %0, %0 : i32
// CHECK: </template><template id="diff-structural-1">--- 0000-input.mlir
// CHECK-NEXT: +++ 0001-func.func-cse.mlir
// CHECK-NEXT: @@ -1,7 +1,6 @@ @f
// CHECK-NEXT:  module {
// CHECK-NEXT:   func.func @f(%arg0: i32) -&gt; i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: -    %1 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:     %2 = arith.subi %1, %0 : i32
// CHECK-NEXT:     return %2 : i32
// CHECK-NEXT: </template>

// Step 2, symbol-dce: no renaming, both views are the same size and the
// text diff is shown.
// CHECK: <button class="view" data-view="structural" data-step="2">structural ([[N:[0-9]+]] lines)</button> <button class="view" data-view="text" data-step="2">text ([[N]] lines)</button>
// CHECK-NEXT: <div class="diff" id="diff-view-2" data-view="text">
// CHECK: <template id="diff-structural-2">
// CHECK: -  func.func private @g

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  %3 = arith.subi %2, %0 : i32
  return %3 : i32
}
func.func private @g() {
  return
}
