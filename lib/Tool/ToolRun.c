// SPDX-License-Identifier: Apache-2.0
//===- ToolRun.c - the two modes of a tool run, and the getters -----------===//
//
// Whole mode runs the tool once on the whole pipeline: the cost over a
// plain run of the tool is one fork, one exec wrapper and copying the
// output into place. Only when it fails are the steps replayed one process
// each, which finds and documents the failing step as a stepwise run
// would.
//
// Stepwise mode (a dump directory, or IrsToolOptions.stepwise) runs one
// tool process per step, each on the previous one's output, after the
// tool has printed the input as dump 0 (the first check that it reads
// it). The hand-over is bytecode in the scratch directory while the tool
// honours --emit-bytecode, else its text; a dump is the tool's text print
// of that bytecode, or the step's text output itself. Without dumps the
// last step writes the format asked for. Whatever the tool writes
// into the dump directory goes to "<dump>.tmp-PID-tool" and is renamed
// into place, so dumps are never half-written. "changed" is a byte
// comparison with the step's input as the tool printed it. An I/O error
// of irscope's own stops the steps, and the plain tool runs the rest
// (goOnPlainly).
//
// Every tool output is checked before it is trusted: present and
// non-empty (mlir-opt prints at least "module {}"), and either bytecode or
// text without NUL bytes; a tool that breaks this is reported as
// misbehaving (irsToolRunnerGetToolError), not as a failing pass.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ToolImpl.h"

#include "../Support/Fs.h"
#include "irscope/RunDir.h"
#include "irscope/StackTrace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static MlirStringRef stepText(IrsToolRunnerImpl *t, intptr_t i) {
  return irsPipelineGetStepText(t->rec.pipeline, i);
}

static void failTool(IrsToolRunnerImpl *t, intptr_t i, const char *what) {
  irsBufReset(&t->rec.errMsg);
  if (i >= 0) {
    MlirStringRef s = stepText(t, i);
    irsBufPrintf(&t->rec.errMsg, "step %ld '%.*s': ", (long)(i + 1),
                 (int)s.length, s.data);
  }
  irsBufPrintf(&t->rec.errMsg, "'%s' %s", t->path, what);
  t->toolError = true;
  t->rec.failedStep = i + 1;
}

// NULL when `path` is a plausible output, else what is wrong with it.
static const char *checkOutput(const char *path) {
  FILE *f = fopen(path, "rbe");
  if (!f)
    return "exited with 0 but wrote no output";
  char buf[65536];
  size_t n = fread(buf, 1, sizeof(buf), f);
  fclose(f);
  if (n == 0)
    return "exited with 0 but wrote no output";
  if (n >= 4 && memcmp(buf, "ML\xefR", 4) == 0)
    return NULL;
  if (memchr(buf, '\0', n))
    return "wrote output that is neither MLIR text nor bytecode";
  return NULL;
}

bool irsToolFilesEqual(const char *a, const char *b) {
  FILE *fa = fopen(a, "rbe"), *fb = fopen(b, "rbe");
  bool eq = fa && fb;
  static const size_t kChunk = 65536;
  char *x = eq ? malloc(2 * kChunk) : NULL;
  eq = eq && x;
  while (eq) {
    size_t na = fread(x, 1, kChunk, fa), nb = fread(x + kChunk, 1, kChunk, fb);
    eq = na == nb && memcmp(x, x + kChunk, na) == 0;
    if (na == 0)
      break;
  }
  free(x);
  if (fa)
    fclose(fa);
  if (fb)
    fclose(fb);
  return eq;
}

void irsToolAnnounce(IrsToolRunnerImpl *t, intptr_t step, bool begin) {
  if (t->opts.onStep)
    t->opts.onStep(step, begin, t->opts.onStepUserData);
}

void irsToolForwardStderr(IrsToolRunnerImpl *t, const IrsToolExecResult *r,
                          bool quiet) {
  if (quiet || !t->opts.onStderr || !r->err.len)
    return;
  // A timed-out tool was asked for its trace (SIGQUIT, ToolRunner.c).
  if (r->res.outcome != IrsWorkerCrashed &&
      r->res.outcome != IrsWorkerTimedOut) {
    t->opts.onStderr(irsBufRef(&r->err), t->opts.onStderrUserData);
    return;
  }
  // One call, as for a tool that lived: the caller may not expect pieces.
  IrsBuf kept = IRS_BUF_INIT;
  irsStackTraceStripLlvmDump(irsBufRef(&r->err), irsBufStringCallback, &kept);
  if (kept.len)
    t->opts.onStderr(irsBufRef(&kept), t->opts.onStderrUserData);
  irsBufFree(&kept);
}

