// SPDX-License-Identifier: Apache-2.0
// Unit tests of what --check-results asks of a tool runner (lib/Tool):
// every step's text (IrsToolOptions.onStepText) and the narrowing of a
// step that succeeds with the caller's oracle (irsToolRunnerNarrowOutput),
// with upstream mlir-opt as the tool.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-toolnarrow"
#include "TempDir.h"

#include "IrsConfig.h"
#include "irscope/Tool.h"

#include <unistd.h>

// A loop whose scf.if canonicalize moves (WhileMoveIfDown, among other
// patterns); what the module computes does not matter here.
static const char kModule[] =
    "func.func @f() -> index {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c2 = arith.constant 2 : index\n"
    "  %r:2 = scf.while (%s = %c0) : (index) -> (index, index) {\n"
    "    %go = arith.cmpi slt, %s, %c1 : index\n"
    "    %v = scf.if %go -> index {\n"
    "      %n = arith.addi %s, %c2 : index\n"
    "      scf.yield %n : index\n"
    "    } else {\n"
    "      scf.yield %c2 : index\n"
    "    }\n"
    "    scf.condition(%go) %v, %s : index, index\n"
    "  } do {\n"
    "  ^bb0(%a: index, %b: index):\n"
    "    scf.yield %a : index\n"
    "  }\n"
    "  return %r#1 : index\n"
    "}\n";

static char *writeInput(const char *dir) {
  char *path = malloc(4096);
  snprintf(path, 4096, "%s/in.mlir", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(kModule, f);
  fclose(f);
  return path;
}

static IrsToolRunner runner(IrsPipeline p, IrsToolOptions *o) {
  o->path = IRS_LLVM_BIN_DIR "/mlir-opt";
  o->threadingEnabled = false;
  return irsToolRunnerCreate(p, o, NULL, NULL);
}

typedef struct Texts {
  int calls;
  intptr_t steps[4];
  bool textual[4]; // readable MLIR text with the function in it
} Texts;

static void onText(intptr_t step, const char *path, void *ud) {
  Texts *t = ud;
  char *s = slurpPath(path);
  if (t->calls < 4) {
    t->steps[t->calls] = step;
    t->textual[t->calls] = s && strstr(s, "func.func @f");
  }
  ++t->calls;
  free(s);
}

// Each step's text once, in order, also when steps hand over bytecode.
static void test_toolnarrow__every_step_text(void **state) {
  char *in = writeInput(*state);
  char out[4096];
  snprintf(out, sizeof(out), "%s/out.mlir", (char *)*state);
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(cse,canonicalize)"),
      NULL, NULL);
  Texts t = {0};
  IrsToolOptions o = irsToolOptionsDefault();
  o.stepwise = true;
  o.onStepText = onText;
  o.onStepTextUserData = &t;
  IrsToolRunner r = runner(p, &o);
  assert_false(irsToolRunnerIsNull(r));
  assert_true(irsStatusIsOk(irsToolRunnerRun(r, in, out)));
  assert_int_equal(t.calls, 2);
  assert_int_equal(t.steps[0], 1);
  assert_int_equal(t.steps[1], 2);
  assert_true(t.textual[0]);
  assert_true(t.textual[1]);
  irsToolRunnerDestroy(r);
  irsPipelineDestroy(p);
  free(in);
}

// The oracle "the output differs from the one with no action": the first
// K where it does is a pattern application that rewrote the module.
typedef struct Oracle {
  char *reference; // the output with K = 0, which the bisection asks first
  int calls;
} Oracle;

static int changedSinceNone(const char *outputPath, void *ud) {
  Oracle *o = ud;
  char *s = slurpPath(outputPath);
  ++o->calls;
  if (!s)
    return -1;
  if (!o->reference) {
    o->reference = s;
    return 0;
  }
  int bad = strcmp(s, o->reference) != 0;
  free(s);
  return bad;
}

static void test_toolnarrow__narrow_output(void **state) {
  char *in = writeInput(*state);
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(canonicalize)"), NULL,
      NULL);
  IrsToolOptions o = irsToolOptionsDefault();
  IrsToolRunner r = runner(p, &o);
  Oracle oracle = {NULL, 0};
  IrsToolNarrowed n;
  assert_true(irsToolRunnerNarrowOutput(r, 1, in, changedSinceNone, &oracle,
                                        &n));
  assert_non_null(n.action);
  assert_string_equal(n.action->tag, IRS_NARROW_TAG_PATTERN);
  assert_true(n.action->index >= 1 && n.action->index <= n.action->of);
  assert_non_null(n.action->name);
  assert_non_null(n.action->location);
  assert_non_null(strstr(n.action->location, "in.mlir:"));
  // The module around the action, printed by the tool, differs.
  assert_true(n.before.length > 0 && n.after.length > 0);
  assert_false(n.before.length == n.after.length &&
               !memcmp(n.before.data, n.after.data, n.before.length));
  assert_int_equal(n.why.length, 0);
  // The bisection's questions only: 1 + ceil(log2(N)).
  int64_t bound = 1;
  for (int64_t m = 1; m < n.action->of; m *= 2)
    ++bound;
  assert_true(oracle.calls <= bound);
  free(oracle.reference);
  irsToolRunnerDestroy(r);
  irsPipelineDestroy(p);
  free(in);
}

// A step whose output is bad with none of its actions (a folder, the
// pass's own code): no action is to blame, and why.
static int always(const char *outputPath, void *ud) {
  (void)outputPath;
  ++*(int *)ud;
  return 1;
}

static void test_toolnarrow__nothing_to_blame(void **state) {
  char *in = writeInput(*state);
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(canonicalize)"), NULL,
      NULL);
  IrsToolOptions o = irsToolOptionsDefault();
  IrsToolRunner r = runner(p, &o);
  int calls = 0;
  IrsToolNarrowed n;
  assert_false(irsToolRunnerNarrowOutput(r, 1, in, always, &calls, &n));
  assert_null(n.action);
  assert_non_null(memmem(n.why.data, n.why.length, "no single action", 16));
  assert_int_equal(calls, 1); // K = 0 is bad already
  irsToolRunnerDestroy(r);
  irsPipelineDestroy(p);
  free(in);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_toolnarrow__every_step_text, setUp,
                                      tearDown),
      cmocka_unit_test_setup_teardown(test_toolnarrow__narrow_output, setUp,
                                      tearDown),
      cmocka_unit_test_setup_teardown(test_toolnarrow__nothing_to_blame,
                                      setUp, tearDown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
