// SPDX-License-Identifier: Apache-2.0
//===- ExternalPass.c - the external-pass boilerplate shared by our passes -===//
//
// MLIR clones a pass once per worker thread when it runs nested passes in
// parallel and destroys each clone; the user data therefore owns copies of
// its strings and the callbacks below keep construct/destruct balanced.
//
//===----------------------------------------------------------------------===//
#include "PassesImpl.h"

#include <mlir-c/Diagnostics.h>
#include <stdlib.h>
#include <string.h>

IrsSimplePassData *irsSimplePassDataCreate(const char *op, const char *file,
                                           IrsPassEnv *env) {
  IrsSimplePassData *d = calloc(1, sizeof(*d));
  if (!d)
    return NULL;
  d->env = env;
  if ((op && !(d->op = irsStrDup(op))) ||
      (file && !(d->file = irsStrDup(file)))) {
    free(d->op);
    free(d);
    return NULL;
  }
  return d;
}

static void construct(void *ud) { (void)ud; }

static void destruct(void *ud) {
  IrsSimplePassData *d = ud;
  free(d->op);
  free(d->file);
  free(d->func);
  free(d);
}

static void *clonePass(void *ud) {
  IrsSimplePassData *d = ud;
  IrsSimplePassData *c = irsSimplePassDataCreate(d->op, d->file, d->env);
  if (c) {
    c->run = d->run;
    c->n = d->n;
    if (d->func && !(c->func = irsStrDup(d->func))) {
      destruct(c);
      return NULL;
    }
  }
  return c;
}

static void run(MlirOperation op, MlirExternalPass pass, void *ud) {
  IrsSimplePassData *d = ud;
  if (!d) {
    mlirEmitError(mlirOperationGetLocation(op),
                  "irscope pass state could not be allocated");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  d->run(op, pass, d);
}

MlirPass irsSimplePassCreate(const void *typeIdAnchor, const char *name,
                             const char *description, MlirStringRef anchor,
                             IrsSimplePassData *data) {
  MlirExternalPassCallbacks cbs = {construct, destruct, NULL, clonePass, run};
  return mlirCreateExternalPass(
      mlirTypeIDCreate(typeIdAnchor), mlirStringRefCreateFromCString(name),
      mlirStringRefCreateFromCString(name),
      mlirStringRefCreateFromCString(description),
      irsPassAnchorOpName(anchor), 0, NULL, cbs, data);
}