void irsToolRecordStep(IrsToolRunnerImpl *t, intptr_t i,
                       const IrsToolExecResult *r) {
  IrsStepResult *s = &t->rec.steps[i].result;
  s->wallMs = r->res.runMs;
  s->cpuMs = r->cpuMs;
  s->peakRssKb = r->res.peakRssKb;
  irsToolDiagsFree(&t->diags[i]);
  if (irsToolDiagsParse(irsBufRef(&r->err), i + 1, &t->diags[i]) == IRS_OK) {
    s->diagnostics = t->diags[i].diags;
    s->numDiagnostics = t->diags[i].numDiags;
  }
  t->rec.totalWallMs += r->res.runMs;
}

IrsErrorKind irsToolWriteManifest(IrsToolRunnerImpl *t) {
  if (!t->rec.dumpDir)
    return IRS_OK;
  irsRunRecordHashDumps(&t->rec);
  int e = irsRunRecordWrite(&t->rec, IrsRecordWriterManifest, t->rec.dumpDir);
  if (!e)
    return IRS_OK;
  // A failed run keeps its message (and code, irsToolRunnerRun): the
  // manifest's error is said on its line, as a failure's artefacts are.
  if (t->rec.runStatus == IRS_ERR_IO && t->rec.errMsg.len)
    return IRS_ERR_IO; // the line says the first write error already
  if (t->rec.runStatus != IRS_OK && t->rec.errMsg.len)
    irsBufAppendStr(&t->rec.errMsg, "; ");
  else
    irsBufReset(&t->rec.errMsg);
  irsBufPrintf(&t->rec.errMsg,
               "cannot write manifest '%s/" IRS_RUN_DIR_MANIFEST "': %s",
               t->rec.dumpDir, strerror(e));
  return IRS_ERR_IO;
}

// Whether `path` is one of the run's scratch files (not the input, not a
// dump): removed once the next step has read it.
static bool isScratch(const IrsToolRunnerImpl *t, const char *path) {
  size_t n = t->workDir ? strlen(t->workDir) : 0;
  return n && strncmp(path, t->workDir, n) == 0 && path[n] == '/';
}

// The run's error for an output irscope could not write, named as an
// in-process dump's is.
static void sayUnwritten(IrsToolRunnerImpl *t, const char *path, int err) {
  irsBufReset(&t->rec.errMsg);
  irsBufPrintf(&t->rec.errMsg, "cannot write %s '%s': %s",
               isScratch(t, path) ? "scratch file" : "dump", path,
               strerror(err));
}

// Runs `e` with its output going to a temporary ("<output>.tmp-PID-tool",
// which irsRunDirIsTemporary knows), renamed into place on success: a dump
// is never seen half-written. *unwritten when the tool succeeded but the
// rename failed (the run's error names the file, as for any dump irscope
// could not write): the output is lost, the run *r stands.
static IrsErrorKind execAtomic(IrsToolRunnerImpl *t, IrsToolExec e,
                               IrsToolExecResult *r, bool *unwritten) {
  *unwritten = false;
  char *tmp = irsRunDirTemporaryTemplate(e.output, "tool");
  if (!tmp)
    return IRS_ERR_NOMEM;
  const char *final = e.output;
  e.output = tmp;
  IrsErrorKind k = irsToolExecRun(t, &e, r);
  // No file to rename is the tool writing nothing: checkOutput says so.
  if (k == IRS_OK && irsToolExecOk(r) && rename(tmp, final) != 0 &&
      errno != ENOENT) {
    sayUnwritten(t, final, errno);
    *unwritten = true;
  }
  unlink(tmp);
  free(tmp);
  return k;
}

