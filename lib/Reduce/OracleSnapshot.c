// SPDX-License-Identifier: Apache-2.0
//===- OracleSnapshot.c - the IR going into a step ------------------------===//
//
// The pipeline strategy reduces the pipeline to its failing step and the
// module to the IR that goes into it: a worker runs the steps before it
// and writes the result, so that a crash on the way takes only the worker.
//
//===----------------------------------------------------------------------===//
#include "OracleImpl.h"

#include "../Support/Fs.h"
#include "irscope/Report.h"

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
  if (!ok)
    return 1;
  IrsAtomicFile af;
  if (irsAtomicFileOpen(&af, s->path) != 0)
    return 1;
  // Bytecode: several times faster to write and to parse back than text on
  // big modules, keeps locations, and is exact (no printer round trip).
  mlirOperationWriteBytecode(root, irsAtomicFileStringCallback, &af);
  return irsAtomicFileCommit(&af) == 0 ? 0 : 1;
}

bool irsReduceSnapshot(Reducer *r, intptr_t steps, const char *path) {
  Snap s = {r, steps, path};
  const IrsWorkerResult *res;
  if (!irsStatusIsOk(irsSupervisorRun(r->sup, snapWorker, &s, &res)))
    return false;
  return res->outcome == IrsWorkerExited && res->exitCode == 0;
}
