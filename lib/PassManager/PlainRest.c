// SPDX-License-Identifier: Apache-2.0
//===- PlainRest.c - the plain tool's run after irscope's own finding -----===//
//
// Some findings stop a run where the plain tool, which does not look for
// them, goes on: a --verify-with pipeline or a verify hook that rejects a
// step's IR the verifier accepts (StepObserver.c), a step that is not
// deterministic (Determinism.c), a dump or manifest that cannot be written
// (Run.c: the plain tool writes neither). Whatever stopped the run says
// where the plain tool's run stands (pm->plainRest): at a step (plainFrom)
// with the module as the run left it, or, when the module is no longer what
// the plain tool's run had, at the input. irsPassManagerRunPlainRest then
// runs the rest as the plain tool does, so that a driver can write the
// plain tool's output next to the finding. The rest runs the steps' own
// managers with MLIR's verifier on (mlir-opt verifies after every pass), no
// instrumentation and no record: the finding's report, dumps and manifest
// are on disk already and stay as they are.
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include "irscope/Diagnostics.h"

bool irsPassManagerPlainGoesOn(IrsPassManager handle) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  // Over from the input only with the input to start from.
  return pm->plainRest == IrsPmPlainModule ||
         (pm->plainRest == IrsPmPlainInput && pm->opts.failure.reloadInput);
}

// The caller's onStep only: the other observers write the record.
static void announce(IrsPassManagerImpl *pm, intptr_t step, bool begin) {
  if (pm->opts.watch.onStep)
    pm->opts.watch.onStep(step, begin, pm->opts.watch.onStepUserData);
}

// Steps [first, numSteps) on `module`, announced to the caller (a
// supervisor's step timeout covers them); the 1-based step that failed, or
// 0.
static intptr_t runFrom(IrsPassManagerImpl *pm, MlirOperation module,
                        intptr_t first) {
  bool verify = pm->opts.verify.verifyEach;
  irsPmActionsBegin(pm);
  intptr_t failed = 0;
  for (intptr_t i = first; !failed && i < pm->numSteps; ++i) {
    // MLIR's own instrumentation (--mlir-print-ir-*, --mlir-timing) sees
    // these steps as the plain tool's would.
    if (irsPmBuildUserPm(pm, i) != IRS_OK) {
      failed = i + 1;
      break;
    }
    IrsStepState *s = &pm->steps[i];
    MlirPassManager run = s->userPm.ptr ? s->userPm : s->pm;
    announce(pm, i + 1, true);
    mlirPassManagerEnableVerifier(run, verify);
    MlirLogicalResult r = mlirPassManagerRunOnOp(run, module);
    mlirPassManagerEnableVerifier(run, false);
    announce(pm, i + 1, false);
    irsPmDropUserPm(pm, i);
    if (mlirLogicalResultIsFailure(r))
      failed = i + 1;
  }
  irsPmActionsEnd(pm);
  return failed;
}

IrsStatus irsPassManagerRunPlainRest(IrsPassManager handle,
                                     MlirOperation module,
                                     intptr_t *failedStep) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  if (failedStep)
    *failedStep = 0;
  IrsPmPlainRest where = pm->plainRest;
  // Once: the managers after the stop have not run since they were built,
  // and a rerun from the input rebuilds them all.
  pm->plainRest = IrsPmPlainStops;
  // Building a manager (MLIR's instrumentation, a rebuild) may set the
  // message; the finding's stays.
  IrsBuf message = IRS_BUF_INIT;
  irsBufAppendRef(&message, irsBufRef(&pm->rec.errMsg));
  // The rest's diagnostics go where a run's go, to the caller's
  // onDiagnostic, and into no step's record.
  IrsDiagnosticCapture capture = irsDiagnosticCaptureCreate(
      pm->ctx, pm->opts.run.onDiagnostic, pm->opts.run.onDiagnosticUserData);
  intptr_t failed = 0;
  IrsErrorKind k = irsDiagnosticCaptureIsNull(capture) ? IRS_ERR_NOMEM : IRS_OK;
  if (k == IRS_OK && where == IrsPmPlainModule) {
    failed = runFrom(pm, module, pm->plainFrom);
  } else if (k == IRS_OK && where == IrsPmPlainInput &&
             pm->opts.failure.reloadInput) {
    MlirOperation input =
        pm->opts.failure.reloadInput(pm->opts.failure.reloadInputUserData);
    if (mlirOperationIsNull(input))
      k = IRS_ERR_USAGE;
    else if (irsPmRebuild(pm) != IRS_OK)
      k = IRS_ERR_PIPELINE;
    else if (!(failed = runFrom(pm, input, 0)))
      irsPmAdoptResult(module, input);
    if (!mlirOperationIsNull(input))
      mlirOperationDestroy(input);
  } else if (k == IRS_OK) {
    k = IRS_ERR_USAGE;
  }
  irsDiagnosticCaptureDestroy(capture);
  irsBufReset(&pm->rec.errMsg);
  irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&message));
  irsBufFree(&message);
  if (failedStep)
    *failedStep = failed;
  return irsStatusMake(failed ? IRS_ERR_PASS : k);
}