// Run `e`, which ended as *r without writing e->output: when the write was
// the cause (irsToolRetryWrite), *r becomes the run that succeeded, and if
// irscope could not write the output either, the run's error names the
// file as an in-process dump's does.
static IrsToolWrite retryWrite(IrsToolRunnerImpl *t, const IrsToolExec *e,
                               IrsToolExecResult *r) {
  IrsToolExecResult again;
  int err = 0;
  IrsToolWrite w = irsToolRetryWrite(t, e, r, &again, &err);
  // An interrupted rerun is the run's interruption, not a verdict.
  bool interrupted = again.res.outcome == IrsWorkerInterrupted;
  if (w == IrsToolWriteNotTheCause && !interrupted)
    return w;
  irsToolExecResultFree(r);
  *r = again;
  if (w == IrsToolWriteFailed)
    sayUnwritten(t, e->output, err);
  return w;
}

// 0000-input.mlir: the input as the tool prints it, which is also the
// first check that the tool can read it.
static IrsErrorKind dumpInput(IrsToolRunnerImpl *t, const char *input,
                              char **printed) {
  *printed = irsPathJoin(t->rec.dumpDir, IRS_RUN_DIR_INPUT_DUMP);
  if (!*printed)
    return IRS_ERR_NOMEM;
  IrsToolExec e = {.input = input, .output = *printed, .verifyEach = true,
                   .helper = true};
  IrsToolExecResult r;
  bool unwritten = false;
  IrsErrorKind k = execAtomic(t, e, &r, &unwritten);
  IrsToolWrite w = k == IRS_OK && !irsToolExecOk(&r) ? retryWrite(t, &e, &r)
                                                     : IrsToolWriteDone;
  // An interrupt (^C reaches the tool too) ends the run; it is no verdict
  // of the tool on the input.
  if (k == IRS_OK && r.res.outcome == IrsWorkerInterrupted)
    return irsToolDocumentInputInterrupt(t, &r);
  unwritten = unwritten || w == IrsToolWriteFailed;
  // Not the tool's words about a file it could not write: the line is
  // irscope's, and the plain rest shows what the tool says of the input.
  if (!unwritten)
    irsToolForwardStderr(t, &r, false);
  if (unwritten) {
    k = IRS_ERR_IO;
  } else if (k == IRS_OK && !irsToolExecOk(&r)) {
    k = r.execErrno ? IRS_ERR_IO : IRS_ERR_PARSE;
    irsBufReset(&t->rec.errMsg);
    if (r.execErrno)
      irsBufPrintf(&t->rec.errMsg, "cannot run tool '%s': %s", t->path,
                   strerror(r.execErrno));
    else
      irsBufPrintf(&t->rec.errMsg, "'%s' cannot parse the input", t->path);
    t->toolError = r.execErrno != 0;
  }
  irsToolExecResultFree(&r);
  const char *bad = k == IRS_OK ? checkOutput(*printed) : NULL;
  if (bad) {
    failTool(t, -1, bad);
    return IRS_ERR_IO;
  }
  if (k == IRS_OK)
    t->rec.inputDumpFile = irsStrDup(IRS_RUN_DIR_INPUT_DUMP);
  return k;
}

// Where step i writes (*out, bytecode or not), and when dumping its text
// dump (*dump; NULL when *out is the dump itself). With dumps, the next
// step still reads bytecode when the tool writes it: a text dump loses
// what the tool does not print, locations above all, which Flang turns
// into the source lines and file names of its runtime calls, so reading
// the dump back would change the tool's output. The dump is printed from
// that bytecode by the tool. Without dumps: scratch, bytecode unless it is
// the last step and text is wanted. False when out of memory.
static bool stepOutput(IrsToolRunnerImpl *t, intptr_t i, char **out,
                       char **dump, bool *bytecode) {
  bool last = i == t->rec.numSteps - 1;
  *out = *dump = NULL;
  if (t->rec.dumpDir) {
    IrsBuf name = IRS_BUF_INIT;
    irsRunDirDumpName(t->opts.stepNumberOffset + i + 1,
                      irsPipelineGetStepAnchor(t->rec.pipeline, i),
                      irsPipelineGetStepPassName(t->rec.pipeline, i),
                      irsBufStringCallback, &name);
    char *p = name.failed ? NULL : irsPathJoin(t->rec.dumpDir, name.data);
    irsBufFree(&name);
    *bytecode = t->bytecodeOk;
    if (!*bytecode) {
      *out = p;
      return p != NULL;
    }
    *dump = p;
  } else {
    *bytecode = last ? t->opts.emitBytecode : t->bytecodeOk;
  }
  char name[64];
  snprintf(name, sizeof(name), "step-%ld.%s", (long)(i + 1),
           *bytecode ? "mlirbc" : "mlir");
  *out = irsToolScratch(t, name);
  // A caller that reads every step's text gets it printed as a dump is:
  // the hand-over stays bytecode, which keeps what text loses.
  bool wantText = t->rec.dumpDir || (t->opts.onStepText && *bytecode);
  if (!t->rec.dumpDir && wantText) {
    snprintf(name, sizeof(name), "step-%ld.text.mlir", (long)(i + 1));
    *dump = irsToolScratch(t, name);
  }
  return *out && (!wantText || *dump);
}

