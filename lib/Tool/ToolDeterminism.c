// SPDX-License-Identifier: Apache-2.0
//===- ToolDeterminism.c - --check-determinism through the user's tool ----===//
//
// Every step runs twice, in two tool processes, on the same input file (the
// first run's text output of the step before), and the two printed outputs
// are compared byte for byte; the first step whose outputs (or outcomes)
// differ is documented as in-process (report.xml of kind nondeterminism
// with the unified diff, the pre-step IR, a reproducer and the first run's
// output). In threads mode the second run gets --mlir-disable-threading.
// Text, not bytecode, is handed over so that the diff is readable. Past a
// difference the plain tool, which compares nothing, goes on: when the
// step's first run (the plain tool's own run of it) succeeded, the steps
// after it run in one tool process on its output and write the output.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ToolImpl.h"

#include "irscope/Diff.h"
#include "../Support/Fs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool readAll(const char *path, IrsBuf *b) {
  FILE *f = fopen(path, "rbe");
  char chunk[65536];
  size_t n;
  while (f && (n = fread(chunk, 1, sizeof(chunk), f)) > 0)
    irsBufAppend(b, chunk, n);
  if (f)
    fclose(f);
  return f && !b->failed;
}

static void document(IrsToolRunnerImpl *t, intptr_t i, const char *input,
                     const char *first, MlirStringRef diff, bool threads) {
  IrsFailureWriter w;
  if (!t->opts.writeFailureReport ||
      irsFailureWriterOpenForRecord(&t->rec, IrsOutcomeNondeterminism, &w))
    return;
  irsToolWritePreStep(t, i, input, w);
  if (first)
    irsFailureWriterAddFile(w, IrsArtefactPostStepIr, first);
  t->rec.artifacts = (IrsRecordArtifacts){
      .diff = diff, .determinismMode = threads ? "threads" : "repeat"};
  int e = irsFailureWriterCommitRecord(w, &t->rec,
                                       IrsRecordWriterNondeterminismReport);
  if (e)
    irsBufPrintf(&t->rec.errMsg, "; cannot write report in '%s': %s",
                 t->rec.failureDirUsed, strerror(e));
}

static const char *word(bool ok) { return ok ? "succeeded" : "failed"; }

// "step N 'STEP' is not deterministic: pass 'PASS' ", which the caller
// ends with how the two runs differed.
static void startMessage(IrsToolRunnerImpl *t, intptr_t i) {
  MlirStringRef s = irsPipelineGetStepText(t->rec.pipeline, i);
  MlirStringRef p = irsPipelineGetStepPassName(t->rec.pipeline, i);
  irsBufPrintf(&t->rec.errMsg,
               "step %ld '%.*s' is not deterministic: pass '%.*s' ",
               (long)(i + 1), (int)s.length, s.data, (int)p.length, p.data);
}

// Runs step i twice on `input` into `a` and `b`; returns whether they
// differ (a differing outcome or output), with the diff in `diff`.
static bool runTwice(IrsToolRunnerImpl *t, intptr_t i, const char *input,
                     const char *a, const char *b, bool threads, bool *ok1,
                     IrsBuf *diff) {
  char *text = irsStrDupRef(irsPipelineGetStepText(t->rec.pipeline, i));
  IrsToolExec e = {.pipeline = text, .input = input, .output = a,
                   .verifyEach = t->opts.verifyEach, .step = i + 1};
  IrsToolExecResult r1, r2;
  irsToolAnnounce(t, i + 1, true);
  bool ran1 = text && irsToolExecRun(t, &e, &r1) == IRS_OK;
  e.output = b;
  e.noThreads = threads;
  bool ran2 = ran1 && irsToolExecRun(t, &e, &r2) == IRS_OK;
  irsToolAnnounce(t, i + 1, false);
  free(text);
  if (!ran1 || !ran2) {
    if (ran1)
      irsToolExecResultFree(&r1);
    *ok1 = false;
    return false;
  }
  irsToolRecordStep(t, i, &r1);
  irsToolForwardStderr(t, &r1, false);
  *ok1 = irsToolExecOk(&r1);
  bool ok2 = irsToolExecOk(&r2);
  bool differ = *ok1 != ok2;
  if (*ok1 && ok2 && !irsToolFilesEqual(a, b)) {
    IrsBuf x = IRS_BUF_INIT, y = IRS_BUF_INIT;
    differ = true;
    if (readAll(a, &x) && readAll(b, &y))
      irsDiffUnified(irsBufRef(&x), irsBufRef(&y),
                     threads ? "threading-on" : "first-run",
                     threads ? "threading-off" : "second-run", 3,
                     irsBufStringCallback, diff, NULL);
    irsBufFree(&x);
    irsBufFree(&y);
  }
  if (differ && *ok1 != ok2) {
    startMessage(t, i);
    irsBufPrintf(&t->rec.errMsg, "%s in the %s run and %s in the %s run",
                 word(*ok1), threads ? "threaded" : "first", word(ok2),
                 threads ? "single-threaded" : "second");
  }
  irsToolExecResultFree(&r1);
  irsToolExecResultFree(&r2);
  return differ;
}

