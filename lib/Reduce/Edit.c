// SPDX-License-Identifier: Apache-2.0
//===- Edit.c - candidate edits: what they are and how they are applied ---===//
//
// An edit is applied twice: by the forked worker that tests the candidate,
// to its copy-on-write module, and, if the candidate was interesting, by the
// reducer to its own module. Both walk identical modules in the same order,
// so an edit can name ops by their pre-order index.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <stdlib.h>
#include <string.h>

typedef struct Collect {
  MlirOperation *ops;
  size_t n, cap;
} Collect;

static MlirWalkResult collectCb(MlirOperation op, void *ud) {
  Collect *c = ud;
  if (c->n == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 256;
    MlirOperation *p = realloc(c->ops, cap * sizeof(*p));
    if (!p)
      return MlirWalkResultInterrupt;
    c->ops = p;
    c->cap = cap;
  }
  c->ops[c->n++] = op;
  return MlirWalkResultAdvance;
}

static Collect walkAll(MlirOperation root) {
  Collect c = {NULL, 0, 0};
  mlirOperationWalk(root, collectCb, &c, MlirWalkPreOrder);
  return c;
}

int64_t irsReduceCountOps(MlirOperation op) {
  Collect c = walkAll(op);
  free(c.ops);
  return (int64_t)c.n;
}

static bool isTerminator(MlirOperation op) {
  MlirBlock b = mlirOperationGetBlock(op);
  if (mlirBlockIsNull(b))
    return false;
  MlirOperation t = mlirBlockGetTerminator(b);
  return !mlirOperationIsNull(t) && mlirOperationEqual(t, op);
}

// ub.poison is what erased ops leave behind for their users.
static bool isUsedPoison(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length != 9 || memcmp(n.data, "ub.poison", 9) != 0)
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

int64_t *irsReduceCollect(Reducer *r, bool topLevelOnly, size_t *n) {
  MlirOperation root = mlirModuleGetOperation(r->module);
  Collect c = walkAll(root);
  int64_t *items = malloc((c.n ? c.n : 1) * sizeof(int64_t));
  size_t k = 0;
  MlirBlock body = mlirModuleGetBody(r->module);
  for (size_t i = 1; items && i < c.n; ++i) { // 0 is the module itself
    MlirOperation op = c.ops[i];
    bool top = mlirBlockEqual(mlirOperationGetBlock(op), body);
    if (topLevelOnly != top)
      continue;
    if (!top && isTerminator(op))
      continue; // erasing a terminator never verifies
    if (isUsedPoison(op))
      continue; // it would only be replaced by itself: no progress, ever
    items[k++] = (int64_t)i;
  }
  free(c.ops);
  *n = k;
  return items;
}

static void eraseOp(MlirContext ctx, MlirOperation op) {
  intptr_t nr = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < nr; ++i) {
    MlirValue v = mlirOperationGetResult(op, i);
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(v)))
      continue;
    MlirType t = mlirValueGetType(v);
    MlirOperationState st = mlirOperationStateGet(
        mlirStringRefCreateFromCString("ub.poison"), mlirOperationGetLocation(op));
    mlirOperationStateAddResults(&st, 1, &t);
    MlirNamedAttribute a = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("value")),
        mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString("#ub.poison")));
    mlirOperationStateAddAttributes(&st, 1, &a);
    MlirOperation p = mlirOperationCreate(&st);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, p);
    mlirValueReplaceAllUsesOfWith(v, mlirOperationGetResult(p, 0));
  }
  mlirOperationDestroy(op);
}

void irsEditApply(MlirContext ctx, MlirOperation root, const IrsEdit *e) {
  if (!e || e->numErase == 0)
    return;
  Collect c = walkAll(root);
  // Reverse pre-order: nested ops go before the ops that contain them, so
  // no erased op is touched twice.
  for (size_t k = e->numErase; k-- > 0;) {
    int64_t i = e->erase[k];
    if (i > 0 && (size_t)i < c.n)
      eraseOp(ctx, c.ops[i]);
  }
  free(c.ops);
}

void irsReduceApply(Reducer *r, const IrsEdit *edit) {
  irsEditApply(r->ctx, mlirModuleGetOperation(r->module), edit);
}

void irsEditKey(const IrsEdit *edit, IrsBuf *out) {
  if (!edit)
    return;
  irsBufAppend(out, "E", 1);
  irsBufAppend(out, edit->erase, edit->numErase * sizeof(int64_t));
}

