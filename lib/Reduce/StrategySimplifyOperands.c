// SPDX-License-Identifier: Apache-2.0
//===- StrategySimplifyOperands.c - replace operands by simpler values ----===//
//
// An operand that is not already simple (a constant, the function's first
// ub.poison of its type, an argument of a function) is replaced, in this
// order of preference, by ub.poison of its type (the first one of the
// function if there is one, else a new one), by the first argument of the
// enclosing function with its type, or by the first arith.constant of its
// type earlier in that function; a replacement that does not dominate the
// use does not verify and is rejected. An operand that is another poison is
// offered the first one: poisons of one type merge. The op that fed the
// operand may then become dead, for erase-ops or run-passes to remove.
// Progress: each accepted edit lowers the number of operands that are not
// simple.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <stdlib.h>

// The enclosing op directly in the module (the function), or null.
static MlirOperation topAncestor(MlirOperation op, MlirOperation root) {
  MlirOperation p = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(p) && !mlirOperationEqual(p, root)) {
    op = p;
    p = mlirOperationGetParentOperation(op);
  }
  return mlirOperationIsNull(p) ? (MlirOperation){NULL} : op;
}

static MlirBlock entryOf(MlirOperation func) {
  if (mlirOperationIsNull(func) || mlirOperationGetNumRegions(func) == 0)
    return (MlirBlock){NULL};
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

static bool isSimple(MlirValue v, MlirOperation root) {
  if (mlirValueIsAOpResult(v))
    return irsEditIsConstant(mlirOpResultGetOwner(v));
  MlirBlock owner = mlirBlockArgumentGetOwner(v);
  MlirOperation op = mlirBlockGetParentOperation(owner);
  return !mlirOperationIsNull(op) &&
         mlirOperationEqual(mlirOperationGetParentOperation(op), root) &&
         mlirBlockEqual(entryOf(op), owner);
}

static bool applySetOperand(MlirContext ctx, MlirOperation root,
                            const IrsEdit *e) {
  MlirOperation op = irsEditFindOp(root, e->target);
  int64_t operand = e->setOperand.operand, index = e->setOperand.index;
  if (mlirOperationIsNull(op) || operand < 0 ||
      operand >= mlirOperationGetNumOperands(op))
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, operand));
  MlirValue v = {NULL};
  if (e->setOperand.source == IrsEditValuePoison) {
    v = irsEditPoison(ctx, t, op);
  } else if (e->setOperand.source == IrsEditValueArgument) {
    MlirBlock entry = entryOf(topAncestor(op, root));
    if (mlirBlockIsNull(entry) || index < 0 ||
        index >= mlirBlockGetNumArguments(entry))
      return false;
    v = mlirBlockGetArgument(entry, index);
  } else {
    MlirOperation def = irsEditFindOp(root, index);
    if (mlirOperationIsNull(def) || mlirOperationGetNumResults(def) < 1)
      return false;
    v = mlirOperationGetResult(def, 0);
  }
  if (mlirValueIsNull(v) || !mlirTypeEqual(mlirValueGetType(v), t))
    return false;
  mlirOperationSetOperand(op, operand, v);
  return true;
}

typedef struct Cands {
  IrsEdit *e;
  size_t n, cap;
} Cands;

static void push(Cands *c, IrsEdit e) {
  if (c->n == c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 64;
    IrsEdit *p = realloc(c->e, cap * sizeof(IrsEdit));
    if (!p)
      return;
    c->e = p;
    c->cap = cap;
  }
  c->e[c->n++] = e;
}

enum { kMaxConstTypes = 32 };

static void keySetOperand(const IrsEdit *e, IrsBuf *out) {
  irsEditKeyInts(out, (int64_t[]){e->setOperand.operand, e->setOperand.source,
                                  e->setOperand.index}, 3);
}

static void describeSetOperand(const IrsEdit *e, IrsBuf *out) {
  irsBufPrintf(out, "operand %lld of op #%lld := %s",
               (long long)e->setOperand.operand, (long long)e->target,
               e->setOperand.source == IrsEditValuePoison     ? "poison"
               : e->setOperand.source == IrsEditValueArgument ? "argument"
                                                              : "value");
  if (e->setOperand.source != IrsEditValuePoison)
    irsBufPrintf(out, " %lld", (long long)e->setOperand.index);
}

/// An operand of op `target` := a simpler value (IrsEditValueSource).
const IrsEditOps irsEditSetOperand = {.apply = applySetOperand,
                                      .key = keySetOperand,
                                      .describe = describeSetOperand};

static IrsEdit setTo(size_t target, intptr_t operand,
                     IrsEditValueSource source, int64_t index) {
  return (IrsEdit){.ops = &irsEditSetOperand,
                   .target = (int64_t)target,
                   .setOperand = {operand, source, index}};
}