// Bookkeeping after step i wrote `text`, its output in text (the dump when
// dumping), from `prev` (the step's input as the tool printed it, NULL
// when unknown). Returns whether `text` is kept.
static bool acceptStep(IrsToolRunnerImpl *t, intptr_t i, const char *prev,
                       const char *text, const char *out, bool askedBytecode) {
  IrsRecordStep *s = &t->rec.steps[i];
  if (askedBytecode && !irsToolFileIsBytecode(out)) {
    t->bytecodeOk = false;
    t->ignoredBytecode = true;
  } else if (askedBytecode) {
    t->usedBytecode = true;
  }
  s->result.status = IrsStepOk;
  s->result.changed = !prev || !irsToolFilesEqual(prev, text);
  s->result.verified = s->result.verifierOk = t->opts.verifyEach;
  if (!t->rec.dumpDir)
    return true;
  if (t->opts.dumpOnlyChanged && !s->result.changed) {
    unlink(text);
    return false;
  }
  irsRunRecordSetDumpFile(&t->rec, i,
                          strrchr(text, '/') ? strrchr(text, '/') + 1 : text);
  return true;
}

// The dump of step i: its output `out` as the tool prints it in text (a
// copy when the tool wrote text although asked for bytecode). *unwritten
// when the dump could not be written (the run's error says why), where
// the step's output is whole.
static IrsErrorKind printDump(IrsToolRunnerImpl *t, intptr_t i,
                              const char *out, const char *dump,
                              bool *unwritten) {
  *unwritten = false;
  if (!irsToolFileIsBytecode(out)) {
    int err = irsToolCopyFile(out, dump);
    if (err)
      sayUnwritten(t, dump, err);
    *unwritten = err != 0;
    return err ? IRS_ERR_IO : IRS_OK;
  }
  IrsToolExec e = {.input = out, .output = dump, .verifyEach = false,
                   .helper = true};
  IrsToolExecResult r;
  IrsErrorKind k = execAtomic(t, e, &r, unwritten);
  IrsToolWrite w = k == IRS_OK && !irsToolExecOk(&r) ? retryWrite(t, &e, &r)
                                                     : IrsToolWriteDone;
  // An interrupt while the step's dump is printed stops the run in the
  // step, as one while its pass runs does.
  if (k == IRS_OK && r.res.outcome == IrsWorkerInterrupted)
    k = irsToolDocumentFailure(t, i, out, &r);
  else if (w == IrsToolWriteNotTheCause) {
    failTool(t, i, "could not print its own bytecode as text for the dump");
    k = IRS_ERR_IO;
  } else if (w == IrsToolWriteFailed || *unwritten) {
    *unwritten = true;
    k = IRS_ERR_IO;
  }
  irsToolExecResultFree(&r);
  return k;
}

// Step i ran, but its dump (or, without one, the hand-over) could not be
// written: the step is done for the manifest, whose dump says so, as an
// in-process run's step whose dump failed.
static void acceptUnwritten(IrsToolRunnerImpl *t, intptr_t i) {
  IrsRecordStep *s = &t->rec.steps[i];
  s->result.status = IrsStepOk;
  s->result.changed = true; // not compared: the dump is not there
  s->result.verified = s->result.verifierOk = t->opts.verifyEach;
  s->dumpUnwritten = t->rec.dumpDir != NULL;
}

