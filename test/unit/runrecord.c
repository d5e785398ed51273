// SPDX-License-Identifier: Apache-2.0
// Unit tests of the run record (lib/Report/RunRecord.c) and of its writers
// table (Writers.def): what a runner puts into the record is what the
// manifest and the failure report say, a reset forgets the run, the last
// good dump skips steps without one, and a report needs a failed step; a
// dead worker appended to the record (irsRunRecordSetDeath) is what the
// crash report says, read back through IrsRunDoc, and the repeat section
// is what repeat.xml says.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "Report/RunRecord.h"
#include "irscope/Report.h"
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static IrsPipeline pipeline;

static int setup(void **state) {
  (void)state;
  pipeline = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(func.func(cse),canonicalize)"),
      NULL, NULL);
  return irsPipelineIsNull(pipeline);
}

static int teardown(void **state) {
  (void)state;
  irsPipelineDestroy(pipeline);
  return 0;
}

static void initRecord(IrsRunRecord *rec) {
  IrsRunHeader h = {0};
  h.toolName = "irscope-unit";
  h.inputPath = "in.mlir";
  assert_true(irsRunRecordInit(rec, pipeline, &h));
  rec->dumpOnlyChanged = true;
  rec->inputOps = 7;
}

// Reads dir/name into a static buffer and removes it.
static char *slurp(const char *dir, const char *name) {
  char path[256];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  static char buf[16384];
  size_t len = fread(buf, 1, sizeof(buf) - 1, f);
  buf[len] = '\0';
  fclose(f);
  remove(path);
  return buf;
}

static void test_runrecord__init_copies_the_header(void **state) {
  (void)state;
  IrsRunRecord rec;
  initRecord(&rec);
  assert_int_equal(rec.numSteps, 2);
  assert_string_equal(rec.header.toolName, "irscope-unit");
  assert_string_equal(rec.header.inputPath, "in.mlir");
  assert_null(rec.dumpDir);
  assert_true(rec.verifyEach);
  assert_true(rec.dumpOnlyChanged);
  assert_int_equal(rec.steps[1].result.status, IrsStepNotRun);
  assert_int_equal(rec.steps[1].result.dumpFile.length, 0);
  irsRunRecordFree(&rec);
  // Freeing twice (a zeroed record) is harmless.
  irsRunRecordFree(&rec);
}

static void test_runrecord__reset_forgets_the_run(void **state) {
  (void)state;
  IrsRunRecord rec;
  initRecord(&rec);
  irsRunRecordSetDumpFile(&rec, 0, "0001-func.func-cse.mlir");
  irsRunRecordSetFailedHook(&rec, 1, "verifier");
  rec.steps[0].dumpUnwritten = true;
  rec.steps[1].result.status = IrsStepVerifyFailed;
  rec.failedStep = 2;
  rec.deathKind = IrsOutcomeCrash;
  irsBufAppendStr(&rec.errMsg, "boom");
  irsRunRecordReset(&rec);
  assert_null(rec.steps[0].dumpFile);
  assert_false(rec.steps[0].dumpUnwritten);
  assert_int_equal(rec.steps[0].result.dumpFile.length, 0);
  assert_null(rec.steps[1].failedHook);
  assert_int_equal(rec.steps[1].result.status, IrsStepNotRun);
  assert_int_equal(rec.failedStep, 0);
  assert_int_equal(rec.deathKind, IrsOutcomeNone);
  assert_int_equal(rec.errMsg.len, 0);
  // The header survives.
  assert_string_equal(rec.header.toolName, "irscope-unit");
  irsRunRecordFree(&rec);
}

static void test_runrecord__last_good_dump_skips_steps_without(void **state) {
  (void)state;
  IrsRunRecord rec;
  initRecord(&rec);
  assert_null(irsRunRecordLastGoodDump(&rec, 1));
  rec.inputDumpFile = strdup("0000-input.mlir");
  assert_string_equal(irsRunRecordLastGoodDump(&rec, 1), "0000-input.mlir");
  irsRunRecordSetDumpFile(&rec, 0, "0001-func.func-cse.mlir");
  assert_string_equal(irsRunRecordLastGoodDump(&rec, 1),
                      "0001-func.func-cse.mlir");
  assert_string_equal(irsRunRecordLastGoodDump(&rec, 0), "0000-input.mlir");
  irsRunRecordFree(&rec);
}

