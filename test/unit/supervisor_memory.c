// SPDX-License-Identifier: Apache-2.0
// Unit tests of the exact half of the memory limit: a worker whose peak
// goes over the limit and back within a few milliseconds, too fast for
// the 50 ms samples, is still IrsWorkerMemoryLimit, attributed to where
// the peak was crossed (the step that ended, the gap before a step, the
// exit), and a worker that stays under the limit is not.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Supervisor.h"

#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

enum { kSpikeMb = 96, kHeadroomMb = 48 };

static int64_t limitBytes;

// A peak of kSpikeMb more than the worker had: mapped, touched, released.
static void spike(void) {
  size_t n = (size_t)kSpikeMb << 20;
  char *p = mmap(NULL, n, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  if (p == MAP_FAILED)
    return;
  for (size_t i = 0; i < n; i += 4096)
    p[i] = 1;
  munmap(p, n);
}

// ud: where the spike is. 1: in step 1; 2: between steps 1 and 2; 3: after
// the last step, before the exit; 0: nowhere.
static int spikeMain(IrsWorkerChannel ch, void *ud) {
  intptr_t where = (intptr_t)ud;
  irsWorkerChannelStepBegin(ch, 0, 1);
  if (where == 1)
    spike();
  irsWorkerChannelStepEnd(ch, 0, 1);
  if (where == 2)
    spike();
  irsWorkerChannelStepBegin(ch, 0, 2);
  irsWorkerChannelStepEnd(ch, 0, 2);
  irsWorkerChannelChunkDone(ch, 0);
  if (where == 3)
    spike();
  return 0;
}

// A worker's own high-water mark (KiB), as it starts: what it copied of
// this process at the fork (far less than this process's resident size,
// most of which is libMLIR's shared text).
static int probeMain(IrsWorkerChannel ch, void *ud) {
  (void)ud;
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  irsWorkerChannelSendValue(ch, "peak", ru.ru_maxrss);
  return 0;
}

// A limit the worker's start stays under and the spike goes over.
static IrsSupervisor makeSupervisor(void) {
  IrsSupervisor probe = irsSupervisorCreate(NULL);
  const IrsWorkerResult *res = NULL;
  int64_t peakKb = 0;
  assert_true(irsStatusIsOk(irsSupervisorRun(probe, probeMain, NULL, &res)));
  assert_true(irsWorkerResultGetValue(res, "peak", &peakKb));
  irsSupervisorDestroy(probe);
  limitBytes = (peakKb << 10) + ((int64_t)kHeadroomMb << 20);
  IrsSupervisorOptions o;
  memset(&o, 0, sizeof(o));
  o.memoryLimitBytes = limitBytes;
  return irsSupervisorCreate(&o);
}

static const IrsWorkerResult *run(IrsSupervisor sup, intptr_t where) {
  const IrsWorkerResult *res = NULL;
  assert_true(irsStatusIsOk(irsSupervisorRun(sup, spikeMain, (void *)where, &res)));
  assert_non_null(res);
  return res;
}

static void test_memory__under_the_limit_is_no_failure(void **state) {
  (void)state;
  IrsSupervisor sup = makeSupervisor();
  const IrsWorkerResult *res = run(sup, 0);
  assert_int_equal(res->outcome, IrsWorkerExited);
  assert_int_equal(res->exitCode, 0);
  irsSupervisorDestroy(sup);
}

static void test_memory__spike_in_a_step_is_that_step(void **state) {
  (void)state;
  IrsSupervisor sup = makeSupervisor();
  const IrsWorkerResult *res = run(sup, 1);
  assert_int_equal(res->outcome, IrsWorkerMemoryLimit);
  assert_int_equal(res->step, 1);
  assert_true(res->inStep);
  assert_int_equal(res->chunksDone, 0); // what came after the step is not seen
  assert_true(res->peakRssKb * 1024 > limitBytes); // the peak it was judged by
  irsSupervisorDestroy(sup);
}

static void test_memory__spike_between_steps_is_in_none(void **state) {
  (void)state;
  IrsSupervisor sup = makeSupervisor();
  const IrsWorkerResult *res = run(sup, 2);
  assert_int_equal(res->outcome, IrsWorkerMemoryLimit);
  assert_int_equal(res->step, 1); // step 2 never began as far as it counts
  assert_false(res->inStep);
  irsSupervisorDestroy(sup);
}

static void test_memory__spike_before_the_exit_is_seen_at_reaping(void **state) {
  (void)state;
  IrsSupervisor sup = makeSupervisor();
  const IrsWorkerResult *res = run(sup, 3);
  assert_int_equal(res->outcome, IrsWorkerMemoryLimit);
  assert_int_equal(res->step, 2);
  assert_false(res->inStep);
  assert_int_equal(res->chunksDone, 1);
  irsSupervisorDestroy(sup);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_memory__under_the_limit_is_no_failure),
      cmocka_unit_test(test_memory__spike_in_a_step_is_that_step),
      cmocka_unit_test(test_memory__spike_between_steps_is_in_none),
      cmocka_unit_test(test_memory__spike_before_the_exit_is_seen_at_reaping),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
