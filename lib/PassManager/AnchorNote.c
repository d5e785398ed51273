// SPDX-License-Identifier: Apache-2.0
//===- AnchorNote.c - which op a nested step's pass is about to run on ----===//
//
// A nested step runs its leaf pass once per anchored op (each func.func),
// in MLIR's own loop, and the C API offers no instrumentation that names
// the op. With IrsPassManagerOptions.onAnchorOp set, a pass of ours is
// put right before the leaf, in a nested manager of its own for the same
// anchors, and the leaf is added after it (Build.c): MLIR merges adjacent
// nested managers of the same op before a run, so on each op the note runs and then the leaf, on the same thread,
// and the schedule is otherwise the pipeline's. Nothing of this exists
// when the option is NULL.
//
//===----------------------------------------------------------------------===//
#include "PassManagerImpl.h"

#include <stdlib.h>
#include <string.h>

typedef struct AnchorNote {
  void (*fn)(intptr_t step, MlirOperation op, void *userData);
  void *userData;
  intptr_t step;
} AnchorNote;

// The pass's TypeID: the address of a distinct, 8-byte aligned object.
static const _Alignas(8) char kAnchorNoteTypeId = 0;

static void construct(void *ud) { (void)ud; }
static void destruct(void *ud) { free(ud); }

// MLIR clones the pass once per thread when it runs nested passes in
// parallel; every clone calls the same callback.
static void *clonePass(void *ud) {
  AnchorNote *c = malloc(sizeof(AnchorNote));
  if (c)
    memcpy(c, ud, sizeof(AnchorNote));
  return c;
}

static void run(MlirOperation op, MlirExternalPass pass, void *ud) {
  (void)pass;
  AnchorNote *n = ud;
  if (n)
    n->fn(n->step, op, n->userData);
}

bool irsPmAddAnchorNote(IrsPassManagerImpl *pm, intptr_t i,
                        MlirPassManager mpm) {
  IrsPipeline p = pm->pipeline;
  intptr_t na = irsPipelineGetStepNumAnchors(p, i);
  if (!pm->opts.run.onAnchorOp || na < 2)
    return false;
  MlirStringRef leafAnchor = irsPipelineGetStepAnchor(p, i);
  for (intptr_t d = 1; d < na; ++d) {
    MlirStringRef a = irsPipelineGetStepAnchorAt(p, i, d);
    if (a.length == 3 && memcmp(a.data, "any", 3) == 0)
      return false;
  }
  AnchorNote *n = malloc(sizeof(AnchorNote));
  if (!n)
    return false; // no notes: the step is built as without the option
  *n = (AnchorNote){pm->opts.run.onAnchorOp, pm->opts.run.onAnchorOpUserData, i + 1};
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(mpm);
  for (intptr_t d = 1; d < na; ++d)
    opm = mlirOpPassManagerGetNestedUnder(opm,
                                          irsPipelineGetStepAnchorAt(p, i, d));
  MlirExternalPassCallbacks cbs = {construct, destruct, NULL, clonePass, run};
  MlirStringRef name = mlirStringRefCreateFromCString("irs-anchor-note");
  MlirPass mp = mlirCreateExternalPass(
      mlirTypeIDCreate(&kAnchorNoteTypeId), name, name,
      mlirStringRefCreateFromCString("tells the caller which op the next "
                                     "pass runs on"),
      leafAnchor, 0, NULL, cbs, n);
  mlirOpPassManagerAddOwnedPass(opm, mp);
  return true;
}
