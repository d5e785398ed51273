// SPDX-License-Identifier: Apache-2.0
// Unit tests of lib/PassManager/BufferedDump.c: a module printed whole
// through MLIR's IR-printing instrumentation (a buffered stream) is the
// same bytes as printing it through the C API's callback
// (irsDumpModuleAliases), with a multithreaded context, for a module with
// aliases, block labels and nested regions, one with a symbol name (its
// file lies in another directory of the tree), one with a dialect resource
// and one without aliases; nothing is left in $TMPDIR. Then the scan that
// finds each top-level op's text in such a dump (irsDumpScanWhole through
// irsDumpCacheScan): every text read back is the op's print with the whole
// module's printing state (SharedDump.c), and layouts it cannot place (a
// line it would take for an op's start, a count that does not match, no
// module line) are refused, texts numbered in print order not reused.
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-buffereddump"
#include "TempDir.h"

#include "PassManager/StitchedDump.h"

#include "mlir-c/IR.h"
#include "DialectContext.h"

#include <dirent.h>

static const char kAliased[] =
    "#map = affine_map<(d0) -> (d0 * 2)>\n"
    "module attributes {test.name = \"buffered\"} {\n"
    "  func.func @a(%i: index, %c: i1) -> index {\n"
    "    %j = affine.apply #map(%i)\n"
    "    cf.cond_br %c, ^bb1, ^bb2(%j : index)\n"
    "  ^bb1:\n"
    "    cf.br ^bb2(%i : index)\n"
    "  ^bb2(%k: index):\n"
    "    return %k : index\n"
    "  }\n"
    "  func.func @b(%x: f32) -> f32 {\n"
    "    %r = scf.execute_region -> f32 {\n"
    "      scf.yield %x : f32\n"
    "    }\n"
    "    return %r : f32\n"
    "  }\n"
    "  func.func private @decl(index) -> index\n"
    "  llvm.mlir.global internal constant @g(42 : i32) : i32\n"
    "  func.func @c(%i: index) -> index {\n"
    "    %j = affine.apply #map(%i)\n"
    "    return %j : index\n"
    "  }\n"
    "}\n";

static const char kNamed[] =
    "module @\"my/model\" {\n"
    "  func.func @f(%x: i32) -> i32 {\n"
    "    return %x : i32\n"
    "  }\n"
    "}\n";

static const char kResource[] =
    "module {\n"
    "  func.func @r() -> tensor<2xi32> {\n"
    "    %0 = arith.constant dense_resource<blob> : tensor<2xi32>\n"
    "    return %0 : tensor<2xi32>\n"
    "  }\n"
    "}\n"
    "{-#\n"
    "  dialect_resources: {\n"
    "    builtin: {\n"
    "      blob: \"0x040000000100000002000000\"\n"
    "    }\n"
    "  }\n"
    "#-}\n";

static const char kPlain[] =
    "module {\n"
    "  func.func @p(%x: i32) -> i32 {\n"
    "    %0 = arith.addi %x, %x : i32\n"
    "    return %0 : i32\n"
    "  }\n"
    "}\n";

static MlirOperation parse(const char *text) {
  MlirOperation m = mlirOperationCreateParse(
      ctx, mlirStringRefCreateFromCString(text),
      mlirStringRefCreateFromCString("buffered.mlir"));
  assert_false(mlirOperationIsNull(m));
  return m;
}

// The entries in `dir` whose name starts with `prefix`.
static int countEntries(const char *dir, const char *prefix) {
  DIR *d = opendir(dir);
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));)
    n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
  if (d)
    closedir(d);
  return n;
}

// Prints `text`'s module both ways into `dir` and compares; returns the
// buffered dump's path (caller frees).
static char *sameBytes(const char *dir, const char *text, bool wantAliases) {
  MlirOperation m = parse(text);
  char *buffered = pathIn(dir, "buffered.mlir");
  char *callback = pathIn(dir, "callback.mlir");
  bool done = false, aliases = false, aliases2 = false;
  assert_int_equal(
      irsDumpBuffered(m, buffered, false, false, &done, &aliases), 0);
  assert_true(done);
  assert_int_equal(
      irsDumpModuleAliases(m, callback, false, false, true, &aliases2), 0);
  assert_int_equal(aliases, wantAliases);
  assert_int_equal(aliases2, wantAliases);
  char *a = slurpPath(buffered), *b = slurpPath(callback);
  assert_non_null(a);
  assert_non_null(b);
  assert_true(strlen(b) > 10);
  assert_string_equal(a, b);
  free(a);
  free(b);
  free(callback);
  mlirOperationDestroy(m);
  return buffered;
}

