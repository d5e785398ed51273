// SPDX-License-Identifier: Apache-2.0
//===- ChannelWorker.c - a worker's pass manager that reports on its channel =//
//
// CrashDoc.h. The workers that test one module for a supervisor and the
// replays that document a dead one all want the same pass manager: step
// by step, single-threaded (a worker's context starts no threads, so a
// death stays the step's), each step announced on the worker's channel.
//
//===----------------------------------------------------------------------===//
#include "irscope/CrashDoc.h"

IrsPassManager irsWorkerChannelCreatePassManager(
    IrsWorkerChannel *channel, MlirContext context, IrsPipeline pipeline,
    IrsPassRegistry registry, IrsActionTrail trail, const uint64_t *seed) {
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.threadingEnabled = false;
  o.passRegistry = registry;
  IrsSupervisionOptions w = irsSupervisionOptionsDefault();
  w.onStep = irsWorkerChannelOnStep;
  w.onStepUserData = channel;
  w.actionTrail = trail;
  return irsPassManagerCreateStepwiseWorker(context, pipeline, &o, &w, seed);
}
