// SPDX-License-Identifier: Apache-2.0
//===- ReduceWorker.h - process set-up of the reducer's test workers ------===//
//
// The IrsReduceWorkerSetup opt-reduce hands to the reducer: the part of a
// test worker that belongs to the process owner, not to the library (the
// crash handler that leaves the crash site's raw frames for the signature).
//
//===----------------------------------------------------------------------===//
#ifndef IRS_TOOLS_REDUCEWORKER_H
#define IRS_TOOLS_REDUCEWORKER_H

#include "irscope/Reduce.h"

/// In a worker that runs MLIR code (IrsReduceWorkerMlir), installs the
/// frame-writing crash handlers (irsInstallFrameCrashHandlers); in one that
/// execs a test script (IrsReduceWorkerScript), puts the fatal signals back
/// to their default action. `userData` is unused.
void irsToolReduceWorkerSetup(IrsReduceWorkerKind kind, void *userData);

/// Sets `options`' workerSetup to irsToolReduceWorkerSetup and prepares
/// this process, which forks the workers, for it (irsCrashHandlerWarmUp:
/// once here rather than in every worker).
void irsToolReduceWorkerInit(IrsReduceOptions *options);

#endif
