// SPDX-License-Identifier: Apache-2.0
//===- ToolRunner.c - creating, resetting and destroying a tool runner ----===//
//
// A runner is made once per tool and pipeline and may run many times
// (--repeat); the runs themselves are ToolRun.c's.
// Creating it refuses a tool that cannot be executed with one line, copies
// the options and the tool's command line into the run record's header,
// and makes what every run shares: the step supervisor (the step timeout
// and memory limit; a hung tool is asked for its stack dump with SIGQUIT
// first), the helper supervisor for runs that only print IR the tool
// already read (IrsToolExec.helper: a longer timeout, no memory limit),
// and a pid-named scratch directory. Resetting forgets the last run's
// results; destroying removes the scratch directory with everything a
// tool left in it.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ToolImpl.h"

#include "../Support/Fs.h"
#include "irscope/RunDir.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// The longest wait for a timed-out tool's stack dump: its LLVM handler runs
// llvm-symbolizer first when it finds one (mlir-opt 22 next to its
// llvm-symbolizer took 1.0-1.1 s from SIGQUIT to its exit at load 6, and
// more than 3 s at load 11, where a 3 s wait kept only the dump's header).
// The wait ends when the tool dies of the signal, so only a tool that
// survives SIGQUIT waits it all.
enum { kTraceWaitMs = 10000 };

IrsToolOptions irsToolOptionsDefault(void) {
  IrsToolOptions o;
  memset(&o, 0, sizeof(o));
  o.verifyEach = true;
  o.writeFailureReport = true;
  o.threadingEnabled = true;
  return o;
}

static void report(MlirStringCallback cb, void *ud, const char *fmt,
                   const char *a, const char *b) {
  char line[1024];
  snprintf(line, sizeof(line), fmt, a, b);
  if (cb)
    cb(mlirStringRefCreateFromCString(line), ud);
}

// One line naming why `path` cannot be executed; false then.
static bool checkTool(const char *path, MlirStringCallback cb, void *ud) {
  struct stat st;
  int e = 0;
  if (stat(path, &st) != 0)
    e = errno;
  else if (S_ISDIR(st.st_mode))
    e = EISDIR;
  else if (access(path, X_OK) != 0)
    e = errno;
  if (e)
    report(cb, ud, "cannot run tool '%s': %s", path, strerror(e));
  return e == 0;
}

static bool copyOptions(IrsToolRunnerImpl *t, IrsPipeline pipeline,
                        const IrsToolOptions *o) {
  t->opts = *o;
  t->path = irsStrDup(o->path);
  t->args = calloc((size_t)o->numArgs + 1, sizeof(char *));
  bool ok = t->path && t->args;
  for (intptr_t k = 0; ok && k < o->numArgs; ++k)
    ok = (t->args[t->numArgs++] = irsStrDup(o->args[k])) != NULL;
  // The record's header, as an in-process run would have it.
  IrsRunHeader header = o->header;
  if (ok) {
    irsToolFormatTool(t, &t->toolCmd);
    header.runTool = t->toolCmd.failed ? NULL : t->toolCmd.data;
  }
  t->opts.path = NULL;
  t->opts.args = NULL;
  if (!irsRunRecordInit(&t->rec, pipeline, &header))
    return false;
  t->rec.verifyEach = o->verifyEach;
  t->rec.dumpOnlyChanged = o->dumpOnlyChanged;
  t->rec.threadingEnabled = o->threadingEnabled;
  return ok && (!o->dumpDir || (t->rec.dumpDir = irsStrDup(o->dumpDir))) &&
         (!o->failureDir || (t->rec.failureDir = irsStrDup(o->failureDir)));
}

// Named with our pid: a run killed outright leaves it, the next removes it.
static bool makeWorkDir(IrsToolRunnerImpl *t) {
  int e = irsRunDirCreateScratch(IRS_RUN_DIR_TOOL_SCRATCH_PREFIX,
                                 /*directory=*/true, &t->workDir);
  errno = e;
  return e == 0;
}

