// SPDX-License-Identifier: Apache-2.0
//===- StrategyDropArgs.c - drop block/function arguments and results -----===//
//
// Three edits: an argument of a non-entry block (and the matching operand
// of every branch to it: cf.br and cf.cond_br; a block reached by another
// terminator is left alone), an argument of a func.func (its type, its
// entry block and the operands of every func.call of it), a result of a
// func.func (its type, the operands of its func.return ops and the results
// of every call, rebuilt). Uses of a dropped value become ub.poison.
// arg_attrs / res_attrs are dropped with the first change of a signature,
// since they would no longer line up. Visibility is left as it is: a
// public function keeps its name and stays public, only callers inside the
// module are updated. Progress: each accepted edit removes one block
// argument or function result, and nothing adds them.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool isFunc(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == 9 && memcmp(n.data, "func.func", 9) == 0;
}

static bool nameIs(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && memcmp(n.data, name, n.length) == 0;
}

static MlirBlock blockAt(MlirOperation op, int64_t region, int64_t block) {
  if (region < 0 || region >= mlirOperationGetNumRegions(op))
    return (MlirBlock){NULL};
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
  for (int64_t i = 0; i < block && !mlirBlockIsNull(b); ++i)
    b = mlirBlockGetNextInRegion(b);
  return b;
}

// False (nothing changed) when `v` is used and has no substitute.
static bool dropUses(MlirContext ctx, MlirValue v, MlirOperation before) {
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(v)))
    return true;
  MlirValue with = irsEditSubstitute(ctx, v, before);
  if (mlirValueIsNull(with))
    return false;
  mlirValueReplaceAllUsesOfWith(v, with);
  return true;
}

// Sets the operands of `op` to its current ones minus #`drop`.
static void dropOperand(MlirOperation op, intptr_t drop) {
  intptr_t n = mlirOperationGetNumOperands(op);
  MlirValue *v = malloc((size_t)(n ? n : 1) * sizeof(MlirValue));
  if (!v)
    return;
  intptr_t k = 0;
  for (intptr_t i = 0; i < n; ++i)
    if (i != drop)
      v[k++] = mlirOperationGetOperand(op, i);
  mlirOperationSetOperands(op, k, v);
  free(v);
}

typedef struct Calls {
  MlirStringRef name;
  IrsOpList list;
} Calls;

static MlirWalkResult callCb(MlirOperation op, void *ud) {
  Calls *c = ud;
  if (!nameIs(op, "func.call"))
    return MlirWalkResultAdvance;
  MlirAttribute callee = mlirOperationGetAttributeByName(op, str("callee"));
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return MlirWalkResultAdvance;
  MlirStringRef v = mlirFlatSymbolRefAttrGetValue(callee);
  if (!mlirStringRefEqual(v, c->name))
    return MlirWalkResultAdvance;
  return irsOpListPush(&c->list, op) ? MlirWalkResultAdvance
                                     : MlirWalkResultInterrupt;
}

IrsOpList irsEditCallsOf(MlirOperation root, MlirOperation func) {
  Calls c = {mlirStringAttrGetValue(mlirOperationGetAttributeByName(
                 func, mlirSymbolTableGetSymbolAttributeName())),
             {NULL, 0, 0}};
  mlirOperationWalk(root, callCb, &c, MlirWalkPreOrder);
  return c.list;
}

// The function type of `func` without input `dropIn` / result `dropRes`
// (-1: none).
static MlirType shrinkType(MlirContext ctx, MlirType ft, intptr_t dropIn,
                           intptr_t dropRes) {
  intptr_t ni = mlirFunctionTypeGetNumInputs(ft);
  intptr_t nr = mlirFunctionTypeGetNumResults(ft);
  MlirType *in = malloc((size_t)(ni + 1) * sizeof(MlirType));
  MlirType *res = malloc((size_t)(nr + 1) * sizeof(MlirType));
  intptr_t ki = 0, kr = 0;
  for (intptr_t i = 0; in && i < ni; ++i)
    if (i != dropIn)
      in[ki++] = mlirFunctionTypeGetInput(ft, i);
  for (intptr_t i = 0; res && i < nr; ++i)
    if (i != dropRes)
      res[kr++] = mlirFunctionTypeGetResult(ft, i);
  MlirType t = in && res ? mlirFunctionTypeGet(ctx, ki, in, kr, res)
                         : (MlirType){NULL};
  free(in);
  free(res);
  return t;
}

