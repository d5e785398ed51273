// SPDX-License-Identifier: Apache-2.0
// RUN: irscope-capi-passmanager-test 2>&1 | FileCheck %s
//
// Public-API test of irscope/PassManager.h: building an instrumented pass
// manager for a pipeline that mixes MLIR passes and irscope passes, step
// results (status, changed, op counts, diagnostics) of stepwise and whole
// runs, verify hooks and the plain tool's run past their finding, pass
// failures located by replay, construction errors
// reported through the callback at the step's column, the timing table,
// irscope passes nested on functions with threading on (R20), that the
// library itself never prints (R21), and which dump holds the final IR.
#define _XOPEN_SOURCE 700
#include "irscope/Diagnostics.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"

#include <ftw.h>
#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "Expect.h"
#include "Quiet.h"
#include "Context.h"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static const char kModule[] = "module {\n"
                              "  func.func @f(%a: i32) -> i32 {\n"
                              "    %c0 = arith.constant 0 : i32\n"
                              "    %0 = arith.addi %a, %c0 : i32\n"
                              "    %1 = arith.addi %a, %c0 : i32\n"
                              "    %2 = arith.muli %0, %1 : i32\n"
                              "    return %2 : i32\n"
                              "  }\n"
                              "  func.func @g() {\n"
                              "    return\n"
                              "  }\n"
                              "}\n";

static void printRef(MlirStringRef s) { fwrite(s.data, 1, s.length, stdout); }

static void printCb(MlirStringRef s, void *userData) {
  (void)userData;
  printRef(s);
}

static void printErr(MlirStringRef s, void *userData) {
  ++*(int *)userData;
  printf("error callback: ");
  printRef(s);
  printf("\n");
}

static MlirModule parseModule(MlirContext ctx, const char *text) {
  MlirModule m = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(text));
  if (mlirModuleIsNull(m)) {
    fprintf(stderr, "cannot parse the test module\n");
    exit(1);
  }
  return m;
}

static IrsPipeline parsePipeline(const char *text) {
  IrsPipeline p = irsPipelineCreateParse(mlirStringRefCreateFromCString(text),
                                         NULL, NULL);
  if (irsPipelineIsNull(p)) {
    fprintf(stderr, "cannot parse pipeline '%s'\n", text);
    exit(1);
  }
  return p;
}


static int rmEntry(const char *path, const struct stat *st, int flag,
                   struct FTW *ftw) {
  (void)st;
  (void)flag;
  (void)ftw;
  return remove(path);
}

static char *makeTempDir(void) {
  const char *t = getenv("TMPDIR");
  char *dir = malloc(4096);
  snprintf(dir, 4096, "%s/irscope-capi-pm-XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp(dir)) {
    fprintf(stderr, "cannot create a temporary directory\n");
    exit(1);
  }
  return dir;
}

static void removeTempDir(char *dir) {
  nftw(dir, rmEntry, 16, FTW_DEPTH | FTW_PHYS);
  free(dir);
}

static bool fileExists(const char *dir, const char *name) {
  char path[4200];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  return access(path, F_OK) == 0;
}

static void printStepResults(IrsPassManager pm, IrsPipeline p, bool ops) {
  for (intptr_t i = 0; i < irsPassManagerGetNumSteps(pm); ++i) {
    const IrsStepResult *r = irsPassManagerGetStepResult(pm, i);
    printf("step %ld ", (long)i + 1);
    printRef(irsPipelineGetStepText(p, i));
    printf(": %s", irsStepStatusGetName(r->status));
    if (ops && r->status != IrsStepNotRun)
      printf(" changed=%s ops=%lld->%lld", r->changed ? "yes" : "no",
             (long long)r->opsBefore, (long long)r->opsAfter);
    if (r->failedHook.length) {
      printf(" hook=");
      printRef(r->failedHook);
    }
    printf(" diags=%ld\n", (long)r->numDiagnostics);
    for (intptr_t k = 0; k < r->numDiagnostics; ++k) {
      printf("  [step %ld] ", (long)r->diagnostics[k].step);
      irsDiagnosticPrint(&r->diagnostics[k], printCb, NULL);
    }
  }
}

static void printRunSummary(IrsPassManager pm, IrsStatus st) {
  printf("status: %s, failed step: %ld, message: '", irsErrorKindGetName(st.kind),
         (long)irsPassManagerGetFailedStep(pm));
  printRef(irsPassManagerGetErrorMessage(pm));
  printf("'\n");
}

