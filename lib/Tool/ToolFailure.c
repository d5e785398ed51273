// SPDX-License-Identifier: Apache-2.0
//===- ToolFailure.c - documenting a step the tool failed -----------------===//
//
// A foreign tool only says "exit code 1" and prints diagnostics, so the
// kind of failure is found out by asking the tool again, only on the
// failure path (a successful run pays nothing):
//   - a process that died (signal, step timeout, memory limit) is a crash
//     report, as for irscope's own worker;
//   - an error from MLIR's pipeline parser means the tool rejected the
//     step's pipeline (unknown pass, bad option): the tool's business;
//   - if the tool cannot even parse the step's input, the input (step 1) or
//     the tool's own previous output is at fault, not the pass;
//   - with verify-each, the step is run again without it: if it then
//     succeeds, the verifier failed (and the rerun prints the broken IR in
//     generic form as the post-step IR), otherwise the pass did.
// The pre-step IR is the step's input file as the tool wrote it (no replay
// needed); the reproducer is that IR printed generically by the tool plus
// an mlir_reproducer resource, which `TOOL --run-reproducer` replays.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ToolImpl.h"

#include "irscope/CrashDoc.h"
#include "irscope/Report.h"
#include "../Support/Fs.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Step i's pipeline; i < 0 stands for the whole pipeline (a failure of a
// whole run that no step reproduces on its own).
static MlirStringRef stepText(IrsToolRunnerImpl *t, intptr_t i) {
  return i < 0 ? irsPipelineGetText(t->rec.pipeline)
               : irsPipelineGetStepText(t->rec.pipeline, i);
}

