// SPDX-License-Identifier: Apache-2.0
//===- ToolNarrow.c - a failing step narrowed to one action, by the tool --===//
//
// Every MlirOptMain tool (mlir-opt, fir-opt, ...) has MLIR's own action
// flags, so a foreign tool's failing step is narrowed with them and
// nothing of irscope runs inside it (include/irscope/Narrow.h):
//   1. one single-threaded run with --log-actions-to=- (its stdout into a
//      scratch file, ops printed generic, with locations: ToolActions.c
//      says why not a file of its own) counts the step's `apply-pattern`
//      and `pass-execution` actions and names each, and gives the
//      failure's signature single-threaded: the same crash (its signal,
//      assertion line and first frames, ../Support/CrashIdentity.h: a step
//      can crash in two places with one signal), or the same first error
//      message (a verifier's or the pass's), which every trial must show
//      again to count as failing (a conversion whose patterns are skipped
//      fails too, but to legalize, which is another message); a crash's
//      log ends in the action in flight. Its runs and the trials run
//      without address randomisation, so that even frames the tool's stack
//      dump names only by address compare between them;
//   2. irsNarrowBisect over --mlir-debug-counter=apply-pattern-count=K,
//      or over pass-execution-count=K when no pattern application is to
//      blame and the step runs its pass on several ops; for a crash,
//      irsNarrowSearchFrom the action in flight (K - 1 and K: two runs),
//      or irsNarrowSearchPast the last action when none of the tag was in
//      flight (the count the log reached, then the bisection);
//   3. more runs print the module after K - 1 and (unless the step died)
//      after K actions (generic, unverified) for the top-level op around
//      the action.
// A tool without --log-actions-to (not built on MlirOptMain) leaves the
// answer at the step, and the note says why. A step that succeeds but
// whose output the caller finds bad (a wrong result) is narrowed the same
// way with the caller's oracle on each trial's output
// (irsToolRunnerNarrowOutput); its log run must succeed instead.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ToolImpl.h"

#include "irscope/Diff.h"
#include "irscope/Report.h"
#include "irscope/RunDir.h"
#include "../Support/CrashIdentity.h"
#include "../Support/Fs.h"
#include "../Support/Halve.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Narrowing {
  IrsToolRunnerImpl *t;
  intptr_t i;
  const char *input;
  char *step; // the step's pipeline, NUL-terminated
  IrsOutcome kind;
  // The failure as the single-threaded log run showed it.
  IrsWorkerOutcome outcome;
  IrsCrashIdentity crash; // when it crashed: how, and of which signal:
  int crashSignal;
  char *error; // first error message; NULL for deaths
  const char *tag;
  int64_t runs;
  // The caller's oracle on each trial's output (written to outPath);
  // NULL: the trial must fail as the log run did.
  IrsToolOutputOracle oracle;
  void *oracleData;
  char *outPath;
} Narrowing;

static char *readAll(const char *path) {
  IrsBuf b = IRS_BUF_INIT;
  if (irsToolReadFile(path, &b) != 0) {
    irsBufFree(&b);
    return NULL;
  }
  irsBufAppend(&b, "", 0);
  return irsBufDetach(&b);
}

static void firstErrorCb(const IrsDiagnostic *d, void *ud) {
  char **out = ud;
  if (!*out && d->severity == IrsSeverityError)
    *out = irsStrDupRef(d->message);
}

// The first error diagnostic's message in a tool's stderr; NULL if none.
static char *firstError(MlirStringRef err) {
  char *m = NULL;
  irsToolParseDiagnostics(err, firstErrorCb, &m);
  return m;
}

// One run of the step, single-threaded, with `extra` arguments and its
// stdout into `log` (NULL: nowhere).
static bool runStep(Narrowing *n, const char *log, bool verify,
                    const char *const extra[4], IrsToolExecResult *r) {
  IrsToolExec e = {.pipeline = n->step, .input = n->input,
                   .output = n->oracle ? n->outPath : "/dev/null",
                   .verifyEach = verify,
                   .step = n->i + 1, .noThreads = true, .sameLayout = true,
                   .stdoutPath = log};
  memcpy(e.extra, extra, sizeof(e.extra));
  ++n->runs;
  return irsToolExecRun(n->t, &e, r) == IRS_OK && r->execErrno == 0;
}