static void test_runrecord__table_names_the_files(void **state) {
  (void)state;
  assert_string_equal(irsRecordWriterGetFile(IrsRecordWriterManifest),
                      "manifest.xml");
  assert_string_equal(irsRecordWriterGetFile(IrsRecordWriterFailureReport),
                      "report.xml");
  assert_null(irsRecordWriterGetFile(IrsRecordWriter_COUNT));
}

static void test_runrecord__manifest_is_the_record(void **state) {
  (void)state;
  char dir[] = "/tmp/irs-unit-record-XXXXXX";
  assert_non_null(mkdtemp(dir));
  IrsRunRecord rec;
  initRecord(&rec);
  rec.running = true;
  rec.steps[0].result.status = IrsStepOk;
  rec.steps[0].result.changed = false;
  assert_int_equal(irsRunRecordWrite(&rec, IrsRecordWriterManifest, dir), 0);
  char *m = slurp(dir, "manifest.xml");
  assert_non_null(strstr(m, "<irscope-manifest version=\"1\" status=\"running\">"));
  assert_non_null(strstr(m, "<tool name=\"irscope-unit\""));
  assert_non_null(strstr(m, "<input path=\"in.mlir\" ops=\"7\"/>"));
  assert_non_null(strstr(m, "<dump skipped=\"unchanged\"/>"));
  assert_non_null(strstr(m, "status=\"not-run\""));
  // A run that stopped at a dump it could not write: its status is the
  // I/O error, and the step says why its dump is missing (before the
  // dump-only-changed reason it would otherwise get).
  rec.running = false;
  rec.runStatus = IRS_ERR_IO;
  rec.steps[0].dumpUnwritten = true;
  assert_int_equal(irsRunRecordWrite(&rec, IrsRecordWriterManifest, dir), 0);
  m = slurp(dir, "manifest.xml");
  assert_non_null(strstr(m, "status=\"io-error\">"));
  assert_non_null(strstr(m, "<dump skipped=\"unwritten\"/>"));
  assert_null(strstr(m, "skipped=\"unchanged\""));
  // A dead step's kind is the run's and the step's status.
  rec.running = false;
  rec.failedStep = 2;
  rec.deathKind = IrsOutcomeTimeout;
  assert_int_equal(irsRunRecordWrite(&rec, IrsRecordWriterManifest, dir), 0);
  m = slurp(dir, "manifest.xml");
  assert_non_null(strstr(m, "status=\"timeout\">"));
  assert_non_null(strstr(m, "<steps count=\"2\" failed=\"2\">"));
  assert_non_null(strstr(m, "anchor=\"builtin.module\" status=\"timeout\""));
  irsRunRecordFree(&rec);
  rmdir(dir);
}

static void test_runrecord__report_needs_a_failed_step(void **state) {
  (void)state;
  char dir[] = "/tmp/irs-unit-record-XXXXXX";
  assert_non_null(mkdtemp(dir));
  IrsRunRecord rec;
  initRecord(&rec);
  assert_int_equal(irsRunRecordWrite(&rec, IrsRecordWriterFailureReport, dir),
                   EINVAL);
  struct stat st;
  char path[256];
  snprintf(path, sizeof(path), "%s/report.xml", dir);
  assert_int_not_equal(stat(path, &st), 0);

  rec.failedStep = 1;
  rec.steps[0].result.status = IrsStepVerifyFailed;
  irsRunRecordSetFailedHook(&rec, 0, "verifier");
  irsBufAppendStr(&rec.errMsg, "step 1 broke the IR");
  rec.inputDumpFile = strdup("0000-input.mlir");
  rec.artifacts = (IrsRecordArtifacts){.preStepIr = "failure-input.mlir",
                                       .reproducer = "reproducer.mlir"};
  assert_int_equal(irsRunRecordWrite(&rec, IrsRecordWriterFailureReport, dir),
                   0);
  char *r = slurp(dir, "report.xml");
  assert_non_null(strstr(r, "<failure kind=\"verify-failure\" step=\"1\" "
                            "pass=\"cse\" anchor=\"func.func\" "
                            "hook=\"verifier\""));
  assert_non_null(strstr(r, "<message>step 1 broke the IR</message>"));
  assert_non_null(strstr(r, "<pre-step-ir file=\"failure-input.mlir\"/>"));
  assert_null(strstr(r, "<post-step-ir"));
  assert_non_null(strstr(r, "<last-good-dump file=\"0000-input.mlir\"/>"));
  assert_non_null(strstr(r, "<reproducer file=\"reproducer.mlir\" "
                            "pipeline=\"builtin.module(func.func(cse))\"/>"));
  irsRunRecordFree(&rec);
  rmdir(dir);
}

