// SPDX-License-Identifier: Apache-2.0
//===- StrategyRunPasses.c - cleanup passes as candidate edits ------------===//
//
// canonicalize, cse and symbol-dce, each alone, as an edit "run this
// pipeline on the module". The passes are deterministic, so the parent
// running the pipeline after an accepted test gets the module the worker
// tested. The edit only applies when it shrinks the module (fewer
// non-poison ops, or as many and fewer ops in all), so a pipeline that only
// reorders or grows the module costs one cheap test and is never kept.
// The worker applies it as step 0 under the test timeout: a pass that
// crashes or hangs on this module (say the bug is in canonicalize) never
// reaches the reducer's own process, and is not tried again.
// A pipeline that did not help is tried again only once the module has
// shrunk to half: on a small module every retry is a test spent for
// nothing (they rarely start to help), on a large one they are cheap
// insurance.
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

bool irsEditApplyRunPipeline(MlirContext ctx, MlirOperation root,
                             const IrsEdit *e) {
  const char *pipeline = e->runPipeline.pipeline;
  if (!pipeline)
    return false;
  Measure before = measure(root);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  MlirLogicalResult ok = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(pipeline), ignore, NULL);
  if (mlirLogicalResultIsSuccess(ok))
    ok = mlirPassManagerRunOnOp(pm, root);
  mlirPassManagerDestroy(pm);
  if (!mlirLogicalResultIsSuccess(ok))
    return false;
  Measure after = measure(root);
  return after.nonPoison < before.nonPoison ||
         (after.nonPoison == before.nonPoison && after.all < before.all);
}

static const char *const pipelines[] = {
    "builtin.module(canonicalize)",
    "builtin.module(cse)",
    "builtin.module(symbol-dce)",
};

bool irsReduceRunPasses(Reducer *r) {
  enum { N = sizeof(pipelines) / sizeof(pipelines[0]) };
  _Static_assert(N <= sizeof(r->runPassesRetryAt) / sizeof(int64_t),
                 "one retry threshold per pipeline");
  bool any = false;
  for (size_t i = 0; i < N && !r->stop; ++i) {
    if (r->opsNow > r->runPassesRetryAt[i])
      continue;
    IrsEdit e = {.kind = IrsEditRunPipeline, .runPipeline = {pipelines[i]}};
    r->editBroke = false;
    if (irsReduceTryEdit(r, &e)) {
      any = true;
      r->runPassesRetryAt[i] = INT64_MAX;
    } else {
      r->runPassesRetryAt[i] = r->editBroke ? -1 : r->opsNow / 2;
    }
  }
  return any;
}
