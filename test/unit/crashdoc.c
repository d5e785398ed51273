// SPDX-License-Identifier: Apache-2.0
// Unit tests of crash documentation in the library (include/irscope/
// CrashDoc.h, lib/Supervisor/CrashDoc.c): from a dead worker's result and a
// driver's replay body to the message, the failure directory, report.xml
// and the marked manifest, with nothing printed. The replay bodies here are
// fakes that write what a real snapshot writes, without MLIR. Also the read
// side of reproducers (irsReproducerReadParts, lib/Report/ReproducerRead.c).
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TEMP_DIR_NAME "irscope-unit-crashdoc"
#include "TempDir.h"

#include "irscope/CrashDoc.h"
#include "irscope/RunDoc.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static void appendCb(MlirStringRef s, void *ud) {
  strncat(ud, s.data, s.length);
}

static const char *signalName(int sig) {
  return sig == SIGSEGV ? "SIGSEGV" : "signal";
}

// What the fake replays saw, through a file (they run in another process).
// How a fake locate replay that does not die in step 2 ends.
typedef enum FakeEnd {
  FakeDiesInStep2,
  FakeExitsAfterStep1, // step 1 runs, then exit code 1, nothing said
  FakeRunsEveryStep,   // says IrsCrashReplayEndAllSteps, exit 0
  FakeStep1Fails,      // says step 1 failed, exit 0
  FakeSaysNothing,     // exit 0 without a word
} FakeEnd;

typedef struct Fake {
  const char *log;
  FakeEnd locate;
  bool writeFails;  // the snapshot says its reproducer was not written
} Fake;

// Locate: dies in step 2. Snapshot: writes the pre-step IR, reports the op
// count, and logs the step and directory it was asked for.
static int fakeReplay(IrsWorkerChannel ch, const IrsCrashReplay *r, void *ud) {
  Fake *f = ud;
  if (r->kind == IrsCrashReplayLocate && f->locate != FakeDiesInStep2) {
    if (f->locate == FakeSaysNothing)
      return 0;
    irsWorkerChannelStepBegin(ch, 0, 1);
    irsWorkerChannelStepEnd(ch, 0, 1);
    if (f->locate == FakeExitsAfterStep1)
      return 1;
    if (f->locate == FakeStep1Fails)
      irsWorkerChannelSendValue(ch, IRS_CRASH_REPLAY_FAILED_STEP, 1);
    irsWorkerChannelSendValue(ch, IRS_CRASH_REPLAY_LOCATE_END,
                              f->locate == FakeStep1Fails
                                  ? IrsCrashReplayEndStepFailed
                                  : IrsCrashReplayEndAllSteps);
    return 0;
  }
  if (r->kind == IrsCrashReplayLocate) {
    irsWorkerChannelStepBegin(ch, 0, 1);
    irsWorkerChannelStepEnd(ch, 0, 1);
    irsWorkerChannelStepBegin(ch, 0, 2);
    return 3;
  }
  irsWorkerChannelSendValue(ch, "input-ops", 7);
  if (f->writeFails) {
    irsWorkerChannelSendValue(ch, IRS_CRASH_REPLAY_WRITE_FILE,
                              IrsCrashReplayFileReproducer);
    irsWorkerChannelSendValue(ch, IRS_CRASH_REPLAY_WRITE_ERRNO, ENOSPC);
  }
  char p[8192];
  snprintf(p, sizeof(p), "%s/%s", r->dir, IRS_RUN_DIR_PRE_STEP_IR);
  FILE *o = fopen(p, "w");
  if (o)
    fclose(o);
  FILE *l = fopen(f->log, "a");
  if (l) {
    fprintf(l, "snapshot step=%ld\n", (long)r->step);
    fclose(l);
  }
  return 0;
}

static const char *const kRunning =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<irscope-manifest version=\"1\" status=\"running\">\n"
    "  <input path=\"in.mlir\"/>\n"
    "  <pipeline>builtin.module(cse,symbol-dce)</pipeline>\n"
    "  <steps count=\"2\">\n"
    "    <step index=\"1\" pass=\"cse\" anchor=\"builtin.module\" "
    "status=\"ok\">\n"
    "      <pipeline>builtin.module(cse)</pipeline>\n"
    "    </step>\n"
    "    <step index=\"2\" pass=\"symbol-dce\" anchor=\"builtin.module\" "
    "status=\"not-run\">\n"
    "      <pipeline>builtin.module(symbol-dce)</pipeline>\n"
    "    </step>\n"
    "  </steps>\n"
    "</irscope-manifest>\n";

