// SPDX-License-Identifier: Apache-2.0
//===- Edit.c - candidate edits: what they are and how they are applied ---===//
//
// An edit is applied twice: by the forked worker that tests the candidate,
// to its copy-on-write module, and, if the candidate was interesting, by the
// reducer to its own module. Both walk identical modules in the same order,
// so an edit can name ops by their pre-order index, and every applier below
// is a pure function of (module, edit): no hash order, no pointers, no
// clocks. This file holds the erase edit (the hot path: one walk, then
// erasure from the back) and dispatches the other kinds to the appliers in
// the strategies' own files.
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

static bool isTerminator(MlirOperation op) {
  MlirBlock b = mlirOperationGetBlock(op);
  if (mlirBlockIsNull(b))
    return false;
  MlirOperation t = mlirBlockGetTerminator(b);
  return !mlirOperationIsNull(t) && mlirOperationEqual(t, op);
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
  IrsOpList c = walkAll(root);
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
  IrsOpList c = walkAll(root);
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
  IrsOpList c = walkAll(root);
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

bool irsEditApply(MlirContext ctx, MlirOperation root, const IrsEdit *e) {
  if (!e)
    return true;
  switch (e->kind) {
  case IrsEditErase:
    return applyErase(ctx, root, e);
  case IrsEditInline:
    return irsEditApplyInline(ctx, root, e);
  case IrsEditDropArg:
    return irsEditApplyDropArg(ctx, root, e);
  case IrsEditDropResult:
    return irsEditApplyDropResult(ctx, root, e);
  case IrsEditSetOperand:
    return irsEditApplySetOperand(ctx, root, e);
  case IrsEditAttrs:
    return irsEditApplyAttrs(ctx, root, e);
  case IrsEditRunPipeline:
    return irsEditApplyRunPipeline(ctx, root, e);
  case IrsEditRename:
    return irsEditApplyRename(ctx, root, e);
  case IrsEditSimplifyCfg:
    return irsEditApplySimplifyCfg(ctx, root, e);
  case IrsEditPoisonToArg:
    return irsEditApplyPoisonToArg(ctx, root, e);
  case IrsEditGroup:
    for (size_t i = 0; i < e->group.num; ++i)
      if (!irsEditApply(ctx, root, &e->group.edits[i]))
        return false;
    return e->group.num > 0;
  }
  return false;
}

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

static void keyInts(IrsBuf *out, const int64_t *f, size_t n) {
  irsBufAppend(out, f, n * sizeof(int64_t));
}

static void keyText(IrsBuf *out, const char *text) {
  if (text) {
    irsBufAppend(out, "T", 1);
    irsBufAppend(out, text, strlen(text) + 1);
  }
}

void irsEditKey(const IrsEdit *edit, IrsBuf *out) {
  if (!edit)
    return;
  const IrsEdit *e = edit;
  if (e->kind == IrsEditErase) {
    // Unchanged from the erase-only days: the hot path stays one append.
    irsBufAppend(out, "E", 1);
    irsBufAppend(out, e->erase.ops, e->erase.num * sizeof(int64_t));
    return;
  }
  if (e->kind == IrsEditGroup) {
    uint64_t n = e->group.num;
    irsBufAppend(out, "G", 1);
    irsBufAppend(out, &n, sizeof(n));
    for (size_t i = 0; i < e->group.num; ++i)
      irsEditKey(&e->group.edits[i], out);
    return;
  }
  // The kind, the target and every parameter of the kind's member, in
  // full: two edits with equal keys must produce equal candidates.
  int64_t head[2] = {(int64_t)e->kind, e->target};
  irsBufAppend(out, "K", 1);
  keyInts(out, head, 2);
  switch (e->kind) {
  case IrsEditInline:
    keyInts(out, &e->inlineRegion.region, 1);
    return;
  case IrsEditDropArg:
    keyInts(out, (int64_t[]){e->dropArg.arg, e->dropArg.block,
                             e->dropArg.region}, 3);
    return;
  case IrsEditDropResult:
    keyInts(out, &e->dropResult.result, 1);
    return;
  case IrsEditSetOperand:
    keyInts(out, (int64_t[]){e->setOperand.operand, e->setOperand.source,
                             e->setOperand.index}, 3);
    return;
  case IrsEditAttrs:
    keyInts(out, (int64_t[]){e->attrs.change}, 1);
    keyText(out, e->attrs.name);
    return;
  case IrsEditRunPipeline:
    keyText(out, e->runPipeline.pipeline);
    return;
  case IrsEditRename:
    keyText(out, e->rename.name);
    return;
  case IrsEditSimplifyCfg:
    keyInts(out, (int64_t[]){e->cfg.change, e->cfg.index}, 2);
    return;
  case IrsEditPoisonToArg: // the target says it all
  case IrsEditErase:
  case IrsEditGroup:
    return;
  }
}

bool irsEditMustNotGrow(const IrsEdit *e) {
  if (!e)
    return false;
  if (e->kind == IrsEditDropArg || e->kind == IrsEditDropResult)
    return true;
  for (size_t i = 0; e->kind == IrsEditGroup && i < e->group.num; ++i)
    if (irsEditMustNotGrow(&e->group.edits[i]))
      return true;
  return false;
}

void irsEditDescribe(const IrsEdit *e, IrsBuf *out) {
  if (!e) {
    irsBufAppendStr(out, "the module as it is");
    return;
  }
  switch (e->kind) {
  case IrsEditErase:
    irsBufPrintf(out, "erase %zu op%s:", e->erase.num,
                 e->erase.num == 1 ? "" : "s");
    for (size_t i = 0; i < e->erase.num && i < 8; ++i)
      irsBufPrintf(out, " #%lld", (long long)e->erase.ops[i]);
    if (e->erase.num > 8)
      irsBufAppendStr(out, " ...");
    return;
  case IrsEditInline:
    irsBufPrintf(out, "inline region %lld of op #%lld",
                 (long long)e->inlineRegion.region,
                 (long long)e->target);
    return;
  case IrsEditDropArg:
    irsBufPrintf(out, "drop argument %lld of block %lld of region %lld of op "
                      "#%lld",
                 (long long)e->dropArg.arg, (long long)e->dropArg.block,
                 (long long)e->dropArg.region, (long long)e->target);
    return;
  case IrsEditDropResult:
    irsBufPrintf(out, "drop result %lld of function #%lld",
                 (long long)e->dropResult.result,
                 (long long)e->target);
    return;
  case IrsEditSetOperand:
    irsBufPrintf(out, "operand %lld of op #%lld := %s",
                 (long long)e->setOperand.operand, (long long)e->target,
                 e->setOperand.source == IrsEditValuePoison     ? "poison"
                 : e->setOperand.source == IrsEditValueArgument ? "argument"
                                                                : "value");
    if (e->setOperand.source != IrsEditValuePoison)
      irsBufPrintf(out, " %lld", (long long)e->setOperand.index);
    return;
  case IrsEditAttrs:
    if (e->attrs.change == IrsEditAttrsUnknownLocations)
      irsBufAppendStr(out, "every location unknown");
    else if (e->attrs.change == IrsEditAttrsSplat)
      irsBufPrintf(out, "attribute '%s' of op #%lld to a splat",
                   e->attrs.name ? e->attrs.name : "", (long long)e->target);
    else
      irsBufPrintf(out, "drop discardable attributes of op #%lld",
                   (long long)e->target);
    return;
  case IrsEditRunPipeline:
    irsBufPrintf(out, "run %s",
                 e->runPipeline.pipeline ? e->runPipeline.pipeline : "");
    return;
  case IrsEditRename:
    if (e->target < 0)
      irsBufAppendStr(out, "rename every symbol");
    else
      irsBufPrintf(out, "rename op #%lld to @%s", (long long)e->target,
                   e->rename.name ? e->rename.name : "");
    return;
  case IrsEditSimplifyCfg:
    if (e->cfg.change == IrsEditCfgFold)
      irsBufPrintf(out, "branch #%lld to its successor %lld only",
                   (long long)e->target, (long long)e->cfg.index);
    else if (e->cfg.change == IrsEditCfgMerge)
      irsBufPrintf(out, "merge the successor of branch #%lld into its block",
                   (long long)e->target);
    else if (e->cfg.change == IrsEditCfgBypass)
      irsBufPrintf(out, "bypass the block of branch #%lld",
                   (long long)e->target);
    else
      irsBufPrintf(out, "erase unreachable blocks of region %lld of op #%lld",
                   (long long)e->cfg.index, (long long)e->target);
    return;
  case IrsEditPoisonToArg:
    irsBufPrintf(out, "poison #%lld := a new argument of its function",
                 (long long)e->target);
    return;
  case IrsEditGroup:
    irsBufPrintf(out, "%zu edits at once:", e->group.num);
    for (size_t i = 0; i < e->group.num && i < 4; ++i) {
      irsBufAppendStr(out, i ? "; " : " ");
      irsEditDescribe(&e->group.edits[i], out);
    }
    if (e->group.num > 4)
      irsBufAppendStr(out, "; ...");
    return;
  }
}

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
    IrsEdit all = {.kind = IrsEditGroup, .group = {edits, n}};
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
