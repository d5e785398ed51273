// SPDX-License-Identifier: Apache-2.0
// The clocks of lib/Support/Clock.c: the monotonic one never goes back and
// shares its origin with clock_gettime(CLOCK_MONOTONIC) (workers and their
// supervisor compare its readings); the CPU clock counts this process.
// No durations are asserted: only order and origin.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Support.h"

#include <time.h>

static double clockMs(clockid_t c) {
  struct timespec ts;
  clock_gettime(c, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void test_clock__monotonic_never_goes_back(void **state) {
  (void)state;
  double before = clockMs(CLOCK_MONOTONIC);
  double prev = irsClockMonotonicMs();
  assert_true(prev >= before);
  for (int i = 0; i < 1000; ++i) {
    double now = irsClockMonotonicMs();
    assert_true(now >= prev);
    prev = now;
  }
  assert_true(clockMs(CLOCK_MONOTONIC) >= prev);
}

static void test_clock__process_cpu_counts_this_process(void **state) {
  (void)state;
  double before = clockMs(CLOCK_PROCESS_CPUTIME_ID);
  double cpu = irsClockProcessCpuMs();
  assert_true(cpu >= before);
  assert_true(clockMs(CLOCK_PROCESS_CPUTIME_ID) >= cpu);
}

static void test_clock__thread_cpu_counts_this_thread(void **state) {
  (void)state;
  double before = clockMs(CLOCK_THREAD_CPUTIME_ID);
  double cpu = irsClockThreadCpuMs();
  assert_true(cpu >= before);
  assert_true(clockMs(CLOCK_THREAD_CPUTIME_ID) >= cpu);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_clock__monotonic_never_goes_back),
      cmocka_unit_test(test_clock__process_cpu_counts_this_process),
      cmocka_unit_test(test_clock__thread_cpu_counts_this_thread),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
