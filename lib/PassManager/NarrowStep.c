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
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include "irscope/Diff.h"
#include "irscope/ActionCounter.h"
#include "irscope/Report.h"
#include "irscope/RunDir.h"
#include "../Support/DiagnosticsImpl.h"
#include "../Support/Fs.h"

#include <stdlib.h>
#include <string.h>

typedef struct Trial {
  IrsPassManagerImpl *pm;
  intptr_t i;
  MlirOperation before;
  const char *tag;
  int64_t runs;
} Trial;

// Step i on a clone of the pre-step IR with the first `count` actions of
// the trial's tag; the clone (caller destroys) and whether the pass
// succeeded. `ac` (nullable) gets the counter, which the caller destroys.
static MlirOperation run(Trial *t, int64_t count, int64_t describe,
                         IrsActionCounter *ac, bool *passOk) {
  MlirOperation m = mlirOperationClone(t->before);
  IrsActionCounter c = irsActionCounterCreate(t->tag, count, describe, false);
  *passOk = false;
  // During the run that failed the pass manager may own the context's
  // handler (Actions.c): the counter joins it as a consumer.
  IrsActionHandler h = t->pm->actions;
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
  ++t->runs;
  if (ac)
    *ac = c;
  else
    irsActionCounterDestroy(c);
  return m;
}

static int isBad(int64_t count, void *ud) {
  Trial *t = ud;
  bool ok;
  MlirOperation m = run(t, count, 0, NULL, &ok);
  bool bad = ok && !mlirOperationVerify(m);
  mlirOperationDestroy(m);
  return bad;
}

static void printGeneric(MlirOperation op, IrsBuf *out) {
  MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(f);
  mlirOperationPrintWithFlags(op, f, irsBufStringCallback, out);
  mlirOpPrintingFlagsDestroy(f);
}

// The action's name and op (a run at K describing K), and the module
// after K - 1 and after K actions, cut to the top-level op that differs.
static void describe(Trial *t, int64_t k, int64_t of, IrsFailureWriter w) {
  IrsPassManagerImpl *pm = t->pm;
  IrsNarrowedAction *a = &pm->narrowed;
  IrsActionCounter ac;
  bool ok;
  IrsBuf before = IRS_BUF_INIT, after = IRS_BUF_INIT;
  MlirOperation m = run(t, k - 1, 0, NULL, &ok);
  printGeneric(m, &before);
  mlirOperationDestroy(m);
  m = run(t, k, k, &ac, &ok);
  printGeneric(m, &after);
  mlirOperationDestroy(m);
  IrsBuf *s = &pm->narrowText;
  irsBufReset(s);
  for (int f = IrsActionFieldName; f <= IrsActionFieldLocation; ++f) {
    irsBufAppendRef(s, irsActionCounterGetField(ac, (IrsActionField)f));
    irsBufAppend(s, "", 1);
  }
  irsActionCounterDestroy(ac);
  if (s->failed || !before.data || !after.data) {
    irsBufFree(&before);
    irsBufFree(&after);
    return;
  }
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
  irsFailureWriterAddAction(w, a, irsBufRef(&before), irsBufRef(&after),
                            irsBufStringCallback, &pm->narrowDiff);
  irsBufFree(&before);
  irsBufFree(&after);
}

// Counts, bisects and describes; false with the reason in `why`.
static bool narrow(Trial *t, IrsFailureWriter w, IrsBuf *why) {
  t->tag = IRS_NARROW_TAG_PATTERN;
  IrsActionCounter ac;
  bool ok;
  MlirOperation m = run(t, -1, 0, &ac, &ok);
  bool broken = ok && !mlirOperationVerify(m);
  int64_t patterns = irsActionCounterGetNum(ac, IRS_NARROW_TAG_PATTERN);
  int64_t passes = irsActionCounterGetNum(ac, IRS_NARROW_TAG_PASS);
  irsActionCounterDestroy(ac);
  mlirOperationDestroy(m);
  if (!broken) {
    irsBufAppendStr(why, "the step does not break the IR with threading off");
    return false;
  }
  int64_t k = patterns ? irsNarrowBisect(patterns, isBad, t) : 0, of = patterns;
  if (k <= 0 && passes > IRS_NARROW_MIN_PASSES) {
    t->tag = IRS_NARROW_TAG_PASS;
    k = irsNarrowBisect(passes, isBad, t);
    of = passes;
  }
  if (k <= 0 && (patterns > 0 || passes > IRS_NARROW_MIN_PASSES)) {
    irsBufPrintf(why, "no single action is to blame: the IR breaks with "
                      "none of the step's %lld pattern applications",
                 (long long)patterns);
    return false;
  }
  if (k <= 0)
    return false; // nothing to tell apart: the step is its own answer
  describe(t, k, of, w);
  t->pm->narrowed.executions = t->runs;
  return t->pm->narrowed.tag != NULL;
}

void irsPmNarrowFailure(IrsPassManagerImpl *pm, intptr_t i,
                        MlirOperation before, IrsFailureWriter w) {
  memset(&pm->narrowed, 0, sizeof(pm->narrowed));
  irsBufReset(&pm->narrowNote);
  irsBufReset(&pm->narrowDiff);
  if (!pm->opts.verify.narrow || mlirOperationIsNull(before))
    return;
  // The context's threading is the run's (the C API cannot read it back).
  bool threads = pm->opts.run.threadingEnabled;
  mlirContextEnableMultithreading(pm->ctx, false);
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  Trial t = {.pm = pm, .i = i, .before = before};
  IrsBuf why = IRS_BUF_INIT;
  bool found = narrow(&t, w, &why);
  irsDiagnosticCaptureSetDiscard(pm->capture, false);
  mlirContextEnableMultithreading(pm->ctx, threads);
  MlirStringRef step = irsPipelineGetStepText(pm->pipeline, i);
  if (found) {
    IrsNarrowReplay r = {.step = step,
                         .stepIndex = i + 1,
                         .action = &pm->narrowed,
                         .kind = IrsOutcomeVerifyFailure};
    if (irsFailureWriterHas(w, IrsArtefactPreStepIr) &&
        !irsPipelineTextNamesIrscopePass(step))
      irsFailureWriterAddActionReplay(w, &r, &pm->narrowed);
    irsNarrowFormatNote(&pm->narrowed, IrsOutcomeVerifyFailure, i + 1, step,
                        irsBufStringCallback, &pm->narrowNote);
  } else if (why.len) {
    irsBufPrintf(&pm->narrowNote, "step %ld not narrowed to one action: %s",
                 (long)(i + 1), why.data);
  }
  irsBufFree(&why);
}

MlirStringRef irsPassManagerGetNarrowNote(IrsPassManager pm) {
  return irsBufRef(&irsPmUnwrap(pm)->narrowNote);
}

const IrsNarrowedAction *irsPassManagerGetNarrowedAction(IrsPassManager pm) {
  IrsPassManagerImpl *impl = irsPmUnwrap(pm);
  return impl->narrowed.tag ? &impl->narrowed : NULL;
}
