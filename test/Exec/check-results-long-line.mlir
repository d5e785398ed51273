// --check-results on a line longer than a message can quote: the message
// cuts each line around the place where the results part and marks every
// cut with "...", so what it shows differs where the results differ (a
// plain cut at 80 bytes showed the same 80 bytes twice, or made a missing
// ')' look like the difference). report.xml and the page keep both lines
// whole.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-miscompile{func=add})" --check-results --failure-dir=%t/d -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: irscope-opt: error: step 1 'builtin.module(irs-test-miscompile{func=add})' changed the results of '@main': line 1 was '...1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 42 )', is now '...1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 38 )'; report:
// ERR: exit=9

// A difference near the start: the cut is at the end, and marked.
// RUN: sed 's/\[23\]/[0]/' %s > %t/first.mlir
// RUN: sh -c 'irscope-opt %t/first.mlir --pass-pipeline="builtin.module(irs-test-miscompile{func=add})" --check-results --failure-dir=%t/f -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=FIRST
// FIRST: line 1 was '( 42, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011,...', is now '( 38, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011,...'

// report.xml and the page quote the message and keep both results whole.
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <message>{{.*}} line 1 was '...1012, {{.*}}, 1022, 42 )', is now '...1012, {{.*}}, 1022, 38 )'</message>
// REPORT: <expected outcome="ok">( 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 42 )
// REPORT: <actual outcome="ok">( 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 38 )
// RUN: irscope-report %t/d -o %t/page.html
// RUN: FileCheck %s --check-prefix=PAGE < %t/page.html
// PAGE: <p class="failure-message">{{.*}} line 1 was '...1012, {{.*}}, 1022, 42 )', is now '...1012, {{.*}}, 1022, 38 )'</p>
// PAGE: <td><pre>( 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 42 )

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %v = arith.constant dense<[1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023]> : vector<24xi32>
  %r = call @add(%c40, %c2) : (i32, i32) -> i32
  %w = vector.insert %r, %v [23] : i32 into vector<24xi32>
  vector.print %w : vector<24xi32>
  return
}
