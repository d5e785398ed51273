// SPDX-License-Identifier: Apache-2.0
// Unit tests of --verify-diagnostics' matcher (lib/Support/DiagVerifier.c)
// and of the mlir-opt style printer it reports through
// (lib/Support/DiagnosticSource.c).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Support/Buf.h"
#include "Support/DiagnosticsImpl.h"
#include "irscope/DiagVerifier.h"

#include <mlir-c/Diagnostics.h>

#include <stdlib.h>
#include <string.h>

typedef struct Sink {
  IrsBuf out;
  IrsDiagnosticSource src;
} Sink;

static void onComplaint(const IrsDiagComplaint *c, void *ud) {
  Sink *s = ud;
  irsSourceMessagePrint(c->location, IrsSeverityError, c->message,
                        c->rangeLength, true, &s->src, irsBufStringCallback,
                        &s->out);
}

static IrsDiagVerifier make(Sink *s, const char *text, intptr_t firstLine) {
  memset(s, 0, sizeof(*s));
  s->src.name = mlirStringRefCreateFromCString("t.mlir");
  s->src.text = mlirStringRefCreateFromCString(text);
  IrsDiagVerifier v =
      irsDiagVerifierCreate(s->src.name, s->src.text, firstLine, false,
                            onComplaint, s);
  assert_false(irsDiagVerifierIsNull(v));
  return v;
}

static void diag(IrsDiagVerifier v, IrsSeverity sev, const char *loc,
                 const char *msg) {
  IrsDiagnostic d = {sev, mlirStringRefCreateFromCString(loc),
                     mlirStringRefCreateFromCString(msg), 0, NULL, 0};
  irsDiagVerifierProcess(v, &d);
}

static void test_diagverifier__offsets_above_below(void **state) {
  (void)state;
  Sink s;
  IrsDiagVerifier v = make(&s,
                           "// expected-error@+2 {{two}}\n"
                           "// expected-warning@below {{below}}\n"
                           "op\n"
                           "// expected-remark@above {{above}}\n"
                           "// expected-note@-2 {{minus}}\n",
                           1);
  diag(v, IrsSeverityError, "t.mlir:3:1", "the two of us");
  diag(v, IrsSeverityWarning, "t.mlir:3:1", "below here");
  diag(v, IrsSeverityRemark, "t.mlir:3:5", "above here");
  diag(v, IrsSeverityNote, "t.mlir:3:2", "minus one");
  IrsDiagVerifierCounts c = irsDiagVerifierGetCounts(v);
  assert_int_equal(c.expected, 4);
  assert_int_equal(c.matched, 4);
  assert_true(irsDiagVerifierFinish(v));
  assert_int_equal(s.out.len, 0);
  irsDiagVerifierDestroy(v);
  irsBufFree(&s.out);
}

static void test_diagverifier__unmatched_at_expectation(void **state) {
  (void)state;
  Sink s;
  IrsDiagVerifier v = make(&s, "x\n  // expected-error@-1 {{unknown}}\n", 1);
  assert_false(irsDiagVerifierFinish(v));
  assert_string_equal(s.out.data,
                      "t.mlir:2:6: error: expected error \"unknown\" was not "
                      "produced\n"
                      "  // expected-error@-1 {{unknown}}\n"
                      "     ^~~~~~~\n");
  irsDiagVerifierDestroy(v);
  irsBufFree(&s.out);
}

static void test_diagverifier__unexpected_at_diagnostic(void **state) {
  (void)state;
  Sink s;
  IrsDiagVerifier v = make(&s, "\tfoo bar\n", 1);
  diag(v, IrsSeverityError, "t.mlir:1:5", "boom");
  assert_false(irsDiagVerifierFinish(v));
  assert_string_equal(s.out.data, "t.mlir:1:5: error: unexpected error: boom\n"
                                  "        foo bar\n"
                                  "           ^\n");
  assert_int_equal(irsDiagVerifierGetCounts(v).unexpected, 1);
  irsDiagVerifierDestroy(v);
  irsBufFree(&s.out);
}

static void test_diagverifier__near_miss_names_both_kinds(void **state) {
  (void)state;
  Sink s;
  IrsDiagVerifier v = make(&s, "// expected-warning@+1 {{boom}}\nop\n", 1);
  diag(v, IrsSeverityError, "t.mlir:2:1", "boom");
  assert_false(irsDiagVerifierFinish(v));
  assert_non_null(strstr(s.out.data,
                         "t.mlir:1:4: error: 'error' diagnostic emitted when "
                         "expecting a 'warning'\n"));
  irsDiagVerifierDestroy(v);
  irsBufFree(&s.out);
}

