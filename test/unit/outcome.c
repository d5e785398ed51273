// SPDX-License-Identifier: Apache-2.0
// Unit tests of the outcome vocabulary (lib/Support/Outcome.c): names round
// trip, exit codes are docs/irscope-opt.md's, the worst exit code wins in
// its documented order, and the narrower enums map onto it.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Outcome.h"
#include "irscope/PassManager.h"
#include "irscope/Supervisor.h"

#include <string.h>

static void test_outcome__names_round_trip(void **state) {
  (void)state;
  for (int i = 1; i < IrsOutcome_COUNT; ++i) {
    const char *n = irsOutcomeGetName((IrsOutcome)i);
    assert_true(n[0] != '\0');
    assert_int_equal(irsOutcomeFromName(n), i);
    assert_int_equal(irsOutcomeFromNameRef(mlirStringRefCreate(n, strlen(n))),
                     i);
    assert_true(irsOutcomeGetDescription((IrsOutcome)i)[0] != '\0');
  }
  assert_string_equal(irsOutcomeGetName(IrsOutcomeMemoryLimit),
                      "memory-limit");
  assert_string_equal(irsOutcomeGetName(IrsOutcomeNone), "");
  assert_string_equal(irsOutcomeGetName(IrsOutcome_COUNT), "unknown");
  assert_int_equal(irsOutcomeFromName("memory"), IrsOutcomeNone);
  assert_int_equal(irsOutcomeFromName(NULL), IrsOutcomeNone);
  assert_int_equal(irsOutcomeFromName(""), IrsOutcomeNone);
  // A prefix of a name is not the name.
  assert_int_equal(irsOutcomeFromNameRef(mlirStringRefCreate("crashed", 5)),
                   IrsOutcomeCrash);
  assert_int_equal(irsOutcomeFromNameRef(mlirStringRefCreate("cras", 4)),
                   IrsOutcomeNone);
}

static void test_outcome__exit_codes_are_the_documented_ones(void **state) {
  (void)state;
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeOk), 0);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomePassFailure), 1);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeUsageError), 2);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeVerifyFailure), 3);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeIoError), 4);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeCrash), 5);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeExit), 5);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeTimeout), 6);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeMemoryLimit), 7);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeNondeterminism), 8);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeWrongResult), 9);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeInterrupted), 130);
  assert_int_equal(irsOutcomeGetExitCode(IrsOutcomeNotRun), -1);
  assert_int_equal(irsOutcomeFromExitCode(5), IrsOutcomeCrash);
  assert_int_equal(irsOutcomeFromExitCode(2), IrsOutcomeUsageError);
  assert_int_equal(irsOutcomeFromExitCode(99), IrsOutcomeNone);
  assert_int_equal(irsOutcomeFromExitCode(-1), IrsOutcomeNone);
}

// The exit codes that are no outcome's: the values the workers' parents
// and docs/opt-reduce.md rely on, and none of them an outcome's.
static void test_outcome__protocol_exit_codes_are_no_outcomes(void **state) {
  (void)state;
  assert_int_equal(IRS_EXIT_INVALID_CANDIDATE, 99);
  assert_int_equal(IRS_EXIT_CANNOT_EXEC, 126);
  assert_int_equal(IRS_EXIT_EXEC_FAILED, 127);
  const int protocol[] = {IRS_EXIT_INVALID_CANDIDATE, IRS_EXIT_CANNOT_EXEC,
                          IRS_EXIT_EXEC_FAILED};
  for (size_t i = 0; i < sizeof(protocol) / sizeof(protocol[0]); ++i)
    assert_int_equal(irsOutcomeFromExitCode(protocol[i]), IrsOutcomeNone);
}

static void test_outcome__worst_exit_code_wins_in_documented_order(void **s) {
  (void)s;
  // docs/irscope-opt.md: 0, 2, 1, 3 (8 and 9 ranked with 3), 6, 7, 5, 4, 130.
  static const int order[] = {0, 2, 1, 3, 6, 7, 5, 4, 130};
  enum { n = sizeof(order) / sizeof(order[0]) };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      assert_int_equal(irsOutcomeWorseExitCode(order[i], order[j]),
                       order[i > j ? i : j]);
  assert_int_equal(irsOutcomeWorseExitCode(3, 8), 3); // a tie: the first
  assert_int_equal(irsOutcomeWorseExitCode(9, 3), 9);
  assert_int_equal(irsOutcomeWorseExitCode(1, 42), 42); // unknown: a crash
  assert_int_equal(irsOutcomeWorseExitCode(42, 5), 42);
  assert_int_equal(irsOutcomeWorseExitCode(42, 4), 4);
}

// Outcomes rank as their exit codes do.
static void test_outcome__worse(void **state) {
  (void)state;
  for (int a = IrsOutcomeOk; a < IrsOutcome_COUNT; ++a)
    for (int b = IrsOutcomeOk; b < IrsOutcome_COUNT; ++b) {
      int ca = irsOutcomeGetExitCode((IrsOutcome)a);
      int cb = irsOutcomeGetExitCode((IrsOutcome)b);
      if (ca < 0 || cb < 0)
        continue;
      IrsOutcome w = irsOutcomeWorse((IrsOutcome)a, (IrsOutcome)b);
      assert_int_equal(irsOutcomeGetExitCode(w),
                       irsOutcomeWorseExitCode(ca, cb));
    }
  assert_int_equal(irsOutcomeWorse(IrsOutcomeVerifyFailure,
                                   IrsOutcomeWrongResult),
                   IrsOutcomeVerifyFailure);
  assert_int_equal(irsOutcomeWorse(IrsOutcomeNone, IrsOutcomeOk),
                   IrsOutcomeOk);
  assert_int_equal(irsOutcomeWorse(IrsOutcomeTimeout, IrsOutcomeCrash),
                   IrsOutcomeCrash);
}

