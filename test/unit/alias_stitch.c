// SPDX-License-Identifier: Apache-2.0
// Unit tests of the builtin aliases of a stitched dump
// (lib/PassManager/AliasStitch.c) and of the scan that sends texts there
// (irsDumpTextAliasKind): names in first-use order over the texts, maps
// before sets, uses in strings left alone, arrows and comparisons inside a
// map, and a use it cannot read refused (the module is then printed whole).
// The lit test PassManager/dump-builtin-aliases.mlir compares whole dumps
// with MLIR's print.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "PassManager/StitchedDump.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Runs irsDumpApplyBuiltinAliases on texts t[0..n) (all with maps unless
// `plain` names one); the header becomes "<defs>module {\n".
static bool apply(const char **t, size_t n, int plain, IrsBuf *header,
                  char **own) {
  size_t lens[8];
  bool maps[8];
  for (size_t i = 0; i < n; ++i) {
    lens[i] = strlen(t[i]);
    maps[i] = (int)i != plain;
  }
  *header = (IrsBuf)IRS_BUF_INIT;
  irsBufAppendStr(header, "module {\n");
  return irsDumpApplyBuiltinAliases(header, t, lens, maps, n, own);
}

static void freeOwn(char **own, size_t n) {
  for (size_t i = 0; i < n; ++i)
    free(own[i]);
}

static void namesInFirstUseOrder(void **state) {
  (void)state;
  const char *t[] = {
      "func.func @a(%m: memref<4xf32, affine_map<(d0) -> (d0 + 1)>>) {\n"
      "  affine.if affine_set<(d0) : (d0 - 1 >= 0, d0 == 0)>(%i) {\n  }\n"
      "  %0 = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)\n}",
      "func.func @b() {\n  %0 = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)\n"
      "  %1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%0)\n"
      "  affine.if affine_set<(d0) : (-d0 + 5 >= 0)>(%1) {\n  }\n}"};
  IrsBuf h;
  char *own[2];
  assert_true(apply(t, 2, -1, &h, own));
  assert_string_equal(h.data, "#map = affine_map<(d0) -> (d0 + 1)>\n"
                              "#map1 = affine_map<(d0) -> (d0 * 2)>\n"
                              "#set = affine_set<(d0) : (d0 - 1 >= 0, d0 == 0)>\n"
                              "#set1 = affine_set<(d0) : (-d0 + 5 >= 0)>\n"
                              "module {\n");
  assert_string_equal(t[0], "func.func @a(%m: memref<4xf32, #map>) {\n"
                            "  affine.if #set(%i) {\n  }\n"
                            "  %0 = affine.apply #map1(%i)\n}");
  assert_string_equal(t[1], "func.func @b() {\n  %0 = affine.apply #map1(%i)\n"
                            "  %1 = affine.apply #map(%0)\n"
                            "  affine.if #set1(%1) {\n  }\n}");
  freeOwn(own, 2);
  irsBufFree(&h);
}

static void stringsAndPlainTexts(void **state) {
  (void)state;
  const char *kept = "func.func @p() {\n  return\n}";
  const char *t[] = {
      "func.func @s() attributes {n = \"affine_map<(d0) -> (d0)> \\\"x\\\"\"} {\n"
      "  %0 = affine.apply affine_map<(d0) -> (d0)>(%i)\n}",
      kept};
  IrsBuf h;
  char *own[2];
  assert_true(apply(t, 2, 1, &h, own));
  assert_string_equal(h.data, "#map = affine_map<(d0) -> (d0)>\nmodule {\n");
  assert_string_equal(t[0], "func.func @s() attributes {n = \"affine_map<(d0) "
                            "-> (d0)> \\\"x\\\"\"} {\n"
                            "  %0 = affine.apply #map(%i)\n}");
  assert_ptr_equal(t[1], kept); // not one with maps: untouched
  assert_null(own[1]);
  freeOwn(own, 2);
  irsBufFree(&h);
}

static void unreadableRefused(void **state) {
  (void)state;
  const char *t[] = {"%0 = affine.apply affine_map<(d0) -> (d0 + 1)(%i)\n"};
  IrsBuf h;
  char *own[1];
  assert_false(apply(t, 1, -1, &h, own));
  assert_string_equal(h.data, "module {\n"); // the header is left as it was
  freeOwn(own, 1);
  irsBufFree(&h);
}

static void kinds(void **state) {
  (void)state;
  const char *maps = "%0 = affine.apply affine_map<(d0) -> (d0)>(%i)";
  const char *other = "%0 = affine.apply affine_map<(d0) -> (d0)>(%i) "
                      "{a = distinct[0]<unit>}";
  const char *none = "%0 = arith.addi %a, %b : i32";
  assert_int_equal(irsDumpTextAliasKind(maps, strlen(maps)), IrsAliasBuiltin);
  assert_int_equal(irsDumpTextAliasKind(other, strlen(other)), IrsAliasOther);
  assert_int_equal(irsDumpTextAliasKind(none, strlen(none)), IrsAliasNone);
  assert_true(irsDumpTextMayAlias(maps, strlen(maps)));
}

// Whether a whole print's definitions are builtin maps and sets alone,
// read from the file's head.
static bool fileBuiltinOnly(const char *text) {
  char path[] = "/tmp/irscope-unit-aliasXXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  bool r = irsDumpFileAliasesBuiltinOnly(path);
  unlink(path);
  return r;
}

static void fileDefinitions(void **state) {
  (void)state;
  assert_true(fileBuiltinOnly("#map = affine_map<(d0) -> (d0 + 1)>\n"
                              "#map1 = affine_map<(d0, d1) -> (d1, d0)>\n"
                              "#set = affine_set<(d0) : (d0 >= 0)>\n"
                              "module {\n}\n"));
  // A type alias, a dialect's alias, a set named as a map: the stitcher
  // cannot name them.
  assert_false(fileBuiltinOnly("#map = affine_map<(d0) -> (d0)>\n"
                               "!tuple = tuple<i32, i32>\nmodule {\n}\n"));
  assert_false(fileBuiltinOnly("#loc = loc(\"a\":1:2)\nmodule {\n}\n"));
  assert_false(fileBuiltinOnly("#map = affine_set<(d0) : (d0 >= 0)>\n"
                               "module {\n}\n"));
  assert_false(fileBuiltinOnly("#mapping = affine_map<(d0) -> (d0)>\n"
                               "module {\n}\n"));
  // No definitions at all, or definitions that do not end in the head.
  assert_false(fileBuiltinOnly("module {\n}\n"));
  size_t n = 70000;
  char *big = malloc(n + 1);
  assert_non_null(big);
  const char *line = "#map = affine_map<(d0) -> (d0 + 1)>\n";
  size_t l = strlen(line), k = 0;
  for (; k + l <= n; k += l)
    memcpy(big + k, line, l);
  big[k] = '\0';
  assert_false(fileBuiltinOnly(big));
  free(big);
  assert_false(irsDumpFileAliasesBuiltinOnly("/nonexistent/irscope/dump"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(namesInFirstUseOrder),
      cmocka_unit_test(stringsAndPlainTexts),
      cmocka_unit_test(unreadableRefused),
      cmocka_unit_test(kinds),
      cmocka_unit_test(fileDefinitions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
