// SPDX-License-Identifier: Apache-2.0
//===- StrategySimplifyAttrs.c - simpler attributes and locations ---------===//
//
// Two edits: a dense elements attribute that is not a splat becomes the
// splat of its first element (dense<[1, 2, 3]> -> dense<1>); an op loses
// all its discardable attributes at once. The third edit kind here, every
// op and block argument of the module gets the unknown location
// (mlirOperationSetLocation and mlirBlockArgumentSetLocation, both in the
// LLVM 22 C API), is cosmetic and the final strategy (rename) tries it:
// locations do not show in `-o` (printed without them) but do in
// --reproducer, and a pass may depend on them. Progress: each accepted
// edit lowers the number of non-splat dense attributes or discardable
// attributes.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include <stdlib.h>
#include <string.h>

static bool isNonSplatDense(MlirAttribute a) {
  return !mlirAttributeIsNull(a) && mlirAttributeIsADenseElements(a) &&
         !mlirDenseElementsAttrIsSplat(a) && mlirElementsAttrGetNumElements(a) > 0;
}

static MlirAttribute splatOf(MlirAttribute a) {
  MlirType t = mlirAttributeGetType(a);
  intptr_t rank = mlirShapedTypeGetRank(t);
  uint64_t zeros[16] = {0};
  if (rank > 16)
    return (MlirAttribute){NULL};
  MlirAttribute first = mlirElementsAttrGetValue(a, rank, zeros);
  if (mlirAttributeIsNull(first))
    return first;
  return mlirDenseElementsAttrSplatGet(t, first);
}

typedef struct Locs {
  MlirLocation unknown;
  bool any; // a known location was seen
  bool set; // set them instead of looking
} Locs;

static void blockArgLocs(MlirOperation op, Locs *l) {
  for (intptr_t k = 0; k < mlirOperationGetNumRegions(op); ++k)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, k));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i) {
        MlirValue v = mlirBlockGetArgument(b, i);
        if (mlirLocationEqual(mlirValueGetLocation(v), l->unknown))
          continue;
        l->any = true;
        if (l->set)
          mlirBlockArgumentSetLocation(v, l->unknown);
      }
}

static MlirWalkResult locCb(MlirOperation op, void *ud) {
  Locs *l = ud;
  if (!mlirLocationEqual(mlirOperationGetLocation(op), l->unknown)) {
    l->any = true;
    if (l->set)
      mlirOperationSetLocation(op, l->unknown);
  }
  blockArgLocs(op, l);
  return l->any && !l->set ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

bool irsEditHasLocations(MlirContext ctx, MlirOperation root) {
  Locs l = {mlirLocationUnknownGet(ctx), false, false};
  mlirOperationWalk(root, locCb, &l, MlirWalkPreOrder);
  return l.any;
}

static bool applyAttrs(MlirContext ctx, MlirOperation root,
                       const IrsEdit *e) {
  if (e->attrs.change == IrsEditAttrsUnknownLocations) {
    Locs l = {mlirLocationUnknownGet(ctx), false, true};
    mlirOperationWalk(root, locCb, &l, MlirWalkPreOrder);
    return true;
  }
  MlirOperation op = irsEditFindOp(root, e->target);
  if (mlirOperationIsNull(op))
    return false;
  if (e->attrs.change == IrsEditAttrsDropDiscardable) {
    while (mlirOperationGetNumDiscardableAttributes(op) > 0) {
      MlirNamedAttribute a = mlirOperationGetDiscardableAttribute(op, 0);
      if (!mlirOperationRemoveDiscardableAttributeByName(
              op, mlirIdentifierStr(a.name)))
        return false;
    }
    return true;
  }
  if (!e->attrs.name)
    return false;
  MlirStringRef name = mlirStringRefCreateFromCString(e->attrs.name);
  MlirAttribute a = mlirOperationGetAttributeByName(op, name);
  if (!isNonSplatDense(a))
    return false;
  MlirAttribute s = splatOf(a);
  if (mlirAttributeIsNull(s))
    return false;
  mlirOperationSetAttributeByName(op, name, s);
  return true;
}

static void keyAttrs(const IrsEdit *e, IrsBuf *out) {
  irsEditKeyInts(out, (int64_t[]){e->attrs.change}, 1);
  irsEditKeyText(out, e->attrs.name);
}

static void describeAttrs(const IrsEdit *e, IrsBuf *out) {
  if (e->attrs.change == IrsEditAttrsUnknownLocations)
    irsBufAppendStr(out, "every location unknown");
  else if (e->attrs.change == IrsEditAttrsSplat)
    irsBufPrintf(out, "attribute '%s' of op #%lld to a splat",
                 e->attrs.name ? e->attrs.name : "", (long long)e->target);
  else
    irsBufPrintf(out, "drop discardable attributes of op #%lld",
                 (long long)e->target);
}

/// Simpler attributes or locations (IrsEditAttrsChange).
const IrsEditOps irsEditAttrs = {
    .apply = applyAttrs, .key = keyAttrs, .describe = describeAttrs};

static bool simplifyAttrs(Reducer *r, void *state) {
  (void)state;
  MlirOperation root = mlirModuleGetOperation(r->module);
  MlirOperation *ops = NULL;
  size_t n = irsEditWalk(root, &ops);
  size_t m = 0, cap = 64;
  IrsEdit *edits = malloc(cap * sizeof(IrsEdit));
  // Names of the dense attributes, owned here while the edits point to them.
  char **names = malloc(cap * sizeof(char *));
  size_t nn = 0;
  // No edit here renumbers ops, so any order works; whole-op drops first.
  for (size_t i = 1; edits && names && i < n; ++i) {
    MlirOperation op = ops[i];
    if (mlirOperationGetNumDiscardableAttributes(op) > 0) {
      if (m == cap)
        break;
      edits[m++] = (IrsEdit){.ops = &irsEditAttrs, .target = (int64_t)i,
                             .attrs = {IrsEditAttrsDropDiscardable, NULL}};
    }
    for (intptr_t k = 0; k < mlirOperationGetNumAttributes(op); ++k) {
      MlirNamedAttribute a = mlirOperationGetAttribute(op, k);
      if (!isNonSplatDense(a.attribute) || m == cap || nn == cap)
        continue;
      MlirStringRef s = mlirIdentifierStr(a.name);
      char *c = malloc(s.length + 1);
      if (!c)
        continue;
      memcpy(c, s.data, s.length);
      c[s.length] = '\0';
      names[nn++] = c;
      edits[m++] = (IrsEdit){.ops = &irsEditAttrs, .target = (int64_t)i,
                             .attrs = {IrsEditAttrsSplat, c}};
    }
    if (m == cap) {
      IrsEdit *p = realloc(edits, 2 * cap * sizeof(IrsEdit));
      char **q = p ? realloc(names, 2 * cap * sizeof(char *)) : NULL;
      if (p)
        edits = p;
      if (!q)
        break;
      names = q;
      cap *= 2;
    }
  }
  free(ops);
  size_t kept = edits ? irsReduceTryEach(r, edits, m, false) : 0;
  for (size_t i = 0; i < nn; ++i)
    free(names[i]);
  free(names);
  free(edits);
  return kept > 0;
}

const IrsStrategy irsStrategySimplifyAttrs = {.run = simplifyAttrs,
                                              .edits = {&irsEditAttrs}};