static void test_outcome__step_failures(void **state) {
  (void)state;
  assert_true(irsOutcomeIsStepFailure(IrsOutcomePassFailure));
  assert_true(irsOutcomeIsStepFailure(IrsOutcomeVerifyFailure));
  assert_true(irsOutcomeIsStepFailure(IrsOutcomeNondeterminism));
  assert_true(irsOutcomeIsStepFailure(IrsOutcomeWrongResult));
  assert_false(irsOutcomeIsStepFailure(IrsOutcomeOk));
  assert_false(irsOutcomeIsStepFailure(IrsOutcomeCrash));
  assert_false(irsOutcomeIsStepFailure(IrsOutcome_COUNT));
}

// The families the explorer's colours and --repeat's tally ask about.
static void test_outcome__deaths(void **state) {
  (void)state;
  IrsOutcome deaths[] = {IrsOutcomeCrash, IrsOutcomeTimeout,
                         IrsOutcomeMemoryLimit, IrsOutcomeInterrupted,
                         IrsOutcomeExit};
  for (size_t i = 0; i < sizeof(deaths) / sizeof(deaths[0]); ++i) {
    assert_true(irsOutcomeIsDeath(deaths[i]));
    assert_false(irsOutcomeIsStepFailure(deaths[i]));
  }
  for (int k = 0; k < IrsOutcome_COUNT; ++k)
    assert_false(irsOutcomeIsDeath((IrsOutcome)k) &&
                 irsOutcomeIsStepFailure((IrsOutcome)k));
  assert_false(irsOutcomeIsDeath(IrsOutcomeWrongResult));
  assert_false(irsOutcomeIsDeath(IrsOutcomeRunning));
  assert_false(irsOutcomeIsDeath(IrsOutcome_COUNT));
}

static void test_outcome__error_kinds_map_with_their_names(void **state) {
  (void)state;
  for (int k = IRS_OK; k <= IRS_ERR_NOMEM; ++k)
    assert_string_equal(irsOutcomeGetName(irsOutcomeFromErrorKind(k)),
                        irsErrorKindGetName(k));
  assert_int_equal(irsOutcomeFromErrorKind(IRS_ERR_PASS),
                   IrsOutcomePassFailure);
  assert_int_equal(irsOutcomeFromErrorKind((IrsErrorKind)99), IrsOutcomeNone);
  assert_string_equal(irsErrorKindGetName((IrsErrorKind)99), "unknown");
  assert_string_equal(irsErrorKindGetName(IRS_ERR_NOMEM), "out-of-memory");
}

static void test_outcome__worker_outcomes_map(void **state) {
  (void)state;
  assert_int_equal(irsWorkerOutcomeGetOutcome(IrsWorkerExited), IrsOutcomeExit);
  assert_int_equal(irsWorkerOutcomeGetOutcome(IrsWorkerTimedOut),
                   IrsOutcomeTimeout);
  assert_int_equal(irsWorkerOutcomeGetDeathKind(IrsWorkerExited),
                   IrsOutcomeCrash);
  assert_int_equal(irsWorkerOutcomeGetDeathKind(IrsWorkerMemoryLimit),
                   IrsOutcomeMemoryLimit);
  assert_string_equal(irsWorkerOutcomeGetName(IrsWorkerExited), "exited");
  assert_string_equal(irsWorkerOutcomeGetName(IrsWorkerCrashed), "crash");
  assert_string_equal(irsWorkerOutcomeGetName(IrsWorkerInterrupted),
                      "interrupted");
}

static void test_outcome__step_statuses_map_with_their_names(void **state) {
  (void)state;
  assert_int_equal(irsStepStatusGetOutcome(IrsStepNotRun), IrsOutcomeNotRun);
  assert_int_equal(irsStepStatusGetOutcome(IrsStepOk), IrsOutcomeOk);
  assert_int_equal(irsStepStatusGetOutcome(IrsStepPassFailed),
                   IrsOutcomePassFailure);
  assert_int_equal(irsStepStatusGetOutcome(IrsStepVerifyFailed),
                   IrsOutcomeVerifyFailure);
  assert_int_equal(irsStepStatusGetOutcome((IrsStepStatus)99),
                   IrsOutcomeNone);
  assert_string_equal(irsStepStatusGetName(IrsStepVerifyFailed),
                      "verify-failure");
  assert_string_equal(irsStepStatusGetName((IrsStepStatus)99), "unknown");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_outcome__names_round_trip),
      cmocka_unit_test(test_outcome__exit_codes_are_the_documented_ones),
      cmocka_unit_test(test_outcome__protocol_exit_codes_are_no_outcomes),
      cmocka_unit_test(test_outcome__worst_exit_code_wins_in_documented_order),
      cmocka_unit_test(test_outcome__worse),
      cmocka_unit_test(test_outcome__step_failures),
      cmocka_unit_test(test_outcome__deaths),
      cmocka_unit_test(test_outcome__error_kinds_map_with_their_names),
      cmocka_unit_test(test_outcome__worker_outcomes_map),
      cmocka_unit_test(test_outcome__step_statuses_map_with_their_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
