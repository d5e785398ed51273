// SPDX-License-Identifier: Apache-2.0
//===- StrategyRunPasses.c - cleanup passes as candidate edits ------------===//
//
// canonicalize, cse and symbol-dce, each alone, as an edit "run this
// pipeline on the module". The passes are deterministic, so the parent
// running the pipeline after an accepted test gets the module the worker
// tested. Before a test, a probe child runs the pipeline on its
// copy-on-write module and says whether it shrinks it (fewer non-poison
// ops, or as many and fewer ops in all); a pipeline that only reorders or
// grows the module is never tested. The probe also keeps a pass that
// crashes or hangs on this module (say the bug is in canonicalize) away from
// the reducer's own process: the parent runs a pipeline only after a child
// ran it to the end. Progress: the probe's measure.
//
//===----------------------------------------------------------------------===//
#include "ReduceImpl.h"

#include <mlir-c/Pass.h>

#include <stdlib.h>
#include <string.h>

// The pipelines are ours and parse; a parse error would only be dropped.
static void ignore(MlirStringRef s, void *ud) {
  (void)s;
  (void)ud;
}

bool irsEditApplyRunPipeline(MlirContext ctx, MlirOperation root,
                             const IrsEdit *e) {
  if (!e->text)
    return false;
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  MlirLogicalResult ok = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(e->text), ignore, NULL);
  if (mlirLogicalResultIsSuccess(ok))
    ok = mlirPassManagerRunOnOp(pm, root);
  mlirPassManagerDestroy(pm);
  return mlirLogicalResultIsSuccess(ok);
}

typedef struct Measure {
  int64_t nonPoison, all;
} Measure;

static MlirWalkResult measureCb(MlirOperation op, void *ud) {
  Measure *m = ud;
  ++m->all;
  m->nonPoison += !irsEditIsPoison(op);
  return MlirWalkResultAdvance;
}

static Measure measure(MlirOperation root) {
  Measure m = {0, 0};
  mlirOperationWalk(root, measureCb, &m, MlirWalkPreOrder);
  return m;
}

typedef struct Probe {
  Reducer *r;
  const IrsEdit *edit;
} Probe;

enum { kShrinks = 0, kDoesNotShrink = 1 };

static int probe(IrsWorkerChannel ch, void *ud) {
  Probe *p = ud;
  MlirOperation root = mlirModuleGetOperation(p->r->module);
  Measure before = measure(root);
  // Inside a step, so that --test-timeout and the memory limit apply.
  irsWorkerChannelStepBegin(ch, 0, 1);
  if (!irsEditApply(p->r->ctx, root, p->edit))
    return kDoesNotShrink;
  irsWorkerChannelStepEnd(ch, 0, 1);
  Measure after = measure(root);
  bool smaller = after.nonPoison < before.nonPoison ||
                 (after.nonPoison == before.nonPoison && after.all < before.all);
  return smaller ? kShrinks : kDoesNotShrink;
}

static bool shrinks(Reducer *r, const IrsEdit *e) {
  Probe p = {r, e};
  const IrsWorkerResult *res;
  if (!irsStatusIsOk(irsSupervisorRun(r->sup, probe, &p, &res)))
    return false;
  return res->outcome == IrsWorkerExited && res->exitCode == kShrinks;
}

static const char *const pipelines[] = {
    "builtin.module(canonicalize)",
    "builtin.module(cse)",
    "builtin.module(symbol-dce)",
};

bool irsReduceRunPasses(Reducer *r) {
  bool any = false;
  for (size_t i = 0; i < sizeof(pipelines) / sizeof(pipelines[0]) && !r->stop;
       ++i) {
    IrsEdit e = {NULL, 0, IrsEditRunPipeline, 0, 0, 0, 0, pipelines[i]};
    if (shrinks(r, &e) && irsReduceTryEdit(r, &e))
      any = true;
  }
  return any;
}
