// SPDX-License-Identifier: Apache-2.0
//===- ToolActions.c - what a dead tool was doing, from its action log ----===//
//
// irscope's own workers record each action before it runs into a trail in
// shared memory (include/irscope/Action.h). A tool is a foreign process,
// but every MlirOptMain tool logs its actions with --log-actions-to, and
// given "-" the log goes to llvm::outs(), which LLVM flushes before every
// write to errs(): the stack dump its crash handler prints (on a crash,
// and on the SIGQUIT that asks a timed-out step where it is) flushes the
// log first, so the log of a dead tool ends with the line of the action it
// was in. (A file named on --log-actions-to is buffered, and LLVM removes
// it when the tool dies of a signal.) The log is read back into a trail of
// the runner's, so that a crash's action in flight and a hang's repeating
// actions are found, written to report.xml and worded as for a worker.
//
// A crash's log is the narrowing's log run (ToolNarrow.c), whose stdout is
// a scratch file. A hang is run once more until it times out again, with
// its stdout on its stderr pipe (whose growth is its progress: a log that
// stopped growing is a stall, Action.h): the supervisor keeps the last 256 KiB of
// that (hundreds of actions, more than the trail's window), so a log that
// grows for as long as the step timeout lasts takes no disk. A log line
// prints its op as the tool prints ops, every element of a dense constant
// included, so a few large attributes would fill that tail with a handful
// of actions: the hang's run elides elements attributes of more than 16
// elements, which changes how ops print and nothing else (this run's only
// product is its log; its IR goes to /dev/null).
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ToolImpl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool irsToolHasArg(const IrsToolRunnerImpl *t, const char *arg) {
  for (intptr_t k = 0; k < t->numArgs; ++k)
    if (!strcmp(t->args[k], arg) || !strcmp(t->args[k], arg + 1))
      return true;
  return false;
}

int irsToolActionLogArgs(const IrsToolRunnerImpl *t, const char *extra[4]) {
  int k = 0;
  extra[k++] = "--log-actions-to=-";
  // Ops in generic form with their locations: names and places to report.
  if (!irsToolHasArg(t, "--mlir-print-op-generic"))
    extra[k++] = "--mlir-print-op-generic";
  if (!irsToolHasArg(t, "--mlir-print-debuginfo"))
    extra[k++] = "--mlir-print-debuginfo";
  for (int j = k; j < 4; ++j)
    extra[j] = NULL;
  return k;
}

bool irsToolLacksActionFlags(const IrsToolRunnerImpl *t,
                             const IrsToolExecResult *r, IrsBuf *why) {
  MlirStringRef err = r->res.stderrTail;
  if (r->res.outcome != IrsWorkerExited || !err.length ||
      !memmem(err.data, err.length, "Unknown command line argument", 29))
    return false;
  irsBufPrintf(why, "'%s' has no --log-actions-to and --mlir-debug-counter "
                    "(no MlirOptMain tool)", t->path);
  return true;
}

typedef struct Replay {
  IrsActionTrail trail;
  int depth;
  int64_t patterns, passes;
  bool counted; // the log is whole: its counts are the tool's
  MlirStringRef stepPass;
  IrsActionRecord lastPass; // the last pass execution begun; tag "" if none
} Replay;

static void copyRef(char *dst, size_t cap, MlirStringRef s) {
  size_t n = s.length < cap - 1 ? s.length : cap - 1;
  if (n)
    memcpy(dst, s.data, n);
  dst[n] = 0;
}

// Rewrites replace ops, and the printed SSA names change with them: an op
// without a location is known by its text without the names' numbers.
static uint64_t opIdentity(MlirStringRef op) {
  uint64_t h = 1469598103934665603ull;
  bool inName = false;
  for (size_t k = 0; k < op.length; ++k) {
    char c = op.data[k];
    if (c == '%')
      inName = true;
    else if (inName && c >= '0' && c <= '9')
      continue;
    else
      inName = false;
    h = (h ^ (unsigned char)c) * 1099511628211ull;
  }
  return h ? h : 1;
}

// "file:line:col" into the record's file, line and column.
static void setLocation(const char *loc, IrsActionRecord *r) {
  const char *col = strrchr(loc, ':');
  const char *line = col;
  while (line && line > loc && line[-1] != ':')
    --line;
  if (!col || line <= loc + 1) {
    copyRef(r->file, sizeof(r->file), mlirStringRefCreateFromCString(loc));
    return;
  }
  copyRef(r->file, sizeof(r->file),
          (MlirStringRef){loc, (size_t)(line - 1 - loc)});
  r->line = (unsigned)strtoul(line, NULL, 10);
  r->column = (unsigned)strtoul(col + 1, NULL, 10);
}

static bool tagIs(MlirStringRef tag, const char *s) {
  return mlirStringRefEqual(tag, mlirStringRefCreateFromCString(s));
}

static void endAction(Replay *r, bool executed) {
  IrsAction a;
  memset(&a, 0, sizeof(a));
  a.depth = r->depth;
  irsActionTrailAfter(&a, executed, r->trail.ptr);
}

