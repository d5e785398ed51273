// SPDX-License-Identifier: Apache-2.0
//===- StripAttrs.c - strip-attrs: drop discardable attributes by prefix --===//
//
// An irscope C pass plugin, built out of tree against an installed irscope
// (see CMakeLists.txt and README.md):
//
//   irscope-opt --load-pass-plugin=libStripAttrs.so \
//     --pass-pipeline='builtin.module(strip-attrs{prefix=test.})' in.mlir
//
// strip-attrs{prefix=P} removes every discardable attribute (the
// dialect-prefixed ones an op carries besides its own properties, such as
// `test.tag`, `irsx.crash` or `llvm.linkage` hints left by tools) whose
// name starts with P, from every op under the pass's anchor, the anchor
// included. Without `prefix` it removes all of them. Typical use: clean
// annotations of analysis and test passes out of a module before it goes
// into a bug report or a regression test.
//
// Contract: needs nothing; changes attributes only (no ops, no SSA
// values), so it preserves every analysis of the op structure.
//
// Built with -DSTRIP_ATTRS_INJECT_BUG (CMake option of the same name) it
// dereferences a null pointer on an attribute named `strip.bug`: the
// install test uses that to check a crash in an out-of-tree pass is
// documented and reduced. Never set it otherwise.
//
//===----------------------------------------------------------------------===//
#include <irscope/Plugin.h>

#include <stdlib.h>
#include <string.h>

typedef struct Strip {
  char *prefix; // "" strips every discardable attribute
  long removed; // per instance, reported by nobody: handy in a debugger
} Strip;

static void construct(void *ud) { (void)ud; }

static void destruct(void *ud) {
  Strip *s = ud;
  free(s->prefix);
  free(s);
}

static Strip *makeStrip(MlirStringRef prefix) {
  Strip *s = calloc(1, sizeof(*s));
  if (!s || !(s->prefix = malloc(prefix.length + 1))) {
    free(s);
    return NULL;
  }
  memcpy(s->prefix, prefix.data, prefix.length);
  s->prefix[prefix.length] = '\0';
  return s;
}

static void *clonePass(void *ud) {
  return makeStrip(mlirStringRefCreateFromCString(((Strip *)ud)->prefix));
}

static MlirWalkResult stripOp(MlirOperation op, void *ud) {
  Strip *s = ud;
  size_t n = strlen(s->prefix);
  // Backwards: removing an attribute shifts only the ones after it.
  for (intptr_t i = mlirOperationGetNumDiscardableAttributes(op) - 1; i >= 0;
       --i) {
    MlirStringRef name = mlirIdentifierStr(
        mlirOperationGetDiscardableAttribute(op, i).name);
#ifdef STRIP_ATTRS_INJECT_BUG
    if (name.length == 9 && !memcmp(name.data, "strip.bug", 9))
      *(volatile int *)NULL = 1;
#endif
    if (name.length >= n && !memcmp(name.data, s->prefix, n)) {
      mlirOperationRemoveDiscardableAttributeByName(op, name);
      ++s->removed;
    }
  }
  return MlirWalkResultAdvance;
}

static void run(MlirOperation op, MlirExternalPass pass, void *ud) {
  (void)pass;
  mlirOperationWalk(op, stripOp, ud, MlirWalkPostOrder);
}

static bool configure(IrsPassOptionList options, void *registrationUserData,
                      void **passUserData, MlirStringCallback error,
                      void *errorUserData) {
  (void)registrationUserData;
  MlirStringRef prefix = mlirStringRefCreate("", 0);
  irsPassOptionListLookup(options, mlirStringRefCreateFromCString("prefix"),
                          &prefix);
  Strip *s = makeStrip(prefix);
  if (!s) {
    error(mlirStringRefCreateFromCString("out of memory"), errorUserData);
    return false;
  }
  *passUserData = s;
  return true;
}

static bool registerPasses(IrsPassRegistry registry, MlirStringCallback error,
                           void *errorUserData) {
  IrsPassDefinition def = irsPassDefinitionDefault();
  def.name = "strip-attrs";
  def.description = "remove discardable attributes whose name starts with P";
  def.options = "{prefix=P}";
  def.callbacks = (MlirExternalPassCallbacks){construct, destruct, NULL,
                                              clonePass, run};
  def.createUserData = configure;
  return irsStatusIsOk(irsPassRegistryAdd(registry, &def, error,
                                          errorUserData));
}

IRS_PLUGIN_EXPORT IrsPassPluginInfo irsGetPassPluginInfo(void) {
  return (IrsPassPluginInfo){IRS_PASS_PLUGIN_API_VERSION, "strip-attrs",
                             "1.0", registerPasses};
}
