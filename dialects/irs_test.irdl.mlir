// SPDX-License-Identifier: Apache-2.0
//===- irs_test.irdl.mlir - a small IRDL dialect for irscope's tests -------===//
//
// Loaded at run time with `irscope-opt --irdl-file=dialects/irs_test.irdl.mlir`
// (or mlir-opt's option of the same name); nothing is compiled. It gives
// tests ops whose verifiers irscope does not own: IRDL checks the operand,
// result and attribute constraints below when a module is parsed and
// whenever the verifier runs.
//
// IRDL ops have no custom syntax and no traits: they print in generic form
// ("irs_test.add"(%a, %b) : (i32, i32) -> i32), and because they declare no
// memory effects, canonicalize and cse neither fold, erase nor merge them.
//
// Each SSA value below is a constraint *variable*: every use of it must be
// satisfied by the same type or attribute. That is what ties the operand of
// irs_test.wrap to the parameter of its result type, and what makes all
// operands of irs_test.sink share one type.
//
//===----------------------------------------------------------------------===//

irdl.dialect @irs_test {
  // !irs_test.box<T>: a value of type T, boxed. T is any type.
  irdl.type @box {
    %elem = irdl.any
    irdl.parameters(elem: %elem)
  }

  // %r = "irs_test.const"() {value = 7 : i32} : () -> i32
  // `value` is any builtin integer attribute; the result is always i32.
  irdl.operation @const {
    %i32 = irdl.is i32
    %int = irdl.base "#builtin.integer"
    irdl.attributes {"value" = %int}
    irdl.results(res: %i32)
  }

  // %r = "irs_test.add"(%a, %b) : (i32, i32) -> i32
  irdl.operation @add {
    %i32 = irdl.is i32
    irdl.operands(lhs: %i32, rhs: %i32)
    irdl.results(res: %i32)
  }

  // %b = "irs_test.wrap"(%v) : (T) -> !irs_test.box<T>
  irdl.operation @wrap {
    %t = irdl.any
    %box = irdl.parametric @irs_test::@box<%t>
    irdl.operands(value: %t)
    irdl.results(boxed: %box)
  }

  // "irs_test.sink"(%a, %b, ...) : (T, T, ...) -> ()
  // Keeps values alive; zero or more operands, all of one type.
  irdl.operation @sink {
    %t = irdl.any
    irdl.operands(values: variadic %t)
  }
}
