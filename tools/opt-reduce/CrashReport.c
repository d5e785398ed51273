// SPDX-License-Identifier: Apache-2.0
//===- CrashReport.c - --failure-dir: the reduced failure, documented -----===//
//
// A reduction whose signature is a dead worker ends, with --failure-dir,
// by documenting the reduced module's death the way irscope-opt documents
// one, so that both tools hand over the same evidence: the result runs once
// more step by step in a supervised worker, and when it dies the library's
// irsCrashDocument (lib/Supervisor/CrashDoc.c) writes report.xml,
// failure-input.mlir, reproducer.mlir and reproducer-full.mlir. This file
// only supplies that worker and the replay workers' body (the reduced
// module, forked copy-on-write, and a pass manager of the reduced pipeline)
// and prints the summary the library returns.
//
//===----------------------------------------------------------------------===//
#include "CrashReport.h"

#include "CrashHandler.h"
#include "CrashNote.h"

#include "irscope/CrashDoc.h"
#include "irscope/Input.h"
#include "irscope/Outcome.h"
#include "irscope/PassManager.h"
#include "irscope/Signature.h"
#include "irscope/Supervisor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct DocRun {
  const OrConfig *c;
  MlirContext ctx;
  MlirOperation module;  // the reduced module
  IrsPipeline pipeline;  // the reduced pipeline
  IrsWorkerChannel ch;   // in a worker
} DocRun;

// A pass manager like the reducer's test workers' (stepwise, single
// threaded), announcing its steps to the supervisor.
static IrsPassManager stepPm(DocRun *d) {
  return irsWorkerChannelCreatePassManager(
      &d->ch, d->ctx, d->pipeline, d->c->plugins.registry,
      (IrsActionTrail){NULL}, d->c->seed ? &d->c->seedValue : NULL);
}

// First thing in the worker and in the replay workers: the crash handlers
// (the report's stack trace) and the pass manager.
static IrsPassManager workerPm(DocRun *d, IrsWorkerChannel ch) {
  d->ch = ch;
  irsInstallCrashHandlers("opt-reduce");
  return stepPm(d);
}

static int runWorker(IrsWorkerChannel ch, void *ud) {
  DocRun *d = ud;
  IrsPassManager pm = workerPm(d, ch);
  if (irsPassManagerIsNull(pm))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  IrsStatus st = irsPassManagerRun(pm, d->module);
  irsPassManagerDestroy(pm);
  return irsOutcomeGetExitCode(irsOutcomeFromErrorKind(st.kind));
}

// The body of the library's replay workers.
static int replayMain(IrsWorkerChannel ch, const IrsCrashReplay *replay,
                      void *ud) {
  DocRun *d = ud;
  IrsPassManager pm = workerPm(d, ch);
  if (irsPassManagerIsNull(pm))
    return irsOutcomeGetExitCode(IrsOutcomeUsageError);
  const OrConfig *c = d->c;
  IrsCrashReplaySettings set = {d->pipeline,      true, true,
                                c->printDebugInfo, c->seed != NULL,
                                c->seedValue,     c->plugins.plugins};
  IrsErrorKind k = irsCrashReplayRun(replay, ch, pm, d->module, &set);
  irsPassManagerDestroy(pm);
  return irsOutcomeGetExitCode(irsOutcomeFromErrorKind(k));
}

static void printNote(MlirStringRef s, void *ud) {
  (void)ud;
  fprintf(stderr, "opt-reduce: note: %.*s\n", (int)s.length, s.data);
}

// Documents the death in `res`; the exit code of ok or of an I/O error.
static int document(DocRun *d, IrsSupervisor sup, const IrsWorkerResult *res,
                    double timeoutSec) {
  const OrConfig *c = d->c;
  IrsErrorKind kind = IRS_OK; // -o as written: the report's input and hash
  IrsInput out = irsInputCreateFromFile(c->output, NULL, NULL, &kind);
  IrsCrashDocOptions o = {
      .header = {.toolName = "opt-reduce",
                 .inputPath = c->outputName,
                 .inputHash = irsInputIsNull(out) ? "" : irsInputGetHash(out)},
      .pipeline = d->pipeline,
      .verifyEach = true,
      .threading = false,
      .plugins = c->plugins.plugins,
      .stepTimeoutSec = timeoutSec,
      .memoryLimitBytes = c->memoryLimitBytes,
      .failureDir = c->failureDir,
      .replay = replayMain,
      .replayUserData = d,
      .signalName = irsSignalName,
      .symbolizer = irsToolSymbolizer(),
  };
  IrsCrashDoc doc;
  irsCrashDocument(sup, res, &o, &doc);
  irsCrashDocGetSummary(&doc, printNote, NULL);
  int rc = irsOutcomeGetExitCode(doc.dir[0] && !doc.writeError
                                     ? IrsOutcomeOk
                                     : IrsOutcomeIoError);
  irsCrashDocRelease(&doc);
  irsInputDestroy(out);
  return rc;
}

int orCrashReportWrite(const OrConfig *c, MlirContext ctx, IrsReducer r) {
  const IrsSignature *sig = irsReducerGetSignature(r);
  if (!c->failureDir)
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  if (sig->inEdit || (sig->kind != IrsOutcomeCrash &&
                      sig->kind != IrsOutcomeTimeout &&
                      sig->kind != IrsOutcomeMemoryLimit)) {
    char kind[32];
    fprintf(stderr, "opt-reduce: note: --failure-dir documents a crash, a "
                    "timeout or a memory limit, not %s: nothing written to "
                    "'%s'\n",
            irsSignatureFormatKind(sig, kind, sizeof(kind)), c->failureDir);
    return irsOutcomeGetExitCode(IrsOutcomeOk);
  }
  DocRun d = {c, ctx, irsReducerGetModule(r),
              irsPipelineCreateParse(irsReducerGetPipeline(r), NULL, NULL),
              {0}};
  // The reducer's limits. A timeout signature implies --test-timeout;
  // without one, 60 s keeps a result that now hangs from hanging us.
  double timeoutSec = c->testTimeoutSec > 0 ? c->testTimeoutSec : 60;
  IrsSupervisorOptions so = {.stepTimeoutSec = timeoutSec,
                             .memoryLimitBytes = c->memoryLimitBytes};
  IrsSupervisor sup = irsSupervisorCreate(&so);
  const IrsWorkerResult *res = NULL;
  int rc = irsOutcomeGetExitCode(IrsOutcomeIoError);
  if (irsPipelineIsNull(d.pipeline) || !sup.ptr ||
      !irsStatusIsOk(irsSupervisorRun(sup, runWorker, &d, &res))) {
    fprintf(stderr, "opt-reduce: error: cannot run the result for "
                    "--failure-dir\n");
  } else if (res->outcome == IrsWorkerExited) {
    fprintf(stderr, "opt-reduce: note: the result did not die when run "
                    "again: nothing written to '%s'\n",
            c->failureDir);
    rc = irsOutcomeGetExitCode(IrsOutcomeOk);
  } else {
    rc = document(&d, sup, res, timeoutSec);
  }
  irsSupervisorDestroy(sup);
  irsPipelineDestroy(d.pipeline);
  return rc;
}