// Whether a run ended the way the log run did.
static bool sameFailure(const Narrowing *n, const IrsToolExecResult *r) {
  if (r->res.outcome != n->outcome)
    return false;
  if (n->outcome == IrsWorkerCrashed) {
    IrsCrashIdentity c;
    return r->res.signal == n->crashSignal &&
           irsCrashIdentityRead(&c, r->res.stderrTail, (IrsLoadMap){NULL}) &&
           irsCrashIdentityMatches(&n->crash, &c, /*sameLayout=*/true);
  }
  if (n->outcome != IrsWorkerExited)
    return true;
  if (r->res.exitCode == 0 || !n->error)
    return r->res.exitCode != 0;
  char *m = firstError(r->res.stderrTail);
  bool same = m && !strcmp(m, n->error);
  free(m);
  return same;
}

static int isBad(int64_t count, void *ud) {
  Narrowing *n = ud;
  char counter[96];
  snprintf(counter, sizeof(counter), "--mlir-debug-counter=%s-count=%lld",
           n->tag, (long long)count);
  const char *extra[4] = {counter, NULL};
  IrsToolExecResult r;
  if (!runStep(n, NULL, n->t->opts.verifyEach, extra, &r)) {
    irsToolExecResultFree(&r);
    return -1;
  }
  // With an oracle, a trial cut short that fails or dies is no longer the
  // pre-step result either.
  int bad = r.res.outcome == IrsWorkerInterrupted ? -1
            : !n->oracle                          ? sameFailure(n, &r)
            : !irsToolExecOk(&r)                  ? 1
                                 : n->oracle(n->outPath, n->oracleData);
  irsToolExecResultFree(&r);
  return bad;
}

typedef struct Count {
  int64_t patterns, passes;
  const char *tag; // find entry `want` of this tag
  int64_t want, seen;
  IrsBuf *text; // name, opName, op, location, NUL-separated
  bool found;
  MlirStringRef stepPass; // the step's pass argument
} Count;

static void countCb(const IrsActionLogEntry *e, void *ud) {
  Count *c = ud;
  bool pattern = mlirStringRefEqual(
      e->tag, mlirStringRefCreateFromCString(IRS_NARROW_TAG_PATTERN));
  if (pattern)
    ++c->patterns;
  else
    ++c->passes;
  if (!c->tag || strncmp(c->tag, e->tag.data, e->tag.length) ||
      ++c->seen != c->want)
    return;
  c->found = true;
  // A pattern keeps its whole name, as the log prints it. A pass is named
  // by its argument, as in-process: every execution in a step but the
  // adaptors' is the step's own pass.
  MlirStringRef name = pattern ? e->name : irsNarrowShortName(e->name);
  if (!pattern && c->stepPass.length &&
      !mlirStringRefEqual(name, mlirStringRefCreateFromCString(
                                    "OpToOpPassAdaptor")))
    name = c->stepPass;
  irsBufAppendRef(c->text, name.length ? name
                                       : mlirStringRefCreateFromCString(
                                             "(unnamed)"));
  irsBufAppend(c->text, "", 1);
  irsBufAppendRef(c->text, e->opName);
  irsBufAppend(c->text, "", 1);
  irsBufAppendRef(c->text, e->op);
  irsBufAppend(c->text, "", 1);
  irsBufAppendStr(c->text, e->locBuf);
  irsBufAppend(c->text, "", 1);
}

