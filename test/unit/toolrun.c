// SPDX-License-Identifier: Apache-2.0
// Unit tests of a stepwise run through a tool (lib/Tool/ToolRun.c) where
// what goes wrong is not the tool's pass: a dump whose temporary cannot be
// renamed into place, and an interrupt while the tool prints IR outside a
// step's pass (the input's dump, a step's dump printed from bytecode). The
// tool is a script around upstream mlir-opt whose print into the dump
// named by DIR/at misbehaves as DIR/mode says.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-toolrun"
#include "TempDir.h"

#include "IrsConfig.h"
#include "Tool/ToolImpl.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

static void writeText(const char *dir, const char *name, const char *text) {
  char *path = pathIn(dir, name);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  free(path);
}

// Modes, for the tool's print (no pipeline) into the temporary of the dump
// named in DIR/at: mkdir (the dump becomes a directory while the tool
// writes), ctrl-c (the tool dies of SIGINT, as ^C kills the whole
// foreground group), usr1 (SIGUSR1 to its parent, the test, which
// interrupts the helper supervisor; then a wait to be stopped, 20 s at
// most in short sleeps, so that none outlives it for long, after which it
// fails).
static char *writeTool(const char *dir) {
  char text[4096];
  snprintf(text, sizeof(text),
           "#!/bin/sh\n"
           "d=%s\n"
           "eval out=\\${$#}\n" // "-o OUTPUT" comes last
           "case \"$*\" in *--pass-pipeline=*) exec %s/mlir-opt \"$@\" ;; esac\n"
           "case \"$out\" in */\"$(cat $d/at)\".tmp-*)\n"
           "  case \"$(cat $d/mode)\" in\n"
           "  mkdir) mkdir \"${out%%.tmp-*}\" ;;\n"
           "  ctrl-c) kill -INT $$ ;;\n"
           "  usr1) kill -USR1 $PPID; i=0\n"
           "    while [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done\n"
           "    exit 1 ;;\n"
           "  esac ;;\n"
           "esac\n"
           "exec %s/mlir-opt \"$@\"\n",
           dir, IRS_LLVM_BIN_DIR, IRS_LLVM_BIN_DIR);
  char *path = pathIn(dir, "tool.sh");
  writeText(dir, "tool.sh", text);
  assert_int_equal(chmod(path, 0755), 0);
  return path;
}

// What one run left.
typedef struct Ran {
  IrsErrorKind kind;
  char message[512];
  intptr_t failedStep;
  IrsWorkerOutcome death; // IrsWorkerExited when none
  bool hasDeath, toolError, wroteOutput;
  IrsStepStatus step1;
  char *manifest; // DIR/d/manifest.xml's text
} Ran;

// The test's SIGUSR1 handler interrupts this supervisor, as irscope-opt's
// SIGINT handler does.
static IrsSupervisor usr1Target;
static void onUsr1(int sig) {
  (void)sig;
  if (usr1Target.ptr)
    irsSupervisorInterrupt(usr1Target);
}

// Runs builtin.module(cse,symbol-dce) stepwise with dumps into DIR/d, the
// tool misbehaving as `mode` says in its print into dump `at`.
static Ran run(const char *dir, const char *mode, const char *at) {
  writeText(dir, "mode", mode);
  writeText(dir, "at", at);
  writeText(dir, "in.mlir",
            "func.func @f(%a: i32) -> i32 {\n"
            "  %b = arith.addi %a, %a : i32\n"
            "  %c = arith.addi %a, %a : i32\n"
            "  %d = arith.muli %b, %c : i32\n"
            "  return %d : i32\n"
            "}\n"
            "func.func private @dead()\n");
  char *tool = writeTool(dir);
  char *in = pathIn(dir, "in.mlir");
  char *out = pathIn(dir, "out.mlir");
  char *dumps = pathIn(dir, "d");
  char *manifest = pathIn(dir, "d/manifest.xml");
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(cse,symbol-dce)"), NULL,
      NULL);
  IrsToolOptions o = irsToolOptionsDefault();
  o.path = tool;
  o.dumpDir = dumps;
  o.writeFailureReport = false;
  IrsToolRunner r = irsToolRunnerCreate(p, &o, NULL, NULL);
  assert_false(irsToolRunnerIsNull(r));

  struct sigaction sa, old;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = onUsr1;
  sigemptyset(&sa.sa_mask);
  usr1Target = irsToolRunnerGetHelperSupervisor(r);
  sigaction(SIGUSR1, &sa, &old);
  IrsStatus st = irsToolRunnerRun(r, in, out);
  sigaction(SIGUSR1, &old, NULL);
  usr1Target = (IrsSupervisor){NULL};

  Ran ran = {.kind = st.kind};
  MlirStringRef m = irsToolRunnerGetErrorMessage(r);
  snprintf(ran.message, sizeof(ran.message), "%.*s", (int)m.length, m.data);
  ran.failedStep = irsToolRunnerGetFailedStep(r);
  const IrsWorkerResult *d = irsToolRunnerGetDeath(r);
  ran.hasDeath = d != NULL;
  ran.death = d ? d->outcome : IrsWorkerExited;
  ran.toolError = irsToolRunnerGetToolError(r);
  ran.wroteOutput = irsToolRunnerWroteOutput(r);
  ran.step1 = irsToolRunnerGetStepResult(r, 0)->status;
  irsToolRunnerDestroy(r);
  irsPipelineDestroy(p);
  ran.manifest = slurpPath(manifest);
  assert_non_null(ran.manifest);
  char *owned[] = {tool, in, out, dumps, manifest};
  for (size_t k = 0; k < sizeof(owned) / sizeof(owned[0]); ++k)
    free(owned[k]);
  return ran;
}