// Step i's output becomes the next step's input (*cur): `next`, NULL to
// keep *cur; the old *cur is removed if it was scratch. `nextText`, NULL
// to keep it, becomes *curText, what the next step's output is compared
// with. Takes both.
static void handOver(IrsToolRunnerImpl *t, char **cur, char **curText,
                     char *next, char *nextText) {
  if (next) {
    if (isScratch(t, *cur))
      unlink(*cur);
    free(*cur);
    *cur = next;
  }
  if (nextText) {
    if (*curText && isScratch(t, *curText))
      unlink(*curText); // a text printed for onStepText, or *cur's old name
    free(*curText);
    *curText = nextText;
  }
}

// Runs step i on *cur; on success *cur becomes its output and *curText its
// text (handOver). *curText is the step's input as the tool printed it
// (NULL: unknown), for "changed".
static IrsErrorKind runStep(IrsToolRunnerImpl *t, intptr_t i, char **cur,
                            char **curText, bool quiet) {
  bool bc = false;
  char *out = NULL, *dump = NULL;
  char *text = irsStrDupRef(stepText(t, i));
  if (!stepOutput(t, i, &out, &dump, &bc) || !text) {
    free(out);
    free(dump);
    free(text);
    return IRS_ERR_NOMEM;
  }
  IrsToolExec e = {.pipeline = text, .input = *cur, .output = out,
                   .verifyEach = t->opts.verifyEach, .bytecode = bc,
                   .step = i + 1};
  IrsToolExecResult r;
  bool unwritten = false;
  irsToolAnnounce(t, i + 1, true);
  IrsErrorKind k = t->rec.dumpDir ? execAtomic(t, e, &r, &unwritten)
                                  : irsToolExecRun(t, &e, &r);
  irsToolAnnounce(t, i + 1, false);
  // A step that failed without its output: was it the write? (Before the
  // step's diagnostics are read: a rerun that succeeded has them too.)
  IrsToolWrite w = k == IRS_OK && !irsToolExecOk(&r) ? retryWrite(t, &e, &r)
                                                     : IrsToolWriteDone;
  free(text);
  unwritten = unwritten || w == IrsToolWriteFailed;
  if (k == IRS_OK) {
    irsToolRecordStep(t, i, &r);
    // The tool's words on the file it could not write are not shown: the
    // plain rest, which runs this step again, shows what the step says.
    if (!unwritten)
      irsToolForwardStderr(t, &r, quiet);
    const char *bad = irsToolExecOk(&r) ? checkOutput(out) : NULL;
    if (unwritten)
      k = IRS_ERR_IO;
    else if (!irsToolExecOk(&r))
      k = irsToolDocumentFailure(t, i, *cur, &r);
    else if (bad) {
      failTool(t, i, bad);
      k = IRS_ERR_IO;
    }
  }
  irsToolExecResultFree(&r);
  if (unwritten) { // the step's output is nowhere: the rest runs it again
    acceptUnwritten(t, i);
    free(out);
    free(dump);
    return k;
  }
  if (k == IRS_OK && dump)
    k = printDump(t, i, out, dump, &unwritten);
  if (unwritten) { // the output is whole: the rest goes on from it
    acceptUnwritten(t, i);
    t->usedBytecode = t->usedBytecode || irsToolFileIsBytecode(out);
    handOver(t, cur, curText, out, NULL);
    t->restFrom = i + 1;
    free(dump);
    return k;
  }
  // Before acceptStep, which may remove an unchanged step's dump.
  if (k == IRS_OK && t->opts.onStepText)
    t->opts.onStepText(i + 1, dump ? dump : out, t->opts.onStepTextUserData);
  if (k == IRS_OK) {
    bool kept = acceptStep(t, i, *curText, dump ? dump : out, out, bc);
    if (dump) { // the bytecode goes on whether the dump stays or not
      handOver(t, cur, curText, out, kept ? dump : NULL);
      out = NULL;
      dump = kept ? NULL : dump;
    } else if (kept) {
      char *copy = irsStrDup(out);
      handOver(t, cur, curText, out, copy);
      out = NULL;
    }
  }
  free(out);
  free(dump);
  if (k == IRS_OK)
    t->restFrom = i + 1;
  return k == IRS_OK ? irsToolWriteManifest(t) : k;
}

