// SPDX-License-Identifier: Apache-2.0
//===- StrategySimplifyCfg.c - fold branches, merge and erase blocks ------===//
//
// Structural CFG edits on `cf` branches in any region of any op (other
// terminators are left alone: their successor operands mean something
// this file does not know):
//   fold   cf.cond_br / cf.switch becomes a cf.br to one of its successors,
//          with that successor's operands; the condition and the other
//          successors' operands are dropped;
//   merge  a block whose only predecessor edge is a cf.br from another
//          block joins that block: its arguments become the branch
//          operands, its ops move over, the branch and the block go;
//   bypass a block that holds nothing but a cf.br: every edge into it goes
//          to the cf.br's successor instead (the block's arguments in the
//          cf.br's operands replaced by what the edge passed), and the
//          block goes; this removes chains of trivial blocks that have
//          several predecessors, which a merge cannot;
//   prune  the blocks of a region that the entry block does not reach are
//          erased (the follow-up of every fold, so that no candidate leaves
//          dead blocks behind, and a candidate of its own for input that
//          has them already).
// A prune drops every operand of the ops in the dead blocks first: their
// values may be used across those blocks (a dead cycle), and a value used
// in a live block cannot be defined in an unreachable one in valid IR
// (checked all the same, before anything changes).
// Progress (the measure in docs/opt-reduce.md): a fold removes at least one
// successor edge and adds no op, block or argument; a merge removes an op
// (the cf.br) and a block; so does a bypass; a prune removes blocks and
// their ops.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/BuiltinAttributes.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

extern const IrsEditOps irsEditSimplifyCfg;

static IrsEdit cfgEdit(size_t target, IrsEditCfgChange change,
                       int64_t index) {
  return (IrsEdit){.ops = &irsEditSimplifyCfg,
                   .target = (int64_t)target,
                   .cfg = {change, index}};
}

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool nameIs(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && memcmp(n.data, name, n.length) == 0;
}

static bool isCfBranch(MlirOperation op) {
  return nameIs(op, "cf.br") || nameIs(op, "cf.cond_br") ||
         nameIs(op, "cf.switch");
}

// Element `i` of the dense i32 array attribute `name` of `op`, or -1.
static int64_t segment(MlirOperation op, const char *name, intptr_t i) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, str(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a) ||
      i >= mlirDenseArrayGetNumElements(a))
    return -1;
  return mlirDenseI32ArrayGetElement(a, i);
}

// The operands that branch `op` passes to its successor #`s`: [*start,
// *start + *len). False if the layout is not the one expected.
static bool succOperands(MlirOperation op, intptr_t s, intptr_t *start,
                         intptr_t *len) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (s < 0 || s >= mlirOperationGetNumSuccessors(op))
    return false;
  if (nameIs(op, "cf.br")) {
    *start = 0;
    *len = n;
    return true;
  }
  // cf.cond_br: (condition, true operands, false operands); cf.switch:
  // (flag, default operands, all case operands), the case operands split
  // by case_operand_segments; successor 0 is the default.
  int64_t lead = segment(op, "operandSegmentSizes", 0);
  int64_t first = segment(op, "operandSegmentSizes", 1);
  if (lead < 0 || first < 0)
    return false;
  int64_t off = lead, l = first;
  if (s > 0) {
    off += first;
    if (nameIs(op, "cf.cond_br")) {
      l = segment(op, "operandSegmentSizes", 2);
    } else {
      for (intptr_t k = 0; k + 1 < s; ++k) {
        int64_t c = segment(op, "case_operand_segments", k);
        if (c < 0)
          return false;
        off += c;
      }
      l = segment(op, "case_operand_segments", s - 1);
    }
  }
  if (l < 0 || off + l > n)
    return false;
  *start = (intptr_t)off;
  *len = (intptr_t)l;
  return true;
}

static int cmpPtr(const void *x, const void *y) {
  uintptr_t a = (uintptr_t)((const MlirBlock *)x)->ptr;
  uintptr_t b = (uintptr_t)((const MlirBlock *)y)->ptr;
  return a < b ? -1 : a > b;
}