static void test_runrecord__failure_dir_is_the_failure_dir(void **state) {
  (void)state;
  char dir[] = "/tmp/irs-unit-record-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char sub[300];
  snprintf(sub, sizeof(sub), "%s/a/b", dir);
  IrsRunHeader h = {0};
  IrsRunRecord rec;
  assert_true(irsRunRecordInit(&rec, pipeline, &h));
  rec.failureDir = strdup(sub);
  char *got = irsRunRecordFailureDirOpen(&rec);
  assert_non_null(got);
  assert_string_equal(got, sub);
  struct stat st;
  assert_int_equal(stat(sub, &st), 0);
  free(got);
  irsRunRecordFree(&rec);
  rmdir(sub);
  snprintf(sub, sizeof(sub), "%s/a", dir);
  rmdir(sub);
  rmdir(dir);
}

static void appendText(MlirStringRef s, void *ud) {
  strncat(ud, s.data, s.length);
}

static void test_runrecord__timing_lists_the_run_steps(void **state) {
  (void)state;
  IrsRunRecord rec;
  initRecord(&rec);
  rec.steps[0].result.status = IrsStepOk;
  rec.steps[0].result.changed = true;
  rec.steps[0].result.wallMs = 2;
  static char out[4096];
  out[0] = '\0';
  irsRunRecordPrintTiming(&rec, IrsTimingSortPipeline, appendText, out);
  assert_non_null(strstr(out, "1 steps"));
  assert_non_null(strstr(out, "yes      builtin.module(func.func(cse))"));
  assert_null(strstr(out, "canonicalize"));
  irsRunRecordFree(&rec);
}


// Reads dir/name back as a document (the run directory's reader).
static IrsRunDoc readBack(const char *dir, const char *name) {
  char path[256], err[256];
  snprintf(path, sizeof(path), "%s/%s", dir, name);
  IrsRunDoc d = irsRunDocCreateFromFile(path, err, sizeof(err));
  assert_false(irsRunDocIsNull(d));
  return d;
}

// The attribute `attr` of `node`'s first child `child`.
static const char *childAttr(IrsRunDocNode node, const char *child,
                             const char *attr) {
  return irsRunDocNodeGetAttr(irsRunDocNodeGetChild(node, child), attr);
}

