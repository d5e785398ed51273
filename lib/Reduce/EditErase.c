// SPDX-License-Identifier: Apache-2.0
//===- EditErase.c - the erase edit: ddmin's chunks of ops ----------------===//
//
// The engine's own edit kind (the hot path: one walk, then erasure from the
// back), and the lists of ops worth erasing that strategies hand to ddmin.
// An erased top-level symbol takes the ops that name it along.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/BuiltinAttributes.h>

#include <stdlib.h>
#include <string.h>

static bool isTerminator(MlirOperation op) {
  MlirBlock b = mlirOperationGetBlock(op);
  if (mlirBlockIsNull(b))
    return false;
  MlirOperation t = mlirBlockGetTerminator(b);
  return !mlirOperationIsNull(t) && mlirOperationEqual(t, op);
}

// ub.poison is what erased ops leave behind for their users.
static bool isUsedPoison(MlirOperation op) {
  if (!irsEditIsPoison(op))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

// Whether erasing `op` could be a step forward at all.
static bool erasable(MlirOperation op, bool top) {
  if (!top && isTerminator(op))
    return false; // erasing a terminator never verifies
  // A used poison would only be replaced by itself: no progress, ever.
  return !isUsedPoison(op);
}

int64_t *irsReduceCollect(Reducer *r, bool topLevelOnly, size_t *n) {
  MlirOperation root = mlirModuleGetOperation(r->module);
  IrsOpList c = {NULL, 0, 0};
  c.n = irsEditWalk(root, &c.ops);
  int64_t *items = malloc((c.n ? c.n : 1) * sizeof(int64_t));
  size_t k = 0;
  MlirBlock body = mlirModuleGetBody(r->module);
  for (size_t i = 1; items && i < c.n; ++i) { // 0 is the module itself
    MlirOperation op = c.ops[i];
    bool top = mlirBlockEqual(mlirOperationGetBlock(op), body);
    if (topLevelOnly != top)
      continue;
    if (erasable(op, top))
      items[k++] = (int64_t)i;
  }
  free(c.ops);
  *n = k;
  return items;
}

int64_t *irsReduceCollectAtDepth(Reducer *r, int depth, size_t *n,
                                 bool *deeper) {
  MlirOperation root = mlirModuleGetOperation(r->module);
  IrsOpList c = {NULL, 0, 0};
  c.n = irsEditWalk(root, &c.ops);
  int64_t *items = malloc((c.n ? c.n : 1) * sizeof(int64_t));
  int *depthOf = malloc((c.n ? c.n : 1) * sizeof(int));
  size_t k = 0;
  *deeper = false;
  // Pre-order: an op's parent was visited before it and is the nearest
  // earlier op that is its parent; a stack of open ancestors finds it in
  // amortised O(1), which keeps this linear on 280k-line modules.
  size_t *stack = malloc((c.n ? c.n : 1) * sizeof(size_t));
  size_t sp = 0;
  for (size_t i = 0; items && depthOf && stack && i < c.n; ++i) {
    MlirOperation parent = i ? mlirOperationGetParentOperation(c.ops[i])
                             : (MlirOperation){NULL};
    while (sp && !mlirOperationEqual(c.ops[stack[sp - 1]], parent))
      --sp;
    depthOf[i] = sp ? depthOf[stack[sp - 1]] + 1 : 0;
    stack[sp++] = i;
    if (depthOf[i] >= depth)
      *deeper = true;
    if (i == 0 || depthOf[i] != depth)
      continue;
    if (erasable(c.ops[i], depth == 1))
      items[k++] = (int64_t)i;
  }
  free(stack);
  free(depthOf);
  free(c.ops);
  *n = k;
  return items;
}

// Whether `op` names, in one of its attributes, a symbol in `names`
// (sorted with irsReduceCompareRefs).
static bool usesSymbol(MlirOperation op, const MlirStringRef *names, size_t n) {
  intptr_t na = mlirOperationGetNumAttributes(op);
  for (intptr_t i = 0; i < na; ++i) {
    MlirAttribute a = mlirOperationGetAttribute(op, i).attribute;
    if (!mlirAttributeIsAFlatSymbolRef(a))
      continue;
    MlirStringRef v = mlirFlatSymbolRefAttrGetValue(a);
    if (bsearch(&v, names, n, sizeof(*names), irsReduceCompareRefs))
      return true;
  }
  return false;
}

// Erasing a top-level symbol (a function, a global) erases the ops that
// name it too (calls, get_global, ...: their results become poison), so a
// function goes even while something still calls it. Marks them in `mark`.
static void markSymbolUsers(MlirOperation root, const IrsOpList *c, bool *mark) {
  size_t n = 0;
  MlirStringRef *names = malloc(c->n * sizeof(MlirStringRef));
  MlirStringRef symAttr = mlirSymbolTableGetSymbolAttributeName();
  for (size_t i = 1; names && i < c->n; ++i) {
    if (!mark[i] ||
        !mlirOperationEqual(mlirOperationGetParentOperation(c->ops[i]), root))
      continue;
    MlirAttribute a = mlirOperationGetAttributeByName(c->ops[i], symAttr);
    if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a))
      names[n++] = mlirStringAttrGetValue(a);
  }
  if (n > 0) {
    qsort(names, n, sizeof(*names), irsReduceCompareRefs);
    bool topErased = false;
    for (size_t i = 1; i < c->n; ++i) {
      if (mlirOperationEqual(mlirOperationGetParentOperation(c->ops[i]), root))
        topErased = mark[i];
      else if (!topErased && !mark[i] && usesSymbol(c->ops[i], names, n))
        mark[i] = true;
    }
  }
  free(names);
}