// The blocks of `region` in order; *n of them. Caller frees.
static MlirBlock *blocksOf(MlirRegion region, size_t *n) {
  size_t k = 0, cap = 16;
  MlirBlock *v = malloc(cap * sizeof(*v));
  for (MlirBlock b = mlirRegionGetFirstBlock(region); v && !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b)) {
    if (k == cap) {
      MlirBlock *p = realloc(v, 2 * cap * sizeof(*v));
      if (!p) {
        free(v);
        v = NULL;
        break;
      }
      v = p;
      cap *= 2;
    }
    v[k++] = b;
  }
  *n = v ? k : 0;
  return v;
}

typedef struct Dead {
  MlirBlock *sorted; // the region's blocks by address, for bsearch
  bool *dead;        // by position in `sorted`
  size_t n;
} Dead;

static intptr_t posOf(const Dead *d, MlirBlock b) {
  MlirBlock *p = bsearch(&b, d->sorted, d->n, sizeof(*p), cmpPtr);
  return p ? p - d->sorted : -1;
}

// Marks the blocks of `region` that its entry block does not reach. False
// when out of memory. d->dead[i] is about d->sorted[i].
static bool findDead(MlirRegion region, Dead *d, size_t *numDead) {
  d->sorted = blocksOf(region, &d->n);
  d->dead = NULL;
  *numDead = 0;
  if (!d->sorted)
    return false;
  MlirBlock entry = d->sorted[0];
  qsort(d->sorted, d->n, sizeof(*d->sorted), cmpPtr);
  d->dead = malloc((d->n ? d->n : 1) * sizeof(bool));
  MlirBlock *work = malloc((d->n ? d->n : 1) * sizeof(MlirBlock));
  if (!d->dead || !work) {
    free(work);
    return false;
  }
  for (size_t i = 0; i < d->n; ++i)
    d->dead[i] = true;
  size_t top = 0;
  if (d->n) {
    d->dead[posOf(d, entry)] = false;
    work[top++] = entry;
  }
  while (top) {
    MlirBlock b = work[--top];
    intptr_t ns = mlirBlockGetNumSuccessors(b);
    for (intptr_t s = 0; s < ns; ++s) {
      intptr_t p = posOf(d, mlirBlockGetSuccessor(b, s));
      if (p >= 0 && d->dead[p]) {
        d->dead[p] = false;
        work[top++] = d->sorted[p];
      }
    }
  }
  free(work);
  for (size_t i = 0; i < d->n; ++i)
    *numDead += d->dead[i];
  return true;
}

// Whether `op` lies (at any depth) in a dead block of the region `d` is about.
static bool inDeadBlock(const Dead *d, MlirRegion region, MlirOperation op) {
  while (!mlirOperationIsNull(op)) {
    MlirBlock b = mlirOperationGetBlock(op);
    if (mlirBlockIsNull(b))
      return false;
    if (mlirRegionEqual(mlirBlockGetParentRegion(b), region)) {
      intptr_t p = posOf(d, b);
      return p >= 0 && d->dead[p];
    }
    op = mlirBlockGetParentOperation(b);
  }
  return false;
}

static bool usedOnlyInDead(const Dead *d, MlirRegion region, MlirValue v) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u))
    if (!inDeadBlock(d, region, mlirOpOperandGetOwner(u)))
      return false;
  return true;
}

typedef struct Check {
  const Dead *d;
  MlirRegion region;
  bool ok;
} Check;

static MlirWalkResult checkCb(MlirOperation op, void *ud) {
  Check *c = ud;
  for (intptr_t i = 0; c->ok && i < mlirOperationGetNumResults(op); ++i)
    c->ok = usedOnlyInDead(c->d, c->region, mlirOperationGetResult(op, i));
  return c->ok ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
}

static MlirWalkResult dropOperandsCb(MlirOperation op, void *ud) {
  (void)ud;
  MlirValue none[1] = {{NULL}};
  mlirOperationSetOperands(op, 0, none);
  return MlirWalkResultAdvance;
}

