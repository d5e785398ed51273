// SPDX-License-Identifier: Apache-2.0
// RUN: irscope-capi-passregistry-test 2>&1 | FileCheck %s
//
// Public-API test of irscope/PassRegistry.h: a caller-owned registry whose
// first entries are irscope's passes; a user pass written with
// mlirCreateExternalPass callbacks registered under a name, description and
// option synopsis, run in a textual pipeline next to MLIR's passes on
// several threads (its instances cloned and destroyed in balance, R20),
// failing with a diagnostic like irs-* passes do, its options checked
// against the synopsis and parsed by its createUserData callback; bad
// registrations; registries independent of each other.
#include "irscope/PassManager.h"
#include "irscope/PassRegistry.h"
#include "irscope/Passes.h"
#include "irscope/Pipeline.h"

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <mlir-c/RegisterEverything.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Expect.h"
#include "Context.h"

static const char kModule[] = "module {\n"
                              "  func.func @f(%a: i32) -> i32 {\n"
                              "    %0 = arith.addi %a, %a : i32\n"
                              "    return %0 : i32\n"
                              "  }\n"
                              "  func.func @g() {\n"
                              "    return\n"
                              "  }\n"
                              "}\n";

// The user pass: "count-ops{min=N}" counts the ops under its anchor and
// fails when there are fewer than N.
typedef struct CountOps {
  long min;
} CountOps;

static atomic_int constructed, destructed, cloned, runs;

static void construct(void *ud) {
  (void)ud;
  atomic_fetch_add(&constructed, 1);
}
static void destruct(void *ud) {
  atomic_fetch_add(&destructed, 1);
  free(ud);
}
static void *clonePass(void *ud) {
  atomic_fetch_add(&cloned, 1);
  CountOps *c = malloc(sizeof(*c));
  *c = *(CountOps *)ud;
  return c;
}
static MlirWalkResult countOne(MlirOperation op, void *ud) {
  (void)op;
  ++*(long *)ud;
  return MlirWalkResultAdvance;
}
static void run(MlirOperation op, MlirExternalPass pass, void *ud) {
  atomic_fetch_add(&runs, 1);
  long n = 0;
  mlirOperationWalk(op, countOne, &n, MlirWalkPreOrder);
  if (n < ((CountOps *)ud)->min) {
    char msg[128];
    snprintf(msg, sizeof(msg), "count-ops: %ld ops, expected at least %ld", n,
             ((CountOps *)ud)->min);
    mlirEmitError(mlirOperationGetLocation(op), msg);
    mlirExternalPassSignalFailure(pass);
  }
}

static bool createUserData(IrsPassOptionList options, void *regUd,
                           void **passUd, MlirStringCallback error,
                           void *errorUd) {
  (void)regUd;
  CountOps *c = calloc(1, sizeof(*c));
  MlirStringRef v;
  if (irsPassOptionListLookup(options, mlirStringRefCreateFromCString("min"),
                              &v)) {
    char *end;
    char buf[32];
    snprintf(buf, sizeof(buf), "%.*s", (int)v.length, v.data);
    c->min = strtol(buf, &end, 10);
    if (!*buf || *end) {
      free(c);
      error(mlirStringRefCreateFromCString(
                "option 'min' expects a number"),
            errorUd);
      return false;
    }
  }
  *passUd = c;
  return true;
}

static IrsPassDefinition countOpsDef(void) {
  IrsPassDefinition d = irsPassDefinitionDefault();
  d.name = "count-ops";
  d.description = "fail when the anchor holds fewer than N ops";
  d.options = "{min=N}";
  MlirExternalPassCallbacks cbs = {construct, destruct, NULL, clonePass, run};
  d.callbacks = cbs;
  d.createUserData = createUserData;
  return d;
}

static void printRef(MlirStringRef s) { fwrite(s.data, 1, s.length, stdout); }
static void printErr(MlirStringRef s, void *ud) {
  (void)ud;
  printf("error: ");
  printRef(s);
  printf("\n");
}

