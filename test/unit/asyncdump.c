// SPDX-License-Identifier: Apache-2.0
// Unit tests of lib/PassManager/AsyncDump.c: dumps finished on a thread,
// chained one after another while the module keeps changing, are the bytes
// of printing the module whole at the moment each dump was started. Covered:
// a first dump with an empty cache, a chained dump that takes unchanged
// texts from the one before it, a step that brings in an alias (#map: the
// dump is printed whole from clones and parsed texts), a dump chained after
// that one (it takes ops from the filled shell), the cache the join leaves,
// the count of dumps in flight, and the modules that must be printed
// synchronously (a top-level op with results).
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-asyncdump"
#include "TempDir.h"

#include "PassManager/Fingerprint.h"
#include "PassManager/PassManagerImpl.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/IR.h"
#include "DialectContext.h"

static const char kModule[] =
    "module {\n"
    "  func.func @a(%x: i32) -> i32 {\n"
    "    %0 = arith.addi %x, %x : i32\n"
    "    return %0 : i32\n"
    "  }\n"
    "  func.func @b(%x: i32) -> i32 {\n"
    "    %0 = arith.muli %x, %x : i32\n"
    "    return %0 : i32\n"
    "  }\n"
    "  func.func @c(%x: f32) -> f32 {\n"
    "    return %x : f32\n"
    "  }\n"
    "}\n";

static void appendCb(MlirStringRef s, void *ud) {
  IrsBuf *b = ud;
  irsBufAppendRef(b, s);
}

// What a dump of `m` must hold: mlir-opt's print, then a newline.
static char *wholePrint(MlirOperation m) {
  IrsBuf b = IRS_BUF_INIT;
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsAssumeVerified(f);
  mlirOperationPrintWithFlags(m, f, appendCb, &b);
  mlirOpPrintingFlagsDestroy(f);
  irsBufAppend(&b, "\n", 1);
  return irsBufDetach(&b);
}

static MlirOperation topAt(MlirOperation m, int k) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(m, 0));
  MlirOperation o = mlirBlockGetFirstOperation(body);
  while (k-- > 0)
    o = mlirOperationGetNextInBlock(o);
  return o;
}

static void tag(MlirOperation op, const char *name, MlirAttribute a) {
  mlirOperationSetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString(name), a);
}

typedef struct Run {
  const char *dir;
  IrsAsyncDump *job;
  IrsDumpCache *cache;
  atomic_int busy;
  uint64_t fps[8];
  char *expected[8];
  char path[8][4096];
  int n;
} Run;

// Starts dump n of `m` and notes what it must hold.
static int startDump(Run *r, MlirOperation m) {
  size_t num = 0, cap = 8;
  uint64_t *fps = malloc(cap * sizeof(uint64_t));
  int64_t ops = 0;
  (void)irsFingerprintWithTops(m, &fps, &cap, &num, &ops, false);
  int k = r->n++;
  snprintf(r->path[k], sizeof(r->path[k]), "%s/%d.mlir", r->dir, k);
  r->expected[k] = wholePrint(m);
  int e = irsDumpModuleAsync(&r->job, &r->cache, &r->busy, m, r->path[k], k,
                             true, fps, num, NULL);
  free(fps);
  return e;
}

static void joinAndCheck(Run *r) {
  IrsAsyncResult *res = NULL;
  size_t num = 0;
  irsDumpAsyncJoin(&r->job, &r->cache, &res, &num);
  assert_null(r->job);
  assert_int_equal(atomic_load(&r->busy), 0);
  assert_int_equal(num, (size_t)r->n);
  for (size_t i = 0; i < num; ++i) {
    assert_int_equal(res[i].step, (intptr_t)i); // in order, each once
    assert_int_equal(res[i].err, 0);
    assert_string_equal(res[i].path, r->path[i]);
    char *got = slurpPath(r->path[i]);
    assert_non_null(got);
    assert_string_equal(got, r->expected[i]);
    free(got);
    free(res[i].path);
    free(r->expected[i]);
  }
  free(res);
  r->n = 0;
}

