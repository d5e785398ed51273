// SPDX-License-Identifier: Apache-2.0
// The clocks every timing in irscope reads (include/irscope/Support.h):
// one place, so that a step's time, a supervisor's deadline and a
// reduction's --max-time are all taken the same way.
#define _GNU_SOURCE
#include "irscope/Support.h"

#include <time.h>

static double readMs(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

double irsClockMonotonicMs(void) { return readMs(CLOCK_MONOTONIC); }

double irsClockProcessCpuMs(void) { return readMs(CLOCK_PROCESS_CPUTIME_ID); }

double irsClockThreadCpuMs(void) { return readMs(CLOCK_THREAD_CPUTIME_ID); }
