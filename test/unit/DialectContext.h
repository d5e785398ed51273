// SPDX-License-Identifier: Apache-2.0
// One MLIR context for a whole cmocka group, with every upstream dialect and
// pass registered and threading off (the fixture of anchornote.c and
// failing_symbol.c):
// cmocka_run_group_tests(tests, dialectContextSetup, dialectContextTeardown).
// threadedDialectContextSetup instead makes it multithreaded with every
// dialect loaded (fingerprint.c, asyncdump.c: code that runs on threads).
#ifndef IRS_TEST_UNIT_DIALECTCONTEXT_H
#define IRS_TEST_UNIT_DIALECTCONTEXT_H

#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

static MlirContext ctx;

__attribute__((unused)) static int threadedDialectContextSetup(void **state) {
  (void)state;
  ctx = mlirContextCreateWithThreading(true);
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  mlirContextAppendDialectRegistry(ctx, reg);
  mlirDialectRegistryDestroy(reg);
  mlirContextLoadAllAvailableDialects(ctx);
  return 0;
}

__attribute__((unused)) static int dialectContextSetup(void **state) {
  (void)state;
  mlirRegisterAllPasses();
  ctx = mlirContextCreateWithThreading(false);
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  mlirContextAppendDialectRegistry(ctx, reg);
  mlirDialectRegistryDestroy(reg);
  return 0;
}

static int dialectContextTeardown(void **state) {
  (void)state;
  mlirContextDestroy(ctx);
  return 0;
}

#endif