static void describeDiffer(IrsToolRunnerImpl *t, intptr_t i, bool threads) {
  if (t->rec.errMsg.len)
    return; // runTwice described a differing outcome
  startMessage(t, i);
  irsBufPrintf(&t->rec.errMsg, "printed different IR %s",
               threads ? "with threading on and off"
                       : "in two runs on the same input");
}

// The plain tool's run after differing step `step` (1-based), from the
// first run's output `from`, and after a run's write error (ToolRun.c):
// the rest of the pipeline in one tool process, its output to `output`. A
// rest that fails fails the plain tool too: no output, the tool's stderr
// shown as the plain tool shows it. IRS_OK, or the output's write error.
IrsErrorKind irsToolRunPlainRest(IrsToolRunnerImpl *t, intptr_t step,
                                 const char *from, const char *output) {
  if (step >= t->rec.numSteps)
    return irsToolFinishOutput(t, from, output);
  IrsBuf text = IRS_BUF_INIT;
  char *out = irsToolScratch(t, "plain-rest.mlir");
  IrsErrorKind k = IRS_OK;
  if (out && irsPipelineGetRangeText(t->rec.pipeline, step, t->rec.numSteps,
                                     irsBufStringCallback, &text) &&
      !text.failed) {
    IrsToolExec e = {.pipeline = text.data, .input = from, .output = out,
                     .verifyEach = t->opts.verifyEach,
                     .bytecode = t->opts.emitBytecode};
    IrsToolExecResult r;
    if (irsToolExecRun(t, &e, &r) == IRS_OK) {
      irsToolForwardStderr(t, &r, false);
      if (irsToolExecOk(&r))
        k = irsToolFinishOutput(t, out, output);
      irsToolExecResultFree(&r);
    }
    unlink(out);
  }
  free(out);
  irsBufFree(&text);
  return k;
}

IrsStatus irsToolRunnerCheckDeterminism(IrsToolRunner runner,
                                        const char *inputPath,
                                        const char *outputPath, bool threads,
                                        intptr_t *differingStep) {
  IrsToolRunnerImpl *t = runner.ptr;
  irsToolRunReset(t);
  *differingStep = 0;
  char *cur = irsStrDup(inputPath);
  char *plainFrom = NULL; // the differing step's first output, if it ran
  IrsErrorKind k = cur ? IRS_OK : IRS_ERR_NOMEM;
  for (intptr_t i = 0; k == IRS_OK && i < t->rec.numSteps; ++i) {
    char na[32], nb[32];
    snprintf(na, sizeof(na), "det-%ld-a.mlir", (long)(i + 1));
    snprintf(nb, sizeof(nb), "det-%ld-b.mlir", (long)(i + 1));
    char *a = irsToolScratch(t, na), *b = irsToolScratch(t, nb);
    IrsBuf diff = IRS_BUF_INIT;
    bool ok1 = false;
    bool differ = a && b && runTwice(t, i, cur, a, b, threads, &ok1, &diff);
    if (differ) {
      t->rec.failedStep = i + 1;
      describeDiffer(t, i, threads);
      document(t, i, cur, ok1 ? a : NULL, irsBufRef(&diff), threads);
      *differingStep = i + 1;
      if (ok1) {
        plainFrom = a;
        a = NULL;
      }
    } else if (!ok1) {
      MlirStringRef s = irsPipelineGetStepText(t->rec.pipeline, i);
      t->rec.failedStep = i + 1;
      irsBufPrintf(&t->rec.errMsg, "step %ld '%.*s' failed in both runs; run "
                                   "without --check-determinism to document it",
                   (long)(i + 1), (int)s.length, s.data);
      k = IRS_ERR_PASS;
    } else {
      t->rec.steps[i].result.status = IrsStepOk;
      t->rec.steps[i].result.changed = i == 0 || !irsToolFilesEqual(cur, a);
      if (i > 0)
        unlink(cur);
      free(cur);
      cur = a;
      a = NULL;
    }
    // A run that failed may still have written its output (a tool that
    // writes before it fails, a failure after the print).
    if (a)
      unlink(a);
    if (b)
      unlink(b);
    irsBufFree(&diff);
    free(a);
    free(b);
    if (differ)
      break;
  }
  if (k == IRS_OK && !*differingStep && cur)
    k = irsToolFinishOutput(t, cur, outputPath);
  if (k == IRS_OK && plainFrom)
    k = irsToolRunPlainRest(t, *differingStep, plainFrom, outputPath);
  if (plainFrom)
    unlink(plainFrom);
  free(plainFrom);
  // The last step's output that went on (never the user's input).
  if (cur && strcmp(cur, inputPath) != 0)
    unlink(cur);
  free(cur);
  return irsStatusMake(k);
}