// The module after the first `count` actions (count < 0: the step's input,
// no pass run), generic and unverified.
static char *printAfter(Narrowing *n, int64_t count, const char *name) {
  char counter[96];
  snprintf(counter, sizeof(counter), "--mlir-debug-counter=%s-count=%lld",
           n->tag, (long long)count);
  const char *extra[4] = {NULL, NULL, NULL, NULL};
  int k = 0;
  if (count >= 0)
    extra[k++] = counter;
  if (!irsToolHasArg(n->t, "--mlir-print-op-generic"))
    extra[k++] = "--mlir-print-op-generic";
  char *out = irsToolScratch(n->t, name);
  IrsToolExecResult r;
  memset(&r, 0, sizeof(r));
  IrsToolExec e = {.pipeline = count >= 0 ? n->step : NULL,
                   .input = n->input, .output = out, .step = n->i + 1,
                   .noThreads = true, .helper = count < 0};
  memcpy(e.extra, extra, sizeof(e.extra));
  n->runs += count >= 0;
  bool ok = out && irsToolExecRun(n->t, &e, &r) == IRS_OK && irsToolExecOk(&r);
  irsToolExecResultFree(&r);
  char *text = ok ? readAll(out) : NULL;
  if (out)
    unlink(out);
  free(out);
  return text;
}

// The module just before action K and (unless the step died) just after.
static void printAround(Narrowing *n, const IrsNarrowedAction *a,
                        char **before, char **after) {
  const char *nb = irsArtefactGetName(IrsArtefactActionBefore);
  char *b = printAfter(n, a->index - 1, nb);
  // A step that cannot stop after K - 1 actions (a dialect conversion
  // that then fails to legalize) leaves the IR before the step.
  if (!b)
    b = printAfter(n, -1, nb);
  // A step that died dies again with K actions: nothing to print.
  *after = n->outcome == IrsWorkerExited
               ? printAfter(n, a->index,
                            irsArtefactGetName(IrsArtefactActionAfter))
               : NULL;
  *before = b;
}

// action-before.mlir, action-after.mlir (not for a crash) and action.diff.
static void writeAround(Narrowing *n, IrsNarrowedAction *a, IrsFailureWriter w,
                        IrsBuf *diff) {
  char *before, *after;
  printAround(n, a, &before, &after);
  MlirStringRef bs = {before, before ? strlen(before) : 0};
  MlirStringRef as = {after, after ? strlen(after) : 0};
  irsFailureWriterAddAction(w, a, bs, as, irsBufStringCallback, diff);
  free(before);
  free(after);
}

// For a crash, reads the log run's into n->crash and whether it is the
// reported one (`orig`, which ran with the user's layout: address-only
// frames match any).
static bool sameCrash(Narrowing *n, const IrsToolExecResult *orig,
                      const IrsToolExecResult *r) {
  if (r->res.outcome != IrsWorkerCrashed)
    return true;
  IrsCrashIdentity o;
  n->crashSignal = r->res.signal;
  return irsCrashIdentityRead(&n->crash, r->res.stderrTail,
                              (IrsLoadMap){NULL}) &&
         r->res.signal == orig->res.signal &&
         irsCrashIdentityRead(&o, orig->res.stderrTail, (IrsLoadMap){NULL}) &&
         irsCrashIdentityMatches(&o, &n->crash, /*sameLayout=*/false);
}

// The log run: counts, names and the failure's single-threaded signature;
// for a death, the action in flight (t->trail). Returns the log text, NULL
// (with `why`) when narrowing cannot go on.
static char *logRun(Narrowing *n, const IrsToolExecResult *orig, IrsBuf *why) {
  char *logPath = irsToolScratch(n->t, "actions.log");
  const char *extra[4];
  irsToolActionLogArgs(n->t, extra);
  IrsToolExecResult r;
  memset(&r, 0, sizeof(r));
  bool ran = logPath && runStep(n, logPath, n->t->opts.verifyEach, extra, &r);
  char *log = NULL;
  if (!ran)
    irsBufAppendStr(why, "cannot run the tool");
  else if (irsToolLacksActionFlags(n->t, &r, why))
    ;
  else if (n->oracle && !irsToolExecOk(&r))
    irsBufAppendStr(why, "the step does not succeed with threading off");
  else if (n->oracle)
    log = readAll(logPath);
  else if (r.res.outcome != orig->res.outcome ||
           (r.res.outcome == IrsWorkerExited && r.res.exitCode == 0) ||
           !sameCrash(n, orig, &r))
    irsBufAppendStr(why, "the step does not fail the same way with threading "
                         "off");
  else
    log = readAll(logPath);
  if (log) {
    n->outcome = r.res.outcome;
    n->error = r.res.outcome == IrsWorkerExited
                   ? firstError(r.res.stderrTail)
                   : NULL;
    if (r.res.outcome != IrsWorkerExited)
      irsToolTrailFromLog(n->t, n->i, mlirStringRefCreateFromCString(log),
                          true, r.res.outcome, 0);
  }
  irsToolExecResultFree(&r);
  if (logPath)
    unlink(logPath);
  free(logPath);
  return log;
}