typedef struct Setup {
  IrsPipeline pipeline;
  IrsSupervisor quiet;
  char dumpDir[4096], failDir[4096], log[4096];
  Fake fake;
  IrsCrashDocOptions o;
} Setup;

static void prepare(Setup *s, const char *root, bool withDumpDir) {
  memset(s, 0, sizeof(*s));
  s->pipeline = irsPipelineCreateParse(
      mlirStringRefCreateFromCString("builtin.module(cse,symbol-dce)"), NULL,
      NULL);
  assert_false(irsPipelineIsNull(s->pipeline));
  IrsSupervisorOptions so = {0};
  s->quiet = irsSupervisorCreate(&so);
  snprintf(s->dumpDir, sizeof(s->dumpDir), "%s", root);
  snprintf(s->failDir, sizeof(s->failDir), "%s/fail", root);
  snprintf(s->log, sizeof(s->log), "%s/replays.log", root);
  char p[8192];
  snprintf(p, sizeof(p), "%s/manifest.xml", root);
  FILE *f = fopen(p, "w");
  fputs(kRunning, f);
  fclose(f);
  s->fake.log = s->log;
  s->o = (IrsCrashDocOptions){.header.toolName = "unit",
                              .pipeline = s->pipeline,
                              .verifyEach = true,
                              .threading = true,
                              .stepTimeoutSec = 2,
                              .dumpDir = withDumpDir ? s->dumpDir : NULL,
                              .failureDir = s->failDir,
                              .replay = fakeReplay,
                              .replayUserData = &s->fake,
                              .signalName = signalName};
}

static void finish(Setup *s) {
  irsSupervisorDestroy(s->quiet);
  irsPipelineDestroy(s->pipeline);
}

static IrsWorkerResult deadIn(IrsWorkerOutcome o, intptr_t step,
                              const char *tail) {
  IrsWorkerResult r;
  memset(&r, 0, sizeof(r));
  r.outcome = o;
  r.signal = o == IrsWorkerCrashed ? SIGSEGV : 0;
  r.step = step;
  r.inStep = step > 0;
  r.elapsedMs = 12.5;
  r.stderrTail = mlirStringRefCreateFromCString(tail);
  return r;
}

//===----------------------------------------------------------------------===//
// Documenting
//===----------------------------------------------------------------------===//

static void test_crashdoc__crash_in_known_step(void **state) {
  Setup s;
  prepare(&s, *state, true);
  IrsWorkerResult res = deadIn(IrsWorkerCrashed, 2, "boom\n");
  IrsCrashDoc doc;
  irsCrashDocument(s.quiet, &res, &s.o, &doc);
  assert_int_equal(doc.step, 2);
  assert_string_equal(irsOutcomeGetName(doc.kind), "crash");
  assert_string_equal(doc.message,
                      "step 2 'builtin.module(symbol-dce)' crashed with SIGSEGV");
  assert_string_equal(doc.dir, s.failDir);
  assert_int_equal(doc.writeError, 0);
  assert_int_equal(doc.stderrTail.length, 5);
  char line[8192] = "", want[8192];
  irsCrashDocGetSummary(&doc, appendCb, line);
  snprintf(want, sizeof(want), "%s; report: %s/report.xml", doc.message,
           s.failDir);
  assert_string_equal(line, want);
  // The snapshot was asked for step 2; its files and op count are named.
  char p[8192];
  char *log = slurpPath(s.log);
  assert_string_equal(log, "snapshot step=2\n");
  free(log);
  snprintf(p, sizeof(p), "%s/report.xml", s.failDir);
  char *rep = slurpPath(p);
  assert_non_null(rep);
  assert_non_null(strstr(rep, "kind=\"crash\" step=\"2\" pass=\"symbol-dce\""));
  assert_non_null(strstr(rep, "ops=\"7\""));
  assert_non_null(strstr(rep, "<pre-step-ir file=\"failure-input.mlir\"/>"));
  assert_non_null(strstr(rep, "<stderr>boom\n</stderr>"));
  free(rep);
  // The manifest says how the run ended.
  snprintf(p, sizeof(p), "%s/manifest.xml", s.dumpDir);
  char *m = slurpPath(p);
  assert_non_null(strstr(m, "status=\"crash\">"));
  assert_non_null(strstr(m, "<steps count=\"2\" failed=\"2\">"));
  assert_non_null(strstr(m, "<failure report=\"report.xml\"/>"));
  free(m);
  irsCrashDocRelease(&doc);
  finish(&s);
}

