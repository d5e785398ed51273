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
#include "../Support/Fs.h"

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

// Replays steps [0, upTo) on a clone of `input` with diagnostics dropped and
// returns the resulting module (caller destroys), or null if the replay
// failed (a nondeterministic pipeline).
static MlirOperation replay(IrsPassManagerImpl *pm, MlirOperation input,
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

// failure-input.mlir and reproducer.mlir of step i in `dir`, from the
// replayed pre-step IR. Returns 0 or an errno value; *written tells whether
// the pre-step IR is there.
static int writePreStep(IrsPassManagerImpl *pm, intptr_t i, const char *dir,
                        MlirOperation input, bool *written) {
  memset(&pm->narrowed, 0, sizeof(pm->narrowed));
  *written = false;
  if (mlirOperationIsNull(input))
    return 0;
  MlirOperation before = replay(pm, input, i);
  if (mlirOperationIsNull(before))
    return 0;
  char *prePath = irsPathJoin(dir, "failure-input.mlir");
  char *reproPath = irsPathJoin(dir, "reproducer.mlir");
  int e = prePath ? irsDumpModule(before, prePath, false,
                                  pm->opts.dump.printDebugInfo, true)
                  : ENOMEM;
  *written = !e;
  if (!e && reproPath)
    e = irsReproducerWriteSeeded(
        before, reproPath, irsPipelineGetStepText(pm->pipeline, i),
        !pm->opts.run.threadingEnabled, pm->opts.verify.verifyEach, pm->opts.run.plugins,
        pm->env.hasSeed, pm->env.seed);
  free(prePath);
  free(reproPath);
  // A step whose IR the verifier rejects (not a check of the user's).
  const IrsRecordStep *st = &pm->rec.steps[i];
  if (st->result.status == IrsStepVerifyFailed &&
      (!st->failedHook || !strcmp(st->failedHook, "verifier")))
    irsPmNarrowFailure(pm, i, before, dir, *written);
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
  char *dir = irsRunRecordFailureDirOpen(&pm->rec);
  if (!dir)
    return;
  bool pre;
  int e = writePreStep(pm, i, dir, input, &pre);
  const char *post = "failure-output.mlir";
  char *postPath = irsPathJoin(dir, post);
  // The IR after a failure may be invalid: print it generically, and without
  // assuming it verified so MLIR does not trust broken invariants.
  int e2 = postPath ? irsDumpModule(module, postPath, true,
                                    pm->opts.dump.printDebugInfo, false)
                    : ENOMEM;
  free(postPath);
  pm->rec.artifacts = (IrsRecordArtifacts){
      .preStepIr = pre ? "failure-input.mlir" : NULL,
      .postStepIr = e2 ? NULL : post,
      .reproducer = pre ? "reproducer.mlir" : NULL,
      .action = pm->narrowed.tag ? &pm->narrowed : NULL,
      .actionDiff = irsBufRef(&pm->narrowDiff)};
  int e3 = irsRunRecordWrite(&pm->rec, IrsRecordWriterFailureReport, dir);
  pm->rec.artifacts = (IrsRecordArtifacts){0};
  if (e || e2 || e3) {
    int ee = e ? e : e2 ? e2 : e3;
    irsBufPrintf(&pm->rec.errMsg, "; could not write all failure artefacts to "
                                  "'%s': %s", dir, strerror(ee));
  }
  pm->rec.failureDirUsed = dir;
}
