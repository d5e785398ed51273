// SPDX-License-Identifier: Apache-2.0
//===- IrsxOps.td - the irsx test dialect: one type, three ops ------------===//
//
// A downstream-style dialect for irscope's plugin tests, in the shape of
// MLIR's examples/standalone: a TableGen dialect with a parametric type
// (!irsx.box<"name">) and ops with custom assembly formats.
//
//===----------------------------------------------------------------------===//
#ifndef IRSX_OPS
#define IRSX_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Irsx_Dialect : Dialect {
  let name = "irsx";
  let summary = "irscope's out-of-tree test dialect";
  let cppNamespace = "::irsx";
  let useDefaultTypePrinterParser = 1;
  // irsx.crash_if_folded (IrsxPlugin.cpp).
  let hasOperationAttrVerify = 1;
}

class Irsx_Type<string name, string typeMnemonic> : TypeDef<Irsx_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Irsx_BoxType : Irsx_Type<"Box", "box"> {
  let summary = "a named box";
  let parameters = (ins StringRefParameter<"the box's label">:$label);
  let assemblyFormat = "`<` $label `>`";
}

class Irsx_Op<string mnemonic, list<Trait> traits = []>
    : Op<Irsx_Dialect, mnemonic, traits>;

def Irsx_WrapOp : Irsx_Op<"wrap", [Pure]> {
  let summary = "puts an integer into a box";
  let arguments = (ins AnyInteger:$value);
  let results = (outs Irsx_BoxType:$box);
  let assemblyFormat = "$value attr-dict `:` type($value) `->` type($box)";
}

def Irsx_UnwrapOp : Irsx_Op<"unwrap", [Pure]> {
  let summary = "takes the integer out of a box";
  let arguments = (ins Irsx_BoxType:$box);
  let results = (outs AnyInteger:$value);
  let assemblyFormat = "$box attr-dict `:` type($box) `->` type($value)";
}

def Irsx_UseOp : Irsx_Op<"use"> {
  let summary = "an opaque use with side effects";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "$operands attr-dict `:` type($operands)";
}

#endif // IRSX_OPS
