// SPDX-License-Identifier: Apache-2.0
// Unit tests of --check-determinism through a tool (lib/Tool/
// ToolDeterminism.c): whatever the step's two runs did, the runner's
// scratch directory holds none of their outputs afterwards. The tool is a
// script around upstream mlir-opt whose step runs can be told to fail
// after writing their output.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-tooldeterminism"
#include "TempDir.h"

#include "IrsConfig.h"
#include "Tool/ToolImpl.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

// The tool: a step run whose pipeline names the pass in DIR/fail-on writes
// half a module to its output and fails while DIR/fail-left holds a byte
// per run still to fail (it takes one off); anything else is mlir-opt.
static char *writeTool(const char *dir) {
  char *path = malloc(4096);
  snprintf(path, 4096, "%s/tool.sh", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(f,
          "#!/bin/sh\n"
          "d=%s\n"
          "out=; prev=\n"
          "for a in \"$@\"; do [ \"$prev\" = -o ] && out=$a; prev=$a; done\n"
          "on=$(cat $d/fail-on)\n"
          "case \"$*\" in *--pass-pipeline=*\"$on\"*)\n"
          "  if [ -s $d/fail-left ]; then\n"
          "    tail -c +2 $d/fail-left > $d/fail-next\n"
          "    mv $d/fail-next $d/fail-left\n"
          "    printf 'module {' > \"$out\"; exit 1\n"
          "  fi ;;\n"
          "esac\n"
          "exec %s/mlir-opt \"$@\"\n",
          dir, IRS_LLVM_BIN_DIR);
  fclose(f);
  chmod(path, 0755);
  return path;
}

static char *writeFile(const char *dir, const char *name, const char *text) {
  char *path = malloc(4096);
  snprintf(path, 4096, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  return path;
}

// Entries of `dir` other than "." and "..".
static int countEntries(const char *dir) {
  DIR *d = opendir(dir);
  assert_non_null(d);
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL)
    n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
  closedir(d);
  return n;
}

// Checks the determinism of builtin.module(cse,canonicalize) when the
// first `failing` runs of the step of pass `on` fail (after writing their
// output); returns the differing step, and the entries left in the
// runner's scratch directory in *left.
static intptr_t check(const char *dir, const char *on, const char *failing,
                      int *left) {
  char *tool = writeTool(dir);
  char *in = writeFile(dir, "in.mlir", "func.func @f() { return }\n");
  free(writeFile(dir, "fail-on", on));
  free(writeFile(dir, "fail-left", failing));
  char out[4096];
  snprintf(out, sizeof(out), "%s/out.mlir", dir);
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(cse,canonicalize)"),
      NULL, NULL);
  IrsToolOptions o = irsToolOptionsDefault();
  o.path = tool;
  o.writeFailureReport = false;
  IrsToolRunner r = irsToolRunnerCreate(p, &o, NULL, NULL);
  assert_false(irsToolRunnerIsNull(r));
  intptr_t differing = -1;
  irsToolRunnerCheckDeterminism(r, in, out, false, &differing);
  *left = countEntries(((IrsToolRunnerImpl *)r.ptr)->workDir);
  irsToolRunnerDestroy(r);
  irsPipelineDestroy(p);
  assert_int_equal(access(in, F_OK), 0); // the input is the caller's
  free(in);
  free(tool);
  return differing;
}

// The first run of step 1 fails and the second succeeds: a difference;
// the failed run's output does not stay behind.
static void test_tooldeterminism__first_run_failed(void **state) {
  int left = -1;
  assert_int_equal(check(*state, "cse", "x", &left), 1);
  assert_int_equal(left, 0);
}

// Both runs of step 1 fail: no difference, an error, and nothing left.
static void test_tooldeterminism__both_runs_failed(void **state) {
  int left = -1;
  assert_int_equal(check(*state, "cse", "xx", &left), 0);
  assert_int_equal(left, 0);
}

// Step 1 succeeds twice, step 2 fails twice: step 1's output, which step
// 2 read, goes too.
static void test_tooldeterminism__later_step_failed(void **state) {
  int left = -1;
  assert_int_equal(check(*state, "canonicalize", "xx", &left), 0);
  assert_int_equal(left, 0);
}

// Every run succeeds: the output is written, no scratch stays.
static void test_tooldeterminism__all_succeed(void **state) {
  int left = -1;
  assert_int_equal(check(*state, "cse", "", &left), 0);
  assert_int_equal(left, 0);
  char out[4096];
  snprintf(out, sizeof(out), "%s/out.mlir", (char *)*state);
  assert_int_equal(access(out, F_OK), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_tooldeterminism__first_run_failed,
                                      setUp, tearDown),
      cmocka_unit_test_setup_teardown(test_tooldeterminism__both_runs_failed,
                                      setUp, tearDown),
      cmocka_unit_test_setup_teardown(test_tooldeterminism__later_step_failed,
                                      setUp, tearDown),
      cmocka_unit_test_setup_teardown(test_tooldeterminism__all_succeed,
                                      setUp, tearDown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