static void chainedDumpsMatchWholePrints(void **state) {
  Run r = {.dir = *state};
  MlirOperation m = mlirModuleGetOperation(
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule)));
  assert_false(mlirOperationIsNull(m));
  // 0: nothing cached, everything cloned and printed.
  assert_int_equal(startDump(&r, m), 0);
  assert_non_null(r.job);
  // 1: only @b changed; @a and @c come from dump 0 when it is done.
  tag(topAt(m, 1), "irs.t", mlirUnitAttrGet(ctx));
  assert_int_equal(startDump(&r, m), 0);
  assert_true(atomic_load(&r.busy) <= 2);
  joinAndCheck(&r);
  // The cache now holds dump 1's texts: a synchronous stitched dump of the
  // unchanged module reuses all of them and is still exact.
  bool stitched = false;
  char sync[4096];
  snprintf(sync, sizeof(sync), "%s/sync.mlir", r.dir);
  assert_int_equal(irsDumpModuleStitched(&r.cache, m, sync, true, false, NULL,
                                         0, NULL, &stitched),
                   0);
  assert_true(stitched);
  char *want = wholePrint(m), *got = slurpPath(sync);
  assert_string_equal(got, want);
  free(want);
  free(got);
  irsDumpCacheDestroy(r.cache);
  mlirOperationDestroy(m);
}

static void aliasedStepIsPrintedWhole(void **state) {
  Run r = {.dir = *state};
  MlirOperation m = mlirModuleGetOperation(
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule)));
  assert_int_equal(startDump(&r, m), 0);
  joinAndCheck(&r); // the cache holds every text
  // 1: @a gets an affine map, which the module printer names #map: the
  // stitcher names it too (AliasStitch.c), from the texts.
  MlirAffineExpr d0 = mlirAffineDimExprGet(ctx, 0);
  MlirAffineMap map = mlirAffineMapGet(
      ctx, 1, 0, 1, (MlirAffineExpr[]){mlirAffineAddExprGet(d0, d0)});
  tag(topAt(m, 0), "irs.map", mlirAffineMapAttrGet(map));
  assert_int_equal(startDump(&r, m), 0);
  assert_non_null(strstr(r.expected[0], "#map = affine_map<(d0) -> (d0 * 2)>"));
  // 2: chained after 1: @b changes, @a and @c are taken from dump 1.
  tag(topAt(m, 1), "irs.t", mlirUnitAttrGet(ctx));
  assert_int_equal(startDump(&r, m), 0);
  joinAndCheck(&r);
  bool stitched = false;
  char sync[4096];
  snprintf(sync, sizeof(sync), "%s/sync.mlir", r.dir);
  assert_int_equal(irsDumpModuleStitched(&r.cache, m, sync, true, false, NULL,
                                         0, NULL, &stitched),
                   0);
  assert_true(stitched);
  char *want = wholePrint(m), *got = slurpPath(sync);
  assert_string_equal(got, want);
  free(want);
  free(got);
  // 3: a distinct attribute, which only MLIR's printer numbers: a thread's
  // dump is printed whole from a filled module, and the stitcher declines.
  tag(topAt(m, 2), "irs.d",
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(
                                     "distinct[0]<unit>")));
  assert_int_equal(startDump(&r, m), 0);
  joinAndCheck(&r);
  stitched = true;
  assert_int_equal(irsDumpModuleStitched(&r.cache, m, sync, true, false, NULL,
                                         0, NULL, &stitched),
                   0);
  assert_false(stitched); // the caller prints the module whole
  irsDumpCacheDestroy(r.cache);
  mlirOperationDestroy(m);
}

static void valuesAtModuleLevelAreDumpedSynchronously(void **state) {
  Run r = {.dir = *state};
  MlirContext c = ctx;
  mlirContextSetAllowUnregisteredDialects(c, true);
  MlirOperation m = mlirModuleGetOperation(mlirModuleCreateParse(
      c, mlirStringRefCreateFromCString(
             "%0 = \"test.def\"() : () -> i32\n\"test.use\"(%0) : (i32) -> ()\n")));
  assert_false(mlirOperationIsNull(m));
  assert_int_equal(startDump(&r, m), -1);
  assert_null(r.job);
  assert_int_equal(atomic_load(&r.busy), 0);
  free(r.expected[0]);
  irsDumpCacheDestroy(r.cache);
  mlirOperationDestroy(m);
  mlirContextSetAllowUnregisteredDialects(c, false);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(chainedDumpsMatchWholePrints, setUp,
                                      tearDown),
      cmocka_unit_test_setup_teardown(aliasedStepIsPrintedWhole, setUp,
                                      tearDown),
      cmocka_unit_test_setup_teardown(valuesAtModuleLevelAreDumpedSynchronously,
                                      setUp, tearDown),
  };
  return cmocka_run_group_tests(tests, threadedDialectContextSetup,
                                dialectContextTeardown);
}
