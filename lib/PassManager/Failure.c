// SPDX-License-Identifier: Apache-2.0
//===- Failure.c - documenting a failed step ------------------------------===//
//
// For a failing step i: the one-line message, then in the failure
// directory the IR that went into the step (rebuilt by replaying steps
// 1..i-1 on a clone of the input copy: nothing is printed ahead of time),
// a reproducer of the step, the IR it left behind in generic form, and
// report.xml, written from the run record by the FailureReport writer.
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include "../Support/DiagnosticsImpl.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

IrsErrorKind irsPmStatusKind(IrsStepStatus st) {
  return st == IrsStepPassFailed ? IRS_ERR_PASS : IRS_ERR_VERIFY;
}

void irsPmDescribeFailure(IrsPassManagerImpl *pm, intptr_t i) {
  const IrsRecordStep *s = &pm->rec.steps[i];
  MlirStringRef text = irsPipelineGetStepText(pm->pipeline, i);
  MlirStringRef pass = irsPipelineGetStepPassName(pm->pipeline, i);
  IrsBuf *m = &pm->rec.errMsg;
  irsBufReset(m);
  if (s->result.status == IrsStepPassFailed) {
    irsBufPrintf(m, "step %ld '%.*s' failed: pass '%.*s' signalled failure",
                 (long)(i + 1), (int)text.length, text.data, (int)pass.length,
                 pass.data);
  } else {
    irsBufPrintf(m, "step %ld '%.*s' broke the IR: %s failed after pass '%.*s'",
                 (long)(i + 1), (int)text.length, text.data,
                 s->failedHook ? s->failedHook : "verifier", (int)pass.length,
                 pass.data);
  }
}

MlirOperation irsPmReplayBefore(IrsPassManagerImpl *pm, MlirOperation input,
                                intptr_t upTo) {
  MlirOperation m = mlirOperationClone(input);
  irsDiagnosticCaptureSetDiscard(pm->capture, true);
  bool ok = true;
  for (intptr_t k = 0; k < upTo && ok; ++k)
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm->steps[k].pm, m));
  irsDiagnosticCaptureSetDiscard(pm->capture, false);
  if (!ok) {
    mlirOperationDestroy(m);
    return (MlirOperation){NULL};
  }
  return m;
}

int irsPmAddPreStep(IrsPassManagerImpl *pm, IrsFailureWriter w, intptr_t i,
                    MlirOperation before, bool generic) {
  int e = irsFailureWriterAddModule(w, IrsArtefactPreStepIr, before, generic,
                                    pm->opts.dump.printDebugInfo, true);
  if (!e)
    e = irsFailureWriterAddReproducer(
        w, before, irsPipelineGetStepText(pm->pipeline, i),
        !pm->opts.run.threadingEnabled, pm->opts.verify.verifyEach, pm->opts.run.plugins,
        pm->env.hasSeed, pm->env.seed);
  return e;
}

// A step whose IR the verifier rejects (not a check of the user's).
static bool verifierFailed(const IrsPassManagerImpl *pm, intptr_t i) {
  const IrsRecordStep *st = &pm->rec.steps[i];
  return st->result.status == IrsStepVerifyFailed &&
         (!st->failedHook || !strcmp(st->failedHook, "verifier"));
}

// The failure is on disk: whoever watches the run hears of it now, before
// the manifest is written and anything freed (IrsFailureOptions).
static void notify(IrsPassManagerImpl *pm, intptr_t i) {
  const IrsFailureOptions *o = &pm->opts.failure;
  if (!o->onDocumented || !pm->rec.failureDirUsed)
    return;
  IrsFailureNotice n = {
      .outcome = irsStepStatusGetOutcome(pm->rec.steps[i].result.status),
      .step = i + 1,
      .message = irsBufRef(&pm->rec.errMsg),
      .dir = mlirStringRefCreateFromCString(pm->rec.failureDirUsed),
      .verifierFailed = verifierFailed(pm, i)};
  o->onDocumented(&n, o->onDocumentedUserData);
}

// The pre-step IR and reproducer of step i, from the replayed pre-step IR,
// and the narrowed action of a verifier failure. Returns 0 or an errno
// value.
static int addPreStep(IrsPassManagerImpl *pm, intptr_t i, IrsFailureWriter w,
                      MlirOperation input) {
  memset(&pm->narrowed, 0, sizeof(pm->narrowed));
  if (mlirOperationIsNull(input))
    return 0;
  MlirOperation before = irsPmReplayBefore(pm, input, i);
  if (mlirOperationIsNull(before))
    return 0;
  int e = irsPmAddPreStep(pm, w, i, before, false);
  if (verifierFailed(pm, i))
    irsPmNarrowFailure(pm, i, before, w);
  mlirOperationDestroy(before);
  return e;
}

// Writes report.xml, the pre-step IR, the post-step IR and a reproducer for
// the failure of step i (0-based). `module` is the IR after the failing step.
void irsPmWriteFailure(IrsPassManagerImpl *pm, intptr_t i,
                       MlirOperation module, MlirOperation input) {
  irsPmDumpJoin(pm); // the report names the dumps on disk
  if (!pm->opts.failure.writeReport)
    return;
  IrsFailureWriter w;
  if (irsFailureWriterOpenForRecord(
          &pm->rec, irsStepStatusGetOutcome(pm->rec.steps[i].result.status),
          &w))
    return;
  addPreStep(pm, i, w, input);
  // The IR after a failure may be invalid, even beyond what the printer
  // survives: printed generically, verified first, by a child process.
  IrsPmPostStep post = {module, pm->opts.dump.printDebugInfo};
  irsFailureWriterAddWith(w, IrsArtefactPostStepIr, irsPmPrintPostStep, &post);
  // The first artefact that was not written (the narrowed action's files
  // included), else the report, which is written last.
  char *failed = NULL;
  int e = irsFailureWriterGetError(w, &failed);
  pm->rec.artifacts =
      (IrsRecordArtifacts){.action = pm->narrowed.tag ? &pm->narrowed : NULL,
                           .actionDiff = irsBufRef(&pm->narrowDiff)};
  int e3 =
      irsFailureWriterCommitRecord(w, &pm->rec, IrsRecordWriterFailureReport);
  if (!e && e3)
    irsBufPrintf(&pm->rec.errMsg, "; cannot write '%s/" IRS_RUN_DIR_REPORT
                 "': %s", pm->rec.failureDirUsed, strerror(e3));
  else if (e)
    irsBufPrintf(&pm->rec.errMsg, "; cannot write '%s': %s",
                 failed ? failed : "?", strerror(e));
  free(failed);
  notify(pm, i);
}
