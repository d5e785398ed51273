// SPDX-License-Identifier: Apache-2.0
//===- OracleSnapshot.c - the IR going into a step ------------------------===//
//
// The pipeline strategy reduces the pipeline to its failing step and the
// module to the IR that goes into it: a worker runs the steps before it
// and writes the result, so that a crash on the way takes only the worker.
//
// On a big module that worker costs as much as the input's check, which
// ran the same steps on the same module already: the check's worker
// therefore writes the IR going into each step as it goes (keeping only
// the latest), and the snapshot of the failing step is taken from there
// while the module is still the input (measured on a 1M-line module: the
// second run of the steps before the crash was a fifth of the reduction).
//
//===----------------------------------------------------------------------===//
#include "OracleImpl.h"

#include "../Support/Fs.h"
#include "irscope/Report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

static bool writeBytecode(MlirOperation root, const char *path) {
  IrsAtomicFile af;
  if (irsAtomicFileOpen(&af, path) != 0)
    return false;
  // Bytecode: several times faster to write and to parse back than text on
  // big modules, keeps locations, and is exact (no printer round trip).
  mlirOperationWriteBytecode(root, irsAtomicFileStringCallback, &af);
  return irsAtomicFileCommit(&af) == 0;
}

typedef struct Snap {
  Reducer *r;
  intptr_t steps;
  const char *path;
} Snap;

static int snapWorker(IrsWorkerChannel ch, void *ud) {
  (void)ch;
  Snap *s = ud;
  IrsPassManagerOptions o = irsPassManagerOptionsDefault();
  o.threadingEnabled = false;
  o.passRegistry = s->r->opts.passRegistry;
  IrsPassManager pm =
      irsPassManagerCreate(s->r->ctx, s->r->pipeline, &o, NULL, NULL);
  if (irsPassManagerIsNull(pm))
    return 1;
  IrsFailureOptions f = irsFailureOptionsDefault();
  f.writeReport = false;
  irsPassManagerSetFailureOptions(pm, &f);
  MlirOperation root = mlirModuleGetOperation(s->r->module);
  bool ok = irsStatusIsOk(irsPassManagerRunSteps(pm, root, 0, s->steps));
  irsPassManagerDestroy(pm);
  return ok && writeBytecode(root, s->path) ? 0 : 1;
}

static void checkSnapPath(const Reducer *r, intptr_t step, char *out,
                          size_t cap) {
  snprintf(out, cap, "%s/check-pre-%ld.mlirbc", r->tmpDir, (long)step);
}

// Ops from which the check's worker writes a snapshot in a forked child
// while it goes on with the step: on the 1M-line module the write before
// `inline` took 2-4 s of the check, and the inliner runs on one thread,
// leaving the second core to the writer.
enum { kBackgroundSnapOps = 100000 };

// The writer holds an flock on this file for as long as it runs (the lock
// goes with its last descriptor, however it ends), so that whoever needs
// its file or its absence waits on the lock (waitForWriter).
static void lockPath(const Reducer *r, char *out, size_t cap) {
  snprintf(out, cap, "%s/check-pre.lock", r->tmpDir);
}

static void waitForWriter(const Reducer *r) {
  char path[300];
  lockPath(r, path, sizeof(path));
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return; // no writer was ever started
  while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
    ;
  close(fd);
}

// Worker side: writes the snapshot in a child that keeps the lock; false
// if none could be started (the caller then writes it itself).
static bool writeInBackground(Reducer *r, const char *snap) {
  char path[300];
  lockPath(r, path, sizeof(path));
  int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 || flock(fd, LOCK_EX) != 0) {
    if (fd >= 0)
      close(fd);
    return false;
  }
  pid_t pid = fork();
  if (pid == 0) {
    if (nice(10) == -1) {
      // At the worker's priority: it only competes more.
    }
    _exit(writeBytecode(mlirModuleGetOperation(r->module), snap) ? 0 : 1);
  }
  close(fd); // the child's descriptor now holds the lock alone
  if (pid < 0)
    return false;
  r->snapWriter = pid;
  return true;
}

void irsReduceSnapshotStep(Reducer *r, intptr_t step) {
  if (step < 2) // step 1's input is the module itself
    return;
  if (r->snapWriter > 0) { // the last step's writer, before its file goes
    while (waitpid(r->snapWriter, NULL, 0) < 0 && errno == EINTR)
      ;
    r->snapWriter = 0;
  }
  char path[300];
  checkSnapPath(r, step - 1, path, sizeof(path));
  unlink(path);
  // A nested step that fails is cut to its function first (failing-symbol,
  // run before pipeline), after which this snapshot is stale: writing it
  // cost 10 of the 13 s of snapshots on the 1M-line module. Should that
  // cut not reproduce, the pipeline strategy runs the steps again instead.
  if (irsReduceStepNoted(r, step))
    return;
  checkSnapPath(r, step, path, sizeof(path));
  if (r->opsNow < kBackgroundSnapOps || !writeInBackground(r, path))
    writeBytecode(mlirModuleGetOperation(r->module), path);
}

void irsReduceSnapshotDrop(Reducer *r) {
  char path[300];
  if (r->checkSnapSteps)
    waitForWriter(r); // else its file could appear after the unlink
  lockPath(r, path, sizeof(path));
  unlink(path);
  for (intptr_t s = 2; r->checkSnapSteps && s <= r->checkSnapSteps; ++s) {
    checkSnapPath(r, s, path, sizeof(path));
    unlink(path);
  }
  r->checkSnapSteps = 0;
}

bool irsReduceSnapshot(Reducer *r, intptr_t steps, const char *path) {
  char kept[300];
  checkSnapPath(r, steps + 1, kept, sizeof(kept));
  bool fresh = r->checkSnapSteps && r->generation == r->checkSnapGeneration;
  if (fresh)
    waitForWriter(r);
  if (fresh && rename(kept, path) == 0)
    return true;
  Snap s = {r, steps, path};
  const IrsWorkerResult *res;
  if (!irsStatusIsOk(irsSupervisorRun(r->sup, snapWorker, &s, &res)))
    return false;
  return res->outcome == IrsWorkerExited && res->exitCode == 0;
}
