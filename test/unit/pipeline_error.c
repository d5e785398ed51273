// SPDX-License-Identifier: Apache-2.0
// Unit tests of the typed pipeline errors (IrsPipelineError, Pipeline.h):
// the parser's and the pass manager's errors carry the message without its
// position and the position as offset, line and column, which is what the
// tools echo a caret under (tools/common/PipelineEcho.c) or leave out (pass
// flags); irsPipelineErrorPrint and the MlirStringCallback variants write
// the one line "pipeline:L:C: <message>" from it.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "PassContext.h"
#include "Support/Buf.h"
#include "irscope/PassManager.h"
#include "irscope/Pipeline.h"

#include <string.h>

// What the typed callback saw, copied (the message is borrowed).
typedef struct Seen {
  int calls;
  IrsBuf message;
  intptr_t offset, line, column;
} Seen;

static void onError(const IrsPipelineError *e, void *ud) {
  Seen *s = ud;
  ++s->calls;
  irsBufAppendRef(&s->message, e->message);
  s->offset = e->offset;
  s->line = e->line;
  s->column = e->column;
}

static Seen parseError(const char *text) {
  Seen s = {0, IRS_BUF_INIT, 0, 0, 0};
  IrsPipeline p = irsPipelineCreateParseLocated(
      mlirStringRefCreateFromCString(text), onError, &s);
  assert_true(irsPipelineIsNull(p));
  assert_int_equal(s.calls, 1);
  return s;
}

static void expectPrinted(const IrsPipelineError *e, const char *line) {
  IrsBuf b = IRS_BUF_INIT;
  irsPipelineErrorPrint(e, irsBufStringCallback, &b);
  assert_string_equal(b.data ? b.data : "", line);
  irsBufFree(&b);
}

static void test_pipeline_error__parse_has_position_apart(void **state) {
  (void)state;
  Seen s = parseError("builtin.module(func.func(cse)");
  assert_string_equal(s.message.data,
                      "missing ')' closing the pipeline opened here");
  assert_int_equal(s.offset, 14);
  assert_int_equal(s.line, 1);
  assert_int_equal(s.column, 15);
  irsBufFree(&s.message);
}

static void test_pipeline_error__line_and_column_after_newline(void **state) {
  (void)state;
  Seen s = parseError("builtin.module(cse,\n  ,cse)");
  assert_string_equal(s.message.data,
                      "expected a pass or operation name, found ','");
  assert_int_equal(s.offset, 22);
  assert_int_equal(s.line, 2);
  assert_int_equal(s.column, 3);
  irsBufFree(&s.message);
}

// The end of the text is a position too: one past the last byte.
static void test_pipeline_error__position_at_end(void **state) {
  (void)state;
  Seen s = parseError("builtin.module(cse,");
  assert_string_equal(s.message.data,
                      "expected a pass or operation name, found end of "
                      "pipeline");
  assert_int_equal(s.offset, 19);
  assert_int_equal(s.column, 20);
  irsBufFree(&s.message);
}

static void test_pipeline_error__print_with_and_without_position(void **state) {
  (void)state;
  IrsPipelineError at = {mlirStringRefCreateFromCString("bad"), 4, 2, 3};
  expectPrinted(&at, "pipeline:2:3: bad");
  IrsPipelineError none = {mlirStringRefCreateFromCString("out of memory"), -1,
                           0, 0};
  expectPrinted(&none, "out of memory");
}

// The string variant reports what irsPipelineErrorPrint writes for the
// typed error.
static void test_pipeline_error__string_variant_is_the_printed_line(
    void **state) {
  (void)state;
  const char *text = "builtin.module(cse) x";
  IrsBuf line = IRS_BUF_INIT;
  IrsPipeline p = irsPipelineCreateParse(mlirStringRefCreateFromCString(text),
                                         irsBufStringCallback, &line);
  assert_true(irsPipelineIsNull(p));
  assert_string_equal(line.data,
                      "pipeline:1:21: unexpected 'x' after the end of the "
                      "pipeline");
  irsBufFree(&line);
}