static void test_crashdoc__locates_an_unknown_step(void **state) {
  Setup s;
  prepare(&s, *state, false);
  IrsWorkerResult res = deadIn(IrsWorkerTimedOut, 0, "");
  IrsCrashDoc doc;
  irsCrashDocument(s.quiet, &res, &s.o, &doc);
  assert_int_equal(doc.step, 2);
  assert_string_equal(irsOutcomeGetName(doc.kind), "timeout");
  assert_string_equal(doc.message,
                      "step 2 'builtin.module(symbol-dce)' timed out after 2 s");
  irsCrashDocRelease(&doc);
  irsCrashDocRelease(&doc); // released twice: still fine
  finish(&s);
}

// A worker that dies after step 1 ended (its pass failed and corrupted
// memory, say), in no step, and whose replay dies in none either: no step
// is blamed, the message says which one had run.
static void test_crashdoc__crash_after_a_step_names_it(void **state) {
  Setup s;
  prepare(&s, *state, false);
  s.fake.locate = FakeExitsAfterStep1;
  IrsWorkerResult res = deadIn(IrsWorkerCrashed, 1, "");
  res.inStep = false;
  IrsCrashDoc doc;
  irsCrashDocument(s.quiet, &res, &s.o, &doc);
  assert_int_equal(doc.step, 0);
  assert_int_equal(doc.located, IrsCrashLocatedNoAnswer);
  assert_string_equal(doc.message,
                      "the pipeline crashed with SIGSEGV after step 1 "
                      "'builtin.module(cse)' had ended; the stepwise replay "
                      "that looks for the step ended without an answer");
  // Once its chunk is done, the worker died after the pipeline.
  irsCrashDocRelease(&doc);
  res.chunksDone = 1;
  irsCrashDocument(s.quiet, &res, &s.o, &doc);
  assert_string_equal(doc.message,
                      "the pipeline crashed with SIGSEGV; the stepwise replay "
                      "that looks for the step ended without an answer");
  irsCrashDocRelease(&doc);
  finish(&s);
}

// A whole-pipeline death (no step announced) whose locate replay does not
// die: the replay says it ran every step (a thread-timing crash) or which
// step failed instead, and the message and report say so; a replay that
// exits 0 without saying is no such answer.
static void test_crashdoc__replay_that_lives_is_told(void **state) {
  static const struct {
    FakeEnd end;
    IrsWorkerOutcome outcome;
    IrsCrashLocated located;
    intptr_t failedStep;
    const char *message, *replay;
  } cases[] = {
      {FakeRunsEveryStep, IrsWorkerCrashed, IrsCrashLocatedNotReproduced, 0,
       "the pipeline crashed with SIGSEGV, but a stepwise replay of every "
       "step did not, so no step is known",
       "<replay located=\"not-reproduced\" runs=\"1\">the failure depends "
       "on timing"},
      {FakeStep1Fails, IrsWorkerTimedOut, IrsCrashLocatedOtherFailure, 1,
       "the pipeline timed out after 2 s, but a stepwise replay did not: its "
       "step 1 'builtin.module(cse)' failed first",
       "<replay located=\"other-failure\" runs=\"1\" failed-step=\"1\">"},
      {FakeSaysNothing, IrsWorkerCrashed, IrsCrashLocatedNoAnswer, 0,
       "the pipeline crashed with SIGSEGV; the stepwise replay that looks "
       "for the step ended without an answer",
       "<replay located=\"no-answer\" runs=\"1\"/>"},
  };
  Setup s;
  prepare(&s, *state, false);
  char p[8192];
  snprintf(p, sizeof(p), "%s/report.xml", s.failDir);
  for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); ++k) {
    s.fake.locate = cases[k].end;
    IrsWorkerResult res = deadIn(cases[k].outcome, 0, "");
    IrsCrashDoc doc;
    irsCrashDocument(s.quiet, &res, &s.o, &doc);
    assert_int_equal(doc.step, 0);
    assert_int_equal(doc.located, cases[k].located);
    assert_int_equal(doc.replays, 1);
    assert_int_equal(doc.replayFailedStep, cases[k].failedStep);
    assert_string_equal(doc.message, cases[k].message);
    char *rep = slurpPath(p);
    assert_non_null(rep);
    assert_non_null(strstr(rep, cases[k].replay));
    free(rep);
    irsCrashDocRelease(&doc);
  }
  finish(&s);
}