// Remembers op `i` (one result) as the first of its result type, unless one
// was seen already or the list (kMaxConstTypes) is full.
static void noteFirstOfType(MlirOperation op, size_t i, MlirType *types,
                            int64_t *at, int *num) {
  if (*num >= kMaxConstTypes)
    return;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  for (int k = 0; k < *num; ++k)
    if (mlirTypeEqual(types[k], t))
      return;
  types[*num] = t;
  at[(*num)++] = (int64_t)i;
}

static bool simplifyOperands(Reducer *r, void *state) {
  (void)state;
  MlirOperation root = mlirModuleGetOperation(r->module);
  MlirOperation *ops = NULL;
  size_t n = irsEditWalk(root, &ops);
  Cands c = {NULL, 0, 0};
  size_t *groupStart = malloc((n + 1) * sizeof(size_t));
  // The first constant of each type seen so far in the current function
  // (a short list: a reduced function has few constant types).
  MlirType constType[kMaxConstTypes];
  int64_t constAt[kMaxConstTypes];
  int numConst = 0;
  // Likewise the first ub.poison of each type: a poison operand is simple
  // only if it is that one, so that poisons of one type merge into one.
  MlirType poisonType[kMaxConstTypes];
  int64_t poisonAt[kMaxConstTypes];
  int numPoison = 0;
  for (size_t i = 1; groupStart && i < n; ++i) {
    groupStart[i] = c.n;
    MlirOperation op = ops[i];
    MlirOperation func = topAncestor(op, root);
    if (mlirOperationIsNull(func) || mlirOperationEqual(func, op)) {
      numConst = numPoison = 0;
      continue;
    }
    MlirBlock entry = entryOf(func);
    for (intptr_t a = mlirOperationGetNumOperands(op); a-- > 0;) {
      MlirValue v = mlirOperationGetOperand(op, a);
      MlirType t = mlirValueGetType(v);
      int first = -1;
      for (int k = 0; k < numPoison && first < 0; ++k)
        if (mlirTypeEqual(poisonType[k], t))
          first = k;
      if (mlirValueIsAOpResult(v) && irsEditIsPoison(mlirOpResultGetOwner(v))) {
        if (first >= 0 &&
            !mlirOperationEqual(ops[poisonAt[first]], mlirOpResultGetOwner(v)))
          push(&c, setTo(i, a, IrsEditValueResult, poisonAt[first]));
        continue;
      }
      if (isSimple(v, root))
        continue;
      // Values that already exist come first: a new poison costs an op, and
      // is offered last, only where none of the type exists yet (a second
      // one would leave the operand as far from simple as before).
      if (first >= 0)
        push(&c, setTo(i, a, IrsEditValueResult, poisonAt[first]));
      for (intptr_t j = 0; !mlirBlockIsNull(entry) &&
                           j < mlirBlockGetNumArguments(entry); ++j)
        if (mlirTypeEqual(mlirValueGetType(mlirBlockGetArgument(entry, j)), t)) {
          push(&c, setTo(i, a, IrsEditValueArgument, j));
          break;
        }
      for (int k = 0; k < numConst; ++k)
        if (mlirTypeEqual(constType[k], t)) {
          push(&c, setTo(i, a, IrsEditValueResult, constAt[k]));
          break;
        }
      if (first < 0)
        push(&c, setTo(i, a, IrsEditValuePoison, 0));
    }
    if (irsEditIsPoison(op) && mlirOperationGetNumResults(op) == 1)
      noteFirstOfType(op, i, poisonType, poisonAt, &numPoison);
    if (irsEditIsConstant(op) && !irsEditIsPoison(op))
      noteFirstOfType(op, i, constType, constAt, &numConst);
  }
  free(ops);
  // Candidates were found in ascending order; they are tried by descending
  // target (a poison goes right before its user and renumbers only from
  // the user on), each op's own candidates in the order found.
  IrsEdit *edits = malloc((c.n ? c.n : 1) * sizeof(IrsEdit));
  size_t m = 0;
  if (groupStart)
    groupStart[n > 0 ? n : 0] = c.n;
  for (size_t i = n; edits && groupStart && c.e && i-- > 1;)
    for (size_t k = groupStart[i]; k < groupStart[i + 1]; ++k)
      edits[m++] = c.e[k];
  free(groupStart);
  free(c.e);
  // A kept poison renumbers the user, so the user's other candidates are
  // skipped; they come back, fresh, when the strategy runs again.
  size_t kept = edits ? irsReduceTryEach(r, edits, m, true) : 0;
  free(edits);
  return kept > 0;
}

const IrsStrategy irsStrategySimplifyOperands = {
    .run = simplifyOperands, .edits = {&irsEditSetOperand}};
