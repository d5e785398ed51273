// SPDX-License-Identifier: Apache-2.0
//===- NarrowStep.c - a step that broke the IR, narrowed to one rewrite ---===//
//
// When step i leaves IR the verifier rejects, the step is run again on
// clones of its pre-step IR with irscope's debug counter (ActionCounter.c:
// only the first K actions of a tag run) and the result verified: with the
// context single-threaded for the trials (counts name the same actions
// only then; restored after), irsNarrowBisect finds the action after which
// the IR no longer verifies, over `apply-pattern`, else over
// `pass-execution` when the step runs its pass on several ops. A trial
// whose pass fails (a conversion whose patterns were skipped fails to
// legalize) is not the failure being narrowed. Two more runs print the
// module after K - 1 and after K actions, generic, for the top-level op
// around the action; the report gets <action>, the terminal a note, and
// replay-action.sh shows it with upstream mlir-opt's own debug counter.
// Narrowing a failure another process documented (irsPassManagerNarrowStep)
// runs each trial in a fork of its own instead (ForkedRun.c), since the
// step that broke the IR may corrupt the heap of whatever runs it.
// A crash documented by another process (irsPassManagerNarrowCrash: one
// in no action finer than the step, after its patterns: in the verifier
// after the pass, in the pass manager) is narrowed the same way with the
// crash's own oracle: a trial fails when its fork dies as the step did,
// of the same signal, at the same crash site, with the same crash identity
// (assertion line, first frames: irsSignatureMatches, as the reducer and
// --repeat compare crashes; the fork keeps the tool's fatal-signal
// handler, whose trace names them): a step that crashes two ways in one
// helper is narrowed to the way it was reported. A trial still running at the
// step's timeout is stopped and does not fail. A fork that dies sends no
// verdict, so the counts of its actions go through memory it shares with
// this process; the run at K - 1 describes action K and prints the IR
// before it (after it the step dies). Trials stop at irsNarrowBudget(N).
//
//===----------------------------------------------------------------------===//
#include "NarrowHold.h"
#include "PassManagerImpl.h"

#include "irscope/Diff.h"
#include "irscope/ActionCounter.h"
#include "irscope/Report.h"
#include "irscope/RunDir.h"
#include "../Support/DiagnosticsImpl.h"
#include "../Support/Fs.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

typedef struct Trial {
  IrsPassManagerImpl *pm;
  intptr_t i;
  MlirOperation before;
  const char *tag;
  int64_t runs;
  // Each trial in a fork of this process (the step may corrupt the heap:
  // irsPassManagerNarrowStep, ForkedRun.c), else in this process.
  bool forked;
  // A crash being narrowed (NULL: a verifier failure), each trial's limit
  // (0: none), the most trials narrowing may take (0: no cap), and the
  // counts of `apply-pattern` ([0]) and `pass-execution` ([1]) actions
  // the last trial began, shared with its fork.
  const IrsNarrowCrash *crash;
  int timeoutMs;
  int64_t budget;
  int64_t *tally;
} Trial;

// What one trial hands back.
typedef struct Verdict {
  bool bad; // the pass succeeded and the verifier rejects the IR
  int64_t patterns, passes;
  IrsBuf printed; // the module in generic form (when asked)
  IrsBuf fields;  // the described action's fields, each NUL-terminated
  bool crashed;   // a forked trial died as the crash being narrowed did
} Verdict;

// Counts the actions a trial begins (run or skipped, as the counter does).
static IrsActionDecision tallyBefore(const IrsAction *a, void *ud) {
  int64_t *tally = ud;
  if (mlirStringRefEqual(a->tag, mlirStringRefCreateFromCString(
                                     IRS_NARROW_TAG_PATTERN)))
    ++tally[0];
  else if (mlirStringRefEqual(a->tag, mlirStringRefCreateFromCString(
                                          IRS_NARROW_TAG_PASS)))
    ++tally[1];
  return IrsActionExecute;
}