static void test_diagverifier__regex_only_with_re(void **state) {
  (void)state;
  Sink s;
  IrsDiagVerifier v = make(&s,
                           "// expected-error-re@+2 {{op {{[0-9]+}} (x)}}\n"
                           "// expected-error@+1 {{op {{[0-9]+}}}}\n"
                           "op\n",
                           1);
  diag(v, IrsSeverityError, "t.mlir:3:1", "the op 42 (x) here");
  diag(v, IrsSeverityError, "t.mlir:3:1", "op {{[0-9]+}}");
  assert_true(irsDiagVerifierFinish(v));
  irsDiagVerifierDestroy(v);
  irsBufFree(&s.out);
}

static void test_diagverifier__bad_regex_is_reported(void **state) {
  (void)state;
  Sink s;
  IrsDiagVerifier v = make(&s,
                           "// expected-error-re {{a {{[0-9}} b}}\n"
                           "// expected-error-re {{a {{x b}}\n",
                           1);
  assert_int_equal(irsDiagVerifierGetCounts(v).expected, 0);
  assert_false(irsDiagVerifierFinish(v));
  assert_non_null(strstr(s.out.data, "t.mlir:1:4: error: invalid regex: "
                                     "brackets ([ ]) not balanced\n"));
  assert_non_null(strstr(s.out.data, "t.mlir:2:4: error: found start of regex "
                                     "with no end '}}'\n"));
  irsDiagVerifierDestroy(v);
  irsBufFree(&s.out);
}

static void test_diagverifier__unknown_location(void **state) {
  (void)state;
  Sink s;
  IrsDiagVerifier v = make(&s,
                           "// expected-error@unknown {{lost}}\n"
                           "// expected-error@unknown {{never}}\n",
                           1);
  diag(v, IrsSeverityError, "loc(unknown)", "lost it");
  diag(v, IrsSeverityError, "loc(\"n\")", "other");
  assert_false(irsDiagVerifierFinish(v));
  // The second unmatched report repeats mlir-opt's double verification.
  assert_string_equal(s.out.data,
                      "<unknown>:0: error: loc(\"n\"): unexpected error: other\n"
                      "<unknown>:0: error: expected error \"never\" was not "
                      "produced\n"
                      "<unknown>:0: error: expected error \"never\" was not "
                      "produced\n");
  irsDiagVerifierDestroy(v);
  irsBufFree(&s.out);
}

static void test_diagverifier__greedy_braces_and_chunk_lines(void **state) {
  (void)state;
  Sink s;
  // A chunk starting at line 10: expectations carry the file's numbers. As
  // in MLIR, the text runs to the last "}}" of the line.
  IrsDiagVerifier v = make(&s, "\n// expected-error@+1 {{a}} x {{b}}\nop\n", 10);
  diag(v, IrsSeverityError, "t.mlir:12:1", "a}} x {{b");
  assert_true(irsDiagVerifierFinish(v));
  irsDiagVerifierDestroy(v);
  irsBufFree(&s.out);
}

static void test_diagverifier__notes_are_checked(void **state) {
  (void)state;
  Sink s;
  IrsDiagVerifier v = make(&s, "op\n// expected-error@-1 {{e}}\n", 1);
  IrsDiagnostic note = {IrsSeverityNote,
                        mlirStringRefCreateFromCString("t.mlir:1:1"),
                        mlirStringRefCreateFromCString("n"), 0, NULL, 0};
  IrsDiagnostic d = {IrsSeverityError,
                     mlirStringRefCreateFromCString("t.mlir:1:1"),
                     mlirStringRefCreateFromCString("e"), 1, &note, 0};
  irsDiagVerifierProcess(v, &d);
  assert_false(irsDiagVerifierFinish(v));
  assert_non_null(strstr(s.out.data, "unexpected note: n"));
  irsDiagVerifierDestroy(v);
  irsBufFree(&s.out);
}

static void test_diagverifier__only_expected_ignores_others(void **state) {
  (void)state;
  IrsDiagVerifier v = irsDiagVerifierCreate(
      mlirStringRefCreateFromCString("t.mlir"),
      mlirStringRefCreateFromCString("op\n"), 1, true, NULL, NULL);
  diag(v, IrsSeverityError, "t.mlir:1:1", "anything");
  assert_true(irsDiagVerifierFinish(v));
  irsDiagVerifierDestroy(v);
}