// The action the dead log run was in, if of `tag`: its index, else 0.
static int64_t inFlightIndex(const Narrowing *n, const char *tag) {
  IrsActionRecord rec;
  if (n->outcome == IrsWorkerExited || !n->t->trailFilled ||
      !irsActionTrailGetInFlight(n->t->trail, &rec) || strcmp(rec.tag, tag))
    return 0;
  return rec.index;
}

// Bisects `tag` over its `num` actions; K or 0. A step that died is
// searched from the action its log ended in, or, when it died in none of
// the tag (after them: in a verifier, in the pass's own code), over all
// of them from the last: the log of a tool killed outright may end early,
// so that count is asked too, never assumed to fail.
static int64_t bisectTag(Narrowing *n, const char *tag, int64_t num) {
  n->tag = tag;
  int64_t hint = inFlightIndex(n, tag);
  int64_t k = n->outcome == IrsWorkerExited ? irsNarrowBisect(num, isBad, n)
              : hint ? irsNarrowSearchFrom(hint, isBad, n)
                     : irsNarrowSearchPast(num, isBad, n);
  return k > 0 ? k : 0;
}

static void fill(IrsToolRunnerImpl *t, const char *log, Narrowing *n,
                 int64_t k, int64_t of, IrsNarrowedAction *a) {
  Count c = {.tag = n->tag, .want = k, .text = &t->narrowText,
             .stepPass = irsPipelineGetStepPassName(t->rec.pipeline, n->i)};
  irsBufReset(&t->narrowText);
  irsActionLogParse(mlirStringRefCreateFromCString(log), countCb, &c);
  memset(a, 0, sizeof(*a));
  a->tag = n->tag;
  a->index = k;
  a->of = of;
  if (c.found && !t->narrowText.failed) {
    const char *s = t->narrowText.data;
    a->name = s;
    a->opName = (s += strlen(s) + 1);
    a->op = (s += strlen(s) + 1);
    a->location = (s += strlen(s) + 1);
    if (!*a->opName)
      a->opName = NULL;
  }
  a->inFlight = n->outcome == IrsWorkerCrashed && k == inFlightIndex(n, n->tag);
}

// Narrows n's step (n->t, n->i, n->input, n->kind, n->oracle set): the
// action into `out`, the files around it into `w` (null: the texts into
// t->narrowBefore and narrowAfter), or why not into `why`.
static bool narrow(Narrowing *n, const IrsToolExecResult *orig,
                   IrsFailureWriter w, IrsNarrowedAction *out, IrsBuf *why) {
  IrsToolRunnerImpl *t = n->t;
  n->step = irsStrDupRef(irsPipelineGetStepText(t->rec.pipeline, n->i));
  char *log = n->step ? logRun(n, orig, why) : NULL;
  bool found = false;
  if (log) {
    Count c = {0};
    irsActionLogParse(mlirStringRefCreateFromCString(log), countCb, &c);
    int64_t k = c.patterns ? bisectTag(n, IRS_NARROW_TAG_PATTERN, c.patterns)
                           : 0;
    int64_t of = c.patterns;
    if (!k && c.passes > IRS_NARROW_MIN_PASSES) {
      k = bisectTag(n, IRS_NARROW_TAG_PASS, c.passes);
      of = c.passes;
    }
    if (k) {
      fill(t, log, n, k, of, out);
      if (w.ptr)
        writeAround(n, out, w, &t->narrowDiff);
      else
        printAround(n, out, &t->narrowBefore, &t->narrowAfter);
      out->executions = n->runs;
      found = out->name != NULL;
    } else if (c.patterns > 0 || c.passes > IRS_NARROW_MIN_PASSES) {
      irsBufPrintf(why, "no single action is to blame: the step %s with "
                        "none of its %lld pattern applications",
                   n->oracle ? "is wrong" : "fails", (long long)c.patterns);
    }
  }
  free(log);
  free(n->step);
  free(n->error);
  return found;
}

