// SPDX-License-Identifier: Apache-2.0
//===- TestFail.c - irs-test-fail: inject a pass failure ------------------===//
//
// Contract: needs nothing, changes nothing. If an op named `op` exists under
// the anchor, emits "irs-test-fail: injected failure at '<op>'" at its
// location and signals failure; otherwise succeeds. Used to test how the
// instrumentation reports failing passes.
//
//===----------------------------------------------------------------------===//
#include "PassesImpl.h"

#include <mlir-c/Diagnostics.h>
#include <stdalign.h>
#include <stdio.h>

static alignas(8) const char typeId = 0;

static void runFail(MlirOperation root, MlirExternalPass pass,
                    IrsSimplePassData *d) {
  MlirOperation target = irsFindFirstOp(root, d->op);
  if (mlirOperationIsNull(target))
    return;
  char msg[512];
  snprintf(msg, sizeof(msg), "irs-test-fail: injected failure at '%s'", d->op);
  mlirEmitError(mlirOperationGetLocation(target), msg);
  mlirExternalPassSignalFailure(pass);
}

MlirPass irsTestFailPassCreate(const IrsPassOptions *opts, MlirStringRef anchor,
                               IrsPassEnv *env, IrsBuf *err) {
  static const char *const known[] = {"op", NULL};
  MlirPass none = {NULL};
  if (!irsPassOptionsCheckKnown(opts, "irs-test-fail", known, err))
    return none;
  const char *op = irsPassOptionsGet(opts, "op");
  if (!op || !*op) {
    irsBufPrintf(err, "%s", "pass 'irs-test-fail' requires option 'op=NAME'");
    return none;
  }
  IrsSimplePassData *d = irsSimplePassDataCreate(op, NULL, env);
  if (!d) {
    irsBufPrintf(err, "%s", "out of memory");
    return none;
  }
  d->run = runFail;
  return irsSimplePassCreate(&typeId, "irs-test-fail",
                             "inject a pass failure", anchor, d);
}