static void test_runrecord__crash_report_is_the_recorded_death(void **state) {
  (void)state;
  char dir[] = "/tmp/irs-unit-record-XXXXXX";
  assert_non_null(mkdtemp(dir));
  IrsRunRecord rec;
  initRecord(&rec);
  rec.inputDumpFile = strdup("0000-input.mlir");
  const char *tail = "boom\n#0 0x1 in crashy\n";
  IrsRecordDeath d = {.signal = 11,
                      .signalName = "SIGSEGV",
                      .elapsedMs = 12.5,
                      .peakRssKb = 2048,
                      .stderrTail = mlirStringRefCreateFromCString(tail)};
  irsRunRecordSetDeath(&rec, 2, IrsOutcomeCrash, &d);
  assert_int_equal(rec.failedStep, 2);
  assert_int_equal(rec.deathKind, IrsOutcomeCrash);
  assert_int_equal(rec.death.signal, 11);
  irsBufAppendStr(&rec.errMsg, "step 2 'canonicalize' crashed with SIGSEGV");
  rec.artifacts = (IrsRecordArtifacts){
      .preStepIr = "failure-input.mlir",
      .reproducer = "reproducer.mlir",
      .fullReproducer = "reproducer-full.mlir",
      .lastGoodDump = "0001-func.func-cse.mlir"};
  assert_int_equal(irsRunRecordWrite(&rec, IrsRecordWriterCrashReport, dir),
                   0);

  IrsRunDoc doc = readBack(dir, "report.xml");
  IrsRunDocNode root = irsRunDocGetRoot(doc);
  assert_true(irsRunDocNodeIs(root, "irscope-report"));
  IrsRunDocNode input = irsRunDocNodeGetChild(root, "input");
  assert_string_equal(irsRunDocNodeGetAttr(input, "dump"), "0000-input.mlir");
  assert_int_equal(irsRunDocNodeGetAttrLong(input, "ops", -1), 7);
  IrsRunDocNode f = irsRunDocNodeGetChild(root, "failure");
  assert_string_equal(irsRunDocNodeGetAttr(f, "kind"), "crash");
  assert_int_equal(irsRunDocNodeGetAttrLong(f, "step", 0), 2);
  assert_string_equal(irsRunDocNodeGetAttr(f, "pass"), "canonicalize");
  assert_string_equal(irsRunDocNodeGetAttr(f, "signal-name"), "SIGSEGV");
  assert_int_equal(irsRunDocNodeGetAttrLong(f, "peak-rss-kb", 0), 2048);
  assert_null(irsRunDocNodeGetAttr(f, "timeout-s"));
  assert_string_equal(
      irsRunDocNodeGetText(irsRunDocNodeGetChild(f, "message")),
      "step 2 'canonicalize' crashed with SIGSEGV");
  assert_string_equal(irsRunDocNodeGetText(irsRunDocNodeGetChild(f, "stderr")),
                      tail);
  IrsRunDocNode a = irsRunDocNodeGetChild(root, "artifacts");
  assert_string_equal(childAttr(a, "last-good-dump", "file"),
                      "0001-func.func-cse.mlir");
  assert_string_equal(childAttr(a, "reproducer", "pipeline"),
                      "builtin.module(canonicalize)");
  assert_string_equal(childAttr(a, "full-reproducer", "file"),
                      "reproducer-full.mlir");
  // The step before ran, the dead one has the death's kind.
  IrsRunDocNode steps = irsRunDocNodeGetChild(root, "steps");
  assert_int_equal(irsRunDocNodeGetAttrLong(steps, "failed", 0), 2);
  IrsRunDocNode s1 = irsRunDocNodeGetChild(steps, "step");
  IrsRunDocNode s2 = irsRunDocNodeGetNext(s1, "step");
  assert_string_equal(irsRunDocNodeGetAttr(s1, "status"), "ok");
  assert_string_equal(irsRunDocNodeGetAttr(s2, "status"), "crash");
  irsRunDocDestroy(doc);
  slurp(dir, "report.xml");

  // A timeout in an unknown step: no pass, every step not run, no signal.
  IrsRecordDeath t = {.elapsedMs = 500, .timeoutSec = 0.5};
  irsRunRecordSetDeath(&rec, 0, IrsOutcomeTimeout, &t);
  rec.artifacts = (IrsRecordArtifacts){.reproducer = "reproducer.mlir"};
  assert_int_equal(irsRunRecordWrite(&rec, IrsRecordWriterCrashReport, dir),
                   0);
  char *r = slurp(dir, "report.xml");
  assert_non_null(strstr(r, "<failure kind=\"timeout\" step=\"0\" pass=\"\" "
                            "anchor=\"\" elapsed-ms=\"500.000\" "
                            "timeout-s=\"0.5\">"));
  assert_null(strstr(r, "signal="));
  assert_null(strstr(r, "<reproducer "));
  assert_null(strstr(r, "status=\"ok\""));
  assert_non_null(strstr(r, "<steps count=\"2\">"));
  irsRunRecordFree(&rec);
  rmdir(dir);
}

