// SPDX-License-Identifier: Apache-2.0
//===- PassManager.c - creating, configuring and querying a pass manager --===//
//
// The handle's life: the creation options copied (the header into the run
// record), every step's MLIR pass manager built (Build.c) so that a bad
// pipeline is reported before anything runs, and the getters that read the
// last run's record. The setters of each concern are Options.c. Running is
// Run.c; one step is Step.c; documenting a failure is Failure.c.
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include "../Pipeline/PipelineImpl.h"
#include "../Support/DiagnosticsImpl.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void freeImpl(IrsPassManagerImpl *pm) {
  if (!pm)
    return;
  irsPmActionsRelease(pm);
  irsActionCountsDestroy(pm->counts);
  for (intptr_t i = 0; pm->steps && i < pm->numSteps; ++i) {
    IrsStepState *s = &pm->steps[i];
    if (s->pm.ptr)
      mlirPassManagerDestroy(s->pm);
    if (s->userPm.ptr)
      mlirPassManagerDestroy(s->userPm);
  }
  free(pm->steps);
  if (pm->whole.ptr)
    mlirPassManagerDestroy(pm->whole);
  if (pm->verifyWithPm.ptr)
    mlirPassManagerDestroy(pm->verifyWithPm);
  irsPipelineDestroy(pm->verifyPipeline);
  for (intptr_t i = 0; i < pm->numHooks; ++i)
    free(pm->hooks[i].name);
  free(pm->hooks);
  irsDiagnosticCaptureDestroy(pm->capture);
  irsRunRecordFree(&pm->rec);
  // A run always reaps its children; nothing can be in flight here.
  free(pm->bg);
  for (size_t i = 0; i < pm->numBgCopies; ++i)
    free(pm->bgCopies[i].path);
  free(pm->bgCopies);
  irsBufFree(&pm->bgErr);
  irsBufFree(&pm->finalDump);
  irsBufFree(&pm->narrowText);
  irsBufFree(&pm->narrowDiff);
  irsBufFree(&pm->narrowNote);
  irsPmDumpJoin(pm);
  irsDumpCacheDestroy(pm->dumpCache);
  irsPhasesFinish(pm->phases);
  free(pm->topFps);
  free(pm->topLight);
  free(pm->held);
  free(pm->mlirTreeDir);
  free(pm);
}

// Takes the creation options (the header into the record) and sets every
// concern's defaults. False when out of memory.
static bool takeOptions(IrsPassManagerImpl *pm, IrsPipeline pipeline,
                        const IrsPassManagerOptions *options) {
  pm->pipeline = pipeline;
  IrsPmOptions *o = &pm->opts;
  o->run = options ? *options : irsPassManagerOptionsDefault();
  o->dump = irsDumpOptionsDefault();
  o->verify = irsVerifyOptionsDefault();
  o->failure = irsFailureOptionsDefault();
  o->mlir = irsMlirInstrumentationOptionsDefault();
  o->watch = irsSupervisionOptionsDefault();
  if (!irsRunRecordInit(&pm->rec, pipeline, &o->run.header))
    return false;
  pm->rec.threadingEnabled = o->run.threadingEnabled;
  pm->rec.plugins = o->run.plugins;
  o->run.header = (IrsRunHeader){NULL, NULL, NULL, NULL, NULL, 0, 0};
  pm->env.fallbackFileName = NULL;
  pm->numSteps = pm->rec.numSteps;
  pm->steps = calloc((size_t)(pm->numSteps ? pm->numSteps : 1),
                     sizeof(IrsStepState));
  return pm->steps != NULL;
}

IrsPassManager irsPassManagerCreateLocated(
    MlirContext context, IrsPipeline pipeline,
    const IrsPassManagerOptions *options,
    IrsPipelineErrorCallback errorCallback, void *userData) {
  IrsBuf err = IRS_BUF_INIT;
  intptr_t errAt = -1;
  IrsPassManagerImpl *pm = calloc(1, sizeof(*pm));
  bool ok = pm != NULL;
  if (ok) {
    pm->ctx = context;
    atomic_init(&pm->heldReqFd, -1);
    pm->phases = irsPhasesCreateFromEnv();
    const char *forks = getenv("IRS_TEST_FORKS_PAY");
    pm->forksTest = !forks ? -1 : strcmp(forks, "0") != 0;
    ok = takeOptions(pm, pipeline, options);
  }
  if (!ok)
    irsBufAppendStr(&err, "out of memory");
  else
    ok = irsPmBuildAll(pm, &err, &errAt);
  if (!ok) {
    // A step's offset is counted on line 1, as MLIR's own pipeline errors
    // are: the pipeline keeps no line breaks of the text it was parsed from.
    IrsPipelineError e = {err.failed
                              ? mlirStringRefCreateFromCString("out of memory")
                              : irsBufRef(&err),
                          errAt, errAt >= 0, errAt + 1};
    if (errorCallback)
      errorCallback(&e, userData);
    irsBufFree(&err);
    freeImpl(pm);
    return (IrsPassManager){NULL};
  }
  irsBufFree(&err);
  return (IrsPassManager){pm};
}

