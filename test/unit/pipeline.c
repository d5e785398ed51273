// SPDX-License-Identifier: Apache-2.0
// Unit tests of the textual pipeline parser (lib/Pipeline/Pipeline.c):
// steps, anchors, options and offsets of parsed pipelines, the canonical
// re-print, every syntax error with its exact message and column, and
// pipelines built from mlir-opt style pass flags.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Support/Buf.h"
#include "irscope/Pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

typedef struct Errors {
  IrsBuf text;
  int calls;
} Errors;

static void onError(MlirStringRef s, void *ud) {
  Errors *e = ud;
  ++e->calls;
  irsBufAppendRef(&e->text, s);
}

static IrsPipeline parse(const char *text) {
  return irsPipelineCreateParse(mlirStringRefCreateFromCString(text), NULL,
                                NULL);
}

// Parses `text`, expecting failure, and checks that the callback was called
// exactly once with `message`.
static void expectError(const char *text, const char *message) {
  Errors e = {IRS_BUF_INIT, 0};
  IrsPipeline p = irsPipelineCreateParse(mlirStringRefCreateFromCString(text),
                                         onError, &e);
  assert_true(irsPipelineIsNull(p));
  assert_int_equal(e.calls, 1);
  assert_string_equal(e.text.data ? e.text.data : "", message);
  irsBufFree(&e.text);
}

// Copies a borrowed string ref into a NUL-terminated static buffer, for
// assert_string_equal. The refs are NUL-terminated today, but the API only
// promises pointer + length.
static const char *str(MlirStringRef r) {
  static char bufs[4][1024];
  static int next;
  char *b = bufs[next++ & 3];
  size_t n = r.length < 1023 ? r.length : 1023;
  memcpy(b, r.data, n);
  b[n] = '\0';
  return b;
}

//===----------------------------------------------------------------------===//
// Successful parses
//===----------------------------------------------------------------------===//

static void test_pipeline__nested_steps(void **state) {
  (void)state;
  const char *text = "builtin.module(func.func(canonicalize,cse),"
                     "inline{default-pipeline=canonicalize},sccp)";
  IrsPipeline p = parse(text);
  assert_false(irsPipelineIsNull(p));
  assert_string_equal(str(irsPipelineGetText(p)), text);
  assert_string_equal(str(irsPipelineGetRootAnchor(p)), "builtin.module");
  assert_int_equal(irsPipelineGetNumSteps(p), 4);

  assert_string_equal(str(irsPipelineGetStepText(p, 0)),
                      "builtin.module(func.func(canonicalize))");
  assert_string_equal(str(irsPipelineGetStepPassName(p, 0)), "canonicalize");
  assert_string_equal(str(irsPipelineGetStepPassOptions(p, 0)), "");
  assert_string_equal(str(irsPipelineGetStepAnchor(p, 0)), "func.func");
  assert_int_equal(irsPipelineGetStepNumAnchors(p, 0), 2);
  assert_string_equal(str(irsPipelineGetStepAnchorAt(p, 0, 0)),
                      "builtin.module");
  assert_string_equal(str(irsPipelineGetStepAnchorAt(p, 0, 1)), "func.func");
  assert_int_equal(irsPipelineGetStepOffset(p, 0), 25);

  assert_string_equal(str(irsPipelineGetStepText(p, 1)),
                      "builtin.module(func.func(cse))");
  assert_string_equal(str(irsPipelineGetStepPassName(p, 1)), "cse");
  assert_string_equal(str(irsPipelineGetStepAnchor(p, 1)), "func.func");
  assert_int_equal(irsPipelineGetStepNumAnchors(p, 1), 2);
  assert_int_equal(irsPipelineGetStepOffset(p, 1), 38);

  assert_string_equal(str(irsPipelineGetStepText(p, 2)),
                      "builtin.module(inline{default-pipeline=canonicalize})");
  assert_string_equal(str(irsPipelineGetStepPassName(p, 2)), "inline");
  assert_string_equal(str(irsPipelineGetStepPassOptions(p, 2)),
                      "default-pipeline=canonicalize");
  assert_string_equal(str(irsPipelineGetStepAnchor(p, 2)), "builtin.module");
  assert_int_equal(irsPipelineGetStepNumAnchors(p, 2), 1);
  assert_int_equal(irsPipelineGetStepOffset(p, 2), 43);

  assert_string_equal(str(irsPipelineGetStepText(p, 3)),
                      "builtin.module(sccp)");
  assert_string_equal(str(irsPipelineGetStepPassName(p, 3)), "sccp");
  assert_string_equal(str(irsPipelineGetStepAnchor(p, 3)), "builtin.module");
  assert_int_equal(irsPipelineGetStepOffset(p, 3), 81);
  irsPipelineDestroy(p);
}

