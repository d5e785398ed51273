// A pattern whose C++ name is a template has spaces and parentheses of its
// own ("(anonymous namespace)::ConvertTypedOp<mlir::tosa::IfOp, (anonymous
// namespace)::TosaNarrowKind::Int64ToInt32>"); the tool's action log is
// read up to the " (" that opens the op, not the first one in the name
// (llvm/llvm-project#206952, reduced: tosa-narrow-i64-to-i32 fails to
// legalize @m1's func.call, then dies of SIGSEGV undoing the cond_if's
// conversion; a hand bisection with mlir-opt's
// --mlir-debug-counter=apply-pattern-count=K gives K=0 failing to
// legalize, K=1 crashing).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(tosa-narrow-i64-to-i32))" --failure-dir=%t/c -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CRASH -DDIR=%t/c
// CRASH: irscope-opt: error: step 1 'builtin.module(func.func(tosa-narrow-i64-to-i32))' crashed with SIGSEGV
// CRASH: irscope-opt: note: first rewrite that crashes the step: #1 of 3 in step 1 'builtin.module(func.func(tosa-narrow-i64-to-i32))': pattern '(anonymous namespace)::ConvertTypedOp<mlir::tosa::IfOp, (anonymous namespace)::TosaNarrowKind::Int64ToInt32>' on 'tosa.cond_if' at {{.*}}narrow-tool-template-pattern.mlir:[[@LINE+9]]:10
// CRASH: exit=5

// RUN: FileCheck %s --check-prefix=REPORT < %t/c/report.xml
// REPORT: <action tag="apply-pattern" name="(anonymous namespace)::ConvertTypedOp&lt;mlir::tosa::IfOp, (anonymous namespace)::TosaNarrowKind::Int64ToInt32&gt;" index="1" of="3" executions="{{[0-9]+}}" op="tosa.cond_if"
// REPORT-NEXT: <generic-op>%0 = &quot;tosa.cond_if&quot;(%arg0, %arg1, %arg2)

module {
  func.func @m1(%arg0: tensor<1xi1>, %arg1: tensor<4xi64>, %arg2: tensor<4xi64>) {
    %0 = tosa.cond_if %arg0 (%arg3 = %arg1, %arg4 = %arg2) : tensor<1xi1> (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64> {
    ^bb0(%arg3: tensor<4xi64>, %arg4: tensor<4xi64>):
      tosa.yield %arg1 : tensor<4xi64>
    } else {
    ^bb0(%arg3: tensor<4xi64>, %arg4: tensor<4xi64>):
      tosa.yield %arg1 : tensor<4xi64>
    }
    call @m0() : () -> ()
    return
  }
  func.func @m0() {
    return
  }
}
