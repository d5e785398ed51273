// SPDX-License-Identifier: Apache-2.0
// Unit tests of irsPipelineNestRestrictedPasses (lib/Pipeline/Pipeline.c):
// mlir-opt's implicit nesting of pass flags. A pass restricted to another op
// than the root goes under that op, with its options; passes that run on any
// op or on the root, irscope's own passes, unknown passes and passes with bad
// options are left alone (the pass manager reports the last two), and the
// probe itself prints nothing.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Pipeline.h"

#include "mlir-c/IR.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "PassContext.h"

static void countError(MlirStringRef s, void *ud) {
  (void)s;
  ++*(int *)ud;
}

// Builds the pipeline of `flags` (NULL-terminated), nests it and checks the
// canonical text.
static void expectNested(const char *const *flags, const char *expected) {
  MlirStringRef refs[16];
  intptr_t n = 0;
  for (; flags[n]; ++n)
    refs[n] = mlirStringRefCreateFromCString(flags[n]);
  int errors = 0;
  IrsPipeline p = irsPipelineCreateFromPassFlags(
      refs, n, mlirStringRefCreateFromCString("builtin.module"), countError,
      &errors);
  assert_false(irsPipelineIsNull(p));
  IrsPipeline q = irsPipelineNestRestrictedPasses(p, ctx, countError, &errors);
  assert_false(irsPipelineIsNull(q));
  assert_int_equal(errors, 0);
  MlirStringRef t = irsPipelineGetText(q);
  assert_int_equal(t.length, strlen(expected));
  assert_memory_equal(t.data, expected, t.length);
  // The input pipeline is untouched.
  assert_int_equal(irsPipelineGetNumSteps(p), n);
  irsPipelineDestroy(q);
  irsPipelineDestroy(p);
}

static void test_restricted_pass_is_nested(void **state) {
  (void)state;
  const char *flags[] = {"optimize-allocation-liveness", NULL};
  expectNested(flags,
               "builtin.module(func.func(optimize-allocation-liveness))");
}

static void test_any_op_and_root_passes_stay(void **state) {
  (void)state;
  const char *flags[] = {"canonicalize", "symbol-dce", "cse", NULL};
  expectNested(flags, "builtin.module(canonicalize,symbol-dce,cse)");
}

static void test_options_and_order_are_kept(void **state) {
  (void)state;
  const char *flags[] = {"canonicalize=max-iterations=1",
                         "affine-loop-tile=tile-size=4",
                         "affine-loop-tile", "cse", NULL};
  expectNested(flags, "builtin.module(canonicalize{max-iterations=1},"
                      "func.func(affine-loop-tile{tile-size=4}),"
                      "func.func(affine-loop-tile),cse)");
}

static void test_unknown_irscope_and_bad_options_stay(void **state) {
  (void)state;
  const char *flags[] = {"no-such-pass", "irs-op-stats",
                         "canonicalize=max-iterations=x", NULL};
  expectNested(flags, "builtin.module(no-such-pass,irs-op-stats,"
                      "canonicalize{max-iterations=x})");
}

// LLVM's option parser prints a bad value straight to stderr; the probe
// must not let that through (the tool reports the error once, later).
static void test_probe_prints_nothing(void **state) {
  (void)state;
  char path[] = "/tmp/irs-unit-nesting-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  fflush(stderr);
  int saved = dup(2);
  dup2(fd, 2);
  const char *flags[] = {"optimize-allocation-liveness",
                         "canonicalize=max-iterations=x", NULL};
  expectNested(flags, "builtin.module(func.func(optimize-allocation-liveness),"
                      "canonicalize{max-iterations=x})");
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  off_t size = lseek(fd, 0, SEEK_END);
  close(fd);
  unlink(path);
  assert_int_equal(size, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_restricted_pass_is_nested),
      cmocka_unit_test(test_any_op_and_root_passes_stay),
      cmocka_unit_test(test_options_and_order_are_kept),
      cmocka_unit_test(test_unknown_irscope_and_bad_options_stay),
      cmocka_unit_test(test_probe_prints_nothing),
  };
  return cmocka_run_group_tests(tests, passContextSetup, passContextTeardown);
}