// Builds and runs `pipeline` with `registry`; prints the outcome.
static IrsStatus runPipeline(MlirContext ctx, IrsPassRegistry registry,
                             const char *pipeline) {
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString(pipeline), printErr, NULL);
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.passRegistry = registry;
  IrsPassManager pm = irsPassManagerCreate(ctx, p, &o, printErr, NULL);
  IrsStatus st = irsStatusMake(IRS_ERR_PIPELINE);
  if (!irsPassManagerIsNull(pm)) {
    IrsFailureOptions f = irsFailureOptionsDefault();
    f.writeReport = false;
    irsPassManagerSetFailureOptions(pm, &f);
    irsPassManagerEnableTiming(pm, true);
    MlirModule m =
        mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
    st = irsPassManagerRun(pm, mlirModuleGetOperation(m));
    printf("%s: %s", pipeline, irsErrorKindGetName(st.kind));
    MlirStringRef msg = irsPassManagerGetErrorMessage(pm);
    if (msg.length) {
      printf(": ");
      printRef(msg);
    }
    printf("\n");
    for (intptr_t i = 0; i < irsPassManagerGetNumSteps(pm); ++i) {
      const IrsStepResult *r = irsPassManagerGetStepResult(pm, i);
      for (intptr_t k = 0; k < r->numDiagnostics; ++k) {
        printf("  step %ld: ", (long)i + 1);
        printRef(r->diagnostics[k].location);
        printf(": ");
        printRef(r->diagnostics[k].message);
        printf("\n");
      }
    }
    mlirModuleDestroy(m);
  }
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  return st;
}

static void testListing(IrsPassRegistry r) {
  // irscope's own passes come first, in Passes.def order.
  EXPECT(irsPassRegistryGetNumPasses(r) == irsPassesGetNum() + 1);
  MlirStringRef first = irsPassRegistryGetName(r, 0);
  EXPECT(first.length == strlen(irsPassesGetName(0)) &&
         !memcmp(first.data, irsPassesGetName(0), first.length));
  intptr_t pos =
      irsPassRegistryLookup(r, mlirStringRefCreateFromCString("count-ops"));
  EXPECT(pos == irsPassesGetNum());
  printRef(irsPassRegistryGetName(r, pos));
  printf(" ");
  printRef(irsPassRegistryGetOptions(r, pos));
  printf(" ");
  printRef(irsPassRegistryGetDescription(r, pos));
  printf("\n");
  // CHECK: count-ops {min=N} fail when the anchor holds fewer than N ops
  EXPECT(irsPassRegistryLookup(r, mlirStringRefCreateFromCString("cse")) ==
         -1);
}

static void testBadRegistrations(IrsPassRegistry r) {
  IrsPassDefinition d = countOpsDef();
  EXPECT(irsPassRegistryAdd(r, &d, printErr, NULL).kind == IRS_ERR_USAGE);
  // CHECK: error: pass 'count-ops' is already registered
  d.name = "irs-op-stats";
  EXPECT(irsPassRegistryAdd(r, &d, printErr, NULL).kind == IRS_ERR_USAGE);
  // CHECK-NEXT: error: pass 'irs-op-stats' is already registered
  d.name = "bad name";
  EXPECT(irsPassRegistryAdd(r, &d, printErr, NULL).kind == IRS_ERR_USAGE);
  // CHECK-NEXT: error: invalid pass name 'bad name'
  d.name = "no-run";
  d.callbacks.run = NULL;
  EXPECT(irsPassRegistryAdd(r, &d, printErr, NULL).kind == IRS_ERR_USAGE);
  // CHECK-NEXT: error: pass 'no-run' has no run callback
}

