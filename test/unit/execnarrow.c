// SPDX-License-Identifier: Apache-2.0
// Unit tests of the wrong-result narrowing (lib/Exec/Narrow.c,
// include/irscope/ExecNarrow.h) on a real canonicalize miscompile
// (llvm/llvm-project#219456): the step is narrowed to WhileMoveIfDown on
// the scf.while within the bisection's budget, its location named after
// the pre-step file; a step that gives the reference's result when
// confirmed is not narrowed, and says why; the oracle alone tells a
// changed result from the same one.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/ExecNarrow.h"

#include <mlir-c/RegisterEverything.h>

#include <string.h>
#include <unistd.h>

static MlirStringRef ref(const char *s) {
  return (MlirStringRef){s, strlen(s)};
}

// @main prints 2; after canonicalize, 20.
static const char kWhile[] =
    "func.func @dup() -> index {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %c20 = arith.constant 20 : index\n"
    "  %r:3 = scf.while (%s = %c0) : (index) -> (index, index, index) {\n"
    "    %go = arith.cmpi slt, %s, %c1 : index\n"
    "    %v = scf.if %go -> index {\n"
    "      %n = arith.addi %s, %c2 : index\n"
    "      scf.yield %n : index\n"
    "    } else {\n"
    "      scf.yield %c20 : index\n"
    "    }\n"
    "    scf.condition(%go) %v, %v, %s : index, index, index\n"
    "  } do {\n"
    "  ^bb0(%a: index, %b: index, %o: index):\n"
    "    scf.yield %b : index\n"
    "  }\n"
    "  return %r#2 : index\n"
    "}\n"
    "func.func @main() {\n"
    "  %r = call @dup() : () -> index\n"
    "  vector.print %r : index\n"
    "  return\n"
    "}\n";

// Canonicalize folds 40 + 2 and changes nothing the program prints.
static const char kSame[] =
    "func.func @main() {\n"
    "  %a = arith.constant 40 : i64\n"
    "  %b = arith.constant 2 : i64\n"
    "  %c = arith.addi %a, %b : i64\n"
    "  vector.print %c : i64\n"
    "  return\n"
    "}\n";

static void toCapture(int fd, void *ud) {
  (void)ud;
  dup2(fd, STDOUT_FILENO);
}

static MlirContext trialContext(void *ud) {
  (void)ud;
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  MlirContext ctx = mlirContextCreateWithRegistry(reg, /*threading=*/false);
  mlirDialectRegistryDestroy(reg);
  return ctx;
}

static IrsPassManager trialPassManager(MlirContext ctx, void *ud) {
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.threadingEnabled = false;
  return irsPassManagerCreate(ctx, *(IrsPipeline *)ud, &o, NULL, NULL);
}

typedef struct Fixture {
  IrsPipeline pipeline;
  IrsSupervisor sup;
  IrsExecutor ex;
  IrsExecResult reference;
} Fixture;

// The step `canonicalize` and the pre-step IR's reference result.
static void setUp(Fixture *f, const char *pre) {
  mlirRegisterAllPasses();
  f->pipeline = irsPipelineCreateParse(ref("builtin.module(canonicalize)"),
                                       NULL, NULL);
  assert_false(irsPipelineIsNull(f->pipeline));
  IrsSupervisorOptions so = {.stepTimeoutSec = 60};
  f->sup = irsSupervisorCreate(&so);
  assert_non_null(f->sup.ptr);
  IrsExecOptions o = irsExecOptionsDefault();
  f->ex = irsExecutorCreate(&o, toCapture, NULL);
  assert_false(irsExecutorIsNull(f->ex));
  memset(&f->reference, 0, sizeof(f->reference));
  assert_true(irsStatusIsOk(irsExecutorRun(f->ex, ref(pre), &f->reference)));
  assert_int_equal(f->reference.outcome, IrsExecOk);
}

