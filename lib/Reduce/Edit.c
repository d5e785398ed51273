// SPDX-License-Identifier: Apache-2.0
//===- Edit.c - candidate edits: applying, keying and describing them ------===//
//
// An edit is applied twice: by the forked worker that tests the candidate,
// to its copy-on-write module, and, if the candidate was interesting, by the
// reducer to its own module. Both walk identical modules in the same order,
// so an edit can name ops by their pre-order index, and every applier is a
// pure function of (module, edit): no hash order, no pointers, no clocks.
// What an edit does is its kind's (IrsEditOps, defined by the strategy that
// owns the kind, or EditErase.c); this file holds what all kinds share: the
// walks, the substitutes for erased values, the group of edits, and trying
// candidates.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/BuiltinAttributes.h>

#include <stdlib.h>
#include <string.h>

bool irsOpListPush(IrsOpList *l, MlirOperation op) {
  if (l->n == l->cap) {
    // Modules have hundreds of ops and more: skip the smallest sizes.
    size_t cap = l->cap ? l->cap * 2 : 256;
    MlirOperation *p = realloc(l->ops, cap * sizeof(*p));
    if (!p)
      return false;
    l->ops = p;
    l->cap = cap;
  }
  l->ops[l->n++] = op;
  return true;
}

static MlirWalkResult collectCb(MlirOperation op, void *ud) {
  return irsOpListPush(ud, op) ? MlirWalkResultAdvance
                               : MlirWalkResultInterrupt;
}

static IrsOpList walkAll(MlirOperation root) {
  IrsOpList c = {NULL, 0, 0};
  mlirOperationWalk(root, collectCb, &c, MlirWalkPreOrder);
  return c;
}

size_t irsEditWalk(MlirOperation root, MlirOperation **ops) {
  IrsOpList c = walkAll(root);
  *ops = c.ops;
  return c.n;
}

typedef struct Find {
  int64_t left;
  MlirOperation found;
} Find;

static MlirWalkResult findCb(MlirOperation op, void *ud) {
  Find *f = ud;
  if (f->left-- == 0) {
    f->found = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

MlirOperation irsEditFindOp(MlirOperation root, int64_t index) {
  Find f = {index, {NULL}};
  if (index >= 0)
    mlirOperationWalk(root, findCb, &f, MlirWalkPreOrder);
  return f.found;
}

typedef struct Count {
  bool (*keep)(MlirOperation op);
  int64_t n;
} Count;

static MlirWalkResult countCb(MlirOperation op, void *ud) {
  Count *c = ud;
  c->n += !c->keep || c->keep(op);
  return MlirWalkResultAdvance;
}

int64_t irsReduceCountOpsWhere(MlirOperation root,
                               bool (*keep)(MlirOperation op)) {
  Count c = {keep, 0};
  mlirOperationWalk(root, countCb, &c, MlirWalkPreOrder);
  return c.n;
}

int64_t irsReduceCountOps(MlirOperation op) {
  return irsReduceCountOpsWhere(op, NULL);
}

static bool nameIs(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t l = strlen(name);
  return n.length == l && memcmp(n.data, name, l) == 0;
}

bool irsEditIsPoison(MlirOperation op) { return nameIs(op, "ub.poison"); }

bool irsEditIsConstant(MlirOperation op) {
  return mlirOperationGetNumOperands(op) == 0 &&
         mlirOperationGetNumRegions(op) == 0 &&
         mlirOperationGetNumResults(op) == 1 &&
         (nameIs(op, "arith.constant") || irsEditIsPoison(op));
}

MlirValue irsEditPoison(MlirContext ctx, MlirType t, MlirOperation before) {
  // Tool mode without a tool that takes ub.poison (opt-reduce's probe
  // decides whether the ub dialect is loaded): no poison at all.
  if (!mlirContextIsRegisteredOperation(
          ctx, mlirStringRefCreateFromCString("ub.poison")))
    return (MlirValue){NULL};
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("ub.poison"),
      mlirOperationGetLocation(before));
  mlirOperationStateAddResults(&st, 1, &t);
  MlirNamedAttribute a = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("value")),
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString("#ub.poison")));
  mlirOperationStateAddAttributes(&st, 1, &a);
  MlirOperation p = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, p);
  return mlirOperationGetResult(p, 0);
}