static void test_diagverifier__window_counts_one_chunk(void **state) {
  (void)state;
  Sink s;
  IrsDiagVerifier v = make(&s,
                           "// expected-error@+1 {{a}}\nop\n"
                           "// -----\n"
                           "// expected-error@+1 {{b}}\nop\n",
                           1);
  irsDiagVerifierSetWindow(v, 1, 3);
  diag(v, IrsSeverityError, "t.mlir:2:1", "a");
  IrsDiagVerifierCounts c = irsDiagVerifierGetCounts(v);
  assert_int_equal(c.expected, 1);
  assert_int_equal(c.matched, 1);
  assert_int_equal(c.unexpected, 0);
  irsDiagVerifierSetWindow(v, 3, 5);
  diag(v, IrsSeverityError, "t.mlir:5:1", "other");
  c = irsDiagVerifierGetCounts(v);
  assert_int_equal(c.expected, 1);
  assert_int_equal(c.matched, 0);
  assert_int_equal(c.unexpected, 1);
  assert_false(irsDiagVerifierFinish(v));
  irsDiagVerifierDestroy(v);
  irsBufFree(&s.out);
}

static void test_diagsource__caret_past_line_end_and_no_source(void **state) {
  (void)state;
  IrsBuf b = IRS_BUF_INIT;
  IrsDiagnosticSource src = {mlirStringRefCreateFromCString("t.mlir"),
                             mlirStringRefCreateFromCString("ab\ncd")};
  irsSourceMessagePrint(mlirStringRefCreateFromCString("t.mlir:2:3"),
                        IrsSeverityWarning, mlirStringRefCreateFromCString("w"),
                        0, true, &src, irsBufStringCallback, &b);
  irsSourceMessagePrint(mlirStringRefCreateFromCString("t.mlir:9:1"),
                        IrsSeverityError, mlirStringRefCreateFromCString("e"),
                        0, true, &src, irsBufStringCallback, &b);
  irsSourceMessagePrint(mlirStringRefCreateFromCString("o.mlir:1:1"),
                        IrsSeverityRemark, mlirStringRefCreateFromCString("r"),
                        0, true, &src, irsBufStringCallback, &b);
  assert_string_equal(b.data, "t.mlir:2:3: warning: w\ncd\n  ^\n"
                              "t.mlir:9:1: error: e\n"
                              "o.mlir:1:1: remark: r\n");
  irsBufFree(&b);
}

// A discarded diagnostic is not captured but counted: a verification
// with discarded diagnostics (lib/PassManager/VerifyPrint.c) learns that a
// verifier spoke, even one that only warned and succeeded.
static void test_diagcapture__discarded_are_counted(void **state) {
  (void)state;
  MlirContext ctx = mlirContextCreate();
  IrsDiagnosticCapture cap = irsDiagnosticCaptureCreate(ctx, NULL, NULL);
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  irsDiagnosticCaptureSetDiscard(cap, true);
  mlirEmitError(loc, "dropped");
  irsDiagnosticCaptureSetDiscard(cap, false);
  assert_int_equal(irsDiagnosticCaptureGetNumDiscarded(cap), 1);
  assert_int_equal(irsDiagnosticCaptureGetNumDiagnostics(cap), 0);
  mlirEmitError(loc, "kept");
  assert_int_equal(irsDiagnosticCaptureGetNumDiscarded(cap), 1);
  assert_int_equal(irsDiagnosticCaptureGetNumDiagnostics(cap), 1);
  irsDiagnosticCaptureDestroy(cap);
  mlirContextDestroy(ctx);
}

static void test_diagsource__location_parse(void **state) {
  (void)state;
  MlirStringRef f;
  unsigned l, c;
  assert_true(irsLocationParseFileLineCol(
      mlirStringRefCreateFromCString("a:b.mlir:12:7"), &f, &l, &c));
  assert_int_equal(f.length, 8);
  assert_int_equal(l, 12);
  assert_int_equal(c, 7);
  assert_false(irsLocationParseFileLineCol(
      mlirStringRefCreateFromCString("loc(unknown)"), &f, &l, &c));
  assert_false(irsLocationParseFileLineCol(
      mlirStringRefCreateFromCString(":1:2"), &f, &l, &c));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_diagverifier__offsets_above_below),
      cmocka_unit_test(test_diagverifier__unmatched_at_expectation),
      cmocka_unit_test(test_diagverifier__unexpected_at_diagnostic),
      cmocka_unit_test(test_diagverifier__near_miss_names_both_kinds),
      cmocka_unit_test(test_diagverifier__regex_only_with_re),
      cmocka_unit_test(test_diagverifier__bad_regex_is_reported),
      cmocka_unit_test(test_diagverifier__unknown_location),
      cmocka_unit_test(test_diagverifier__greedy_braces_and_chunk_lines),
      cmocka_unit_test(test_diagverifier__notes_are_checked),
      cmocka_unit_test(test_diagverifier__only_expected_ignores_others),
      cmocka_unit_test(test_diagverifier__window_counts_one_chunk),
      cmocka_unit_test(test_diagsource__caret_past_line_end_and_no_source),
      cmocka_unit_test(test_diagsource__location_parse),
      cmocka_unit_test(test_diagcapture__discarded_are_counted),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