// Step i on a clone of the pre-step IR with the first `count` actions of
// the trial's tag; the clone (caller destroys) and whether the pass
// succeeded. `ac` gets the counter, which the caller destroys.
static MlirOperation run(Trial *t, int64_t count, int64_t describe,
                         IrsActionCounter *ac, bool *passOk) {
  MlirOperation m = mlirOperationClone(t->before);
  IrsActionCounter c = irsActionCounterCreate(t->tag, count, describe, false);
  *passOk = false;
  // During the run that failed the pass manager may own the context's
  // handler (Actions.c): the counter joins it as a consumer. A tally
  // needs a handler: one of the trial's own when there is none.
  IrsActionHandler h = t->pm->actions, own = {NULL};
  bool tallied = false;
  if (t->tally && irsActionHandlerIsNull(h))
    tallied = !irsActionHandlerIsNull(
        h = own = irsActionHandlerAttach(mlirOperationGetContext(m),
                                         tallyBefore, NULL, t->tally));
  else if (t->tally)
    tallied = irsActionHandlerAddConsumer(h, tallyBefore, NULL, t->tally);
  bool shared = !irsActionHandlerIsNull(h);
  if (!irsActionCounterIsNull(c)) {
    irsActionCounterSetRoot(c, m);
    if (shared)
      shared = irsActionHandlerAddConsumer(h, irsActionCounterBefore,
                                           irsActionCounterAfter, c.ptr);
    else
      irsActionCounterAttach(c, m);
    *passOk = mlirLogicalResultIsSuccess(
        mlirPassManagerRunOnOp(t->pm->steps[t->i].pm, m));
    if (shared)
      irsActionHandlerRemoveConsumer(h, irsActionCounterBefore,
                                     irsActionCounterAfter, c.ptr);
    else
      irsActionCounterDetach(c);
  }
  if (tallied && irsActionHandlerIsNull(own))
    irsActionHandlerRemoveConsumer(h, tallyBefore, NULL, t->tally);
  irsActionHandlerDetach(own);
  *ac = c;
  return m;
}

static void printGeneric(MlirOperation op, IrsBuf *out) {
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(f);
  mlirOperationPrintWithFlags(op, f, irsBufStringCallback, out);
  mlirOpPrintingFlagsDestroy(f);
}

static void send(int fd, const Verdict *v);

// One trial in this process; with a file descriptor (>= 0), the verdict is
// written to it before anything is freed (the step may have corrupted the
// heap).
static void trialHere(Trial *t, int64_t count, int64_t describe, bool print,
                      Verdict *v, int fd) {
  IrsActionCounter ac;
  bool ok;
  MlirOperation m = run(t, count, describe, &ac, &ok);
  v->bad = ok && !mlirOperationVerify(m);
  v->patterns = irsActionCounterGetNum(ac, IRS_NARROW_TAG_PATTERN);
  v->passes = irsActionCounterGetNum(ac, IRS_NARROW_TAG_PASS);
  if (print)
    printGeneric(m, &v->printed);
  for (int f = IrsActionFieldName; describe && f <= IrsActionFieldLocation;
       ++f) {
    irsBufAppendRef(&v->fields, irsActionCounterGetField(ac, (IrsActionField)f));
    irsBufAppend(&v->fields, "", 1);
  }
  if (fd >= 0)
    send(fd, v);
  irsActionCounterDestroy(ac);
  mlirOperationDestroy(m);
}

typedef struct Job {
  Trial *t;
  int64_t count, describe;
  bool print;
} Job;

// The record of a forked trial: "BAD PATTERNS PASSES PRINTED FIELDS\n"
// (the last two: byte counts), then those bytes.
static void send(int fd, const Verdict *v) {
  char head[128];
  int n = snprintf(head, sizeof(head), "%d %lld %lld %zu %zu\n", (int)v->bad,
                   (long long)v->patterns, (long long)v->passes,
                   v->printed.len, v->fields.len);
  if (!irsWriteAll(fd, head, (size_t)n) &&
      !irsWriteAll(fd, v->printed.data ? v->printed.data : "", v->printed.len))
    (void)irsWriteAll(fd, v->fields.data ? v->fields.data : "", v->fields.len);
}

static void trialChild(int fd, void *ud) {
  Job *j = ud;
  irsNarrowHold();
  Verdict v = {.printed = IRS_BUF_INIT, .fields = IRS_BUF_INIT};
  trialHere(j->t, j->count, j->describe, j->print, &v, fd);
}

// Reads a forked trial's record back; false when it is not whole.
static bool receive(MlirStringRef r, Verdict *v) {
  const char *nl = r.data ? memchr(r.data, '\n', r.length) : NULL;
  int bad = 0;
  long long patterns = 0, passes = 0;
  size_t printed = 0, fields = 0;
  if (!nl || sscanf(r.data, "%d %lld %lld %zu %zu", &bad, &patterns,
                    &passes, &printed, &fields) != 5)
    return false;
  const char *p = nl + 1;
  if ((size_t)(r.data + r.length - p) != printed + fields)
    return false;
  v->bad = bad != 0;
  v->patterns = patterns;
  v->passes = passes;
  irsBufAppend(&v->printed, p, printed);
  irsBufAppend(&v->fields, p + printed, fields);
  return !v->printed.failed && !v->fields.failed;
}