// Runs every step; *final gets the path of the last IR the tool wrote and
// *finalText the same IR in text, when known (caller frees both).
static IrsErrorKind runSteps(IrsToolRunnerImpl *t, const char *input,
                             bool quiet, char **final, char **finalText) {
  char *cur = irsStrDup(input), *curText = NULL;
  IrsErrorKind k = cur ? IRS_OK : IRS_ERR_NOMEM;
  t->restFrom = 0;
  if (k == IRS_OK && t->rec.dumpDir) {
    k = dumpInput(t, input, &curText);
    if (k == IRS_OK)
      k = irsToolWriteManifest(t);
  }
  for (intptr_t i = 0; k == IRS_OK && i < t->rec.numSteps; ++i) {
    k = runStep(t, i, &cur, &curText, quiet);
    if (k == IRS_OK && i == 0 && curText && strcmp(cur, input) == 0) {
      // Step 1 left the IR unchanged and wrote no dump: carry on from the
      // printed input, which is what the tool's output would have been.
      free(cur);
      cur = irsStrDup(curText);
    }
  }
  *final = cur;
  *finalText = curText;
  return k;
}

// Puts the final IR `from` at `output` in the format asked for, converting
// with the tool when `from` is in the other one.
IrsErrorKind irsToolFinishOutput(IrsToolRunnerImpl *t, const char *from,
                                 const char *output) {
  if (irsToolFileIsBytecode(from) != t->opts.emitBytecode && t->bytecodeOk) {
    char *conv = irsToolScratch(t, "output.converted");
    IrsToolExec e = {.input = from, .output = conv, .verifyEach = false,
                     .bytecode = t->opts.emitBytecode, .helper = true};
    IrsToolExecResult r;
    bool ok = conv && irsToolExecRun(t, &e, &r) == IRS_OK && irsToolExecOk(&r);
    irsToolExecResultFree(&r);
    IrsErrorKind k = ok ? irsToolFinishOutput(t, conv, output) : IRS_ERR_IO;
    if (!ok)
      failTool(t, -1, "could not convert the output");
    if (conv)
      unlink(conv);
    free(conv);
    return k;
  }
  int e = irsToolCopyFile(from, output);
  if (e) {
    irsBufReset(&t->rec.errMsg);
    irsBufPrintf(&t->rec.errMsg, "cannot write output '%s': %s", output,
                 strerror(e));
    return IRS_ERR_IO;
  }
  t->wroteOutput = true;
  return IRS_OK;
}

// A failed whole run: replay step by step, silently (the user has seen the
// tool's diagnostics), to find and document the failing step.
static IrsErrorKind locate(IrsToolRunnerImpl *t, const char *input,
                           IrsToolExecResult *whole) {
  if (whole->execErrno || whole->res.outcome == IrsWorkerInterrupted) {
    IrsErrorKind k = irsToolDocumentFailure(t, 0, input, whole);
    t->rec.failedStep = 0;
    if (whole->res.outcome == IrsWorkerInterrupted || t->hasDeath) {
      irsBufReset(&t->rec.errMsg);
      irsBufAppendStr(&t->rec.errMsg, "interrupted in the pipeline");
    }
    return k;
  }
  t->rec.totalWallMs = 0;
  char *final = NULL, *finalText = NULL;
  IrsErrorKind k = runSteps(t, input, true, &final, &finalText);
  free(final);
  free(finalText);
  if (k != IRS_OK)
    return k;
  // A death no step reproduces (a race of the whole run's schedule) keeps
  // its evidence all the same: the stack dump, the input, the command.
  if (whole->res.outcome != IrsWorkerExited)
    return irsToolDocumentWholeDeath(t, input, whole);
  irsBufReset(&t->rec.errMsg);
  irsBufAppendStr(&t->rec.errMsg, "pipeline failed, but no single step fails "
                                  "when replayed step by step");
  return IRS_ERR_PASS;
}

