// SPDX-License-Identifier: Apache-2.0
// RUN: rm -rf %t && mkdir -p %t && cd %t && irscope-capi-mlir-instrumentation-test 2>&1 | FileCheck %s
//
// Public-API test of MLIR's own instrumentation, IrsMlirInstrumentationOptions
// (printIr*, timing, passStatistics): MLIR prints to stderr, so
// the test sends fd 2 to a file around each run and shows what arrived. It
// checks that only the run of the user's pipeline is instrumented (the
// replays that locate and document a failure print nothing), that stepwise
// runs give one timing report per step, that tree dumps of a stepwise run
// go to one sub-directory per step, and that module scope with threading
// on is refused by the setter instead of letting MLIR abort.
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"

#include <fcntl.h>
#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "Expect.h"
#include "Context.h"

static const char kModule[] = "module {\n"
                              "  func.func @f(%a: i32) -> i32 {\n"
                              "    %c0 = arith.constant 0 : i32\n"
                              "    %0 = arith.addi %a, %c0 : i32\n"
                              "    %1 = arith.muli %0, %0 : i32\n"
                              "    return %1 : i32\n"
                              "  }\n"
                              "}\n";

static void printErr(MlirStringRef s, void *userData) {
  (void)userData;
  printf("error callback: %.*s\n", (int)s.length, s.data);
}

// Sends fd 2 to `path` until endCapture, which prints the lines that MLIR's
// reports start with (headers only: dumps and times are not the point).
static int saved = -1;
static void beginCapture(const char *path) {
  fflush(stderr);
  saved = dup(2);
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  dup2(fd, 2);
  close(fd);
}
static void endCapture(const char *path) {
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  FILE *f = fopen(path, "r");
  char line[512];
  int n = 0;
  while (f && fgets(line, sizeof(line), f)) {
    ++n;
    if (strstr(line, "IR Dump") || strstr(line, "report ...") ||
        strstr(line, "Pipeline") || strstr(line, "Canonicalizer") ||
        strstr(line, "CSE"))
      printf("stderr: %s", line);
  }
  if (f)
    fclose(f);
  printf("stderr lines: %d\n", n);
}

// The concerns these tests set.
typedef struct Opts {
  IrsPassManagerOptions create;
  IrsFailureOptions failure;
  IrsMlirInstrumentationOptions mlir;
  bool timing;
} Opts;

static Opts optsDefault(void) {
  Opts o = {irsPassManagerOptionsDefault(), irsFailureOptionsDefault(),
            irsMlirInstrumentationOptionsDefault(), false};
  return o;
}

static IrsStatus runWith(const char *pipelineText, Opts o,
                         const char *capturePath) {
  MlirContext ctx = newContext(false);
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString(pipelineText), printErr, NULL);
  IrsPassManager pm = irsPassManagerCreate(ctx, p, &o.create, printErr, NULL);
  IrsStatus st = irsStatusMake(IRS_ERR_USAGE);
  if (!irsPassManagerIsNull(pm)) {
    irsPassManagerEnableTiming(pm, o.timing);
    EXPECT(irsStatusIsOk(irsPassManagerSetFailureOptions(pm, &o.failure)));
    EXPECT(irsStatusIsOk(irsPassManagerSetMlirInstrumentation(pm, &o.mlir)));
    beginCapture(capturePath);
    st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
    irsPassManagerDestroy(pm);
    endCapture(capturePath);
  }
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  return st;
}

// A whole-pipeline run that fails is replayed step by step twice (to find
// the step, then to rebuild its input): MLIR prints only for the real run.
static void testWholeFailure(void) {
  printf("== whole failure\n");
  Opts o = optsDefault();
  o.create.threadingEnabled = false;
  o.failure.dir = "failure";
  o.mlir.printIrAfterAll = true;
  IrsStatus st = runWith(
      "builtin.module(func.func(canonicalize,cse,irs-test-fail{op=arith.muli}))",
      o, "whole.err");
  printf("status: %d\n", (int)st.kind);
  // CHECK-LABEL: == whole failure
  // CHECK-NEXT:  stderr: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
  // CHECK-NEXT:  stderr: // -----// IR Dump After CSE (cse) //----- //
  // CHECK-NEXT:  stderr: // -----// IR Dump After irs-test-fail Failed (irs-test-fail) //----- //
  // CHECK-NEXT:  stderr lines:
  // CHECK-NEXT:  status: 4
}

