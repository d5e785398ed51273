// SPDX-License-Identifier: Apache-2.0
// Unit tests of IrsPassManagerOptions.onAnchorOp (lib/PassManager/
// AnchorNote.c): in a stepwise run every nested step reports each op its
// leaf is about to run on, with the step's number, MLIR's steps and
// irscope's alike, and module-level steps report nothing; the IR comes out
// as without the option.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/PassManager.h"

#include "DialectContext.h"

#include <mlir-c/BuiltinAttributes.h>

#include <stdio.h>
#include <string.h>

static const char kModule[] =
    "func.func @a(%x: i32) -> i32 {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  %0 = arith.addi %x, %c0 : i32\n"
    "  return %0 : i32\n"
    "}\n"
    "func.func private @dead()\n"
    "func.func @b() { return }\n";

typedef struct Notes {
  char text[512]; // "step:@name " per note
} Notes;

static void onAnchor(intptr_t step, MlirOperation op, void *ud) {
  Notes *n = ud;
  MlirAttribute a = mlirOperationGetAttributeByName(
      op, mlirSymbolTableGetSymbolAttributeName());
  MlirStringRef s = mlirStringAttrGetValue(a);
  size_t l = strlen(n->text);
  snprintf(n->text + l, sizeof(n->text) - l, "%ld:@%.*s ", (long)step,
           (int)s.length, s.data);
}

static void appendText(MlirStringRef s, void *ud) {
  size_t l = strlen(ud);
  snprintf((char *)ud + l, 2048 - l, "%.*s", (int)s.length, s.data);
}

// Runs `pipeline` stepwise on kModule (with or without notes); the module
// afterwards printed into `out` (2048 bytes).
static void run(const char *pipeline, Notes *notes, char *out) {
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  assert_false(mlirModuleIsNull(m));
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString(pipeline), NULL, NULL);
  assert_false(irsPipelineIsNull(p));
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.threadingEnabled = false;
  if (notes) {
    o.onAnchorOp = onAnchor;
    o.onAnchorOpUserData = notes;
  }
  IrsPassManager pm = irsPassManagerCreate(ctx, p, &o, NULL, NULL);
  assert_false(irsPassManagerIsNull(pm));
  irsPassManagerEnableTiming(pm, true);
  IrsFailureOptions f = irsFailureOptionsDefault();
  f.writeReport = false;
  irsPassManagerSetFailureOptions(pm, &f);
  assert_true(irsStatusIsOk(irsPassManagerRun(pm, mlirModuleGetOperation(m))));
  out[0] = '\0';
  mlirOperationPrint(mlirModuleGetOperation(m), appendText, out);
  irsPassManagerDestroy(pm);
  irsPipelineDestroy(p);
  mlirModuleDestroy(m);
}

static void test_anchor__each_function_of_each_nested_step(void **state) {
  (void)state;
  Notes n = {{0}};
  static char with[2048], without[2048];
  const char *pipe = "builtin.module(func.func(canonicalize),symbol-dce,"
                     "func.func(cse))";
  run(pipe, &n, with);
  // Step 2 (symbol-dce, on the module) reports nothing; @dead has no body
  // but is a func.func all the same, until symbol-dce erased it.
  assert_string_equal(n.text, "1:@a 1:@dead 1:@b 3:@a 3:@b ");
  run(pipe, NULL, without);
  assert_string_equal(with, without);
}

static void test_anchor__irscope_pass_steps_too(void **state) {
  (void)state;
  Notes n = {{0}};
  static char out[2048];
  run("builtin.module(func.func(irs-test-fail{op=test.none}))", &n, out);
  assert_string_equal(n.text, "1:@a 1:@dead 1:@b ");
}

static void test_anchor__module_steps_report_nothing(void **state) {
  (void)state;
  Notes n = {{0}};
  static char out[2048];
  run("builtin.module(symbol-dce,canonicalize)", &n, out);
  assert_string_equal(n.text, "");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_anchor__each_function_of_each_nested_step),
      cmocka_unit_test(test_anchor__irscope_pass_steps_too),
      cmocka_unit_test(test_anchor__module_steps_report_nothing),
  };
  return cmocka_run_group_tests(tests, dialectContextSetup,
                                dialectContextTeardown);
}