static void sameBytesAsCallback(void **state) {
  const char *dir = *state;
  char *old = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
  setenv("TMPDIR", dir, 1);
  free(sameBytes(dir, kAliased, true));
  free(sameBytes(dir, kNamed, false));
  free(sameBytes(dir, kResource, false));
  free(sameBytes(dir, kPlain, false));
  // The printer's tree is gone.
  assert_int_equal(countEntries(dir, "irscope-print-"), 0);
  if (old)
    setenv("TMPDIR", old, 1);
  else
    unsetenv("TMPDIR");
  free(old);
}

static void scanMatchesSharedPrints(void **state) {
  const char *dir = *state;
  char *path = sameBytes(dir, kAliased, true);
  MlirOperation m = parse(kAliased);
  MlirBlock body = irsDumpModuleBody(m);
  size_t n = irsDumpCountTops(body);
  assert_int_equal(n, 5);
  // A cache as the parent adopts a buffered dump: keys only.
  IrsDumpCache *c = irsDumpCacheNew();
  c->entries = calloc(n, sizeof(IrsDumpEntry));
  c->num = n;
  c->filePath = strdup(path);
  assert_int_equal(stat(path, &c->fileStat), 0);
  c->scanPending = true;
  size_t k = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o), ++k)
    c->entries[k] = (IrsDumpEntry){.op = o.ptr, .fp = k + 1};
  assert_false(irsDumpCacheFits(c, NULL));
  assert_true(irsDumpCacheScan(c));
  IrsDumpShared sh;
  assert_true(irsDumpSharedBegin(m, &sh));
  assert_true(irsDumpCacheFits(c, &sh.header));
  IrsBuf text = IRS_BUF_INIT;
  k = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o), ++k) {
    assert_true(irsDumpSharedPrintTopInto(&sh, o, &text));
    IrsDumpEntry *e = &c->entries[k];
    assert_true(irsDumpEntryLoad(c, e));
    assert_int_equal(e->len, text.len);
    assert_memory_equal(e->text, text.data, text.len);
  }
  irsBufFree(&text);
  irsDumpSharedEnd(&sh);
  irsDumpCacheDestroy(c);
  mlirOperationDestroy(m);
  free(path);
}

static bool scan(const char *t, size_t n, IrsDumpEntry *e, size_t *h) {
  memset(e, 0, n * sizeof(*e));
  return irsDumpScanWhole(t, strlen(t), e, n, h);
}

static void scanRefuses(void **state) {
  (void)state;
  IrsDumpEntry e[3];
  size_t h = 0;
  const char *ok = "#map = affine_map<(d0) -> (d0)>\n"
                   "module {\n"
                   "  func.func @a() {\n"
                   "  ^bb1:\n"
                   "\n"
                   "    return\n"
                   "  }\n"
                   "  func.func private @b()\n"
                   "}\n\n";
  assert_true(scan(ok, 2, e, &h));
  assert_int_equal(h, strlen("#map = affine_map<(d0) -> (d0)>\nmodule {\n"));
  assert_int_equal(e[0].off, h);
  // Four lines indented (19 + 8 + 11 + 4 bytes) and an empty one.
  assert_int_equal(e[0].ilen, 43);
  assert_int_equal(e[0].len, e[0].ilen - 2 * 4 - 1);
  assert_int_equal(e[1].ilen, strlen("  func.func private @b()\n"));
  // One op too many or too few.
  assert_false(scan(ok, 3, e, &h));
  assert_false(scan(ok, 1, e, &h));
  // A line at indent two that is no op's start counts as one.
  assert_false(scan("module {\n  a {\n  b\n  }\n}\n", 1, e, &h));
  // No module line, no closing brace, a line at column 0 in the body.
  assert_false(scan("#map = affine_map<(d0) -> (d0)>\n", 0, e, &h));
  assert_false(scan("module {\n  a\n", 1, e, &h));
  assert_false(scan("module {\nx\n  a\n}\n", 1, e, &h));
  // Texts a whole print numbers in print order are not reused.
  assert_true(scan("module {\n  a distinct[0]<>\n  b\n}\n", 2, e, &h));
  assert_int_equal(e[0].ilen, 0);
  assert_int_equal(e[1].ilen, 4);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(sameBytesAsCallback, setUp, tearDown),
      cmocka_unit_test_setup_teardown(scanMatchesSharedPrints, setUp,
                                      tearDown),
      cmocka_unit_test(scanRefuses),
  };
  return cmocka_run_group_tests(tests, threadedDialectContextSetup,
                                dialectContextTeardown);
}