// Erases the blocks of `region` that its entry block does not reach. False
// (nothing changed) if one of their values is used in a live block.
static bool prune(MlirRegion region, size_t *pruned) {
  Dead d;
  size_t numDead = 0;
  *pruned = 0;
  bool ok = findDead(region, &d, &numDead);
  Check c = {&d, region, ok};
  for (size_t i = 0; c.ok && i < d.n; ++i) {
    if (!d.dead[i])
      continue;
    MlirBlock b = d.sorted[i];
    for (intptr_t a = 0; c.ok && a < mlirBlockGetNumArguments(b); ++a)
      c.ok = usedOnlyInDead(&d, region, mlirBlockGetArgument(b, a));
    for (MlirOperation o = mlirBlockGetFirstOperation(b);
         c.ok && !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
      mlirOperationWalk(o, checkCb, &c, MlirWalkPreOrder);
  }
  if (!c.ok || numDead == 0) {
    free(d.sorted);
    free(d.dead);
    return c.ok;
  }
  // Every use of a dead value is now in a dead block: drop them all, then
  // the dead terminators (their successors are uses of dead blocks), then
  // the blocks, in region order so that the result does not depend on
  // addresses.
  for (size_t i = 0; i < d.n; ++i)
    if (d.dead[i])
      for (MlirOperation o = mlirBlockGetFirstOperation(d.sorted[i]);
           !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
        mlirOperationWalk(o, dropOperandsCb, NULL, MlirWalkPostOrder);
  for (size_t i = 0; i < d.n; ++i) {
    if (!d.dead[i])
      continue;
    MlirOperation t = mlirBlockGetTerminator(d.sorted[i]);
    if (!mlirOperationIsNull(t) && mlirOperationGetNumSuccessors(t) > 0)
      mlirOperationDestroy(t);
  }
  size_t n = 0;
  MlirBlock *order = blocksOf(region, &n);
  for (size_t i = 0; order && i < n; ++i) {
    intptr_t p = posOf(&d, order[i]);
    if (p < 0 || !d.dead[p])
      continue;
    mlirBlockDetach(order[i]);
    mlirBlockDestroy(order[i]);
    ++*pruned;
  }
  free(order);
  free(d.sorted);
  free(d.dead);
  return true;
}

// cf.cond_br / cf.switch `op` becomes a cf.br to its successor #`s`.
static bool fold(MlirOperation op, intptr_t s) {
  if (!(nameIs(op, "cf.cond_br") || nameIs(op, "cf.switch")) ||
      mlirOperationGetNumSuccessors(op) < 2) // else no edge goes
    return false;
  intptr_t start, len;
  if (!succOperands(op, s, &start, &len))
    return false;
  MlirValue *v = malloc((size_t)(len ? len : 1) * sizeof(MlirValue));
  if (!v)
    return false;
  for (intptr_t i = 0; i < len; ++i)
    v[i] = mlirOperationGetOperand(op, start + i);
  MlirBlock dest = mlirOperationGetSuccessor(op, s);
  MlirOperationState st =
      mlirOperationStateGet(str("cf.br"), mlirOperationGetLocation(op));
  mlirOperationStateAddOperands(&st, len, v);
  mlirOperationStateAddSuccessors(&st, 1, &dest);
  MlirOperation br = mlirOperationCreate(&st);
  free(v);
  if (mlirOperationIsNull(br))
    return false;
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, br);
  mlirOperationDestroy(op);
  return true;
}

// Merges the successor of cf.br `br` into the block `br` ends.
static bool merge(MlirOperation br) {
  if (!nameIs(br, "cf.br") || mlirOperationGetNumSuccessors(br) != 1)
    return false;
  MlirBlock from = mlirOperationGetBlock(br);
  MlirBlock dest = mlirOperationGetSuccessor(br, 0);
  intptr_t na = mlirBlockGetNumArguments(dest);
  if (mlirBlockEqual(from, dest) || mlirBlockGetNumPredecessors(dest) != 1 ||
      na != mlirOperationGetNumOperands(br))
    return false;
  for (intptr_t i = 0; i < na; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(dest, i),
                                  mlirOperationGetOperand(br, i));
  for (MlirOperation o = mlirBlockGetFirstOperation(dest);
       !mlirOperationIsNull(o);) {
    MlirOperation next = mlirOperationGetNextInBlock(o);
    mlirOperationMoveBefore(o, br);
    o = next;
  }
  mlirOperationDestroy(br);
  mlirBlockDetach(dest);
  mlirBlockDestroy(dest);
  return true;
}

// Sets the operands branch `pred` passes to its successor #`s` to `v`
// (n of them) and the successor to `dest`; the segment attributes follow.
// cf.br, cf.cond_br and cf.switch lay their operands out alike: the leading
// operand (none, the condition, the flag), then each successor's operands
// in successor order.
static bool redirect(MlirContext ctx, MlirOperation pred, intptr_t s,
                     MlirBlock dest, const MlirValue *v, intptr_t n) {
  intptr_t ns = mlirOperationGetNumSuccessors(pred);
  intptr_t no = mlirOperationGetNumOperands(pred);
  MlirValue *ops = malloc((size_t)(no + n + 1) * sizeof(MlirValue));
  int32_t *len = malloc((size_t)(ns + 1) * sizeof(int32_t));
  bool ok = ops && len;
  intptr_t k = 0, lead = 0;
  for (intptr_t j = 0; ok && j < ns; ++j) {
    intptr_t start, l;
    ok = succOperands(pred, j, &start, &l);
    if (!ok)
      break;
    if (j == 0) {
      lead = start;
      for (intptr_t i = 0; i < lead; ++i)
        ops[k++] = mlirOperationGetOperand(pred, i);
    }
    len[j] = (int32_t)(j == s ? n : l);
    for (intptr_t i = 0; i < len[j]; ++i)
      ops[k++] = j == s ? v[i] : mlirOperationGetOperand(pred, start + i);
  }
  if (ok) {
    mlirOperationSetOperands(pred, k, ops);
    mlirOperationSetSuccessor(pred, s, dest);
    if (!nameIs(pred, "cf.br")) {
      int32_t seg[3] = {(int32_t)lead, len[0], 0};
      for (intptr_t j = 1; j < ns; ++j)
        seg[2] += len[j];
      mlirOperationSetAttributeByName(pred, str("operandSegmentSizes"),
                                      mlirDenseI32ArrayGet(ctx, 3, seg));
      if (nameIs(pred, "cf.switch"))
        mlirOperationSetAttributeByName(
            pred, str("case_operand_segments"),
            mlirDenseI32ArrayGet(ctx, ns - 1, len + 1));
    }
  }
  free(ops);
  free(len);
  return ok;
}

// Whether cf.br `br` is all its block holds and its block can be bypassed:
// not the entry block, not a self-loop, reached only by cf branches, its
// arguments used by nothing but `br`.
static bool bypassable(MlirOperation br) {
  if (!nameIs(br, "cf.br") || mlirOperationGetNumSuccessors(br) != 1)
    return false;
  MlirBlock b = mlirOperationGetBlock(br);
  MlirRegion region = mlirBlockGetParentRegion(b);
  if (mlirBlockEqual(b, mlirRegionGetFirstBlock(region)) ||
      !mlirOperationEqual(mlirBlockGetFirstOperation(b), br) ||
      mlirBlockEqual(mlirOperationGetSuccessor(br, 0), b))
    return false;
  for (intptr_t a = 0; a < mlirBlockGetNumArguments(b); ++a)
    for (MlirOpOperand u = mlirValueGetFirstUse(mlirBlockGetArgument(b, a));
         !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
      if (!mlirOperationEqual(mlirOpOperandGetOwner(u), br))
        return false;
  for (MlirBlock p = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(p);
       p = mlirBlockGetNextInRegion(p)) {
    MlirOperation t = mlirBlockGetTerminator(p);
    if (mlirOperationIsNull(t))
      continue;
    for (intptr_t s = 0; s < mlirOperationGetNumSuccessors(t); ++s)
      if (mlirBlockEqual(mlirOperationGetSuccessor(t, s), b) && !isCfBranch(t))
        return false;
  }
  return true;
}

// Every edge into the block of cf.br `br` goes where `br` goes instead,
// with `br`'s operands (its block's arguments replaced by what the edge
// passed); then the block, unreachable, is erased.
static bool bypass(MlirContext ctx, MlirOperation br) {
  if (!bypassable(br))
    return false;
  MlirBlock b = mlirOperationGetBlock(br);
  MlirBlock dest = mlirOperationGetSuccessor(br, 0);
  MlirRegion region = mlirBlockGetParentRegion(b);
  intptr_t n = mlirOperationGetNumOperands(br);
  MlirValue *v = malloc((size_t)(n + 1) * sizeof(MlirValue));
  if (!v)
    return false;
  bool ok = true;
  for (MlirBlock p = mlirRegionGetFirstBlock(region);
       ok && !mlirBlockIsNull(p); p = mlirBlockGetNextInRegion(p)) {
    MlirOperation t = mlirBlockGetTerminator(p);
    if (mlirOperationIsNull(t))
      continue;
    for (intptr_t s = 0; ok && s < mlirOperationGetNumSuccessors(t); ++s) {
      intptr_t start, l;
      if (!mlirBlockEqual(mlirOperationGetSuccessor(t, s), b))
        continue;
      ok = succOperands(t, s, &start, &l) &&
           l == mlirBlockGetNumArguments(b);
      for (intptr_t i = 0; ok && i < n; ++i) {
        MlirValue x = mlirOperationGetOperand(br, i);
        v[i] = x;
        if (mlirValueIsABlockArgument(x) &&
            mlirBlockEqual(mlirBlockArgumentGetOwner(x), b))
          v[i] = mlirOperationGetOperand(
              t, start + mlirBlockArgumentGetArgNumber(x));
      }
      ok = ok && redirect(ctx, t, s, dest, v, n);
    }
  }
  free(v);
  if (!ok || mlirBlockGetNumPredecessors(b) != 0)
    return false;
  mlirBlockDetach(b);
  mlirBlockDestroy(b);
  return true;
}

static bool applySimplifyCfg(MlirContext ctx, MlirOperation root,
                             const IrsEdit *e) {
  (void)ctx;
  MlirOperation op = irsEditFindOp(root, e->target);
  if (mlirOperationIsNull(op))
    return false;
  size_t pruned = 0;
  int64_t index = e->cfg.index;
  if (e->cfg.change == IrsEditCfgPrune) {
    if (index < 0 || index >= mlirOperationGetNumRegions(op))
      return false;
    return prune(mlirOperationGetRegion(op, index), &pruned) && pruned > 0;
  }
  MlirBlock b = mlirOperationGetBlock(op);
  if (mlirBlockIsNull(b))
    return false;
  MlirRegion region = mlirBlockGetParentRegion(b);
  if (e->cfg.change == IrsEditCfgMerge)
    return merge(op);
  if (e->cfg.change == IrsEditCfgBypass)
    return bypass(ctx, op);
  if (e->cfg.change != IrsEditCfgFold || !fold(op, (intptr_t)index))
    return false;
  return prune(region, &pruned);
}

// Candidates in pre-order of their target: per cf.cond_br / cf.switch one
// fold per successor, per cf.br a merge when its successor has no other
// predecessor; per region with unreachable blocks a prune.
static IrsEdit *collect(Reducer *r, size_t *m) {
  MlirOperation *ops = NULL;
  size_t n = irsEditWalk(mlirModuleGetOperation(r->module), &ops);
  size_t k = 0, cap = 16;
  IrsEdit *edits = malloc(cap * sizeof(IrsEdit));
  for (size_t i = 1; edits && i < n; ++i) {
    MlirOperation op = ops[i];
    intptr_t want = 0;
    IrsEdit e[8];
    // A prune candidate per region that needs one (a fold prunes too).
    for (intptr_t g = 0; g < mlirOperationGetNumRegions(op); ++g) {
      MlirRegion region = mlirOperationGetRegion(op, g);
      MlirBlock first = mlirRegionGetFirstBlock(region);
      if (mlirBlockIsNull(first) ||
          mlirBlockIsNull(mlirBlockGetNextInRegion(first)))
        continue;
      Dead d;
      size_t numDead = 0;
      if (findDead(region, &d, &numDead) && numDead > 0 && want < 8)
        e[want++] = cfgEdit(i, IrsEditCfgPrune, g);
      free(d.sorted);
      free(d.dead);
    }
    if (isCfBranch(op) && !nameIs(op, "cf.br")) {
      intptr_t ns = mlirOperationGetNumSuccessors(op);
      for (intptr_t s = 0; s < ns && ns >= 2; ++s) {
        if (want == 8)
          break; // a huge switch: its first destinations are enough
        e[want++] = cfgEdit(i, IrsEditCfgFold, s);
      }
    } else if (nameIs(op, "cf.br") && mlirOperationGetNumSuccessors(op) == 1) {
      MlirBlock dest = mlirOperationGetSuccessor(op, 0);
      if (!mlirBlockEqual(dest, mlirOperationGetBlock(op)) &&
          mlirBlockGetNumPredecessors(dest) == 1 && want < 8)
        e[want++] = cfgEdit(i, IrsEditCfgMerge, 0);
      if (bypassable(op) && want < 8)
        e[want++] = cfgEdit(i, IrsEditCfgBypass, 0);
    }
    for (intptr_t j = 0; j < want; ++j) {
      if (k == cap) {
        IrsEdit *p = realloc(edits, 2 * cap * sizeof(IrsEdit));
        if (!p)
          break;
        edits = p;
        cap *= 2;
      }
      edits[k++] = e[j];
    }
  }
  free(ops);
  *m = edits ? k : 0;
  return edits;
}

static void keySimplifyCfg(const IrsEdit *e, IrsBuf *out) {
  irsEditKeyInts(out, (int64_t[]){e->cfg.change, e->cfg.index}, 2);
}

static void describeSimplifyCfg(const IrsEdit *e, IrsBuf *out) {
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
}

/// Fold a branch, merge, bypass or erase blocks (IrsEditCfgChange).
const IrsEditOps irsEditSimplifyCfg = {.apply = applySimplifyCfg,
                                       .key = keySimplifyCfg,
                                       .describe = describeSimplifyCfg};

// An accepted edit renumbers ops anywhere in its region (a prune erases
// blocks that may come before the branch; a merge may move a later block's
// ops up), so the candidates are collected afresh after each. None of the
// edits adds an op: an op at index i >= t before an edit at t that removed
// `gone` ops is at index >= t - gone after it, so resuming there skips no
// candidate that was not tried yet (it may retry a few that were).
static bool simplifyCfg(Reducer *r, void *state) {
  (void)state;
  bool any = false;
  int64_t resume = 0;
  while (!r->stop) {
    size_t m = 0;
    IrsEdit *edits = collect(r, &m);
    size_t from = 0;
    while (from < m && edits[from].target < resume)
      ++from;
    const IrsEdit **ptrs = malloc((m ? m : 1) * sizeof(*ptrs));
    intptr_t k = -1;
    int64_t before = irsReduceCountOps(mlirModuleGetOperation(r->module));
    for (size_t i = from; ptrs && i < m; ++i)
      ptrs[i - from] = &edits[i];
    if (ptrs && edits && from < m)
      k = irsReduceTryFirst(r, ptrs, m - from);
    if (k >= 0) {
      int64_t gone =
          before - irsReduceCountOps(mlirModuleGetOperation(r->module));
      const IrsEdit *e = &edits[from + (size_t)k];
      // A bypass erases only the block of its branch and no op before it.
      resume = e->cfg.change == IrsEditCfgBypass ? e->target
                                                 : e->target - gone;
      any = true;
    }
    free(ptrs);
    free(edits);
    if (k < 0)
      break;
  }
  return any;
}

const IrsStrategy irsStrategySimplifyCfg = {.run = simplifyCfg,
                                            .edits = {&irsEditSimplifyCfg}};
