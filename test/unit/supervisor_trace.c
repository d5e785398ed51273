// SPDX-License-Identifier: Apache-2.0
// Unit tests of IrsSupervisorOptions.traceOnTimeout (lib/Supervisor) with
// the worker-side handler of tools/common/CrashHandler.c: a timed-out
// worker is asked for its stack trace, from the thread that runs the step,
// and killed as soon as the trace has ended or after a bounded wait; a
// supervisor that did not opt in kills at once and sends nothing.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "CrashHandler.h"
#include "irscope/StackTrace.h"
#include "irscope/Supervisor.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef enum Handler {
  HandlerTrace,  // irsInstallHangTraceHandler
  HandlerSilent, // handles the signal but never writes the end line
  HandlerNone,   // default action: the signal kills the worker
} Handler;

typedef enum Where {
  SpinInMain,     // the main thread spins
  SpinInThread,   // a second thread spins, the main thread waits for it
  SleepInThread,  // a second thread sleeps in pause(), main waits for it
} Where;

typedef struct Spec {
  Handler handler;
  Where where;
  // The supervisor's options: 0 for a 0.2 s step timeout and the default
  // trace wait. Bounds that only have to be long enough are made long, so
  // that a loaded machine (CI: two test processes on two cores, ASan)
  // cannot fail them; no assertion is on how soon something happens.
  double timeoutSec;
  int traceWaitMs;
} Spec;

static volatile unsigned long sink;

static __attribute__((noinline)) void spin(void) {
  for (;;)
    ++sink;
}

static void *spinThread(void *p) {
  (void)p;
  spin();
  return NULL;
}

static void *sleepThread(void *p) {
  (void)p;
  for (;;)
    pause();
  return NULL;
}

static void silent(int sig) { (void)sig; }

static int workerMain(IrsWorkerChannel ch, void *ud) {
  const Spec *s = ud;
  if (s->handler == HandlerTrace)
    irsInstallHangTraceHandler("unit");
  else if (s->handler == HandlerSilent)
    signal(IRS_SUPERVISOR_TRACE_SIGNAL, silent);
  irsWorkerChannelStepBegin(ch, 0, 1);
  if (s->where == SpinInMain)
    spin();
  pthread_t t;
  pthread_create(&t, NULL, s->where == SpinInThread ? spinThread : sleepThread,
                 NULL);
  pthread_join(t, NULL);
  return 0;
}

typedef struct Seen {
  IrsWorkerOutcome outcome;
  double elapsedMs, runMs;
  char tail[65536];
} Seen;

static void keep(const IrsWorkerResult *r, Seen *seen) {
  seen->outcome = r->outcome;
  seen->elapsedMs = r->elapsedMs;
  seen->runMs = r->runMs;
  size_t n = r->stderrTail.length < sizeof(seen->tail) - 1
                 ? r->stderrTail.length
                 : sizeof(seen->tail) - 1;
  memcpy(seen->tail, r->stderrTail.data, n);
  seen->tail[n] = '\0';
}

static void run(Spec spec, bool trace, Seen *seen) {
  IrsSupervisorOptions o = {.stepTimeoutSec =
                                spec.timeoutSec > 0 ? spec.timeoutSec : 0.2,
                            .traceOnTimeout = trace,
                            .traceWaitMs = spec.traceWaitMs};
  IrsSupervisor sup = irsSupervisorCreate(&o);
  const IrsWorkerResult *r;
  assert_true(irsStatusIsOk(irsSupervisorRun(sup, workerMain, &spec, &r)));
  keep(r, seen);
  irsSupervisorDestroy(sup);
}

static void ignore(MlirStringRef s, void *ud) {
  (void)s;
  (void)ud;
}

static void test_trace__timed_out_worker_prints_its_trace(void **state) {
  (void)state;
  static Seen seen;
  // A wait of 60 s: a kill at its end would show in runMs.
  enum { kWaitMs = 60000 };
  run((Spec){.handler = HandlerTrace, .where = SpinInMain, .traceWaitMs = kWaitMs},
      true, &seen);
  assert_int_equal(seen.outcome, IrsWorkerTimedOut);
  assert_non_null(strstr(seen.tail, "unit: step timed out\nStack trace:\n"));
  assert_non_null(strstr(seen.tail, IRS_SUPERVISOR_TRACE_END));
  // The main thread's trace, from the frame that was spinning.
  assert_non_null(strstr(seen.tail, "__libc_start_main"));
  assert_true(irsStackTraceGetCrashSite(
      mlirStringRefCreateFromCString(seen.tail), ignore, NULL));
  // The step's time ends when the timeout is found (not after the trace:
  // test_trace__wait_is_bounded shows the wait outside it).
  assert_true(seen.elapsedMs >= 200 && seen.elapsedMs <= seen.runMs);
  // The kill came with the end line, not at the end of the wait.
  assert_true(seen.runMs - seen.elapsedMs < kWaitMs);
  if (getenv("IRS_UNIT_VERBOSE"))
    fprintf(stderr, "trace wait: %.1f ms\n", seen.runMs - seen.elapsedMs);
}

