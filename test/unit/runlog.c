// SPDX-License-Identifier: Apache-2.0
// Unit tests of the run log and its writers (lib/Report/RunLog.c, Trace.c,
// JUnit.c): the worker-to-supervisor serialization must carry any text a
// diagnostic may hold, and the writers must produce what viewers expect.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Support/Buf.h"
#include "irscope/RunLog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static IrsRunLogStep step(intptr_t index, const char *status) {
  IrsRunLogStep s;
  memset(&s, 0, sizeof(s));
  s.group = "builtin.module(cse,canonicalize)";
  s.index = index;
  s.pipeline = index == 1 ? "builtin.module(cse)" : "builtin.module(canonicalize)";
  s.pass = index == 1 ? "cse" : "canonicalize";
  s.status = irsOutcomeFromName(status);
  s.changed = index == 1;
  s.startMs = 1000 + 10 * (double)index;
  s.wallMs = 2.5;
  s.verifyMs = 0.5;
  s.dumpMs = 1.25;
  return s;
}

static void test_runlog__serialize_round_trip_keeps_awkward_text(void **state) {
  (void)state;
  IrsRunLog log = irsRunLogCreate("t");
  IrsRunLogStep s = step(1, "ok");
  assert_true(irsStatusIsOk(irsRunLogAddStep(log, &s)));
  s = step(2, "pass-failure");
  s.message = "tab\there, backslash \\ and\nnewline";
  s.details = NULL;
  assert_true(irsStatusIsOk(irsRunLogAddStep(log, &s)));
  IrsBuf b = IRS_BUF_INIT;
  irsRunLogSerialize(log, irsBufStringCallback, &b);
  IrsRunLog back = irsRunLogCreate("t");
  assert_true(irsStatusIsOk(irsRunLogAppendSerialized(back, irsBufRef(&b))));
  assert_int_equal(irsRunLogGetNumSteps(back), 2);
  const IrsRunLogStep *r = irsRunLogGetStep(back, 1);
  assert_int_equal(r->index, 2);
  assert_string_equal(irsOutcomeGetName(r->status), "pass-failure");
  assert_string_equal(r->message, "tab\there, backslash \\ and\nnewline");
  assert_null(r->details);
  assert_false(r->changed);
  assert_true(r->wallMs == 2.5 && r->dumpMs == 1.25 && r->startMs == 1020);
  assert_null(irsRunLogGetStep(back, 2));
  irsBufFree(&b);
  irsRunLogDestroy(log);
  irsRunLogDestroy(back);
}

static void test_runlog__bad_serialized_text_is_a_parse_error(void **state) {
  (void)state;
  IrsRunLog log = irsRunLogCreate("t");
  assert_int_equal(irsRunLogAppendSerialized(
                       log, mlirStringRefCreateFromCString("S\t1\t0\n"))
                       .kind,
                   IRS_ERR_PARSE);
  assert_int_equal(irsRunLogAppendSerialized(
                       log, mlirStringRefCreateFromCString("no newline"))
                       .kind,
                   IRS_ERR_PARSE);
  assert_int_equal(irsRunLogGetNumSteps(log), 0);
  irsRunLogDestroy(log);
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  assert_non_null(f);
  static char buf[65536];
  size_t n = fread(buf, 1, sizeof(buf) - 1, f);
  fclose(f);
  buf[n] = '\0';
  return buf;
}

static void test_runlog__trace_nests_slices_and_escapes(void **state) {
  (void)state;
  char path[] = "/tmp/irscope-unit-trace-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  IrsRunLog log = irsRunLogCreate("name \"quoted\"");
  IrsRunLogStep s = step(1, "ok");
  irsRunLogAddStep(log, &s);
  s = step(2, "not-run");
  s.wallMs = s.verifyMs = s.dumpMs = 0;
  irsRunLogAddStep(log, &s);
  assert_int_equal(irsRunLogWriteTrace(log, path), 0);
  const char *t = slurp(path);
  assert_non_null(strstr(t, "\"args\": {\"name\": \"name \\\"quoted\\\"\"}"));
  // Step 1 starts at 0 and lasts wall + verify + dump; verify follows the
  // pass, dump follows verify. Not-run steps have no event.
  assert_non_null(strstr(t, "{\"name\": \"cse\", \"cat\": \"step\", \"ph\": \"X\", "
                            "\"pid\": 1, \"tid\": 1, \"ts\": 0.000, \"dur\": 4250.000"));
  assert_non_null(strstr(t, "\"name\": \"verify\", \"cat\": \"verify\", \"ph\": "
                            "\"X\", \"pid\": 1, \"tid\": 1, \"ts\": 2500.000, "
                            "\"dur\": 500.000"));
  assert_non_null(strstr(t, "\"ts\": 3000.000, \"dur\": 1250.000"));
  assert_null(strstr(t, "canonicalize\", \"cat\""));
  irsRunLogDestroy(log);
  unlink(path);
}

static void test_runlog__junit_counts_and_failure(void **state) {
  (void)state;
  char path[] = "/tmp/irscope-unit-junit-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  IrsRunLog log = irsRunLogCreate("suite");
  IrsRunLogStep s = step(1, "crash");
  s.message = "step 1 crashed <here>";
  s.details = "stack & trace";
  irsRunLogAddStep(log, &s);
  s = step(2, "not-run");
  s.wallMs = s.verifyMs = s.dumpMs = 0;
  irsRunLogAddStep(log, &s);
  assert_int_equal(irsRunLogWriteJUnit(log, path), 0);
  const char *t = slurp(path);
  assert_non_null(strstr(t, "<testsuites name=\"suite\" tests=\"2\" failures=\"1\" "
                            "errors=\"0\" skipped=\"1\" time=\"0.004250\">"));
  assert_non_null(strstr(t, "<failure message=\"step 1 crashed &lt;here&gt;\" "
                            "type=\"crash\">stack &amp; trace</failure>"));
  assert_non_null(strstr(t, "<skipped message=\"not run: an earlier step failed\"/>"));
  irsRunLogDestroy(log);
  unlink(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_runlog__serialize_round_trip_keeps_awkward_text),
      cmocka_unit_test(test_runlog__bad_serialized_text_is_a_parse_error),
      cmocka_unit_test(test_runlog__trace_nests_slices_and_escapes),
      cmocka_unit_test(test_runlog__junit_counts_and_failure),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