IrsToolRunner irsToolRunnerCreate(IrsPipeline pipeline,
                                  const IrsToolOptions *options,
                                  MlirStringCallback errorCallback,
                                  void *userData) {
  if (!checkTool(options->path, errorCallback, userData))
    return (IrsToolRunner){NULL};
  IrsToolRunnerImpl *t = calloc(1, sizeof(*t));
  if (!t)
    return (IrsToolRunner){NULL};
  t->diags = calloc((size_t)irsPipelineGetNumSteps(pipeline) + 1,
                    sizeof(IrsToolDiags));
  t->bytecodeOk = true;
  // A step that times out is asked where it hangs before the kill: LLVM's
  // handlers print their stack dump on SIGQUIT (Supervisor.h, traceSignal).
  // A hang's re-run logs its actions on stderr: their flow is its progress.
  IrsSupervisorOptions so = {.stepTimeoutSec = options->stepTimeoutSec,
                             .memoryLimitBytes = options->memoryLimitBytes,
                             .traceOnTimeout = true,
                             .traceSignal = SIGQUIT,
                             .traceWaitMs = kTraceWaitMs,
                             .progressOnStderr = true};
  bool ok = t->diags && copyOptions(t, pipeline, options);
  // Helper prints get ten times the step timeout, at least 30 s, and no
  // memory limit: they only print IR a step's process already held, and
  // the limit is exact (a tool that starts above it fails every run), so
  // under it a failure's pre-step IR and reproducers could not be written.
  IrsSupervisorOptions ho = so;
  ho.memoryLimitBytes = 0;
  if (ho.stepTimeoutSec > 0 && ho.stepTimeoutSec < 30)
    ho.stepTimeoutSec = ho.stepTimeoutSec * 10 > 30 ? ho.stepTimeoutSec * 10 : 30;
  if (ok) {
    t->sup = irsSupervisorCreate(&so);
    t->helperSup = irsSupervisorCreate(&ho);
  }
  ok = ok && t->sup.ptr && t->helperSup.ptr;
  if (!ok || !makeWorkDir(t)) {
    report(errorCallback, userData, "%s%s",
           ok ? "cannot create a scratch directory: " : "out of memory",
           ok ? strerror(errno) : "");
    irsToolRunnerDestroy((IrsToolRunner){t});
    return (IrsToolRunner){NULL};
  }
  return (IrsToolRunner){t};
}

// Forgets the last run's results.
void irsToolRunReset(IrsToolRunnerImpl *t) {
  IrsRunRecord *r = &t->rec;
  irsRunRecordReset(r);
  for (intptr_t i = 0; i < r->numSteps; ++i) {
    irsToolDiagsFree(&t->diags[i]);
    // Unknown: irscope does not parse the module.
    r->steps[i].result.opsBefore = r->steps[i].result.opsAfter = -1;
  }
  r->inputOps = -1;
  irsToolExecResultFree(&t->death);
  t->hasDeath = t->toolError = t->usedBytecode = t->ignoredBytecode = false;
  t->wroteOutput = false;
  irsBufReset(&t->replayCmd);
  irsBufReset(&t->reproCmd);
  memset(&t->narrowed, 0, sizeof(t->narrowed));
  irsBufReset(&t->narrowText);
  irsBufReset(&t->narrowNote);
  irsBufReset(&t->narrowDiff);
  free(t->narrowBefore);
  free(t->narrowAfter);
  t->narrowBefore = t->narrowAfter = NULL;
  t->trailFilled = false;
  irsBufReset(&t->actionNote);
}

void irsToolRunnerDestroy(IrsToolRunner runner) {
  IrsToolRunnerImpl *t = runner.ptr;
  if (!t)
    return;
  if (t->rec.steps)
    irsToolRunReset(t);
  // With whatever a tool made in it (subdirectories too).
  if (t->workDir)
    irsRemoveTree(t->workDir, /*keepTop=*/false);
  irsSupervisorDestroy(t->sup);
  irsSupervisorDestroy(t->helperSup);
  irsRunRecordFree(&t->rec);
  for (intptr_t k = 0; k < t->numArgs; ++k)
    free(t->args[k]);
  free(t->args);
  free(t->path);
  free(t->diags);
  free(t->workDir);
  irsBufFree(&t->replayCmd);
  irsBufFree(&t->reproCmd);
  irsBufFree(&t->toolCmd);
  irsBufFree(&t->narrowText);
  irsBufFree(&t->narrowNote);
  irsBufFree(&t->narrowDiff);
  irsBufFree(&t->actionNote);
  irsActionTrailDestroy(t->trail);
  free(t);
}
