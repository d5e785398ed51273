// SPDX-License-Identifier: Apache-2.0
// Unit tests of the step announcements a worker's pass manager makes
// through irsWorkerChannelStep and the onStep callback
// irsWorkerChannelOnStep: the supervisor's result names the last step the
// worker began and whether it was still in it when it ended.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Supervisor.h"

// ud: how far to go. 1: step 3 of chunk 2 begins; 2: it also ends;
// 3: through the callback, step 5 of chunk 0 begins; 4: it also ends.
static int stepMain(IrsWorkerChannel ch, void *ud) {
  intptr_t how = (intptr_t)ud;
  if (how <= 2) {
    irsWorkerChannelStep(ch, 2, 3, true);
    if (how == 2)
      irsWorkerChannelStep(ch, 2, 3, false);
  } else {
    irsWorkerChannelOnStep(5, true, &ch);
    if (how == 4)
      irsWorkerChannelOnStep(5, false, &ch);
  }
  return 7;
}

static const IrsWorkerResult *run(IrsSupervisor sup, intptr_t how) {
  const IrsWorkerResult *res = NULL;
  assert_true(irsStatusIsOk(irsSupervisorRun(sup, stepMain, (void *)how, &res)));
  assert_non_null(res);
  assert_int_equal(res->exitCode, 7);
  return res;
}

static void test_steps__begin_names_the_step_end_leaves_it(void **state) {
  (void)state;
  IrsSupervisor sup = irsSupervisorCreate(NULL);
  const IrsWorkerResult *res = run(sup, 1);
  assert_int_equal(res->chunk, 2);
  assert_int_equal(res->step, 3);
  assert_true(res->inStep);
  res = run(sup, 2);
  assert_int_equal(res->chunk, 2);
  assert_int_equal(res->step, 3);
  assert_false(res->inStep);
  irsSupervisorDestroy(sup);
}

static void test_steps__on_step_callback_announces_chunk_zero(void **state) {
  (void)state;
  IrsSupervisor sup = irsSupervisorCreate(NULL);
  const IrsWorkerResult *res = run(sup, 3);
  assert_int_equal(res->chunk, 0);
  assert_int_equal(res->step, 5);
  assert_true(res->inStep);
  res = run(sup, 4);
  assert_int_equal(res->step, 5);
  assert_false(res->inStep);
  irsSupervisorDestroy(sup);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_steps__begin_names_the_step_end_leaves_it),
      cmocka_unit_test(test_steps__on_step_callback_announces_chunk_zero),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
