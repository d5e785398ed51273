// SPDX-License-Identifier: Apache-2.0
//===- c-plugin.c - an irscope C pass plugin for the tests ----------------===//
//
// Three passes: tp-tag{name=S} puts a unit attribute S on every op named
// by op= (default func.func) it finds under its anchor; tp-fail fails at the
// anchor; tp-crash{op=NAME} dereferences a null pointer when NAME is
// present. Compiled with -DTP_BAD_VERSION it reports API version 99, with
// -DTP_REFUSE its registration callback refuses, with -DTP_NO_ENTRY it has
// no entry point, with -DTP_EXIT tp-fail ends the process with exit(0) as
// a library might, with -DTP_CRASH_NAME='"NAME"' tp-crash is named NAME,
// with -DTP_CRASH_AT_FREE tp-fail leaves the context to crash when it is
// destroyed (as a pass that corrupted the heap makes a later free crash).
//
//===----------------------------------------------------------------------===//
#include "irscope/Plugin.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/Diagnostics.h>
#include <stdlib.h>
#include <string.h>

#ifndef TP_CRASH_NAME
#define TP_CRASH_NAME "tp-crash"
#endif

typedef struct Opts {
  char op[64], name[64];
} Opts;

static void construct(void *ud) { (void)ud; }
static void destruct(void *ud) { free(ud); }
static void *clonePass(void *ud) {
  Opts *c = malloc(sizeof(*c));
  memcpy(c, ud, sizeof(*c));
  return c;
}

static void copyOpt(IrsPassOptionList l, const char *key, char *dst,
                    size_t cap, const char *dflt) {
  MlirStringRef v = mlirStringRefCreateFromCString(dflt);
  irsPassOptionListLookup(l, mlirStringRefCreateFromCString(key), &v);
  size_t n = v.length < cap - 1 ? v.length : cap - 1;
  memcpy(dst, v.data, n);
  dst[n] = '\0';
}

static bool create(IrsPassOptionList l, void *regUd, void **passUd,
                   MlirStringCallback error, void *errorUd) {
  (void)regUd, (void)error, (void)errorUd;
  Opts *o = calloc(1, sizeof(*o));
  copyOpt(l, "op", o->op, sizeof(o->op), "func.func");
  copyOpt(l, "name", o->name, sizeof(o->name), "tp.tagged");
  *passUd = o;
  return true;
}

typedef struct Walk {
  const Opts *o;
  MlirAttribute unit; // null: only count
  int n;
} Walk;

// Counts (and with `unit` tags) the ops named o->op; setting an attribute
// does not disturb the walk.
static MlirWalkResult visit(MlirOperation op, void *ud) {
  Walk *w = ud;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length == strlen(w->o->op) && !memcmp(n.data, w->o->op, n.length)) {
    ++w->n;
    if (!mlirAttributeIsNull(w->unit))
      mlirOperationSetAttributeByName(
          op, mlirStringRefCreateFromCString(w->o->name), w->unit);
  }
  return MlirWalkResultAdvance;
}

static void runTag(MlirOperation root, MlirExternalPass pass, void *ud) {
  (void)pass;
  Walk w = {ud, mlirUnitAttrGet(mlirOperationGetContext(root)), 0};
  mlirOperationWalk(root, visit, &w, MlirWalkPreOrder);
}

#ifdef TP_CRASH_AT_FREE
// A diagnostic handler that handles nothing; the context frees its user
// data when it is destroyed, and that free crashes.
static MlirLogicalResult passOn(MlirDiagnostic d, void *ud) {
  (void)d, (void)ud;
  return mlirLogicalResultFailure();
}
static void crashOnFree(void *ud) {
  (void)ud;
  volatile int *p = NULL;
  *p = 1;
}
#endif

static void runFail(MlirOperation root, MlirExternalPass pass, void *ud) {
  (void)ud;
#ifdef TP_EXIT
  exit(0);
#endif
#ifdef TP_CRASH_AT_FREE
  static int token; // a null user data is never freed
  mlirContextAttachDiagnosticHandler(mlirOperationGetContext(root), passOn,
                                     &token, crashOnFree);
#endif
  mlirEmitError(mlirOperationGetLocation(root), "tp-fail: refusing to run");
  mlirExternalPassSignalFailure(pass);
}

static void runCrash(MlirOperation root, MlirExternalPass pass, void *ud) {
  (void)pass;
  Walk w = {ud, {NULL}, 0};
  mlirOperationWalk(root, visit, &w, MlirWalkPreOrder);
  if (w.n) {
    volatile int *p = NULL;
    *p = 1;
  }
}

static bool add(IrsPassRegistry r, const char *name, const char *opts,
                const char *desc, void (*run)(MlirOperation, MlirExternalPass,
                                              void *),
                MlirStringCallback error, void *errorUd) {
  IrsPassDefinition d = irsPassDefinitionDefault();
  d.name = name;
  d.options = opts;
  d.description = desc;
  d.callbacks = (MlirExternalPassCallbacks){construct, destruct, NULL,
                                            clonePass, run};
  d.createUserData = create;
  return irsStatusIsOk(irsPassRegistryAdd(r, &d, error, errorUd));
}

static bool registerPasses(IrsPassRegistry r, MlirStringCallback error,
                           void *errorUd) {
#ifdef TP_REFUSE
  error(mlirStringRefCreateFromCString("tp-plugin needs a newer frobnicator"),
        errorUd);
  return false;
#endif
  return add(r, "tp-tag", "{op=NAME name=ATTR}",
             "tag every op named NAME with a unit attribute ATTR", runTag,
             error, errorUd) &&
         add(r, "tp-fail", "", "always fail", runFail, error, errorUd) &&
         add(r, TP_CRASH_NAME, "{op=NAME}", "crash if an op named NAME is present",
             runCrash, error, errorUd);
}

#ifndef TP_NO_ENTRY
IRS_PLUGIN_EXPORT IrsPassPluginInfo irsGetPassPluginInfo(void) {
#ifdef TP_BAD_VERSION
  return (IrsPassPluginInfo){99, "tp-plugin", "1.0", registerPasses};
#else
  return (IrsPassPluginInfo){IRS_PASS_PLUGIN_API_VERSION, "tp-plugin", "1.0",
                             registerPasses};
#endif
}
#else
IRS_PLUGIN_EXPORT int tpSomethingElse(void) { return (int)sizeof(&registerPasses); }
#endif