// Sets array attribute `name` of `op`, if it has one, to itself without
// element `drop`.
static bool shrinkArrayAttr(MlirContext ctx, MlirOperation op,
                            MlirStringRef name, intptr_t drop) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, name);
  if (mlirAttributeIsNull(a))
    return true;
  if (!mlirAttributeIsAArray(a))
    return false;
  intptr_t n = mlirArrayAttrGetNumElements(a), k = 0;
  MlirAttribute *e = malloc((size_t)(n + 1) * sizeof(MlirAttribute));
  if (!e)
    return false;
  for (intptr_t i = 0; i < n; ++i)
    if (i != drop)
      e[k++] = mlirArrayAttrGetElement(a, i);
  mlirOperationSetAttributeByName(op, name, mlirArrayAttrGet(ctx, k, e));
  free(e);
  return true;
}

static bool setFuncType(MlirContext ctx, MlirOperation func, intptr_t dropIn,
                        intptr_t dropRes) {
  MlirAttribute ta = mlirOperationGetAttributeByName(func, str("function_type"));
  if (mlirAttributeIsNull(ta) || !mlirAttributeIsAType(ta))
    return false;
  MlirType nt = shrinkType(ctx, mlirTypeAttrGetValue(ta), dropIn, dropRes);
  if (mlirTypeIsNull(nt))
    return false;
  mlirOperationSetAttributeByName(func, str("function_type"), mlirTypeAttrGet(nt));
  MlirStringRef which = str(dropIn >= 0 ? "arg_attrs" : "res_attrs");
  if (mlirContextIsRegisteredOperation(
          ctx, mlirIdentifierStr(mlirOperationGetName(func)))) {
    mlirOperationRemoveAttributeByName(func, which);
    return true;
  }
  // An unregistered func.func (tool mode) keeps them in its properties,
  // where an attribute cannot be removed, only replaced: by the list
  // without the dropped entry.
  return shrinkArrayAttr(ctx, func, which, dropIn >= 0 ? dropIn : dropRes);
}

static bool dropFuncArg(MlirContext ctx, MlirOperation root, MlirOperation func,
                        intptr_t a) {
  MlirAttribute ta = mlirOperationGetAttributeByName(func, str("function_type"));
  if (mlirAttributeIsNull(ta) || !mlirAttributeIsAType(ta) ||
      a >= mlirFunctionTypeGetNumInputs(mlirTypeAttrGetValue(ta)))
    return false;
  MlirBlock entry = blockAt(func, 0, 0);
  if (!mlirBlockIsNull(entry)) {
    if (a >= mlirBlockGetNumArguments(entry))
      return false;
    MlirOperation first = mlirBlockGetFirstOperation(entry);
    if (mlirOperationIsNull(first))
      return false;
    if (!dropUses(ctx, mlirBlockGetArgument(entry, a), first))
      return false;
    mlirBlockEraseArgument(entry, (unsigned)a);
  }
  if (!setFuncType(ctx, func, a, -1))
    return false;
  IrsOpList calls = irsEditCallsOf(root, func);
  for (size_t i = 0; i < calls.n; ++i)
    if (a < mlirOperationGetNumOperands(calls.ops[i]))
      dropOperand(calls.ops[i], a);
  free(calls.ops);
  return true;
}

// Drops the operand for argument `a` of `dest` from branch `br`, whose
// successor #`pos` is `dest`. Only cf.br and cf.cond_br are understood.
static void dropBranchOperand(MlirContext ctx, MlirOperation br, intptr_t pos,
                              intptr_t a) {
  if (nameIs(br, "cf.br")) {
    dropOperand(br, a);
    return;
  }
  // cf.cond_br: condition, true operands, false operands.
  MlirAttribute seg = mlirOperationGetAttributeByName(br, str("operandSegmentSizes"));
  int32_t s[3] = {mlirDenseI32ArrayGetElement(seg, 0),
                  mlirDenseI32ArrayGetElement(seg, 1),
                  mlirDenseI32ArrayGetElement(seg, 2)};
  dropOperand(br, pos == 0 ? s[0] + a : s[0] + s[1] + a);
  s[pos + 1] -= 1;
  mlirOperationSetAttributeByName(br, str("operandSegmentSizes"),
                                  mlirDenseI32ArrayGet(ctx, 3, s));
}

