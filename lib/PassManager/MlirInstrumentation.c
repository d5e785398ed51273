// SPDX-License-Identifier: Apache-2.0
//===- MlirInstrumentation.c - MLIR's own printing, timing and statistics -===//
//
// mlir-opt's --mlir-print-ir-*, --mlir-timing and --mlir-pass-statistics,
// attached only to the MLIR pass managers that run the user's pipeline: the
// whole-pipeline manager, or in a stepwise run a second manager per step
// (IrsStepState.userPm) built just before its step and destroyed right
// after it. MLIR instrumentation cannot be removed from a manager, and the
// per-step `pm` also serves the silent replays, so those never print.
// MLIR itself writes to stderr; the library only passes the settings on.
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include "irscope/RunDir.h"

#include <sys/stat.h>

static bool wantsMlirPrinting(const IrsMlirInstrumentationOptions *o) {
  return o->printIrBeforeAll || o->printIrAfterAll ||
         o->printIrAfterFailure;
}

bool irsPmWantsMlirInstrumentation(const IrsMlirInstrumentationOptions *o) {
  return wantsMlirPrinting(o) || o->timing || o->passStatistics;
}

// Same order as mlir-opt (statistics, IR printing, then timing), so the
// timers do not include the printing.
void irsPmInstrumentMlir(IrsPassManagerImpl *pm, MlirPassManager mpm,
                         const char *treeDir) {
  const IrsMlirInstrumentationOptions *o = &pm->opts.mlir;
  if (o->passStatistics)
    mlirPassManagerEnableStatistics(mpm, o->passStatisticsDisplay);
  if (wantsMlirPrinting(o)) {
    MlirOpPrintingFlags f = o->printIrFlags;
    bool own = !f.ptr;
    if (own)
      f = mlirOpPrintingFlagsCreate();
    // mlir-opt prints after every pass when only failures are asked for:
    // MLIR itself then skips the successful ones.
    mlirPassManagerEnableIRPrinting(
        mpm, o->printIrBeforeAll,
        o->printIrAfterAll || o->printIrAfterFailure,
        o->printIrModuleScope, o->printIrAfterChange,
        o->printIrAfterFailure, f,
        treeDir ? mlirStringRefCreateFromCString(treeDir)
                : mlirStringRefCreate(NULL, 0));
    if (own)
      mlirOpPrintingFlagsDestroy(f);
  }
  if (o->timing)
    mlirPassManagerEnableTiming(mpm);
}

// Builds the instrumented manager of step i of a stepwise run, just before
// the step runs (so MLIR's timing report of the step covers that step
// only). MLIR numbers tree-dir files per manager, so each step writes below
// its own sub-directory: a pass repeated later in the pipeline would
// otherwise overwrite the files of its first run.
IrsErrorKind irsPmBuildUserPm(IrsPassManagerImpl *pm, intptr_t i) {
  if (!irsPmWantsMlirInstrumentation(&pm->opts.mlir))
    return IRS_OK;
  IrsStepState *s = &pm->steps[i];
  IrsBuf why = IRS_BUF_INIT, dir = IRS_BUF_INIT;
  s->userPm = irsPmNewMlirPm(pm);
  mlirPassManagerEnableVerifier(s->userPm, false);
  if (!irsPmBuildStep(pm, i, s->userPm, &why)) {
    mlirPassManagerDestroy(s->userPm);
    s->userPm = (MlirPassManager){NULL};
    irsBufReset(&pm->rec.errMsg);
    irsBufAppendRef(&pm->rec.errMsg, irsBufRef(&why));
    irsBufFree(&why);
    return IRS_ERR_PIPELINE;
  }
  irsBufFree(&why);
  if (pm->mlirTreeDir && wantsMlirPrinting(&pm->opts.mlir)) {
    // MLIR creates one directory level per print; the step's level is ours.
    // Errors are left to MLIR, which reports them as it does in mlir-opt.
    (void)mkdir(pm->mlirTreeDir, 0777);
    irsBufPrintf(&dir, "%s/", pm->mlirTreeDir);
    irsRunDirDumpName(i + 1, irsPipelineGetStepAnchor(pm->pipeline, i),
                      irsPipelineGetStepPassName(pm->pipeline, i),
                      irsBufStringCallback, &dir);
    if (dir.len > 5)
      dir.data[dir.len -= 5] = '\0'; // drop ".mlir"
  }
  irsPmInstrumentMlir(pm, s->userPm, pm->mlirTreeDir ? dir.data : NULL);
  irsBufFree(&dir);
  return IRS_OK;
}

// Destroying a manager is what makes MLIR print its timing report: after
// each step in stepwise runs, at the end of the run otherwise (mlir-opt
// prints one report per input chunk).
void irsPmDropUserPm(IrsPassManagerImpl *pm, intptr_t i) {
  if (pm->steps[i].userPm.ptr)
    mlirPassManagerDestroy(pm->steps[i].userPm);
  pm->steps[i].userPm = (MlirPassManager){NULL};
}

void irsPmDropUserPms(IrsPassManagerImpl *pm) {
  for (intptr_t i = 0; i < pm->numSteps; ++i)
    irsPmDropUserPm(pm, i);
  if (pm->whole.ptr && irsPmWantsMlirInstrumentation(&pm->opts.mlir)) {
    mlirPassManagerDestroy(pm->whole);
    pm->whole = (MlirPassManager){NULL};
  }
}