int main(void) {
  mlirRegisterAllPasses();
  IrsPassRegistry r = irsPassRegistryCreate();
  IrsPassDefinition d = countOpsDef();
  EXPECT(irsStatusIsOk(irsPassRegistryAdd(r, &d, printErr, NULL)));
  testListing(r);
  testBadRegistrations(r);

  MlirContext ctx = newContext(true);
  // Next to MLIR's passes and irscope's, on both functions in parallel.
  EXPECT(irsStatusIsOk(runPipeline(
      ctx, r, "builtin.module(func.func(count-ops{min=1},cse),irs-op-stats)")));
  // CHECK: builtin.module(func.func(count-ops{min=1},cse),irs-op-stats): ok
  EXPECT(atomic_load(&runs) == 2);
  EXPECT(atomic_load(&constructed) == atomic_load(&destructed));
  EXPECT(atomic_load(&constructed) >= 1 + atomic_load(&cloned));

  // A failure is reported like an irs-* pass's: the step, the pass, the
  // diagnostic at the op's location.
  EXPECT(runPipeline(ctx, r, "builtin.module(func.func(count-ops{min=3}))")
             .kind == IRS_ERR_PASS);
  // CHECK: builtin.module(func.func(count-ops{min=3})): pass-failure: step 1 'builtin.module(func.func(count-ops{min=3}))' failed: pass 'count-ops' signalled failure
  // CHECK: step 1: {{.*}}: count-ops: {{[0-9]}} ops, expected at least 3
  EXPECT(runPipeline(ctx, r, "builtin.module(func.func(irs-test-fail{op=func.return}))")
             .kind == IRS_ERR_PASS);
  // CHECK: pass-failure: step 1 'builtin.module(func.func(irs-test-fail{op=func.return}))' failed: pass 'irs-test-fail' signalled failure

  // Options: keys checked against the synopsis, values by the pass.
  EXPECT(runPipeline(ctx, r, "builtin.module(count-ops{max=2})").kind ==
         IRS_ERR_PIPELINE);
  // CHECK: error: pipeline:1:16: unknown option 'max' for pass 'count-ops'
  EXPECT(runPipeline(ctx, r, "builtin.module(count-ops{min=x})").kind ==
         IRS_ERR_PIPELINE);
  // CHECK: error: pipeline:1:16: option 'min' expects a number

  // A pass restricted to an op is refused elsewhere (MLIR would abort).
  IrsPassDefinition f = countOpsDef();
  f.name = "count-func-ops";
  f.opName = "func.func";
  EXPECT(irsStatusIsOk(irsPassRegistryAdd(r, &f, printErr, NULL)));
  EXPECT(runPipeline(ctx, r, "builtin.module(count-func-ops)").kind ==
         IRS_ERR_PIPELINE);
  // CHECK: error: pipeline:1:16: pass 'count-func-ops' runs on 'func.func', not on 'builtin.module'; nest it under 'func.func(...)'
  EXPECT(irsStatusIsOk(
      runPipeline(ctx, r, "builtin.module(func.func(count-func-ops))")));
  // CHECK: builtin.module(func.func(count-func-ops)): ok

  // Registries are independent: another one does not know count-ops.
  IrsPassRegistry other = irsPassRegistryCreate();
  EXPECT(runPipeline(ctx, other, "builtin.module(count-ops)").kind ==
         IRS_ERR_PIPELINE);
  // CHECK: error: pipeline:1:16: 'count-ops' does not refer to a registered pass or pass pipeline
  irsPassRegistryDestroy(other);

  mlirContextDestroy(ctx);
  irsPassRegistryDestroy(r);
  irsPassRegistryDestroy((IrsPassRegistry){NULL});
  EXPECT(atomic_load(&constructed) == atomic_load(&destructed));
  printf("constructed == destructed: %s\n",
         atomic_load(&constructed) == atomic_load(&destructed) ? "yes" : "no");
  // CHECK: constructed == destructed: yes
  return failures ? 1 : 0;
}