// Whether a forked trial ended as `crash` did: killed by its signal, at
// its crash site with its identity (as far as both traces tell them). A
// trial stopped at the limit hung instead.
static bool sameCrash(const IrsNarrowCrash *crash, IrsPmForkedEnd *end) {
  if (end->timedOut || !end->signal)
    return false;
  IrsSignature s = crash->signature;
  s.signal = end->signal;
  irsSignatureSetCrashSite(&s, irsBufRef(&end->stderrText), (IrsLoadMap){NULL},
                           false);
  return irsSignatureMatches(&s, &crash->signature, 0);
}

// One trial, here or forked; false when a forked one died before its
// verdict (the step's corruption surfacing: the caller's to judge).
static bool trial(Trial *t, int64_t count, int64_t describe, bool print,
                  Verdict *v) {
  *v = (Verdict){.printed = IRS_BUF_INIT, .fields = IRS_BUF_INIT};
  ++t->runs;
  if (!t->forked) {
    trialHere(t, count, describe, print, v, -1);
    return true;
  }
  Job j = {t, count, describe, print};
  IrsBuf record = IRS_BUF_INIT;
  if (t->tally)
    t->tally[0] = t->tally[1] = 0;
  IrsPmForkedEnd end = {.timeoutMs = t->timeoutMs, .trace = t->crash != NULL};
  bool ok = irsPmRunForked(trialChild, &j, &record, &end) &&
            receive(irsBufRef(&record), v);
  v->crashed = t->crash && sameCrash(t->crash, &end);
  irsBufFree(&end.stderrText);
  irsBufFree(&record);
  if (t->tally) {
    v->patterns = t->tally[0];
    v->passes = t->tally[1];
  }
  return ok;
}

static void verdictFree(Verdict *v) {
  irsBufFree(&v->printed);
  irsBufFree(&v->fields);
}

static int isBad(int64_t count, void *ud) {
  Trial *t = ud;
  // This trial and the one that describes the action must fit.
  if (t->budget && t->runs + 2 > t->budget)
    return -1;
  Verdict v;
  // A run with the first K actions that dies went wrong too; a crash's
  // dies as the step did.
  bool bad = !trial(t, count, 0, false, &v) || v.bad;
  if (t->crash)
    bad = v.crashed;
  verdictFree(&v);
  return bad;
}

// The action's name and op (a run at K describing K), and the module
// after K - 1 and after K actions, cut to the top-level op that differs.
// A crash dies at K: the run at K - 1 describes K, which it skips.
static void describe(Trial *t, int64_t k, int64_t of, IrsFailureWriter w) {
  IrsPassManagerImpl *pm = t->pm;
  IrsNarrowedAction *a = &pm->narrowed;
  Verdict before, after = {.printed = IRS_BUF_INIT, .fields = IRS_BUF_INIT};
  bool ok = t->crash ? trial(t, k - 1, k, true, &before)
                      : trial(t, k - 1, 0, true, &before) &&
                            trial(t, k, k, true, &after);
  if (t->crash)
    irsBufAppendRef(&after.fields, irsBufRef(&before.fields));
  IrsBuf *s = &pm->narrowText;
  irsBufReset(s);
  irsBufAppendRef(s, irsBufRef(&after.fields));
  size_t nuls = 0;
  for (size_t p = 0; s->data && p < s->len; ++p)
    nuls += s->data[p] == '\0';
  if (ok && !s->failed && nuls == IrsActionFieldLocation + 1 &&
      before.printed.data && (t->crash || after.printed.data)) {
    memset(a, 0, sizeof(*a));
    const char *p = s->data;
    a->name = p;
    a->op = (p += strlen(p) + 1);
    a->opName = (p += strlen(p) + 1);
    a->location = (p += strlen(p) + 1);
    a->tag = t->tag;
    a->index = k;
    a->of = of;
    irsBufReset(&pm->narrowDiff);
    // After a crash's action K the step dies: no IR after it.
    MlirStringRef none = {NULL, 0};
    irsFailureWriterAddAction(w, a, irsBufRef(&before.printed),
                              t->crash ? none : irsBufRef(&after.printed),
                              irsBufStringCallback, &pm->narrowDiff);
  }
  verdictFree(&before);
  verdictFree(&after);
}