static void test_pipeline__three_levels_of_nesting(void **state) {
  (void)state;
  IrsPipeline p = parse("builtin.module(gpu.module(gpu.func(cse)),cse)");
  assert_false(irsPipelineIsNull(p));
  assert_int_equal(irsPipelineGetNumSteps(p), 2);
  assert_int_equal(irsPipelineGetStepNumAnchors(p, 0), 3);
  assert_string_equal(str(irsPipelineGetStepAnchorAt(p, 0, 1)), "gpu.module");
  assert_string_equal(str(irsPipelineGetStepAnchorAt(p, 0, 2)), "gpu.func");
  assert_string_equal(str(irsPipelineGetStepAnchor(p, 0)), "gpu.func");
  assert_string_equal(str(irsPipelineGetStepText(p, 0)),
                      "builtin.module(gpu.module(gpu.func(cse)))");
  assert_int_equal(irsPipelineGetStepNumAnchors(p, 1), 1);
  assert_string_equal(str(irsPipelineGetStepText(p, 1)), "builtin.module(cse)");
  irsPipelineDestroy(p);
}

static void test_pipeline__whitespace_is_canonicalised(void **state) {
  (void)state;
  const char *text = " builtin.module ( func.func ( cse ) ,\n"
                     "  canonicalize { a=1 } ) ";
  IrsPipeline p = parse(text);
  assert_false(irsPipelineIsNull(p));
  assert_string_equal(str(irsPipelineGetText(p)),
                      "builtin.module(func.func(cse),canonicalize{a=1})");
  assert_string_equal(str(irsPipelineGetRootAnchor(p)), "builtin.module");
  assert_int_equal(irsPipelineGetNumSteps(p), 2);
  assert_string_equal(str(irsPipelineGetStepText(p, 0)),
                      "builtin.module(func.func(cse))");
  // Offsets point into the original text, whitespace included.
  assert_int_equal(irsPipelineGetStepOffset(p, 0), 30);
  assert_string_equal(str(irsPipelineGetStepPassOptions(p, 1)), "a=1");
  assert_string_equal(str(irsPipelineGetStepText(p, 1)),
                      "builtin.module(canonicalize{a=1})");
  assert_int_equal(irsPipelineGetStepOffset(p, 1), 40);
  irsPipelineDestroy(p);
}

static void test_pipeline__quoted_option_values(void **state) {
  (void)state;
  const char *text = "builtin.module(inline{default-pipeline=\"func.func(cse)\" "
                     "max-iterations=3},x{s='a,b)}'})";
  IrsPipeline p = parse(text);
  assert_false(irsPipelineIsNull(p));
  assert_int_equal(irsPipelineGetNumSteps(p), 2);
  assert_string_equal(str(irsPipelineGetStepPassOptions(p, 0)),
                      "default-pipeline=\"func.func(cse)\" max-iterations=3");
  assert_string_equal(str(irsPipelineGetStepPassOptions(p, 1)), "s='a,b)}'");
  assert_string_equal(str(irsPipelineGetStepText(p, 1)),
                      "builtin.module(x{s='a,b)}'})");
  assert_string_equal(str(irsPipelineGetText(p)), text);
  irsPipelineDestroy(p);
}

