// SPDX-License-Identifier: Apache-2.0
// Unit tests of the manifest of a converted run (lib/Report/
// ForeignManifest.c): the steps as given, the first failure as the run's,
// and the shorter step form of converted runs.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "irscope/ForeignRun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *writeAndRead(const IrsForeignStep *steps, intptr_t n) {
  char dir[] = "/tmp/irs-unit-foreign-XXXXXX";
  assert_non_null(mkdtemp(dir));
  IrsForeignRun run = {
      {"irscope-report", "irscope-report --from-log=x.log d", "x.log", NULL, NULL,
       0, 0},
      NULL, 0, steps, n};
  assert_int_equal(irsForeignManifestWrite(dir, &run), 0);
  char path[128];
  snprintf(path, sizeof(path), "%s/manifest.xml", dir);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  static char buf[8192];
  size_t len = fread(buf, 1, sizeof(buf) - 1, f);
  buf[len] = '\0';
  fclose(f);
  remove(path);
  rmdir(dir);
  return buf;
}

static void test_foreignmanifest__steps_and_targets(void **state) {
  (void)state;
  IrsForeignStep s[2] = {{"cse", "func.func", "@a", IrsOutcomeOk,
                          "0001-func.func-cse.mlir", true, 5, 4},
                         {"symbol-dce", "builtin.module", NULL, IrsOutcomeOk,
                          "0002-builtin.module-symbol-dce.mlir", false, -1,
                          -1}};
  char *m = writeAndRead(s, 2);
  assert_non_null(strstr(m, "status=\"ok\" converted=\"true\""));
  assert_non_null(strstr(m, "<pipeline>cse,symbol-dce</pipeline>"));
  assert_non_null(strstr(
      m, "<step index=\"1\" pass=\"cse\" anchor=\"func.func\" status=\"ok\" "
         "target=\"@a\" changed=\"true\">"));
  assert_non_null(strstr(m, "<pipeline>builtin.module(func.func(cse))"));
  assert_non_null(strstr(m, "<ops before=\"5\" after=\"4\"/>"));
  assert_non_null(strstr(m, "<pipeline>builtin.module(symbol-dce)"));
  assert_null(strstr(m, "<time"));
  assert_null(strstr(m, "failed="));
}

static void test_foreignmanifest__first_failure_is_the_run_s(void **state) {
  (void)state;
  IrsForeignStep s[3] = {
      {"a", "func.func", NULL, IrsOutcomeOk, "0001.mlir", true, -1, -1},
      {"b", "func.func", NULL, IrsOutcomePassFailure, "0002.mlir", false, -1,
       -1},
      {"c", "builtin.module", NULL, IrsOutcomeCrash, NULL, false, -1, -1}};
  char *m = writeAndRead(s, 3);
  assert_non_null(strstr(m, "status=\"pass-failure\" converted=\"true\""));
  assert_non_null(strstr(m, "<steps count=\"3\" failed=\"2\">"));
  // The crashed step has no dump and no results.
  assert_non_null(strstr(
      m, "status=\"crash\">\n      <pipeline>builtin.module(c)</pipeline>\n"
         "    </step>"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_foreignmanifest__steps_and_targets),
      cmocka_unit_test(test_foreignmanifest__first_failure_is_the_run_s),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