static void test_crashdoc__interrupt_writes_no_report(void **state) {
  Setup s;
  prepare(&s, *state, true);
  IrsWorkerResult res = deadIn(IrsWorkerInterrupted, 1, "");
  IrsCrashDoc doc;
  irsCrashDocument(s.quiet, &res, &s.o, &doc);
  assert_string_equal(irsOutcomeGetName(doc.kind), "interrupted");
  assert_string_equal(doc.dir, "");
  char line[2048] = "";
  irsCrashDocGetSummary(&doc, appendCb, line);
  assert_string_equal(line, "interrupted in step 1 'builtin.module(cse)'");
  struct stat st;
  assert_int_not_equal(stat(s.failDir, &st), 0);
  assert_int_not_equal(stat(s.log, &st), 0); // no replay ran
  char p[8192];
  snprintf(p, sizeof(p), "%s/manifest.xml", s.dumpDir);
  char *m = slurpPath(p);
  assert_non_null(strstr(m, "status=\"interrupted\">"));
  assert_null(strstr(m, "<failure"));
  free(m);
  irsCrashDocRelease(&doc);
  finish(&s);
}

static void test_crashdoc__unwritable_dir_is_in_the_summary(void **state) {
  Setup s;
  prepare(&s, *state, false);
  // A file where the failure directory should be.
  FILE *f = fopen(s.failDir, "w");
  fclose(f);
  IrsWorkerResult res = deadIn(IrsWorkerMemoryLimit, 1, "");
  s.o.memoryLimitBytes = 1000;
  IrsCrashDoc doc;
  irsCrashDocument(s.quiet, &res, &s.o, &doc);
  assert_int_not_equal(doc.writeError, 0);
  char line[8192] = "";
  irsCrashDocGetSummary(&doc, appendCb, line);
  char want[8192];
  snprintf(want, sizeof(want),
           "step 1 'builtin.module(cse)' exceeded the memory limit of 1000 "
           "bytes; cannot write '%s/report.xml': %s",
           s.failDir, strerror(doc.writeError));
  assert_string_equal(line, want);
  irsCrashDocRelease(&doc);
  finish(&s);
}

// A file the snapshot replay (another process) could not write is named
// on the summary line, and report.xml, written, does not name it.
static void test_crashdoc__replay_write_error_is_in_the_summary(void **state) {
  Setup s;
  prepare(&s, *state, true);
  s.fake.writeFails = true;
  IrsWorkerResult res = deadIn(IrsWorkerCrashed, 2, "");
  IrsCrashDoc doc;
  irsCrashDocument(s.quiet, &res, &s.o, &doc);
  assert_int_equal(doc.writeError, ENOSPC);
  char line[8192] = "", want[8192];
  irsCrashDocGetSummary(&doc, appendCb, line);
  snprintf(want, sizeof(want),
           "step 2 'builtin.module(symbol-dce)' crashed with SIGSEGV; cannot "
           "write '%s/reproducer.mlir': %s",
           s.failDir, strerror(ENOSPC));
  assert_string_equal(line, want);
  irsCrashDocRelease(&doc);
  finish(&s);
}

//===----------------------------------------------------------------------===//
// Reproducer parts
//===----------------------------------------------------------------------===//

static const char *const kRepro =
    "// RUN: irscope-opt %s --run-reproducer {-# mlir_reproducer: {} #-}\n"
    "module {\n}\n"
    "\n"
    "{-#\n"
    "  external_resources: {\n"
    "    mlir_reproducer: {\n"
    "      pipeline: \"builtin.module(p{s=\\\"x}\\\"})\",\n"
    "      disable_threading: true,\n"
    "      verify_each: false\n"
    "    },\n"
    "    irscope_run: {\n"
    "      seed: \"42\"\n"
    "    }\n"
    "  }\n"
    "#-}\n";

static void test_crashdoc__reproducer_parts(void **state) {
  (void)state;
  IrsReproducerParts parts;
  char pipeline[256] = "";
  assert_true(irsReproducerReadParts(mlirStringRefCreateFromCString(kRepro),
                                     &parts, appendCb, pipeline));
  assert_true(parts.hasPipeline);
  assert_string_equal(pipeline, "builtin.module(p{s=\"x}\"})");
  assert_true(parts.hasDisableThreading && parts.disableThreading);
  assert_true(parts.hasVerifyEach && !parts.verifyEach);
  assert_true(parts.hasSeed);
  assert_int_equal(parts.seed, 42);
  // Blanking both entries leaves an empty dictionary, lines in place.
  char *t = strdup(kRepro);
  for (int i = 0; i < 2; ++i)
    for (size_t k = 0; k < parts.entries[i].length; ++k)
      if (t[parts.entries[i].offset + k] != '\n')
        t[parts.entries[i].offset + k] = ' ';
  char *open = strstr(t, "external_resources: {") + 21;
  char *close = strstr(open, "}");
  for (char *c = open; c < close; ++c)
    assert_non_null(strchr(" \n", *c));
  size_t lines = 0;
  for (char *c = t; *c; ++c)
    lines += *c == '\n';
  assert_int_equal(lines, 16);
  free(t);
}