static void test_pipeline__braced_option_values(void **state) {
  (void)state;
  const char *text =
      "builtin.module(p{a={b=1 c={d}} e=\"}\"},func.func(q{ x={y} }))";
  IrsPipeline p = parse(text);
  assert_false(irsPipelineIsNull(p));
  assert_int_equal(irsPipelineGetNumSteps(p), 2);
  assert_string_equal(str(irsPipelineGetStepPassOptions(p, 0)),
                      "a={b=1 c={d}} e=\"}\"");
  assert_string_equal(str(irsPipelineGetStepPassOptions(p, 1)), "x={y}");
  assert_string_equal(str(irsPipelineGetStepText(p, 1)),
                      "builtin.module(func.func(q{x={y}}))");
  assert_string_equal(
      str(irsPipelineGetText(p)),
      "builtin.module(p{a={b=1 c={d}} e=\"}\"},func.func(q{x={y}}))");
  irsPipelineDestroy(p);
}

// Line breaks around options are whitespace like any other: the canonical
// text has no redundant whitespace.
static void test_pipeline__multiline_options_are_trimmed(void **state) {
  (void)state;
  IrsPipeline p = parse("builtin.module(\n  cse{\n    a=1 b=2\r\n  }\n)");
  assert_false(irsPipelineIsNull(p));
  char opts[64], text[64], stepText[64];
  snprintf(opts, sizeof(opts), "%s", str(irsPipelineGetStepPassOptions(p, 0)));
  snprintf(text, sizeof(text), "%s", str(irsPipelineGetText(p)));
  snprintf(stepText, sizeof(stepText), "%s", str(irsPipelineGetStepText(p, 0)));
  irsPipelineDestroy(p);
  assert_string_equal(opts, "a=1 b=2");
  assert_string_equal(text, "builtin.module(cse{a=1 b=2})");
  assert_string_equal(stepText, "builtin.module(cse{a=1 b=2})");
}

static void test_pipeline__empty_options_are_dropped(void **state) {
  (void)state;
  IrsPipeline p = parse("builtin.module(cse{},canonicalize{  })");
  assert_false(irsPipelineIsNull(p));
  assert_int_equal(irsPipelineGetNumSteps(p), 2);
  assert_string_equal(str(irsPipelineGetStepPassOptions(p, 0)), "");
  assert_string_equal(str(irsPipelineGetStepText(p, 0)), "builtin.module(cse)");
  assert_string_equal(str(irsPipelineGetText(p)),
                      "builtin.module(cse,canonicalize)");
  irsPipelineDestroy(p);
}

static void test_pipeline__empty_nested_pipeline(void **state) {
  (void)state;
  IrsPipeline p = parse("builtin.module(func.func(),cse)");
  assert_false(irsPipelineIsNull(p));
  assert_int_equal(irsPipelineGetNumSteps(p), 1);
  assert_string_equal(str(irsPipelineGetStepText(p, 0)), "builtin.module(cse)");
  assert_int_equal(irsPipelineGetStepOffset(p, 0), 27);
  assert_string_equal(str(irsPipelineGetText(p)),
                      "builtin.module(func.func(),cse)");
  irsPipelineDestroy(p);

  p = parse("builtin.module( func.func( ) )");
  assert_false(irsPipelineIsNull(p));
  assert_int_equal(irsPipelineGetNumSteps(p), 0);
  assert_string_equal(str(irsPipelineGetText(p)), "builtin.module(func.func())");
  irsPipelineDestroy(p);
}

static void test_pipeline__empty_root_pipeline(void **state) {
  (void)state;
  IrsPipeline p = parse("builtin.module()");
  assert_false(irsPipelineIsNull(p));
  assert_int_equal(irsPipelineGetNumSteps(p), 0);
  assert_string_equal(str(irsPipelineGetText(p)), "builtin.module()");
  assert_string_equal(str(irsPipelineGetRootAnchor(p)), "builtin.module");
  irsPipelineDestroy(p);
}