static void test_pipeline_error__from_pass_flags_positioned(void **state) {
  (void)state;
  MlirStringRef flags[] = {mlirStringRefCreateFromCString("cse"),
                           mlirStringRefCreateFromCString("inline={")};
  Seen s = {0, IRS_BUF_INIT, 0, 0, 0};
  IrsPipeline p = irsPipelineCreateFromPassFlagsLocated(
      flags, 2, mlirStringRefCreateFromCString("builtin.module"), onError, &s);
  assert_true(irsPipelineIsNull(p));
  assert_int_equal(s.calls, 1);
  // In the text built, "builtin.module(cse,inline{{})".
  assert_string_equal(s.message.data,
                      "missing '}' closing the pass options opened here");
  assert_int_equal(s.offset, 25);
  irsBufFree(&s.message);
}

static Seen createError(const char *text, const char *verifyWith) {
  IrsPipeline p =
      irsPipelineCreateParse(mlirStringRefCreateFromCString(text), NULL, NULL);
  assert_false(irsPipelineIsNull(p));
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.threadingEnabled = false;
  Seen s = {0, IRS_BUF_INIT, 0, 0, 0};
  IrsPassManager pm = irsPassManagerCreateLocated(ctx, p, &o, onError, &s);
  // verifyWith is built by its setter, whose error is the pass manager's
  // message: it has no position in the pipeline's text (IrsStatus only).
  assert_true(irsPassManagerIsNull(pm) == !verifyWith);
  if (verifyWith) {
    IrsVerifyOptions v = irsVerifyOptionsDefault();
    v.verifyWith = verifyWith;
    assert_int_equal(irsPassManagerSetVerifyOptions(pm, &v).kind,
                     IRS_ERR_PIPELINE);
    IrsPipelineError e = {irsPassManagerGetErrorMessage(pm), -1, false, 0};
    onError(&e, &s);
    irsPassManagerDestroy(pm);
  }
  assert_int_equal(s.calls, 1);
  irsPipelineDestroy(p);
  return s;
}

// An unknown pass is at its step's pass name.
static void test_pipeline_error__pass_manager_unknown_pass(void **state) {
  (void)state;
  Seen s = createError("builtin.module(func.func(cse,no-such-pass))", NULL);
  assert_string_equal(s.message.data, "'no-such-pass' does not refer to a "
                                      "registered pass or pass pipeline");
  assert_int_equal(s.offset, 29);
  assert_int_equal(s.line, 1);
  assert_int_equal(s.column, 30);
  irsBufFree(&s.message);
}

// An error in verifyWith is not in the pipeline's text: no position (its
// own is in the message).
static void test_pipeline_error__pass_manager_verify_with(void **state) {
  (void)state;
  Seen s = createError("builtin.module(cse)", "builtin.module(cse");
  assert_string_equal(s.message.data,
                      "in --verify-with: pipeline:1:15: missing ')' closing "
                      "the pipeline opened here");
  assert_int_equal(s.offset, -1);
  assert_int_equal(s.line, 0);
  assert_int_equal(s.column, 0);
  irsBufFree(&s.message);
}

// The string variant of the pass manager's creation keeps its line.
static void test_pipeline_error__pass_manager_string_variant(void **state) {
  (void)state;
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(no-such-pass)"), NULL,
      NULL);
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.threadingEnabled = false;
  IrsBuf line = IRS_BUF_INIT;
  IrsPassManager pm =
      irsPassManagerCreate(ctx, p, &o, irsBufStringCallback, &line);
  assert_true(irsPassManagerIsNull(pm));
  assert_string_equal(line.data, "pipeline:1:16: 'no-such-pass' does not "
                                 "refer to a registered pass or pass "
                                 "pipeline");
  irsBufFree(&line);
  irsPipelineDestroy(p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pipeline_error__parse_has_position_apart),
      cmocka_unit_test(test_pipeline_error__line_and_column_after_newline),
      cmocka_unit_test(test_pipeline_error__position_at_end),
      cmocka_unit_test(test_pipeline_error__print_with_and_without_position),
      cmocka_unit_test(test_pipeline_error__string_variant_is_the_printed_line),
      cmocka_unit_test(test_pipeline_error__from_pass_flags_positioned),
      cmocka_unit_test(test_pipeline_error__pass_manager_unknown_pass),
      cmocka_unit_test(test_pipeline_error__pass_manager_verify_with),
      cmocka_unit_test(test_pipeline_error__pass_manager_string_variant),
  };
  return cmocka_run_group_tests(tests, passContextSetup, passContextTeardown);
}
