// SPDX-License-Identifier: Apache-2.0
// Unit tests of lib/PassManager/Fingerprint.c: the module fingerprint with
// its top-level ops' fingerprints is the same value whether one thread or
// two walk the top-level ops, matches what irsFingerprintCombine makes of
// those parts and what a plain walk counts, and still sees an in-place
// change of an inherent attribute (a property), also one that an op of its
// kind gains when no other op of the kind has it; the light hash misses
// exactly those changes.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "PassManager/Fingerprint.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "DialectContext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// `n` functions, each comparing its argument with a constant.
static MlirModule makeModule(int n) {
  size_t cap = (size_t)n * 200 + 64, len = 0;
  char *text = malloc(cap);
  assert_non_null(text);
  for (int i = 0; i < n; ++i)
    len += (size_t)snprintf(text + len, cap - len,
                            "func.func @f%d(%%x: i32) -> i1 {\n"
                            "  %%c = arith.constant %d : i32\n"
                            "  %%0 = arith.cmpi slt, %%x, %%c : i32\n"
                            "  return %%0 : i1\n}\n",
                            i, i);
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreate(text, len));
  free(text);
  assert_false(mlirModuleIsNull(m));
  return m;
}

typedef struct Walk {
  uint64_t fp, *tops;
  size_t cap, num;
  int64_t ops;
} Walk;

static Walk walk(MlirOperation root, bool threads) {
  Walk w = {0};
  w.fp = irsFingerprintWithTops(root, &w.tops, &w.cap, &w.num, &w.ops, threads);
  return w;
}

static void threadedIsSerial(void **state) {
  (void)state;
  MlirModule m = makeModule(301);
  MlirOperation root = mlirModuleGetOperation(m);
  Walk a = walk(root, false), b = walk(root, true);
  assert_int_equal(a.num, 301);
  assert_int_equal(b.num, 301);
  assert_true(a.fp == b.fp);
  assert_memory_equal(a.tops, b.tops, 301 * sizeof(uint64_t));
  assert_int_equal(a.ops, b.ops);
  assert_int_equal(b.ops, irsCountOps(root));
  assert_true(irsFingerprintCombine(root, b.tops, b.num) == b.fp);
  // Each top-level op's part is its own fingerprint.
  MlirBlock body = mlirModuleGetBody(m);
  MlirOperation last = mlirBlockGetFirstOperation(body);
  for (size_t k = 0; k + 1 < b.num; ++k)
    last = mlirOperationGetNextInBlock(last);
  assert_true(irsFingerprint(last, NULL) == b.tops[b.num - 1]);
  free(a.tops);
  free(b.tops);
  mlirModuleDestroy(m);
}

static MlirWalkResult flipPredicate(MlirOperation op, void *ud) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length == 10 && memcmp(name.data, "arith.cmpi", 10) == 0) {
    MlirAttribute sgt = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 4);
    mlirOperationSetInherentAttributeByName(
        op, mlirStringRefCreateFromCString("predicate"), sgt);
    *(int *)ud += 1;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

static void seesInPlaceChange(void **state) {
  (void)state;
  MlirModule m = makeModule(40);
  MlirOperation root = mlirModuleGetOperation(m);
  Walk a = walk(root, true);
  int flipped = 0;
  mlirOperationWalk(root, flipPredicate, &flipped, MlirWalkPreOrder);
  assert_int_equal(flipped, 1);
  Walk b = walk(root, true);
  assert_true(a.fp != b.fp);
  assert_true(a.tops[0] != b.tops[0]);
  assert_memory_equal(a.tops + 1, b.tops + 1, 39 * sizeof(uint64_t));
  assert_int_equal(a.ops, b.ops);
  free(a.tops);
  free(b.tops);
  mlirModuleDestroy(m);
}

// Ops of one kind with different inherent attributes (func.func with and
// without sym_visibility): the module walk hashes each op exactly as a
// walk of that op alone does, and sees an optional inherent attribute
// appear on an op in place.
static void optionalInherentSeen(void **state) {
  (void)state;
  size_t cap = 64 * 200, len = 0;
  char *text = malloc(cap);
  assert_non_null(text);
  for (int i = 0; i < 64; ++i)
    len += (size_t)snprintf(text + len, cap - len,
                            "func.func %s@g%d(%%x: i32) -> i32 {\n"
                            "  %%0 = arith.addi %%x, %%x %s: i32\n"
                            "  return %%0 : i32\n}\n",
                            i % 3 == 1 ? "private " : "", i,
                            i % 5 == 2 ? "overflow<nsw> " : "");
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreate(text, len));
  free(text);
  assert_false(mlirModuleIsNull(m));
  MlirOperation root = mlirModuleGetOperation(m);
  for (int threads = 0; threads < 2; ++threads) {
    Walk w = walk(root, threads);
    assert_int_equal(w.num, 64);
    size_t k = 0;
    for (MlirOperation o = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
         !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o), ++k)
      assert_true(irsFingerprint(o, NULL) == w.tops[k]);
    free(w.tops);
  }
  Walk a = walk(root, false);
  MlirOperation g9 = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  for (int i = 0; i < 9; ++i)
    g9 = mlirOperationGetNextInBlock(g9);
  // @g9 is public: it gains the attribute in place, as a pass would set it.
  mlirOperationSetInherentAttributeByName(
      g9, mlirStringRefCreateFromCString("sym_visibility"),
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private")));
  Walk b = walk(root, false);
  assert_true(a.fp != b.fp);
  assert_true(a.tops[9] != b.tops[9]);
  assert_memory_equal(a.tops, b.tops, 9 * sizeof(uint64_t));
  assert_memory_equal(a.tops + 10, b.tops + 10, 54 * sizeof(uint64_t));
  free(a.tops);
  free(b.tops);
  mlirModuleDestroy(m);
}

