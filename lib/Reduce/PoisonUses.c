// SPDX-License-Identifier: Apache-2.0
//===- PoisonUses.c - where a poison placeholder makes a program undefined ===//
//
// Script mode keeps the reducer's ub.poison placeholders (the script
// judges the candidate as it is), but a script that runs the program
// cannot tell a miscompile from what poison does at run time: loaded
// through as an index or an address, divided by, shifted by, branched on
// or printed, it makes the program undefined, and undefined programs print
// anything. So script mode refuses an edit that adds such a use
// (OracleWorker.c). Poison flows through the ops that compute a value from
// their operands alone (arith, index, math, vector element moves); where it
// arrives at anything else, the place decides:
// - an index, memref or pointer operand of an op that is not one of
//   those: an address, a subscript, a size, a loop bound;
// - a divisor or remainder's second operand, a shift amount;
// - a branch or loop condition (cf.cond_br, cf.switch, scf.if,
//   scf.condition);
// - anything printed (vector.print, calls to print* functions).
// A value poison reaches only through a block argument or a call's result
// is not followed: this stays a cheap walk.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>

#include <string.h>

enum { MaxDepth = 8 };

static bool startsWith(MlirStringRef s, const char *p) {
  size_t n = strlen(p);
  return s.length >= n && memcmp(s.data, p, n) == 0;
}

static bool named(MlirStringRef s, const char *const *names) {
  for (; *names; ++names)
    if (s.length == strlen(*names) && memcmp(s.data, *names, s.length) == 0)
      return true;
  return false;
}

static MlirStringRef nameOf(MlirOperation op) {
  return mlirIdentifierStr(mlirOperationGetName(op));
}

// Ops whose results are computed from their operands alone: poison in,
// poison out.
static bool propagates(MlirOperation op) {
  static const char *const vec[] = {
      "vector.broadcast", "vector.splat",       "vector.extract",
      "vector.insert",    "vector.extractelement", "vector.insertelement",
      "vector.shuffle",   "vector.fma",         "vector.bitcast",
      NULL};
  MlirStringRef n = nameOf(op);
  return mlirOperationGetNumRegions(op) == 0 &&
         (startsWith(n, "arith.") || startsWith(n, "index.") ||
          startsWith(n, "math.") || named(n, vec));
}

static bool fromPoison(MlirValue v, int depth) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (irsEditIsPoison(def))
    return true;
  if (depth >= MaxDepth || !propagates(def))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (fromPoison(mlirOperationGetOperand(def, i), depth + 1))
      return true;
  return false;
}

static bool isAddressLike(MlirType t) {
  if (mlirTypeIsAIndex(t) || mlirTypeIsAMemRef(t) ||
      mlirTypeIsAUnrankedMemRef(t))
    return true;
  return mlirTypeIsALLVMPointerType(t);
}

// Whether operand `i` of `op` is a place where poison is undefined.
static bool undefinedAt(MlirOperation op, intptr_t i) {
  static const char *const second[] = {
      "arith.divsi",      "arith.divui",      "arith.remsi",
      "arith.remui",      "arith.ceildivsi",  "arith.ceildivui",
      "arith.floordivsi", "arith.shli",       "arith.shrsi",
      "arith.shrui",      "index.divs",       "index.divu",
      "index.rems",       "index.remu",       "index.ceildivs",
      "index.ceildivu",   "index.floordivs",  "index.shl",
      "index.shrs",       "index.shru",       NULL};
  static const char *const first[] = {"cf.cond_br", "cf.switch", "scf.if",
                                      "scf.condition", "vector.print", NULL};
  MlirStringRef n = nameOf(op);
  if ((i == 1 && named(n, second)) || (i == 0 && named(n, first)))
    return true;
  if (named(n, (const char *const[]){"func.call", NULL})) {
    MlirAttribute callee = mlirOperationGetAttributeByName(
        op, mlirStringRefCreateFromCString("callee"));
    if (!mlirAttributeIsNull(callee) && mlirAttributeIsAFlatSymbolRef(callee) &&
        startsWith(mlirFlatSymbolRefAttrGetValue(callee), "print"))
      return true;
  }
  return !propagates(op) &&
         isAddressLike(mlirValueGetType(mlirOperationGetOperand(op, i)));
}

static MlirWalkResult countUses(MlirOperation op, void *ud) {
  int64_t *n = ud;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (undefinedAt(op, i) && fromPoison(mlirOperationGetOperand(op, i), 0))
      ++*n;
  return MlirWalkResultAdvance;
}

int64_t irsReduceCountUndefinedPoisonUses(MlirOperation root) {
  if (irsReduceCountPoison(root) == 0)
    return 0;
  int64_t n = 0;
  mlirOperationWalk(root, countUses, &n, MlirWalkPreOrder);
  return n;
}
