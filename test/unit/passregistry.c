// SPDX-License-Identifier: Apache-2.0
// Unit tests of the pass registry (lib/Passes/PassRegistry.c) and the
// plugin loader's bookkeeping (lib/Plugin/Plugin.c): the null registry
// means irscope's own passes, option keys come from the synopsis ("..."
// turns the check off), option lists (last one wins), instantiation
// errors, plugin load errors and the replay flags of an empty set.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Passes/PassesImpl.h"
#include "irscope/Plugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) {
  return mlirStringRefCreateFromCString(s);
}

static void noop(void *ud) { (void)ud; }
static void *same(void *ud) { return ud; }
static void run(MlirOperation op, MlirExternalPass pass, void *ud) {
  (void)op, (void)pass, (void)ud;
}

static IrsPassDefinition def(const char *name, const char *synopsis) {
  IrsPassDefinition d = irsPassDefinitionDefault();
  d.name = name;
  d.options = synopsis;
  MlirExternalPassCallbacks cbs = {noop, noop, NULL, same, run};
  d.callbacks = cbs;
  return d;
}

static void test_passregistry__null_means_builtin(void **state) {
  (void)state;
  IrsPassRegistry none = {NULL};
  assert_true(irsPassRegistryHas(none, ref("irs-op-stats")));
  assert_false(irsPassRegistryHas(none, ref("count-ops")));
  IrsPassRegistry r = irsPassRegistryCreate();
  assert_int_equal(irsPassRegistryGetNumPasses(r), irsPassesGetNum());
  for (intptr_t i = 0; i < irsPassesGetNum(); ++i)
    assert_int_equal(irsPassRegistryLookup(r, ref(irsPassesGetName(i))), i);
  irsPassRegistryDestroy(r);
}

// Instantiating with `options` on a module fails with exactly `message`
// (NULL: succeeds).
static void expectInstantiate(IrsPassRegistry r, const char *name,
                              const char *options, const char *message) {
  IrsBuf err = IRS_BUF_INIT;
  MlirPass p = irsPassRegistryInstantiate(r, ref(name), ref(options),
                                          ref("builtin.module"), NULL, &err);
  if (message) {
    assert_null(p.ptr);
    assert_string_equal(err.data ? err.data : "", message);
  } else {
    assert_non_null(p.ptr);
    // An unowned pass is destroyed by adding it to a pass manager that is
    // destroyed; a context is cheap enough for that.
    MlirContext ctx = mlirContextCreateWithThreading(false);
    MlirPassManager pm = mlirPassManagerCreate(ctx);
    mlirPassManagerAddOwnedPass(pm, p);
    mlirPassManagerDestroy(pm);
    mlirContextDestroy(ctx);
  }
  irsBufFree(&err);
}

static void test_passregistry__synopsis_keys(void **state) {
  (void)state;
  IrsPassRegistry r = irsPassRegistryCreate();
  IrsPassDefinition a = def("a", "{first=N second='S' flag}");
  IrsPassDefinition b = def("b", "{any=... options}");
  IrsPassDefinition c = def("c", NULL);
  assert_true(irsStatusIsOk(irsPassRegistryAdd(r, &a, NULL, NULL)));
  assert_true(irsStatusIsOk(irsPassRegistryAdd(r, &b, NULL, NULL)));
  assert_true(irsStatusIsOk(irsPassRegistryAdd(r, &c, NULL, NULL)));
  expectInstantiate(r, "a", "first=1 second=x flag", NULL);
  expectInstantiate(r, "a", "third=1", "unknown option 'third' for pass 'a'");
  expectInstantiate(r, "b", "whatever=1", NULL);
  expectInstantiate(r, "c", "", NULL);
  expectInstantiate(r, "c", "k=v", "unknown option 'k' for pass 'c'");
  expectInstantiate(r, "a", "first='1", "unterminated value for option 'first'");
  expectInstantiate(r, "zz", "", "'zz' is not a registered pass");
  irsPassRegistryDestroy(r);
}

static bool lastWins(IrsPassOptionList l, void *regUd, void **passUd,
                     MlirStringCallback error, void *errorUd) {
  (void)passUd;
  MlirStringRef v = {NULL, 0};
  assert_int_equal(irsPassOptionListGetNum(l), 2);
  assert_true(irsPassOptionListLookup(l, ref("k"), &v));
  assert_int_equal(v.length, 1);
  assert_memory_equal(v.data, "2", 1);
  assert_false(irsPassOptionListLookup(l, ref("kk"), NULL));
  ++*(int *)regUd;
  error(ref("refused"), errorUd);
  return false;
}

static void test_passregistry__create_user_data(void **state) {
  (void)state;
  int calls = 0;
  IrsPassRegistry r = irsPassRegistryCreate();
  IrsPassDefinition d = def("d", "{k=N}");
  d.createUserData = lastWins;
  d.userData = &calls;
  assert_true(irsStatusIsOk(irsPassRegistryAdd(r, &d, NULL, NULL)));
  expectInstantiate(r, "d", "k=1 k=2", "refused");
  assert_int_equal(calls, 1);
  irsPassRegistryDestroy(r);
}

static void collect(MlirStringRef s, void *ud) { irsBufAppendRef(ud, s); }

static void test_plugins__load_errors(void **state) {
  (void)state;
  IrsPlugins p = irsPluginsCreate();
  IrsBuf err = IRS_BUF_INIT;
  IrsStatus st = irsPluginsLoadDialectPlugin(p, "/nonexistent/x.so", collect,
                                             &err);
  assert_int_equal(st.kind, IRS_ERR_USAGE);
  assert_string_equal(err.data, "cannot load dialect plugin "
                                "'/nonexistent/x.so': No such file or "
                                "directory");
  assert_int_equal(irsPluginsGetNum(p), 0);
  IrsBuf flags = IRS_BUF_INIT;
  irsPluginsPrintFlags(p, false, collect, &flags);
  assert_int_equal(flags.len, 0);
  irsBufFree(&err);
  irsPluginsDestroy(p);
  irsPluginsDestroy((IrsPlugins){NULL});
  assert_int_equal(irsPluginsGetNum((IrsPlugins){NULL}), 0);
  assert_string_equal(irsPluginKindGetName(IrsPluginKindIrscopePass),
                      "irscope-pass");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_passregistry__null_means_builtin),
      cmocka_unit_test(test_passregistry__synopsis_keys),
      cmocka_unit_test(test_passregistry__create_user_data),
      cmocka_unit_test(test_plugins__load_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