// Whether erased top-level ops may move out whole instead of being
// destroyed: only when nothing inside a top-level op can use a value of the
// module's body (no top-level op has results, the body no arguments), so a
// moved op keeps no use in the module and the candidate is the one that
// destroying it gives.
static bool detachable(MlirOperation root, const IrsEdit *e) {
  if (mlirBlockIsNull(e->erase.detachTo) || mlirOperationGetNumRegions(root) != 1)
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(root, 0));
  if (mlirBlockIsNull(body) || mlirBlockGetNumArguments(body) > 0)
    return false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (mlirOperationGetNumResults(op) > 0)
      return false;
  return true;
}

static bool eraseMarked(MlirContext ctx, MlirOperation root, const IrsOpList *c,
                        const bool *mark, MlirBlock detachTo) {
  bool ok = true;
  // Reverse pre-order: nested ops go before the ops that contain them, so
  // no erased op is touched twice.
  for (size_t i = c->n; i-- > 1;) {
    if (!mark[i])
      continue;
    if (!mlirBlockIsNull(detachTo) &&
        mlirOperationEqual(mlirOperationGetParentOperation(c->ops[i]), root)) {
      mlirOperationRemoveFromParent(c->ops[i]);
      mlirBlockAppendOwnedOperation(detachTo, c->ops[i]);
    } else if (!irsEditEraseOp(ctx, c->ops[i])) {
      ok = false;
    }
  }
  return ok;
}

static bool applyErase(MlirContext ctx, MlirOperation root, const IrsEdit *e) {
  if (e->erase.num == 0)
    return true;
  IrsOpList c = {NULL, 0, 0};
  c.n = irsEditWalk(root, &c.ops);
  bool ok = true;
  bool *mark = calloc(c.n ? c.n : 1, sizeof(bool));
  if (!mark) {
    free(c.ops);
    return false;
  }
  bool top = false;
  for (size_t k = 0; k < e->erase.num; ++k) {
    int64_t i = e->erase.ops[k];
    if (i > 0 && (size_t)i < c.n) {
      mark[i] = true;
      top = top || mlirOperationEqual(
                       mlirOperationGetParentOperation(c.ops[i]), root);
    } else {
      ok = false;
    }
  }
  if (top)
    markSymbolUsers(root, &c, mark);
  MlirBlock to = top && detachable(root, e) ? e->erase.detachTo
                                             : (MlirBlock){NULL};
  ok = eraseMarked(ctx, root, &c, mark, to) && ok;
  free(mark);
  free(c.ops);
  return ok;
}

static void describeErase(const IrsEdit *e, IrsBuf *out) {
  irsBufPrintf(out, "erase %zu op%s:", e->erase.num,
               e->erase.num == 1 ? "" : "s");
  for (size_t i = 0; i < e->erase.num && i < 8; ++i)
    irsBufPrintf(out, " #%lld", (long long)e->erase.ops[i]);
  if (e->erase.num > 8)
    irsBufAppendStr(out, " ...");
}

static void keyErase(const IrsEdit *e, IrsBuf *out) {
  irsEditKeyInts(out, e->erase.ops, e->erase.num);
}

const IrsEditOps irsEditErase = {
    .apply = applyErase, .key = keyErase, .describe = describeErase};

void irsReduceApply(Reducer *r, const IrsEdit *edit) {
  irsEditApply(r->ctx, mlirModuleGetOperation(r->module), edit);
  if (r->opts.miscompile) // as the worker did (OracleWorker.c)
    irsReduceErasePoisonUsers(r->ctx, mlirModuleGetOperation(r->module));
  irsReduceEmptyGraveyard(r);
}

MlirBlock irsReduceGraveyard(Reducer *r) {
  return mlirModuleIsNull(r->graveyard) ? (MlirBlock){NULL}
                                        : mlirModuleGetBody(r->graveyard);
}

void irsReduceEmptyGraveyard(Reducer *r) {
  MlirBlock b = irsReduceGraveyard(r);
  for (MlirOperation op; !mlirBlockIsNull(b) &&
                         !mlirOperationIsNull(op = mlirBlockGetFirstOperation(b));)
    mlirOperationDestroy(op);
}