// One line of the log into the trail, as the in-process consumer records
// the action (a pass is named by the step's pass argument, except a pass
// manager's adaptor, whose name MLIR gives).
static void onEvent(IrsActionLogEvent ev, const IrsActionLogEntry *e,
                    void *ud) {
  Replay *r = ud;
  if (ev == IrsActionLogCompleted) {
    if (r->depth > 0)
      --r->depth;
    endAction(r, true);
    return;
  }
  IrsActionRecord rec;
  memset(&rec, 0, sizeof(rec));
  bool pattern = tagIs(e->tag, IRS_NARROW_TAG_PATTERN);
  bool pass = tagIs(e->tag, IRS_NARROW_TAG_PASS);
  MlirStringRef name = e->name;
  if (pass && r->stepPass.length &&
      !tagIs(irsNarrowShortName(name), "OpToOpPassAdaptor"))
    name = r->stepPass;
  copyRef(rec.tag, sizeof(rec.tag), e->tag);
  copyRef(rec.name, sizeof(rec.name), name);
  copyRef(rec.opName, sizeof(rec.opName), e->opName);
  setLocation(e->locBuf, &rec);
  rec.depth = r->depth;
  rec.index = pattern ? ++r->patterns : pass ? ++r->passes : 0;
  if (!r->counted)
    rec.index = 0;
  rec.opId = e->op.length ? opIdentity(e->op) : 0;
  irsActionTrailPush(r->trail, &rec);
  if (pass)
    r->lastPass = rec;
  if (ev == IrsActionLogSkipping)
    endAction(r, false);
  else
    ++r->depth;
}

void irsToolTrailFromLog(IrsToolRunnerImpl *t, intptr_t i, MlirStringRef log,
                         bool fromStart, IrsWorkerOutcome outcome,
                         double stalledMs) {
  t->trailFilled = false;
  irsBufReset(&t->actionNote);
  if (!t->trail.ptr)
    t->trail = irsActionTrailCreate();
  if (!t->trail.ptr)
    return;
  irsActionTrailReset(t->trail);
  // The supervisor keeps the last 256 KiB of stderr, cut to its last half
  // when it grows past that: a tail shorter than half was never cut, and
  // numbers its actions as the tool did.
  enum { kWholeLog = 128 * 1024 };
  if (!fromStart && log.length < kWholeLog)
    fromStart = true;
  if (!fromStart) {
    const char *nl = log.length ? memchr(log.data, '\n', log.length) : NULL;
    size_t cut = nl ? (size_t)(nl - log.data) + 1 : log.length;
    log.data += cut;
    log.length -= cut;
  }
  Replay r = {.trail = t->trail,
              .counted = fromStart,
              .stepPass = irsPipelineGetStepPassName(t->rec.pipeline, i)};
  t->trailFilled = irsActionLogParseEvents(log, onEvent, &r) > 0;
  irsActionTrailSetStalled(t->trail, stalledMs);
  // Only a tool that died of its own signal, or of the one that asked a
  // timed-out step for its stack dump, ran the handler that flushed the
  // log; one killed outright may have lost its last lines.
  if (!t->trailFilled ||
      (outcome != IrsWorkerCrashed && outcome != IrsWorkerTimedOut))
    return;
  if (irsActionTrailDescribeDeath(t->trail, outcome == IrsWorkerTimedOut,
                                  irsBufStringCallback, &t->actionNote) ||
      outcome != IrsWorkerCrashed || !r.lastPass.tag[0])
    return;
  // A crash after the pass's action ended (in the verifier its pass
  // manager runs after it, in its adaptor's own code) is still in that
  // pass's run, as the stack says: the note names it, in the words of a
  // crash in flight (ActionTrailNote.c).
  irsBufAppendStr(&t->actionNote, "crashed while ");
  irsActionRecordDescribe(&r.lastPass, irsBufStringCallback, &t->actionNote);
}

// Whether the tool's arguments set the value option `flag` (given in its
// one-dash spelling): "-flag=V" or "--flag=V", or the flag alone, its value
// in the next argument.
static bool hasValueArg(const IrsToolRunnerImpl *t, const char *flag) {
  size_t n = strlen(flag);
  for (intptr_t k = 0; k < t->numArgs; ++k) {
    const char *a = t->args[k];
    a += a[0] == '-' && a[1] == '-';
    if (!strncmp(a, flag, n) && (a[n] == '=' || a[n] == '\0'))
      return true;
  }
  return false;
}

void irsToolHangActions(IrsToolRunnerImpl *t, intptr_t i, const char *input) {
  char *step = irsStrDupRef(irsPipelineGetStepText(t->rec.pipeline, i));
  IrsToolExec e = {.pipeline = step, .input = input, .output = "/dev/null",
                   .verifyEach = t->opts.verifyEach, .step = i + 1,
                   .noThreads = true, .stdoutToStderr = true};
  int k = irsToolActionLogArgs(t, e.extra);
  // The tool takes an option once: a value of the user's own stands.
  if (k < 4 && !hasValueArg(t, "-mlir-elide-elementsattrs-if-larger"))
    e.extra[k] = "--mlir-elide-elementsattrs-if-larger=16";
  IrsToolExecResult r;
  memset(&r, 0, sizeof(r));
  IrsBuf why = IRS_BUF_INIT;
  if (!step || irsToolExecRun(t, &e, &r) != IRS_OK || r.execErrno)
    irsBufAppendStr(&why, "cannot run the tool");
  else if (r.res.outcome == IrsWorkerTimedOut)
    irsToolTrailFromLog(t, i, r.res.stderrTail, false, IrsWorkerTimedOut,
                        r.res.stalledMs);
  else if (!irsToolLacksActionFlags(t, &r, &why))
    irsBufAppendStr(&why, "with its action log and threading off, the step "
                          "does not time out");
  if (why.len)
    irsBufPrintf(&t->narrowNote, "step %ld not narrowed to one action: %s",
                 (long)(i + 1), why.data);
  irsBufFree(&why);
  irsToolExecResultFree(&r);
  free(step);
}

MlirStringRef irsToolRunnerGetActionNote(IrsToolRunner runner) {
  return irsBufRef(&((IrsToolRunnerImpl *)runner.ptr)->actionNote);
}