static bool dropBlockArg(MlirContext ctx, MlirBlock b, intptr_t a) {
  if (a >= mlirBlockGetNumArguments(b))
    return false;
  MlirRegion region = mlirBlockGetParentRegion(b);
  // Check every predecessor before changing anything.
  for (int pass = 0; pass < 2; ++pass) {
    for (MlirBlock p = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(p);
         p = mlirBlockGetNextInRegion(p)) {
      MlirOperation t = mlirBlockGetTerminator(p);
      if (mlirOperationIsNull(t))
        continue;
      // Two edges of one cond_br to `b` would need both operands dropped
      // from the same list; rare enough to leave alone.
      int edges = 0;
      for (intptr_t s = 0; s < mlirOperationGetNumSuccessors(t); ++s) {
        if (!mlirBlockEqual(mlirOperationGetSuccessor(t, s), b))
          continue;
        ++edges;
        if (pass == 0 && (edges > 1 || !(nameIs(t, "cf.br") ||
                                         nameIs(t, "cf.cond_br"))))
          return false;
        if (pass == 1)
          dropBranchOperand(ctx, t, s, a);
      }
    }
  }
  MlirOperation first = mlirBlockGetFirstOperation(b);
  if (mlirOperationIsNull(first))
    return false;
  if (!dropUses(ctx, mlirBlockGetArgument(b, a), first))
    return false;
  mlirBlockEraseArgument(b, (unsigned)a);
  return true;
}

static bool applyDropArg(MlirContext ctx, MlirOperation root,
                         const IrsEdit *e) {
  MlirOperation op = irsEditFindOp(root, e->target);
  int64_t arg = e->dropArg.arg, block = e->dropArg.block;
  if (mlirOperationIsNull(op) || arg < 0)
    return false;
  if (block == 0)
    return e->dropArg.region == 0 && isFunc(op) &&
           dropFuncArg(ctx, root, op, arg);
  MlirBlock b = blockAt(op, e->dropArg.region, block);
  return !mlirBlockIsNull(b) && dropBlockArg(ctx, b, arg);
}

static void keyDropArg(const IrsEdit *e, IrsBuf *out) {
  irsEditKeyInts(out, (int64_t[]){e->dropArg.arg, e->dropArg.block,
                                  e->dropArg.region}, 3);
}

static void describeDropArg(const IrsEdit *e, IrsBuf *out) {
  irsBufPrintf(out, "drop argument %lld of block %lld of region %lld of op "
                    "#%lld",
               (long long)e->dropArg.arg, (long long)e->dropArg.block,
               (long long)e->dropArg.region, (long long)e->target);
}

// Dropping an argument or result that is in use leaves a ub.poison behind,
// and fewer arguments for more ops is no gain by the count people (and the
// reducer benchmarks) go by.
static bool mustNotGrow(const IrsEdit *e) {
  (void)e;
  return true;
}

/// Drop a block argument of op `target` (block 0 of a func.func: its
/// arguments, callers too; block > 0: branch operands too).
const IrsEditOps irsEditDropArg = {.apply = applyDropArg,
                                   .key = keyDropArg,
                                   .describe = describeDropArg,
                                   .mustNotGrow = mustNotGrow};

