// SPDX-License-Identifier: Apache-2.0
// Unit tests of irsSupervisorRunBatch (lib/Supervisor/Supervisor.c): jobs
// run in parallel lanes, each with the supervisor's limits; a caller that
// wants the first success in order can stop work that no longer matters.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Supervisor.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct Spec {
  int exitCode;
  int sleepMs;
  bool inStep; // announce a step, so that the step timeout applies
  // Non-NULL: create a file named `mark` in `dir`, sleep, then exit with
  // the number of such files seen (how many jobs ran at the same time).
  const char *dir, *mark;
} Spec;

static int countEntries(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d)
    return 0;
  for (struct dirent *e; (e = readdir(d));)
    n += e->d_name[0] != '.';
  closedir(d);
  return n;
}

typedef struct State {
  const Spec *specs;
  intptr_t n;
  int done[16];     // onDone calls per job
  int exitCode[16];
  IrsWorkerOutcome outcome[16];
  bool firstInOrder; // isNeeded: nothing after a known success
  int started[16];
  int64_t peakRssKb[16];
} State;

static int jobMain(IrsWorkerChannel ch, void *ud) {
  const Spec *s = ud;
  char path[512] = "";
  if (s->dir) {
    snprintf(path, sizeof(path), "%s/%s", s->dir, s->mark);
    FILE *f = fopen(path, "w");
    if (f)
      fclose(f);
  }
  if (s->inStep)
    irsWorkerChannelStepBegin(ch, 0, 1);
  if (s->sleepMs)
    usleep((useconds_t)s->sleepMs * 1000);
  if (s->inStep)
    irsWorkerChannelStepEnd(ch, 0, 1);
  if (s->dir) {
    int n = countEntries(s->dir);
    unlink(path);
    return n;
  }
  return s->exitCode;
}

static void onDone(intptr_t job, const IrsWorkerResult *r, void *ud) {
  State *st = ud;
  st->done[job]++;
  st->exitCode[job] = r->exitCode;
  st->outcome[job] = r->outcome;
  st->peakRssKb[job] = r->peakRssKb;
}

static bool isNeeded(intptr_t job, bool started, void *ud) {
  State *st = ud;
  bool need = true;
  for (intptr_t k = 0; st->firstInOrder && k < job; ++k)
    if (st->done[k] && st->outcome[k] == IrsWorkerExited &&
        st->exitCode[k] == 0)
      need = false;
  if (!started && need)
    st->started[job]++;
  return need;
}

