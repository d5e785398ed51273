// SPDX-License-Identifier: Apache-2.0
//===- StrategyPoisonToArgs.c - ub.poison values become arguments ---------===//
//
// A ub.poison inside a func.func that no func.call in the module calls
// becomes a new argument of that function: the entry block gets an argument
// of the poison's type (appended, so earlier arguments keep their numbers),
// the function type gets the input, every use of the poison takes the
// argument, and the poison is erased. This is llvm-reduce's
// operands-to-args turned to the values the other strategies leave behind:
// erase-ops and drop-args replace values still in use by ub.poison, and a
// poison is an op where an argument is not, so the count that the result is
// judged by (ops; docs/opt-reduce.md) would otherwise keep them. arg_attrs
// is dropped with the change, as drop-args does. A function that is called
// is left alone (its calls would need an operand: an op in the caller).
// Progress: each accepted edit removes one op and adds none.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <stdlib.h>
#include <string.h>

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool nameIs(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && memcmp(n.data, name, n.length) == 0;
}

// The func.func directly in the module that holds `op`, or null.
static MlirOperation funcOf(MlirOperation op, MlirOperation root) {
  MlirOperation p = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(p) && !mlirOperationEqual(p, root)) {
    op = p;
    p = mlirOperationGetParentOperation(op);
  }
  return !mlirOperationIsNull(p) && nameIs(op, "func.func")
             ? op
             : (MlirOperation){NULL};
}

static bool isCalled(MlirOperation root, MlirOperation func) {
  IrsOpList calls = irsEditCallsOf(root, func);
  free(calls.ops);
  return calls.n > 0;
}

// The function type of `func` with `extra` appended to its inputs.
static bool appendInput(MlirContext ctx, MlirOperation func, MlirType extra) {
  MlirAttribute ta = mlirOperationGetAttributeByName(func, str("function_type"));
  if (mlirAttributeIsNull(ta) || !mlirAttributeIsAType(ta))
    return false;
  MlirType ft = mlirTypeAttrGetValue(ta);
  intptr_t ni = mlirFunctionTypeGetNumInputs(ft);
  intptr_t nr = mlirFunctionTypeGetNumResults(ft);
  MlirType *in = malloc((size_t)(ni + 1) * sizeof(MlirType));
  MlirType *res = malloc((size_t)(nr + 1) * sizeof(MlirType));
  bool ok = in && res;
  for (intptr_t i = 0; ok && i < ni; ++i)
    in[i] = mlirFunctionTypeGetInput(ft, i);
  for (intptr_t i = 0; ok && i < nr; ++i)
    res[i] = mlirFunctionTypeGetResult(ft, i);
  if (ok) {
    in[ni] = extra;
    mlirOperationSetAttributeByName(
        func, str("function_type"),
        mlirTypeAttrGet(mlirFunctionTypeGet(ctx, ni + 1, in, nr, res)));
    mlirOperationRemoveAttributeByName(func, str("arg_attrs"));
  }
  free(in);
  free(res);
  return ok;
}

static bool applyPoisonToArg(MlirContext ctx, MlirOperation root,
                             const IrsEdit *e) {
  MlirOperation poison = irsEditFindOp(root, e->target);
  if (mlirOperationIsNull(poison) || !irsEditIsPoison(poison))
    return false;
  MlirOperation func = funcOf(poison, root);
  if (mlirOperationIsNull(func) || mlirOperationGetNumRegions(func) < 1)
    return false;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(entry) || isCalled(root, func))
    return false;
  MlirValue old = mlirOperationGetResult(poison, 0);
  MlirType t = mlirValueGetType(old);
  if (!appendInput(ctx, func, t))
    return false;
  MlirValue arg = mlirBlockAddArgument(entry, t, mlirOperationGetLocation(poison));
  mlirValueReplaceAllUsesOfWith(old, arg);
  mlirOperationDestroy(poison);
  return true;
}

// The target says it all.
static void keyPoisonToArg(const IrsEdit *e, IrsBuf *out) {
  (void)e;
  (void)out;
}

static void describePoisonToArg(const IrsEdit *e, IrsBuf *out) {
  irsBufPrintf(out, "poison #%lld := a new argument of its function",
               (long long)e->target);
}

/// ub.poison `target` becomes a new last argument of its (uncalled)
/// func.func.
const IrsEditOps irsEditPoisonToArg = {.apply = applyPoisonToArg,
                                       .key = keyPoisonToArg,
                                       .describe = describePoisonToArg};

static bool poisonToArgs(Reducer *r, void *state) {
  (void)state;
  MlirOperation root = mlirModuleGetOperation(r->module);
  MlirOperation *ops = NULL;
  size_t n = irsEditWalk(root, &ops);
  IrsEdit *edits = malloc((n ? n : 1) * sizeof(IrsEdit));
  size_t m = 0;
  // By descending index: erasing a poison renumbers only the ops after it.
  for (size_t i = n; edits && i-- > 1;) {
    if (!irsEditIsPoison(ops[i]))
      continue;
    MlirOperation func = funcOf(ops[i], root);
    if (!mlirOperationIsNull(func) && mlirOperationGetNumRegions(func) > 0 &&
        !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0))))
      edits[m++] = (IrsEdit){.ops = &irsEditPoisonToArg, .target = (int64_t)i};
  }
  free(ops);
  size_t kept = edits && m ? irsReduceTryEach(r, edits, m, false) : 0;
  free(edits);
  return kept > 0;
}

const IrsStrategy irsStrategyPoisonToArgs = {.run = poisonToArgs,
                                             .edits = {&irsEditPoisonToArg}};