static void test_trace__not_asked_without_the_option(void **state) {
  (void)state;
  static Seen seen;
  run((Spec){.handler = HandlerTrace, .where = SpinInMain}, false, &seen);
  assert_int_equal(seen.outcome, IrsWorkerTimedOut);
  assert_null(strstr(seen.tail, "step timed out"));
  assert_null(strstr(seen.tail, IRS_SUPERVISOR_TRACE_END));
}

static void test_trace__wait_is_bounded(void **state) {
  (void)state;
  // A worker that handles the signal but never writes the end line is
  // killed after IRS_SUPERVISOR_TRACE_WAIT_MS.
  static Seen seen;
  run((Spec){.handler = HandlerSilent, .where = SpinInMain}, true, &seen);
  assert_int_equal(seen.outcome, IrsWorkerTimedOut);
  double waited = seen.runMs - seen.elapsedMs;
  assert_true(waited >= IRS_SUPERVISOR_TRACE_WAIT_MS - 5);
  // Bounded: far below the 60 s a forgotten wait would run into (the
  // worker spins forever; a loaded machine may be late by a second).
  assert_true(waited < IRS_SUPERVISOR_TRACE_WAIT_MS + 30000);
}

static void test_trace__unready_worker_still_reads_as_timeout(void **state) {
  (void)state;
  // The signal's default action kills the worker: still a timeout.
  static Seen seen;
  run((Spec){.handler = HandlerNone, .where = SpinInMain}, true, &seen);
  assert_int_equal(seen.outcome, IrsWorkerTimedOut);
  assert_null(strstr(seen.tail, IRS_SUPERVISOR_TRACE_END));
}

static void test_trace__asks_the_spinning_thread(void **state) {
  (void)state;
  // The main thread waits in pthread_join: the trace must come from the
  // thread that runs (no __libc_start_main in its frames).
  static Seen seen;
  run((Spec){.handler = HandlerTrace, .where = SpinInThread}, true, &seen);
  assert_int_equal(seen.outcome, IrsWorkerTimedOut);
  assert_non_null(strstr(seen.tail, IRS_SUPERVISOR_TRACE_END));
  assert_null(strstr(seen.tail, "__libc_start_main"));
}

static void test_trace__asks_the_thread_that_sleeps_outside_futex(void **state) {
  (void)state;
  // Nothing runs: the thread in pause() is preferred to the main thread
  // waiting on a futex in pthread_join. The thread must be in pause() by
  // the timeout (a thread not yet there runs, and is asked as it is): 2 s
  // for its start on a loaded machine.
  static Seen seen;
  run((Spec){.handler = HandlerTrace, .where = SleepInThread, .timeoutSec = 2.0},
      true, &seen);
  assert_int_equal(seen.outcome, IrsWorkerTimedOut);
  assert_non_null(strstr(seen.tail, IRS_SUPERVISOR_TRACE_END));
  assert_non_null(strstr(seen.tail, "pause"));
  assert_null(strstr(seen.tail, "__libc_start_main"));
}

typedef struct BatchSeen {
  Seen seen[2];
} BatchSeen;

static void onDone(intptr_t job, const IrsWorkerResult *r, void *ud) {
  keep(r, &((BatchSeen *)ud)->seen[job]);
}

static bool isNeeded(intptr_t job, bool started, void *ud) {
  (void)job;
  (void)started;
  (void)ud;
  return true;
}

static void test_trace__batch_lanes_inherit_the_option(void **state) {
  (void)state;
  static BatchSeen bs;
  Spec spec = {.handler = HandlerTrace, .where = SpinInMain};
  void *data[2] = {&spec, &spec};
  IrsSupervisorOptions o = {.stepTimeoutSec = 0.2, .traceOnTimeout = true};
  IrsSupervisor sup = irsSupervisorCreate(&o);
  IrsWorkerBatch b = {2, 2, workerMain, data, onDone, isNeeded, &bs};
  assert_true(irsStatusIsOk(irsSupervisorRunBatch(sup, &b)));
  irsSupervisorDestroy(sup);
  for (int i = 0; i < 2; ++i) {
    assert_int_equal(bs.seen[i].outcome, IrsWorkerTimedOut);
    assert_non_null(strstr(bs.seen[i].tail, IRS_SUPERVISOR_TRACE_END));
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trace__timed_out_worker_prints_its_trace),
      cmocka_unit_test(test_trace__not_asked_without_the_option),
      cmocka_unit_test(test_trace__wait_is_bounded),
      cmocka_unit_test(test_trace__unready_worker_still_reads_as_timeout),
      cmocka_unit_test(test_trace__asks_the_spinning_thread),
      cmocka_unit_test(test_trace__asks_the_thread_that_sleeps_outside_futex),
      cmocka_unit_test(test_trace__batch_lanes_inherit_the_option),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