// The tool's own arguments, shell-quoted, for the replay script.
static void quotedArgs(const IrsToolRunnerImpl *t, IrsBuf *b) {
  for (intptr_t k = 0; k < t->numArgs; ++k) {
    irsBufAppendStr(b, k ? " '" : "'");
    for (const char *p = t->args[k]; *p; ++p)
      *p == '\'' ? irsBufAppendStr(b, "'\\''") : irsBufAppend(b, p, 1);
    irsBufAppendStr(b, "'");
  }
}

void irsToolNarrowStep(IrsToolRunnerImpl *t, intptr_t i, const char *input,
                       IrsOutcome kind, const IrsToolExecResult *orig,
                       IrsFailureWriter w) {
  IrsBuf why = IRS_BUF_INIT;
  MlirStringRef step = irsPipelineGetStepText(t->rec.pipeline, i);
  IrsNarrowedAction *a = &t->narrowed;
  Narrowing n = {.t = t, .i = i, .input = input, .kind = kind};
  if (narrow(&n, orig, w, a, &why)) {
    IrsBuf args = IRS_BUF_INIT;
    quotedArgs(t, &args);
    IrsNarrowReplay r = {.tool = t->path,
                         .toolArgs = args.data,
                         .step = step,
                         .stepIndex = i + 1,
                         .action = a,
                         .kind = kind};
    if (irsFailureWriterHas(w, IrsArtefactPreStepIr))
      irsFailureWriterAddActionReplay(w, &r, a);
    irsBufFree(&args);
    irsNarrowFormatNote(a, kind, i + 1, step, irsBufStringCallback,
                        &t->narrowNote);
  } else {
    memset(a, 0, sizeof(*a));
    if (why.len)
      irsBufPrintf(&t->narrowNote, "step %ld not narrowed to one action: %s",
                   (long)(i + 1), why.data);
  }
  // Then any crash of that signal counted as this one, whichever bug.
  if (t->narrowNote.len && n.outcome == IrsWorkerCrashed &&
      !irsCrashIdentityIsTold(&n.crash))
    irsBufAppendStr(&t->narrowNote, " (crashes told apart by their signal "
                                    "alone: the tool printed no stack "
                                    "trace)");
  irsBufFree(&why);
}

MlirStringRef irsToolRunnerGetNarrowNote(IrsToolRunner runner) {
  return irsBufRef(&((IrsToolRunnerImpl *)runner.ptr)->narrowNote);
}

bool irsToolRunnerNarrowOutput(IrsToolRunner runner, intptr_t step,
                               const char *inputPath,
                               IrsToolOutputOracle oracle, void *userData,
                               IrsToolNarrowed *out) {
  IrsToolRunnerImpl *t = runner.ptr;
  memset(out, 0, sizeof(*out));
  memset(&t->narrowed, 0, sizeof(t->narrowed));
  irsBufReset(&t->narrowNote);
  free(t->narrowBefore);
  free(t->narrowAfter);
  t->narrowBefore = t->narrowAfter = NULL;
  Narrowing n = {.t = t, .i = step - 1, .input = inputPath,
                 .kind = IrsOutcomeWrongResult, .outcome = IrsWorkerExited,
                 .oracle = oracle, .oracleData = userData,
                 .outPath = irsToolScratch(t, "narrow-output.mlir")};
  // The note holds only why: the caller words its own line.
  bool found = n.outPath &&
               narrow(&n, NULL, (IrsFailureWriter){NULL}, &t->narrowed,
                      &t->narrowNote);
  if (n.outPath)
    unlink(n.outPath);
  free(n.outPath);
  if (!found)
    memset(&t->narrowed, 0, sizeof(t->narrowed));
  out->action = found ? &t->narrowed : NULL;
  out->before = mlirStringRefCreateFromCString(t->narrowBefore ? t->narrowBefore : "");
  out->after = mlirStringRefCreateFromCString(t->narrowAfter ? t->narrowAfter : "");
  out->why = irsBufRef(&t->narrowNote);
  return found;
}