static IrsErrorKind runWhole(IrsToolRunnerImpl *t, const char *input,
                             const char *output) {
  char *out = irsToolScratch(t, "output");
  char *text = irsStrDupRef(irsPipelineGetText(t->rec.pipeline));
  if (!out || !text) {
    free(out);
    free(text);
    return IRS_ERR_NOMEM;
  }
  IrsToolExec e = {.pipeline = text, .input = input, .output = out,
                   .verifyEach = t->opts.verifyEach,
                   .bytecode = t->opts.emitBytecode};
  IrsToolExecResult r;
  irsToolAnnounce(t, 0, true);
  IrsErrorKind k = irsToolExecRun(t, &e, &r);
  irsToolAnnounce(t, 0, false);
  free(text);
  if (k == IRS_OK) {
    t->rec.totalWallMs = r.res.runMs;
    irsToolForwardStderr(t, &r, false);
    const char *bad = irsToolExecOk(&r) ? checkOutput(out) : NULL;
    if (!irsToolExecOk(&r))
      k = locate(t, input, &r);
    else if (bad) {
      failTool(t, -1, bad);
      k = IRS_ERR_IO;
    } else
      k = irsToolFinishOutput(t, out, output);
  }
  irsToolExecResultFree(&r);
  unlink(out);
  free(out);
  return k;
}

// The tool's start-up, once: a run on an empty module without passes
// (IrsToolOptions.measureStartup). Nothing is recorded if it fails.
static void measureStartup(IrsToolRunnerImpl *t) {
  if (!t->opts.measureStartup || t->rec.toolStartupWallMs > 0)
    return;
  char *in = irsToolScratch(t, "startup.mlir");
  char *out = irsToolScratch(t, "startup.out.mlir");
  static const char kEmpty[] = "module {\n}\n";
  IrsToolExec e = {.input = in, .output = out, .verifyEach = true,
                   .helper = true};
  IrsToolExecResult r;
  if (in && out && irsWriteFileAtomic(in, kEmpty, sizeof(kEmpty) - 1) == 0 &&
      irsToolExecRun(t, &e, &r) == IRS_OK) {
    if (irsToolExecOk(&r)) {
      t->rec.toolStartupWallMs = r.res.runMs;
      t->rec.toolStartupCpuMs = r.cpuMs;
      t->rec.toolName = t->path;
    }
    irsToolExecResultFree(&r);
  }
  if (in)
    unlink(in);
  if (out)
    unlink(out);
  free(in);
  free(out);
}

// A dump, the manifest or a scratch file that could not be written (an
// I/O error of irscope's own, not a tool that misbehaved or died; also a
// tool that could not write, ToolWriteCheck.c) stops the run between two
// steps, where the plain tool, which writes none of them, goes on: the
// rest from step restFrom, on its input `from`, writes the plain tool's
// output. The run's error stays (and says the output's).
static void goOnPlainly(IrsToolRunnerImpl *t, IrsErrorKind k,
                        const char *from, const char *output) {
  if (k != IRS_ERR_IO || t->toolError || t->hasDeath || !from)
    return;
  intptr_t ran = t->restFrom;
  IrsBuf why = IRS_BUF_INIT;
  irsBufAppendRef(&why, irsBufRef(&t->rec.errMsg));
  if (irsToolRunPlainRest(t, ran, from, output) != IRS_OK)
    irsBufPrintf(&why, "; %.*s", (int)t->rec.errMsg.len,
                 t->rec.errMsg.data ? t->rec.errMsg.data : "");
  irsBufReset(&t->rec.errMsg);
  irsBufAppendRef(&t->rec.errMsg, irsBufRef(&why));
  irsBufFree(&why);
}

IrsStatus irsToolRunnerRun(IrsToolRunner runner, const char *inputPath,
                           const char *outputPath) {
  IrsToolRunnerImpl *t = runner.ptr;
  irsToolRunReset(t);
  measureStartup(t);
  IrsRunRecord *r = &t->rec;
  IrsErrorKind k = IRS_OK;
  if (r->dumpDir) {
    IrsBuf err = IRS_BUF_INIT;
    k = irsRunDirPrepareDumps(r->dumpDir, t->opts.dumpOverwrite,
                              irsBufStringCallback, &err);
    if (k != IRS_OK)
      irsBufAppendRef(&r->errMsg, irsBufRef(&err));
    irsBufFree(&err);
    if (k != IRS_OK)
      return irsStatusMake(k);
  }
  r->running = true;
  if (r->dumpDir || (t->opts.stepwise && r->numSteps > 0)) {
    char *final = NULL, *finalText = NULL;
    k = runSteps(t, inputPath, false, &final, &finalText);
    // The last dump is the text output already: no run to convert.
    bool text = finalText && r->dumpDir && !t->opts.emitBytecode &&
                irsToolFileIsBytecode(final);
    if (k == IRS_OK)
      k = irsToolFinishOutput(t, text ? finalText : final, outputPath);
    else
      goOnPlainly(t, k, final, outputPath);
    free(final);
    free(finalText);
  } else {
    k = runWhole(t, inputPath, outputPath);
  }
  r->running = false;
  r->runStatus = k;
  IrsErrorKind km = irsToolWriteManifest(t);
  return irsStatusMake(k != IRS_OK ? k : km);
}