static void test_pipeline__other_root_anchor(void **state) {
  (void)state;
  IrsPipeline p = parse("func.func(cse)");
  assert_false(irsPipelineIsNull(p));
  assert_string_equal(str(irsPipelineGetRootAnchor(p)), "func.func");
  assert_int_equal(irsPipelineGetStepNumAnchors(p, 0), 1);
  assert_string_equal(str(irsPipelineGetStepText(p, 0)), "func.func(cse)");
  irsPipelineDestroy(p);

  p = parse("any(cse)");
  assert_false(irsPipelineIsNull(p));
  assert_string_equal(str(irsPipelineGetRootAnchor(p)), "any");
  irsPipelineDestroy(p);
}

// Only `length` bytes are read, and the text is copied.
static void test_pipeline__text_is_length_bounded_and_copied(void **state) {
  (void)state;
  char buf[] = "builtin.module(cse)GARBAGE(";
  MlirStringRef r = {buf, 19};
  IrsPipeline p = irsPipelineCreateParse(r, NULL, NULL);
  assert_false(irsPipelineIsNull(p));
  memset(buf, 'z', sizeof(buf) - 1);
  assert_string_equal(str(irsPipelineGetText(p)), "builtin.module(cse)");
  assert_string_equal(str(irsPipelineGetStepPassName(p, 0)), "cse");
  assert_string_equal(str(irsPipelineGetStepAnchor(p, 0)), "builtin.module");
  assert_string_equal(str(irsPipelineGetRootAnchor(p)), "builtin.module");
  irsPipelineDestroy(p);
}

static void test_pipeline__nesting_limit(void **state) {
  (void)state;
  // 64 anchors deep is accepted; one more is an error at that anchor's name.
  IrsBuf ok = IRS_BUF_INIT, bad = IRS_BUF_INIT;
  for (int i = 0; i < 64; ++i)
    irsBufAppendStr(&ok, "a(");
  irsBufAppendStr(&ok, "x");
  for (int i = 0; i < 64; ++i)
    irsBufAppendStr(&ok, ")");
  IrsPipeline p = parse(ok.data);
  assert_false(irsPipelineIsNull(p));
  assert_int_equal(irsPipelineGetNumSteps(p), 1);
  assert_int_equal(irsPipelineGetStepNumAnchors(p, 0), 64);
  assert_string_equal(str(irsPipelineGetStepAnchorAt(p, 0, 63)), "a");
  irsPipelineDestroy(p);

  for (int i = 0; i < 65; ++i)
    irsBufAppendStr(&bad, "a(");
  irsBufAppendStr(&bad, "x");
  for (int i = 0; i < 65; ++i)
    irsBufAppendStr(&bad, ")");
  expectError(bad.data, "pipeline:1:129: pipeline nested too deeply");
  irsBufFree(&ok);
  irsBufFree(&bad);
}

static void test_pipeline__destroy_null_is_noop(void **state) {
  (void)state;
  IrsPipeline p = {NULL};
  irsPipelineDestroy(p);
}

//===----------------------------------------------------------------------===//
// Syntax errors: exact message and position
//===----------------------------------------------------------------------===//

static void test_pipeline__error_empty_text(void **state) {
  (void)state;
  expectError("", "pipeline:1:1: expected an operation anchor such as "
                  "'builtin.module(...)', found end of pipeline");
  expectError("   ", "pipeline:1:4: expected an operation anchor such as "
                     "'builtin.module(...)', found end of pipeline");
}

static void test_pipeline__error_no_anchor_name(void **state) {
  (void)state;
  expectError("(cse)", "pipeline:1:1: expected an operation anchor such as "
                       "'builtin.module(...)', found '('");
}

static void test_pipeline__error_bare_pass(void **state) {
  (void)state;
  expectError("cse", "pipeline:1:1: the pipeline must be anchored on an "
                     "operation, e.g. 'builtin.module(cse)'");
  expectError("  canonicalize{a=1}",
              "pipeline:1:3: the pipeline must be anchored on an operation, "
              "e.g. 'builtin.module(canonicalize)'");
}

