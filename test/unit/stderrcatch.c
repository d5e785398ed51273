// SPDX-License-Identifier: Apache-2.0
// Unit tests of the stderr catcher the tools hand to the library
// (tools/common/StderrCatch.c) and of how irsPassManagerCreate uses one:
// only around building the step pipelines, and only so that a bad option
// value's message, which LLVM prints to stderr, names the reason. Without a
// catcher the library touches no file descriptor.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "StderrCatch.h"
#include "irscope/PassManager.h"

#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "PassContext.h"

static void append(MlirStringRef s, void *ud) {
  size_t n = strlen(ud);
  memcpy((char *)ud + n, s.data, s.length);
  ((char *)ud)[n + s.length] = '\0';
}

static void test_stderrcatch__catches_and_restores(void **state) {
  (void)state;
  IrsStderrCatcher c = irsToolStderrCatcher();
  char got[256] = "";
  c.begin(c.userData);
  fprintf(stderr, "caught line\n");
  c.end(c.userData, append, got);
  assert_string_equal(got, "caught line\n");
  // fd 2 is back: a second catch sees only its own text.
  got[0] = '\0';
  c.begin(c.userData);
  c.end(c.userData, append, got);
  assert_string_equal(got, "");
}

typedef struct Counts {
  int begins, ends;
  IrsStderrCatcher real;
} Counts;

static void countBegin(void *ud) {
  Counts *c = ud;
  ++c->begins;
  c->real.begin(c->real.userData);
}

static void countEnd(void *ud, MlirStringCallback cb, void *cbData) {
  Counts *c = ud;
  ++c->ends;
  c->real.end(c->real.userData, cb, cbData);
}

static IrsPassManager create(const char *text, Counts *counts, char *err) {
  IrsPipeline p = irsPipelineCreateParse(mlirStringRefCreateFromCString(text),
                                         NULL, NULL);
  assert_false(irsPipelineIsNull(p));
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  if (counts) {
    counts->real = irsToolStderrCatcher();
    o.stderrCatcher = (IrsStderrCatcher){countBegin, countEnd, counts};
  }
  err[0] = '\0';
  IrsPassManager pm = irsPassManagerCreate(ctx, p, &o, append, err);
  if (!irsPassManagerIsNull(pm))
    irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  return pm;
}

static void test_stderrcatch__around_each_step_build(void **state) {
  (void)state;
  Counts counts = {0};
  char err[512];
  IrsPassManager pm =
      create("builtin.module(func.func(cse),canonicalize)", &counts, err);
  assert_false(irsPassManagerIsNull(pm));
  assert_int_equal(counts.begins, 2);
  assert_int_equal(counts.ends, 2);
  assert_string_equal(err, "");
}

static void test_stderrcatch__names_a_bad_option_value(void **state) {
  (void)state;
  Counts counts = {0};
  char err[512];
  IrsPassManager pm =
      create("builtin.module(canonicalize{max-iterations=abc})", &counts, err);
  assert_true(irsPassManagerIsNull(pm));
  assert_string_equal(err, "pipeline:1:16: for the --max-iterations option: "
                           "'abc' value invalid for long argument!");
}

static void test_stderrcatch__none_means_mlir_s_reason(void **state) {
  (void)state;
  char err[512];
  IrsPassManager pm =
      create("builtin.module(canonicalize{max-iterations=abc})", NULL, err);
  assert_true(irsPassManagerIsNull(pm));
  assert_non_null(strstr(err, "pipeline:1:16: "));
  assert_null(strstr(err, "for the --max-iterations option"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_stderrcatch__catches_and_restores),
      cmocka_unit_test(test_stderrcatch__around_each_step_build),
      cmocka_unit_test(test_stderrcatch__names_a_bad_option_value),
      cmocka_unit_test(test_stderrcatch__none_means_mlir_s_reason),
  };
  return cmocka_run_group_tests(tests, passContextSetup, passContextTeardown);
}