// Rebuilds `call` without result #`drop`; a use of it becomes poison.
// False when that cannot be done: an unregistered call (tool mode) keeps
// its callee in properties this API cannot copy.
static bool rebuildCall(MlirContext ctx, MlirOperation call, intptr_t drop) {
  if (!mlirContextIsRegisteredOperation(
          ctx, mlirIdentifierStr(mlirOperationGetName(call))))
    return false;
  intptr_t no = mlirOperationGetNumOperands(call);
  intptr_t nr = mlirOperationGetNumResults(call);
  intptr_t na = mlirOperationGetNumAttributes(call);
  MlirValue *ops = malloc((size_t)(no + 1) * sizeof(MlirValue));
  MlirType *res = malloc((size_t)(nr + 1) * sizeof(MlirType));
  MlirNamedAttribute *attrs = malloc((size_t)(na + 1) * sizeof(*attrs));
  if (!ops || !res || !attrs) {
    free(ops), free(res), free(attrs);
    return false;
  }
  for (intptr_t i = 0; i < no; ++i)
    ops[i] = mlirOperationGetOperand(call, i);
  intptr_t kr = 0, ka = 0;
  for (intptr_t i = 0; i < nr; ++i)
    if (i != drop)
      res[kr++] = mlirValueGetType(mlirOperationGetResult(call, i));
  for (intptr_t i = 0; i < na; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(call, i);
    MlirStringRef n = mlirIdentifierStr(a.name);
    if (n.length == 9 && memcmp(n.data, "res_attrs", 9) == 0)
      continue;
    attrs[ka++] = a;
  }
  MlirOperationState st =
      mlirOperationStateGet(str("func.call"), mlirOperationGetLocation(call));
  mlirOperationStateAddOperands(&st, no, ops);
  mlirOperationStateAddResults(&st, kr, res);
  mlirOperationStateAddAttributes(&st, ka, attrs);
  MlirOperation nc = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(call), call, nc);
  bool ok = true;
  for (intptr_t i = 0, k = 0; i < nr; ++i) {
    MlirValue v = mlirOperationGetResult(call, i);
    if (i != drop)
      mlirValueReplaceAllUsesOfWith(v, mlirOperationGetResult(nc, k++));
    else if (!dropUses(ctx, v, nc))
      ok = false;
  }
  if (ok)
    mlirOperationDestroy(call);
  free(ops), free(res), free(attrs);
  return ok;
}

typedef struct Returns {
  MlirOperation func;
  intptr_t drop;
} Returns;

static MlirWalkResult returnCb(MlirOperation op, void *ud) {
  Returns *r = ud;
  if (nameIs(op, "func.return") &&
      mlirOperationEqual(mlirOperationGetParentOperation(op), r->func) &&
      r->drop < mlirOperationGetNumOperands(op))
    dropOperand(op, r->drop);
  return MlirWalkResultAdvance;
}

static bool applyDropResult(MlirContext ctx, MlirOperation root,
                            const IrsEdit *e) {
  MlirOperation func = irsEditFindOp(root, e->target);
  int64_t res = e->dropResult.result;
  if (mlirOperationIsNull(func) || !isFunc(func) || res < 0)
    return false;
  MlirAttribute ta = mlirOperationGetAttributeByName(func, str("function_type"));
  if (mlirAttributeIsNull(ta) || !mlirAttributeIsAType(ta) ||
      res >= mlirFunctionTypeGetNumResults(mlirTypeAttrGetValue(ta)))
    return false;
  if (!setFuncType(ctx, func, -1, res))
    return false;
  Returns rs = {func, res};
  mlirOperationWalk(func, returnCb, &rs, MlirWalkPreOrder);
  IrsOpList calls = irsEditCallsOf(root, func);
  bool ok = true;
  for (size_t i = 0; ok && i < calls.n; ++i)
    if (res < mlirOperationGetNumResults(calls.ops[i]))
      ok = rebuildCall(ctx, calls.ops[i], res);
  free(calls.ops);
  return ok;
}

static void keyDropResult(const IrsEdit *e, IrsBuf *out) {
  irsEditKeyInts(out, &e->dropResult.result, 1);
}

static void describeDropResult(const IrsEdit *e, IrsBuf *out) {
  irsBufPrintf(out, "drop result %lld of function #%lld",
               (long long)e->dropResult.result, (long long)e->target);
}

/// Drop a result of func.func `target` (and of its calls).
const IrsEditOps irsEditDropResult = {.apply = applyDropResult,
                                      .key = keyDropResult,
                                      .describe = describeDropResult,
                                      .mustNotGrow = mustNotGrow};