static void setMessage(IrsToolRunnerImpl *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void setMessage(IrsToolRunnerImpl *t, const char *fmt, ...) {
  char line[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof(line), fmt, ap);
  va_end(ap);
  irsBufReset(&t->rec.errMsg);
  irsBufAppendStr(&t->rec.errMsg, line);
}

// Runs the tool with no passes on `input` into `output` (atomically).
static bool printWith(IrsToolRunnerImpl *t, const char *input,
                      const char *output, bool generic) {
  IrsToolExec e = {.input = input, .output = output, .verifyEach = false,
                   .generic = generic, .helper = true};
  IrsToolExecResult r;
  bool ok = irsToolExecRun(t, &e, &r) == IRS_OK && irsToolExecOk(&r);
  irsToolExecResultFree(&r);
  return ok;
}

typedef struct PrintArgs {
  IrsToolRunnerImpl *t;
  const char *input;
} PrintArgs;

// The input printed by the tool, in text (IrsArtefactWriteFn).
static int printText(const char *path, void *ud) {
  const PrintArgs *p = ud;
  return printWith(p->t, p->input, path, false) ? 0 : EIO;
}

// reproducer.mlir: the input printed generically by the tool, with the
// mlir_reproducer resource; and the command line that replays it.
static bool writeReproducer(IrsToolRunnerImpl *t, intptr_t i, const char *input,
                            IrsFailureWriter w) {
  char *tmp = irsToolScratch(t, irsArtefactGetName(IrsArtefactReproducer));
  bool ok = tmp && printWith(t, input, tmp, true);
  IrsBuf b = IRS_BUF_INIT;
  if (ok) {
    FILE *f = fopen(tmp, "rbe");
    char chunk[65536];
    size_t n;
    while (f && (n = fread(chunk, 1, sizeof(chunk), f)) > 0)
      irsBufAppend(&b, chunk, n);
    ok = f != NULL;
    if (f)
      fclose(f);
    irsReproducerAppendResource(&b, stepText(t, i), !t->opts.threadingEnabled,
                                t->opts.verifyEach);
    ok = ok && !b.failed &&
         irsFailureWriterAddText(w, IrsArtefactReproducer, irsBufRef(&b)) == 0;
  }
  char *path = ok ? irsFailureWriterGetPath(w, IrsArtefactReproducer) : NULL;
  if (path) {
    irsToolFormatTool(t, &t->reproCmd);
    irsBufPrintf(&t->reproCmd, " --run-reproducer %s", path);
  }
  irsBufFree(&b);
  if (tmp)
    unlink(tmp);
  free(tmp);
  free(path);
  return ok;
}

bool irsToolWritePreStep(IrsToolRunnerImpl *t, intptr_t i, const char *input,
                         IrsFailureWriter w) {
  PrintArgs pa = {t, input};
  bool ok =
      (irsToolFileIsBytecode(input)
           ? irsFailureWriterAddWith(w, IrsArtefactPreStepIr, printText, &pa)
           : irsFailureWriterAddFile(w, IrsArtefactPreStepIr, input)) == 0;
  char *pre = ok ? irsFailureWriterGetPath(w, IrsArtefactPreStepIr) : NULL;
  if (pre) {
    IrsToolExec e = {.pipeline = irsPipelineGetText(t->rec.pipeline).data,
                     .input = pre, .output = "-", .verifyEach = t->opts.verifyEach};
    char *text = irsStrDupRef(stepText(t, i));
    e.pipeline = text;
    irsToolExecFormat(t, &e, &t->replayCmd);
    free(text);
    writeReproducer(t, i, input, w);
  }
  free(pre);
  return ok;
}

// "SIGSEGV"; glibc's abbreviations, so the library needs no table of its own.
static const char *signalName(int sig, char buf[24]) {
  const char *a = sig > 0 ? sigabbrev_np(sig) : NULL;
  snprintf(buf, 24, "SIG%s", a ? a : "?");
  return buf;
}

static void describeDeath(IrsToolRunnerImpl *t, intptr_t i,
                          const IrsWorkerResult *r) {
  MlirStringRef s = stepText(t, i);
  int n = (int)s.length;
  if (i < 0) {
    char sig[24];
    setMessage(t, "pipeline '%.*s' %s%s, but no single step fails when "
                  "replayed step by step",
               n, s.data,
               r->outcome == IrsWorkerCrashed ? "crashed with " : "died: ",
               r->outcome == IrsWorkerCrashed
                   ? signalName(r->signal, sig)
                   : irsWorkerOutcomeGetName(r->outcome));
  } else if (r->outcome == IrsWorkerTimedOut)
    setMessage(t, "step %ld '%.*s' timed out after %g s", (long)(i + 1), n,
               s.data, t->opts.stepTimeoutSec);
  else if (r->outcome == IrsWorkerMemoryLimit)
    setMessage(t, "step %ld '%.*s' exceeded the memory limit of %lld bytes",
               (long)(i + 1), n, s.data, (long long)t->opts.memoryLimitBytes);
  else if (r->outcome == IrsWorkerInterrupted)
    setMessage(t, "interrupted in step %ld '%.*s'", (long)(i + 1), n, s.data);
  else {
    char sig[24];
    setMessage(t, "step %ld '%.*s' crashed with %s", (long)(i + 1), n, s.data,
               signalName(r->signal, sig));
  }
}

// The run *r becomes the run's death (its buffers move to t->death).
static const IrsWorkerResult *takeDeath(IrsToolRunnerImpl *t,
                                        IrsToolExecResult *r) {
  t->hasDeath = true;
  t->death = *r;
  memset(r, 0, sizeof(*r));
  if (t->death.res.outcome == IrsWorkerInterrupted) {
    t->rec.interrupted = true;
    t->rec.death.elapsedMs = t->death.res.elapsedMs;
  }
  return &t->death.res;
}

static IrsErrorKind documentDeath(IrsToolRunnerImpl *t, intptr_t i,
                                  const char *input, IrsToolExecResult *r) {
  const IrsWorkerResult *w = takeDeath(t, r);
  describeDeath(t, i, w);
  t->rec.failedStep = i < 0 ? 0 : i + 1;
  if (w->outcome == IrsWorkerInterrupted)
    return IRS_ERR_PASS;
  t->rec.deathKind = irsWorkerOutcomeGetDeathKind(w->outcome);
  IrsFailureWriter fw;
  if (!t->opts.writeFailureReport ||
      irsFailureWriterOpenForRecord(&t->rec, t->rec.deathKind, &fw))
    return IRS_ERR_PASS;
  irsToolWritePreStep(t, i, input, fw);
  // A death no step reproduces (i < 0, a race) has no step to narrow; a
  // hang has no count to bisect, but its log names what it repeats.
  if (t->opts.narrow && i >= 0 && w->outcome != IrsWorkerTimedOut)
    irsToolNarrowStep(t, i, input, t->rec.deathKind, &t->death, fw);
  else if (t->opts.narrow && i >= 0)
    irsToolHangActions(t, i, input);
  IrsCrashInfo c;
  memset(&c, 0, sizeof(c));
  c.header = t->rec.header;
  if (!c.header.toolName)
    c.header.toolName = "irscope-opt";
  c.pipeline = t->rec.pipeline;
  c.verifyEach = t->opts.verifyEach;
  c.threading = t->opts.threadingEnabled;
  char sig[24];
  irsCrashInfoSetDeath(&c, w, signalName(w->signal, sig),
                       t->opts.stepTimeoutSec, t->opts.memoryLimitBytes);
  c.step = i < 0 ? 0 : i + 1;
  c.message = t->rec.errMsg.data;
  c.dumpOnlyChanged = t->opts.dumpOnlyChanged;
  c.inputOps = -1;
  c.inputDump = t->rec.inputDumpFile;
  c.lastGoodDump = i < 0 ? NULL : irsRunRecordLastGoodDump(&t->rec, i);
  c.replayCommand = t->replayCmd.len ? t->replayCmd.data : NULL;
  c.reproducerCommand = t->reproCmd.len ? t->reproCmd.data : NULL;
  c.action = t->narrowed.tag ? &t->narrowed : NULL;
  c.actionDiff = irsBufRef(&t->narrowDiff);
  if (t->trailFilled)
    c.actionTrail = t->trail;
  free(t->rec.failureDirUsed);
  t->rec.failureDirUsed = irsStrDup(irsFailureWriterGetDir(fw));
  int e = irsFailureWriterCommitCrash(fw, &c);
  if (e)
    irsBufPrintf(&t->rec.errMsg, "; cannot write report in '%s': %s",
                 t->rec.failureDirUsed, strerror(e));
  return IRS_ERR_PASS;
}

// The first error diagnostic's message, for one-line summaries.
static MlirStringRef firstError(IrsToolRunnerImpl *t, intptr_t i) {
  const IrsToolDiags *d = &t->diags[i];
  for (intptr_t k = 0; k < d->numDiags; ++k)
    if (d->diags[k].severity == IrsSeverityError)
      return d->diags[k].message;
  return (MlirStringRef){"", 0};
}

// MLIR's words when a pipeline does not parse or cannot be built (unknown
// pass, bad option, a pass nested under the wrong op).
static bool rejectedPipeline(const IrsToolExecResult *r) {
  static const char *const marks[] = {
      "PassPipeline Parser", "does not refer to a registered", "Can't add pass",
      "failed to add `"};
  MlirStringRef e = r->res.stderrTail;
  for (size_t k = 0; k < sizeof(marks) / sizeof(marks[0]); ++k)
    if (e.length && memmem(e.data, e.length, marks[k], strlen(marks[k])))
      return true;
  return false;
}

static IrsErrorKind documentExit(IrsToolRunnerImpl *t, intptr_t i,
                                 const char *input, bool verifyFailed,
                                 const char *postScratch,
                                 const IrsToolExecResult *r) {
  IrsRecordStep *s = &t->rec.steps[i];
  MlirStringRef text = stepText(t, i);
  MlirStringRef pass = irsPipelineGetStepPassName(t->rec.pipeline, i);
  s->result.status = verifyFailed ? IrsStepVerifyFailed : IrsStepPassFailed;
  s->result.verified = verifyFailed;
  if (verifyFailed) {
    irsRunRecordSetFailedHook(&t->rec, i, "verifier");
    setMessage(t, "step %ld '%.*s' broke the IR: verifier failed after pass "
                  "'%.*s'",
               (long)(i + 1), (int)text.length, text.data, (int)pass.length,
               pass.data);
  } else {
    setMessage(t, "step %ld '%.*s' failed: pass '%.*s' signalled failure",
               (long)(i + 1), (int)text.length, text.data, (int)pass.length,
               pass.data);
  }
  t->rec.failedStep = i + 1;
  IrsOutcome kind =
      verifyFailed ? IrsOutcomeVerifyFailure : IrsOutcomePassFailure;
  IrsFailureWriter w;
  if (!t->opts.writeFailureReport ||
      irsFailureWriterOpenForRecord(&t->rec, kind, &w))
    return verifyFailed ? IRS_ERR_VERIFY : IRS_ERR_PASS;
  irsToolWritePreStep(t, i, input, w);
  if (t->opts.narrow)
    irsToolNarrowStep(t, i, input, kind, r, w);
  if (postScratch)
    irsFailureWriterAddFile(w, IrsArtefactPostStepIr, postScratch);
  t->rec.artifacts = (IrsRecordArtifacts){
      .replayCommand = t->replayCmd.len ? t->replayCmd.data : NULL,
      .reproducerCommand = t->reproCmd.len ? t->reproCmd.data : NULL,
      .action = t->narrowed.tag ? &t->narrowed : NULL,
      .actionDiff = irsBufRef(&t->narrowDiff)};
  int e =
      irsFailureWriterCommitRecord(w, &t->rec, IrsRecordWriterFailureReport);
  if (e)
    irsBufPrintf(&t->rec.errMsg, "; cannot write report in '%s': %s",
                 t->rec.failureDirUsed, strerror(e));
  return verifyFailed ? IRS_ERR_VERIFY : IRS_ERR_PASS;
}

IrsErrorKind irsToolDocumentInputInterrupt(IrsToolRunnerImpl *t,
                                          IrsToolExecResult *r) {
  takeDeath(t, r);
  setMessage(t, "interrupted while dumping the input");
  t->rec.failedStep = 0;
  return IRS_ERR_PASS;
}

IrsErrorKind irsToolDocumentWholeDeath(IrsToolRunnerImpl *t,
                                      const char *input,
                                      IrsToolExecResult *r) {
  return documentDeath(t, -1, input, r);
}

IrsErrorKind irsToolDocumentFailure(IrsToolRunnerImpl *t, intptr_t i,
                                    const char *input, IrsToolExecResult *r) {
  MlirStringRef text = stepText(t, i);
  int n = (int)text.length;
  if (r->execErrno) {
    t->toolError = true;
    setMessage(t, "cannot run tool '%s': %s", t->path, strerror(r->execErrno));
    return IRS_ERR_IO;
  }
  if (r->res.outcome != IrsWorkerExited)
    return documentDeath(t, i, input, r);
  if (rejectedPipeline(r)) {
    MlirStringRef why = firstError(t, i);
    setMessage(t, "step %ld '%.*s': '%s' rejected the pipeline: %.*s",
               (long)(i + 1), n, text.data, t->path, (int)why.length, why.data);
    return IRS_ERR_PIPELINE;
  }
  if (!(i == 0 && t->rec.inputDumpFile) &&
      !printWith(t, input, "/dev/null", false)) {
    t->rec.failedStep = i + 1;
    if (i == 0) {
      setMessage(t, "'%s' cannot parse the input", t->path);
      return IRS_ERR_PARSE;
    }
    t->toolError = true;
    setMessage(t, "step %ld '%.*s': '%s' cannot read back its own output of "
                  "step %ld",
               (long)(i + 1), n, text.data, t->path, (long)i);
    return IRS_ERR_IO;
  }
  bool verifyFailed = false, printed = false;
  char *post = NULL;
  if (t->opts.verifyEach) {
    char *p = irsStrDupRef(text);
    post = irsToolScratch(t, irsArtefactGetName(IrsArtefactPostStepIr));
    IrsToolExec e = {.pipeline = p, .input = input, .output = post,
                     .verifyEach = false, .generic = true, .step = i + 1};
    IrsToolExecResult r2 = {0};
    bool ran = p && post && irsToolExecRun(t, &e, &r2) == IRS_OK;
    // Without the verifier the pass ran through, or the tool died printing
    // IR broken beyond what its printer survives (remove-dead-values on
    // #206916), which a pass that signalled failure never gets to print.
    printed = ran && irsToolExecOk(&r2);
    verifyFailed = printed || (ran && r2.execErrno == 0 &&
                               r2.res.outcome == IrsWorkerCrashed);
    irsToolExecResultFree(&r2);
    free(p);
  }
  IrsErrorKind k = documentExit(t, i, input, verifyFailed,
                                printed ? post : NULL, r);
  if (post)
    unlink(post);
  free(post);
  return k;
}
