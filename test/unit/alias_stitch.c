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

// The stitched dump of texts t[0..n) (all with maps unless `plain` names
// one) under the header "module {\n", as written to a file; null when
// irsDumpApplyBuiltinAliases refuses them (*header is then left as it was).
static char *stitch(const char **t, size_t n, int plain, IrsBuf *header) {
  size_t lens[8];
  bool maps[8];
  for (size_t i = 0; i < n; ++i) {
    lens[i] = strlen(t[i]);
    maps[i] = (int)i != plain;
  }
  *header = (IrsBuf)IRS_BUF_INIT;
  irsBufAppendStr(header, "module {\n");
  IrsDumpAliases *a = NULL;
  if (!irsDumpApplyBuiltinAliases(header, t, lens, maps, n, &a))
    return NULL;
  char path[] = "/tmp/irscope-unit-stitchXXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  assert_int_equal(irsDumpWriteStitched(path, header, t, lens, n, a), 0);
  irsDumpAliasesFree(a);
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  char *out = calloc(1, 1 << 16);
  assert_non_null(out);
  assert_true(fread(out, 1, (1 << 16) - 1, f) < (1 << 16) - 1);
  fclose(f);
  unlink(path);
  return out;
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
  char *out = stitch(t, 2, -1, &h);
  assert_non_null(out);
  assert_string_equal(out, "#map = affine_map<(d0) -> (d0 + 1)>\n"
                           "#map1 = affine_map<(d0) -> (d0 * 2)>\n"
                           "#set = affine_set<(d0) : (d0 - 1 >= 0, d0 == 0)>\n"
                           "#set1 = affine_set<(d0) : (-d0 + 5 >= 0)>\n"
                           "module {\n"
                           "  func.func @a(%m: memref<4xf32, #map>) {\n"
                           "    affine.if #set(%i) {\n    }\n"
                           "    %0 = affine.apply #map1(%i)\n  }\n"
                           "  func.func @b() {\n    %0 = affine.apply #map1(%i)\n"
                           "    %1 = affine.apply #map(%0)\n"
                           "    affine.if #set1(%1) {\n    }\n  }\n"
                           "}\n\n");
  free(out);
  irsBufFree(&h);
}

static void stringsAndPlainTexts(void **state) {
  (void)state;
  const char *t[] = {
      "func.func @s() attributes {n = \"affine_map<(d0) -> (d0)> \\\"x\\\"\"} {\n"
      "  %0 = affine.apply affine_map<(d0) -> (d0)>(%i)\n}",
      "func.func @p() {\n  return\n}"};
  IrsBuf h;
  char *out = stitch(t, 2, 1, &h);
  assert_non_null(out);
  assert_string_equal(out, "#map = affine_map<(d0) -> (d0)>\nmodule {\n"
                           "  func.func @s() attributes {n = \"affine_map<(d0) "
                           "-> (d0)> \\\"x\\\"\"} {\n"
                           "    %0 = affine.apply #map(%i)\n  }\n"
                           "  func.func @p() {\n    return\n  }\n}\n\n");
  free(out);
  irsBufFree(&h);
}

// A text rewritten as it is written keeps irsDumpWriteIndented's layout:
// empty lines stay empty, a last line without a newline gets one, a text
// ending in one gets no second, and a use may start a line.
static void indentedAsWhole(void **state) {
  (void)state;
  const char *t[] = {"a\n\nb affine_map<(d0) -> (d0)>",
                     "affine_map<(d0) -> (d0)> c\n\n\n",
                     "\nd affine_map<(d0) -> (d0)>\ne\n", "", "\n"};
  const char *r[] = {"a\n\nb #map", "#map c\n\n\n", "\nd #map\ne\n", "",
                     "\n"};
  IrsBuf h, hr;
  char *out = stitch(t, 5, -1, &h);
  char *ref = stitch(r, 5, 0, &hr); // no uses: plain indentation
  assert_non_null(out);
  assert_non_null(ref);
  assert_string_equal(out, "#map = affine_map<(d0) -> (d0)>\nmodule {\n"
                           "  a\n\n  b #map\n  #map c\n\n\n\n  d #map\n  e\n"
                           "\n}\n\n");
  assert_string_equal(out + strlen("#map = affine_map<(d0) -> (d0)>\n"), ref);
  free(out);
  free(ref);
  irsBufFree(&h);
  irsBufFree(&hr);
}

static void unreadableRefused(void **state) {
  (void)state;
  const char *t[] = {"%0 = affine.apply affine_map<(d0) -> (d0 + 1)(%i)\n"};
  IrsBuf h;
  assert_null(stitch(t, 1, -1, &h));
  assert_string_equal(h.data, "module {\n"); // the header is left as it was
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
      cmocka_unit_test(indentedAsWhole),
      cmocka_unit_test(unreadableRefused),
      cmocka_unit_test(kinds),
      cmocka_unit_test(fileDefinitions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
