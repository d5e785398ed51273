// SPDX-License-Identifier: Apache-2.0
// Unit tests of the failure writer (include/irscope/FailureWriter.h,
// lib/Report/FailureWriter.c): artefacts go in under RunDir's names, whole
// and without temporaries left over, scripts are executable, a failed
// artefact is absent, abort removes what was added and nothing else, and
// commit writes report.xml naming exactly the artefacts added.
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-failurewriter"
#include "TempDir.h"

#include "irscope/FailureWriter.h"
#include "irscope/RunDir.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static MlirStringRef ref(const char *s) {
  return (MlirStringRef){s, strlen(s)};
}

static char *slurpIn(void **state, const char *name) {
  char p[4096];
  snprintf(p, sizeof(p), "%s/%s", (const char *)*state, name);
  return slurpPath(p);
}

// Entries of the directory besides . and ..
static int numEntries(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  struct dirent *e;
  while (d && (e = readdir(d)) != NULL)
    n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  if (d)
    closedir(d);
  return n;
}

static IrsFailureWriter open_(void **state, IrsOutcome kind) {
  IrsFailureWriter w;
  assert_int_equal(irsFailureWriterOpen(*state, kind, &w), 0);
  assert_false(irsFailureWriterIsNull(w));
  assert_string_equal(irsFailureWriterGetDir(w), *state);
  assert_int_equal(irsFailureWriterGetKind(w), kind);
  return w;
}

static void testNamesComeFromRunDir(void **state) {
  (void)state;
  assert_string_equal(irsArtefactGetName(IrsArtefactPreStepIr),
                      IRS_RUN_DIR_PRE_STEP_IR);
  assert_string_equal(irsArtefactGetName(IrsArtefactPostStepIr),
                      IRS_RUN_DIR_POST_STEP_IR);
  assert_string_equal(irsArtefactGetName(IrsArtefactReproducer),
                      IRS_RUN_DIR_REPRODUCER);
  assert_string_equal(irsArtefactGetName(IrsArtefactRunReproducer),
                      IRS_RUN_DIR_RUN_REPRODUCER);
  assert_string_equal(irsArtefactGetName(IrsArtefactActionReplay),
                      IRS_RUN_DIR_ACTION_REPLAY);
  assert_null(irsArtefactGetName(IrsArtefact_COUNT));
}

static void testTextIsWholeAndScriptsExecutable(void **state) {
  IrsFailureWriter w = open_(state, IrsOutcomeWrongResult);
  assert_int_equal(
      irsFailureWriterAddText(w, IrsArtefactExpectedOutput, ref("42\n")), 0);
  assert_int_equal(irsFailureWriterAddText(w, IrsArtefactRunReproducer,
                                           ref("#!/bin/sh\n")),
                   0);
  assert_true(irsFailureWriterHas(w, IrsArtefactExpectedOutput));
  assert_false(irsFailureWriterHas(w, IrsArtefactActualOutput));
  char *path = irsFailureWriterGetPath(w, IrsArtefactRunReproducer);
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_true(st.st_mode & S_IXUSR);
  free(path);
  char *text = slurpIn(state, IRS_RUN_DIR_EXPECTED_OUTPUT);
  assert_string_equal(text, "42\n");
  free(text);
  // No temporary is left beside them.
  assert_int_equal(numEntries(*state), 2);
  irsFailureWriterAbort(w);
}

static int failing(const char *path, void *ud) {
  FILE *f = fopen(path, "wb");
  if (f) {
    fputs("half", f);
    fclose(f);
  }
  (void)ud;
  return ENOSPC;
}

static void testFailedArtefactIsAbsent(void **state) {
  IrsFailureWriter w = open_(state, IrsOutcomeCrash);
  assert_int_equal(
      irsFailureWriterAddWith(w, IrsArtefactPreStepIr, failing, NULL), ENOSPC);
  assert_false(irsFailureWriterHas(w, IrsArtefactPreStepIr));
  assert_int_equal(numEntries(*state), 0);
  irsFailureWriterAbort(w);
}

static int inPlace(const char *path, void *ud) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return errno;
  fputs((const char *)ud, f);
  return fclose(f) ? errno : 0;
}