// A dump that cannot be renamed into place is the run's I/O error, named
// as every dump irscope cannot write; the plain rest writes the output.
static void test_toolrun__dump_rename_fails(void **state) {
  Ran ran = run(*state, "mkdir", "0001-builtin.module-cse.mlir");
  char want[4200];
  snprintf(want, sizeof(want),
           "cannot write dump '%s/d/0001-builtin.module-cse.mlir': "
           "Is a directory",
           (const char *)*state);
  assert_int_equal(ran.kind, IRS_ERR_IO);
  assert_string_equal(ran.message, want);
  assert_false(ran.toolError);
  assert_false(ran.hasDeath);
  assert_true(ran.wroteOutput);
  assert_int_equal(ran.step1, IrsStepOk);
  assert_non_null(strstr(ran.manifest, "status=\"io-error\""));
  assert_non_null(strstr(ran.manifest, "<dump skipped=\"unwritten\"/>"));
  free(ran.manifest);
}

// How an interrupted run ends, whatever it was running: in step
// `failedStep` (0: none), saying `message`, with nothing written.
static void assertInterrupted(Ran *ran, const char *message,
                              intptr_t failedStep) {
  assert_int_equal(ran->kind, IRS_ERR_PASS);
  assert_string_equal(ran->message, message);
  assert_true(ran->hasDeath);
  assert_int_equal(ran->death, IrsWorkerInterrupted);
  assert_int_equal(ran->failedStep, failedStep);
  assert_false(ran->toolError);
  assert_false(ran->wroteOutput);
  assert_non_null(strstr(ran->manifest, "status=\"interrupted\""));
  free(ran->manifest);
}

// The input's dump is the first thing the tool reads: stopped by ^C there,
// the run is interrupted, not a tool that cannot parse the input.
static void test_toolrun__input_dump_interrupted(void **state) {
  Ran ran = run(*state, "ctrl-c", "0000-input.mlir");
  assert_int_equal(ran.step1, IrsStepNotRun);
  assert_null(strstr(ran.manifest, "0000-input.mlir"));
  assertInterrupted(&ran, "interrupted while dumping the input", 0);
}

// The input's dump runs under the helper supervisor: interrupting that one
// stops it (the tool would wait 20 s, then fail).
static void test_toolrun__helper_supervisor_stops_input_dump(void **state) {
  Ran ran = run(*state, "usr1", "0000-input.mlir");
  assertInterrupted(&ran, "interrupted while dumping the input", 0);
}

// A step's dump printed from its bytecode, stopped by ^C: the run stops in
// that step, as if its pass had been running.
static void test_toolrun__step_dump_interrupted(void **state) {
  Ran ran = run(*state, "ctrl-c", "0001-builtin.module-cse.mlir");
  assert_non_null(strstr(ran.manifest, "status=\"interrupted\" elapsed-ms="));
  assertInterrupted(&ran, "interrupted in step 1 'builtin.module(cse)'", 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_toolrun__dump_rename_fails, setUp,
                                      tearDown),
      cmocka_unit_test_setup_teardown(test_toolrun__input_dump_interrupted,
                                      setUp, tearDown),
      cmocka_unit_test_setup_teardown(
          test_toolrun__helper_supervisor_stops_input_dump, setUp, tearDown),
      cmocka_unit_test_setup_teardown(test_toolrun__step_dump_interrupted,
                                      setUp, tearDown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
