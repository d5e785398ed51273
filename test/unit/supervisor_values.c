// SPDX-License-Identifier: Apache-2.0
// Unit tests of the typed values a worker sends its supervisor
// (irsWorkerChannelSendValue, irsWorkerResultGetValue): each run's result
// carries its own, also for the jobs of a batch, where the reducer's worker
// reports the step that failed. Also the outcome a worker sends
// (irsWorkerResultGetReported): it counts only when the worker then ends
// normally.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Supervisor.h"

#include <string.h>

// Job i sends "job" = i, and "last" twice (the second value counts); job 0
// sends nothing.
static int jobMain(IrsWorkerChannel ch, void *ud) {
  intptr_t i = (intptr_t)ud;
  if (i == 0)
    return 0;
  irsWorkerChannelSendValue(ch, "job", (int64_t)i);
  irsWorkerChannelSendValue(ch, "last", -1);
  irsWorkerChannelSendValue(ch, "last", (int64_t)i * 100);
  return 0;
}

typedef struct State {
  bool hasJob[6], hasLast[6];
  int64_t job[6], last[6];
} State;

static void onDone(intptr_t j, const IrsWorkerResult *r, void *ud) {
  State *st = ud;
  st->hasJob[j] = irsWorkerResultGetValue(r, "job", &st->job[j]);
  st->hasLast[j] = irsWorkerResultGetValue(r, "last", &st->last[j]);
}

static bool isNeeded(intptr_t j, bool started, void *ud) {
  (void)j, (void)started, (void)ud;
  return true;
}

static void test_values__each_batch_job_has_its_own(void **state) {
  (void)state;
  IrsSupervisor sup = irsSupervisorCreate(NULL);
  void *data[6];
  for (intptr_t i = 0; i < 6; ++i)
    data[i] = (void *)i;
  State st;
  memset(&st, 0, sizeof(st));
  IrsWorkerBatch b = {6, 3, jobMain, data, onDone, isNeeded, &st};
  assert_true(irsStatusIsOk(irsSupervisorRunBatch(sup, &b)));
  assert_false(st.hasJob[0]);
  assert_false(st.hasLast[0]);
  for (int i = 1; i < 6; ++i) {
    assert_true(st.hasJob[i]);
    assert_int_equal(st.job[i], i);
    assert_true(st.hasLast[i]);
    assert_int_equal(st.last[i], i * 100);
  }
  // A batch leaves what the supervisor's own getter sees alone.
  int64_t v = 42;
  assert_false(irsSupervisorGetValue(sup, "job", &v));
  assert_int_equal(v, 42);
  irsSupervisorDestroy(sup);
}

static void test_values__single_run_result_and_getter_agree(void **state) {
  (void)state;
  IrsSupervisor sup = irsSupervisorCreate(NULL);
  const IrsWorkerResult *res = NULL;
  assert_true(irsStatusIsOk(irsSupervisorRun(sup, jobMain, (void *)4, &res)));
  int64_t a = 0, b = 0;
  assert_true(irsWorkerResultGetValue(res, "last", &a));
  assert_true(irsSupervisorGetValue(sup, "last", &b));
  assert_int_equal(a, 400);
  assert_int_equal(b, 400);
  // The next run starts with none.
  assert_true(irsStatusIsOk(irsSupervisorRun(sup, jobMain, (void *)0, &res)));
  assert_false(irsWorkerResultGetValue(res, "last", &a));
  assert_false(irsSupervisorGetValue(sup, "last", &b));
  irsSupervisorDestroy(sup);
}

// Worker `how`: 0 sends pass-failure and ends normally, 1 sends it and
// exits with 3, 2 sends nothing and ends normally.
static int outcomeMain(IrsWorkerChannel ch, void *ud) {
  intptr_t how = (intptr_t)ud;
  if (how != 2)
    irsWorkerChannelSendOutcome(ch, IrsOutcomePassFailure);
  return how == 1 ? 3 : 0;
}

static void test_values__reported_outcome_needs_a_normal_end(void **state) {
  (void)state;
  IrsSupervisor sup = irsSupervisorCreate(NULL);
  const IrsWorkerResult *res = NULL;
  IrsOutcome want[3] = {IrsOutcomePassFailure, IrsOutcomeNone,
                        IrsOutcomeNone};
  for (intptr_t how = 0; how < 3; ++how) {
    assert_true(
        irsStatusIsOk(irsSupervisorRun(sup, outcomeMain, (void *)how, &res)));
    assert_int_equal(irsWorkerResultGetReported(res), want[how]);
  }
  irsSupervisorDestroy(sup);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_values__each_batch_job_has_its_own),
      cmocka_unit_test(test_values__single_run_result_and_getter_agree),
      cmocka_unit_test(test_values__reported_outcome_needs_a_normal_end),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