// A pass manager of `p` writing failure artefacts into `dir`.
static IrsPassManager pmFailingInto(MlirContext ctx, IrsPipeline p,
                                    const char *dir) {
  IrsPassManager pm = irsPassManagerCreate(ctx, p, NULL, NULL, NULL);
  EXPECT(!irsPassManagerIsNull(pm));
  IrsFailureOptions f = irsFailureOptionsDefault();
  f.dir = dir;
  EXPECT(irsStatusIsOk(irsPassManagerSetFailureOptions(pm, &f)));
  return pm;
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

// CHECK-LABEL: testStepwiseRun
static void testStepwiseRun(void) {
  printf("testStepwiseRun\n");
  MlirContext ctx = newContext(true);
  MlirModule m = parseModule(ctx, kModule);
  IrsPipeline p =
      parsePipeline("builtin.module(func.func(canonicalize,cse),irs-op-stats)");
  int calls = 0;
  IrsPassManager pm = irsPassManagerCreate(ctx, p, NULL, printErr, &calls);
  EXPECT(!irsPassManagerIsNull(pm) && calls == 0);
  irsPassManagerEnableTiming(pm, true);
  Quiet q;
  quietBegin(&q);
  IrsStatus st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  long printed = quietEnd(&q);
  EXPECT(irsStatusIsOk(st));
  printRunSummary(pm, st);
  // CHECK-NEXT: status: ok, failed step: 0, message: ''
  printf("library output: %ld bytes\n", printed);
  // CHECK-NEXT: library output: 0 bytes
  printStepResults(pm, p, true);
  // CHECK-NEXT: step 1 builtin.module(func.func(canonicalize)): ok changed=yes ops=9->6 diags=0
  // CHECK-NEXT: step 2 builtin.module(func.func(cse)): ok changed=no ops=6->6 diags=0
  // CHECK-NEXT: step 3 builtin.module(irs-op-stats): ok changed=no ops=6->6 diags=1
  // CHECK-NEXT: [step 3] {{.*}}:1:1: remark: op statistics: 6 operations in 3 dialects
  // CHECK-NEXT: {{.*}}:1:1: note: func: 4 (func.func 2, func.return 2)
  // CHECK-NEXT: {{.*}}:1:1: note: arith: 1 (arith.muli 1)
  // CHECK-NEXT: {{.*}}:1:1: note: builtin: 1 (builtin.module 1)
  const IrsStepResult *r = irsPassManagerGetStepResult(pm, 0);
  printf("verified=%d verifierOk=%d dump='%.*s' failure dir='",
         r->verified, r->verifierOk, (int)r->dumpFile.length,
         r->dumpFile.data);
  printRef(irsPassManagerGetFailureDir(pm));
  printf("' wall>0: %d\n", irsPassManagerGetTotalWallMs(pm) > 0);
  // CHECK-NEXT: verified=1 verifierOk=1 dump='' failure dir='' wall>0: 1
  mlirOperationPrint(mlirModuleGetOperation(m), printCb, NULL);
  // CHECK: func.func @f(%[[A:.*]]: i32) -> i32
  // CHECK-NEXT: %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
  // CHECK-NEXT: return %[[M]] : i32

  // A second run on the result: nothing changes any more.
  st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  EXPECT(irsStatusIsOk(st));
  printf("\nrerun:\n");
  printStepResults(pm, p, true);
  // CHECK-LABEL: rerun:
  // CHECK-NEXT: step 1 builtin.module(func.func(canonicalize)): ok changed=no ops=6->6 diags=0
  // CHECK-NEXT: step 2 builtin.module(func.func(cse)): ok changed=no ops=6->6 diags=0
  // CHECK-NEXT: step 3 builtin.module(irs-op-stats): ok changed=no ops=6->6 diags=1
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testWholeRun
static void testWholeRun(void) {
  printf("testWholeRun\n");
  MlirContext ctx = newContext(true);
  MlirModule m = parseModule(ctx, kModule);
  IrsPipeline p =
      parsePipeline("builtin.module(func.func(canonicalize,cse),irs-op-stats)");
  IrsPassManager pm = irsPassManagerCreate(ctx, p, NULL, NULL, NULL);
  EXPECT(!irsPassManagerIsNull(pm));
  IrsStatus st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  EXPECT(irsStatusIsOk(st));
  printRunSummary(pm, st);
  // CHECK-NEXT: status: ok, failed step: 0, message: ''
  printStepResults(pm, p, false);
  // CHECK-NEXT: step 1 builtin.module(func.func(canonicalize)): ok
  // CHECK-NEXT: step 2 builtin.module(func.func(cse)): ok
  // CHECK-NEXT: step 3 builtin.module(irs-op-stats): ok
  mlirOperationPrint(mlirModuleGetOperation(m), printCb, NULL);
  // CHECK: arith.muli
  // CHECK-NOT: arith.addi
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

typedef struct HookState {
  int calls;
  intptr_t steps[8];
  bool enabled;
} HookState;

static MlirLogicalResult rejectStep2(MlirOperation module, intptr_t step,
                                     void *userData) {
  HookState *h = userData;
  if (h->calls < 8)
    h->steps[h->calls] = step;
  ++h->calls;
  if (!h->enabled || step != 2)
    return mlirLogicalResultSuccess();
  mlirEmitError(mlirOperationGetLocation(module), "the hook rejects step 2");
  return mlirLogicalResultFailure();
}

static MlirLogicalResult acceptAll(MlirOperation module, intptr_t step,
                                   void *userData) {
  (void)module;
  (void)step;
  ++*(int *)userData;
  return mlirLogicalResultSuccess();
}

// CHECK-LABEL: testVerifyHook
static void testVerifyHook(void) {
  printf("testVerifyHook\n");
  MlirContext ctx = newContext(true);
  MlirModule m = parseModule(ctx, kModule);
  IrsPipeline p =
      parsePipeline("builtin.module(func.func(canonicalize,cse),irs-op-stats)");
  char *dir = makeTempDir();
  IrsPassManager pm = pmFailingInto(ctx, p, dir);
  HookState h = {0, {0}, true};
  int accepted = 0;
  irsPassManagerAddVerifyHook(pm, mlirStringRefCreateFromCString("accept-all"),
                              acceptAll, &accepted);
  irsPassManagerAddVerifyHook(pm, mlirStringRefCreateFromCString("no-step-2"),
                              rejectStep2, &h);
  Quiet q;
  quietBegin(&q);
  IrsStatus st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  long printed = quietEnd(&q);
  EXPECT(st.kind == IRS_ERR_VERIFY);
  printRunSummary(pm, st);
  // CHECK-NEXT: status: verify-failure, failed step: 2, message: 'step 2 'builtin.module(func.func(cse))' broke the IR: no-step-2 failed after pass 'cse''
  printf("library output: %ld bytes\n", printed);
  // CHECK-NEXT: library output: 0 bytes
  printf("hook calls: %d (steps %ld, %ld), accept-all calls: %d\n", h.calls,
         (long)h.steps[0], (long)h.steps[1], accepted);
  // CHECK-NEXT: hook calls: 2 (steps 1, 2), accept-all calls: 2
  printStepResults(pm, p, true);
  // CHECK-NEXT: step 1 builtin.module(func.func(canonicalize)): ok changed=yes ops=9->6 diags=0
  // CHECK-NEXT: step 2 builtin.module(func.func(cse)): verify-failure changed=no ops=6->6 hook=no-step-2 diags=1
  // CHECK-NEXT: [step 2] {{.*}}:1:1: error: the hook rejects step 2
  // CHECK-NEXT: step 3 builtin.module(irs-op-stats): not-run diags=0
  MlirStringRef fd = irsPassManagerGetFailureDir(pm);
  printf("failure dir is ours: %d, report.xml: %d, reproducer.mlir: %d\n",
         fd.length == strlen(dir) && !memcmp(fd.data, dir, fd.length),
         fileExists(dir, "report.xml"), fileExists(dir, "reproducer.mlir"));
  // CHECK-NEXT: failure dir is ours: 1, report.xml: 1, reproducer.mlir: 1

  // The next run starts from a clean slate.
  h.enabled = false;
  st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  EXPECT(irsStatusIsOk(st));
  printRunSummary(pm, st);
  // CHECK-NEXT: status: ok, failed step: 0, message: ''
  printStepResults(pm, p, false);
  // CHECK-NEXT: step 1 builtin.module(func.func(canonicalize)): ok diags=0
  // CHECK-NEXT: step 2 builtin.module(func.func(cse)): ok diags=0
  // CHECK-NEXT: step 3 builtin.module(irs-op-stats): ok diags=1
  printf("failure dir after success: '");
  printRef(irsPassManagerGetFailureDir(pm));
  printf("'\n");
  // CHECK: failure dir after success: ''
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  removeTempDir(dir);
}

// Appends a printed chunk to a malloc'd, NUL-terminated string.
static void appendCb(MlirStringRef s, void *userData) {
  char **out = userData;
  size_t n = *out ? strlen(*out) : 0;
  *out = realloc(*out, n + s.length + 1);
  memcpy(*out + n, s.data, s.length);
  (*out)[n + s.length] = '\0';
}

// `op` printed (malloc'd).
static char *printed(MlirOperation op) {
  char *out = NULL;
  mlirOperationPrint(op, appendCb, &out);
  return out;
}

// The plain run's output of kModule: the first `steps` steps of pm's
// pipeline, no checks (malloc'd).
static char *plainOutput(MlirContext ctx, IrsPassManager pm, intptr_t steps) {
  MlirModule plain = parseModule(ctx, kModule);
  EXPECT(irsStatusIsOk(
      irsPassManagerRunSteps(pm, mlirModuleGetOperation(plain), 0, steps)));
  char *want = printed(mlirModuleGetOperation(plain));
  mlirModuleDestroy(plain);
  return want;
}

// Runs pm on `m`, what the library prints held back.
static IrsStatus runQuiet(IrsPassManager pm, MlirModule m) {
  Quiet q;
  quietBegin(&q);
  IrsStatus st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  quietEnd(&q);
  return st;
}

// The plain-rest tests' pipeline (*p) and pass manager failing into `dir`;
// *want gets the plain run's output.
static IrsPassManager restPm(MlirContext ctx, const char *dir, IrsPipeline *p,
                             char **want) {
  *p = parsePipeline("builtin.module(func.func(canonicalize),func.func(cse),"
                     "convert-arith-to-llvm)");
  IrsPassManager pm = pmFailingInto(ctx, *p, dir);
  *want = plainOutput(ctx, pm, 3);
  return pm;
}

// Finishes the plain run on `m` (irsPassManagerRunPlainRest) and prints
// how it ended and whether `m` then holds `want`.
static void printPlainRest(IrsPassManager pm, MlirModule m, const char *want) {
  intptr_t failed = -1;
  Quiet q;
  quietBegin(&q);
  IrsStatus st =
      irsPassManagerRunPlainRest(pm, mlirModuleGetOperation(m), &failed);
  long out = quietEnd(&q);
  char *got = printed(mlirModuleGetOperation(m));
  printf("rest: %s, failed step %ld, library output %ld, output is the plain "
         "run's: %d, has llvm.mul: %d\n",
         irsErrorKindGetName(st.kind), (long)failed, out, !strcmp(want, got),
         strstr(got, "llvm.mul") != NULL);
  free(got);
}

// A verify hook that rejects a step is irscope's finding: the plain tool
// goes on, and irsPassManagerRunPlainRest finishes its run on the module
// (the steps after the finding, verified), leaving the record as the
// finding left it; the plain tool's failure later is reported with its
// step. Without such a finding there is nothing to go on with.
// CHECK-LABEL: testPlainRest
static void testPlainRest(void) {
  printf("testPlainRest\n");
  MlirContext ctx = newContext(true);
  char *dir = makeTempDir();
  IrsPipeline p;
  char *want; // the plain run: every step, no hook
  IrsPassManager pm = restPm(ctx, dir, &p, &want);
  HookState h = {0, {0}, true};
  irsPassManagerAddVerifyHook(pm, mlirStringRefCreateFromCString("no-step-2"),
                              rejectStep2, &h);
  MlirModule m = parseModule(ctx, kModule);
  IrsStatus st = runQuiet(pm, m);
  printf("run: %s, plain goes on: %d\n", irsErrorKindGetName(st.kind),
         irsPassManagerPlainGoesOn(pm));
  // CHECK-NEXT: run: verify-failure, plain goes on: 1
  printPlainRest(pm, m, want);
  // CHECK-NEXT: rest: ok, failed step 0, library output 0, output is the plain run's: 1, has llvm.mul: 1
  printStepResults(pm, p, false);
  // CHECK-NEXT: step 1 builtin.module(func.func(canonicalize)): ok diags=0
  // CHECK-NEXT: step 2 builtin.module(func.func(cse)): verify-failure hook=no-step-2 diags=1
  // CHECK-NEXT: [step 2] {{.*}}error: the hook rejects step 2
  // CHECK-NEXT: step 3 builtin.module(convert-arith-to-llvm): not-run diags=0
  st = irsPassManagerRunPlainRest(pm, mlirModuleGetOperation(m), NULL);
  printf("again: %s, plain goes on: %d\n", irsErrorKindGetName(st.kind),
         irsPassManagerPlainGoesOn(pm));
  // CHECK-NEXT: again: usage-error, plain goes on: 0
  free(want);
  mlirModuleDestroy(m);
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);

  // A later step that fails: the plain tool fails there too.
  p = parsePipeline("builtin.module(func.func(canonicalize),func.func(cse),"
                    "func.func(irs-test-fail{op=arith.muli}))");
  pm = pmFailingInto(ctx, p, dir);
  h = (HookState){0, {0}, true};
  irsPassManagerAddVerifyHook(pm, mlirStringRefCreateFromCString("no-step-2"),
                              rejectStep2, &h);
  m = parseModule(ctx, kModule);
  intptr_t failed = -1;
  Quiet q;
  quietBegin(&q);
  st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  st = irsPassManagerRunPlainRest(pm, mlirModuleGetOperation(m), &failed);
  quietEnd(&q);
  printf("rest: %s, failed step %ld\n", irsErrorKindGetName(st.kind),
         (long)failed);
  // CHECK-NEXT: rest: pass-failure, failed step 3
  mlirModuleDestroy(m);
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  mlirContextDestroy(ctx);
  removeTempDir(dir);
}

// A --verify-with pipeline may use irscope passes: it runs after every step
// (its remarks land on the step), and the pass manager owns everything the
// checking pipeline needs once irsPassManagerCreate returns.
// Turns the dump directory into a regular file when step 2 begins: every
// later write into the directory (step 2's manifest) fails (ENOTDIR, for
// root too), as on a disk that filled up mid-run.
typedef struct BreakDir {
  const char *dir;
  char moved[4200];
} BreakDir;

static void breakDirAtStep2(intptr_t step, bool begin, void *userData) {
  BreakDir *b = userData;
  if (step != 2 || !begin || b->moved[0])
    return;
  snprintf(b->moved, sizeof(b->moved), "%s.moved", b->dir);
  FILE *f = NULL;
  if (rename(b->dir, b->moved) != 0 || !(f = fopen(b->dir, "w")))
    printf("cannot break the dump directory\n");
  if (f)
    fclose(f);
}

// A manifest or dump that cannot be written ends irscope's run (IRS_ERR_IO,
// the file named), but the plain tool writes neither and goes on: after
// the steps that passed, irsPassManagerRunPlainRest finishes its run on
// the module, whose output is the plain run's. The dumps written before
// stay.
static MlirContext gReloadCtx;
static MlirOperation reloadModule(void *userData) {
  (void)userData;
  return mlirModuleGetOperation(parseModule(gReloadCtx, kModule));
}

// A --verify-with pipeline that changed the IR: the plain run starts over
// on the input, which only a reload callback gives back; without one the
// plain tool's run cannot be finished, and the pass manager says so.
// CHECK-LABEL: testPlainRestNeedsInput
static void testPlainRestNeedsInput(void) {
  printf("testPlainRestNeedsInput\n");
  MlirContext ctx = newContext(true);
  gReloadCtx = ctx;
  char *dir = makeTempDir();
  for (int reload = 0; reload < 2; ++reload) {
    IrsPipeline p;
    char *want;
    IrsPassManager pm = restPm(ctx, dir, &p, &want);
    IrsVerifyOptions v = irsVerifyOptionsDefault();
    v.verifyWith = "builtin.module(convert-arith-to-llvm)";
    EXPECT(irsStatusIsOk(irsPassManagerSetVerifyOptions(pm, &v)));
    IrsFailureOptions f = irsFailureOptionsDefault();
    f.dir = dir;
    f.reloadInput = reload ? reloadModule : NULL;
    EXPECT(irsStatusIsOk(irsPassManagerSetFailureOptions(pm, &f)));
    MlirModule m = parseModule(ctx, kModule);
    IrsStatus st = runQuiet(pm, m);
    printf("reload %d: run: %s, plain goes on: %d\n", reload,
           irsErrorKindGetName(st.kind), irsPassManagerPlainGoesOn(pm));
    if (reload)
      printPlainRest(pm, m, want);
    free(want);
    mlirModuleDestroy(m);
    irsPassManagerDestroy(pm);
    irsPipelineDestroy(p);
  }
  // CHECK-NEXT: reload 0: run: verify-failure, plain goes on: 0
  // CHECK-NEXT: reload 1: run: verify-failure, plain goes on: 1
  // CHECK-NEXT: rest: ok, failed step 0, library output 0, output is the plain run's: 1, has llvm.mul: 1
  removeTempDir(dir);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testPlainRestAfterWriteError
static void testPlainRestAfterWriteError(void) {
  printf("testPlainRestAfterWriteError\n");
  MlirContext ctx = newContext(true);
  char *tmp = makeTempDir();
  char dir[4200];
  snprintf(dir, sizeof(dir), "%s/d", tmp);
  IrsPipeline p;
  char *want;
  IrsPassManager pm = restPm(ctx, tmp, &p, &want);
  IrsDumpOptions d = irsDumpOptionsDefault();
  d.dir = dir;
  EXPECT(irsStatusIsOk(irsPassManagerSetDumpOptions(pm, &d)));
  BreakDir b = {dir, {0}};
  IrsSupervisionOptions w = irsSupervisionOptionsDefault();
  w.onStep = breakDirAtStep2;
  w.onStepUserData = &b;
  irsPassManagerSetSupervision(pm, &w);
  MlirModule m = parseModule(ctx, kModule);
  IrsStatus st = runQuiet(pm, m);
  printf("run: %s, plain goes on: %d, message: '", irsErrorKindGetName(st.kind),
         irsPassManagerPlainGoesOn(pm));
  // The message names the dump; its directory is a temporary one.
  MlirStringRef msg = irsPassManagerGetErrorMessage(pm);
  char *m0 = strndup(msg.data ? msg.data : "", msg.length);
  char *at = strchr(m0, '/'), *name = strstr(m0, "/d/");
  if (at)
    *at = '\0';
  printf("%s...%s'\n", m0, name ? name : "");
  free(m0);
  // CHECK-NEXT: run: io-error, plain goes on: 1, message: 'cannot write manifest '.../d/manifest.xml': Not a directory'
  printStepResults(pm, p, false);
  // CHECK-NEXT: step 1 builtin.module(func.func(canonicalize)): ok diags=0
  // CHECK-NEXT: step 2 builtin.module(func.func(cse)): ok diags=0
  // CHECK-NEXT: step 3 builtin.module(convert-arith-to-llvm): not-run diags=0
  printPlainRest(pm, m, want);
  // CHECK-NEXT: rest: ok, failed step 0, library output 0, output is the plain run's: 1, has llvm.mul: 1
  printf("kept: input %d, step 1 %d, step 2 %d, manifest %d\n",
         fileExists(b.moved, "0000-input.mlir"),
         fileExists(b.moved, "0001-func.func-canonicalize.mlir"),
         fileExists(b.moved, "0002-func.func-cse.mlir"),
         fileExists(b.moved, "manifest.xml"));
  // CHECK-NEXT: kept: input 1, step 1 1, step 2 0, manifest 1
  free(want);
  mlirModuleDestroy(m);
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  removeTempDir(tmp); // d (a file now) and d.moved
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testVerifyWithIrsPass
static void testVerifyWithIrsPass(void) {
  printf("testVerifyWithIrsPass\n");
  MlirContext ctx = newContext(true);
  MlirModule m = parseModule(ctx, kModule);
  IrsPipeline p = parsePipeline("builtin.module(func.func(canonicalize),cse)");
  IrsVerifyOptions v = irsVerifyOptionsDefault();
  char verifyWith[] = "builtin.module(irs-op-stats)";
  v.verifyWith = verifyWith;
  int calls = 0;
  IrsPassManager pm = irsPassManagerCreate(ctx, p, NULL, printErr, &calls);
  EXPECT(!irsPassManagerIsNull(pm) && calls == 0);
  EXPECT(irsStatusIsOk(irsPassManagerSetVerifyOptions(pm, &v)));
  memset(verifyWith, 'x', sizeof(verifyWith) - 1); // the text was copied
  IrsStatus st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  EXPECT(irsStatusIsOk(st));
  printRunSummary(pm, st);
  // CHECK-NEXT: status: ok, failed step: 0, message: ''
  for (intptr_t i = 0; i < irsPassManagerGetNumSteps(pm); ++i) {
    const IrsStepResult *r = irsPassManagerGetStepResult(pm, i);
    printf("step %ld: %s diags=%ld", (long)i + 1,
           irsStepStatusGetName(r->status), (long)r->numDiagnostics);
    if (r->numDiagnostics)
      printf(" first: %.*s", (int)r->diagnostics[0].message.length,
             r->diagnostics[0].message.data);
    printf("\n");
  }
  // CHECK-NEXT: step 1: ok diags=1 first: op statistics: 6 operations in 3 dialects
  // CHECK-NEXT: step 2: ok diags=1 first: op statistics: 6 operations in 3 dialects
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

static void countDiag(const IrsDiagnostic *d, void *userData) {
  (void)d;
  ++*(int *)userData;
}

static void runPassFailure(bool stepwise) {
  MlirContext ctx = newContext(true);
  MlirModule m = parseModule(ctx, kModule);
  IrsPipeline p = parsePipeline(
      "builtin.module(canonicalize,func.func(irs-test-fail{op=arith.muli}),"
      "cse)");
  char *dir = makeTempDir();
  int forwarded = 0;
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.onDiagnostic = countDiag;
  o.onDiagnosticUserData = &forwarded;
  IrsPassManager pm = irsPassManagerCreate(ctx, p, &o, NULL, NULL);
  EXPECT(!irsPassManagerIsNull(pm));
  irsPassManagerEnableTiming(pm, stepwise);
  IrsFailureOptions f = irsFailureOptionsDefault();
  f.dir = dir;
  EXPECT(irsStatusIsOk(irsPassManagerSetFailureOptions(pm, &f)));
  Quiet q;
  quietBegin(&q);
  IrsStatus st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  long printed = quietEnd(&q);
  EXPECT(st.kind == IRS_ERR_PASS);
  printRunSummary(pm, st);
  printf("library output: %ld bytes, forwarded: %d\n", printed, forwarded);
  printStepResults(pm, p, false);
  printf("report.xml: %d, failure-input.mlir: %d\n",
         fileExists(dir, "report.xml"), fileExists(dir, "failure-input.mlir"));
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
  removeTempDir(dir);
}

// CHECK-LABEL: testPassFailure
static void testPassFailure(void) {
  printf("testPassFailure\n");
  printf("stepwise:\n");
  runPassFailure(true);
  // CHECK-NEXT: stepwise:
  // CHECK-NEXT: status: pass-failure, failed step: 2, message: 'step 2 'builtin.module(func.func(irs-test-fail{op=arith.muli}))' failed: pass 'irs-test-fail' signalled failure'
  // CHECK-NEXT: library output: 0 bytes, forwarded: 1
  // CHECK-NEXT: step 1 builtin.module(canonicalize): ok diags=0
  // CHECK-NEXT: step 2 builtin.module(func.func(irs-test-fail{op=arith.muli})): pass-failure diags=1
  // CHECK-NEXT: [step 2] {{.*}}:6:10: error: irs-test-fail: injected failure at 'arith.muli'
  // CHECK-NEXT: step 3 builtin.module(cse): not-run diags=0
  // CHECK-NEXT: report.xml: 1, failure-input.mlir: 1
  printf("whole:\n");
  runPassFailure(false);
  // The whole pipeline fails; a replay locates the step. Its diagnostics
  // reach the user once, not once more from the replay.
  // CHECK-NEXT: whole:
  // CHECK-NEXT: status: pass-failure, failed step: 2, message: 'step 2 'builtin.module(func.func(irs-test-fail{op=arith.muli}))' failed: pass 'irs-test-fail' signalled failure'
  // CHECK-NEXT: library output: 0 bytes, forwarded: 1
  // CHECK-NEXT: step 1 builtin.module(canonicalize): ok diags=0
  // CHECK-NEXT: step 2 builtin.module(func.func(irs-test-fail{op=arith.muli})): pass-failure diags=1
  // CHECK-NEXT: [step 2] {{.*}}:6:10: error: irs-test-fail: injected failure at 'arith.muli'
  // CHECK-NEXT: step 3 builtin.module(cse): not-run diags=0
  // CHECK-NEXT: report.xml: 1, failure-input.mlir: 1
}

static void createError(MlirContext ctx, const char *pipeline,
                        const char *verifyWith) {
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString(pipeline), NULL, NULL);
  EXPECT(!irsPipelineIsNull(p));
  IrsVerifyOptions v = irsVerifyOptionsDefault();
  v.verifyWith = verifyWith;
  int calls = 0;
  IrsPassManager pm = irsPassManagerCreate(ctx, p, NULL, printErr, &calls);
  // A --verify-with pipeline is the verify options' setter's to build: its
  // error is the pass manager's message.
  if (!irsPassManagerIsNull(pm)) {
    EXPECT(verifyWith);
    EXPECT(!irsStatusIsOk(irsPassManagerSetVerifyOptions(pm, &v)));
    printErr(irsPassManagerGetErrorMessage(pm), &calls);
    irsPassManagerDestroy(pm);
  }
  printf("calls: %d\n", calls);
  // And the same without a callback: silent.
  Quiet q;
  quietBegin(&q);
  pm = irsPassManagerCreate(ctx, p, NULL, NULL, NULL);
  bool failed = irsPassManagerIsNull(pm) ||
                !irsStatusIsOk(irsPassManagerSetVerifyOptions(pm, &v));
  long printed = quietEnd(&q);
  EXPECT(failed);
  irsPassManagerDestroy(pm);
  printf("without callback: %ld bytes\n", printed);
  irsPipelineDestroy(p);
}

// CHECK-LABEL: testCreateErrors
static void testCreateErrors(void) {
  printf("testCreateErrors\n");
  MlirContext ctx = newContext(true);
  createError(ctx, "builtin.module(func.func(cse),no-such-pass)", NULL);
  // CHECK-NEXT: error callback: pipeline:1:31: 'no-such-pass' does not refer to a registered pass or pass pipeline
  // CHECK-NEXT: calls: 1
  // CHECK-NEXT: without callback: 0 bytes
  createError(ctx, "builtin.module(func.func(canonicalize{no-such-option=1}))",
              NULL);
  // CHECK-NEXT: error callback: pipeline:1:26: {{.*}}no-such-option
  // CHECK-NEXT: calls: 1
  // CHECK-NEXT: without callback: 0 bytes
  createError(ctx, "builtin.module(cse,irs-test-fail{op=x bogus=1})", NULL);
  // CHECK-NEXT: error callback: pipeline:1:20: unknown option 'bogus' for pass 'irs-test-fail'
  // CHECK-NEXT: calls: 1
  // CHECK-NEXT: without callback: 0 bytes
  createError(ctx, "builtin.module(irs-test-fail)", NULL);
  // CHECK-NEXT: error callback: pipeline:1:16: pass 'irs-test-fail' requires option 'op=NAME'
  // CHECK-NEXT: calls: 1
  // CHECK-NEXT: without callback: 0 bytes
  createError(ctx, "builtin.module(any(irs-op-stats))", NULL);
  // CHECK-NEXT: error callback: pipeline:1:20: irscope passes cannot be nested under 'any'; name the operation instead
  // CHECK-NEXT: calls: 1
  // CHECK-NEXT: without callback: 0 bytes
  createError(ctx, "builtin.module(cse)", "builtin.module(nope)");
  // CHECK-NEXT: error callback: in --verify-with: pipeline:1:16: 'nope' does not refer to a registered pass or pass pipeline
  // CHECK-NEXT: calls: 1
  // CHECK-NEXT: without callback: 0 bytes
  createError(ctx, "builtin.module(cse)", "builtin.module(");
  // CHECK-NEXT: error callback: in --verify-with: pipeline:1:16: expected a pass or operation name, found end of pipeline
  // CHECK-NEXT: calls: 1
  // CHECK-NEXT: without callback: 0 bytes
  irsPassManagerDestroy((IrsPassManager){NULL});
  mlirContextDestroy(ctx);
}

typedef struct Text {
  char data[8192];
  size_t len;
} Text;

static void appendText(MlirStringRef s, void *userData) {
  Text *t = userData;
  size_t n = s.length < sizeof(t->data) - 1 - t->len
                 ? s.length
                 : sizeof(t->data) - 1 - t->len;
  memcpy(t->data + t->len, s.data, n);
  t->len += n;
  t->data[t->len] = '\0';
}

// CHECK-LABEL: testTiming
static void testTiming(void) {
  printf("testTiming\n");
  MlirContext ctx = newContext(true);
  MlirModule m = parseModule(ctx, kModule);
  IrsPipeline p =
      parsePipeline("builtin.module(func.func(canonicalize,cse),irs-op-stats)");
  IrsPassManager pm = irsPassManagerCreate(ctx, p, NULL, NULL, NULL);
  irsPassManagerEnableTiming(pm, true);
  IrsStatus st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  EXPECT(irsStatusIsOk(st));
  Text t = {{0}, 0};
  irsPassManagerPrintTiming(pm, IrsTimingSortPipeline, appendText, &t);
  printf("%s", t.data);
  // CHECK-NEXT: ===-------------------------------------------------------------------------===
  // CHECK-NEXT: {{^ +}}irscope step timing report
  // CHECK-NEXT: ===-------------------------------------------------------------------------===
  // CHECK-NEXT: Total wall time: {{[0-9]+\.[0-9]+}} s, CPU time: {{[0-9]+\.[0-9]+}} s, 3 steps
  // CHECK-EMPTY:
  // CHECK-NEXT: step wall(ms) cpu(ms) share changed pass
  // CHECK-NEXT: 1 {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]}}% yes builtin.module(func.func(canonicalize))
  // CHECK-NEXT: 2 {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]}}% no builtin.module(func.func(cse))
  // CHECK-NEXT: 3 {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]}}% no builtin.module(irs-op-stats)
  // CHECK-NOT: builtin.module
  // CHECK: sorted by wall
  printf("sorted by wall\n");
  t.len = 0;
  t.data[0] = '\0';
  irsPassManagerPrintTiming(pm, IrsTimingSortWall, appendText, &t);
  printf("%s", t.data);
  // CHECK: 3 steps
  // CHECK-DAG: builtin.module(func.func(canonicalize))
  // CHECK-DAG: builtin.module(func.func(cse))
  // CHECK-DAG: builtin.module(irs-op-stats)
  irsPassManagerDestroy(pm);

  // After a failure: steps that did not run are left out, the failed one is
  // marked.
  IrsPipeline pf = parsePipeline("builtin.module(cse,irs-test-fail{op=func.func},"
                                 "canonicalize)");
  pm = irsPassManagerCreate(ctx, pf, NULL, NULL, NULL);
  irsPassManagerEnableTiming(pm, true);
  IrsFailureOptions noReport = irsFailureOptionsDefault();
  noReport.writeReport = false;
  irsPassManagerSetFailureOptions(pm, &noReport);
  st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  EXPECT(st.kind == IRS_ERR_PASS);
  t.len = 0;
  t.data[0] = '\0';
  irsPassManagerPrintTiming(pm, IrsTimingSortPipeline, appendText, &t);
  printf("after failure\n%s", t.data);
  // CHECK-LABEL: after failure
  // CHECK: Total wall time: {{.*}}, 2 steps
  // CHECK: step wall(ms)
  // CHECK-NEXT: 1 {{.*}} builtin.module(cse){{$}}
  // CHECK-NEXT: 2 {{.*}} builtin.module(irs-test-fail{op=func.func}) [failed]
  // CHECK-NOT: canonicalize
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(pf);
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

typedef struct Remarks {
  int count;
  char lines[32][128];
} Remarks;

// Called from worker threads (under the capture's lock).
static void collectRemark(const IrsDiagnostic *d, void *userData) {
  Remarks *r = userData;
  if (d->severity != IrsSeverityRemark || r->count >= 32)
    return;
  snprintf(r->lines[r->count++], 128, "%.*s: %.*s", (int)d->location.length,
           d->location.data, (int)d->message.length, d->message.data);
}

static int cmpLine(const void *a, const void *b) { return strcmp(a, b); }

static void printRemarks(Remarks *r) {
  qsort(r->lines, (size_t)r->count, sizeof(r->lines[0]), cmpLine);
  printf("remarks: %d\n", r->count);
  for (int i = 0; i < r->count; ++i)
    printf("  %s\n", r->lines[i]);
}

// irscope passes nested on func.func run on worker threads, one cloned
// instance each; every function gets its own remark, on every run.
// CHECK-LABEL: testOpStatsPerFunction
static void testOpStatsPerFunction(void) {
  printf("testOpStatsPerFunction\n");
  MlirContext ctx = newContext(true);
  char text[4096];
  size_t n = (size_t)snprintf(text, sizeof(text), "module {\n");
  for (int f = 0; f < 8; ++f) {
    n += (size_t)snprintf(text + n, sizeof(text) - n, "  func.func @f%d() {\n",
                          f);
    for (int k = 0; k < f; ++k)
      n += (size_t)snprintf(text + n, sizeof(text) - n,
                            "    %%c%d = arith.constant %d : i32\n", k, k);
    n += (size_t)snprintf(text + n, sizeof(text) - n, "    return\n  }\n");
  }
  snprintf(text + n, sizeof(text) - n, "}\n");
  MlirModule m = parseModule(ctx, text);
  IrsPipeline p = parsePipeline("builtin.module(func.func(irs-op-stats))");

  for (int stepwise = 0; stepwise < 2; ++stepwise) {
    Remarks r;
    memset(&r, 0, sizeof(r));
    IrsPassManagerOptions o = irsPassManagerOptionsDefault();
    o.onDiagnostic = collectRemark;
    o.onDiagnosticUserData = &r;
    IrsPassManager pm = irsPassManagerCreate(ctx, p, &o, NULL, NULL);
    EXPECT(!irsPassManagerIsNull(pm));
    irsPassManagerEnableTiming(pm, stepwise);
    for (int run = 0; run < 3; ++run) {
      int before = r.count;
      IrsStatus st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
      EXPECT(irsStatusIsOk(st));
      EXPECT(r.count - before == 8);
    }
    printf("%s: %d remarks in 3 runs", stepwise ? "stepwise" : "whole",
           r.count);
    if (stepwise)
      printf(", step diagnostics: %ld",
             (long)irsPassManagerGetStepResult(pm, 0)->numDiagnostics);
    printf("\n");
    r.count = 8; // the last run's remarks suffice to check the contents
    if (stepwise)
      printRemarks(&r);
    irsPassManagerDestroy(pm);
  }
  // CHECK-NEXT: whole: 24 remarks in 3 runs
  // CHECK-NEXT: stepwise: 24 remarks in 3 runs, step diagnostics: 8
  // CHECK-NEXT: remarks: 8
  // Sorted as text: "-:14:3" comes before "-:2:3".
  // CHECK-NEXT: {{.*}}:14:3: op statistics: 5 operations in 2 dialects
  // CHECK-NEXT: {{.*}}:20:3: op statistics: 6 operations in 2 dialects
  // CHECK-NEXT: {{.*}}:27:3: op statistics: 7 operations in 2 dialects
  // CHECK-NEXT: {{.*}}:2:3: op statistics: 2 operations in 1 dialects
  // CHECK-NEXT: {{.*}}:35:3: op statistics: 8 operations in 2 dialects
  // CHECK-NEXT: {{.*}}:44:3: op statistics: 9 operations in 2 dialects
  // CHECK-NEXT: {{.*}}:5:3: op statistics: 3 operations in 2 dialects
  // CHECK-NEXT: {{.*}}:9:3: op statistics: 4 operations in 2 dialects
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

// Reads the file at `path` into a malloc'd buffer (NUL-terminated).
static char *readAll(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *b = NULL;
  size_t n = 0, cap = 0, r;
  char chunk[4096];
  while ((r = fread(chunk, 1, sizeof(chunk), f)) > 0) {
    if (n + r + 1 > cap) {
      cap = (n + r + 1) * 2;
      b = realloc(b, cap);
    }
    memcpy(b + n, chunk, r);
    n += r;
  }
  fclose(f);
  if (!b)
    b = calloc(1, 1);
  b[n] = '\0';
  *len = n;
  return b;
}

// One run of `pipeline` on kModule with dumps into a fresh directory: the
// final dump's name (relative to the directory, "-" for none) and whether
// its bytes are the module's print plus a newline.
static void runFinalDump(const char *label, const char *pipeline,
                         bool onlyChanged, bool verify, bool dumps) {
  MlirContext ctx = newContext(true);
  MlirModule m = parseModule(ctx, kModule);
  IrsPipeline p = parsePipeline(pipeline);
  char *dir = makeTempDir();
  IrsDumpOptions o = irsDumpOptionsDefault();
  o.dir = dumps ? dir : NULL;
  o.overwrite = true;
  o.onlyChanged = onlyChanged;
  IrsVerifyOptions v = irsVerifyOptionsDefault();
  v.verifyEach = verify;
  IrsPassManager pm = irsPassManagerCreate(ctx, p, NULL, NULL, NULL);
  EXPECT(!irsPassManagerIsNull(pm));
  irsPassManagerEnableTiming(pm, true);
  EXPECT(irsStatusIsOk(irsPassManagerSetDumpOptions(pm, &o)));
  EXPECT(irsStatusIsOk(irsPassManagerSetVerifyOptions(pm, &v)));
  IrsStatus st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
  IrsPrintingOptions printing = irsPrintingOptionsDefault();
  MlirStringRef f = irsPassManagerGetFinalDump(pm, &printing);
  printf("%s: %s, final dump ", label, irsErrorKindGetName(st.kind));
  size_t dl = strlen(dir);
  if (!f.length) {
    printf("-\n");
  } else {
    EXPECT(f.length > dl + 1 && memcmp(f.data, dir, dl) == 0);
    size_t n = 0;
    char *text = readAll(f.data, &n);
    char *print = NULL;
    mlirOperationPrint(mlirModuleGetOperation(m), appendCb, &print);
    bool same = text && print && n == strlen(print) + 1 &&
                memcmp(text, print, n - 1) == 0 && text[n - 1] == '\n';
    printf("%.*s, the module's print: %s\n", (int)(f.length - dl - 1),
           f.data + dl + 1, same ? "yes" : "no");
    free(text);
    free(print);
  }
  irsPassManagerDestroy(pm);
  removeTempDir(dir);
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
  mlirContextDestroy(ctx);
}

// CHECK-LABEL: testFinalDump
static void testFinalDump(void) {
  printf("testFinalDump\n");
  const char *two = "builtin.module(func.func(canonicalize),func.func(cse))";
  runFinalDump("every step", two, false, true, true);
  // CHECK-NEXT: every step: ok, final dump 0002-func.func-cse.mlir, the module's print: yes
  // cse changes nothing: canonicalize's dump holds the final IR.
  runFinalDump("only changed", two, true, true, true);
  // CHECK-NEXT: only changed: ok, final dump 0001-func.func-canonicalize.mlir, the module's print: yes
  runFinalDump("nothing changed",
               "builtin.module(func.func(loop-invariant-code-motion))", true,
               true, true);
  // CHECK-NEXT: nothing changed: ok, final dump 0000-input.mlir, the module's print: yes
  runFinalDump("a module step last", "builtin.module(func.func(cse),canonicalize)",
               false, true, true);
  // CHECK-NEXT: a module step last: ok, final dump 0002-builtin.module-canonicalize.mlir, the module's print: yes
  // Without the verifier the dump's IR is not known valid.
  runFinalDump("no verify", two, false, false, true);
  // CHECK-NEXT: no verify: ok, final dump -
  runFinalDump("no dumps", two, false, true, false);
  // CHECK-NEXT: no dumps: ok, final dump -
  // A remark makes the checkpointed run replay stepwise on a copy of the
  // input, whose result then becomes the caller's module.
  runFinalDump("replayed", "builtin.module(func.func(canonicalize),irs-op-stats)",
               false, true, true);
  // CHECK-NEXT: replayed: ok, final dump 0002-builtin.module-irs-op-stats.mlir, the module's print: yes
  runFinalDump("failed", "builtin.module(canonicalize,func.func(irs-test-fail{op=arith.muli}))",
               false, true, true);
  // CHECK-NEXT: failed: pass-failure, final dump -
}

static void printFinalDumpFor(IrsPassManager pm, const char *label,
                              IrsPrintingOptions printing) {
  MlirStringRef f = irsPassManagerGetFinalDump(pm, &printing);
  printf("%s: %s\n", label, f.length ? "copy" : "-");
}

// The final dump is offered only for a print whose bytes it holds: the
// dumps' generic and debug-info settings, MLIR's defaults for the rest;
// assume-verified prints the same, as the dump's IR was verified.
// CHECK-LABEL: testFinalDumpPrinting
static void testFinalDumpPrinting(void) {
  printf("testFinalDumpPrinting\n");
  for (int generic = 0; generic < 2; ++generic) {
    MlirContext ctx = newContext(true);
    MlirModule m = parseModule(ctx, kModule);
    IrsPipeline p = parsePipeline("builtin.module(func.func(cse))");
    char *dir = makeTempDir();
    IrsDumpOptions o = irsDumpOptionsDefault();
    o.dir = dir;
    o.overwrite = true;
    o.printGeneric = o.printDebugInfo = generic;
    IrsPassManager pm = irsPassManagerCreate(ctx, p, NULL, NULL, NULL);
    EXPECT(!irsPassManagerIsNull(pm));
    irsPassManagerEnableTiming(pm, true);
    EXPECT(irsStatusIsOk(irsPassManagerSetDumpOptions(pm, &o)));
    EXPECT(irsStatusIsOk(irsPassManagerRun(pm, mlirModuleGetOperation(m))));
    printf("dumps %s\n", generic ? "generic with debug info" : "default");
    IrsPrintingOptions d = irsPrintingOptionsDefault();
    printFinalDumpFor(pm, "default", d);
    IrsPrintingOptions x = d;
    x.generic = x.debugInfo = true;
    printFinalDumpFor(pm, "generic with debug info", x);
    x.assumeVerified = true;
    printFinalDumpFor(pm, "generic with debug info, assume verified", x);
    x = d;
    x.assumeVerified = true;
    printFinalDumpFor(pm, "assume verified", x);
    x = d;
    x.debugInfo = true;
    printFinalDumpFor(pm, "debug info", x);
    x.prettyDebugInfo = true;
    printFinalDumpFor(pm, "pretty debug info", x);
    x = d;
    x.localScope = true;
    printFinalDumpFor(pm, "local scope", x);
    x = d;
    x.elideElementsAttrs = 4;
    printFinalDumpFor(pm, "elide elements", x);
    x = d;
    x.skipRegions = true;
    printFinalDumpFor(pm, "skip regions", x);
    irsPassManagerDestroy(pm);
    removeTempDir(dir);
    irsPipelineDestroy(p);
    mlirModuleDestroy(m);
    mlirContextDestroy(ctx);
  }
  // CHECK-NEXT: dumps default
  // CHECK-NEXT: default: copy
  // CHECK-NEXT: generic with debug info: -
  // CHECK-NEXT: generic with debug info, assume verified: -
  // CHECK-NEXT: assume verified: copy
  // CHECK-NEXT: debug info: -
  // CHECK-NEXT: pretty debug info: -
  // CHECK-NEXT: local scope: -
  // CHECK-NEXT: elide elements: -
  // CHECK-NEXT: skip regions: -
  // CHECK-NEXT: dumps generic with debug info
  // CHECK-NEXT: default: -
  // CHECK-NEXT: generic with debug info: copy
  // CHECK-NEXT: generic with debug info, assume verified: copy
  // CHECK-NEXT: assume verified: -
  // CHECK-NEXT: debug info: -
  // CHECK-NEXT: pretty debug info: -
  // CHECK-NEXT: local scope: -
  // CHECK-NEXT: elide elements: -
  // CHECK-NEXT: skip regions: -
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  mlirRegisterAllPasses();
  testStepwiseRun();
  testWholeRun();
  testVerifyHook();
  testPlainRest();
  testPlainRestNeedsInput();
  testPlainRestAfterWriteError();
  testVerifyWithIrsPass();
  testPassFailure();
  testCreateErrors();
  testTiming();
  testOpStatsPerFunction();
  testFinalDump();
  testFinalDumpPrinting();
  return failures ? 1 : 0;
}
