// SPDX-License-Identifier: Apache-2.0
// Unit tests of IrsPrintingOptions (Support.h, lib/Report/IrFile.c): the
// flags made from them print as mlir-opt's options of the same names, a
// dump's printing is the options' defaults but for generic and debug info,
// and the comparison behind irsPassManagerGetFinalDump tells which prints
// of verified IR write the same bytes.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "DialectContext.h"
#include "Report/IrFile.h"
#include "Support/Buf.h"

#include <stdlib.h>
#include <string.h>

static const char kModule[] =
    "func.func @f(%a: i32) -> i32 {\n"
    "  %c = arith.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>\n"
    "  return %a : i32\n"
    "}\n";

// The module printed with `o`'s flags (caller frees).
static char *printWith(const IrsPrintingOptions *o) {
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  assert_false(mlirModuleIsNull(m));
  MlirOpPrintingFlags f = irsPrintingOptionsCreateFlags(o);
  IrsBuf b = IRS_BUF_INIT;
  mlirOperationPrintWithFlags(mlirModuleGetOperation(m), f,
                              irsBufStringCallback, &b);
  mlirOpPrintingFlagsDestroy(f);
  mlirModuleDestroy(m);
  return irsBufDetach(&b);
}

static void test_printing__default_is_mlirs(void **state) {
  (void)state;
  IrsPrintingOptions o = irsPrintingOptionsDefault();
  assert_int_equal(o.elideElementsAttrs, -1);
  assert_int_equal(o.elideResourceStrings, -1);
  char *t = printWith(&o);
  assert_non_null(strstr(t, "func.func @f("));
  assert_null(strstr(t, "loc("));
  free(t);
}

static void test_printing__flags_follow_the_options(void **state) {
  (void)state;
  IrsPrintingOptions o = irsPrintingOptionsDefault();
  o.generic = true;
  o.debugInfo = true;
  char *t = printWith(&o);
  assert_non_null(strstr(t, "\"func.func\"()"));
  assert_non_null(strstr(t, "loc("));
  free(t);
  o = irsPrintingOptionsDefault();
  o.elideElementsAttrs = 2;
  t = printWith(&o);
  assert_null(strstr(t, "[1, 2, 3, 4, 5]"));
  free(t);
  o = irsPrintingOptionsDefault();
  o.skipRegions = true;
  t = printWith(&o);
  assert_null(strstr(t, "arith.constant"));
  free(t);
}

static void test_printing__dump_printing(void **state) {
  (void)state;
  IrsPrintingOptions d = irsDumpPrinting(true, false, true);
  IrsPrintingOptions e = irsPrintingOptionsDefault();
  e.generic = true;
  assert_true(irsPrintingSameForVerified(&d, &e));
  assert_true(d.assumeVerified);
  assert_false(d.debugInfo || d.prettyDebugInfo);
}

static void test_printing__same_for_verified(void **state) {
  (void)state;
  IrsPrintingOptions a = irsPrintingOptionsDefault(), b = a;
  assert_true(irsPrintingSameForVerified(&a, &b));
  b.assumeVerified = true;
  assert_true(irsPrintingSameForVerified(&a, &b));
  b = a;
  b.elideElementsAttrs = -7; // unset too
  assert_true(irsPrintingSameForVerified(&a, &b));
  b.elideElementsAttrs = 16;
  assert_false(irsPrintingSameForVerified(&a, &b));
  a.elideElementsAttrs = 16;
  assert_true(irsPrintingSameForVerified(&a, &b));
  a = b = irsPrintingOptionsDefault();
  b.debugInfo = true;
  assert_false(irsPrintingSameForVerified(&a, &b));
  b = a;
  b.localScope = true;
  assert_false(irsPrintingSameForVerified(&a, &b));
  b = a;
  b.nameLocAsPrefix = true;
  assert_false(irsPrintingSameForVerified(&a, &b));
  b = a;
  b.elideResourceStrings = 0;
  assert_false(irsPrintingSameForVerified(&a, &b));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_printing__default_is_mlirs),
      cmocka_unit_test(test_printing__flags_follow_the_options),
      cmocka_unit_test(test_printing__dump_printing),
      cmocka_unit_test(test_printing__same_for_verified),
  };
  return cmocka_run_group_tests(tests, dialectContextSetup,
                                dialectContextTeardown);
}
