// SPDX-License-Identifier: Apache-2.0
//===- ReduceWorker.c - process set-up of the reducer's test workers ------===//
//
// Runs first in every worker the reducer forks to test a candidate (see
// ReduceWorker.h). The handlers are installed per worker, not once in
// opt-reduce itself: the reducer's own process must die as a normal
// program would, and a script's worker must not leave them to the window
// before its exec.
//
//===----------------------------------------------------------------------===//
#include "ReduceWorker.h"

#include "CrashHandler.h"

#include <signal.h>

void irsToolReduceWorkerSetup(IrsReduceWorkerKind kind, void *userData) {
  (void)userData;
  if (kind == IrsReduceWorkerMlir) {
    irsInstallFrameCrashHandlers();
    return;
  }
  signal(SIGSEGV, SIG_DFL);
  signal(SIGBUS, SIG_DFL);
  signal(SIGFPE, SIG_DFL);
  signal(SIGILL, SIG_DFL);
}

void irsToolReduceWorkerInit(IrsReduceOptions *options) {
  irsCrashHandlerWarmUp();
  options->workerSetup = irsToolReduceWorkerSetup;
  options->workerSetupUserData = NULL;
}