// Block and function arguments: dropping one renumbers only the ops inside
// its owner (poison goes at the start of the block), so candidates in
// descending (owner, region, block, argument) order stay valid.
static bool dropArgs(Reducer *r) {
  MlirOperation *ops = NULL;
  size_t n = irsEditWalk(mlirModuleGetOperation(r->module), &ops);
  MlirBlock body = mlirModuleGetBody(r->module);
  size_t m = 0, cap = 64;
  IrsEdit *edits = malloc(cap * sizeof(IrsEdit));
  for (size_t i = n; edits && i-- > 1;) {
    MlirOperation op = ops[i];
    bool func = isFunc(op) && mlirBlockEqual(mlirOperationGetBlock(op), body);
    for (intptr_t k = mlirOperationGetNumRegions(op); k-- > 0;) {
      MlirBlock blocks[64];
      int nb = 0;
      for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, k));
           !mlirBlockIsNull(b) && nb < 64; b = mlirBlockGetNextInRegion(b))
        blocks[nb++] = b;
      for (int bi = nb; bi-- > 0;) {
        if (bi == 0 && !(func && k == 0))
          continue; // an op's entry block arguments are its own business
        for (intptr_t a = mlirBlockGetNumArguments(blocks[bi]); a-- > 0;) {
          if (m == cap) {
            IrsEdit *p = realloc(edits, 2 * cap * sizeof(IrsEdit));
            if (!p)
              break;
            edits = p;
            cap *= 2;
          }
          edits[m++] = (IrsEdit){.ops = &irsEditDropArg,
                                 .target = (int64_t)i,
                                 .dropArg = {a, (int64_t)bi, k}};
        }
      }
    }
  }
  free(ops);
  size_t kept = edits ? irsReduceTryEach(r, edits, m, false) : 0;
  free(edits);
  return kept > 0;
}

// Function results: rebuilding a call renumbers ops anywhere (its poison),
// so after each kept edit the candidates are collected afresh, resuming
// after the one kept (by function ordinal, which dropping does not change).
static bool dropResults(Reducer *r) {
  bool any = false;
  int64_t resumeFunc = INT64_MAX, resumeRes = INT64_MAX;
  while (!r->stop) {
    MlirOperation *ops = NULL;
    size_t n = irsEditWalk(mlirModuleGetOperation(r->module), &ops);
    MlirBlock body = mlirModuleGetBody(r->module);
    size_t m = 0, cap = 16;
    IrsEdit *edits = malloc(cap * sizeof(IrsEdit));
    int64_t *ord = malloc(cap * sizeof(int64_t));
    int64_t nf = 0;
    for (size_t i = 1; i < n; ++i)
      nf += isFunc(ops[i]) && mlirBlockEqual(mlirOperationGetBlock(ops[i]), body);
    int64_t f = nf;
    for (size_t i = n; edits && ord && i-- > 1;) {
      MlirOperation op = ops[i];
      if (!isFunc(op) || !mlirBlockEqual(mlirOperationGetBlock(op), body))
        continue;
      --f;
      MlirAttribute ta = mlirOperationGetAttributeByName(op, str("function_type"));
      if (mlirAttributeIsNull(ta) || !mlirAttributeIsAType(ta))
        continue;
      for (intptr_t a = mlirFunctionTypeGetNumResults(mlirTypeAttrGetValue(ta));
           a-- > 0;) {
        if (f > resumeFunc || (f == resumeFunc && a >= resumeRes))
          continue;
        if (m == cap) {
          IrsEdit *p = realloc(edits, 2 * cap * sizeof(IrsEdit));
          int64_t *q = p ? realloc(ord, 2 * cap * sizeof(int64_t)) : NULL;
          if (p)
            edits = p;
          if (!q)
            break;
          ord = q;
          cap *= 2;
        }
        ord[m] = f;
        edits[m++] = (IrsEdit){.ops = &irsEditDropResult,
                               .target = (int64_t)i, .dropResult = {a}};
      }
    }
    free(ops);
    const IrsEdit **ptrs = malloc((m ? m : 1) * sizeof(*ptrs));
    intptr_t k = -1;
    for (size_t i = 0; ptrs && i < m; ++i)
      ptrs[i] = &edits[i];
    if (ptrs && edits && m)
      k = irsReduceTryFirst(r, ptrs, m);
    if (k >= 0) {
      resumeFunc = ord[k];
      resumeRes = edits[k].dropResult.result;
      any = true;
    }
    free(ptrs);
    free(edits);
    free(ord);
    if (k < 0)
      break;
  }
  return any;
}

static bool dropArgsAndResults(Reducer *r, void *state) {
  (void)state;
  bool a = dropArgs(r);
  bool b = dropResults(r);
  return a || b;
}

const IrsStrategy irsStrategyDropArgs = {
    .run = dropArgsAndResults,
    .edits = {&irsEditDropArg, &irsEditDropResult}};
