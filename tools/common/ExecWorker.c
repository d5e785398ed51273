// SPDX-License-Identifier: Apache-2.0
//===- ExecWorker.c - process set-up of an execution worker ---------------===//
//
// Runs first in every worker an IrsExecutor forks. The JIT'd code prints
// through the C runtime's stdout (vector.print, printMemref*), so fd 1 is
// pointed at the executor's capture file before anything runs; the
// worker's stderr stays the supervisor's pipe, where the crash handler's
// last words go.
//
//===----------------------------------------------------------------------===//
#include "ExecWorker.h"

#include "CrashHandler.h"

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

void irsToolExecWorkerSetup(int stdoutFd, void *userData) {
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  irsInstallCrashHandlers(userData ? (const char *)userData : "irscope");
  if (dup2(stdoutFd, STDOUT_FILENO) >= 0)
    setvbuf(stdout, NULL, _IOLBF, 0);
}

bool irsToolExecFlagsCheck(const IrsToolExecFlags *f, IrsExecOptions *o,
                           IrsExecTolerance *tol, char *err, size_t errSize) {
  *o = irsExecOptionsDefault();
  o->lowering = f->lowering;
  o->entry = f->entry;
  o->sharedLibs = f->sharedLibs;
  tol->rel = tol->abs = 0;
  if (f->timeout && !irsOptionsCheckSeconds("--exec-timeout", f->timeout,
                                             &o->timeoutSec, err, errSize))
    return false;
  if (f->tolerance && !irsExecToleranceParse(f->tolerance, tol)) {
    snprintf(err, errSize, "option '--result-tolerance' expects REL[,ABS] "
                           "(non-negative numbers), not '%s'",
             f->tolerance);
    return false;
  }
  return true;
}
