// SPDX-License-Identifier: Apache-2.0
//===- GuardedPrint.c - printing the IR a failing step left behind --------===//
//
// The IR after a failed step may be broken beyond what MLIR's printer
// survives, in generic form and verified first as well: remove-dead-values
// on llvm/llvm-project#206916 leaves a use of a block argument it erased,
// and printing that module kills the process (mlir-opt's
// --mlir-print-ir-after-failure dies of SIGSEGV). The plain tool never
// prints it and exits 1. So failure-output.mlir is printed by a child
// process into an anonymous file: a printer that dies costs that one file,
// which then says so, and not the worker, whose failure, exit code and
// report stay the step's.
//
//===----------------------------------------------------------------------===//
#define _GNU_SOURCE // memfd_create, sigabbrev_np
#include "PassManagerImpl.h"

#include "../Support/Fs.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void printInto(IrsAtomicFile *af, MlirOperation module, bool debugInfo) {
  // Generic, and verified first rather than trusted: MLIR's printer then
  // relies on as few invariants of the broken IR as it can.
  IrsPrintingOptions p = irsDumpPrinting(true, debugInfo, false);
  MlirOpPrintingFlags flags = irsPrintingOptionsCreateFlags(&p);
  mlirOperationPrintWithFlags(module, flags, irsAtomicFileStringCallback, af);
  mlirOpPrintingFlagsDestroy(flags);
  irsAtomicFileWrite(af, "\n", 1);
}

static _Noreturn void child(int fd, MlirOperation module, bool debugInfo) {
  // A death here is this printer's: not reported by the worker's crash
  // handler (to the supervisor, as the step's), and without a core file.
  static const int kFatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT,
                               SIGTRAP};
  for (size_t k = 0; k < sizeof kFatal / sizeof *kFatal; ++k)
    signal(kFatal[k], SIG_DFL);
  (void)setrlimit(RLIMIT_CORE, &(struct rlimit){0, 0});
  IrsAtomicFile af;
  if (irsAtomicFileOpenFd(&af, fd))
    _exit(1);
  // The anonymous file is no write point of the run (FaultWrite.h): the
  // parent's copy of it into failure-output.mlir is.
  af.fault.n = -1;
  printInto(&af, module, debugInfo);
  _exit(irsAtomicFileCommit(&af) ? 1 : 0);
}

static int writeNote(const char *path, int sig) {
  IrsAtomicFile af;
  int e = irsAtomicFileOpen(&af, path);
  if (e)
    return e;
  const char *name = sigabbrev_np(sig);
  char line[256];
  int n = snprintf(line, sizeof line,
                   "// irscope: printing the IR this step left behind died of "
                   "SIG%s: the IR is broken beyond what MLIR's printer "
                   "survives (the plain tool dies the same way printing it)\n",
                   name ? name : "?");
  irsAtomicFileWrite(&af, line, (size_t)n);
  return irsAtomicFileCommit(&af);
}

// Waits for the printer; returns its exit status, or -signal if it died.
static int reap(pid_t pid) {
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR)
      return 1;
  return WIFSIGNALED(st) ? -WTERMSIG(st) : WEXITSTATUS(st);
}

int irsPmPrintPostStep(const char *path, void *userData) {
  const IrsPmPostStep *p = userData;
  int fd = memfd_create("irscope-post-step", MFD_CLOEXEC);
  pid_t pid = fd >= 0 ? fork() : -1;
  if (pid < 0) { // no child to spare: print here, as the plain tool would
    if (fd >= 0)
      close(fd);
    return irsDumpModule(p->module, path, true, p->debugInfo, false);
  }
  if (pid == 0)
    child(fd, p->module, p->debugInfo);
  int status = reap(pid);
  int e = 0;
  struct stat st;
  if (status < 0) {
    e = writeNote(path, -status);
  } else if (status > 0 || fstat(fd, &st) != 0) {
    e = EIO;
  } else {
    IrsAtomicFile af;
    e = irsAtomicFileOpen(&af, path);
    if (!e) {
      irsAtomicFileAppendFd(&af, fd, (uint64_t)st.st_size);
      e = irsAtomicFileCommit(&af);
    }
  }
  close(fd);
  return e;
}
