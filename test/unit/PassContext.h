// SPDX-License-Identifier: Apache-2.0
// One MLIR context for a whole cmocka group, with MLIR's passes registered
// and threading off (the fixture of stderrcatch.c and pipeline_nesting.c):
// cmocka_run_group_tests(tests, passContextSetup, passContextTeardown).
#ifndef IRS_TEST_UNIT_PASSCONTEXT_H
#define IRS_TEST_UNIT_PASSCONTEXT_H

#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

static MlirContext ctx;

static int passContextSetup(void **state) {
  (void)state;
  mlirRegisterAllPasses();
  ctx = mlirContextCreateWithThreading(false);
  return 0;
}

static int passContextTeardown(void **state) {
  (void)state;
  mlirContextDestroy(ctx);
  return 0;
}

#endif