// A public function made private in place when no function has the
// attribute; the operands of a commutative op swapped (MLIR's own op hash
// sums them); a discardable attribute added. Each changes its function's
// fingerprint only.
static MlirOperation nthTop(MlirModule m, int n) {
  MlirOperation o = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  for (int i = 0; i < n; ++i)
    o = mlirOperationGetNextInBlock(o);
  return o;
}

static MlirWalkResult swapAddOperands(MlirOperation op, void *ud) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length == 10 && memcmp(name.data, "arith.addi", 10) == 0) {
    MlirValue a = mlirOperationGetOperand(op, 0);
    mlirOperationSetOperand(op, 0, mlirOperationGetOperand(op, 1));
    mlirOperationSetOperand(op, 1, a);
    *(int *)ud += 1;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

static const char *const kThreeFuncs =
    "func.func @f0(%x: i32, %y: i32) -> i32 {\n"
    "  %0 = arith.addi %x, %y : i32\n"
    "  return %0 : i32\n}\n"
    "func.func @f1(%x: i32, %y: i32) -> i32 {\n"
    "  %0 = arith.addi %x, %y : i32\n"
    "  return %0 : i32\n}\n"
    "func.func @f2(%x: i32) -> i32 {\n"
    "  return %x : i32\n}\n";

static void inPlaceEditsSeen(void **state) {
  (void)state;
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kThreeFuncs));
  assert_false(mlirModuleIsNull(m));
  MlirOperation root = mlirModuleGetOperation(m);
  Walk a = walk(root, false);
  mlirOperationSetInherentAttributeByName(
      nthTop(m, 0), mlirStringRefCreateFromCString("sym_visibility"),
      mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private")));
  int swapped = 0;
  mlirOperationWalk(nthTop(m, 1), swapAddOperands, &swapped,
                    MlirWalkPreOrder);
  assert_int_equal(swapped, 1);
  mlirOperationSetDiscardableAttributeByName(
      nthTop(m, 2), mlirStringRefCreateFromCString("irs.note"),
      mlirUnitAttrGet(ctx));
  Walk b = walk(root, false);
  assert_int_equal(b.num, 3);
  for (int k = 0; k < 3; ++k)
    assert_true(a.tops[k] != b.tops[k]);
  assert_true(a.fp != b.fp);
  free(a.tops);
  free(b.tops);
  mlirModuleDestroy(m);
}

// The light hashes (irsFingerprintTopsOf with `light`) over the tops, on
// one thread or two, on all of them or some (`idx`).
static void lightHashes(MlirModule m, uint64_t *out, int64_t *counts,
                        const size_t *idx, size_t n, bool threads) {
  size_t num = 0;
  MlirOperation *tops = irsFingerprintTops(mlirModuleGetOperation(m), &num);
  assert_non_null(tops);
  irsFingerprintTopsOf(tops, idx, idx ? n : num, true, out, counts, threads);
  free(tops);
}

// The light hash leaves properties and attributes to the full fingerprint
// (LazyFingerprint.c compares those only where light hashes are equal):
// an in-place property change keeps it, an op rewritten (another op, other
// operands) changes it; counts and thread splits are as for fingerprints,
// and a subset by index gets the same values.
static void lightMissesOnlyAttributes(void **state) {
  (void)state;
  MlirModule m = makeModule(41);
  MlirOperation root = mlirModuleGetOperation(m);
  uint64_t a[41], b[41], c[41] = {0};
  int64_t ca[41], cb[41], cc[41];
  lightHashes(m, a, ca, NULL, 41, false);
  lightHashes(m, b, cb, NULL, 41, true);
  assert_memory_equal(a, b, sizeof(a));
  Walk w = walk(root, false);
  int64_t sum = 1;
  for (int k = 0; k < 41; ++k)
    sum += ca[k];
  assert_int_equal(sum, w.ops);
  size_t some[2] = {3, 40};
  lightHashes(m, c, cc, some, 2, true);
  assert_true(c[3] == a[3] && c[40] == a[40] && c[4] == 0);
  // The predicate flipped in place: same light hash, other fingerprint.
  int flipped = 0;
  mlirOperationWalk(root, flipPredicate, &flipped, MlirWalkPreOrder);
  assert_int_equal(flipped, 1);
  lightHashes(m, b, cb, NULL, 41, true);
  assert_memory_equal(a, b, sizeof(a));
  Walk v = walk(root, false);
  assert_true(v.tops[0] != w.tops[0]);
  // An op's operands swapped: another light hash, for that function only.
  MlirModule m2 =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kThreeFuncs));
  assert_false(mlirModuleIsNull(m2));
  uint64_t d[3], e[3];
  int64_t cd[3], ce[3];
  lightHashes(m2, d, cd, NULL, 3, false);
  int swapped = 0;
  mlirOperationWalk(nthTop(m2, 0), swapAddOperands, &swapped,
                    MlirWalkPreOrder);
  assert_int_equal(swapped, 1);
  lightHashes(m2, e, ce, NULL, 3, false);
  assert_true(d[0] != e[0]);
  assert_true(d[1] == e[1] && d[2] == e[2]);
  free(w.tops);
  free(v.tops);
  mlirModuleDestroy(m2);
  mlirModuleDestroy(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(threadedIsSerial),
      cmocka_unit_test(seesInPlaceChange),
      cmocka_unit_test(optionalInherentSeen),
      cmocka_unit_test(inPlaceEditsSeen),
      cmocka_unit_test(lightMissesOnlyAttributes),
  };
  return cmocka_run_group_tests(tests, threadedDialectContextSetup,
                                dialectContextTeardown);
}
