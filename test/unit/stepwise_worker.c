// SPDX-License-Identifier: Apache-2.0
// Unit tests of irsPassManagerCreateStepwiseWorker (lib/PassManager/
// StepwiseWorker.c): every step is announced to onStep, begin then end,
// also when nothing else would make the run go step by step; a failing
// step writes no report; the seed is handed over when given.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/PassManager.h"

#include "DialectContext.h"

#include <stdio.h>
#include <string.h>

static const char kModule[] = "func.func @a(%x: i32) -> i32 {\n"
                              "  %0 = arith.addi %x, %x : i32\n"
                              "  return %0 : i32\n"
                              "}\n";

typedef struct Steps {
  char text[256]; // "+N" per begin, "-N" per end
} Steps;

static void onStep(intptr_t step, bool begin, void *ud) {
  Steps *s = ud;
  size_t l = strlen(s->text);
  snprintf(s->text + l, sizeof(s->text) - l, "%c%ld", begin ? '+' : '-',
           (long)step);
}

typedef struct Ran {
  IrsErrorKind kind;
  intptr_t failedStep;
  bool hasSeed;
  uint64_t seed;
  size_t failureDirLen;
} Ran;

// Runs `pipeline` on kModule in a worker pass manager announcing to
// `steps`, with `seed` (nullable).
static Ran run(const char *pipeline, Steps *steps, const uint64_t *seed) {
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  assert_false(mlirModuleIsNull(m));
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString(pipeline), NULL, NULL);
  assert_false(irsPipelineIsNull(p));
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.threadingEnabled = false;
  IrsSupervisionOptions w = irsSupervisionOptionsDefault();
  w.onStep = onStep;
  w.onStepUserData = steps;
  IrsPassManager pm = irsPassManagerCreateStepwiseWorker(ctx, p, &o, &w, seed);
  assert_false(irsPassManagerIsNull(pm));
  Ran r = {0};
  r.kind = irsPassManagerRun(pm, mlirModuleGetOperation(m)).kind;
  r.failedStep = irsPassManagerGetFailedStep(pm);
  r.hasSeed = irsPassManagerGetSeed(pm, &r.seed);
  r.failureDirLen = irsPassManagerGetFailureDir(pm).length;
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
  return r;
}

static void test_worker__announces_every_step(void **state) {
  (void)state;
  Steps s = {{0}};
  Ran r = run("builtin.module(func.func(cse),canonicalize)", &s, NULL);
  assert_int_equal(r.kind, IRS_OK);
  assert_string_equal(s.text, "+1-1+2-2");
  assert_false(r.hasSeed);
}

static void test_worker__a_failure_writes_no_report(void **state) {
  (void)state;
  Steps s = {{0}};
  Ran r = run("builtin.module(func.func(cse,irs-test-fail{op=arith.addi}))",
              &s, NULL);
  assert_int_equal(r.kind, IRS_ERR_PASS);
  assert_int_equal(r.failedStep, 2);
  assert_string_equal(s.text, "+1-1+2-2");
  assert_int_equal(r.failureDirLen, 0);
}

static void test_worker__hands_over_the_seed(void **state) {
  (void)state;
  Steps s = {{0}};
  uint64_t seed = 42;
  Ran r = run("builtin.module(func.func(cse))", &s, &seed);
  assert_true(r.hasSeed);
  assert_int_equal(r.seed, 42);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_worker__announces_every_step),
      cmocka_unit_test(test_worker__a_failure_writes_no_report),
      cmocka_unit_test(test_worker__hands_over_the_seed),
  };
  return cmocka_run_group_tests(tests, dialectContextSetup,
                                dialectContextTeardown);
}
