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

#include <stdio.h>
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
  IrsInstrumentationOptions o = irsInstrumentationOptionsDefault();
  o.writeFailureReport = false;
  o.threadingEnabled = false;
  o.passRegistry = s->r->opts.passRegistry;
  IrsPassManager pm =
      irsPassManagerCreate(s->r->ctx, s->r->pipeline, &o, NULL, NULL);
  if (irsPassManagerIsNull(pm))
    return 1;
  MlirOperation root = mlirModuleGetOperation(s->r->module);
  bool ok = irsStatusIsOk(irsPassManagerRunSteps(pm, root, 0, s->steps));
  irsPassManagerDestroy(pm);
  return ok && writeBytecode(root, s->path) ? 0 : 1;
}

static void checkSnapPath(const Reducer *r, intptr_t step, char *out,
                          size_t cap) {
  snprintf(out, cap, "%s/check-pre-%ld.mlirbc", r->tmpDir, (long)step);
}

void irsReduceSnapshotStep(Reducer *r, intptr_t step) {
  if (step < 2) // step 1's input is the module itself
    return;
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
  writeBytecode(mlirModuleGetOperation(r->module), path);
}

void irsReduceSnapshotDrop(Reducer *r) {
  char path[300];
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
  if (fresh && rename(kept, path) == 0)
    return true;
  Snap s = {r, steps, path};
  const IrsWorkerResult *res;
  if (!irsStatusIsOk(irsSupervisorRun(r->sup, snapWorker, &s, &res)))
    return false;
  return res->outcome == IrsWorkerExited && res->exitCode == 0;
}
