// SPDX-License-Identifier: Apache-2.0
//===- PmSetup.c - the pass manager every irscope-opt run configures ------===//
//
// The library takes its options by concern (PassManager.h): creation
// options, then one setter each for dumps, checks, failure documents,
// MLIR's own instrumentation, supervision and timing. irscope-opt's runs
// (a plain run, --repeat children, --check-results narrowing) start from
// the same base, change what they need and create the pass manager here,
// so an error of any concern reaches the user as the same one line.
//
//===----------------------------------------------------------------------===//
#include "Driver.h"

#include "StderrCatch.h"

IrsOptPmOptions irsOptPmOptions(const IrsOptRun *run) {
  const IrsOptConfig *cfg = run->cfg;
  IrsOptPmOptions o = {
      .create = irsPassManagerOptionsDefault(),
      .dump = irsDumpOptionsDefault(),
      .verify = irsVerifyOptionsDefault(),
      .failure = irsFailureOptionsDefault(),
      .mlir = irsMlirInstrumentationOptionsDefault(),
      .watch = irsSupervisionOptionsDefault(),
  };
  o.verify.verifyEach = cfg->verifyEach;
  o.dump.printGeneric = cfg->print.generic;
  o.dump.printDebugInfo = cfg->print.debugInfo;
  o.create.threadingEnabled = !cfg->disableThreading;
  o.create.passRegistry = cfg->plugins.registry;
  o.create.plugins = cfg->plugins.plugins;
  o.create.header = irsOptRunHeader(cfg, run->input, run->chunk);
  o.create.stderrCatcher = irsToolStderrCatcher();
  return o;
}

// A setter's failure, reported as a creation error without a position.
static bool setterFailed(IrsPassManager pm, IrsStatus st,
                         const IrsOptConfig *cfg) {
  if (irsStatusIsOk(st))
    return false;
  IrsPipelineError e = {irsPassManagerGetErrorMessage(pm), -1, false, 0};
  irsOptPipelineErrorLine(&e, (void *)cfg);
  return true;
}

IrsPassManager irsOptCreatePassManager(const IrsOptRun *run, MlirContext ctx,
                                       IrsPipeline pipeline,
                                       const IrsOptPmOptions *o) {
  const IrsOptConfig *cfg = run->cfg;
  IrsPassManager pm = irsPassManagerCreateLocated(
      ctx, pipeline, &o->create, irsOptPipelineErrorLine, (void *)cfg);
  if (irsPassManagerIsNull(pm))
    return pm;
  irsPassManagerSetSupervision(pm, &o->watch);
  irsPassManagerEnableTiming(pm, o->timing);
  if (setterFailed(pm, irsPassManagerSetDumpOptions(pm, &o->dump), cfg) ||
      setterFailed(pm, irsPassManagerSetVerifyOptions(pm, &o->verify), cfg) ||
      setterFailed(pm, irsPassManagerSetFailureOptions(pm, &o->failure), cfg) ||
      setterFailed(pm, irsPassManagerSetMlirInstrumentation(pm, &o->mlir),
                   cfg)) {
    irsPassManagerDestroy(pm);
    return (IrsPassManager){NULL};
  }
  return pm;
}