// Bisects the step's `n` actions of `tag`: K, 0 when none is to blame,
// -1 when a crash's trials would exceed irsNarrowBudget(n).
static int64_t bisect(Trial *t, const char *tag, int64_t n) {
  t->tag = tag;
  if (t->crash)
    t->budget = irsNarrowBudget(n);
  return irsNarrowBisect(n, isBad, t);
}

// Counts, bisects and describes; false with the reason in `why`.
static bool narrow(Trial *t, IrsFailureWriter w, IrsBuf *why) {
  t->tag = IRS_NARROW_TAG_PATTERN;
  Verdict v;
  bool ran = trial(t, -1, 0, false, &v);
  bool broken = ran && v.bad;
  int64_t patterns = v.patterns, passes = v.passes;
  bool crashed = v.crashed;
  verdictFree(&v);
  if (t->crash && !crashed) {
    irsBufAppendStr(why, "the step does not crash the same way with "
                         "threading off");
    return false;
  }
  if (!t->crash && !ran) {
    irsBufAppendStr(why, "the step's run with threading off died");
    return false;
  }
  if (!t->crash && !broken) {
    irsBufAppendStr(why, "the step does not break the IR with threading off");
    return false;
  }
  int64_t k = patterns ? bisect(t, IRS_NARROW_TAG_PATTERN, patterns) : 0;
  int64_t of = patterns;
  if (k == 0 && passes > IRS_NARROW_MIN_PASSES) {
    k = bisect(t, IRS_NARROW_TAG_PASS, passes);
    of = passes;
  }
  if (k < 0) {
    irsBufPrintf(why, "no answer within %lld runs of the step",
                 (long long)t->budget);
    return false;
  }
  if (k == 0 && (patterns > 0 || passes > IRS_NARROW_MIN_PASSES)) {
    irsBufPrintf(why, "no single action is to blame: %s with none of the "
                      "step's %lld pattern applications",
                 t->crash ? "the step crashes" : "the IR breaks",
                 (long long)patterns);
    return false;
  }
  if (k <= 0)
    return false; // nothing to tell apart: the step is its own answer
  describe(t, k, of, w);
  t->pm->narrowed.executions = t->runs;
  // A crash's run at K - 1 did not crash as the step does, but it may
  // have died otherwise (or hung): it then describes nothing.
  if (!t->pm->narrowed.tag && t->crash)
    irsBufPrintf(why, "the step with %lld of its %lld actions of '%s' "
                      "does not finish, so action %lld cannot be described",
                 (long long)(k - 1), (long long)of, t->tag, (long long)k);
  return t->pm->narrowed.tag != NULL;
}

// Narrows step i from `before`, each trial in a fork of its own when
// `forked` (always for a crash, `crash` non-null); fills narrowed,
// narrowDiff and narrowNote.
static void narrowStep(IrsPassManagerImpl *pm, intptr_t i,
                       MlirOperation before, IrsFailureWriter w, bool forked,
                       const IrsNarrowCrash *crash) {
  memset(&pm->narrowed, 0, sizeof(pm->narrowed));
  irsBufReset(&pm->narrowNote);
  irsBufReset(&pm->narrowDiff);
  if (!pm->opts.verify.narrow || mlirOperationIsNull(before))
    return;
  // The context's threading is the run's (the C API cannot read it back).
  bool threads = pm->opts.run.threadingEnabled;
  mlirContextEnableMultithreading(pm->ctx, false);
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  Trial t = {.pm = pm, .i = i, .before = before, .forked = forked,
             .crash = crash,
             .timeoutMs = !crash || crash->timeoutSec <= 0 ? 0
                          : crash->timeoutSec >= INT_MAX / 1e3
                              ? INT_MAX
                              : (int)(crash->timeoutSec * 1e3 + 0.5)};
  IrsOutcome kind = crash ? IrsOutcomeCrash : IrsOutcomeVerifyFailure;
  IrsBuf why = IRS_BUF_INIT;
  bool found = false;
  if (crash) {
    void *shared = forked ? mmap(NULL, 2 * sizeof(int64_t),
                                 PROT_READ | PROT_WRITE,
                                 MAP_SHARED | MAP_ANONYMOUS, -1, 0)
                          : MAP_FAILED;
    if (shared != MAP_FAILED) {
      t.tally = shared;
      found = narrow(&t, w, &why);
      munmap(shared, 2 * sizeof(int64_t));
    }
  } else {
    found = narrow(&t, w, &why);
  }
  irsDiagnosticCaptureSetDiscard(pm->capture, false);
  mlirContextEnableMultithreading(pm->ctx, threads);
  MlirStringRef step = irsPipelineGetStepText(pm->pipeline, i);
  if (found) {
    IrsNarrowReplay r = {.step = step,
                         .stepIndex = i + 1,
                         .action = &pm->narrowed,
                         .kind = kind};
    if (irsFailureWriterHas(w, IrsArtefactPreStepIr) &&
        !irsPipelineTextNamesIrscopePass(step))
      irsFailureWriterAddActionReplay(w, &r, &pm->narrowed);
    irsNarrowFormatNote(&pm->narrowed, kind, i + 1, step,
                        irsBufStringCallback, &pm->narrowNote);
  } else if (why.len) {
    irsBufPrintf(&pm->narrowNote, "step %ld not narrowed to one action: %s",
                 (long)(i + 1), why.data);
  }
  irsBufFree(&why);
}

