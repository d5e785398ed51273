// SPDX-License-Identifier: Apache-2.0
//===- StrategyFailingSymbol.c - the module cut to the failing function ---===//
//
// A failure buried in a big module is mostly in one function: a nested
// step (func.func(...)) runs its pass on each function in turn and dies,
// hangs or fails on one. The input's check worker notes which top-level
// symbol each nested step's pass is about to run on (OracleAnchor.c); when
// the check failed in a nested step, this strategy tests one candidate:
// every op directly in the module erased but that symbol and the symbols
// it references, transitively. It is an ordinary erase candidate, run
// under the whole pipeline and kept only if it fails with the same
// signature; if not, nothing changed and erase-symbols halves the module
// as before. On the 1M-line bench module (bench/README.md, scale) it
// replaces about 15 halvings of a million ops, and the pipeline cut's
// parse of the pre-step IR, by one test of a few functions.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/BuiltinAttributes.h>

#include <stdlib.h>
#include <string.h>

enum { kMaxAnchors = 16 };

typedef struct Sym {
  MlirStringRef name; // first: compared with irsReduceCompareRefs
  size_t top;
} Sym;

typedef struct Closure {
  Sym *syms;
  size_t numSyms;
  bool *keep;
  size_t *stack, sp, kept;
} Closure;

static void mark(Closure *c, MlirStringRef name) {
  Sym key = {name, 0};
  Sym *s = bsearch(&key, c->syms, c->numSyms, sizeof(Sym),
                   irsReduceCompareRefs);
  if (!s || c->keep[s->top])
    return;
  c->keep[s->top] = true;
  c->stack[c->sp++] = s->top;
  ++c->kept;
}

static void markRefs(Closure *c, MlirAttribute a) {
  if (mlirAttributeIsAFlatSymbolRef(a)) {
    mark(c, mlirFlatSymbolRefAttrGetValue(a));
  } else if (mlirAttributeIsASymbolRef(a)) {
    mark(c, mlirSymbolRefAttrGetRootReference(a));
  } else if (mlirAttributeIsAArray(a)) {
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(a); ++i)
      markRefs(c, mlirArrayAttrGetElement(a, i));
  } else if (mlirAttributeIsADictionary(a)) {
    for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(a); ++i)
      markRefs(c, mlirDictionaryAttrGetElement(a, i).attribute);
  }
}

static MlirWalkResult refsCb(MlirOperation op, void *ud) {
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i)
    markRefs(ud, mlirOperationGetAttribute(op, i).attribute);
  return MlirWalkResultAdvance;
}

static MlirBlock bodyOf(MlirOperation root) {
  return mlirOperationGetNumRegions(root) > 0
             ? mlirRegionGetFirstBlock(mlirOperationGetRegion(root, 0))
             : (MlirBlock){NULL};
}

static size_t topOps(MlirOperation root, MlirOperation **out) {
  IrsOpList l = {0};
  MlirBlock b = bodyOf(root);
  for (MlirOperation op = mlirBlockIsNull(b) ? (MlirOperation){NULL}
                                             : mlirBlockGetFirstOperation(b);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (!irsOpListPush(&l, op)) {
      free(l.ops);
      *out = NULL;
      return 0;
    }
  *out = l.ops;
  return l.n;
}

bool *irsReduceSymbolClosure(MlirOperation root, const MlirStringRef *names,
                             size_t numNames, size_t *numTops) {
  MlirOperation *tops = NULL;
  size_t n = topOps(root, &tops);
  Closure c = {calloc(n ? n : 1, sizeof(Sym)), 0, calloc(n ? n : 1, 1),
               calloc(n ? n : 1, sizeof(size_t)), 0, 0};
  bool ok = c.syms && c.keep && c.stack && (tops || n == 0);
  MlirStringRef symAttr = mlirSymbolTableGetSymbolAttributeName();
  for (size_t i = 0; ok && i < n; ++i) {
    MlirAttribute a = mlirOperationGetAttributeByName(tops[i], symAttr);
    if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a))
      c.syms[c.numSyms++] = (Sym){mlirStringAttrGetValue(a), i};
  }
  if (ok) {
    qsort(c.syms, c.numSyms, sizeof(Sym), irsReduceCompareRefs);
    for (size_t k = 0; k < numNames; ++k)
      mark(&c, names[k]);
    while (c.sp > 0)
      mlirOperationWalk(tops[c.stack[--c.sp]], refsCb, &c, MlirWalkPreOrder);
  }
  free(tops);
  free(c.syms);
  free(c.stack);
  if (!ok) {
    free(c.keep);
    return NULL;
  }
  *numTops = n;
  return c.keep;
}

// The erase candidate: every op directly in the module that `keep` does
// not mark, by pre-order index; NULL (n 0) when nothing would go.
static int64_t *eraseAllBut(MlirOperation root, const bool *keep,
                            size_t numTops, size_t *n) {
  MlirOperation *tops = NULL;
  size_t nt = topOps(root, &tops);
  int64_t *items = malloc((nt ? nt : 1) * sizeof(int64_t));
  *n = 0;
  int64_t index = 1; // 0 is the module
  for (size_t t = 0; items && t < nt && nt == numTops; ++t) {
    if (!keep[t])
      items[(*n)++] = index;
    index += irsReduceCountOps(tops[t]);
  }
  free(tops);
  if (*n == 0) {
    free(items);
    return NULL;
  }
  return items;
}

typedef struct State {
  bool tried; // the notes are used: they are about the input and its pipeline
} State;

static bool keepFailingSymbol(Reducer *r, void *state) {
  State *st = state;
  if (!r->anchors || st->tried || r->target.step < 1)
    return false;
  st->tried = true;
  MlirStringRef names[kMaxAnchors];
  size_t nn = irsReduceAnchorNames(r, r->target.step, names, kMaxAnchors);
  MlirOperation root = mlirModuleGetOperation(r->module);
  size_t numTops = 0, n = 0;
  bool *keep = nn ? irsReduceSymbolClosure(root, names, nn, &numTops) : NULL;
  int64_t *items = keep ? eraseAllBut(root, keep, numTops, &n) : NULL;
  bool kept = false;
  if (items) {
    IrsEdit e = {.ops = &irsEditErase,
                 .erase = {items, n, irsReduceGraveyard(r)}};
    kept = irsReduceTryEdit(r, &e);
  }
  free(items);
  free(keep);
  return kept;
}

// The input's check notes the symbols its nested steps run on
// (OracleAnchor.c); without the mapping, nothing is noted.
static void recordAnchors(Reducer *r) { irsReduceAnchorsStart(r); }

// Its candidate, the module cut to the failing function, is a run without
// MLIR's threads: it confirms a check that ran with them.
const IrsStrategy irsStrategyFailingSymbol = {.run = keepFailingSymbol,
                                              .stateSize = sizeof(State),
                                              .beforeCheck = recordAnchors,
                                              .confirmsThreadedCheck = true};
