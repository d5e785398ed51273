// SPDX-License-Identifier: Apache-2.0
//===- TestMiscompile.c - irs-test-miscompile: valid IR, wrong results ----===//
//
// Contract: needs nothing; always reports success and leaves IR that
// verifies. Every arith.addi inside the func.func named `func` (anywhere
// under the anchor, the anchor included) becomes an arith.subi of the same
// operands: a miscompile no verifier can see, for testing
// `irscope-opt --check-results` and `opt-reduce --miscompile`. Functions
// of other names are untouched, so a test chooses which call goes wrong.
//
//===----------------------------------------------------------------------===//
#include "PassesImpl.h"

#include <mlir-c/BuiltinAttributes.h>

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

static alignas(8) const char typeId = 0;

typedef struct Collect {
  MlirOperation *ops;
  intptr_t num, cap;
  bool failed;
} Collect;

static bool isNamed(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && !memcmp(n.data, name, n.length);
}

static MlirWalkResult collectAdds(MlirOperation op, void *ud) {
  Collect *c = ud;
  if (!isNamed(op, "arith.addi"))
    return MlirWalkResultAdvance;
  if (c->num == c->cap) {
    intptr_t cap = c->cap ? 2 * c->cap : 8;
    MlirOperation *p = realloc(c->ops, (size_t)cap * sizeof(*p));
    if (!p) {
      c->failed = true;
      return MlirWalkResultInterrupt;
    }
    c->ops = p;
    c->cap = cap;
  }
  c->ops[c->num++] = op;
  return MlirWalkResultAdvance;
}

typedef struct FindFuncs {
  const char *name;
  Collect adds;
} FindFuncs;

static MlirWalkResult inChosenFunc(MlirOperation op, void *ud) {
  FindFuncs *f = ud;
  if (!isNamed(op, "func.func"))
    return MlirWalkResultAdvance;
  MlirAttribute sym = mlirOperationGetAttributeByName(
      op, mlirSymbolTableGetSymbolAttributeName());
  MlirStringRef n = mlirAttributeIsAString(sym) ? mlirStringAttrGetValue(sym)
                                                : (MlirStringRef){"", 0};
  if (n.length == strlen(f->name) && !memcmp(n.data, f->name, n.length))
    mlirOperationWalk(op, collectAdds, &f->adds, MlirWalkPreOrder);
  return MlirWalkResultSkip;
}

static void rewrite(MlirOperation add) {
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("arith.subi"),
      mlirOperationGetLocation(add));
  MlirValue operands[2] = {mlirOperationGetOperand(add, 0),
                           mlirOperationGetOperand(add, 1)};
  MlirType t = mlirValueGetType(mlirOperationGetResult(add, 0));
  mlirOperationStateAddOperands(&st, 2, operands);
  mlirOperationStateAddResults(&st, 1, &t);
  MlirOperation sub = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(add), add, sub);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(add, 0),
                                mlirOperationGetResult(sub, 0));
  mlirOperationDestroy(add);
}

static void runMiscompile(MlirOperation root, MlirExternalPass pass,
                          IrsSimplePassData *d) {
  FindFuncs f = {d->func, {NULL, 0, 0, false}};
  mlirOperationWalk(root, inChosenFunc, &f, MlirWalkPreOrder);
  if (f.adds.failed)
    mlirExternalPassSignalFailure(pass);
  else
    for (intptr_t i = 0; i < f.adds.num; ++i)
      rewrite(f.adds.ops[i]);
  free(f.adds.ops);
}

MlirPass irsTestMiscompilePassCreate(const IrsPassOptions *opts,
                                     MlirStringRef anchor, IrsPassEnv *env,
                                     IrsBuf *err) {
  static const char *const known[] = {"func", NULL};
  MlirPass none = {NULL};
  if (!irsPassOptionsCheckKnown(opts, "irs-test-miscompile", known, err))
    return none;
  const char *func = irsPassOptionsGet(opts, "func");
  if (!func || !*func) {
    irsBufPrintf(err, "%s",
                 "pass 'irs-test-miscompile' requires option 'func=NAME'");
    return none;
  }
  IrsSimplePassData *d = irsSimplePassDataCreate(NULL, NULL, env);
  if (!d || !(d->func = irsStrDup(func))) {
    free(d);
    irsBufPrintf(err, "%s", "out of memory");
    return none;
  }
  d->run = runMiscompile;
  return irsSimplePassCreate(&typeId, "irs-test-miscompile",
                             "turn additions into subtractions", anchor, d);
}
