// SPDX-License-Identifier: Apache-2.0
//===- Registry.c - lookup of irscope passes and their option syntax ------===//
#include "PassesImpl.h"

#include <stdlib.h>
#include <string.h>

typedef struct PassDef {
  const char *name;
  IrsPassCreateFn create;
  const char *options;
  const char *description;
} PassDef;

static const PassDef passes[] = {
#define IRS_PASS(NAME, FN, OPTS, DESC) {NAME, FN, OPTS, DESC},
#include "Passes.def"
};

#define NUM_PASSES ((intptr_t)(sizeof(passes) / sizeof(passes[0])))

intptr_t irsPassesGetNum(void) { return NUM_PASSES; }
const char *irsPassesGetName(intptr_t pos) { return passes[pos].name; }
const char *irsPassesGetOptions(intptr_t pos) { return passes[pos].options; }
const char *irsPassesGetDescription(intptr_t pos) {
  return passes[pos].description;
}

static const PassDef *lookup(MlirStringRef name) {
  for (intptr_t i = 0; i < NUM_PASSES; ++i)
    if (strlen(passes[i].name) == name.length &&
        memcmp(passes[i].name, name.data, name.length) == 0)
      return &passes[i];
  return NULL;
}

bool irsPassesIsKnown(MlirStringRef name) { return lookup(name) != NULL; }

MlirPass irsPassCreate(MlirStringRef name, MlirStringRef options,
                       MlirStringRef anchor, IrsPassEnv *env, IrsBuf *err) {
  MlirPass none = {NULL};
  const PassDef *def = lookup(name);
  if (!def) {
    irsBufPrintf(err, "'%.*s' is not an irscope pass", (int)name.length,
                 name.data);
    return none;
  }
  IrsPassOptions opts = {NULL, 0};
  if (!irsPassOptionsParse(options, &opts, err))
    return none;
  MlirPass p = def->create(&opts, anchor, env, err);
  irsPassOptionsFree(&opts);
  return p;
}

MlirStringRef irsPassAnchorOpName(MlirStringRef anchor) {
  if (anchor.length == 3 && memcmp(anchor.data, "any", 3) == 0)
    return mlirStringRefCreate("", 0);
  return anchor;
}

typedef struct FindState {
  const char *name;
  size_t len;
  MlirOperation found;
} FindState;

static MlirWalkResult findCb(MlirOperation op, void *ud) {
  FindState *s = ud;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length == s->len && memcmp(n.data, s->name, s->len) == 0) {
    s->found = op;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

MlirOperation irsFindFirstOp(MlirOperation root, const char *name) {
  FindState s = {name, strlen(name), {NULL}};
  mlirOperationWalk(root, findCb, &s, MlirWalkPreOrder);
  return s.found;
}