MlirStringRef irsToolRunnerGetErrorMessage(IrsToolRunner runner) {
  IrsToolRunnerImpl *t = runner.ptr;
  return irsBufRef(&t->rec.errMsg);
}

MlirStringRef irsToolRunnerGetFailureDir(IrsToolRunner runner) {
  IrsToolRunnerImpl *t = runner.ptr;
  const char *d = t->rec.failureDirUsed;
  return mlirStringRefCreateFromCString(d ? d : "");
}

intptr_t irsToolRunnerGetFailedStep(IrsToolRunner runner) {
  return ((IrsToolRunnerImpl *)runner.ptr)->rec.failedStep;
}

const IrsWorkerResult *irsToolRunnerGetDeath(IrsToolRunner runner) {
  IrsToolRunnerImpl *t = runner.ptr;
  return t->hasDeath ? &t->death.res : NULL;
}

bool irsToolRunnerGetToolError(IrsToolRunner runner) {
  return ((IrsToolRunnerImpl *)runner.ptr)->toolError;
}

MlirStringRef irsToolRunnerGetReplayCommand(IrsToolRunner runner) {
  return irsBufRef(&((IrsToolRunnerImpl *)runner.ptr)->replayCmd);
}

MlirStringRef irsToolRunnerGetReproducerCommand(IrsToolRunner runner) {
  return irsBufRef(&((IrsToolRunnerImpl *)runner.ptr)->reproCmd);
}

intptr_t irsToolRunnerGetNumSteps(IrsToolRunner runner) {
  return ((IrsToolRunnerImpl *)runner.ptr)->rec.numSteps;
}

const IrsStepResult *irsToolRunnerGetStepResult(IrsToolRunner runner,
                                                intptr_t pos) {
  return &((IrsToolRunnerImpl *)runner.ptr)->rec.steps[pos].result;
}

double irsToolRunnerGetTotalWallMs(IrsToolRunner runner) {
  return ((IrsToolRunnerImpl *)runner.ptr)->rec.totalWallMs;
}

bool irsToolRunnerUsedBytecode(IrsToolRunner runner) {
  return ((IrsToolRunnerImpl *)runner.ptr)->usedBytecode;
}

bool irsToolRunnerIgnoredBytecode(IrsToolRunner runner) {
  return ((IrsToolRunnerImpl *)runner.ptr)->ignoredBytecode;
}

bool irsToolRunnerWroteOutput(IrsToolRunner runner) {
  return ((IrsToolRunnerImpl *)runner.ptr)->wroteOutput;
}

void irsToolRunnerPrintTiming(IrsToolRunner runner, IrsTimingSort sort,
                              MlirStringCallback callback, void *userData) {
  IrsToolRunnerImpl *t = runner.ptr;
  irsRunRecordPrintTiming(&t->rec, sort, callback, userData);
}

bool irsToolRunnerSetFailureDir(IrsToolRunner runner, const char *dir) {
  IrsToolRunnerImpl *t = runner.ptr;
  char *copy = dir ? irsStrDup(dir) : NULL;
  if (dir && !copy)
    return false;
  free(t->rec.failureDir);
  t->rec.failureDir = copy;
  return true;
}

IrsSupervisor irsToolRunnerGetSupervisor(IrsToolRunner runner) {
  return ((IrsToolRunnerImpl *)runner.ptr)->sup;
}

IrsSupervisor irsToolRunnerGetHelperSupervisor(IrsToolRunner runner) {
  return ((IrsToolRunnerImpl *)runner.ptr)->helperSup;
}
