// SPDX-License-Identifier: Apache-2.0
//===- JitDump.c - where the execution workers' perf jitdumps go ----------===//
//
// MLIR's ExecutionEngine registers LLVM's perf listener unless told not to
// (ExecutionEngineOptions::enablePerfNotificationListener defaults to true,
// and mlirExecutionEngineCreate has no parameter for it), and an LLVM built
// with LLVM_USE_PERF, as Debian's is, then makes one jitdump per process:
// the first engine creates $JITDUMPDIR/.debug/jit/llvm-IR-jit-DATE-XXXXXX/
// jit-PID.dump (PerfJITEventListener.cpp, InitDebuggingDir). Without
// JITDUMPDIR, LLVM 22 as installed writes under $TMPDIR (else /tmp; strace
// of mlir-runner shows it), older upstream versions under $HOME. The file is
// there for `perf inject --jit` to read after the run, so LLVM never
// removes it: every execution worker would leave a directory behind.
//
// An executor therefore owns a temporary directory: each worker it forks
// points JITDUMPDIR at it before its first engine, and the executor empties
// it once the worker has ended and removes it with itself. An executor
// killed first leaves it: its name carries the pid, and the next executor
// removes the directories of pids that no longer exist
// (irsRunDirCreateScratch). A JITDUMPDIR the
// user set is theirs (they profile the JIT'd code): it is left alone, and
// the dumps go there as LLVM means them to.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE
#include "ExecImpl.h"

#include "../Support/Fs.h"
#include "irscope/RunDir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int irsExecJitDumpDirCreate(char **dir) {
  *dir = NULL;
  const char *own = getenv("JITDUMPDIR");
  if (own && *own)
    return 0;
  return irsRunDirCreateScratch(IRS_RUN_DIR_JIT_SCRATCH_PREFIX,
                                /*directory=*/true, dir);
}

void irsExecJitDumpDirEnter(const char *dir) {
  // In the forked worker only: its environment is its own.
  if (dir)
    setenv("JITDUMPDIR", dir, 1);
}

void irsExecJitDumpDirEmpty(const char *dir) {
  if (dir)
    irsRemoveTree(dir, /*keepTop=*/true);
}

void irsExecJitDumpDirDestroy(char *dir) {
  if (dir)
    irsRemoveTree(dir, /*keepTop=*/false);
  free(dir);
}