static IrsExecNarrowOptions optionsOf(Fixture *f, const char *pre) {
  return (IrsExecNarrowOptions){
      .preStep = ref(pre),
      .preStepFile = "in.mlir",
      .step = 1,
      .setup = {trialContext, trialPassManager, &f->pipeline},
      .supervisor = f->sup,
      .executor = f->ex,
      .reference = &f->reference,
      .tolerance = {0, 0}};
}

static void tearDown(Fixture *f) {
  irsExecResultFree(&f->reference);
  irsExecutorDestroy(f->ex);
  irsSupervisorDestroy(f->sup);
  irsPipelineDestroy(f->pipeline);
}

static void test_narrow__names_the_pattern_application(void **state) {
  (void)state;
  Fixture f;
  setUp(&f, kWhile);
  IrsExecNarrowOptions o = optionsOf(&f, kWhile);
  IrsExecNarrowing n = irsExecNarrowingCreate(&o);
  assert_false(irsExecNarrowingIsNull(n));
  const IrsNarrowedAction *a = irsExecNarrowingGetAction(n);
  assert_non_null(a);
  assert_string_equal(a->tag, IRS_NARROW_TAG_PATTERN);
  assert_string_equal(a->name, "(anonymous namespace)::WhileMoveIfDown");
  assert_string_equal(a->opName, "scf.while");
  // The parse of the text named no file: the action's location is given
  // the pre-step file's name, at the scf.while's line.
  assert_string_equal(a->location, "in.mlir:6:10");
  assert_true(a->index >= 1 && a->index <= a->of);
  assert_int_equal(a->executions, irsExecNarrowingGetNumExecutions(n));
  assert_true(a->executions <= irsNarrowBudget(a->of));
  // One execution per bisection question: count 0, then the halving.
  assert_int_equal(irsExecutorGetNumRuns(f.ex), 1 + a->executions);
  MlirStringRef before = irsExecNarrowingGetModuleBefore(n);
  MlirStringRef after = irsExecNarrowingGetModuleAfter(n);
  assert_true(before.length > 0 && after.length > 0);
  assert_false(before.length == after.length &&
               !memcmp(before.data, after.data, before.length));
  assert_int_equal(irsExecNarrowingGetWhy(n).length, 0);
  irsExecNarrowingDestroy(n);
  tearDown(&f);
}

static void test_narrow__confirm_refuses_a_step_that_keeps_the_result(
    void **state) {
  (void)state;
  Fixture f;
  setUp(&f, kSame);
  IrsExecNarrowOptions o = optionsOf(&f, kSame);
  o.confirm = true;
  IrsExecNarrowing n = irsExecNarrowingCreate(&o);
  assert_false(irsExecNarrowingIsNull(n));
  assert_null(irsExecNarrowingGetAction(n));
  assert_int_equal(irsExecNarrowingGetNumExecutions(n), 1);
  MlirStringRef why = irsExecNarrowingGetWhy(n);
  assert_non_null(memmem(why.data, why.length, "reference's result", 18));
  assert_int_equal(irsExecNarrowingGetModuleBefore(n).length, 0);
  irsExecNarrowingDestroy(n);
  tearDown(&f);
}

static void test_differs__same_and_changed_results(void **state) {
  (void)state;
  Fixture f;
  setUp(&f, kSame);
  const char *other = "func.func @main() {\n"
                      "  %c = arith.constant 41 : i64\n"
                      "  vector.print %c : i64\n  return\n}\n";
  assert_int_equal(irsExecDiffersFromReference(f.ex, ref(kSame), &f.reference,
                                               (IrsExecTolerance){0, 0}),
                   0);
  assert_int_equal(irsExecDiffersFromReference(f.ex, ref(other), &f.reference,
                                               (IrsExecTolerance){0, 0}),
                   1);
  // Within a tolerance, 41 is 42.
  assert_int_equal(irsExecDiffersFromReference(f.ex, ref(other), &f.reference,
                                               (IrsExecTolerance){0, 1.5}),
                   0);
  tearDown(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_narrow__names_the_pattern_application),
      cmocka_unit_test(
          test_narrow__confirm_refuses_a_step_that_keeps_the_result),
      cmocka_unit_test(test_differs__same_and_changed_results),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