static double nowSec(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double runBatch(State *st, intptr_t par, double timeoutSec) {
  IrsSupervisorOptions o = {.stepTimeoutSec = timeoutSec};
  IrsSupervisor sup = irsSupervisorCreate(&o);
  void *data[16];
  for (intptr_t i = 0; i < st->n; ++i)
    data[i] = (void *)&st->specs[i];
  IrsWorkerBatch b = {st->n, par, jobMain, data, onDone, isNeeded, st};
  double t0 = nowSec();
  IrsStatus s = irsSupervisorRunBatch(sup, &b);
  double t = nowSec() - t0;
  assert_true(irsStatusIsOk(s));
  irsSupervisorDestroy(sup);
  return t;
}

static void test_batch__every_job_reports_once(void **state) {
  (void)state;
  Spec specs[7];
  for (int i = 0; i < 7; ++i)
    specs[i] = (Spec){.exitCode = i + 10, .sleepMs = (7 - i) * 5};
  State st;
  memset(&st, 0, sizeof(st));
  st.specs = specs;
  st.n = 7;
  runBatch(&st, 3, 0);
  for (int i = 0; i < 7; ++i) {
    assert_int_equal(st.done[i], 1);
    assert_int_equal(st.started[i], 1);
    assert_int_equal(st.outcome[i], IrsWorkerExited);
    assert_int_equal(st.exitCode[i], i + 10);
  }
}

static void test_batch__runs_jobs_in_parallel(void **state) {
  (void)state;
  // Four jobs that each leave a mark in a directory for 1 s and count the
  // marks they see: run one at a time, each sees only its own.
  char dir[] = "/tmp/irscope-unit-batch-XXXXXX";
  assert_non_null(mkdtemp(dir));
  static const char *const marks[4] = {"a", "b", "c", "d"};
  Spec specs[4];
  for (int i = 0; i < 4; ++i)
    specs[i] = (Spec){.sleepMs = 1000, .dir = dir, .mark = marks[i]};
  State st;
  memset(&st, 0, sizeof(st));
  st.specs = specs;
  st.n = 4;
  runBatch(&st, 4, 0);
  int most = 0;
  for (int i = 0; i < 4; ++i) {
    assert_int_equal(st.done[i], 1);
    if (st.exitCode[i] > most)
      most = st.exitCode[i];
  }
  assert_true(most >= 2);
  rmdir(dir);
}

static void test_batch__later_jobs_stop_after_an_earlier_success(void **state) {
  (void)state;
  // Job 1 succeeds first; job 0 (slower, fails) still matters and is
  // waited for; job 2 (would run 60 s) is killed once job 1 is in, and
  // job 3 never starts. The bound on the time is far from both 0.3 s and
  // 60 s: a loaded machine cannot fail it.
  Spec specs[4] = {{.exitCode = 1, .sleepMs = 300},
                   {.exitCode = 0},
                   {.exitCode = 0, .sleepMs = 60000},
                   {.exitCode = 0}};
  State st;
  memset(&st, 0, sizeof(st));
  st.specs = specs;
  st.n = 4;
  st.firstInOrder = true;
  double t = runBatch(&st, 3, 0);
  assert_true(t < 30.0);
  assert_int_equal(st.done[0], 1);
  assert_int_equal(st.exitCode[0], 1);
  assert_int_equal(st.done[1], 1);
  assert_int_equal(st.exitCode[1], 0);
  assert_int_equal(st.done[2], 0); // killed, no report
  assert_int_equal(st.done[3], 0);
  assert_int_equal(st.started[3], 0);
}

static void test_batch__each_job_has_its_own_timeout(void **state) {
  (void)state;
  // Job 1 ends at once, well within its 1 s even on a loaded machine; the
  // others would sleep 30 s.
  Spec specs[3] = {{.sleepMs = 30000, .inStep = true},
                   {.exitCode = 7, .inStep = true},
                   {.sleepMs = 30000, .inStep = true}};
  State st;
  memset(&st, 0, sizeof(st));
  st.specs = specs;
  st.n = 3;
  runBatch(&st, 2, 1.0);
  assert_int_equal(st.outcome[0], IrsWorkerTimedOut);
  assert_int_equal(st.outcome[1], IrsWorkerExited);
  assert_int_equal(st.exitCode[1], 7);
  assert_int_equal(st.outcome[2], IrsWorkerTimedOut);
}

static int markMain(IrsWorkerChannel ch, void *ud) {
  (void)ch;
  FILE *f = fopen(ud, "w");
  if (f)
    fclose(f);
  return 0;
}

static void test_batch__runs_every_job_without_callbacks(void **state) {
  (void)state;
  // Both callbacks are nullable: every job runs to its end, nothing is
  // skipped or killed. Each job leaves its own file behind as evidence.
  char dir[] = "/tmp/irscope-unit-batch-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char paths[5][600];
  void *data[5];
  for (int i = 0; i < 5; ++i) {
    snprintf(paths[i], sizeof(paths[i]), "%s/job%d", dir, i);
    data[i] = paths[i];
  }
  IrsSupervisorOptions o = {0};
  IrsSupervisor sup = irsSupervisorCreate(&o);
  IrsWorkerBatch b = {5, 2, markMain, data, NULL, NULL, NULL};
  assert_true(irsStatusIsOk(irsSupervisorRunBatch(sup, &b)));
  irsSupervisorDestroy(sup);
  assert_int_equal(countEntries(dir), 5);
  for (int i = 0; i < 5; ++i)
    unlink(paths[i]);
  rmdir(dir);
}

static void test_batch__a_worker_that_exits_at_once_has_a_peak_rss(void **state) {
  (void)state;
  // Gone before the first sample: the peak comes from the reaped rusage.
  Spec specs[3] = {{.exitCode = 0}, {.exitCode = 3}, {.exitCode = 0}};
  State st;
  memset(&st, 0, sizeof(st));
  st.specs = specs;
  st.n = 3;
  runBatch(&st, 3, 0);
  for (int i = 0; i < 3; ++i)
    assert_true(st.peakRssKb[i] > 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_batch__every_job_reports_once),
      cmocka_unit_test(test_batch__runs_jobs_in_parallel),
      cmocka_unit_test(test_batch__later_jobs_stop_after_an_earlier_success),
      cmocka_unit_test(test_batch__each_job_has_its_own_timeout),
      cmocka_unit_test(test_batch__runs_every_job_without_callbacks),
      cmocka_unit_test(test_batch__a_worker_that_exits_at_once_has_a_peak_rss),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
