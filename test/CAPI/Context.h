// SPDX-License-Identifier: Apache-2.0
//===- Context.h - the context a C API or unit test parses into -----------===//
#ifndef IRS_TEST_CAPI_CONTEXT_H
#define IRS_TEST_CAPI_CONTEXT_H

#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>

#include <stdbool.h>

// A context with every MLIR dialect registered, multithreaded or not.
static inline MlirContext newContext(bool threading) {
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  MlirContext ctx = mlirContextCreateWithRegistry(reg, threading);
  mlirDialectRegistryDestroy(reg);
  return ctx;
}

#endif // IRS_TEST_CAPI_CONTEXT_H