static void test_runrecord__repeat_report_is_the_repeat_section(void **state) {
  (void)state;
  char dir[] = "/tmp/irs-unit-record-XXXXXX";
  assert_non_null(mkdtemp(dir));
  IrsRunRecord rec;
  initRecord(&rec);
  rec.hasSeed = true;
  rec.seed = 42;
  IrsCrashIdentity id = {.abortLine = "UNREACHABLE executed at a.cpp:3!",
                         .frames = {"mlir::foo+0x10", "libX.so@0x7f00"},
                         .numFrames = 2, .addressOnly = 2u, .traced = true};
  IrsRepeatSignature sigs[] = {
      {.kind = IrsOutcomeCrash, .signal = 6, .signalName = "SIGABRT",
       .step = 2, .pass = "canonicalize", .message = "", .count = 3,
       .firstRun = 4, .hasRunSeed = true, .runSeed = 7,
       .artifacts = "failure-1", .site = "mlir::foo", .crash = &id},
      {.kind = IrsOutcomeExit, .step = 2, .pass = "canonicalize",
       .message = "bad", .count = 1, .firstRun = 9},
  };
  rec.repeat = (IrsRecordRepeat){.requestedRuns = 10, .runs = 10,
                                 .failures = 4, .maxThreads = 3,
                                 .numSignatures = 2, .signatures = sigs};
  assert_int_equal(irsRunRecordWrite(&rec, IrsRecordWriterRepeatReport, dir),
                   0);
  IrsRunDoc doc = readBack(dir, "repeat.xml");
  IrsRunDocNode root = irsRunDocGetRoot(doc);
  assert_true(irsRunDocNodeIs(root, "irscope-repeat"));
  IrsRunDocNode runs = irsRunDocNodeGetChild(root, "runs");
  assert_int_equal(irsRunDocNodeGetAttrLong(runs, "done", 0), 10);
  assert_int_equal(irsRunDocNodeGetAttrLong(runs, "seed", 0), 42);
  assert_string_equal(irsRunDocNodeGetAttr(runs, "verify-each"), "true");
  // Every step is listed; no failure lacks a step, so there is no step 0.
  IrsRunDocNode st = irsRunDocNodeGetChild(
      irsRunDocNodeGetChild(root, "steps"), "step");
  assert_int_equal(irsRunDocNodeGetAttrLong(st, "index", -1), 1);
  assert_int_equal(irsRunDocNodeGetAttrLong(st, "failures", -1), 0);
  st = irsRunDocNodeGetNext(st, "step");
  assert_int_equal(irsRunDocNodeGetAttrLong(st, "index", -1), 2);
  assert_int_equal(irsRunDocNodeGetAttrLong(st, "failures", -1), 4);
  IrsRunDocNode k = irsRunDocNodeGetChild(st, "kind");
  assert_string_equal(irsRunDocNodeGetAttr(k, "name"), "crash");
  assert_string_equal(irsRunDocNodeGetAttr(irsRunDocNodeGetNext(k, "kind"),
                                           "name"),
                      "exit");
  IrsRunDocNode g = irsRunDocNodeGetChild(
      irsRunDocNodeGetChild(root, "signatures"), "signature");
  assert_string_equal(irsRunDocNodeGetAttr(g, "kind"), "crash");
  assert_string_equal(irsRunDocNodeGetAttr(g, "signal-name"), "SIGABRT");
  assert_int_equal(irsRunDocNodeGetAttrLong(g, "run-seed", 0), 7);
  // The crash's identity: site, abort line, frames in order, the second
  // known by its address alone.
  IrsRunDocNode c = irsRunDocNodeGetChild(g, "crash");
  assert_string_equal(irsRunDocNodeGetAttr(c, "site"), "mlir::foo");
  assert_string_equal(
      irsRunDocNodeGetText(irsRunDocNodeGetChild(c, "abort-line")),
      id.abortLine);
  IrsRunDocNode f = irsRunDocNodeGetChild(c, "frame");
  for (int k = 0; k < id.numFrames; ++k, f = irsRunDocNodeGetNext(f, "frame")) {
    assert_string_equal(irsRunDocNodeGetText(f), id.frames[k]);
    assert_int_equal(irsRunDocNodeGetAttr(f, "address-only") != NULL, k == 1);
  }
  assert_true(irsRunDocNodeIsNull(f));
  g = irsRunDocNodeGetNext(g, "signature");
  assert_string_equal(irsRunDocNodeGetAttr(g, "kind"), "exit");
  assert_true(irsRunDocNodeIsNull(irsRunDocNodeGetChild(g, "crash")));
  assert_string_equal(irsRunDocNodeGetText(irsRunDocNodeGetChild(g, "message")),
                      "bad");
  irsRunDocDestroy(doc);
  slurp(dir, "repeat.xml");
  irsRunRecordFree(&rec);
  rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_runrecord__init_copies_the_header),
      cmocka_unit_test(test_runrecord__reset_forgets_the_run),
      cmocka_unit_test(test_runrecord__last_good_dump_skips_steps_without),
      cmocka_unit_test(test_runrecord__table_names_the_files),
      cmocka_unit_test(test_runrecord__manifest_is_the_record),
      cmocka_unit_test(test_runrecord__report_needs_a_failed_step),
      cmocka_unit_test(test_runrecord__failure_dir_is_the_failure_dir),
      cmocka_unit_test(test_runrecord__timing_lists_the_run_steps),
      cmocka_unit_test(test_runrecord__crash_report_is_the_recorded_death),
      cmocka_unit_test(test_runrecord__repeat_report_is_the_repeat_section),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