static void test_crashdoc__reproducer_without_entry(void **state) {
  (void)state;
  IrsReproducerParts parts;
  char pipeline[64] = "";
  // Only a section that starts a line counts: the RUN line's does not.
  const char *text = "// {-# external_resources: { mlir_reproducer: "
                     "{ pipeline: \"x\" } } #-}\nmodule {}\n";
  assert_false(irsReproducerReadParts(mlirStringRefCreateFromCString(text),
                                      &parts, appendCb, pipeline));
  assert_string_equal(pipeline, "");
  const char *noPipe = "module {}\n{-#\n  external_resources: {\n"
                       "    mlir_reproducer: { verify_each: true }\n  }\n#-}\n";
  assert_true(irsReproducerReadParts(mlirStringRefCreateFromCString(noPipe),
                                     &parts, appendCb, pipeline));
  assert_false(parts.hasPipeline);
  assert_false(parts.hasDisableThreading);
  assert_true(parts.hasVerifyEach && parts.verifyEach);
  assert_false(parts.hasSeed);
  assert_int_equal(parts.entries[1].length, 0);
}

// irsCrashInfoSetDeath names the death and only the limit that was hit,
// and leaves the rest of the info alone.
static void test_crashdoc__info_set_death(void **state) {
  (void)state;
  IrsCrashInfo info;
  memset(&info, 0, sizeof(info));
  info.step = 3;
  info.message = "kept";
  IrsWorkerResult r;
  memset(&r, 0, sizeof(r));
  r.outcome = IrsWorkerCrashed;
  r.signal = SIGSEGV;
  r.elapsedMs = 12.5;
  r.peakRssKb = 4096;
  r.stderrTail = mlirStringRefCreateFromCString("tail");
  irsCrashInfoSetDeath(&info, &r, "SIGSEGV", 2, 1 << 20);
  assert_int_equal(info.kind, IrsOutcomeCrash);
  assert_int_equal(info.signal, SIGSEGV);
  assert_string_equal(info.signalName, "SIGSEGV");
  assert_true(info.elapsedMs == 12.5);
  assert_true(info.timeoutSec == 0);
  assert_int_equal(info.memoryLimitBytes, 0);
  assert_int_equal(info.peakRssKb, 4096);
  assert_int_equal(info.stderrTail.length, 4);
  assert_int_equal(info.step, 3);
  assert_string_equal(info.message, "kept");
  r.outcome = IrsWorkerTimedOut;
  irsCrashInfoSetDeath(&info, &r, "signal", 2, 1 << 20);
  assert_int_equal(info.kind, IrsOutcomeTimeout);
  assert_int_equal(info.signal, 0);
  assert_true(info.timeoutSec == 2);
  assert_int_equal(info.memoryLimitBytes, 0);
  r.outcome = IrsWorkerMemoryLimit;
  irsCrashInfoSetDeath(&info, &r, "signal", 2, 1 << 20);
  assert_int_equal(info.kind, IrsOutcomeMemoryLimit);
  assert_true(info.timeoutSec == 0);
  assert_int_equal(info.memoryLimitBytes, 1 << 20);
}

int main(void) {
#define T(f) cmocka_unit_test_setup_teardown(f, setUp, tearDown)
  const struct CMUnitTest tests[] = {
      T(test_crashdoc__crash_in_known_step),
      T(test_crashdoc__locates_an_unknown_step),
      T(test_crashdoc__crash_after_a_step_names_it),
      T(test_crashdoc__replay_that_lives_is_told),
      T(test_crashdoc__interrupt_writes_no_report),
      T(test_crashdoc__unwritable_dir_is_in_the_summary),
      T(test_crashdoc__replay_write_error_is_in_the_summary),
      T(test_crashdoc__reproducer_parts),
      T(test_crashdoc__reproducer_without_entry),
      T(test_crashdoc__info_set_death),
  };
#undef T
  return cmocka_run_group_tests(tests, NULL, NULL);
}
