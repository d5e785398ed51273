// SPDX-License-Identifier: Apache-2.0
// Unit tests of the failing-symbol strategy's parts: irsReduceSymbolClosure
// (lib/Reduce/StrategyFailingSymbol.c) keeps a symbol and what it references
// transitively, nothing else; the anchor notes (lib/Reduce/OracleAnchor.c)
// name the top-level symbol holding an op and survive the death of the
// process that wrote them.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Reduce/ReduceImpl.h"

#include "DialectContext.h"

#include <mlir-c/BuiltinAttributes.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

// Top-level ops: 0 @unrelated, 1 @table, 2 @leaf, 3 @helper, 4 @crashes,
// 5 @caller, 6 @nested (a module), 7 @viaArray, 8 @inArray.
static const char kModule[] =
    "func.func @unrelated() { return }\n"
    "memref.global \"private\" @table : memref<4xi32>\n"
    "func.func private @leaf() { return }\n"
    "func.func private @helper() -> memref<4xi32> {\n"
    "  call @leaf() : () -> ()\n"
    "  %0 = memref.get_global @table : memref<4xi32>\n"
    "  return %0 : memref<4xi32>\n"
    "}\n"
    "func.func @crashes() {\n"
    "  %0 = call @helper() : () -> memref<4xi32>\n"
    "  return\n"
    "}\n"
    "func.func @caller() { call @crashes() : () -> () return }\n"
    "module @nested { func.func @inner() { return } }\n"
    "func.func @viaArray() attributes {refs = [{f = @nested::@inner}, "
    "@inArray]} { return }\n"
    "func.func private @inArray()\n";

static bool *closureOf(MlirModule m, const char *name, size_t *n) {
  MlirStringRef names[] = {mlirStringRefCreateFromCString(name)};
  return irsReduceSymbolClosure(mlirModuleGetOperation(m), names, 1, n);
}

static void expectKept(const bool *keep, size_t n, const char *want) {
  char got[16] = {0};
  for (size_t i = 0; i < n && i < sizeof(got) - 1; ++i)
    got[i] = keep[i] ? 'x' : '.';
  assert_string_equal(got, want);
}

static void test_closure__callees_and_globals_transitively(void **state) {
  (void)state;
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  assert_false(mlirModuleIsNull(m));
  size_t n = 0;
  bool *keep = closureOf(m, "crashes", &n);
  assert_int_equal(n, 9);
  // Not its caller, not the unrelated function.
  expectKept(keep, n, ".xxxx....");
  free(keep);
  keep = closureOf(m, "viaArray", &n);
  // Nested references: the root of @nested::@inner, inside an array of
  // dictionaries, and a plain one in the array.
  expectKept(keep, n, "......xxx");
  free(keep);
  keep = closureOf(m, "no-such-symbol", &n);
  expectKept(keep, n, ".........");
  free(keep);
  mlirModuleDestroy(m);
}

static bool sameText(MlirStringRef s, const char *text) {
  return s.length == strlen(text) && !memcmp(s.data, text, s.length);
}

// The first op (pre-order) named `name`, or with symbol `symbol`.
static MlirOperation find(MlirOperation root, const char *name,
                          const char *symbol) {
  MlirOperation *ops = NULL;
  size_t n = irsEditWalk(root, &ops);
  MlirOperation found = {NULL};
  for (size_t i = 0; i < n && mlirOperationIsNull(found); ++i) {
    MlirAttribute a = mlirOperationGetAttributeByName(
        ops[i], mlirSymbolTableGetSymbolAttributeName());
    if (name ? sameText(mlirIdentifierStr(mlirOperationGetName(ops[i])), name)
             : !mlirAttributeIsNull(a) &&
                   sameText(mlirStringAttrGetValue(a), symbol))
      found = ops[i];
  }
  free(ops);
  return found;
}

static void test_anchors__outlive_the_worker(void **state) {
  (void)state;
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  Reducer *r = calloc(1, sizeof(Reducer));
  assert_non_null(r);
  assert_true(irsReduceAnchorsStart(r));
  MlirOperation root = mlirModuleGetOperation(m);
  MlirStringRef names[4];
  assert_int_equal(irsReduceAnchorNames(r, 2, names, 4), 0);
  pid_t pid = fork();
  if (pid == 0) {
    // Step 1 on @helper, then step 2 on the func.func inside @nested (its
    // top-level symbol is the module), then death.
    MlirOperation op = find(root, "memref.get_global", NULL);
    MlirOperation inner = find(root, NULL, "inner");
    if (mlirOperationIsNull(op) || mlirOperationIsNull(inner))
      _exit(1);
    irsReduceAnchorNote(1, op, r);
    irsReduceAnchorNote(2, inner, r);
    raise(SIGKILL);
  }
  int st;
  assert_int_equal(waitpid(pid, &st, 0), pid);
  assert_true(WIFSIGNALED(st));
  // Only the last note of a thread is kept: step 1's is gone.
  assert_int_equal(irsReduceAnchorNames(r, 1, names, 4), 0);
  assert_int_equal(irsReduceAnchorNames(r, 2, names, 4), 1);
  assert_int_equal(names[0].length, 6);
  assert_memory_equal(names[0].data, "nested", 6);
  irsReduceAnchorsFree(r);
  assert_null(r->anchors);
  free(r);
  mlirModuleDestroy(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_closure__callees_and_globals_transitively),
      cmocka_unit_test(test_anchors__outlive_the_worker),
  };
  return cmocka_run_group_tests(tests, dialectContextSetup,
                                dialectContextTeardown);
}