// Narrows step i from `before` into `dir`, where another process wrote the
// failure's report and pre-step IR (the replay script runs on the latter).
// Every trial runs in a fork of this process as it is now, its heap as the
// replay left it (ForkedRun.c). `crash`: the crash, else NULL.
static void narrowInto(IrsPassManagerImpl *pm, intptr_t i,
                       MlirOperation before, const char *dir,
                       const IrsNarrowCrash *crash) {
  IrsFailureWriter w;
  if (irsFailureWriterOpen(dir, crash ? IrsOutcomeCrash
                                      : IrsOutcomeVerifyFailure, &w))
    return;
  irsFailureWriterAdopt(w, IrsArtefactPreStepIr);
  narrowStep(pm, i, before, w, true, crash);
  // The first file not written, else the report, as a failure says it.
  char *failed = NULL;
  int e = irsFailureWriterGetError(w, &failed);
  int e2 = 0;
  if (pm->narrowed.tag)
    e2 = irsFailureWriterCommitAction(w, &pm->narrowed,
                                      irsBufRef(&pm->narrowDiff));
  else
    irsFailureWriterDetach(w);
  if (e)
    irsBufPrintf(&pm->rec.errMsg, "cannot write '%s': %s",
                 failed ? failed : "?", strerror(e));
  else if (e2)
    irsBufPrintf(&pm->rec.errMsg, "cannot write '%s/" IRS_RUN_DIR_REPORT
                 "': %s", dir, strerror(e2));
  free(failed);
}

// irsPassManagerNarrowStep and irsPassManagerNarrowCrash.
static void narrowDocumented(IrsPassManager handle, MlirOperation input,
                             intptr_t step, const char *dir,
                             const IrsNarrowCrash *crash) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  memset(&pm->narrowed, 0, sizeof(pm->narrowed));
  irsBufReset(&pm->narrowNote);
  irsBufReset(&pm->narrowDiff);
  irsBufReset(&pm->rec.errMsg);
  if (mlirOperationIsNull(input))
    return;
  // A capture of the context's diagnostics, as a run has: the replay and
  // the trials discard theirs.
  irsDiagnosticCaptureDestroy(pm->capture);
  pm->capture = irsDiagnosticCaptureCreate(pm->ctx, NULL, NULL);
  intptr_t i = step - 1;
  MlirOperation before = {NULL};
  if (!irsDiagnosticCaptureIsNull(pm->capture) && i >= 0 && i < pm->numSteps)
    before = irsPmReplayBefore(pm, input, i);
  mlirOperationDestroy(input);
  if (!mlirOperationIsNull(before)) {
    narrowInto(pm, i, before, dir, crash);
    mlirOperationDestroy(before);
  }
  irsDiagnosticCaptureDetach(pm->capture);
}

void irsPassManagerNarrowStep(IrsPassManager pm, MlirOperation input,
                              intptr_t step, const char *dir) {
  narrowDocumented(pm, input, step, dir, NULL);
}

void irsPassManagerNarrowCrash(IrsPassManager pm, MlirOperation input,
                               intptr_t step, const char *dir,
                               const IrsNarrowCrash *crash) {
  narrowDocumented(pm, input, step, dir, crash);
}

void irsPmNarrowFailure(IrsPassManagerImpl *pm, intptr_t i,
                        MlirOperation before, IrsFailureWriter w) {
  narrowStep(pm, i, before, w, false, NULL);
}

MlirStringRef irsPassManagerGetNarrowNote(IrsPassManager pm) {
  return irsBufRef(&irsPmUnwrap(pm)->narrowNote);
}

const IrsNarrowedAction *irsPassManagerGetNarrowedAction(IrsPassManager pm) {
  IrsPassManagerImpl *impl = irsPmUnwrap(pm);
  return impl->narrowed.tag ? &impl->narrowed : NULL;
}