// The last value of type `t` defined before `at` in its block (results of
// earlier ops, else the block's arguments), other than `not`; null if none.
static MlirValue earlierValue(MlirOperation at, MlirType t, MlirValue not) {
  MlirBlock b = mlirOperationGetBlock(at);
  MlirValue found = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(b);
       !mlirOperationIsNull(o) && !mlirOperationEqual(o, at);
       o = mlirOperationGetNextInBlock(o))
    for (intptr_t i = 0; i < mlirOperationGetNumResults(o); ++i)
      if (mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(o, i)), t) &&
          !mlirValueEqual(mlirOperationGetResult(o, i), not))
        found = mlirOperationGetResult(o, i);
  for (intptr_t i = mlirBlockGetNumArguments(b); mlirValueIsNull(found) && i--;)
    if (mlirTypeEqual(mlirValueGetType(mlirBlockGetArgument(b, i)), t) &&
        !mlirValueEqual(mlirBlockGetArgument(b, i), not))
      found = mlirBlockGetArgument(b, i);
  return found;
}

MlirValue irsEditSubstitute(MlirContext ctx, MlirValue old,
                            MlirOperation before) {
  MlirType t = mlirValueGetType(old);
  MlirValue v = irsEditPoison(ctx, t, before);
  // Without poison: a value that dominates `before`, hence every use of
  // its results: defined earlier in its block or in an enclosing block,
  // up to the top-level op (a function's body does not see the module's).
  for (MlirOperation at = before; mlirValueIsNull(v);) {
    MlirOperation parent = mlirOperationGetParentOperation(at);
    if (mlirOperationIsNull(parent) ||
        mlirOperationIsNull(mlirOperationGetParentOperation(parent)))
      break; // `at` is a top-level op
    v = earlierValue(at, t, old);
    at = parent;
  }
  return v;
}

bool irsEditEraseOp(MlirContext ctx, MlirOperation op) {
  intptr_t nr = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < nr; ++i) {
    MlirValue v = mlirOperationGetResult(op, i);
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(v)))
      continue;
    MlirValue with = irsEditSubstitute(ctx, v, op);
    if (mlirValueIsNull(with))
      return false;
    mlirValueReplaceAllUsesOfWith(v, with);
  }
  mlirOperationDestroy(op);
  return true;
}

int irsReduceCompareRefs(const void *x, const void *y) {
  const MlirStringRef *a = x, *b = y;
  if (a->length != b->length)
    return a->length < b->length ? -1 : 1;
  return memcmp(a->data, b->data, a->length);
}

bool irsEditApply(MlirContext ctx, MlirOperation root, const IrsEdit *e) {
  return !e || e->ops->apply(ctx, root, e);
}

void irsEditKeyInts(IrsBuf *out, const int64_t *v, size_t n) {
  irsBufAppend(out, v, n * sizeof(int64_t));
}

void irsEditKeyText(IrsBuf *out, const char *text) {
  if (text) {
    irsBufAppend(out, "T", 1);
    irsBufAppend(out, text, strlen(text) + 1);
  }
}

void irsEditKey(const IrsEdit *e, IrsBuf *out) {
  if (!e)
    return;
  // The kind (its operations' address: the cache lives in one process),
  // the target, then the kind's parameters in full.
  irsBufAppend(out, &e->ops, sizeof(e->ops));
  irsBufAppend(out, &e->target, sizeof(e->target));
  e->ops->key(e, out);
}

