// SPDX-License-Identifier: Apache-2.0
// Unit tests of lib/PassManager/ForkedRun.c, the forked runs a narrowing
// judges: a child that ends hands back its record and no signal; one that
// crashes, the signal it died of and, when its trace is asked for, the
// stack trace its fatal-signal handler (the tools', installed in the child
// as a worker has it) printed, whose crash site tells a crash in one
// function from a crash in another and equals itself from run to run
// (what a crash narrowed in-process compares, NarrowStep.c); without the
// trace nothing of stderr; and a child still running at the limit is
// killed, its record whatever it wrote before.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "CrashHandler.h"
#include "PassManager/PassManagerImpl.h"

#include "irscope/CrashTrace.h"
#include "irscope/Signature.h"

#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// Null, but not to the compiler: a store through it is a real fault.
static int *volatile nowhere;

// Not instrumented: UBSan would end the child at the null store (exit 1)
// before it faults, as lib/Passes/TestCrash.c's crash does.
__attribute__((noinline, no_sanitize_undefined, no_sanitize_address))
static void crashHere(void) { *nowhere = 1; }

__attribute__((noinline, no_sanitize_undefined, no_sanitize_address))
static void crashThere(void) {
  *nowhere = 2;
  *nowhere = 3;
}

typedef enum Kind { Ends, CrashesHere, CrashesThere, Sleeps } Kind;

typedef struct Job {
  Kind kind;
  bool handler; // install the tools' fatal-signal handler first
} Job;

static void child(int fd, void *ud) {
  const Job *j = ud;
  if (j->handler)
    irsInstallCrashHandlers("irscope-unit");
  (void)!write(fd, "begun", 5);
  switch (j->kind) {
  case Ends:
    (void)!write(fd, " ended", 6);
    return;
  case CrashesHere:
    crashHere();
    return;
  case CrashesThere:
    crashThere();
    return;
  case Sleeps: {
    struct timespec t = {30, 0};
    nanosleep(&t, NULL);
    return;
  }
  }
}

// One forked run of `j`; the record into `record`, the end into `end`.
static void runJob(Job j, bool trace, int timeoutMs, IrsBuf *record,
                   IrsPmForkedEnd *end) {
  *end = (IrsPmForkedEnd){.timeoutMs = timeoutMs, .trace = trace};
  assert_true(irsPmRunForked(child, &j, record, end));
}

static void siteOf(IrsPmForkedEnd *end, IrsSignature *s) {
  memset(s, 0, sizeof(*s));
  s->kind = IrsOutcomeCrash;
  s->signal = end->signal;
  irsSignatureSetCrashSite(s, irsBufRef(&end->stderrText), (IrsLoadMap){NULL},
                           false);
}

static void test_forkedrun__ended_child(void **state) {
  (void)state;
  IrsBuf record = IRS_BUF_INIT;
  IrsPmForkedEnd end;
  runJob((Job){Ends, true}, true, 10000, &record, &end);
  assert_int_equal(end.signal, 0);
  assert_false(end.timedOut);
  assert_int_equal(record.len, strlen("begun ended"));
  assert_memory_equal(record.data, "begun ended", record.len);
  assert_int_equal(end.stderrText.len, 0);
  irsBufFree(&record);
  irsBufFree(&end.stderrText);
}

static void test_forkedrun__crash_sites(void **state) {
  (void)state;
  IrsBuf record = IRS_BUF_INIT;
  IrsPmForkedEnd here[2], there;
  // One call site for both: a crash reached from elsewhere is another
  // crash (the signature's crash identity compares the callers too).
  for (int k = 0; k < 2; ++k)
    runJob((Job){CrashesHere, true}, true, 10000, &record, &here[k]);
  IrsPmForkedEnd here1 = here[0], here2 = here[1];
  assert_int_equal(here1.signal, SIGSEGV);
  assert_false(here1.timedOut);
  // What each child wrote before it died is kept ("begun" twice).
  assert_int_equal(record.len, 10);
  assert_non_null(here1.stderrText.data);
  assert_non_null(memmem(here1.stderrText.data, here1.stderrText.len,
                         IRS_CRASH_TRACE_FATAL_SIGNAL "SIGSEGV",
                         strlen(IRS_CRASH_TRACE_FATAL_SIGNAL "SIGSEGV")));
  runJob((Job){CrashesThere, true}, true, 10000, &record, &there);
  IrsSignature s1, s2, s3;
  siteOf(&here1, &s1);
  siteOf(&here2, &s2);
  siteOf(&there, &s3);
  assert_true(s1.site[0] != '\0');
  assert_string_equal(s1.site, s2.site);
  assert_true(irsSignatureMatches(&s2, &s1, 0));
  assert_int_equal(there.signal, SIGSEGV);
  assert_true(s3.site[0] != '\0');
  assert_string_not_equal(s1.site, s3.site);
  assert_false(irsSignatureMatches(&s3, &s1, 0));
  irsBufFree(&record);
  irsBufFree(&here1.stderrText);
  irsBufFree(&here2.stderrText);
  irsBufFree(&there.stderrText);
}

static void test_forkedrun__no_trace_unasked(void **state) {
  (void)state;
  IrsBuf record = IRS_BUF_INIT;
  IrsPmForkedEnd end;
  // The handler the child installs prints to a stderr that goes nowhere.
  runJob((Job){CrashesHere, true}, false, 0, &record, &end);
  assert_int_equal(end.signal, SIGSEGV);
  assert_int_equal(end.stderrText.len, 0);
  irsBufFree(&record);
}

static void test_forkedrun__killed_at_the_limit(void **state) {
  (void)state;
  IrsBuf record = IRS_BUF_INIT;
  IrsPmForkedEnd end;
  runJob((Job){Sleeps, false}, true, 200, &record, &end);
  assert_true(end.timedOut);
  assert_int_equal(end.signal, SIGKILL);
  assert_int_equal(record.len, 5);
  assert_memory_equal(record.data, "begun", 5);
  irsBufFree(&record);
  irsBufFree(&end.stderrText);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_forkedrun__ended_child),
      cmocka_unit_test(test_forkedrun__crash_sites),
      cmocka_unit_test(test_forkedrun__no_trace_unasked),
      cmocka_unit_test(test_forkedrun__killed_at_the_limit),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
