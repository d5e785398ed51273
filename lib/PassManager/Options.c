// SPDX-License-Identifier: Apache-2.0
//===- Options.c - each concern's defaults and its setter -----------------===//
//
// PassManager.h splits what a pass manager does around its steps by
// concern, as MLIR's C API separates EnableIRPrinting, EnableVerifier and
// EnableTiming: dumps, checks, failure documents, MLIR's own
// instrumentation, supervision, timing. Each setter copies its struct
// (strings into the run record, which writes them into manifest.xml and
// report.xml) and takes effect from the next run.
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include <stdlib.h>

// Unnamed fields are zero: off, null, none.
IrsPassManagerOptions irsPassManagerOptionsDefault(void) {
  return (IrsPassManagerOptions){.threadingEnabled = true};
}

IrsDumpOptions irsDumpOptionsDefault(void) { return (IrsDumpOptions){0}; }

IrsVerifyOptions irsVerifyOptionsDefault(void) {
  return (IrsVerifyOptions){.verifyEach = true};
}

IrsFailureOptions irsFailureOptionsDefault(void) {
  return (IrsFailureOptions){.writeReport = true};
}

IrsMlirInstrumentationOptions irsMlirInstrumentationOptionsDefault(void) {
  return (IrsMlirInstrumentationOptions){
      .passStatisticsDisplay = MLIR_PASS_DISPLAY_MODE_PIPELINE};
}

IrsSupervisionOptions irsSupervisionOptionsDefault(void) {
  return (IrsSupervisionOptions){0};
}

// Replaces *slot with a copy of `s` (NULL: none); false when out of memory
// (*slot left alone).
static bool replaceStr(char **slot, const char *s) {
  char *d = s ? irsStrDup(s) : NULL;
  if (s && !d)
    return false;
  free(*slot);
  *slot = d;
  return true;
}

static IrsStatus fail(IrsPassManagerImpl *pm, IrsErrorKind k,
                      MlirStringRef why) {
  irsBufReset(&pm->rec.errMsg);
  irsBufAppendRef(&pm->rec.errMsg, why);
  return irsStatusMake(k);
}

IrsStatus irsPassManagerSetDumpOptions(IrsPassManager handle,
                                       const IrsDumpOptions *options) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  IrsDumpOptions o = options ? *options : irsDumpOptionsDefault();
  if (!replaceStr(&pm->rec.dumpDir, o.dir))
    return irsStatusMake(IRS_ERR_NOMEM);
  o.dir = NULL;
  pm->opts.dump = o;
  pm->rec.dumpOnlyChanged = o.onlyChanged;
  pm->rec.printGeneric = o.printGeneric;
  return irsStatusOk();
}

void irsPassManagerSetInputChunk(IrsPassManager handle, intptr_t chunk,
                                 intptr_t line) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  pm->rec.header.chunk = chunk;
  pm->rec.header.chunkLine = line;
}

IrsStatus irsPassManagerSetVerifyOptions(IrsPassManager handle,
                                         const IrsVerifyOptions *options) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  IrsVerifyOptions o = options ? *options : irsVerifyOptionsDefault();
  char *with = NULL;
  if (o.verifyWith && !(with = irsStrDup(o.verifyWith)))
    return irsStatusMake(IRS_ERR_NOMEM);
  IrsBuf err = IRS_BUF_INIT;
  if (!irsPmBuildVerifyWith(pm, with, &err)) {
    free(with);
    IrsStatus st = fail(pm, err.failed ? IRS_ERR_NOMEM : IRS_ERR_PIPELINE,
                        irsBufRef(&err));
    irsBufFree(&err);
    return st;
  }
  irsBufFree(&err);
  free(pm->rec.verifyWith);
  pm->rec.verifyWith = with;
  o.verifyWith = NULL;
  pm->opts.verify = o;
  pm->rec.verifyEach = o.verifyEach;
  return irsStatusOk();
}

IrsStatus irsPassManagerSetFailureOptions(IrsPassManager handle,
                                          const IrsFailureOptions *options) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  IrsFailureOptions o = options ? *options : irsFailureOptionsDefault();
  if (!replaceStr(&pm->rec.failureDir, o.dir))
    return irsStatusMake(IRS_ERR_NOMEM);
  o.dir = NULL;
  pm->opts.failure = o;
  return irsStatusOk();
}

IrsStatus
irsPassManagerSetMlirInstrumentation(IrsPassManager handle,
                                     const IrsMlirInstrumentationOptions *options) {
  IrsPassManagerImpl *pm = irsPmUnwrap(handle);
  IrsMlirInstrumentationOptions o =
      options ? *options : irsMlirInstrumentationOptionsDefault();
  if (o.printIrModuleScope && pm->opts.run.threadingEnabled) {
    // MLIR aborts the process (report_fatal_error) when asked for this;
    // mlir-opt refuses it up front with this message.
    return fail(pm, IRS_ERR_USAGE,
                mlirStringRefCreateFromCString(
                    "IR print for module scope can't be setup on a "
                    "pass-manager without disabling multi-threading first"));
  }
  if (!replaceStr(&pm->mlirTreeDir, o.printIrTreeDir))
    return irsStatusMake(IRS_ERR_NOMEM);
  o.printIrTreeDir = NULL;
  pm->opts.mlir = o;
  return irsStatusOk();
}

void irsPassManagerSetSupervision(IrsPassManager handle,
                                  const IrsSupervisionOptions *options) {
  irsPmUnwrap(handle)->opts.watch =
      options ? *options : irsSupervisionOptionsDefault();
}

void irsPassManagerEnableTiming(IrsPassManager handle, bool enable) {
  irsPmUnwrap(handle)->opts.timing = enable;
}
