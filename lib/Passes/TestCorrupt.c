// SPDX-License-Identifier: Apache-2.0
//===- TestCorrupt.c - irs-test-corrupt: break the IR, claim success ------===//
//
// Contract: needs nothing; always reports success. If an op named `op`
// exists under the anchor, leaves the IR invalid in a way the verifier
// catches:
//  - op has results: a cast of its first result is inserted before it (a
//    use that its definition does not dominate);
//  - op is not its block's terminator: it is moved after the terminator;
//  - op is the terminator: it is erased (block without terminator).
// With mode=symbol the op's `callee` is pointed at a symbol that does not
// exist instead: the op and its function still verify, only the module's
// verifier (its symbol table) catches it, which tests that --verify-each
// checks the whole module after a nested step.
//
//===----------------------------------------------------------------------===//
#include "PassesImpl.h"

#include <mlir-c/BuiltinAttributes.h>
#include <stdalign.h>
#include <string.h>

static alignas(8) const char typeId = 0;

static void runCorrupt(MlirOperation root, MlirExternalPass pass,
                       IrsSimplePassData *d) {
  (void)pass;
  MlirOperation target = irsFindFirstOp(root, d->op);
  if (mlirOperationIsNull(target) || mlirOperationEqual(target, root))
    return;
  if (d->n == 1) {
    MlirContext ctx = mlirOperationGetContext(target);
    mlirOperationSetAttributeByName(
        target, mlirStringRefCreateFromCString("callee"),
        mlirFlatSymbolRefAttrGet(
            ctx, mlirStringRefCreateFromCString("irs.missing.symbol")));
    return;
  }
  MlirBlock block = mlirOperationGetBlock(target);
  if (mlirOperationGetNumResults(target) > 0) {
    MlirValue v = mlirOperationGetResult(target, 0);
    MlirType t = mlirValueGetType(v);
    MlirOperationState st = mlirOperationStateGet(
        mlirStringRefCreateFromCString("builtin.unrealized_conversion_cast"),
        mlirOperationGetLocation(target));
    mlirOperationStateAddOperands(&st, 1, &v);
    mlirOperationStateAddResults(&st, 1, &t);
    MlirOperation cast = mlirOperationCreate(&st);
    mlirBlockInsertOwnedOperationBefore(block, target, cast);
    return;
  }
  MlirOperation term = mlirBlockGetTerminator(block);
  if (!mlirOperationIsNull(term) && !mlirOperationEqual(term, target)) {
    mlirOperationMoveAfter(target, term);
    return;
  }
  mlirOperationDestroy(target);
}

MlirPass irsTestCorruptPassCreate(const IrsPassOptions *opts,
                                  MlirStringRef anchor, IrsPassEnv *env,
                                  IrsBuf *err) {
  static const char *const known[] = {"op", "mode", NULL};
  MlirPass none = {NULL};
  if (!irsPassOptionsCheckKnown(opts, "irs-test-corrupt", known, err))
    return none;
  const char *op = irsPassOptionsGet(opts, "op");
  if (!op || !*op) {
    irsBufPrintf(err, "%s",
                 "pass 'irs-test-corrupt' requires option 'op=NAME'");
    return none;
  }
  const char *mode = irsPassOptionsGet(opts, "mode");
  if (mode && strcmp(mode, "local") != 0 && strcmp(mode, "symbol") != 0) {
    irsBufPrintf(err,
                 "pass 'irs-test-corrupt': option 'mode' must be 'local' or "
                 "'symbol', not '%s'",
                 mode);
    return none;
  }
  IrsSimplePassData *d = irsSimplePassDataCreate(op, NULL, env);
  if (!d) {
    irsBufPrintf(err, "%s", "out of memory");
    return none;
  }
  d->n = mode && strcmp(mode, "symbol") == 0;
  d->run = runCorrupt;
  return irsSimplePassCreate(&typeId, "irs-test-corrupt",
                             "leave invalid IR behind", anchor, d);
}