static void test_pipeline__error_missing_close_paren(void **state) {
  (void)state;
  expectError("builtin.module(cse",
              "pipeline:1:15: missing ')' closing the pipeline opened here");
  expectError("builtin.module(func.func(cse)",
              "pipeline:1:15: missing ')' closing the pipeline opened here");
  expectError("builtin.module(func.func(cse",
              "pipeline:1:25: missing ')' closing the pipeline opened here");
}

static void test_pipeline__error_empty_element(void **state) {
  (void)state;
  expectError("builtin.module(cse,)", "pipeline:1:20: expected a pass or "
                                      "operation name, found ')'");
  expectError("builtin.module(,cse)", "pipeline:1:16: expected a pass or "
                                      "operation name, found ','");
  expectError("builtin.module(cse,", "pipeline:1:20: expected a pass or "
                                     "operation name, found end of pipeline");
  expectError("builtin.module({a=1})", "pipeline:1:16: expected a pass or "
                                       "operation name, found '{'");
}

static void test_pipeline__error_bad_separator(void **state) {
  (void)state;
  expectError("builtin.module(cse}",
              "pipeline:1:19: expected ',' or ')', found '}'");
  expectError("builtin.module(cse{a=1}{b=2})",
              "pipeline:1:24: expected ',' or ')', found '{'");
}

static void test_pipeline__error_trailing_text(void **state) {
  (void)state;
  expectError("builtin.module(cse))",
              "pipeline:1:20: unexpected ')' after the end of the pipeline");
  expectError("builtin.module(cse),func.func(cse)",
              "pipeline:1:20: unexpected ',' after the end of the pipeline");
}

// A stray character that is not punctuation must be described once, not as
// "unexpected unexpected character".
static void test_pipeline__error_trailing_word(void **state) {
  (void)state;
  Errors e = {IRS_BUF_INIT, 0};
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(cse) \"x\""), onError, &e);
  char msg[256];
  snprintf(msg, sizeof(msg), "%s", e.text.data ? e.text.data : "");
  irsBufFree(&e.text);
  assert_true(irsPipelineIsNull(p));
  assert_int_equal(e.calls, 1);
  assert_int_equal(strncmp(msg, "pipeline:1:21: unexpected ", 26), 0);
  assert_non_null(strstr(msg, "after the end of the pipeline"));
  assert_null(strstr(msg, "unexpected unexpected"));
}

static void test_pipeline__error_unterminated_options(void **state) {
  (void)state;
  expectError("builtin.module(cse{a=1)",
              "pipeline:1:19: missing '}' closing the pass options opened "
              "here");
  expectError("builtin.module(cse{a={b})",
              "pipeline:1:19: missing '}' closing the pass options opened "
              "here");
}

static void test_pipeline__error_unterminated_quote(void **state) {
  (void)state;
  expectError("builtin.module(cse{a=\"1})",
              "pipeline:1:22: unterminated quoted string in pass options");
  expectError("builtin.module(cse{a='1})",
              "pipeline:1:22: unterminated quoted string in pass options");
}

static void test_pipeline__error_line_and_column(void **state) {
  (void)state;
  expectError("builtin.module(\n  cse,\n  )",
              "pipeline:3:3: expected a pass or operation name, found ')'");
}

