// SPDX-License-Identifier: Apache-2.0
//===- StrategyInlineRegion.c - replace an op by one of its regions -------===//
//
// Unwraps scf.if / scf.for / scf.execute_region / affine.for /
// linalg.generic-like ops: the ops of one single-block region move before
// the op; each used block argument becomes the op's operand in the same
// position counted from the end (scf.for's iter_args line up with its
// inits) when the types agree, else ub.poison; the op's results become the
// terminator's operands when their number and types agree, else poison;
// then the op, with the terminator left in its region, is erased.
// Progress: an accepted edit erases the op and its terminator, so the
// count of non-poison ops goes down (poison may be added).
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <stdlib.h>

static bool applyInline(MlirContext ctx, MlirOperation root,
                        const IrsEdit *e) {
  MlirOperation op = irsEditFindOp(root, e->target);
  int64_t region = e->inlineRegion.region;
  if (mlirOperationIsNull(op) || region < 0 ||
      region >= mlirOperationGetNumRegions(op))
    return false;
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
  if (mlirBlockIsNull(b) || !mlirBlockIsNull(mlirBlockGetNextInRegion(b)))
    return false;
  intptr_t na = mlirBlockGetNumArguments(b);
  intptr_t no = mlirOperationGetNumOperands(op);
  for (intptr_t i = 0; i < na; ++i) {
    MlirValue arg = mlirBlockGetArgument(b, i);
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(arg)))
      continue;
    MlirType t = mlirValueGetType(arg);
    intptr_t j = no - na + i;
    MlirValue v = {NULL};
    if (j >= 0 && mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(op, j)), t))
      v = mlirOperationGetOperand(op, j);
    else
      v = irsEditSubstitute(ctx, arg, op);
    if (mlirValueIsNull(v))
      return false;
    mlirValueReplaceAllUsesOfWith(arg, v);
  }
  MlirOperation term = mlirBlockGetTerminator(b);
  intptr_t nr = mlirOperationGetNumResults(op);
  bool match = !mlirOperationIsNull(term) &&
               mlirOperationGetNumOperands(term) == nr;
  for (intptr_t i = 0; match && i < nr; ++i)
    match = mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(term, i)),
                          mlirValueGetType(mlirOperationGetResult(op, i)));
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);) {
    if (!mlirOperationIsNull(term) && mlirOperationEqual(o, term))
      break;
    MlirOperation next = mlirOperationGetNextInBlock(o);
    mlirOperationMoveBefore(o, op);
    o = next;
  }
  for (intptr_t i = 0; i < nr; ++i) {
    MlirValue res = mlirOperationGetResult(op, i);
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(res)))
      continue;
    MlirValue v = match ? mlirOperationGetOperand(term, i)
                        : irsEditSubstitute(ctx, res, op);
    if (mlirValueIsNull(v))
      return false;
    mlirValueReplaceAllUsesOfWith(res, v);
  }
  mlirOperationDestroy(op);
  return true;
}

static void keyInline(const IrsEdit *e, IrsBuf *out) {
  irsEditKeyInts(out, &e->inlineRegion.region, 1);
}

static void describeInline(const IrsEdit *e, IrsBuf *out) {
  irsBufPrintf(out, "inline region %lld of op #%lld",
               (long long)e->inlineRegion.region, (long long)e->target);
}

/// Replace op `target` by one of its regions.
const IrsEditOps irsEditInline = {
    .apply = applyInline, .key = keyInline, .describe = describeInline};

static bool inlineRegions(Reducer *r, void *state) {
  (void)state;
  MlirOperation *ops = NULL;
  size_t n = irsEditWalk(mlirModuleGetOperation(r->module), &ops);
  MlirBlock body = mlirModuleGetBody(r->module);
  IrsEdit *edits = calloc(n ? n * 2 : 1, sizeof(IrsEdit));
  size_t m = 0;
  // Descending pre-order: inlining op t renumbers only ops from t on, so
  // every later candidate (a smaller index) stays valid.
  for (size_t i = n; edits && i-- > 1;) {
    MlirOperation op = ops[i];
    if (mlirBlockEqual(mlirOperationGetBlock(op), body))
      continue; // a function's body cannot live in the module
    intptr_t nreg = mlirOperationGetNumRegions(op);
    for (intptr_t k = 0; k < nreg; ++k) {
      MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, k));
      if (mlirBlockIsNull(b) || !mlirBlockIsNull(mlirBlockGetNextInRegion(b)))
        continue;
      if (m == 2 * n)
        break;
      edits[m] = (IrsEdit){.ops = &irsEditInline,
                           .target = (int64_t)i,
                           .inlineRegion = {k}};
      ++m;
    }
  }
  free(ops);
  size_t kept = edits ? irsReduceTryEach(r, edits, m, true) : 0;
  free(edits);
  return kept > 0;
}

const IrsStrategy irsStrategyInlineRegion = {.run = inlineRegions,
                                             .edits = {&irsEditInline}};