// Stepwise: one timing report per step, each with its own pass; statistics
// after each step's run.
static void testStepwiseTiming(void) {
  printf("== stepwise timing\n");
  Opts o = optsDefault();
  o.create.threadingEnabled = false;
  o.timing = true;
  o.mlir.timing = true;
  o.mlir.passStatistics = true;
  IrsStatus st =
      runWith("builtin.module(func.func(canonicalize,cse))", o, "timing.err");
  printf("status: %d\n", (int)st.kind);
  // CHECK-LABEL: == stepwise timing
  // CHECK-NEXT:  stderr: {{.*}}Pass statistics report ...
  // CHECK-NEXT:  stderr: {{.*}}Execution time report ...
  // CHECK-NEXT:  stderr: {{.*}}'func.func' Pipeline
  // CHECK-NEXT:  stderr: {{.*}}  Canonicalizer
  // CHECK-NEXT:  stderr: {{.*}}Pass statistics report ...
  // CHECK-NEXT:  stderr: {{.*}}Execution time report ...
  // CHECK-NEXT:  stderr: {{.*}}'func.func' Pipeline
  // CHECK-NEXT:  stderr: {{.*}}  CSE
  // CHECK-NEXT:  stderr lines:
  // CHECK-NEXT:  status: 0
}

// Nothing asked for, nothing printed, failure or not.
static void testSilentByDefault(void) {
  printf("== silent\n");
  Opts o = optsDefault();
  o.create.threadingEnabled = false;
  o.failure.dir = "failure2";
  IrsStatus st = runWith(
      "builtin.module(func.func(canonicalize,irs-test-fail{op=arith.muli}))",
      o, "silent.err");
  printf("status: %d\n", (int)st.kind);
  // CHECK-LABEL: == silent
  // CHECK-NEXT:  stderr lines: 0
  // CHECK-NEXT:  status: 4
}

// Tree dumps of a stepwise run: one sub-directory per step.
static void testTreeDirStepwise(void) {
  printf("== tree dir\n");
  Opts o = optsDefault();
  o.create.threadingEnabled = false;
  o.timing = true;
  o.mlir.printIrAfterAll = true;
  o.mlir.printIrTreeDir = "tree";
  IrsStatus st = runWith("builtin.module(func.func(canonicalize,canonicalize))",
                         o, "tree.err");
  printf("status: %d\n", (int)st.kind);
  struct stat sb;
  const char *files[] = {
      "tree/0001-func.func-canonicalize/builtin_module_no-symbol-name/"
      "func_func_f/0_0_canonicalize.mlir",
      "tree/0002-func.func-canonicalize/builtin_module_no-symbol-name/"
      "func_func_f/0_0_canonicalize.mlir",
  };
  for (int i = 0; i < 2; ++i)
    printf("%s: %s\n", files[i], stat(files[i], &sb) == 0 ? "yes" : "no");
  // CHECK-LABEL: == tree dir
  // CHECK-NEXT:  stderr lines: 0
  // CHECK-NEXT:  status: 0
  // CHECK-NEXT:  tree/0001-func.func-canonicalize/{{.*}}/0_0_canonicalize.mlir: yes
  // CHECK-NEXT:  tree/0002-func.func-canonicalize/{{.*}}/0_0_canonicalize.mlir: yes
}

// MLIR aborts on module scope with threading on; the library refuses first.
static void testModuleScopeThreading(void) {
  printf("== module scope\n");
  Opts o = optsDefault();
  o.mlir.printIrAfterAll = true;
  o.mlir.printIrModuleScope = true;
  MlirContext ctx = newContext(false);
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(canonicalize)"), printErr,
      NULL);
  IrsPassManager pm = irsPassManagerCreate(ctx, p, &o.create, printErr, NULL);
  EXPECT(!irsPassManagerIsNull(pm));
  EXPECT(!irsStatusIsOk(irsPassManagerSetMlirInstrumentation(pm, &o.mlir)));
  printErr(irsPassManagerGetErrorMessage(pm), NULL);
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  mlirContextDestroy(ctx);
  // CHECK-LABEL: == module scope
  // CHECK-NEXT:  error callback: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  mlirRegisterAllPasses();
  testWholeFailure();
  testStepwiseTiming();
  testSilentByDefault();
  testTreeDirStepwise();
  testModuleScopeThreading();
  return failures ? 1 : 0;
}
