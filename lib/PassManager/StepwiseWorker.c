// SPDX-License-Identifier: Apache-2.0
//===- StepwiseWorker.c - the pass manager of a supervised test worker ----===//
//
// A worker that tests a module for its supervisor runs step by step, so
// that a death is attributed to the step it announced last, and writes no
// failure report: the supervisor keeps the worker's outcome and documents
// a death itself (CrashDoc.c). opt-reduce's candidate workers and its crash
// and culprit replays all want this one set-up.
//
//===----------------------------------------------------------------------===//
#include "irscope/PassManager.h"

IrsPassManager irsPassManagerCreateStepwiseWorker(
    MlirContext context, IrsPipeline pipeline,
    const IrsPassManagerOptions *options,
    const IrsSupervisionOptions *supervision, const uint64_t *seed) {
  IrsPassManagerOptions o =
      options ? *options : irsPassManagerOptionsDefault();
  IrsPassManager pm = irsPassManagerCreate(context, pipeline, &o, NULL, NULL);
  if (irsPassManagerIsNull(pm))
    return pm;
  IrsFailureOptions f = irsFailureOptionsDefault();
  f.writeReport = false;
  irsPassManagerSetFailureOptions(pm, &f);
  IrsSupervisionOptions w =
      supervision ? *supervision : irsSupervisionOptionsDefault();
  w.stepwise = true;
  irsPassManagerSetSupervision(pm, &w);
  if (seed)
    irsPassManagerSetSeed(pm, *seed);
  return pm;
}