// A writer that fills the temporary in place (a tool's -o) leaves an
// ordinary file, not mkstemp's 0600.
static void testInPlaceWriterGetsOrdinaryMode(void **state) {
  mode_t old = umask(022);
  IrsFailureWriter w = open_(state, IrsOutcomeCrash);
  assert_int_equal(irsFailureWriterAddWith(w, IrsArtefactPreStepIr, inPlace,
                                           "module {}\n"),
                   0);
  char *path = irsFailureWriterGetPath(w, IrsArtefactPreStepIr);
  struct stat st;
  assert_int_equal(stat(path, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0644);
  free(path);
  irsFailureWriterAbort(w);
  umask(old);
}

static void testAbortRemovesOnlyWhatWasAdded(void **state) {
  char other[4096];
  snprintf(other, sizeof(other), "%s/%s", (const char *)*state,
           IRS_RUN_DIR_MANIFEST);
  FILE *f = fopen(other, "wb");
  fputs("<irscope-manifest/>", f);
  fclose(f);
  IrsFailureWriter w = open_(state, IrsOutcomeCrash);
  irsFailureWriterAddText(w, IrsArtefactPreStepIr, ref("module {}\n"));
  irsFailureWriterAddText(w, IrsArtefactActionDiff, ref("-a\n+b\n"));
  assert_int_equal(numEntries(*state), 3);
  irsFailureWriterAbort(w);
  assert_int_equal(numEntries(*state), 1);
  irsFailureWriterAbort((IrsFailureWriter){NULL}); // no-op
}

static void testCommitNamesWhatWasAdded(void **state) {
  IrsFailureWriter w = open_(state, IrsOutcomeWrongResult);
  irsFailureWriterAddText(w, IrsArtefactPreStepIr, ref("module {}\n"));
  irsFailureWriterAddText(w, IrsArtefactExpectedOutput, ref("1\n"));
  IrsResultsInfo ri = {.entry = "main", .expected = ref("1\n"),
                       .actual = ref("2\n")};
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(canonicalize)"), NULL,
      NULL);
  assert_false(irsPipelineIsNull(p));
  IrsCrashInfo ci = {.pipeline = p, .kind = IrsOutcomeWrongResult, .step = 1,
                     .message = "changed", .inputOps = -1, .results = &ri};
  assert_int_equal(irsFailureWriterCommitCrash(w, &ci), 0);
  irsPipelineDestroy(p);
  char *report = slurpIn(state, IRS_RUN_DIR_REPORT);
  assert_non_null(report);
  assert_non_null(strstr(report, IRS_RUN_DIR_PRE_STEP_IR));
  assert_non_null(strstr(report, IRS_RUN_DIR_EXPECTED_OUTPUT));
  assert_null(strstr(report, IRS_RUN_DIR_ACTUAL_OUTPUT));
  assert_null(strstr(report, IRS_RUN_DIR_REPRODUCER));
  free(report);
}

// A replay's writer detaches, leaving its files; the supervisor's writer
// adopts the ones that are there and its report names them (and only them).
static void testAdoptedArtefactsAreNamed(void **state) {
  IrsFailureWriter replay = open_(state, IrsOutcomeCrash);
  irsFailureWriterAddText(replay, IrsArtefactFullReproducer, ref("module {}\n"));
  irsFailureWriterAddText(replay, IrsArtefactPreStepIr, ref("module {}\n"));
  irsFailureWriterDetach(replay);
  IrsFailureWriter w = open_(state, IrsOutcomeCrash);
  assert_true(irsFailureWriterAdopt(w, IrsArtefactFullReproducer));
  assert_true(irsFailureWriterAdopt(w, IrsArtefactPreStepIr));
  assert_false(irsFailureWriterAdopt(w, IrsArtefactReproducer));
  IrsPipeline p = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(canonicalize)"), NULL,
      NULL);
  assert_false(irsPipelineIsNull(p));
  IrsCrashInfo ci = {.pipeline = p, .kind = IrsOutcomeCrash, .step = 1,
                     .message = "died", .inputOps = -1};
  assert_int_equal(irsFailureWriterCommitCrash(w, &ci), 0);
  irsPipelineDestroy(p);
  char *report = slurpIn(state, IRS_RUN_DIR_REPORT);
  assert_non_null(report);
  assert_non_null(strstr(report, IRS_RUN_DIR_FULL_REPRODUCER));
  assert_non_null(strstr(report, IRS_RUN_DIR_PRE_STEP_IR));
  assert_null(strstr(report, "\"" IRS_RUN_DIR_REPRODUCER "\""));
  free(report);
}

static void testSubdirNames(void **state) {
  (void)state;
  char b[64];
  irsRunDirSubdirPath(NULL, IrsRunDirChunk, 7, b, sizeof(b));
  assert_string_equal(b, IRS_RUN_DIR_CHUNK_PREFIX "007");
  irsRunDirSubdirPath("out", IrsRunDirRepeatFailure, 2, b, sizeof(b));
  assert_string_equal(b, "out/" IRS_RUN_DIR_REPEAT_FAILURE_PREFIX "2");
  assert_int_equal(irsRunDirSubdirPath("d", IrsRunDirRepeatRun, 41, NULL, 0),
                   (int)strlen("d/" IRS_RUN_DIR_REPEAT_RUN_PREFIX "41"));
}

int main(void) {
#define T(f) cmocka_unit_test_setup_teardown(f, setUp, tearDown)
  const struct CMUnitTest tests[] = {
      T(testNamesComeFromRunDir),
      T(testTextIsWholeAndScriptsExecutable),
      T(testFailedArtefactIsAbsent),
      T(testInPlaceWriterGetsOrdinaryMode),
      T(testAbortRemovesOnlyWhatWasAdded),
      T(testCommitNamesWhatWasAdded),
      T(testAdoptedArtefactsAreNamed),
      T(testSubdirNames),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
