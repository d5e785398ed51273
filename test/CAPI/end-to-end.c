// SPDX-License-Identifier: Apache-2.0
// RUN: rm -rf %t && irscope-capi-end-to-end-test %t 2>&1 | FileCheck %s
//
// The end-to-end program of docs/API.md ("A complete program"), compiled and
// run by the test suite: parse a module, build a pipeline, run it with
// dumps and a diagnostic callback, read the step results, clean up.
// test/Build/api-example.test checks that the docs show this file.
#include "irscope/Diagnostics.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"

#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>
#include <stdio.h>

static const char kInput[] =
    "func.func @f(%a: i32) -> i32 {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %b = arith.addi %a, %c0 : i32\n"
    "  return %b : i32\n"
    "}\n";

// Error messages come as one line without a trailing newline.
static void printError(MlirStringRef msg, void *userData) {
  (void)userData;
  fprintf(stderr, "error: %.*s\n", (int)msg.length, msg.data);
}

// irsDiagnosticPrint writes whole lines, newline included.
static void printText(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

// Without onDiagnostic nothing is printed: the library never prints.
static void onDiagnostic(const IrsDiagnostic *d, void *userData) {
  irsDiagnosticPrint(d, printText, userData);
}

int main(int argc, char **argv) {
  const char *dumpDir = argc > 1 ? argv[1] : "dumps";
  int rc = 1;

  // 1. A context with MLIR's dialects and passes.
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllPasses();

  // 2. The input module and the pipeline (irs-op-stats is irscope's own).
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kInput));
  IrsPipeline pipeline = irsPipelineCreateParse(
      mlirStringRefCreateFromCString(
          "builtin.module(func.func(canonicalize,cse),irs-op-stats)"),
      printError, NULL);
  if (mlirModuleIsNull(module) || irsPipelineIsNull(pipeline))
    goto done;

  // 3. An instrumented pass manager: diagnostics to stderr as they happen.
  IrsPassManagerOptions opts = irsPassManagerOptionsDefault();
  opts.onDiagnostic = onDiagnostic;
  opts.onDiagnosticUserData = stderr;
  IrsPassManager pm = irsPassManagerCreate(ctx, pipeline, &opts, printError,
                                           NULL);
  if (irsPassManagerIsNull(pm))
    goto done;

  // 4. Run with a numbered dump after each step (and manifest.xml).
  IrsDumpOptions dumps = irsDumpOptionsDefault();
  dumps.dir = dumpDir;
  if (!irsStatusIsOk(irsPassManagerSetDumpOptions(pm, &dumps))) {
    MlirStringRef m = irsPassManagerGetErrorMessage(pm);
    printError(m, NULL);
  } else if (!irsStatusIsOk(
                 irsPassManagerRun(pm, mlirModuleGetOperation(module)))) {
    MlirStringRef m = irsPassManagerGetErrorMessage(pm);
    printError(m, NULL);
    fprintf(stderr, "failed in step %ld\n",
            (long)irsPassManagerGetFailedStep(pm));
  } else {
    // 5. What each step did.
    for (intptr_t i = 0; i < irsPassManagerGetNumSteps(pm); ++i) {
      const IrsStepResult *r = irsPassManagerGetStepResult(pm, i);
      MlirStringRef text = irsPipelineGetStepText(pipeline, i);
      printf("step %ld %.*s: %s, %s, %lld -> %lld ops, dump %.*s\n",
             (long)(i + 1), (int)text.length, text.data,
             irsStepStatusGetName(r->status),
             r->changed ? "changed" : "unchanged", (long long)r->opsBefore,
             (long long)r->opsAfter, (int)r->dumpFile.length,
             r->dumpFile.data);
    }
    rc = 0;
  }

  // 6. Clean up: the pass manager before the pipeline it borrows.
  irsPassManagerDestroy(pm);
done:
  irsPipelineDestroy(pipeline);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return rc;
}

// The diagnostic callback (stderr, unbuffered) before the results (stdout).
// CHECK: remark: op statistics: 3 operations in 2 dialects
// CHECK: step 1 builtin.module(func.func(canonicalize)): ok, changed, 5 -> 3 ops, dump 0001-func.func-canonicalize.mlir
// CHECK-NEXT: step 2 builtin.module(func.func(cse)): ok, unchanged, 3 -> 3 ops, dump 0002-func.func-cse.mlir
// CHECK-NEXT: step 3 builtin.module(irs-op-stats): ok, unchanged, 3 -> 3 ops, dump 0003-builtin.module-irs-op-stats.mlir
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// FILES: 0000-input.mlir
// FILES: manifest.xml
