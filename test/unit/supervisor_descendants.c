// SPDX-License-Identifier: Apache-2.0
// Unit tests of IrsSupervisorOptions.awaitDescendantsMs: a worker that dies
// while a process it forked (as a pass manager's background printer is)
// still runs. The result comes back only once that process has finished,
// and one that would outlive the wait is killed.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-descendants"
#include "TempDir.h"

#include "irscope/Supervisor.h"

#include <errno.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

static void sleepMs(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
    ;
}

// ud: the file the grandchild writes after 200 ms and then ends, or NULL
// for a grandchild that never ends. The worker then dies without waiting
// for it.
static int forkingMain(IrsWorkerChannel ch, void *ud) {
  const char *flag = ud;
  pid_t g = fork();
  if (g == 0) {
    if (!flag)
      for (;;)
        pause();
    sleepMs(200);
    FILE *f = fopen(flag, "w");
    if (f)
      fclose(f);
    _exit(0);
  }
  irsWorkerChannelSendValue(ch, "grandchild", g);
  irsWorkerChannelStepBegin(ch, 0, 1);
  kill(getpid(), SIGKILL);
  return 0;
}

// Whether `pid` has ended (gone, or a zombie waiting for init).
static bool ended(pid_t pid) {
  char path[64], buf[512];
  snprintf(path, sizeof(path), "/proc/%ld/stat", (long)pid);
  FILE *f = fopen(path, "r");
  if (!f)
    return true;
  size_t n = fread(buf, 1, sizeof(buf) - 1, f);
  fclose(f);
  buf[n] = '\0';
  char *rp = strrchr(buf, ')');
  return !rp || rp[1] == '\0' || rp[2] == 'Z' || rp[2] == 'X';
}

static void test_descendants__awaited_before_the_result(void **state) {
  char flag[4200];
  snprintf(flag, sizeof(flag), "%s/printed", (const char *)*state);
  IrsSupervisorOptions o = {.awaitDescendantsMs = 30000};
  IrsSupervisor sup = irsSupervisorCreate(&o);
  const IrsWorkerResult *res = NULL;
  assert_true(irsStatusIsOk(irsSupervisorRun(sup, forkingMain, flag, &res)));
  assert_int_equal(res->outcome, IrsWorkerCrashed);
  assert_int_equal(res->step, 1);
  // What the grandchild did before it ended is there when the result is.
  assert_int_equal(access(flag, F_OK), 0);
  irsSupervisorDestroy(sup);
}

static void test_descendants__killed_after_the_wait(void **state) {
  (void)state;
  IrsSupervisorOptions o = {.awaitDescendantsMs = 100};
  IrsSupervisor sup = irsSupervisorCreate(&o);
  const IrsWorkerResult *res = NULL;
  assert_true(irsStatusIsOk(irsSupervisorRun(sup, forkingMain, NULL, &res)));
  assert_int_equal(res->outcome, IrsWorkerCrashed);
  int64_t g = 0;
  assert_true(irsWorkerResultGetValue(res, "grandchild", &g));
  assert_true(g > 0);
  // It was sent SIGKILL and its pipes are closed; it may take a moment to
  // be a zombie (bounded: this is no timing assertion).
  for (int i = 0; i < 1000 && !ended((pid_t)g); ++i)
    sleepMs(10);
  assert_true(ended((pid_t)g));
  irsSupervisorDestroy(sup);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(
          test_descendants__awaited_before_the_result, setUp, tearDown),
      cmocka_unit_test_setup_teardown(test_descendants__killed_after_the_wait,
                                      setUp, tearDown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
