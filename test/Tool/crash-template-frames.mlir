// A real crash of mlir-opt 22.1 under its test pass
// -test-legalize-unknown-root-patterns (llvm/llvm-project#207353; the
// input needs the test dialect): the frames are function templates, which
// the demangler writes with their return type, and one of them,
// op_definition_impl::verifyTraits<...>, lists every trait of spirv.func
// (some 3000 characters). The terminal, the page and opt-reduce's
// signature name them without the return type, the long list as <...>.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --tool=%mlir_opt %s -test-legalize-unknown-root-patterns --failure-dir=%t/d -o /dev/null; echo exit=$?' 2> %t/err | FileCheck %s --check-prefix=EXIT
// EXIT: exit=5
// RUN: FileCheck %s --check-prefix=ERR < %t/err
// ERR: irscope-opt: error: step 1 'builtin.module(test-legalize-unknown-root-patterns)' crashed with SIGSEGV
// ERR-NEXT: irscope-opt: note: crashed in libMLIR.so.{{[0-9.]+}}+0x{{[0-9a-f]+}} (under mlir::detail::walk<mlir::ForwardIterator>)
// ERR-NEXT: {{^  #1 mlir::detail::walk<mlir::ForwardIterator> \(mlir-opt\)$}}
// ERR-NEXT: {{^  #2 mlir::spirv::FuncOp::verifyBody \(libMLIR.so.[0-9.]+\)$}}
// ERR-NEXT: {{^  #3 mlir::function_interface_impl::verifyTrait<mlir::spirv::FuncOp> \(libMLIR.so.[0-9.]+\)$}}
// ERR-NEXT: {{^  #4 mlir::op_definition_impl::verifyTraits<...> \(libMLIR.so.[0-9.]+\)$}}
// ERR-NEXT: irscope-opt: note: crashed outside any action, after running pass 'test-legalize-unknown-root-patterns' on 'builtin.module' at {{.*}}crash-template-frames.mlir:{{[0-9]+}}:1 (#1): in the verifier or the pass manager
// ERR-NEXT: irscope-opt: note: report:
// ERR-NOT: LogicalResult
// ERR-NOT: WalkResult

// RUN: irscope-report %t/d -o %t/page.html
// RUN: FileCheck %s --check-prefix=PAGE < %t/page.html
// PAGE: <p id="crash-site">Crashed in a function without a symbol in libMLIR.so.{{[0-9.]+}} (under mlir::detail::walk&lt;mlir::ForwardIterator&gt;)</p>

// RUN: opt-reduce --tool=%mlir_opt %s -test-legalize-unknown-root-patterns -o %t/small.mlir 2> %t/red
// RUN: FileCheck %s --check-prefix=RED < %t/red
// RED: opt-reduce: done: wrote '{{.*}}small.mlir' ({{[0-9]+}} tests); signature: crash in libMLIR.so.{{[0-9.]+}}+0x{{[0-9a-f]+}} (under mlir::detail::walk<mlir::ForwardIterator>)
// Both name the site by the same offset in libMLIR (opt-reduce's tool
// prints only an address; the fork server's mappings make it an offset).
// RUN: cat %t/err %t/red | FileCheck %s --check-prefix=SAME
// SAME: irscope-opt: note: crashed in [[SITE:libMLIR.so.[0-9.]+\+0x[0-9a-f]{1,8}]] (under
// SAME: opt-reduce: done: {{.*}}; signature: crash in [[SITE]] (under mlir::detail::walk<mlir::ForwardIterator>)

module {
  spirv.func @test_muli() -> i32 "None" {
    %0 = "emitc.constant"() <{value = 1 : i32}> : () -> i32
    %1 = test.with_bounds {smax = 0 : si32, smin = 0 : si32, umax = 0 : ui32, umin = 0 : ui32} : i32
    %2 = arith.muli %1, %0 : i32
    %3 = test.reflect_bounds %2 : i32
    %4 = builtin.unrealized_conversion_cast %3 : i32 to i32
    spirv.ReturnValue %4 : i32
  }
}