static void test_pipeline__error_without_callback(void **state) {
  (void)state;
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(cse"), NULL, NULL);
  assert_true(irsPipelineIsNull(p));
}

//===----------------------------------------------------------------------===//
// irsPipelineCreateFromPassFlags
//===----------------------------------------------------------------------===//

static void test_pipeline__from_pass_flags(void **state) {
  (void)state;
  MlirStringRef flags[] = {
      mlirStringRefCreateFromCString("canonicalize"),
      mlirStringRefCreateFromCString("inline=default-pipeline=canonicalize"),
      mlirStringRefCreateFromCString("cse"),
  };
  IrsPipeline p = irsPipelineCreateFromPassFlags(
      flags, 3, mlirStringRefCreateFromCString("builtin.module"), NULL, NULL);
  assert_false(irsPipelineIsNull(p));
  assert_string_equal(
      str(irsPipelineGetText(p)),
      "builtin.module(canonicalize,inline{default-pipeline=canonicalize},cse)");
  assert_int_equal(irsPipelineGetNumSteps(p), 3);
  assert_string_equal(str(irsPipelineGetStepPassName(p, 1)), "inline");
  assert_string_equal(str(irsPipelineGetStepPassOptions(p, 1)),
                      "default-pipeline=canonicalize");
  irsPipelineDestroy(p);
}

static void test_pipeline__from_pass_flags_strips_quotes(void **state) {
  (void)state;
  MlirStringRef flags[] = {mlirStringRefCreateFromCString(
      "inline=\"default-pipeline=canonicalize max-iterations=2\"")};
  IrsPipeline p = irsPipelineCreateFromPassFlags(
      flags, 1, mlirStringRefCreateFromCString("builtin.module"), NULL, NULL);
  assert_false(irsPipelineIsNull(p));
  assert_string_equal(str(irsPipelineGetStepPassOptions(p, 0)),
                      "default-pipeline=canonicalize max-iterations=2");
  irsPipelineDestroy(p);
}

static void test_pipeline__from_pass_flags_empty_and_other_root(void **state) {
  (void)state;
  IrsPipeline p = irsPipelineCreateFromPassFlags(
      NULL, 0, mlirStringRefCreateFromCString("builtin.module"), NULL, NULL);
  assert_false(irsPipelineIsNull(p));
  assert_int_equal(irsPipelineGetNumSteps(p), 0);
  assert_string_equal(str(irsPipelineGetText(p)), "builtin.module()");
  irsPipelineDestroy(p);

  MlirStringRef flags[] = {mlirStringRefCreateFromCString("cse="),
                           {"sccp-and-garbage", 4}};
  p = irsPipelineCreateFromPassFlags(
      flags, 2, mlirStringRefCreateFromCString("func.func"), NULL, NULL);
  assert_false(irsPipelineIsNull(p));
  assert_string_equal(str(irsPipelineGetText(p)), "func.func(cse,sccp)");
  assert_string_equal(str(irsPipelineGetStepText(p, 1)), "func.func(sccp)");
  irsPipelineDestroy(p);
}

static void test_pipeline__from_pass_flags_error(void **state) {
  (void)state;
  MlirStringRef flags[] = {mlirStringRefCreateFromCString("cse"),
                           mlirStringRefCreateFromCString("inline={")};
  Errors e = {IRS_BUF_INIT, 0};
  IrsPipeline p = irsPipelineCreateFromPassFlags(
      flags, 2, mlirStringRefCreateFromCString("builtin.module"), onError, &e);
  assert_true(irsPipelineIsNull(p));
  assert_int_equal(e.calls, 1);
  // Text built: "builtin.module(cse,inline{{})"; the first '{' is unclosed.
  assert_string_equal(e.text.data, "pipeline:1:26: missing '}' closing the "
                                   "pass options opened here");
  irsBufFree(&e.text);
}

static bool namesOwn(const char *text) {
  return irsPipelineTextNamesIrscopePass(mlirStringRefCreateFromCString(text));
}

// The one rule behind "this reproducer needs irscope-opt" (irscope-opt's
// reproducer.sh, irscope-report's replays, opt-reduce's lit tests).
static void test_pipeline__names_irscope_pass(void **state) {
  (void)state;
  assert_true(namesOwn("irs-test-fail"));
  assert_true(namesOwn("builtin.module(func.func(irs-test-fail{op=x}))"));
  assert_true(namesOwn("builtin.module(canonicalize, irs-test-hang)"));
  assert_true(namesOwn("builtin.module(inline{default-pipeline=irs-test-flaky})"));
  assert_true(namesOwn("builtin.module(inline{default-pipeline='irs-x'})"));
  assert_true(namesOwn("builtin.module(irs-unclosed"));
  assert_false(namesOwn("builtin.module(func.func(canonicalize,cse))"));
  assert_false(namesOwn("builtin.module(stairs-up,convert-irs-x)"));
  assert_false(namesOwn("builtin.module(test-pass{name=myirs-x})"));
  assert_false(namesOwn(""));
  // Length-bounded: "irs-" past the end does not count.
  assert_false(irsPipelineTextNamesIrscopePass(
      mlirStringRefCreate("builtin.module(irs-x)", 15)));
}

// A range of steps as pipeline text (PipelineRange.c): what a resumed run
// runs. Neighbours under the same anchors share one nesting.
static const char *rangeText(IrsPipeline p, intptr_t b, intptr_t e) {
  Errors out = {IRS_BUF_INIT, 0};
  assert_true(irsPipelineGetRangeText(p, b, e, onError, &out));
  assert_int_equal(out.calls, 1);
  static char text[1024];
  snprintf(text, sizeof(text), "%s", out.text.data ? out.text.data : "");
  irsBufFree(&out.text);
  return text;
}

static void test_pipeline__range_text(void **state) {
  (void)state;
  const char *whole = "builtin.module(func.func(canonicalize,cse),"
                      "inline{default-pipeline=canonicalize},"
                      "func.func(gpu.module(a),b),symbol-dce)";
  IrsPipeline p = parse(whole);
  assert_false(irsPipelineIsNull(p));
  assert_string_equal(rangeText(p, 0, 6), whole);
  assert_string_equal(rangeText(p, 1, 6),
                      "builtin.module(func.func(cse),"
                      "inline{default-pipeline=canonicalize},"
                      "func.func(gpu.module(a),b),symbol-dce)");
  assert_string_equal(rangeText(p, 3, 5), "builtin.module(func.func("
                                          "gpu.module(a),b))");
  assert_string_equal(rangeText(p, 5, 6), "builtin.module(symbol-dce)");
  assert_string_equal(rangeText(p, 6, 6), "builtin.module()");
  assert_string_equal(rangeText(p, -1, 99), whole);
  irsPipelineDestroy(p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pipeline__range_text),
      cmocka_unit_test(test_pipeline__nested_steps),
      cmocka_unit_test(test_pipeline__three_levels_of_nesting),
      cmocka_unit_test(test_pipeline__whitespace_is_canonicalised),
      cmocka_unit_test(test_pipeline__quoted_option_values),
      cmocka_unit_test(test_pipeline__braced_option_values),
      cmocka_unit_test(test_pipeline__multiline_options_are_trimmed),
      cmocka_unit_test(test_pipeline__empty_options_are_dropped),
      cmocka_unit_test(test_pipeline__empty_nested_pipeline),
      cmocka_unit_test(test_pipeline__empty_root_pipeline),
      cmocka_unit_test(test_pipeline__other_root_anchor),
      cmocka_unit_test(test_pipeline__text_is_length_bounded_and_copied),
      cmocka_unit_test(test_pipeline__nesting_limit),
      cmocka_unit_test(test_pipeline__destroy_null_is_noop),
      cmocka_unit_test(test_pipeline__error_empty_text),
      cmocka_unit_test(test_pipeline__error_no_anchor_name),
      cmocka_unit_test(test_pipeline__error_bare_pass),
      cmocka_unit_test(test_pipeline__error_missing_close_paren),
      cmocka_unit_test(test_pipeline__error_empty_element),
      cmocka_unit_test(test_pipeline__error_bad_separator),
      cmocka_unit_test(test_pipeline__error_trailing_text),
      cmocka_unit_test(test_pipeline__error_trailing_word),
      cmocka_unit_test(test_pipeline__error_unterminated_options),
      cmocka_unit_test(test_pipeline__error_unterminated_quote),
      cmocka_unit_test(test_pipeline__error_line_and_column),
      cmocka_unit_test(test_pipeline__error_without_callback),
      cmocka_unit_test(test_pipeline__from_pass_flags),
      cmocka_unit_test(test_pipeline__from_pass_flags_strips_quotes),
      cmocka_unit_test(test_pipeline__from_pass_flags_empty_and_other_root),
      cmocka_unit_test(test_pipeline__from_pass_flags_error),
      cmocka_unit_test(test_pipeline__names_irscope_pass),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
