// SPDX-License-Identifier: Apache-2.0
// Unit tests of the run directory's owner (include/irscope/RunDir.h:
// lib/Support/RunDir.c, lib/Report/RunDoc.c, lib/Report/ManifestMark.c):
// the names of dumps, artefacts and temporaries, failure directories, the
// clean-up after a killed worker, reading a manifest back and marking it.
// Each test works in its own fresh temporary directory.
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-rundir"
#include "TempDir.h"

#include "irscope/Report.h"
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static char *at(void **state, const char *name, char *buf) {
  snprintf(buf, 4096, "%s/%s", (const char *)*state, name);
  return buf;
}

static void put(void **state, const char *name, const char *text) {
  char p[4096];
  FILE *f = fopen(at(state, name, p), "wb");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static char *slurp(void **state, const char *name) {
  char p[4096];
  return slurpPath(at(state, name, p));
}

static bool exists(void **state, const char *name) {
  char p[4096];
  struct stat st;
  return stat(at(state, name, p), &st) == 0;
}

static void appendCb(MlirStringRef s, void *ud) {
  strncat(ud, s.data, s.length);
}

static MlirStringRef ref(const char *s) { return (MlirStringRef){s, strlen(s)}; }

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

static void test_rundir__dump_name(void **state) {
  (void)state;
  char out[256] = "";
  irsRunDirDumpName(3, ref("func.func"), ref("cse"), appendCb, out);
  assert_string_equal(out, "0003-func.func-cse.mlir");
  out[0] = '\0';
  // Unsafe bytes become '_'; steps past 9999 keep all their digits.
  irsRunDirDumpName(12345, ref("a/b"), ref("x{y=1}"), appendCb, out);
  assert_string_equal(out, "12345-a_b-x_y_1_.mlir");
}

static void test_rundir__dump_name_cuts_long_parts(void **state) {
  (void)state;
  char longPass[200], out[256] = "";
  memset(longPass, 'p', sizeof(longPass) - 1);
  longPass[sizeof(longPass) - 1] = '\0';
  irsRunDirDumpName(1, ref("builtin.module"), ref(longPass), appendCb, out);
  assert_int_equal(strlen(out), strlen("0001-builtin.module-") + 64 + 5);
}

static void test_rundir__dump_index(void **state) {
  (void)state;
  assert_int_equal(irsRunDirDumpIndex("0000-input.mlir"), 0);
  assert_int_equal(irsRunDirDumpIndex("0012-func.func-cse.mlir"), 12);
  assert_int_equal(irsRunDirDumpIndex("0012-func.func-cse.mlir.tmp-Ab12Cd"),
                   -1);
  assert_int_equal(irsRunDirDumpIndex("012-x.mlir"), -1);
  assert_int_equal(irsRunDirDumpIndex("0012-x.xml"), -1);
  assert_int_equal(irsRunDirDumpIndex("manifest.xml"), -1);
}

static void test_rundir__run_files_and_temporaries(void **state) {
  (void)state;
  assert_true(irsRunDirIsTemporary("manifest.xml.tmp-XyZ123"));
  assert_false(irsRunDirIsTemporary("manifest.xml"));
  assert_true(irsRunDirIsRunFile("manifest.xml"));
  assert_true(irsRunDirIsRunFile("report.xml.tmp-abcdef"));
  assert_true(irsRunDirIsRunFile("failure-output.mlir"));
  assert_true(irsRunDirIsRunFile("0001-func.func-cse.mlir"));
  assert_true(irsRunDirIsRunFile("0001-func.func-cse.mlir.tmp-abcdef"));
  assert_false(irsRunDirIsRunFile("notes.txt"));
  assert_false(irsRunDirIsRunFile("manifest.xml.bak"));
}

//===----------------------------------------------------------------------===//
// Directories
//===----------------------------------------------------------------------===//

static void test_rundir__failure_dir_given_is_created(void **state) {
  char p[4096], *dir = NULL;
  assert_int_equal(irsRunDirCreateFailureDir(at(state, "a/b/c", p), &dir), 0);
  assert_string_equal(dir, p);
  assert_true(exists(state, "a/b/c"));
  free(dir);
}

static void test_rundir__failure_dir_fresh_under_tmpdir(void **state) {
  char *old = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
  setenv("TMPDIR", *state, 1);
  char *a = NULL, *b = NULL;
  assert_int_equal(irsRunDirCreateFailureDir(NULL, &a), 0);
  assert_int_equal(irsRunDirCreateFailureDir(NULL, &b), 0);
  char prefix[4096];
  at(state, IRS_RUN_DIR_FAILURE_PREFIX, prefix);
  assert_int_equal(strncmp(a, prefix, strlen(prefix)), 0);
  assert_int_equal(strlen(a), strlen(prefix) + 6);
  assert_string_not_equal(a, b);
  struct stat st;
  assert_int_equal(stat(a, &st), 0);
  assert_true(S_ISDIR(st.st_mode));
  free(a);
  free(b);
  if (old)
    setenv("TMPDIR", old, 1);
  else
    unsetenv("TMPDIR");
  free(old);
}

static void test_rundir__remove_temporaries(void **state) {
  put(state, "manifest.xml", "m");
  put(state, "manifest.xml.tmp-abc123", "half");
  put(state, "0002-x-y.mlir.tmp-zzzzzz", "half");
  put(state, "notes.txt", "keep");
  assert_int_equal(irsRunDirRemoveTemporaries(*state), 0);
  assert_true(exists(state, "manifest.xml"));
  assert_true(exists(state, "notes.txt"));
  assert_false(exists(state, "manifest.xml.tmp-abc123"));
  assert_false(exists(state, "0002-x-y.mlir.tmp-zzzzzz"));
  char p[4096];
  assert_int_not_equal(irsRunDirRemoveTemporaries(at(state, "none", p)), 0);
}

// A pid that is gone: a child that has exited and been reaped.
static long deadPid(void) {
  pid_t p = fork();
  if (p == 0)
    _exit(0);
  assert_true(p > 0);
  waitpid(p, NULL, 0);
  return (long)p;
}

// The temporaries of a process that is gone, and only those, are stale:
// a live process's (this one's), a user's look-alike, another file's.
static void test_rundir__remove_stale_temporaries(void **state) {
  char *t = irsRunDirTemporaryTemplate("d/out.mlir", NULL);
  char want[64];
  snprintf(want, sizeof(want), "d/out.mlir.tmp-%ld-XXXXXX", (long)getpid());
  assert_string_equal(t, want);
  free(t);
  long dead = deadPid();
  char stale[128], other[128], mine[128];
  snprintf(stale, sizeof(stale), "out.mlir.tmp-%ld-Ab12Cd", dead);
  snprintf(other, sizeof(other), "other.mlir.tmp-%ld-Ab12Cd", dead);
  snprintf(mine, sizeof(mine), "out.mlir.tmp-%ld-Ab12Cd", (long)getpid());
  assert_int_equal(irsRunDirDeadOwner(stale, "out.mlir.tmp-"), dead);
  assert_int_equal(irsRunDirDeadOwner(mine, "out.mlir.tmp-"), 0);
  assert_int_equal(irsRunDirDeadOwner("out.mlir.tmp-mine", "out.mlir.tmp-"),
                   0);
  assert_int_equal(irsRunDirDeadOwner(stale, "x.tmp-"), 0);
  put(state, stale, "half");
  put(state, other, "half");
  put(state, mine, "half");
  put(state, "out.mlir.tmp-mine", "user");
  put(state, "out.mlir", "result");
  char p[4096];
  assert_int_equal(irsRunDirRemoveStaleTemporariesOf(at(state, "out.mlir", p)),
                   1);
  assert_false(exists(state, stale));
  assert_true(exists(state, other));
  assert_true(exists(state, mine));
  assert_true(exists(state, "out.mlir.tmp-mine"));
  assert_true(exists(state, "out.mlir"));
  // Without a stem, any file's; a directory so named is no temporary.
  char dir[128];
  snprintf(dir, sizeof(dir), "sub.tmp-%ld-Ab12Cd", dead);
  assert_int_equal(mkdir(at(state, dir, p), 0755), 0);
  assert_int_equal(irsRunDirRemoveStaleTemporaries(*state, NULL), 1);
  assert_false(exists(state, other));
  assert_true(exists(state, mine));
  assert_true(exists(state, dir));
}

// A dump directory is created (with its parents); an earlier run's files
// stop a new run unless it may overwrite them, which removes exactly them.
static void test_rundir__prepare_dumps(void **state) {
  char p[4096], why[512] = "";
  assert_int_equal(irsRunDirPrepareDumps(at(state, "a/b", p), false,
                                         appendCb, why),
                   IRS_OK);
  assert_string_equal(why, "");
  assert_true(exists(state, "a/b"));
  put(state, "0001-func.func-cse.mlir", "old");
  put(state, "manifest.xml", "old");
  put(state, "notes.txt", "keep");
  assert_int_equal(irsRunDirPrepareDumps(*state, false, appendCb, why),
                   IRS_ERR_USAGE);
  assert_non_null(strstr(why, "already holds a previous run"));
  assert_non_null(strstr(why, "--dump-overwrite"));
  assert_null(strchr(why, '\n'));
  assert_true(exists(state, "manifest.xml"));
  assert_int_equal(irsRunDirPrepareDumps(*state, true, NULL, NULL), IRS_OK);
  assert_false(exists(state, "0001-func.func-cse.mlir"));
  assert_false(exists(state, "manifest.xml"));
  assert_true(exists(state, "notes.txt"));
  assert_true(exists(state, "a"));
}

// A path that cannot be a directory is an I/O error, said in one line.
static void test_rundir__prepare_dumps_io_error(void **state) {
  char p[4096], why[512] = "";
  put(state, "file", "x");
  assert_int_equal(irsRunDirPrepareDumps(at(state, "file/sub", p), false,
                                         appendCb, why),
                   IRS_ERR_IO);
  assert_non_null(strstr(why, "cannot create dump directory"));
  assert_null(strchr(why, '\n'));
}

static void test_rundir__find_dumps(void **state) {
  put(state, "0000-input.mlir", "");
  put(state, "0001-func.func-canonicalize.mlir", "");
  put(state, "0002-func.func-cse.mlir", "");
  put(state, "0003-builtin.module-x.mlir.tmp-abcdef", "");
  put(state, "0004-builtin.module-y.mlir", "");
  char last[256] = "", input[32] = "";
  irsRunDirFindDumps(*state, 3, last, sizeof(last), input, sizeof(input));
  assert_string_equal(last, "0002-func.func-cse.mlir");
  assert_string_equal(input, "0000-input.mlir");
  last[0] = '\0';
  irsRunDirFindDumps(*state, 0, last, sizeof(last), input, sizeof(input));
  assert_string_equal(last, "0004-builtin.module-y.mlir");
  char none[16] = "untouched";
  char p[4096];
  irsRunDirFindDumps(at(state, "none", p), 0, none, sizeof(none), input,
                     sizeof(input));
  assert_string_equal(none, "untouched");
}

//===----------------------------------------------------------------------===//
// Reading back and marking
//===----------------------------------------------------------------------===//

// As the pass manager's writer lays out a manifest of a run in progress.
static const char *const kRunning =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<irscope-manifest version=\"1\" status=\"running\">\n"
    "  <command-line>irscope-opt &quot;a b&quot; &amp; c</command-line>\n"
    "  <input path=\"in.mlir\" ops=\"9\" dump=\"0000-input.mlir\"/>\n"
    "  <pipeline>builtin.module(cse,symbol-dce)</pipeline>\n"
    "  <steps count=\"2\">\n"
    "    <step index=\"1\" pass=\"cse\" anchor=\"builtin.module\" "
    "status=\"ok\" changed=\"true\">\n"
    "      <pipeline>builtin.module(cse)</pipeline>\n"
    "      <dump file=\"0001-builtin.module-cse.mlir\" pending=\"true\"/>\n"
    "      <diagnostics>\n"
    "        <diagnostic severity=\"remark\" location=\"in.mlir:1:1\">\n"
    "          <message></message>\n"
    "        </diagnostic>\n"
    "      </diagnostics>\n"
    "    </step>\n"
    "    <step index=\"2\" pass=\"symbol-dce\" anchor=\"builtin.module\" "
    "status=\"not-run\">\n"
    "      <pipeline>builtin.module(symbol-dce)</pipeline>\n"
    "    </step>\n"
    "  </steps>\n"
    "</irscope-manifest>\n";

static void test_rundir__doc_reads_back(void **state) {
  put(state, "manifest.xml", kRunning);
  char p[4096], err[128] = "";
  IrsRunDoc doc = irsRunDocCreateFromFile(at(state, "manifest.xml", p), err,
                                          sizeof(err));
  assert_false(irsRunDocIsNull(doc));
  IrsRunDocNode root = irsRunDocGetRoot(doc);
  assert_true(irsRunDocNodeIs(root, "irscope-manifest"));
  assert_string_equal(irsRunDocNodeGetAttr(root, "status"), "running");
  assert_null(irsRunDocNodeGetAttr(root, "nope"));
  assert_string_equal(
      irsRunDocNodeGetText(irsRunDocNodeGetChild(root, "command-line")),
      "irscope-opt \"a b\" & c");
  IrsRunDocNode steps = irsRunDocNodeGetChild(root, "steps");
  assert_int_equal(irsRunDocNodeGetAttrLong(steps, "count", -1), 2);
  IrsRunDocNode s = irsRunDocNodeGetChild(steps, "step");
  int n = 0;
  for (; !irsRunDocNodeIsNull(s); s = irsRunDocNodeGetNext(s, "step"))
    assert_int_equal(irsRunDocNodeGetAttrLong(s, "index", 0), ++n);
  assert_int_equal(n, 2);
  // A null node answers null all the way down.
  IrsRunDocNode none = irsRunDocNodeGetChild(root, "absent");
  assert_true(irsRunDocNodeIsNull(irsRunDocNodeGetChild(none, "x")));
  assert_null(irsRunDocNodeGetText(none));
  assert_int_equal(irsRunDocNodeGetAttrLong(none, "x", 7), 7);
  irsRunDocDestroy(doc);
  irsRunDocDestroy((IrsRunDoc){NULL});
}

static void test_rundir__doc_error_is_one_line(void **state) {
  put(state, "bad.xml", "<a><b></a>\n");
  char p[4096], err[256] = "";
  IrsRunDoc doc = irsRunDocCreateFromFile(at(state, "bad.xml", p), err,
                                          sizeof(err));
  assert_true(irsRunDocIsNull(doc));
  assert_true(err[0] != '\0');
  assert_null(strchr(err, '\n'));
}

static void test_rundir__input_ops(void **state) {
  assert_int_equal(irsRunDirGetInputOps(*state), -1);
  put(state, "manifest.xml", kRunning);
  assert_int_equal(irsRunDirGetInputOps(*state), 9);
  put(state, "manifest.xml", "<irscope-manifest><input path=\"x\"/>"
                             "</irscope-manifest>");
  assert_int_equal(irsRunDirGetInputOps(*state), -1);
}

// The marked manifest is the writer's layout byte for byte: only the
// statuses, failed="2", the pending flag and the <failure> line change.
// The pending dump is on disk (its printer finished): it stays listed, with
// the hash of its bytes ("module {\n}\n") the run would have recorded.
static void test_rundir__mark_death(void **state) {
  put(state, "manifest.xml", kRunning);
  put(state, "0001-builtin.module-cse.mlir", "module {\n}\n");
  assert_int_equal(irsManifestMarkDeath(*state, IrsOutcomeCrash, 2, true, -1),
                   0);
  char *got = slurp(state, "manifest.xml");
  const char *want =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<irscope-manifest version=\"1\" status=\"crash\">\n"
      "  <command-line>irscope-opt &quot;a b&quot; &amp; c</command-line>\n"
      "  <input path=\"in.mlir\" ops=\"9\" dump=\"0000-input.mlir\"/>\n"
      "  <pipeline>builtin.module(cse,symbol-dce)</pipeline>\n"
      "  <steps count=\"2\" failed=\"2\">\n"
      "    <step index=\"1\" pass=\"cse\" anchor=\"builtin.module\" "
      "status=\"ok\" changed=\"true\">\n"
      "      <pipeline>builtin.module(cse)</pipeline>\n"
      "      <dump file=\"0001-builtin.module-cse.mlir\" "
      "hash=\"12484c529fe0b57d\"/>\n"
      "      <diagnostics>\n"
      "        <diagnostic severity=\"remark\" location=\"in.mlir:1:1\">\n"
      "          <message></message>\n"
      "        </diagnostic>\n"
      "      </diagnostics>\n"
      "    </step>\n"
      "    <step index=\"2\" pass=\"symbol-dce\" anchor=\"builtin.module\" "
      "status=\"crash\">\n"
      "      <pipeline>builtin.module(symbol-dce)</pipeline>\n"
      "    </step>\n"
      "  </steps>\n"
      "  <failure report=\"report.xml\"/>\n"
      "</irscope-manifest>\n";
  assert_string_equal(got, want);
  free(got);
  // Only a running manifest is the dead run's: marking again changes nothing.
  assert_int_equal(irsManifestMarkDeath(*state, IrsOutcomeTimeout, 1, true, 5),
                   0);
  got = slurp(state, "manifest.xml");
  assert_string_equal(got, want);
  free(got);
}

static void test_rundir__mark_interrupted(void **state) {
  put(state, "manifest.xml", kRunning);
  assert_int_equal(
      irsManifestMarkDeath(*state, IrsOutcomeInterrupted, 2, false, 1234.5), 0);
  char *got = slurp(state, "manifest.xml");
  assert_non_null(strstr(got, "status=\"interrupted\">\n"));
  assert_non_null(strstr(got, "<steps count=\"2\">\n"));
  // The step it was stopped in is not "not-run": it ran for 1.2 s.
  assert_non_null(strstr(got, "<step index=\"2\" pass=\"symbol-dce\" "
                              "anchor=\"builtin.module\" "
                              "status=\"interrupted\" "
                              "elapsed-ms=\"1234.500\">\n"));
  assert_null(strstr(got, "status=\"not-run\""));
  assert_null(strstr(got, "pending"));
  assert_null(strstr(got, "<failure"));
  // The pending dump never reached the disk (its printer was killed): it is
  // not listed, but said to be lost.
  assert_null(strstr(got, "0001-builtin.module-cse.mlir"));
  assert_non_null(strstr(got, "      <dump skipped=\"lost\"/>\n"));
  free(got);
  char p[4096];
  assert_int_not_equal(
      irsManifestMarkDeath(at(state, "none", p), IrsOutcomeCrash, 1, true, -1),
      0);
}

static void test_rundir__mark_step_failed(void **state) {
  put(state, "manifest.xml", kRunning);
  assert_int_equal(
      irsManifestMarkStepFailed(*state, 1, IrsOutcomeWrongResult, "report.xml"),
      0);
  char p[4096];
  IrsRunDoc doc =
      irsRunDocCreateFromFile(at(state, "manifest.xml", p), NULL, 0);
  IrsRunDocNode root = irsRunDocGetRoot(doc);
  assert_string_equal(irsRunDocNodeGetAttr(root, "status"), "wrong-result");
  IrsRunDocNode steps = irsRunDocNodeGetChild(root, "steps");
  assert_int_equal(irsRunDocNodeGetAttrLong(steps, "failed", 0), 1);
  assert_string_equal(
      irsRunDocNodeGetAttr(irsRunDocNodeGetChild(steps, "step"), "status"),
      "wrong-result");
  assert_string_equal(
      irsRunDocNodeGetAttr(irsRunDocNodeGetChild(root, "failure"), "report"),
      "report.xml");
  irsRunDocDestroy(doc);
}

int main(void) {
#define T(f) cmocka_unit_test_setup_teardown(f, setUp, tearDown)
  const struct CMUnitTest tests[] = {
      T(test_rundir__dump_name),
      T(test_rundir__dump_name_cuts_long_parts),
      T(test_rundir__dump_index),
      T(test_rundir__run_files_and_temporaries),
      T(test_rundir__failure_dir_given_is_created),
      T(test_rundir__failure_dir_fresh_under_tmpdir),
      T(test_rundir__remove_temporaries),
      T(test_rundir__remove_stale_temporaries),
      T(test_rundir__prepare_dumps),
      T(test_rundir__prepare_dumps_io_error),
      T(test_rundir__find_dumps),
      T(test_rundir__doc_reads_back),
      T(test_rundir__doc_error_is_one_line),
      T(test_rundir__input_ops),
      T(test_rundir__mark_death),
      T(test_rundir__mark_interrupted),
      T(test_rundir__mark_step_failed),
  };
#undef T
  return cmocka_run_group_tests(tests, NULL, NULL);
}
