// SPDX-License-Identifier: Apache-2.0
// Unit tests of irsSupervisorRunSpawned: a process the caller starts
// itself (opt-reduce's tool forks from the fork server) is watched as a
// worker that announced a step and handed over: its exit code, its death
// by a signal, the step timeout, and its stderr in the result's tail.
#define _GNU_SOURCE // memmem
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Supervisor.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

// Forks a child of this process running `sh -c SCRIPT`, its stderr the
// supervisor's pipe.
static int64_t spawnShell(int stderrFd, void *ud) {
  const char *script = ud;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(stderrFd, 2);
    execl("/bin/sh", "sh", "-c", script, (char *)NULL);
    _exit(127);
  }
  return pid;
}

static int64_t spawnNone(int stderrFd, void *ud) {
  (void)stderrFd, (void)ud;
  return -1;
}

static void test_spawned__exit_code_and_stderr(void **state) {
  (void)state;
  IrsSupervisor sup = irsSupervisorCreate(NULL);
  const IrsWorkerResult *r = NULL;
  assert_true(irsStatusIsOk(irsSupervisorRunSpawned(
      sup, spawnShell, "echo from-the-tool >&2; exit 3", 1, &r)));
  assert_int_equal(r->outcome, IrsWorkerExited);
  assert_int_equal(r->exitCode, 3);
  // In the step it was started in, as a handed-over tool is.
  assert_true(r->inStep);
  assert_int_equal(r->step, 1);
  assert_int_equal(r->chunk, 0);
  assert_non_null(memmem(r->stderrTail.data, r->stderrTail.length,
                         "from-the-tool\n", 14));
  irsSupervisorDestroy(sup);
}

static void test_spawned__crash_and_timeout(void **state) {
  (void)state;
  IrsSupervisor sup = irsSupervisorCreate(NULL);
  const IrsWorkerResult *r = NULL;
  assert_true(irsStatusIsOk(
      irsSupervisorRunSpawned(sup, spawnShell, "kill -SEGV $$", 1, &r)));
  assert_int_equal(r->outcome, IrsWorkerCrashed);
  assert_int_equal(r->signal, SIGSEGV);
  irsSupervisorSetStepTimeout(sup, 0.2);
  assert_true(irsStatusIsOk(
      irsSupervisorRunSpawned(sup, spawnShell, "exec sleep 30", 1, &r)));
  assert_int_equal(r->outcome, IrsWorkerTimedOut);
  assert_true(r->elapsedMs < 10000);
  irsSupervisorDestroy(sup);
}

static void test_spawned__cannot_start(void **state) {
  (void)state;
  IrsSupervisor sup = irsSupervisorCreate(NULL);
  const IrsWorkerResult *r = NULL;
  IrsStatus st = irsSupervisorRunSpawned(sup, spawnNone, NULL, 1, &r);
  assert_int_equal(st.kind, IRS_ERR_IO);
  // The supervisor is still usable.
  assert_true(irsStatusIsOk(
      irsSupervisorRunSpawned(sup, spawnShell, "exit 0", 1, &r)));
  assert_int_equal(r->outcome, IrsWorkerExited);
  assert_int_equal(r->exitCode, 0);
  irsSupervisorDestroy(sup);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_spawned__exit_code_and_stderr),
      cmocka_unit_test(test_spawned__crash_and_timeout),
      cmocka_unit_test(test_spawned__cannot_start),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