IrsPassManager irsPassManagerCreate(MlirContext context, IrsPipeline pipeline,
                                    const IrsPassManagerOptions *options,
                                    MlirStringCallback errorCallback,
                                    void *userData) {
  IrsPipelineErrorLine l = {errorCallback, userData};
  return irsPassManagerCreateLocated(context, pipeline, options,
                                     irsPipelineErrorReportLine, &l);
}

void irsPassManagerDestroy(IrsPassManager pm) { freeImpl(irsPmUnwrap(pm)); }

void irsPassManagerAddVerifyHook(IrsPassManager handle, MlirStringRef name,
                                 IrsVerifyHook hook, void *userData) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  IrsHook *h = realloc(pm->hooks, (size_t)(pm->numHooks + 1) * sizeof(*h));
  if (!h)
    return;
  pm->hooks = h;
  h[pm->numHooks].name = irsStrDupRef(name);
  h[pm->numHooks].fn = hook;
  h[pm->numHooks].userData = userData;
  ++pm->numHooks;
}

void irsPassManagerSetDiagVerifier(IrsPassManager pm, IrsDiagVerifier v) {
  irsPmUnwrap(pm)->rec.diagVerifier = v;
}

MlirStringRef irsPassManagerGetErrorMessage(IrsPassManager pm) {
  return irsBufRef(&irsPmUnwrap(pm)->rec.errMsg);
}

MlirStringRef irsPassManagerGetFailureDir(IrsPassManager pm) {
  const char *d = irsPmUnwrap(pm)->rec.failureDirUsed;
  return mlirStringRefCreateFromCString(d ? d : "");
}

intptr_t irsPassManagerGetFailedStep(IrsPassManager pm) {
  return irsPmUnwrap(pm)->rec.failedStep;
}

intptr_t irsPassManagerGetNumSteps(IrsPassManager pm) {
  return irsPmUnwrap(pm)->numSteps;
}

const IrsStepResult *irsPassManagerGetStepResult(IrsPassManager pm,
                                                 intptr_t pos) {
  return &irsPmUnwrap(pm)->rec.steps[pos].result;
}

MlirStringRef irsPassManagerGetFinalDump(IrsPassManager handle,
                                         const IrsPrintingOptions *printing) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  IrsPrintingOptions dumps = irsDumpPrinting(
      pm->opts.dump.printGeneric, pm->opts.dump.printDebugInfo, true);
  if (!irsPrintingSameForVerified(printing, &dumps))
    return mlirStringRefCreate("", 0);
  return irsBufRef(&pm->finalDump);
}

bool irsPassManagerAwaitDumps(IrsPassManager handle, int timeoutMs) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  if (!pm)
    return true;
  struct timespec ms = {0, 1000000};
  for (int waited = 0; atomic_load(&pm->asyncBusy); ++waited) {
    if (waited >= timeoutMs)
      return false;
    nanosleep(&ms, NULL);
  }
  // A snapshot printer (BackgroundDump.c): reaped here, the process is
  // dying anyway. One holding fingerprints for the next step is told that
  // none are wanted (closing a descriptor is safe in a handler).
  int req = atomic_exchange(&pm->heldReqFd, -1);
  if (req >= 0)
    close(req);
  int pid = atomic_load(&pm->bgPid);
  for (int waited = 0; pid > 0 && waitpid(pid, NULL, WNOHANG) == 0;
       ++waited) {
    if (waited >= timeoutMs)
      return false;
    nanosleep(&ms, NULL);
  }
  return true;
}

double irsPassManagerGetTotalWallMs(IrsPassManager pm) {
  return irsPmUnwrap(pm)->rec.totalWallMs;
}

void irsPassManagerPrintTiming(IrsPassManager pm, IrsTimingSort sort,
                               MlirStringCallback callback, void *userData) {
  irsRunRecordPrintTiming(&irsPmUnwrap(pm)->rec, sort, callback, userData);
}