bool irsEditMustNotGrow(const IrsEdit *e) {
  return e && e->ops->mustNotGrow && e->ops->mustNotGrow(e);
}

void irsEditDescribe(const IrsEdit *e, IrsBuf *out) {
  if (!e)
    irsBufAppendStr(out, "the module as it is");
  else
    e->ops->describe(e, out);
}

static bool applyGroup(MlirContext ctx, MlirOperation root, const IrsEdit *e) {
  for (size_t i = 0; i < e->group.num; ++i)
    if (!irsEditApply(ctx, root, &e->group.edits[i]))
      return false;
  return e->group.num > 0;
}

static void keyGroup(const IrsEdit *e, IrsBuf *out) {
  uint64_t n = e->group.num;
  irsBufAppend(out, &n, sizeof(n));
  for (size_t i = 0; i < e->group.num; ++i)
    irsEditKey(&e->group.edits[i], out);
}

static bool groupMustNotGrow(const IrsEdit *e) {
  for (size_t i = 0; i < e->group.num; ++i)
    if (irsEditMustNotGrow(&e->group.edits[i]))
      return true;
  return false;
}

static void describeGroup(const IrsEdit *e, IrsBuf *out) {
  irsBufPrintf(out, "%zu edits at once:", e->group.num);
  for (size_t i = 0; i < e->group.num && i < 4; ++i) {
    irsBufAppendStr(out, i ? "; " : " ");
    irsEditDescribe(&e->group.edits[i], out);
  }
  if (e->group.num > 4)
    irsBufAppendStr(out, "; ...");
}

const IrsEditOps irsEditGroup = {.apply = applyGroup,
                                 .key = keyGroup,
                                 .describe = describeGroup,
                                 .mustNotGrow = groupMustNotGrow};

bool irsReduceTryEdit(Reducer *r, const IrsEdit *edit) {
  if (!irsReduceTest(r, edit))
    return false;
  irsReduceApply(r, edit);
  irsReduceSaveBest(r);
  irsReduceReport(r, true);
  return true;
}

intptr_t irsReduceTryFirst(Reducer *r, const IrsEdit *const *edits, size_t n) {
  if (n == 0)
    return -1;
  intptr_t i = irsReduceTestFirst(r, edits, n);
  if (i < 0)
    return -1;
  irsReduceApply(r, edits[i]);
  irsReduceSaveBest(r);
  irsReduceReport(r, true);
  return i;
}

size_t irsReduceTryEach(Reducer *r, const IrsEdit *edits, size_t n,
                        bool skipSameTarget) {
  const IrsEdit **ptrs = malloc((n + 1) * sizeof(*ptrs));
  if (!ptrs)
    return 0;
  for (size_t i = 0; i < n; ++i)
    ptrs[i + 1] = &edits[i];
  size_t kept = 0, from = 0;
  if (!skipSameTarget && n >= 2) {
    // The group first, then each edit, as one list: sequential testing
    // would try them in this order, and one list is one batch (-j, or one
    // tool process in tool mode) instead of a test and then a batch.
    IrsEdit all = {.ops = &irsEditGroup, .group = {edits, n}};
    ptrs[0] = &all;
    intptr_t k = irsReduceTryFirst(r, ptrs, n + 1);
    if (k == 0) {
      free(ptrs);
      return n;
    }
    if (k < 0 || r->stop) {
      free(ptrs);
      return 0;
    }
    kept = 1;
    from = (size_t)k; // edits[k - 1] was kept
  }
  for (; from < n && !r->stop;) {
    intptr_t k = irsReduceTryFirst(r, ptrs + 1 + from, n - from);
    if (k < 0)
      break;
    ++kept;
    int64_t t = edits[from + (size_t)k].target;
    from += (size_t)k + 1;
    while (skipSameTarget && from < n && edits[from].target == t)
      ++from; // the op changed: its other candidates are stale
  }
  free(ptrs);
  return kept;
}
