// SPDX-License-Identifier: Apache-2.0
// Unit tests of irsReducerCreate's checks (lib/Reduce/Reducer.c): each
// inconsistent option is refused with its one message and a null handle,
// the module (which the reducer takes) freed with whatever was set up
// before the check failed (LeakSanitizer in the sanitizer build).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/Reduce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Messages {
  char text[256];
  int count;
} Messages;

static void onError(MlirStringRef m, void *ud) {
  Messages *ms = ud;
  snprintf(ms->text, sizeof(ms->text), "%.*s", (int)m.length, m.data);
  ++ms->count;
}

// Creates a reducer over an empty module with `o`; returns how many
// messages came and the last one in *ms.
static bool create(const IrsReduceOptions *o, Messages *ms) {
  MlirContext ctx = mlirContextCreateWithThreading(false);
  MlirModule m = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
  memset(ms, 0, sizeof(*ms));
  IrsReducer r = irsReducerCreate(ctx, m, o, onError, ms);
  bool ok = r.ptr != NULL;
  irsReducerDestroy(r);
  mlirContextDestroy(ctx);
  return ok;
}

static const char *const kTest[] = {"/bin/true"};

static IrsReduceOptions scriptOptions(void) {
  IrsReduceOptions o;
  memset(&o, 0, sizeof(o));
  o.testArgv = kTest;
  o.testArgc = 1;
  return o;
}

static void test_create__accepts_a_script(void **state) {
  (void)state;
  IrsReduceOptions o = scriptOptions();
  Messages ms;
  assert_true(create(&o, &ms));
  assert_int_equal(ms.count, 0);
}

static void test_create__refuses_negative_counts(void **state) {
  (void)state;
  IrsReduceOptions o = scriptOptions();
  o.jobs = -1;
  Messages ms;
  assert_false(create(&o, &ms));
  assert_int_equal(ms.count, 1);
  assert_string_equal(ms.text, "jobs and test runs must not be negative, the "
                               "minimum rate must be in [0, 1]");
  o = scriptOptions();
  o.minRate = 1.5;
  assert_false(create(&o, &ms));
  assert_int_equal(ms.count, 1);
}

static void test_create__needs_a_mode(void **state) {
  (void)state;
  IrsReduceOptions o;
  memset(&o, 0, sizeof(o));
  Messages ms;
  assert_false(create(&o, &ms));
  assert_string_equal(ms.text, "either a pipeline or a test script is needed");
}

static void test_create__refuses_a_missing_script(void **state) {
  (void)state;
  static const char *const missing[] = {"/no/such/dir/test.sh"};
  IrsReduceOptions o = scriptOptions();
  o.testArgv = missing;
  Messages ms;
  assert_false(create(&o, &ms));
  assert_string_equal(ms.text, "cannot find test script '/no/such/dir/test.sh'");
}

static void test_create__refuses_an_unknown_strategy(void **state) {
  (void)state;
  // After the script's path was resolved: that is freed too.
  IrsReduceOptions o = scriptOptions();
  o.strategies = "erase-ops,no-such-strategy";
  Messages ms;
  assert_false(create(&o, &ms));
  assert_string_equal(ms.text,
                      "unknown strategy 'no-such-strategy' (see --list-strategies)");
  o.strategies = "erase-ops";
  assert_true(create(&o, &ms));
}

static void test_create__refuses_an_unusable_tmpdir(void **state) {
  (void)state;
  IrsReduceOptions o = scriptOptions();
  const char *was = getenv("TMPDIR");
  char *saved = was ? strdup(was) : NULL;
  setenv("TMPDIR", "/no/such/dir", 1);
  Messages ms;
  bool ok = create(&o, &ms);
  if (saved)
    setenv("TMPDIR", saved, 1);
  else
    unsetenv("TMPDIR");
  free(saved);
  assert_false(ok);
  assert_string_equal(ms.text, "cannot create a temporary directory");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_create__accepts_a_script),
      cmocka_unit_test(test_create__refuses_negative_counts),
      cmocka_unit_test(test_create__needs_a_mode),
      cmocka_unit_test(test_create__refuses_a_missing_script),
      cmocka_unit_test(test_create__refuses_an_unknown_strategy),
      cmocka_unit_test(test_create__refuses_an_unusable_tmpdir),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
