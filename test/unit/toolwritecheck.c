// SPDX-License-Identifier: Apache-2.0
// Unit tests of telling a tool that could not write its output from a
// step that failed (lib/Tool/ToolWriteCheck.c, irsToolRetryWrite). The
// tool is a script around upstream mlir-opt that misbehaves as DIR/mode
// says and counts its runs in DIR/runs; its output, a module of 5000
// functions, is more than a pipe holds.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-toolwritecheck"
#include "TempDir.h"

#include "IrsConfig.h"
#include "Tool/ToolImpl.h"

#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

static void writeText(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

// Whether the two files hold the same bytes (cmp: they are larger than
// slurpPath reads).
static bool sameFiles(const char *a, const char *b) {
  char cmd[16384];
  snprintf(cmd, sizeof(cmd), "cmp -s %s %s", a, b);
  return system(cmd) == 0;
}

// Modes: file-fails (a run with its output in a file fails, one into
// stdout works), always-fails, segv (dies), lingers (as file-fails, and
// a run into stdout leaves a process behind that holds its stdout).
static char *writeTool(const char *dir) {
  char text[4096];
  snprintf(text, sizeof(text),
          "#!/bin/sh\n"
          "d=%s\n"
          "echo x >> $d/runs\n"
          "out=; prev=\n"
          "for a in \"$@\"; do [ \"$prev\" = -o ] && out=$a; prev=$a; done\n"
          "case \"$(cat $d/mode)\" in\n"
          "file-fails) [ \"$out\" = - ] || { echo 'error: cannot write' >&2; "
          "exit 1; } ;;\n"
          "always-fails) echo 'error: the pass failed' >&2; exit 1 ;;\n"
          "segv) kill -SEGV $$ ;;\n"
          "lingers) [ \"$out\" = - ] || exit 1\n"
          "  sleep 600 2>/dev/null </dev/null &\n"
          "  echo $! > $d/lingerer ;;\n"
          "esac\n"
          "exec %s/mlir-opt \"$@\"\n",
          dir, IRS_LLVM_BIN_DIR);
  char *path = pathIn(dir, "tool.sh");
  writeText(path, text);
  assert_int_equal(chmod(path, 0755), 0);
  return path;
}

typedef struct Outcome {
  IrsToolWrite verdict;
  int err;
  int runs;         // of the tool, both runs
  bool rerunOk;     // the rerun handed back succeeded
  bool sameAsTool;  // `output` holds what mlir-opt prints
  bool outputThere; // `output` exists
} Outcome;

// One failed run of builtin.module(cse) in mode `mode` into `output`
// (a name in `dir`), then the question.
static Outcome ask(const char *dir, const char *mode, const char *output) {
  char *tool = writeTool(dir);
  char *in = pathIn(dir, "in.mlir");
  char *out = pathIn(dir, output);
  char *want = pathIn(dir, "want.mlir");
  char *runs = pathIn(dir, "runs");
  char *modeFile = pathIn(dir, "mode");
  writeText(modeFile, mode);
  FILE *f = fopen(in, "w");
  assert_non_null(f);
  for (int k = 0; k < 5000; ++k)
    fprintf(f, "func.func @f%d() {\n  return\n}\n", k);
  fclose(f);
  char cmd[16384];
  snprintf(cmd, sizeof(cmd),
           "%s/mlir-opt '--pass-pipeline=builtin.module(cse)' %s -o %s",
           IRS_LLVM_BIN_DIR, in, want);
  assert_int_equal(system(cmd), 0);

  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(cse)"), NULL, NULL);
  IrsToolOptions o = irsToolOptionsDefault();
  o.path = tool;
  o.writeFailureReport = false;
  IrsToolRunner r = irsToolRunnerCreate(p, &o, NULL, NULL);
  assert_false(irsToolRunnerIsNull(r));
  IrsToolRunnerImpl *t = r.ptr;
  IrsToolExec e = {.pipeline = "builtin.module(cse)", .input = in,
                   .output = out, .verifyEach = true, .step = 1};
  IrsToolExecResult first, again;
  assert_int_equal(irsToolExecRun(t, &e, &first), IRS_OK);
  assert_false(irsToolExecOk(&first));
  Outcome oc = {0};
  oc.verdict = irsToolRetryWrite(t, &e, &first, &again, &oc.err);
  oc.rerunOk = irsToolExecOk(&again);
  irsToolExecResultFree(&first);
  irsToolExecResultFree(&again);
  irsToolRunnerDestroy(r);
  irsPipelineDestroy(p);

  char *count = slurpPath(runs);
  oc.runs = count ? (int)strlen(count) / 2 : 0; // "x\n" per run
  oc.outputThere = access(out, F_OK) == 0;
  oc.sameAsTool = oc.outputThere && sameFiles(want, out);
  struct stat st;
  assert_int_equal(stat(want, &st), 0);
  assert_true(st.st_size > 65536); // more than a pipe holds
  char *owned[] = {count, tool, in, out, want, runs, modeFile};
  for (size_t k = 0; k < sizeof(owned) / sizeof(owned[0]); ++k)
    free(owned[k]);
  return oc;
}

// The run fails only with its output in a file: the write was the cause,
// and irscope wrote the tool's bytes itself.
static void test_toolwritecheck__write_was_the_cause(void **state) {
  Outcome oc = ask(*state, "file-fails", "out.mlir");
  assert_int_equal(oc.verdict, IrsToolWriteDone);
  assert_int_equal(oc.err, 0);
  assert_int_equal(oc.runs, 2);
  assert_true(oc.rerunOk);
  assert_true(oc.sameAsTool);
}

// Where irscope cannot write either (no such directory), its own errno.
static void test_toolwritecheck__irscope_cannot_write_either(void **state) {
  Outcome oc = ask(*state, "file-fails", "missing/out.mlir");
  assert_int_equal(oc.verdict, IrsToolWriteFailed);
  assert_int_equal(oc.err, ENOENT);
  assert_true(oc.rerunOk);
  assert_false(oc.outputThere);
}

// A step that fails into the pipe too failed on its own.
static void test_toolwritecheck__step_fails_on_its_own(void **state) {
  Outcome oc = ask(*state, "always-fails", "out.mlir");
  assert_int_equal(oc.verdict, IrsToolWriteNotTheCause);
  assert_int_equal(oc.runs, 2);
  assert_false(oc.outputThere);
}

// A death by a signal other than SIGXFSZ is the step's: no second run.
static void test_toolwritecheck__death_is_the_steps(void **state) {
  Outcome oc = ask(*state, "segv", "out.mlir");
  assert_int_equal(oc.verdict, IrsToolWriteNotTheCause);
  assert_int_equal(oc.runs, 1);
  assert_false(oc.outputThere);
}

// A process the tool leaves behind holding the pipe does not hold the
// question up (it would, for its 600 s, if the end of the pipe were
// awaited), and the output is whole.
static void test_toolwritecheck__left_behind_process(void **state) {
  Outcome oc = ask(*state, "lingers", "out.mlir");
  char *pidFile = pathIn(*state, "lingerer");
  char *pid = slurpPath(pidFile);
  if (pid && atoi(pid) > 0)
    kill((pid_t)atoi(pid), SIGKILL);
  free(pid);
  free(pidFile);
  assert_int_equal(oc.verdict, IrsToolWriteDone);
  assert_true(oc.sameAsTool);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_toolwritecheck__write_was_the_cause,
                                      setUp, tearDown),
      cmocka_unit_test_setup_teardown(
          test_toolwritecheck__irscope_cannot_write_either, setUp, tearDown),
      cmocka_unit_test_setup_teardown(
          test_toolwritecheck__step_fails_on_its_own, setUp, tearDown),
      cmocka_unit_test_setup_teardown(test_toolwritecheck__death_is_the_steps,
                                      setUp, tearDown),
      cmocka_unit_test_setup_teardown(
          test_toolwritecheck__left_behind_process, setUp, tearDown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
